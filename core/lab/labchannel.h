#pragma once

#include <QByteArray>
#include <QObject>
#include <QString>

class QSocketNotifier;

namespace RaidBench {

/// One byte stream between this process and a virtio-serial port of the lab VM: a Unix socket we
/// listen on and qemu connects to (its `-chardev socket,path=...`). Plain sockets and
/// QSocketNotifier, so core needs no Qt Network.
class LabChannel final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LabChannel)

public:
    explicit LabChannel(QObject* parent = nullptr);
    ~LabChannel() override;

    /// Listens on `path`; returns an error text, empty on success.
    QString listen(const QString& path);
    /// Queues bytes for the peer (sent once it is connected).
    void write(const QByteArray& data);
    /// Sends what is queued, then closes the connection: the guest reads end-of-file.
    void closeAfterWriting();
    /// Reads what the peer sent and we have not delivered yet, waiting at most `timeoutMs` for it.
    QByteArray drain(int timeoutMs);
    void close();

Q_SIGNALS:
    void received(const QByteArray& data);

private:
    void accept();
    void readAvailable();
    void flush();

    int m_listenFd = -1;
    int m_fd = -1;
    QSocketNotifier* m_acceptNotifier = nullptr;
    QSocketNotifier* m_readNotifier = nullptr;
    QSocketNotifier* m_writeNotifier = nullptr;
    QByteArray m_pending;
    bool m_closeWhenFlushed = false;
    QString m_path;
};

} // namespace RaidBench

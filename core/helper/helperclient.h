#pragma once

#include "helper/helperlink.h"
#include "helper/helpertransport.h"
#include "util/result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QObject>
#include <QString>

#include <memory>

namespace RaidBench {

/// The unprivileged side of the helper protocol, asynchronous, with Qt signals, over any
/// HelperTransport: this machine's helper (HelperTransport::forThisMachine(): as a child when root,
/// through pkexec otherwise, or inside the lab VM) or another machine's over OpenSSH (SshTransport).
class HelperClient final : public HelperLink
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HelperClient)

public:
    explicit HelperClient(QObject* parent = nullptr);
    /// Ends the helper's input and waits for it to tear down what it made (the transport's wait).
    ~HelperClient() override;

    /// Opens `transport` and says hello; connected() or closed() follows. A refusal before the helper
    /// answers arrives as closed() with lastError() saying what to do. An Error here means nothing
    /// was started.
    Result<void> start(std::unique_ptr<HelperTransport> transport);

    QString transportName() const override;
    bool isConnected() const { return m_connected; }
    /// Why the connection closed or never opened, with a code (ssh-host-key, ssh-auth, ssh-sudo,
    /// no-helper, ssh-failed, protocol-mismatch); empty while it works.
    Error lastError() const override { return m_lastError; }

    /// Sends a request; the answer arrives as replied() or failed() with the returned id.
    qint64 request(const QString& op, const QJsonObject& args = {}) override;
    void cancel(qint64 id) override;
    /// Says bye and closes the transport; the helper tears down what it made. To another machine
    /// before the helper answered, ends the connection at once.
    void stop() override;

private:
    void send(const QByteArray& line);
    void onData(const QByteArray& data);
    void onLine(const QByteArray& line);
    void onHelloReply(const QJsonObject& body);
    void sayHello();
    /// Closes for `why` and hangs up on the far side.
    void refuse(const Error& why);
    void onClosed(const Error& why);

    std::unique_ptr<HelperTransport> m_transport;
    QByteArray m_buffer;
    qint64 m_nextId = 1;
    qint64 m_helloId = -1;
    bool m_connected = false;
    bool m_sessionBegun = false; ///< a helper accepted our hello, so it may hold a session to tear down
    bool m_closed = false;
    Error m_lastError;
};

} // namespace RaidBench

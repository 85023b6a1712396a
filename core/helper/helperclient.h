#pragma once

#include "helper/helperlink.h"
#include "lab/labmachine.h"
#include "util/result.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QString>

class QProcess;

namespace RaidBench {

/// The unprivileged side of the helper protocol, asynchronous, with Qt signals. It starts the helper
/// over one of three transports: as a direct child when already root, through pkexec otherwise (one
/// polkit prompt for the whole session: auth_admin_keep), or inside the lab VM for virtual disks.
class HelperClient final : public HelperLink
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HelperClient)

public:
    enum class Transport { None, Direct, Pkexec, Lab };

    explicit HelperClient(QObject* parent = nullptr);
    ~HelperClient() override;

    /// The helper binary: $RAIDBENCH_HELPER, beside this program (a build tree), else the installed one.
    static QString helperPath();
    /// Direct when we are root, pkexec otherwise.
    static Transport defaultTransport();

    Result<void> startDirect(const QString& helper = helperPath());
    Result<void> startPkexec(const QString& helper = helperPath());
    /// The helper inside a lab VM with these disks.
    Result<void> startLab(const LabOptions& options);

    Transport transport() const { return m_transport; }
    QString transportName() const override;
    bool isConnected() const { return m_connected; }
    LabMachine* lab() const { return m_lab; }

    /// Sends a request; the answer arrives as replied() or failed() with the returned id.
    qint64 request(const QString& op, const QJsonObject& args = {}) override;
    void cancel(qint64 id) override;
    /// Says bye and closes the transport; the helper tears down what it made.
    void stop() override;

private:
    void send(const QByteArray& line);
    void onData(const QByteArray& data);
    void onLine(const QByteArray& line);
    void sayHello();
    void onClosed(const QString& why);

    Transport m_transport = Transport::None;
    QProcess* m_process = nullptr;
    LabMachine* m_lab = nullptr;
    QByteArray m_buffer;
    qint64 m_nextId = 1;
    qint64 m_helloId = -1;
    bool m_connected = false;
    bool m_closed = false;
    QString m_stderrTail;
    QString m_pkexecTarget;
};

} // namespace RaidBench

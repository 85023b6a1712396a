#pragma once

#include "helper/helperlink.h"
#include "helper/sshtarget.h"
#include "lab/labmachine.h"
#include "util/result.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QString>

class QProcess;
class QTimer;

namespace RaidBench {

/// The unprivileged side of the helper protocol, asynchronous, with Qt signals. It starts the helper
/// over one of four transports: as a direct child when already root, through pkexec otherwise (one
/// polkit prompt for the whole session: auth_admin_keep), inside the lab VM for virtual disks, or on
/// another machine over OpenSSH (the installed helper there, as root or through `sudo -n`).
class HelperClient final : public HelperLink
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HelperClient)

public:
    enum class Transport { None, Direct, Pkexec, Lab, Ssh };

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
    /// The helper installed on `target`, over ssh (no terminal, no password prompt, no host key
    /// accepted silently). A refusal before the helper answers arrives as closed() with lastError()
    /// saying what to do (a key, a known_hosts entry, a sudo rule, the package).
    /// A far side that never answers (a host whose ssh server or helper hangs) is given up after
    /// answerTimeout() seconds: closed(), and lastError() says so with ssh-failed.
    Result<void> startSsh(const SshTarget& target, const QString& remoteHelper = SshTarget::defaultRemoteHelper());
    /// How long startSsh() waits for the helper's first answer (120 s unless set before it).
    void setAnswerTimeout(int seconds) { m_answerTimeoutSeconds = seconds; }
    int answerTimeout() const { return m_answerTimeoutSeconds; }
    static constexpr int defaultAnswerTimeout = 120;

    Transport transport() const { return m_transport; }
    QString transportName() const override;
    bool isConnected() const { return m_connected; }
    LabMachine* lab() const { return m_lab; }
    /// The machine whose disks this is: the ssh target, or empty for this one (and its lab).
    QString remoteHost() const { return m_transport == Transport::Ssh ? m_target.text() : QString(); }
    /// Why the connection closed or never opened, with a code (ssh-host-key, ssh-auth, ssh-sudo,
    /// no-helper, ssh-failed, protocol-mismatch); empty while it works.
    Error lastError() const override { return m_lastError; }

    /// Sends a request; the answer arrives as replied() or failed() with the returned id.
    qint64 request(const QString& op, const QJsonObject& args = {}) override;
    void cancel(qint64 id) override;
    /// Says bye and closes the transport; the helper tears down what it made. Over ssh before the
    /// helper answered, ends ssh at once.
    void stop() override;

private:
    Result<void> startProcess(const QString& program, const QStringList& arguments);
    void onFinished(int code, bool crashed);
    /// Ends a connection this client refused: a helper whose session began gets the end of its input
    /// and 10 s to tear down what it made; anything else (no session yet, or not a helper at all) is
    /// killed at once, so a far side that sleeps does not keep the user waiting.
    void hangUp();
    void send(const QByteArray& line);
    void onData(const QByteArray& data);
    void onLine(const QByteArray& line);
    void sayHello();
    void onClosed(const QString& why, const QString& code = {});
    void onNoAnswer();

    Transport m_transport = Transport::None;
    QProcess* m_process = nullptr;
    LabMachine* m_lab = nullptr;
    QByteArray m_buffer;
    qint64 m_nextId = 1;
    qint64 m_helloId = -1;
    bool m_connected = false;
    bool m_sessionBegun = false; ///< a helper accepted our hello, so it may hold a session to tear down
    bool m_hungUp = false; ///< this client refused the far side (hangUp())
    bool m_closed = false;
    QString m_stderrTail;
    QString m_pkexecTarget;
    SshTarget m_target;
    QString m_remoteHelper;
    Error m_lastError;
    int m_answerTimeoutSeconds = defaultAnswerTimeout;
    QTimer* m_answerDeadline = nullptr; ///< ssh only, until the helper's first answer
};

} // namespace RaidBench

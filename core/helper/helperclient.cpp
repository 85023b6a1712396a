#include "helper/helperclient.h"

#include "helper/helperprotocol.h"
#include "helper/messages.h"
#include "util/errorcodes.h"
#include "version.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonDocument>
#include <QPointer>
#include <QProcess>
#include <QStandardPaths>
#include <QTimer>

#include <algorithm>
#include <unistd.h>

namespace RaidBench {

HelperClient::HelperClient(QObject* parent)
    : HelperLink(parent)
{
    qRegisterMetaType<RaidBench::Error>();
}

HelperClient::~HelperClient()
{
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->disconnect(this);
        m_process->closeWriteChannel(); // EOF: the helper tears its session down
        // A helper tearing down its arrays may take minutes; a far side this client refused gets the
        // grace hangUp() gave it.
        if (!m_process->waitForFinished(m_hungUp ? 10000 : 120000)) {
            m_process->kill();
            m_process->waitForFinished(5000);
        }
    }
}

QString HelperClient::helperPath()
{
    const QString fromEnvironment = qEnvironmentVariable("RAIDBENCH_HELPER");
    if (!fromEnvironment.isEmpty()) {
        return fromEnvironment;
    }
    // The build tree (bin/ holds everything), then an installed tree wherever it was installed
    // (bin/../libexec/raidbench), then the prefix compiled in.
    const QString dir = QCoreApplication::applicationDirPath();
    for (const QString& candidate :
         {QString(dir + QStringLiteral("/raidbench-helper")),
          QFileInfo(dir + QStringLiteral("/../libexec/raidbench/raidbench-helper")).absoluteFilePath()}) {
        if (QFileInfo(candidate).isExecutable()) {
            return candidate;
        }
    }
    return QStringLiteral(RAIDBENCH_INSTALL_LIBEXECDIR "/raidbench/raidbench-helper");
}

HelperClient::Transport HelperClient::defaultTransport()
{
    return geteuid() == 0 ? Transport::Direct : Transport::Pkexec;
}

QString HelperClient::transportName() const
{
    switch (m_transport) {
    case Transport::Direct:
        return QStringLiteral("root");
    case Transport::Pkexec:
        return QStringLiteral("pkexec");
    case Transport::Lab:
        return QStringLiteral("lab");
    case Transport::Ssh:
        return QStringLiteral("ssh");
    case Transport::None:
        break;
    }
    return QStringLiteral("none");
}

Result<void> HelperClient::startDirect(const QString& helper)
{
    if (!QFileInfo(helper).isExecutable()) {
        return makeError(ErrorCode::noHelper,
                         QStringLiteral("the helper %1 is not installed (install the raidbench-cli "
                                        "package, or build it)")
                             .arg(helper));
    }
    m_transport = Transport::Direct;
    return startProcess(helper, m_pkexecTarget.isEmpty() ? QStringList() : QStringList {m_pkexecTarget});
}

Result<void> HelperClient::startSsh(const SshTarget& target, const QString& remoteHelper)
{
    if (target.host.isEmpty() || target.host.startsWith(QLatin1Char('-'))) {
        return makeError(ErrorCode::badHost, QStringLiteral("no host to connect to"));
    }
    if (auto plain = SshTarget::checkRemoteHelper(remoteHelper); !plain) {
        return plain;
    }
    const QString ssh = SshTarget::sshProgram();
    if (ssh.isEmpty()) {
        return makeError(ErrorCode::noSsh,
                         QStringLiteral("ssh is not installed here; install the Debian package openssh-client"));
    }
    m_transport = Transport::Ssh;
    m_target = target;
    m_remoteHelper = remoteHelper;
    auto started = startProcess(ssh, target.sshArguments(remoteHelper));
    if (started) {
        // ssh's ConnectTimeout covers a host that does not accept the connection; nothing of ssh's
        // covers one that accepts it and then hangs (a stuck login, sudo or helper).
        m_answerDeadline = new QTimer(this);
        m_answerDeadline->setSingleShot(true);
        connect(m_answerDeadline, &QTimer::timeout, this, &HelperClient::onNoAnswer);
        m_answerDeadline->start(std::max(1, m_answerTimeoutSeconds) * 1000);
    }
    return started;
}

void HelperClient::onNoAnswer()
{
    if (m_closed || m_connected) {
        return;
    }
    const QString said = m_stderrTail.trimmed().section(QLatin1Char('\n'), -1).trimmed();
    onClosed(QStringLiteral("%1: no answer within %2 s of connecting: the host, its ssh server or the helper there "
                            "is not responding%3")
                 .arg(m_target.text(), QString::number(m_answerTimeoutSeconds),
                      said.isEmpty() ? QString() : QStringLiteral(" (ssh said: %1)").arg(said.left(300))),
             ErrorCode::sshFailed);
    hangUp();
}

Result<void> HelperClient::startProcess(const QString& program, const QStringList& arguments)
{
    m_process = new QProcess(this);
    m_process->setProgram(program);
    m_process->setArguments(arguments);
    if (m_transport == Transport::Ssh) {
        // Its own process group: a Ctrl-C on the terminal reaches us, and we cancel and tear down
        // over the connection, instead of the terminal killing ssh under a running campaign.
        m_process->setChildProcessModifier([] { ::setpgid(0, 0); });
    }
    connect(m_process, &QProcess::readyReadStandardOutput, this,
            [this] { onData(m_process->readAllStandardOutput()); });
    connect(m_process, &QProcess::readyReadStandardError, this, [this] {
        const QString text = QString::fromLocal8Bit(m_process->readAllStandardError());
        m_stderrTail = QString(m_stderrTail + text).right(4000);
        for (const QString& line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            Q_EMIT logLine(m_transport == Transport::Ssh ? QStringLiteral("%1: %2").arg(m_target.text(), line) : line);
        }
    });
    connect(m_process, &QProcess::finished, this,
            [this](int code, QProcess::ExitStatus status) { onFinished(code, status == QProcess::CrashExit); });
    m_process->start();
    if (!m_process->waitForStarted(10000)) {
        return makeError(m_transport == Transport::Ssh ? ErrorCode::noSsh : ErrorCode::noHelper,
                         QStringLiteral("cannot start %1: %2").arg(program, m_process->errorString()));
    }
    sayHello();
    return {};
}

void HelperClient::onFinished(int code, bool crashed)
{
    // What is still unread on stderr says why (ssh's and sudo's complaints come last).
    m_stderrTail = QString(m_stderrTail + QString::fromLocal8Bit(m_process->readAllStandardError())).right(4000);
    if (m_transport == Transport::Ssh) {
        if (!m_connected && m_buffer.trimmed().isEmpty()) {
            // It never answered: what ssh, sudo or the shell said is the reason.
            const Error error = m_target.explainFailure(m_remoteHelper, code, m_stderrTail);
            onClosed(error.message, error.code);
            return;
        }
        if (!m_buffer.isEmpty()) {
            onClosed(QStringLiteral("%1: the helper stopped in the middle of a message (%2 bytes without an end)")
                         .arg(m_target.text(), QString::number(m_buffer.size())),
                     ErrorCode::sshFailed);
            return;
        }
        const QString tail = m_stderrTail.trimmed().section(QLatin1Char('\n'), -1).trimmed();
        onClosed(
            QStringLiteral("%1: the connection ended (ssh exited with code %2)%3")
                .arg(m_target.text(), QString::number(code), tail.isEmpty() ? QString() : QStringLiteral(": ") + tail),
            ErrorCode::sshFailed);
        return;
    }
    QString why =
        crashed ? QStringLiteral("the helper crashed") : QStringLiteral("the helper exited with code %1").arg(code);
    if (m_transport == Transport::Pkexec && !m_connected && (code == 126 || code == 127)) {
        why = code == 126 ? QStringLiteral("authorisation was refused or cancelled (pkexec)")
                          : QStringLiteral("pkexec could not start the helper (not authorised, or no polkit agent)");
    }
    const QString tail = m_stderrTail.trimmed().section(QLatin1Char('\n'), -1);
    onClosed(tail.isEmpty() ? why : QStringLiteral("%1: %2").arg(why, tail));
}

Result<void> HelperClient::startPkexec(const QString& helper)
{
    const QString pkexec = QStandardPaths::findExecutable(QStringLiteral("pkexec"));
    if (pkexec.isEmpty()) {
        return makeError(ErrorCode::noPkexec,
                         QStringLiteral("pkexec is not installed; install the Debian package pkexec "
                                        "(or run RaidBench as root)"));
    }
    if (!QFileInfo(helper).isExecutable()) {
        return makeError(ErrorCode::noHelper,
                         QStringLiteral("the helper %1 is not installed (install the raidbench-cli "
                                        "package, or build it)")
                             .arg(helper));
    }
    // pkexec runs exactly the installed path the polkit policy names.
    m_pkexecTarget = helper;
    auto started = startDirect(pkexec);
    if (!started) {
        return started;
    }
    m_transport = Transport::Pkexec;
    return {};
}

Result<void> HelperClient::startLab(const LabOptions& options)
{
    m_transport = Transport::Lab;
    m_lab = new LabMachine(options, this);
    connect(m_lab, &LabMachine::standardOutput, this, &HelperClient::onData);
    connect(m_lab, &LabMachine::standardError, this, [this](const QByteArray& data) {
        for (const QString& line : QString::fromLocal8Bit(data).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            Q_EMIT logLine(line);
        }
    });
    connect(m_lab, &LabMachine::progress, this, &HelperClient::logLine);
    connect(m_lab, &LabMachine::finished, this,
            [this](int code) { onClosed(QStringLiteral("the lab helper exited with code %1").arg(code)); });
    connect(m_lab, &LabMachine::failed, this, [this](const Error& error) { onClosed(error.message); });
    auto started = m_lab->start({QStringLiteral("raidbench-helper")});
    if (!started) {
        return started;
    }
    sayHello();
    return {};
}

void HelperClient::sayHello()
{
    m_helloId = request(
        Messages::Op::hello,
        Messages::Hello {HelperProtocol::version, QStringLiteral("raidbench %1").arg(QStringLiteral(RAIDBENCH_VERSION))}
            .toJson());
}

qint64 HelperClient::request(const QString& op, const QJsonObject& args)
{
    const qint64 id = m_nextId++;
    send(HelperProtocol::encodeRequest(id, op, args));
    return id;
}

void HelperClient::cancel(qint64 id)
{
    request(Messages::Op::cancel, Messages::cancelArgs(id));
}

void HelperClient::stop()
{
    if (m_closed) {
        return;
    }
    if (m_transport == Transport::Ssh && !m_sessionBegun) {
        // Nothing of ours to tear down there yet, and a far side that never answered would keep ssh
        // (and whoever waits for it) open for as long as it hangs.
        hangUp();
        return;
    }
    request(Messages::Op::bye);
    if (m_process) {
        m_process->closeWriteChannel();
    } else if (m_lab) {
        m_lab->closeStdin();
    }
}

void HelperClient::hangUp()
{
    if (!m_process || m_process->state() == QProcess::NotRunning) {
        return;
    }
    m_hungUp = true;
    // End of input: a helper tears down what it made and exits; anything else is killed soon after,
    // or at once when no helper session ever began there.
    m_process->closeWriteChannel();
    if (!m_sessionBegun) {
        m_process->kill();
        return;
    }
    QPointer<QProcess> process = m_process;
    QTimer::singleShot(10000, this, [process] {
        if (process && process->state() != QProcess::NotRunning) {
            process->kill();
        }
    });
}

void HelperClient::send(const QByteArray& line)
{
    if (m_process) {
        m_process->write(line);
    } else if (m_lab) {
        m_lab->writeStdin(line);
    }
}

void HelperClient::onData(const QByteArray& data)
{
    if (m_closed) {
        return; // a closed connection's late lines are not answers
    }
    const qsizetype searchFrom = m_buffer.size();
    m_buffer += data;
    qsizetype newline = m_buffer.indexOf('\n', searchFrom);
    while (newline >= 0) {
        const QByteArray line = m_buffer.left(newline);
        m_buffer.remove(0, newline + 1);
        if (!line.trimmed().isEmpty()) {
            onLine(line);
        }
        if (m_closed) {
            m_buffer.clear();
            return;
        }
        newline = m_buffer.indexOf('\n');
    }
    if (m_buffer.size() > HelperProtocol::maxLineBytes) {
        // No helper writes a line this long: a far side that does would only fill our memory.
        onClosed(QStringLiteral("%1the helper sent a line longer than %2 MiB")
                     .arg(m_transport == Transport::Ssh ? m_target.text() + QStringLiteral(": ") : QString(),
                          QString::number(HelperProtocol::maxLineBytes >> 20)),
                 ErrorCode::sshFailed);
        m_buffer.clear();
        hangUp();
    }
}

void HelperClient::onLine(const QByteArray& line)
{
    const HelperProtocol::Incoming message = HelperProtocol::parseIncoming(line);
    switch (message.kind) {
    case HelperProtocol::Incoming::Kind::Invalid:
        if (m_transport == Transport::Ssh) {
            // Over ssh only the helper writes to stdout: anything else means the far side is not
            // (or no longer) a RaidBench helper, and this host fails; the others go on.
            onClosed(QStringLiteral("%1: the far side sent something that is not the helper protocol: %2")
                         .arg(m_target.text(), QString::fromUtf8(line.left(200)).trimmed()),
                     ErrorCode::sshFailed);
            hangUp();
            return;
        }
        Q_EMIT logLine(QString::fromUtf8(line.left(500)));
        return;
    case HelperProtocol::Incoming::Kind::Event:
        Q_EMIT eventReceived(message.id, message.event, message.body);
        return;
    case HelperProtocol::Incoming::Kind::Reply:
        if (message.id == m_helloId) {
            const Messages::HelloReply hello = Messages::HelloReply::fromJson(message.body);
            if (hello.protocol != HelperProtocol::version) {
                // Both ends check: a helper that accepted our hello but speaks another version is
                // refused here, with both versions named.
                const QString where =
                    m_transport == Transport::Ssh ? m_target.text() + QStringLiteral(": ") : QString();
                onClosed(QStringLiteral("%1the helper there is RaidBench %2 (protocol %3), this is RaidBench %4 "
                                        "(protocol %5); install the same version on both")
                             .arg(where,
                                  hello.raidbenchVersion.isEmpty() ? QStringLiteral("?") : hello.raidbenchVersion,
                                  QString::number(hello.protocol), QStringLiteral(RAIDBENCH_VERSION),
                                  QString::number(HelperProtocol::version)),
                         ErrorCode::protocolMismatch);
                hangUp();
                return;
            }
            m_connected = true;
            m_sessionBegun = true;
            if (m_answerDeadline) {
                m_answerDeadline->stop();
            }
            Q_EMIT connected(hello);
        }
        Q_EMIT replied(message.id, message.body);
        return;
    case HelperProtocol::Incoming::Kind::Failure:
        if (message.id == m_helloId) {
            const QString where = m_transport == Transport::Ssh ? m_target.text() + QStringLiteral(": ") : QString();
            onClosed(QStringLiteral("%1the helper refused the handshake: %2 (this is RaidBench %3)")
                         .arg(where, message.error.message, QStringLiteral(RAIDBENCH_VERSION)),
                     message.error.code);
            hangUp();
        }
        Q_EMIT failed(message.id, message.error);
        return;
    }
}

void HelperClient::onClosed(const QString& why, const QString& code)
{
    if (m_closed) {
        return;
    }
    m_lastError = Error {code.isEmpty() ? ErrorCode::noHelper : code, why};
    m_closed = true;
    if (m_answerDeadline) {
        m_answerDeadline->stop();
    }
    m_connected = false;
    Q_EMIT closed(why);
}

} // namespace RaidBench

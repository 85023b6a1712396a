#include "helper/sshtransport.h"

#include "util/errorcodes.h"

#include <QTimer>

#include <algorithm>

namespace RaidBench {

SshTransport::SshTransport(SshTarget target, QString remoteHelper, int answerTimeoutSeconds, QObject* parent)
    : ProcessTransport(parent)
    , m_target(std::move(target))
    , m_remoteHelper(std::move(remoteHelper))
    , m_answerTimeoutSeconds(std::max(1, answerTimeoutSeconds))
{ }

Result<void> SshTransport::open()
{
    if (m_target.host.isEmpty() || m_target.host.startsWith(QLatin1Char('-'))) {
        return makeError(ErrorCode::badHost, QStringLiteral("no host to connect to"));
    }
    if (auto plain = SshTarget::checkRemoteHelper(m_remoteHelper); !plain) {
        return plain;
    }
    const QString ssh = SshTarget::sshProgram();
    if (ssh.isEmpty()) {
        return makeError(ErrorCode::noSsh,
                         QStringLiteral("ssh is not installed here; install the Debian package openssh-client"));
    }
    auto started = start({ssh, m_target.sshArguments(m_remoteHelper), true, ErrorCode::noSsh});
    if (started) {
        m_answerDeadline = new QTimer(this);
        m_answerDeadline->setSingleShot(true);
        connect(m_answerDeadline, &QTimer::timeout, this, &SshTransport::onNoAnswer);
        m_answerDeadline->start(m_answerTimeoutSeconds * 1000);
    }
    return started;
}

void SshTransport::stopWaiting()
{
    if (m_answerDeadline) {
        m_answerDeadline->stop();
    }
}

void SshTransport::onNoAnswer()
{
    const QString said = lastStderrLine();
    Q_EMIT failed(Error {ErrorCode::sshFailed,
                         QStringLiteral("%1: no answer within %2 s of connecting: the host, its ssh server or the "
                                        "helper there is not responding%3")
                             .arg(m_target.text(), QString::number(m_answerTimeoutSeconds),
                                  said.isEmpty() ? QString() : QStringLiteral(" (ssh said: %1)").arg(said.left(300)))});
}

Error SshTransport::explainEnding(const Ending& ending) const
{
    if (!ending.answered && ending.unfinished.trimmed().isEmpty()) {
        // It never answered: what ssh, sudo or the shell said is the reason.
        return m_target.explainFailure(m_remoteHelper, ending.exitCode, stderrTail());
    }
    if (!ending.unfinished.isEmpty()) {
        return Error {ErrorCode::sshFailed,
                      QStringLiteral("%1: the helper stopped in the middle of a message (%2 bytes without an end)")
                          .arg(m_target.text(), QString::number(ending.unfinished.size()))};
    }
    const QString tail = lastStderrLine();
    return Error {ErrorCode::sshFailed,
                  QStringLiteral("%1: the connection ended (ssh exited with code %2)%3")
                      .arg(m_target.text(), QString::number(ending.exitCode),
                           tail.isEmpty() ? QString() : QStringLiteral(": ") + tail)};
}

} // namespace RaidBench

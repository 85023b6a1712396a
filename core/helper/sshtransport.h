#pragma once

#include "helper/processtransport.h"
#include "helper/sshtarget.h"

class QTimer;

namespace RaidBench {

/// The helper installed on another machine, over OpenSSH: no terminal, no password prompt, no host
/// key accepted silently, the helper run as root or through `sudo -n`. A refusal before the helper
/// answers is explained from what ssh, sudo or the shell said (a key, a known_hosts entry, a sudo
/// rule, the package). ssh's ConnectTimeout covers a host that does not accept the connection;
/// nothing of ssh's covers one that accepts it and then hangs (a stuck login, sudo or helper), so a
/// far side that gives no first answer within the answer timeout fails with ssh-failed.
class SshTransport final : public ProcessTransport
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SshTransport)

public:
    static constexpr int defaultAnswerTimeout = 120;

    SshTransport(SshTarget target, QString remoteHelper = SshTarget::defaultRemoteHelper(),
                 int answerTimeoutSeconds = defaultAnswerTimeout, QObject* parent = nullptr);

    QString name() const override { return QStringLiteral("ssh"); }
    Result<void> open() override;
    void stopWaiting() override;
    bool remote() const override { return true; }
    QString where() const override { return m_target.text() + QStringLiteral(": "); }
    Error explainEnding(const Ending& ending) const override;

    const SshTarget& target() const { return m_target; }
    int answerTimeout() const { return m_answerTimeoutSeconds; }

private:
    void onNoAnswer();

    SshTarget m_target;
    QString m_remoteHelper;
    int m_answerTimeoutSeconds;
    QTimer* m_answerDeadline = nullptr;
};

} // namespace RaidBench

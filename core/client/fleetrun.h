#pragma once

#include "client/hostcampaign.h"
#include "helper/helperlink.h"
#include "helper/sshtarget.h"
#include "plan/campaignplan.h"
#include "util/result.h"

#include <QList>
#include <QObject>
#include <QStringList>

#include <functional>
#include <memory>
#include <vector>

namespace RaidBench {

/// One plan on several machines, each through its own helper (over ssh for the CLI): every machine
/// connects and resolves the plan's disks, one confirmation covers them all, then at most `parallel`
/// campaigns run at once, each to its own results file. A machine that fails, loses its connection
/// or refuses leaves the others running; its file keeps what it measured. The CLI prints what the
/// hosts say; tests drive it with scripted helpers.
class FleetRun final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FleetRun)

public:
    /// Starts the helper of one machine: a link that will say hello, or why it cannot.
    using LinkFactory = std::function<Result<std::unique_ptr<HelperLink>>(const SshTarget& target)>;
    /// Asked once, when every machine is ready or has ended: true to run on the ready ones.
    using Confirm = std::function<bool(const QList<const HostCampaign*>& ready)>;

    struct Options
    {
        int parallel = 4; ///< campaigns running at once
        int answerTimeoutSeconds = 120; ///< for each machine, to log in, start its helper and list its disks
        QString fallbackDirectory; ///< where a results file goes when its own cannot be written
    };

    /// `outputs`: one results file per target, in the same order.
    FleetRun(const CampaignPlan& plan, const QList<SshTarget>& targets, const QStringList& outputs,
             LinkFactory linkFactory, Confirm confirm, Options options, QObject* parent = nullptr);
    ~FleetRun() override;

    /// The machines, in the order of the targets; connect to their signals before start().
    QList<HostCampaign*> hosts() const;
    /// Starts every machine's helper. finished() follows once every machine has ended, never
    /// within this call.
    void start();
    /// Stops every campaign (each keeps what it measured) and runs no other.
    void cancel();

    bool isFinished() const { return m_finished; }
    /// The confirmation was refused: nothing ran.
    bool declined() const { return m_declined; }

Q_SIGNALS:
    void finished();

private:
    /// Asks for the confirmation once every machine is past connecting, starts what `parallel`
    /// allows, and says finished() when all have ended.
    void schedule();
    void scheduleLater();
    bool confirmOnce();

    std::vector<std::unique_ptr<HostCampaign>> m_hosts;
    LinkFactory m_linkFactory;
    Confirm m_confirm;
    Options m_options;
    bool m_confirmed = false;
    bool m_declined = false;
    bool m_cancelling = false;
    bool m_finished = false;
    bool m_scheduled = false;
};

} // namespace RaidBench

#pragma once

#include "disks/confirmeddisk.h"

#include <QList>
#include <QString>

#include <memory>

namespace RaidBench {
struct CampaignPlan;
}

namespace RaidBench::Cli {

struct PlanRunFlags
{
    bool yes = false; ///< do not ask before destroying data (a plan that writes nothing never asks)
    bool quiet = false;
    bool resume = false;
    bool viaHelper = false; ///< as root too, through raidbench-helper
    bool summary = true; ///< the summary on stdout (false: on stderr, for a caller that prints its own)
    /// Set: the disks as the user confirmed them, shared by the runs of one command (the quick answer's
    /// builds after its measurement). Empty: the run asks (or takes --yes) and fills it; filled: the run
    /// asks nothing and its disks must be the very ones confirmed then.
    std::shared_ptr<QList<ConfirmedDisk>> confirmed;
};
/// Runs `plan` on this machine's disks, in this process as root or through the helper otherwise,
/// saving to `out` after every measurement; prints progress and a summary. Returns the exit code.
/// `run`, `answer`, `disks --surface` and `lab demo` run their plans through it.
int runPlan(const CampaignPlan& plan, const QString& out, const PlanRunFlags& flags);

} // namespace RaidBench::Cli

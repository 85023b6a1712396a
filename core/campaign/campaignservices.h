#pragma once

#include "arrays/buildexecutor.h"
#include "campaign/campaignprogress.h"
#include "campaign/campaignsystem.h"
#include "disks/pinneddevice.h"
#include "engine/ioengine.h"
#include "results/sustainedwrite.h"
#include "util/result.h"

#include <QString>

#include <atomic>

namespace RaidBench {

/// What the parts of a campaign (the disks' baselines and patterns, one build's run, its failure drill)
/// ask of the campaign they run in: the machine, the plan's pinned disks, an engine run with its progress
/// reported, progress, saving the results, and the commands run. CampaignRunner is it; each part gets it
/// in its Context.
class CampaignServices
{
public:
    virtual ~CampaignServices() = default;
    /// The machine the campaign measures on.
    virtual const CampaignSystem& machine() const = 0;
    /// The pin of a plan disk (by the path the plan names it with, or its node), or null.
    virtual const PinnedDevice* pinOf(const QString& path) const = 0;
    /// One engine run with its progress reported; with a watch, stopped once the rate settled.
    virtual IoResult runJob(const IoJob& job, CampaignProgress progress, const std::atomic_bool* cancel,
                            SettleWatch* settle = nullptr) = 0;
    virtual void report(CampaignProgress progress) = 0;
    /// The results written now (a failure has sent them elsewhere already, and says so).
    virtual Result<void> save() = 0;
    /// save() after a test: a failure is reported, and the next save tries again.
    virtual void saveAfterTest() = 0;
    /// A command a build, a teardown or a drill ran, with its output.
    virtual void commandLogged(const StepLog& log) = 0;
};

} // namespace RaidBench

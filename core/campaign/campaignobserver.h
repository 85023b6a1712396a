#pragma once

#include "arrays/buildexecutor.h"
#include "campaign/campaignprogress.h"
#include "results/campaignresults.h"

namespace RaidBench {

/// Who follows a campaign as it runs (the helper streams it to its client, the CLI prints it). Each is
/// called on the campaign's thread; each does nothing unless overridden.
class CampaignObserver
{
public:
    virtual ~CampaignObserver() = default;
    virtual void progressed(const CampaignProgress& progress) { Q_UNUSED(progress) }
    /// A command a build, a teardown or a drill ran, with its output.
    virtual void commandLogged(const StepLog& log) { Q_UNUSED(log) }
    /// After every save: the results as written.
    virtual void saved(const CampaignResults& results) { Q_UNUSED(results) }
};

} // namespace RaidBench

#pragma once

#include "campaign/campaignservices.h"
#include "plan/campaignplan.h"
#include "results/campaignresults.h"

#include <QStringList>

#include <atomic>

namespace RaidBench {

/// The md arrays of the build being measured, and what comes before each of its tests while one of
/// them resyncs or recovers: a wait until it is done (said in the progress, with how far md is), or, as
/// the plan may say, a label on the test instead.
class QuietArrays
{
public:
    QuietArrays(CampaignServices& campaign, ResyncPolicy policy);

    /// The build's md arrays by their kernel names (md127); none between builds.
    void setArrays(QStringList kernelNames) { m_arrays = std::move(kernelNames); }
    /// Before `result`'s test: true once no array works (or the test is labelled); false when cancelled.
    bool wait(TestResult& result, CampaignProgress progress, const std::atomic_bool* cancel) const;

private:
    CampaignServices& m_campaign;
    ResyncPolicy m_policy;
    QStringList m_arrays;
};

} // namespace RaidBench

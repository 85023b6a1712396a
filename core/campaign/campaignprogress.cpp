#include "campaign/campaignprogress.h"

#include "util/enumwords.h"

namespace RaidBench {

namespace {

constexpr EnumWords<CampaignPhase, 7> phaseWords {{{CampaignPhase::Baseline, "baseline"},
                                                   {CampaignPhase::Build, "build"},
                                                   {CampaignPhase::Test, "test"},
                                                   {CampaignPhase::Teardown, "teardown"},
                                                   {CampaignPhase::Drill, "drill"},
                                                   {CampaignPhase::Save, "save"},
                                                   {CampaignPhase::Done, "done"}}};

} // namespace

QString campaignPhaseName(CampaignPhase phase)
{
    return enumWord(phaseWords, phase);
}

std::optional<CampaignPhase> parseCampaignPhase(const QString& name)
{
    return enumFromWord(phaseWords, name);
}

} // namespace RaidBench

#include "campaign/campaignprogress.h"

#include <array>
#include <utility>

namespace RaidBench {

namespace {

constexpr std::array<std::pair<CampaignPhase, const char*>, 7> phaseWords {{{CampaignPhase::Baseline, "baseline"},
                                                                            {CampaignPhase::Build, "build"},
                                                                            {CampaignPhase::Test, "test"},
                                                                            {CampaignPhase::Teardown, "teardown"},
                                                                            {CampaignPhase::Drill, "drill"},
                                                                            {CampaignPhase::Save, "save"},
                                                                            {CampaignPhase::Done, "done"}}};

} // namespace

QString campaignPhaseName(CampaignPhase phase)
{
    for (const auto& [value, word] : phaseWords) {
        if (value == phase) {
            return QLatin1String(word);
        }
    }
    return {};
}

std::optional<CampaignPhase> parseCampaignPhase(const QString& name)
{
    for (const auto& [value, word] : phaseWords) {
        if (name == QLatin1String(word)) {
            return value;
        }
    }
    return std::nullopt;
}

} // namespace RaidBench

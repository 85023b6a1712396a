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

QString withStall(const QString& message, const QString& target, std::uint64_t stalledNs)
{
    constexpr std::uint64_t reportAfterNs = 30'000'000'000ull;
    if (stalledNs < reportAfterNs) {
        return message;
    }
    const std::uint64_t seconds = stalledNs / 10'000'000'000ull * 10;
    return QStringLiteral("%1 - no I/O on %2 has completed for %3 s: a disk is not answering (the run waits for it, "
                          "or for the kernel to give up on it)")
        .arg(message, target)
        .arg(seconds);
}

} // namespace RaidBench

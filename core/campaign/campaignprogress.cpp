#include "campaign/campaignprogress.h"

#include "engine/ioresult.h"
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

void CampaignProgress::follow(const IoProgress& io, const QString& text, const QString& target)
{
    fraction = io.fraction;
    liveBwBytes = io.currentBwBytes;
    constexpr std::uint64_t reportAfterNs = 30'000'000'000ull;
    if (io.stalledNs < reportAfterNs) {
        message = text;
        return;
    }
    const std::uint64_t seconds = io.stalledNs / 10'000'000'000ull * 10;
    message = QStringLiteral("%1 - no I/O on %2 has completed for %3 s: a disk is not answering (the run waits for "
                             "it, or for the kernel to give up on it)")
                  .arg(text, target)
                  .arg(seconds);
}

} // namespace RaidBench

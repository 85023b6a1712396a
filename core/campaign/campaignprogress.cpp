#include "campaign/campaignprogress.h"

#include "engine/ioresult.h"
#include "util/enumwords.h"

#include <QCoreApplication>

namespace RaidBench {

namespace {

constexpr EnumWords<CampaignPhase, 7> phaseWords {{{CampaignPhase::Baseline, "baseline"},
                                                   {CampaignPhase::Build, "build"},
                                                   {CampaignPhase::Test, "test"},
                                                   {CampaignPhase::Teardown, "teardown"},
                                                   {CampaignPhase::Drill, "drill"},
                                                   {CampaignPhase::Save, "save"},
                                                   {CampaignPhase::Done, "done"}}};

QString stallText(Audience audience, const QString& base, const QString& target, int seconds)
{
    return fillTemplate(
        phrase(audience, "CampaignProgress",
               QT_TRANSLATE_NOOP("CampaignProgress",
                                 "%1 - no I/O on %2 has completed for %3 s: a disk is not answering (the "
                                 "run waits for it, or for the kernel to give up on it)")),
        {base, target, QString::number(seconds)});
}

} // namespace

QString campaignPhaseName(CampaignPhase phase)
{
    return enumWord(phaseWords, phase);
}

std::optional<CampaignPhase> parseCampaignPhase(const QString& name)
{
    return enumFromWord(phaseWords, name);
}

void CampaignProgress::say(const char* english, const QStringList& args)
{
    messageTemplate = QString::fromUtf8(english);
    messageArgs = args;
    message = fillTemplate(messageTemplate, messageArgs);
    stalledSeconds = 0;
    stalledTarget.clear();
}

QString CampaignProgress::text(Audience audience) const
{
    if (audience == Audience::File || messageTemplate.isEmpty()) {
        return message;
    }
    const QString base = fillPhrase(audience, "CampaignProgress", messageTemplate, messageArgs);
    return stalledSeconds > 0 ? stallText(audience, base, stalledTarget, stalledSeconds) : base;
}

void CampaignProgress::follow(const IoProgress& io, const QString& target)
{
    fraction = io.fraction;
    liveBwBytes = io.currentBwBytes;
    constexpr std::uint64_t reportAfterNs = 30'000'000'000ull;
    const QString base = fillTemplate(messageTemplate, messageArgs);
    if (io.stalledNs < reportAfterNs) {
        message = base;
        stalledSeconds = 0;
        stalledTarget.clear();
        return;
    }
    stalledSeconds = int(io.stalledNs / 10'000'000'000ull * 10);
    stalledTarget = target;
    message = stallText(Audience::File, base, target, stalledSeconds);
}

} // namespace RaidBench

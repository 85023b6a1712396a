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

/// The longest message filled(): a template and its arguments come from the helper, and a template that
/// repeats one long argument must not grow without end.
constexpr qsizetype maxFilled = 4096;

/// `pattern` with each %1..%9 replaced by that argument, in one pass: an argument that itself holds "%2"
/// stays as it is. A marker without its argument stays too. At most maxFilled characters.
QString filled(const QString& pattern, const QStringList& args)
{
    QString out;
    out.reserve(pattern.size() + 32);
    for (qsizetype i = 0; i < pattern.size() && out.size() < maxFilled; ++i) {
        const QChar c = pattern.at(i);
        if (c == QLatin1Char('%') && i + 1 < pattern.size() && pattern.at(i + 1) >= QLatin1Char('1') &&
            pattern.at(i + 1) <= QLatin1Char('9')) {
            const int index = pattern.at(i + 1).unicode() - '1';
            if (index < args.size()) {
                out += args.at(index);
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out.left(maxFilled);
}

QString stallText(Audience audience, const QString& base, const QString& target, int seconds)
{
    return filled(phrase(audience, "CampaignProgress",
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
    message = filled(messageTemplate, messageArgs);
    stalledSeconds = 0;
    stalledTarget.clear();
}

QString CampaignProgress::text(Audience audience) const
{
    if (audience == Audience::File || messageTemplate.isEmpty()) {
        return message;
    }
    const QByteArray english = messageTemplate.toUtf8();
    const QString base = filled(QCoreApplication::translate("CampaignProgress", english.constData()), messageArgs);
    return stalledSeconds > 0 ? stallText(audience, base, stalledTarget, stalledSeconds) : base;
}

void CampaignProgress::follow(const IoProgress& io, const QString& target)
{
    fraction = io.fraction;
    liveBwBytes = io.currentBwBytes;
    constexpr std::uint64_t reportAfterNs = 30'000'000'000ull;
    const QString base = filled(messageTemplate, messageArgs);
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

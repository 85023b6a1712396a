#include "answer/recommend.h"

#include "answer/rankingcandidates.h"
#include "util/translation.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace RaidBench {

using namespace Ranking;

namespace {

QString listNames(const Words& say, const QStringList& names)
{
    if (names.size() <= 1) {
        return names.value(0);
    }
    QStringList head = names;
    const QString last = head.takeLast();
    return head.join(QStringLiteral(", ")) + say(QT_TRANSLATE_NOOP("Recommendation", " and ")) + last;
}

/// "raid6 (survives 2 failures, keeps 50 %)".
QString nearestText(const Words& say, const QList<ExcludedLayout>& excluded)
{
    QStringList nearest;
    for (const ExcludedLayout& layout : excluded) {
        if (layout.rulesMissed == 0) {
            continue;
        }
        nearest.append(say(QT_TRANSLATE_NOOP("Recommendation", "%1%2 (%3, keeps %4 of the space)"))
                           .arg(layout.name,
                                layout.predicted ? say(QT_TRANSLATE_NOOP("Recommendation", ", predicted")) : QString(),
                                survivesText(say, layout.failures), spaceText(say, layout.spacePct)));
        if (nearest.size() == 3) {
            break;
        }
    }
    return nearest.isEmpty() ? QString()
                             : say(QT_TRANSLATE_NOOP("Recommendation", "; the closest are ")) + listNames(say, nearest);
}

/// Why nothing of these disks can meet the requirements, or "" when something could.
QString impossibility(const Words& say, const CampaignResults& results, const Requirements& requirements)
{
    int disks = int(results.disks.size());
    QSet<QString> controllers;
    bool controllersKnown = disks > 0;
    for (const DiskResult& disk : results.disks) {
        controllersKnown = controllersKnown && !disk.controller.isEmpty();
        controllers.insert(disk.controller);
    }
    for (const ConfigResult& config : results.configs) {
        disks = std::max(disks, int(config.spec.leafDevices().size()));
    }
    if (disks == 0) {
        return {};
    }
    const QString count = disks == 1 ? say(QT_TRANSLATE_NOOP("Recommendation", "one disk"))
                                     : say(QT_TRANSLATE_NOOP("Recommendation", "%1 disks")).arg(disks);
    const QString failures = requirements.failures == 1
        ? say(QT_TRANSLATE_NOOP("Recommendation", "1 failure"))
        : say(QT_TRANSLATE_NOOP("Recommendation", "%1 failures")).arg(requirements.failures);
    if (requirements.failures >= disks) {
        return say(QT_TRANSLATE_NOOP("Recommendation", "%1 cannot survive %2")).arg(count, failures);
    }
    const double most = 100.0 * double(disks - requirements.failures) / double(disks);
    if (!keepsEnough(most, requirements.minSpacePct)) {
        return say(QT_TRANSLATE_NOOP("Recommendation",
                                     "with %1, a layout that survives %2 keeps at most %3 % of the space"))
            .arg(count, failures, QString::number(most, 'f', 0));
    }
    if (requirements.controllerLoss && controllersKnown && controllers.size() == 1) {
        return say(QT_TRANSLATE_NOOP("Recommendation", "all %1 are on one controller")).arg(count);
    }
    return {};
}

/// Rank one's sentence; `qualifying` layouts met the requirements, `ranked` of them had the measures.
QString whyFirst(const Words& say, const RankedLayout& first, const Requirements& requirements, int qualifying,
                 int ranked, const QString& measureText)
{
    const QString scope = requirements.describe(say.audience);
    const QString only = scope.isEmpty()
        ? say(QT_TRANSLATE_NOOP("Recommendation", "the only layout"))
        : say(QT_TRANSLATE_NOOP("Recommendation", "the only layout that can ")) + scope;
    QString why = ranked == 1 && qualifying == 1
        ? (scope.isEmpty() ? say(QT_TRANSLATE_NOOP("Recommendation", "the only layout measured")) : only)
        : ranked == 1
        ? say(QT_TRANSLATE_NOOP("Recommendation", "%1 measured on %2")).arg(only, measureText)
        : (requirements.terms().size() == 1 ? say(QT_TRANSLATE_NOOP("Recommendation", "fastest %1 of %2"))
                                            : say(QT_TRANSLATE_NOOP("Recommendation", "best %1 of %2")))
              .arg(measureText,
                   scope.isEmpty() ? say(QT_TRANSLATE_NOOP("Recommendation", "all layouts"))
                                   : say(QT_TRANSLATE_NOOP("Recommendation", "the layouts that ")) + scope);
    why += say(QT_TRANSLATE_NOOP("Recommendation", "; keeps %1 of the space")).arg(spaceText(say, first.spacePct));
    if (requirements.failures == 0) {
        why += QStringLiteral(", %1").arg(survivesText(say, first.failures, first.controllerLoss));
    } else if (first.controllerLoss && first.failures > 0) {
        why += *first.controllerLoss
            ? say(QT_TRANSLATE_NOOP("Recommendation", ", survives the loss of a controller"))
            : say(QT_TRANSLATE_NOOP("Recommendation", ", does not survive the loss of a controller"));
    }
    return why;
}

QString detailOf(const Words& say, const RankedLayout& layout, const QHash<Measure, double>& best,
                 const QList<Measure>& shown)
{
    QStringList parts;
    for (const Measure measure : shown) {
        const auto found = std::find_if(layout.values.begin(), layout.values.end(),
                                        [measure](const auto& value) { return value.first == measure; });
        if (found == layout.values.end()) {
            continue;
        }
        const double pct = 100.0 * found->second / best.value(measure, found->second);
        parts.append(say(QT_TRANSLATE_NOOP("Recommendation", "%1 %2 (%3 % of the best)"))
                         .arg(Requirements::measureName(measure, say.audience),
                              formatValue(say, measure, found->second), QString::number(qRound(pct))));
    }
    return parts.join(QStringLiteral(", "));
}

/// The tie-breaker between two layouts of the same rounded score, as a phrase ("keeps more space").
QString tieBreak(const Words& say, const RankedLayout& higher, const RankedLayout& lower)
{
    if (qRound(higher.spacePct) != qRound(lower.spacePct)) {
        return say(QT_TRANSLATE_NOOP("Recommendation", "keeps more space"));
    }
    if (higher.failures != lower.failures) {
        return say(QT_TRANSLATE_NOOP("Recommendation", "survives more failures"));
    }
    if (higher.predicted != lower.predicted) {
        return say(QT_TRANSLATE_NOOP("Recommendation", "was measured"));
    }
    return say(QT_TRANSLATE_NOOP("Recommendation", "comes first by name"));
}

bool ranksBefore(const RankedLayout& a, const RankedLayout& b)
{
    if (qRound(a.score) != qRound(b.score)) {
        return a.score > b.score;
    }
    if (qRound(a.spacePct) != qRound(b.spacePct)) {
        return a.spacePct > b.spacePct;
    }
    if (a.failures != b.failures) {
        return a.failures > b.failures;
    }
    if (a.predicted != b.predicted) {
        return !a.predicted;
    }
    return a.name < b.name;
}

/// The candidates that meet `requirements`; the others go to `excluded`, with why.
QList<const Candidate*> qualifyingOf(const Words& say, const QList<Candidate>& candidates,
                                     const Requirements& requirements, QList<ExcludedLayout>& excluded)
{
    QList<const Candidate*> qualifying;
    for (const Candidate& candidate : candidates) {
        if (!candidate.unusable.isEmpty()) {
            excluded.append({candidate.name, candidate.unusable, candidate.predicted, 0, 0, candidate.spacePct,
                             candidate.failures});
            continue;
        }
        const Misses misses = missesOf(say, candidate, requirements);
        if (!misses.reasons.isEmpty()) {
            excluded.append(
                {candidate.name,
                 (candidate.predicted ? say(QT_TRANSLATE_NOOP("Recommendation", "predicted, not run; ")) : QString()) +
                     misses.reasons.join(QStringLiteral("; ")),
                 candidate.predicted, int(misses.reasons.size()), misses.shortfall, candidate.spacePct,
                 candidate.failures});
            continue;
        }
        qualifying.append(&candidate);
    }

    return qualifying;
}

/// The qualifying layouts ranked on `scoring` (those it cannot rank go to `answer.excluded`), best
/// first; whether any of them is predicted.
bool rankQualifying(const Words& say, const QList<const Candidate*>& qualifying, const ScoringTerms& scoring,
                    const QList<Measure>& shown, Recommendation& answer)
{
    bool anyPredicted = false;
    for (const Candidate* candidate : std::as_const(qualifying)) {
        const QStringList missing = missingOf(say, *candidate, scoring);
        if (scoring.terms.isEmpty()) {
            answer.excluded.append({candidate->name,
                                    say(QT_TRANSLATE_NOOP("Recommendation", "nothing it was measured on can rank it")),
                                    candidate->predicted, 0, 0, candidate->spacePct, candidate->failures});
            continue;
        }
        if (!missing.isEmpty()) {
            answer.excluded.append(
                {candidate->name,
                 candidate->predicted
                     ? say(QT_TRANSLATE_NOOP("Recommendation",
                                             "predicted, not run: the models do not give %1 for these disks; "
                                             "run it to rank it"))
                           .arg(listNames(say, missing))
                     : say(QT_TRANSLATE_NOOP("Recommendation", "not measured on %1")).arg(listNames(say, missing)),
                 candidate->predicted, 0, 0, candidate->spacePct, candidate->failures});
            continue;
        }
        RankedLayout layout;
        layout.name = candidate->name;
        layout.predicted = candidate->predicted;
        layout.spacePct = candidate->spacePct;
        layout.failures = candidate->failures;
        layout.controllerLoss = candidate->controllerLoss;
        for (const Measure measure : std::as_const(shown)) {
            layout.values.append({measure, candidate->values.value(measure)});
            if (candidate->unstable.contains(measure)) {
                layout.unstable.append(measure);
            }
        }
        layout.score = scoreOf(*candidate, scoring);
        anyPredicted = anyPredicted || layout.predicted;
        answer.ranked.append(layout);
    }
    std::sort(answer.ranked.begin(), answer.ranked.end(), ranksBefore);
    std::stable_sort(answer.excluded.begin(), answer.excluded.end(),
                     [](const ExcludedLayout& a, const ExcludedLayout& b) {
                         // Missed requirements first, nearest first; then what could not be ranked.
                         const int ka = a.rulesMissed == 0 ? 1000 : a.rulesMissed;
                         const int kb = b.rulesMissed == 0 ? 1000 : b.rulesMissed;
                         if (ka != kb) {
                             return ka < kb;
                         }
                         return a.shortfall < b.shortfall;
                     });
    return anyPredicted;
}

/// What the reason of a ranked layout that was not run starts with.
QString predictedPrefix(const Words& say)
{
    return say(QT_TRANSLATE_NOOP("Recommendation", "predicted, not run: "));
}

/// Why each ranked layout stands where it does: the first against the requirements as ranked on, the
/// others against the one above and the first.
void explainRanks(const Words& say, Recommendation& answer, const CampaignResults& results, int qualifying,
                  const ScoringTerms& scoring, const QList<Measure>& shown)
{
    const QString measureText = scoring.rankedOn.measureText(say.audience);
    const bool severalControllers = spansControllers(results);
    for (int i = 0; i < answer.ranked.size(); ++i) {
        RankedLayout& layout = answer.ranked[i];
        // Losing a controller is said of a layout only where there is more than one to lose.
        const std::optional<bool> controllerLoss = severalControllers ? layout.controllerLoss : std::nullopt;
        if (i == 0) {
            RankedLayout said = layout;
            said.controllerLoss = controllerLoss;
            layout.why = whyFirst(say, said, scoring.rankedOn, qualifying, int(answer.ranked.size()), measureText);
            if (answer.ranked.size() > 1 && qRound(answer.ranked.at(1).score) == qRound(layout.score)) {
                layout.why += say(QT_TRANSLATE_NOOP("Recommendation", "; ties with %1 on speed and %2"))
                                  .arg(answer.ranked.at(1).name, tieBreak(say, layout, answer.ranked.at(1)));
            }
        } else {
            const RankedLayout& top = answer.ranked.first();
            const RankedLayout& previous = answer.ranked.at(i - 1);
            layout.why = qRound(previous.score) == qRound(layout.score)
                ? say(QT_TRANSLATE_NOOP("Recommendation", "as fast as %1 (score %2), which %3"))
                      .arg(previous.name, QString::number(qRound(layout.score)), tieBreak(say, previous, layout))
                : say(QT_TRANSLATE_NOOP("Recommendation", "scores %1 against %2's %3"))
                      .arg(QString::number(qRound(layout.score)), top.name, QString::number(qRound(top.score)));
            layout.why += say(QT_TRANSLATE_NOOP("Recommendation", ": %1; keeps %2 of the space, %3"))
                              .arg(detailOf(say, layout, scoring.best, shown), spaceText(say, layout.spacePct),
                                   survivesText(say, layout.failures, controllerLoss));
        }
        if (layout.predicted) {
            layout.why = predictedPrefix(say) + layout.why;
        }
        if (!layout.unstable.isEmpty()) {
            QStringList names;
            for (const Measure measure : std::as_const(layout.unstable)) {
                names.append(Requirements::measureName(measure, say.audience));
            }
            layout.why +=
                say(QT_TRANSLATE_NOOP("Recommendation",
                                      "; unstable: its %1 still varied more than the plan allows, so its rank "
                                      "is less sure than its score says"))
                    .arg(names.join(say(QT_TRANSLATE_NOOP("Recommendation", " and "))));
        }
    }
}

/// The one sentence above the ranking: the first layout and why, or why there is none.
QString summaryOf(const Words& say, Recommendation& answer, const CampaignResults& results,
                  const Requirements& requirements, bool anyQualifying, bool anyCandidate)
{
    const QString impossible = impossibility(say, results, requirements);
    const QString scope = requirements.describe(say.audience);
    if (!answer.ranked.isEmpty()) {
        const RankedLayout& first = answer.ranked.first();
        return QStringLiteral("%1%2: %3.")
            .arg(first.name, first.predicted ? say(QT_TRANSLATE_NOOP("Recommendation", " (predicted)")) : QString(),
                 first.predicted ? first.why.mid(predictedPrefix(say).size()) : first.why);
    }
    if (anyQualifying) {
        return say(QT_TRANSLATE_NOOP("Recommendation",
                                     "No layout that can %1 was measured on %2: add those tests to the plan."))
            .arg(scope.isEmpty() ? say(QT_TRANSLATE_NOOP("Recommendation", "be ranked")) : scope,
                 requirements.measureText(say.audience));
    }
    if (!impossible.isEmpty()) {
        answer.impossible = true;
        return say(QT_TRANSLATE_NOOP("Recommendation", "Nothing can meet this: %1%2."))
            .arg(impossible, nearestText(say, answer.excluded));
    }
    if (!anyCandidate) {
        return say(QT_TRANSLATE_NOOP("Recommendation", "No layout was measured."));
    }
    return say(QT_TRANSLATE_NOOP("Recommendation", "No measured layout can %1%2."))
        .arg(scope.isEmpty() ? say(QT_TRANSLATE_NOOP("Recommendation", "be ranked")) : scope,
             nearestText(say, answer.excluded));
}

} // namespace

Recommendation recommend(const CampaignResults& results, const Requirements& requirements, bool predictMissing,
                         Audience audience)
{
    const Words say {audience};
    Recommendation answer;
    answer.requirements = requirements;
    answer.rankedOn = requirements;
    answer.audience = audience;
    if (!results.comparedLabels.isEmpty()) {
        // The same layouts at other times or on other hosts: ranking them against each other answers
        // nothing about which layout to choose.
        answer.summary =
            say(QT_TRANSLATE_NOOP("Recommendation",
                                  "A comparison of several runs has no recommendation: open one results file "
                                  "to rank its layouts."));
        return answer;
    }
    const QList<Candidate> candidates = candidatesOf(say, results, predictMissing);

    const QList<const Candidate*> qualifying = qualifyingOf(say, candidates, requirements, answer.excluded);

    // Measured numbers decide which measures count; a prediction never adds a measure of its own.
    QList<const Candidate*> measured;
    for (const Candidate* candidate : std::as_const(qualifying)) {
        if (!candidate->predicted) {
            measured.append(candidate);
        }
    }
    ScoringTerms scoring = scoringTerms(say, requirements, measured.isEmpty() ? qualifying : measured);
    answer.rankedOn = scoring.rankedOn;
    for (const QString& dropped : qualifying.isEmpty() ? QStringList() : scoring.dropped) {
        answer.notes.append(say(QT_TRANSLATE_NOOP("Recommendation",
                                                  "No layout that qualifies was measured on %1: it is left out of the "
                                                  "ranking."))
                                .arg(dropped));
    }
    // The best of each measure over every qualifying layout that has it, predictions included.
    for (const Candidate* candidate : std::as_const(qualifying)) {
        for (auto it = scoring.best.begin(); it != scoring.best.end(); ++it) {
            it.value() = std::max(it.value(), candidate->values.value(it.key(), 0));
        }
    }
    QList<Measure> shown;
    for (const auto& [measures, weight] : scoring.terms) {
        shown.append(measures);
    }
    const bool anyPredicted = rankQualifying(say, qualifying, scoring, shown, answer);
    const bool randomPredicted = std::any_of(answer.ranked.cbegin(), answer.ranked.cend(), [](const RankedLayout& l) {
        return l.predicted && std::any_of(l.values.cbegin(), l.values.cend(), [](const auto& value) {
                   return (value.first == Measure::RandomWrite || value.first == Measure::RandomRead) &&
                       value.second > 0;
               });
    });
    if (anyPredicted && randomPredicted) {
        answer.notes.append(say(
            QT_TRANSLATE_NOOP("Recommendation",
                              "Layouts marked predicted were not run: their sequential speed comes from the throughput "
                              "model and the disks' own speeds, their random speed from the disks' random speeds and "
                              "the requests each layout makes of them.")));
    } else if (anyPredicted) {
        answer.notes.append(say(QT_TRANSLATE_NOOP("Recommendation",
                                                  "Layouts marked predicted were not run: their sequential speed comes "
                                                  "from the throughput model and the disks' own speeds.")));
    }

    QStringList cached;
    for (const Candidate* candidate : std::as_const(qualifying)) {
        if (candidate->cachedWrite && shown.contains(Measure::SeqWrite)) {
            cached.append(candidate->name);
        }
    }
    if (!cached.isEmpty()) {
        answer.notes.append(say(QT_TRANSLATE_NOOP("Recommendation",
                                                  "The write runs of %1 ended before the disks had written what "
                                                  "their caches took in: their write speed is ranked on what the "
                                                  "disks wrote through the caches."))
                                .arg(cached.join(QStringLiteral(", "))));
    }
    explainRanks(say, answer, results, int(qualifying.size()), scoring, shown);
    answer.summary = summaryOf(say, answer, results, requirements, !qualifying.isEmpty(), !candidates.isEmpty());
    return answer;
}

QJsonObject Recommendation::toJson() const
{
    QJsonArray rankedArray;
    for (const RankedLayout& layout : ranked) {
        QJsonObject values;
        for (const auto& [measure, value] : layout.values) {
            values.insert(Requirements::measureName(measure), value);
        }
        rankedArray.append(QJsonObject {
            {QStringLiteral("name"), layout.name},
            {QStringLiteral("score"), std::round(layout.score * 10.0) / 10.0},
            {QStringLiteral("why"), layout.why},
            {QStringLiteral("predicted"), layout.predicted},
            {QStringLiteral("space_pct"), layout.spacePct},
            {QStringLiteral("failures_survived"), layout.failures},
            {QStringLiteral("values"), values},
        });
    }
    QJsonArray excludedArray;
    for (const ExcludedLayout& layout : excluded) {
        excludedArray.append(QJsonObject {{QStringLiteral("name"), layout.name},
                                          {QStringLiteral("why"), layout.why},
                                          {QStringLiteral("predicted"), layout.predicted}});
    }
    return {{QStringLiteral("requirements"), requirements.text()},
            {QStringLiteral("summary"), summary},
            {QStringLiteral("impossible"), impossible},
            {QStringLiteral("notes"), QJsonArray::fromStringList(notes)},
            {QStringLiteral("ranked"), rankedArray},
            {QStringLiteral("excluded"), excludedArray}};
}

QString Recommendation::toText() const
{
    const Words say {audience};
    const QString scope = requirements.describe(audience);
    QString text = say(QT_TRANSLATE_NOOP("Recommendation", "Layouts%1, ranked on %2:\n\n"))
                       .arg(scope.isEmpty() ? QString() : say(QT_TRANSLATE_NOOP("Recommendation", " that ")) + scope,
                            rankedOn.measureText(audience));
    text += summary + QLatin1Char('\n');
    if (!ranked.isEmpty()) {
        text += QLatin1Char('\n');
        for (int i = 0; i < ranked.size(); ++i) {
            text += say(QT_TRANSLATE_NOOP("Recommendation", "%1. %2  score %3\n   %4\n"))
                        .arg(QString::number(i + 1).rightJustified(2), ranked.at(i).name,
                             QString::number(qRound(ranked.at(i).score)), ranked.at(i).why);
        }
    }
    if (!excluded.isEmpty()) {
        text += say(QT_TRANSLATE_NOOP("Recommendation", "\nLeft out:\n"));
        for (const ExcludedLayout& layout : excluded) {
            text += QStringLiteral("   %1: %2\n").arg(layout.name, layout.why);
        }
    }
    for (const QString& note : notes) {
        text += say(QT_TRANSLATE_NOOP("Recommendation", "\nNote: %1\n")).arg(note);
    }
    return text;
}

QString Recommendation::toMarkdown() const
{
    auto cell = [](QString text) {
        return text.replace(QLatin1Char('|'), QStringLiteral("\\|")).replace(QLatin1Char('\n'), QLatin1Char(' '));
    };
    const QString scope = requirements.describe();
    QString md =
        QStringLiteral("\n## Recommendation\n\nFor layouts%1, ranked on %2 (`%3`):\n\n**%4**\n")
            .arg(scope.isEmpty() ? QString() : QStringLiteral(" that ") + scope, rankedOn.measureText(),
                 requirements.text().isEmpty() ? QStringLiteral("no requirement") : requirements.text(), cell(summary));
    if (!ranked.isEmpty()) {
        md += QStringLiteral("\n| rank | layout | score | why |\n|---:|---|---:|---|\n");
        for (int i = 0; i < ranked.size(); ++i) {
            md += QStringLiteral("| %1 | %2%3 | %4 | %5 |\n")
                      .arg(QString::number(i + 1), cell(ranked.at(i).name),
                           ranked.at(i).predicted ? QStringLiteral(" (predicted)") : QString(),
                           QString::number(qRound(ranked.at(i).score)), cell(ranked.at(i).why));
        }
    }
    if (!excluded.isEmpty()) {
        md += QStringLiteral("\n| left out | why |\n|---|---|\n");
        for (const ExcludedLayout& layout : excluded) {
            md += QStringLiteral("| %1 | %2 |\n").arg(cell(layout.name), cell(layout.why));
        }
    }
    for (const QString& note : notes) {
        md += QStringLiteral("\n%1\n").arg(note);
    }
    return md;
}

} // namespace RaidBench

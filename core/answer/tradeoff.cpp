#include "answer/tradeoff.h"

#include "answer/rankingcandidates.h"
#include "answer/recommend.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace RaidBench {

QList<int> paretoFront(const QList<std::pair<double, double>>& points)
{
    QList<int> front;
    for (int i = 0; i < points.size(); ++i) {
        bool dominated = false;
        for (int j = 0; j < points.size() && !dominated; ++j) {
            if (i == j) {
                continue;
            }
            const auto& a = points.at(j);
            const auto& b = points.at(i);
            dominated = a.first >= b.first && a.second >= b.second && (a.first > b.first || a.second > b.second);
        }
        if (!dominated) {
            front.append(i);
        }
    }
    std::sort(front.begin(), front.end(), [&points](int a, int b) {
        return points.at(a).first != points.at(b).first ? points.at(a).first < points.at(b).first
                                                        : points.at(a).second < points.at(b).second;
    });
    return front;
}

Tradeoff tradeoff(const CampaignResults& results, const Requirements& requirements, Audience audience)
{
    using namespace Ranking;
    const Words say {audience};
    Tradeoff chart;
    if (!results.comparedLabels.isEmpty()) {
        return chart;
    }
    // The same candidates and scores as the ranking: the best that qualifies is 100, so a layout the
    // requirements leave out may score above it.
    const QList<Candidate> candidates = candidatesOf(say, results, true);
    QList<const Candidate*> usable;
    QList<const Candidate*> qualifying;
    for (const Candidate& candidate : candidates) {
        if (!candidate.unusable.isEmpty()) {
            continue;
        }
        usable.append(&candidate);
        if (missesOf(say, candidate, requirements).reasons.isEmpty()) {
            qualifying.append(&candidate);
        }
    }
    const QList<const Candidate*>& reference = qualifying.isEmpty() ? usable : qualifying;
    QList<const Candidate*> measured;
    for (const Candidate* candidate : reference) {
        if (!candidate->predicted) {
            measured.append(candidate);
        }
    }
    ScoringTerms scoring = scoringTerms(say, requirements, measured.isEmpty() ? reference : measured);
    chart.rankedOn = scoring.rankedOn.measureText(audience);
    for (const Candidate* candidate : reference) {
        for (auto it = scoring.best.begin(); it != scoring.best.end(); ++it) {
            it.value() = std::max(it.value(), candidate->values.value(it.key(), 0));
        }
    }
    QList<Measure> measures;
    for (const auto& [kept, weight] : scoring.terms) {
        measures.append(kept);
    }
    const bool raw = measures.size() == 1;
    const bool megabytes = raw && unitTitle(say, measures.first()) == QLatin1String("MB/s");
    chart.speedTitle = raw     ? QStringLiteral("%1 (%2)").arg(Requirements::measureName(measures.first(), audience),
                                                               unitTitle(say, measures.first()))
        : qualifying.isEmpty() ? say(QT_TRANSLATE_NOOP("Recommendation", "score (best of all = 100)"))
                               : say(QT_TRANSLATE_NOOP("Recommendation", "score (best = 100)"));
    if (scoring.terms.isEmpty()) {
        return chart;
    }
    const Recommendation answer = recommend(results, requirements, true, audience);
    QList<std::pair<double, double>> frontXy;
    QList<int> frontIndex;
    for (const Candidate* candidate : std::as_const(usable)) {
        if (!missingOf(say, *candidate, scoring).isEmpty()) {
            continue;
        }
        TradeoffPoint point;
        point.name = candidate->name;
        point.spacePct = candidate->spacePct;
        point.failures = candidate->failures;
        point.predicted = candidate->predicted;
        point.qualifies = qualifying.contains(candidate);
        const double score = scoreOf(*candidate, scoring);
        point.speed = raw ? candidate->values.value(measures.first()) / (megabytes ? 1e6 : 1.0) : score;
        QStringList lines {
            QStringLiteral("%1%2").arg(
                candidate->name,
                candidate->predicted ? say(QT_TRANSLATE_NOOP("Recommendation", " (predicted, not run)")) : QString()),
            say(QT_TRANSLATE_NOOP("Recommendation", "keeps %1 of the space, %2"))
                .arg(spaceText(say, candidate->spacePct),
                     survivesText(say, candidate->failures,
                                  spansControllers(results) ? candidate->controllerLoss : std::nullopt))};
        for (const Measure measure : std::as_const(measures)) {
            lines.append(QStringLiteral("%1: %2").arg(Requirements::measureName(measure, say.audience),
                                                      formatValue(say, measure, candidate->values.value(measure))));
        }
        if (!raw) {
            lines.append(say(QT_TRANSLATE_NOOP("Recommendation", "score %1")).arg(qRound(score)));
        }
        for (const ExcludedLayout& excluded : answer.excluded) {
            if (excluded.name == candidate->name) {
                lines.append(say(QT_TRANSLATE_NOOP("Recommendation", "left out: %1")).arg(excluded.why));
            }
        }
        point.detail = lines.join(QLatin1Char('\n'));
        // The best trade-offs among the layouts that qualify (among all when none does).
        if (point.qualifies || qualifying.isEmpty()) {
            // Space as the reports show it, in whole per cent: md's metadata (raid10 49.90 %, raid0+1
            // 49.85 %) does not make a slower layout a better trade-off.
            frontXy.append({std::round(point.spacePct), point.speed});
            frontIndex.append(int(chart.points.size()));
        }
        chart.points.append(point);
    }
    for (const int index : paretoFront(frontXy)) {
        chart.points[frontIndex.at(index)].onFront = true;
    }
    return chart;
}

} // namespace RaidBench

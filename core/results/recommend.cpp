#include "results/recommend.h"

#include "fs/filetests.h"
#include "layout/arrayanalysis.h"
#include "layout/presets.h"
#include "results/analysis.h"
#include "util/units.h"

#include <QHash>
#include <QJsonArray>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <functional>

namespace RaidBench {

namespace {

/// A layout as the ranking sees it: measured (a configuration of the results) or predicted (a preset
/// the results do not hold).
struct Candidate
{
    QString name;
    bool predicted = false;
    QString unusable; ///< why it cannot be ranked at all (failed, cancelled)
    double spacePct = 0;
    int failures = 0;
    std::optional<bool> controllerLoss;
    bool oneController = false;
    QHash<Measure, double> values;
    QList<Measure> unstable;
};

std::optional<FilePhase> filePhase(const ConfigResult& config, TestKind kind, const QString& name)
{
    for (const TestResult& test : config.tests) {
        if (test.spec.kind != kind || test.status != RunState::Completed) {
            continue;
        }
        for (const FilePhase& phase : (test.file ? test.file->phases : QList<FilePhase>())) {
            if (phase.name == name && phase.seconds > 0) {
                return phase;
            }
        }
    }
    return std::nullopt;
}

std::optional<double> randomIops(const ConfigResult& config, bool write)
{
    if (const auto standard = config.randomIops(write)) {
        return standard;
    }
    const IoPattern wanted = write ? IoPattern::RandWrite : IoPattern::RandRead;
    for (const TestResult& test : config.tests) {
        if (test.spec.kind == TestKind::Io && test.spec.pattern == wanted && test.summary.runs > 0 &&
            !test.spec.dsync) {
            return test.summary.iopsMedian;
        }
    }
    return std::nullopt;
}

/// Whether the test a measure of `config` comes from still varied when repeat-until-stable gave up.
bool measuredUnstable(const ConfigResult& config, Measure measure)
{
    if (measure == Measure::SeqWrite || measure == Measure::SeqRead) {
        const TestResult* test = config.sequentialTest(measure == Measure::SeqWrite);
        return test && test->summary.unstable;
    }
    if (measure == Measure::RandomWrite || measure == Measure::RandomRead) {
        const IoPattern wanted = measure == Measure::RandomWrite ? IoPattern::RandWrite : IoPattern::RandRead;
        for (const TestResult& test : config.tests) {
            if (test.spec.kind == TestKind::Io && test.spec.pattern == wanted && test.summary.runs > 0 &&
                !test.spec.dsync) {
                return test.summary.unstable;
            }
        }
    }
    return false;
}

std::optional<double> measuredValue(const ConfigResult& config, Measure measure)
{
    auto positive = [](std::optional<double> value) {
        return value && *value > 0 && std::isfinite(*value) ? value : std::nullopt;
    };
    auto bw = [&](TestKind kind, const QString& phase) -> std::optional<double> {
        const auto found = filePhase(config, kind, phase);
        return found ? positive(found->bwBytes()) : std::nullopt;
    };
    auto ops = [&](TestKind kind, const QString& phase) -> std::optional<double> {
        const auto found = filePhase(config, kind, phase);
        return found ? positive(found->opsPerSecond()) : std::nullopt;
    };
    switch (measure) {
    case Measure::SeqWrite:
        return positive(config.sequentialWrite());
    case Measure::SeqRead:
        return positive(config.sequentialRead());
    case Measure::RandomWrite:
        return positive(randomIops(config, true));
    case Measure::RandomRead:
        return positive(randomIops(config, false));
    case Measure::FileSeqWrite:
        return bw(TestKind::FileSeq, QStringLiteral("write"));
    case Measure::FileSeqRead:
        return bw(TestKind::FileSeq, QStringLiteral("read"));
    case Measure::FileSeeks:
        return ops(TestKind::FileSeeks, QStringLiteral("seeks"));
    case Measure::SmallFilesCreate:
        return ops(TestKind::SmallFiles, QStringLiteral("create"));
    case Measure::SmallFilesRead:
        return ops(TestKind::SmallFiles, QStringLiteral("read"));
    case Measure::Command:
        for (const TestResult& test : config.tests) {
            if (test.spec.kind == TestKind::Command && test.status == RunState::Completed) {
                const double median = test.file.value_or(FileTestResult {})
                                          .details.value(QStringLiteral("summary"))
                                          .toObject()
                                          .value(QStringLiteral("median_s"))
                                          .toDouble();
                if (median > 0) {
                    return 1.0 / median;
                }
            }
        }
        return std::nullopt;
    }
    return std::nullopt;
}

const QList<Measure>& allMeasures()
{
    static const QList<Measure> all {Measure::SeqWrite,   Measure::SeqRead,          Measure::RandomWrite,
                                     Measure::RandomRead, Measure::FileSeqWrite,     Measure::FileSeqRead,
                                     Measure::FileSeeks,  Measure::SmallFilesCreate, Measure::SmallFilesRead,
                                     Measure::Command};
    return all;
}

QString formatValue(Measure measure, double value)
{
    switch (measure) {
    case Measure::SeqWrite:
    case Measure::SeqRead:
    case Measure::FileSeqWrite:
    case Measure::FileSeqRead:
        return Units::formatMBps(value);
    case Measure::RandomWrite:
    case Measure::RandomRead:
        return QStringLiteral("%L1 IOPS").arg(qRound64(value));
    case Measure::FileSeeks:
        return QStringLiteral("%L1 seeks/s").arg(qRound64(value));
    case Measure::SmallFilesCreate:
    case Measure::SmallFilesRead:
        return QStringLiteral("%L1 files/s").arg(qRound64(value));
    case Measure::Command:
        return QStringLiteral("%1 s").arg(1.0 / value, 0, 'f', 2);
    }
    return {};
}

QString unitTitle(Measure measure)
{
    switch (measure) {
    case Measure::SeqWrite:
    case Measure::SeqRead:
    case Measure::FileSeqWrite:
    case Measure::FileSeqRead:
        return QStringLiteral("MB/s");
    case Measure::RandomWrite:
    case Measure::RandomRead:
        return QStringLiteral("IOPS");
    case Measure::FileSeeks:
        return QStringLiteral("seeks/s");
    case Measure::SmallFilesCreate:
    case Measure::SmallFilesRead:
        return QStringLiteral("files/s");
    case Measure::Command:
        return QStringLiteral("runs/s");
    }
    return {};
}

/// "75 %": space kept as the reports show it.
QString spaceText(double pct)
{
    return QStringLiteral("%1 %").arg(pct, 0, 'f', 0);
}

QString survivesText(int failures)
{
    return failures == 0 ? QStringLiteral("survives no failure")
        : failures == 1  ? QStringLiteral("survives 1 failure")
                         : QStringLiteral("survives %1 failures").arg(failures);
}

/// Whether the disks of `results` sit on more than one controller: only then can a layout survive
/// losing one, or not.
bool spansControllers(const CampaignResults& results)
{
    QSet<QString> controllers;
    for (const DiskResult& disk : results.disks) {
        if (!disk.controller.isEmpty()) {
            controllers.insert(disk.controller);
        }
    }
    return controllers.size() > 1;
}

/// As survivesText, and where the disks sit on several controllers, whether losing one is survived: two
/// layouts that differ only in how their disks pair across controllers differ there.
QString survivesText(int failures, std::optional<bool> controllerLoss)
{
    if (!controllerLoss || failures == 0) {
        return survivesText(failures);
    }
    return *controllerLoss ? survivesText(failures) + QStringLiteral(" and the loss of a controller")
                           : survivesText(failures) + QStringLiteral(", not the loss of a controller");
}

/// A layout's space meets `needed` as the report shows it, in whole per cent (md's metadata makes a
/// four-disk raid5 keep 74.9 %, which its user calls 75).
bool keepsEnough(double pct, double needed)
{
    return pct + 0.5 >= needed;
}

/// What is missed, with a sortable distance: one failure weighs as 25 % of the space.
struct Misses
{
    QStringList reasons;
    double shortfall = 0;
};

Misses missesOf(const Candidate& candidate, const Requirements& requirements)
{
    Misses misses;
    if (candidate.failures < requirements.failures) {
        misses.reasons.append(
            QStringLiteral("%1; %2 needed").arg(survivesText(candidate.failures)).arg(requirements.failures));
        misses.shortfall += requirements.failures - candidate.failures;
    }
    if (requirements.controllerLoss && candidate.controllerLoss != true) {
        misses.reasons.append(candidate.oneController         ? QStringLiteral("all its disks are on one controller")
                                  : !candidate.controllerLoss ? QStringLiteral("its disks' controllers are not known")
                                                              : QStringLiteral("losing one controller takes it down"));
        misses.shortfall += 1;
    }
    if (!keepsEnough(candidate.spacePct, requirements.minSpacePct)) {
        misses.reasons.append(QStringLiteral("keeps %1 of the space; %2 % needed")
                                  .arg(spaceText(candidate.spacePct))
                                  .arg(requirements.minSpacePct, 0, 'g', 6));
        misses.shortfall += (requirements.minSpacePct - candidate.spacePct) / 25.0;
    }
    return misses;
}

bool onOneController(const ArraySpec& spec)
{
    QSet<QString> controllers;
    std::function<bool(const ArraySpec&)> collect = [&](const ArraySpec& node) {
        if (node.isLeaf()) {
            controllers.insert(node.controller);
            return !node.controller.isEmpty();
        }
        for (const ArraySpec& child : node.children) {
            if (!collect(child)) {
                return false;
            }
        }
        return true;
    };
    return collect(spec) && controllers.size() == 1;
}

QList<Candidate> candidatesOf(const CampaignResults& results, bool predictMissing)
{
    QList<Candidate> candidates;
    QSet<QString> present;
    for (const ConfigResult& config : results.configs) {
        Candidate candidate;
        candidate.name = config.name;
        candidate.spacePct = config.spacePct;
        candidate.failures = config.failuresGuaranteed;
        candidate.controllerLoss = config.controllerFailureSurvived;
        candidate.oneController = onOneController(sizedSpec(config.spec, results));
        if (config.status == RunState::Failed) {
            candidate.unusable = config.error.isEmpty() ? QStringLiteral("its run failed")
                                                        : QStringLiteral("its run failed: %1").arg(config.error);
        } else if (config.status != RunState::Completed) {
            candidate.unusable = QStringLiteral("its run did not finish (%1)").arg(runStateName(config.status));
        }
        for (const Measure measure : allMeasures()) {
            if (const auto value = measuredValue(config, measure)) {
                candidate.values.insert(measure, *value);
                if (measuredUnstable(config, measure)) {
                    candidate.unstable.append(measure);
                }
            }
        }
        present.insert(config.name);
        if (!config.preset.isEmpty()) {
            present.insert(config.preset);
        }
        candidates.append(candidate);
    }
    if (!predictMissing || results.disks.isEmpty() || !results.comparedLabels.isEmpty()) {
        return candidates;
    }
    QList<PresetDisk> disks;
    for (const DiskResult& disk : results.disks) {
        if (!disk.writeBw || !disk.readBw || disk.sizeBytes == 0) {
            return candidates; // the model needs every disk's own speed
        }
        disks.append({disk.path, disk.sizeBytes, disk.controller, disk.label()});
    }
    const auto baselineOf = baselineLookup(results);
    // A preset not run here: every measured layout may tell the model md's parity rate.
    const ModelContext context = modelContext(results);
    for (const QString& name : presetsFor(disks)) {
        if (present.contains(name)) {
            continue;
        }
        const auto spec = makePreset(name, disks);
        if (!spec) {
            continue;
        }
        const ArraySpec sized = sizedSpec(*spec, results);
        const ArrayFigures figures = analyzeSpec(sized);
        const ThroughputPrediction prediction = predictThroughput(sized, baselineOf, context);
        Candidate candidate;
        candidate.name = name;
        candidate.predicted = true;
        candidate.spacePct = figures.spacePct;
        candidate.failures = figures.failuresGuaranteed;
        candidate.controllerLoss = figures.controllersKnown && figures.controllerCount > 0
            ? std::optional<bool>(figures.survivesControllerLoss)
            : std::nullopt;
        candidate.oneController = figures.controllersKnown && figures.controllerCount == 1;
        if (prediction.write) {
            candidate.values.insert(Measure::SeqWrite, *prediction.write);
        }
        if (prediction.read) {
            candidate.values.insert(Measure::SeqRead, *prediction.read);
        }
        candidates.append(candidate);
    }
    return candidates;
}

/// The measures of each term that at least one of `pool` has; terms with none are left out.
struct ScoringTerms
{
    QList<std::pair<QList<Measure>, double>> terms;
    QStringList dropped; ///< term phrases no layout has
    QHash<Measure, double> best;
};

ScoringTerms scoringTerms(const Requirements& requirements, const QList<const Candidate*>& pool)
{
    ScoringTerms scoring;
    for (const auto& [name, weight] : requirements.terms()) {
        QList<Measure> kept;
        for (const Measure measure : Requirements::measuresOf(name)) {
            double best = 0;
            for (const Candidate* candidate : pool) {
                best = std::max(best, candidate->values.value(measure, 0));
            }
            if (best > 0) {
                kept.append(measure);
                scoring.best.insert(measure, best);
            }
        }
        if (kept.isEmpty()) {
            Requirements one;
            one.weights = {{name, 1.0}};
            scoring.dropped.append(one.measureText());
        } else {
            scoring.terms.append({kept, weight});
        }
    }
    return scoring;
}

/// The measures of `scoring` that `candidate` lacks.
QStringList missingOf(const Candidate& candidate, const ScoringTerms& scoring)
{
    QStringList missing;
    for (const auto& [measures, weight] : scoring.terms) {
        for (const Measure measure : measures) {
            if (!candidate.values.contains(measure)) {
                missing.append(Requirements::measureName(measure));
            }
        }
    }
    return missing;
}

double scoreOf(const Candidate& candidate, const ScoringTerms& scoring)
{
    double total = 0;
    double weights = 0;
    for (const auto& [measures, weight] : scoring.terms) {
        double sum = 0;
        for (const Measure measure : measures) {
            sum += candidate.values.value(measure) / scoring.best.value(measure);
        }
        total += weight * sum / double(measures.size());
        weights += weight;
    }
    return weights > 0 ? 100.0 * total / weights : 0;
}

QString listNames(const QStringList& names)
{
    if (names.size() <= 1) {
        return names.value(0);
    }
    QStringList head = names;
    const QString last = head.takeLast();
    return head.join(QStringLiteral(", ")) + QStringLiteral(" and ") + last;
}

/// "raid6 (survives 2 failures, keeps 50 %)".
QString nearestText(const QList<ExcludedLayout>& excluded)
{
    QStringList nearest;
    for (const ExcludedLayout& layout : excluded) {
        if (layout.rulesMissed == 0) {
            continue;
        }
        nearest.append(QStringLiteral("%1%2 (%3, keeps %4 of the space)")
                           .arg(layout.name, layout.predicted ? QStringLiteral(", predicted") : QString(),
                                survivesText(layout.failures), spaceText(layout.spacePct)));
        if (nearest.size() == 3) {
            break;
        }
    }
    return nearest.isEmpty() ? QString() : QStringLiteral("; the closest are ") + listNames(nearest);
}

/// Why nothing of these disks can meet the requirements, or "" when something could.
QString impossibility(const CampaignResults& results, const Requirements& requirements)
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
    const QString count = disks == 1 ? QStringLiteral("one disk") : QStringLiteral("%1 disks").arg(disks);
    const QString failures = requirements.failures == 1 ? QStringLiteral("1 failure")
                                                        : QStringLiteral("%1 failures").arg(requirements.failures);
    if (requirements.failures >= disks) {
        return QStringLiteral("%1 cannot survive %2").arg(count, failures);
    }
    const double most = 100.0 * double(disks - requirements.failures) / double(disks);
    if (!keepsEnough(most, requirements.minSpacePct)) {
        return QStringLiteral("with %1, a layout that survives %2 keeps at most %3 % of the space")
            .arg(count, failures)
            .arg(most, 0, 'f', 0);
    }
    if (requirements.controllerLoss && controllersKnown && controllers.size() == 1) {
        return QStringLiteral("all %1 are on one controller").arg(count);
    }
    return {};
}

/// Rank one's sentence; `qualifying` layouts met the requirements, `ranked` of them had the measures.
QString whyFirst(const RankedLayout& first, const Requirements& requirements, int qualifying, int ranked,
                 const QString& measureText)
{
    const QString scope = requirements.describe();
    const QString only =
        scope.isEmpty() ? QStringLiteral("the only layout") : QStringLiteral("the only layout that can ") + scope;
    QString why = ranked == 1 && qualifying == 1 ? (scope.isEmpty() ? QStringLiteral("the only layout measured") : only)
        : ranked == 1
        ? QStringLiteral("%1 measured on %2").arg(only, measureText)
        : QStringLiteral("%1 %2 of %3")
              .arg(requirements.terms().size() == 1 ? QStringLiteral("fastest") : QStringLiteral("best"), measureText,
                   scope.isEmpty() ? QStringLiteral("all layouts") : QStringLiteral("the layouts that ") + scope);
    why += QStringLiteral("; keeps %1 of the space").arg(spaceText(first.spacePct));
    if (requirements.failures == 0) {
        why += QStringLiteral(", %1").arg(survivesText(first.failures, first.controllerLoss));
    } else if (first.controllerLoss && first.failures > 0) {
        why += *first.controllerLoss ? QStringLiteral(", survives the loss of a controller")
                                     : QStringLiteral(", does not survive the loss of a controller");
    }
    return why;
}

QString detailOf(const RankedLayout& layout, const QHash<Measure, double>& best, const QList<Measure>& shown)
{
    QStringList parts;
    for (const Measure measure : shown) {
        const auto found = std::find_if(layout.values.begin(), layout.values.end(),
                                        [measure](const auto& value) { return value.first == measure; });
        if (found == layout.values.end()) {
            continue;
        }
        const double pct = 100.0 * found->second / best.value(measure, found->second);
        parts.append(QStringLiteral("%1 %2 (%3 % of the best)")
                         .arg(Requirements::measureName(measure), formatValue(measure, found->second))
                         .arg(qRound(pct)));
    }
    return parts.join(QStringLiteral(", "));
}

/// The tie-breaker between two layouts of the same rounded score, as a phrase ("keeps more space").
QString tieBreak(const RankedLayout& higher, const RankedLayout& lower)
{
    if (qRound(higher.spacePct) != qRound(lower.spacePct)) {
        return QStringLiteral("keeps more space");
    }
    if (higher.failures != lower.failures) {
        return QStringLiteral("survives more failures");
    }
    if (higher.predicted != lower.predicted) {
        return QStringLiteral("was measured");
    }
    return QStringLiteral("comes first by name");
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
QList<const Candidate*> qualifyingOf(const QList<Candidate>& candidates, const Requirements& requirements,
                                     QList<ExcludedLayout>& excluded)
{
    QList<const Candidate*> qualifying;
    for (const Candidate& candidate : candidates) {
        if (!candidate.unusable.isEmpty()) {
            excluded.append({candidate.name, candidate.unusable, candidate.predicted, 0, 0, candidate.spacePct,
                             candidate.failures});
            continue;
        }
        const Misses misses = missesOf(candidate, requirements);
        if (!misses.reasons.isEmpty()) {
            excluded.append({candidate.name,
                             (candidate.predicted ? QStringLiteral("predicted, not run; ") : QString()) +
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
bool rankQualifying(const QList<const Candidate*>& qualifying, const ScoringTerms& scoring, const QList<Measure>& shown,
                    Recommendation& answer)
{
    bool anyPredicted = false;
    for (const Candidate* candidate : std::as_const(qualifying)) {
        const QStringList missing = missingOf(*candidate, scoring);
        if (scoring.terms.isEmpty()) {
            answer.excluded.append({candidate->name, QStringLiteral("nothing it was measured on can rank it"),
                                    candidate->predicted, 0, 0, candidate->spacePct, candidate->failures});
            continue;
        }
        if (!missing.isEmpty()) {
            answer.excluded.append(
                {candidate->name,
                 candidate->predicted
                     ? QStringLiteral("predicted, not run: the model gives sequential speed only, not %1; "
                                      "run it to rank it")
                           .arg(listNames(missing))
                     : QStringLiteral("not measured on %1").arg(listNames(missing)),
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

/// Why each ranked layout stands where it does: the first against the requirements, the others
/// against the one above and the first.
void explainRanks(Recommendation& answer, const CampaignResults& results, const Requirements& requirements,
                  int qualifying, const ScoringTerms& scoring, const QList<Measure>& shown)
{
    const QString measureText = requirements.measureText();
    const bool severalControllers = spansControllers(results);
    for (int i = 0; i < answer.ranked.size(); ++i) {
        RankedLayout& layout = answer.ranked[i];
        // Losing a controller is said of a layout only where there is more than one to lose.
        const std::optional<bool> controllerLoss = severalControllers ? layout.controllerLoss : std::nullopt;
        if (i == 0) {
            RankedLayout said = layout;
            said.controllerLoss = controllerLoss;
            layout.why = whyFirst(said, requirements, qualifying, int(answer.ranked.size()), measureText);
            if (answer.ranked.size() > 1 && qRound(answer.ranked.at(1).score) == qRound(layout.score)) {
                layout.why += QStringLiteral("; ties with %1 on speed and %2")
                                  .arg(answer.ranked.at(1).name, tieBreak(layout, answer.ranked.at(1)));
            }
        } else {
            const RankedLayout& top = answer.ranked.first();
            const RankedLayout& previous = answer.ranked.at(i - 1);
            layout.why = qRound(previous.score) == qRound(layout.score)
                ? QStringLiteral("as fast as %1 (score %2), which %3")
                      .arg(previous.name)
                      .arg(qRound(layout.score))
                      .arg(tieBreak(previous, layout))
                : QStringLiteral("scores %1 against %2's %3")
                      .arg(qRound(layout.score))
                      .arg(top.name)
                      .arg(qRound(top.score));
            layout.why += QStringLiteral(": %1; keeps %2 of the space, %3")
                              .arg(detailOf(layout, scoring.best, shown), spaceText(layout.spacePct),
                                   survivesText(layout.failures, controllerLoss));
        }
        if (layout.predicted) {
            layout.why = QStringLiteral("predicted, not run: ") + layout.why;
        }
        if (!layout.unstable.isEmpty()) {
            QStringList names;
            for (const Measure measure : std::as_const(layout.unstable)) {
                names.append(Requirements::measureName(measure));
            }
            layout.why += QStringLiteral("; unstable: its %1 still varied more than the plan allows, so its rank "
                                         "is less sure than its score says")
                              .arg(names.join(QStringLiteral(" and ")));
        }
    }
}

/// The one sentence above the ranking: the first layout and why, or why there is none.
QString summaryOf(Recommendation& answer, const CampaignResults& results, const Requirements& requirements,
                  bool anyQualifying, bool anyCandidate)
{
    const QString impossible = impossibility(results, requirements);
    const QString scope = requirements.describe();
    if (!answer.ranked.isEmpty()) {
        const RankedLayout& first = answer.ranked.first();
        return QStringLiteral("%1%2: %3.")
            .arg(first.name, first.predicted ? QStringLiteral(" (predicted)") : QString(),
                 first.why.startsWith(QLatin1String("predicted, not run: ")) ? first.why.mid(20) : first.why);
    }
    if (anyQualifying) {
        return QStringLiteral("No layout that can %1 was measured on %2: add those tests to the plan.")
            .arg(scope.isEmpty() ? QStringLiteral("be ranked") : scope, requirements.measureText());
    }
    if (!impossible.isEmpty()) {
        answer.impossible = true;
        return QStringLiteral("Nothing can meet this: %1%2.").arg(impossible, nearestText(answer.excluded));
    }
    if (!anyCandidate) {
        return QStringLiteral("No layout was measured.");
    }
    return QStringLiteral("No measured layout can %1%2.")
        .arg(scope.isEmpty() ? QStringLiteral("be ranked") : scope, nearestText(answer.excluded));
}

} // namespace

Recommendation recommend(const CampaignResults& results, const Requirements& requirements, bool predictMissing)
{
    Recommendation answer;
    answer.requirements = requirements;
    if (!results.comparedLabels.isEmpty()) {
        // The same layouts at other times or on other hosts: ranking them against each other answers
        // nothing about which layout to choose.
        answer.summary = QStringLiteral("A comparison of several runs has no recommendation: open one results file "
                                        "to rank its layouts.");
        return answer;
    }
    const QList<Candidate> candidates = candidatesOf(results, predictMissing);

    const QList<const Candidate*> qualifying = qualifyingOf(candidates, requirements, answer.excluded);

    // Measured numbers decide which measures count; a prediction never adds a measure of its own.
    QList<const Candidate*> measured;
    for (const Candidate* candidate : std::as_const(qualifying)) {
        if (!candidate->predicted) {
            measured.append(candidate);
        }
    }
    ScoringTerms scoring = scoringTerms(requirements, measured.isEmpty() ? qualifying : measured);
    for (const QString& dropped : qualifying.isEmpty() ? QStringList() : scoring.dropped) {
        answer.notes.append(QStringLiteral("No layout that qualifies was measured on %1: it is left out of the "
                                           "ranking.")
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
    const bool anyPredicted = rankQualifying(qualifying, scoring, shown, answer);
    if (anyPredicted) {
        answer.notes.append(QStringLiteral("Layouts marked predicted were not run: their sequential speed comes "
                                           "from the throughput model and the disks' own speeds."));
    }

    explainRanks(answer, results, requirements, int(qualifying.size()), scoring, shown);
    answer.summary = summaryOf(answer, results, requirements, !qualifying.isEmpty(), !candidates.isEmpty());
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
    const QString scope = requirements.describe();
    QString text = QStringLiteral("Layouts%1, ranked on %2:\n\n")
                       .arg(scope.isEmpty() ? QString() : QStringLiteral(" that ") + scope, requirements.measureText());
    text += summary + QLatin1Char('\n');
    if (!ranked.isEmpty()) {
        text += QLatin1Char('\n');
        for (int i = 0; i < ranked.size(); ++i) {
            text += QStringLiteral("%1. %2  score %3\n   %4\n")
                        .arg(i + 1, 2)
                        .arg(ranked.at(i).name)
                        .arg(qRound(ranked.at(i).score))
                        .arg(ranked.at(i).why);
        }
    }
    if (!excluded.isEmpty()) {
        text += QStringLiteral("\nLeft out:\n");
        for (const ExcludedLayout& layout : excluded) {
            text += QStringLiteral("   %1: %2\n").arg(layout.name, layout.why);
        }
    }
    for (const QString& note : notes) {
        text += QStringLiteral("\nNote: %1\n").arg(note);
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
            .arg(scope.isEmpty() ? QString() : QStringLiteral(" that ") + scope, requirements.measureText(),
                 requirements.text().isEmpty() ? QStringLiteral("no requirement") : requirements.text(), cell(summary));
    if (!ranked.isEmpty()) {
        md += QStringLiteral("\n| rank | layout | score | why |\n|---:|---|---:|---|\n");
        for (int i = 0; i < ranked.size(); ++i) {
            md += QStringLiteral("| %1 | %2%3 | %4 | %5 |\n")
                      .arg(i + 1)
                      .arg(cell(ranked.at(i).name), ranked.at(i).predicted ? QStringLiteral(" (predicted)") : QString())
                      .arg(qRound(ranked.at(i).score))
                      .arg(cell(ranked.at(i).why));
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

Tradeoff tradeoff(const CampaignResults& results, const Requirements& requirements)
{
    Tradeoff chart;
    if (!results.comparedLabels.isEmpty()) {
        return chart;
    }
    // The same candidates and scores as the ranking: the best that qualifies is 100, so a layout the
    // requirements leave out may score above it.
    const QList<Candidate> candidates = candidatesOf(results, true);
    QList<const Candidate*> usable;
    QList<const Candidate*> qualifying;
    for (const Candidate& candidate : candidates) {
        if (!candidate.unusable.isEmpty()) {
            continue;
        }
        usable.append(&candidate);
        if (missesOf(candidate, requirements).reasons.isEmpty()) {
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
    ScoringTerms scoring = scoringTerms(requirements, measured.isEmpty() ? reference : measured);
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
    const bool megabytes = raw && unitTitle(measures.first()) == QLatin1String("MB/s");
    chart.speedTitle = raw
        ? QStringLiteral("%1 (%2)").arg(Requirements::measureName(measures.first()), unitTitle(measures.first()))
        : qualifying.isEmpty() ? QStringLiteral("score (100 = the best of all; none qualifies)")
                               : QStringLiteral("score (100 = the best that qualifies)");
    if (scoring.terms.isEmpty()) {
        return chart;
    }
    const Recommendation answer = recommend(results, requirements);
    QList<std::pair<double, double>> frontXy;
    QList<int> frontIndex;
    for (const Candidate* candidate : std::as_const(usable)) {
        if (!missingOf(*candidate, scoring).isEmpty()) {
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
            QStringLiteral("%1%2").arg(candidate->name,
                                       candidate->predicted ? QStringLiteral(" (predicted, not run)") : QString()),
            QStringLiteral("keeps %1 of the space, %2")
                .arg(spaceText(candidate->spacePct),
                     survivesText(candidate->failures,
                                  spansControllers(results) ? candidate->controllerLoss : std::nullopt))};
        for (const Measure measure : std::as_const(measures)) {
            lines.append(QStringLiteral("%1: %2").arg(Requirements::measureName(measure),
                                                      formatValue(measure, candidate->values.value(measure))));
        }
        if (!raw) {
            lines.append(QStringLiteral("score %1").arg(qRound(score)));
        }
        for (const ExcludedLayout& excluded : answer.excluded) {
            if (excluded.name == candidate->name) {
                lines.append(QStringLiteral("left out: %1").arg(excluded.why));
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

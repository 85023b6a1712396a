#include "results/recommend.h"

#include "fs/filetests.h"
#include "layout/arrayanalysis.h"
#include "layout/presets.h"
#include "results/analysis.h"
#include "util/translation.h"
#include "util/units.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QLocale>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <functional>

namespace RaidBench {

namespace {

/// The answer's words for whom it is built: English for a file, the user's language for a person.
struct Words
{
    Audience audience = Audience::File;

    QString operator()(const char* english) const { return phrase(audience, "Recommendation", english); }
};

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

QString unitTitle(const Words& say, Measure measure)
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
        return say(QT_TRANSLATE_NOOP("Recommendation", "seeks/s"));
    case Measure::SmallFilesCreate:
    case Measure::SmallFilesRead:
        return say(QT_TRANSLATE_NOOP("Recommendation", "files/s"));
    case Measure::Command:
        return say(QT_TRANSLATE_NOOP("Recommendation", "runs/s"));
    }
    return {};
}

QString formatValue(const Words& say, Measure measure, double value)
{
    switch (measure) {
    case Measure::SeqWrite:
    case Measure::SeqRead:
    case Measure::FileSeqWrite:
    case Measure::FileSeqRead:
        return number(say.audience, value / 1e6, 1) + QStringLiteral(" MB/s");
    case Measure::RandomWrite:
    case Measure::RandomRead:
    case Measure::FileSeeks:
    case Measure::SmallFilesCreate:
    case Measure::SmallFilesRead:
        // "2,059 IOPS": digits grouped, in English for a file, as the user's locale groups them for a person.
        return (say.audience == Audience::Person ? QLocale() : QLocale(QLocale::English)).toString(qRound64(value)) +
            QLatin1Char(' ') + unitTitle(say, measure);
    case Measure::Command:
        return number(say.audience, 1.0 / value, 2) + QStringLiteral(" s");
    }
    return {};
}

/// "75 %": space kept as the reports show it.
QString spaceText(const Words& say, double pct)
{
    return number(say.audience, pct, 0) + QStringLiteral(" %");
}

QString survivesText(const Words& say, int failures)
{
    return failures == 0 ? say(QT_TRANSLATE_NOOP("Recommendation", "survives no failure"))
        : failures == 1  ? say(QT_TRANSLATE_NOOP("Recommendation", "survives 1 failure"))
                         : say(QT_TRANSLATE_NOOP("Recommendation", "survives %1 failures")).arg(failures);
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
QString survivesText(const Words& say, int failures, std::optional<bool> controllerLoss)
{
    if (!controllerLoss || failures == 0) {
        return survivesText(say, failures);
    }
    return *controllerLoss
        ? survivesText(say, failures) + say(QT_TRANSLATE_NOOP("Recommendation", " and the loss of a controller"))
        : survivesText(say, failures) + say(QT_TRANSLATE_NOOP("Recommendation", ", not the loss of a controller"));
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

Misses missesOf(const Words& say, const Candidate& candidate, const Requirements& requirements)
{
    Misses misses;
    if (candidate.failures < requirements.failures) {
        misses.reasons.append(say(QT_TRANSLATE_NOOP("Recommendation", "%1; %2 needed"))
                                  .arg(survivesText(say, candidate.failures))
                                  .arg(requirements.failures));
        misses.shortfall += requirements.failures - candidate.failures;
    }
    if (requirements.controllerLoss && candidate.controllerLoss != true) {
        misses.reasons.append(candidate.oneController
                                  ? say(QT_TRANSLATE_NOOP("Recommendation", "all its disks are on one controller"))
                                  : !candidate.controllerLoss
                                  ? say(QT_TRANSLATE_NOOP("Recommendation", "its disks' controllers are not known"))
                                  : say(QT_TRANSLATE_NOOP("Recommendation", "losing one controller takes it down")));
        misses.shortfall += 1;
    }
    if (!keepsEnough(candidate.spacePct, requirements.minSpacePct)) {
        misses.reasons.append(say(QT_TRANSLATE_NOOP("Recommendation", "keeps %1 of the space; %2 % needed"))
                                  .arg(spaceText(say, candidate.spacePct))
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

QList<Candidate> candidatesOf(const Words& say, const CampaignResults& results, bool predictMissing)
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
            candidate.unusable = config.error.isEmpty()
                ? say(QT_TRANSLATE_NOOP("Recommendation", "its run failed"))
                : say(QT_TRANSLATE_NOOP("Recommendation", "its run failed: %1")).arg(config.error);
        } else if (config.status == RunState::Cancelled) {
            candidate.unusable = say(QT_TRANSLATE_NOOP("Recommendation", "its run was cancelled"));
        } else if (config.status == RunState::Skipped) {
            candidate.unusable = say(QT_TRANSLATE_NOOP("Recommendation", "it was skipped"));
        } else if (config.status != RunState::Completed) {
            candidate.unusable = say(QT_TRANSLATE_NOOP("Recommendation", "it is not measured yet"));
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

ScoringTerms scoringTerms(const Words& say, const Requirements& requirements, const QList<const Candidate*>& pool)
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
            scoring.dropped.append(one.measureText(say.audience));
        } else {
            scoring.terms.append({kept, weight});
        }
    }
    return scoring;
}

/// The measures of `scoring` that `candidate` lacks.
QStringList missingOf(const Words& say, const Candidate& candidate, const ScoringTerms& scoring)
{
    QStringList missing;
    for (const auto& [measures, weight] : scoring.terms) {
        for (const Measure measure : measures) {
            if (!candidate.values.contains(measure)) {
                missing.append(Requirements::measureName(measure, say.audience));
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
            .arg(count, failures)
            .arg(most, 0, 'f', 0);
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
        parts.append(
            say(QT_TRANSLATE_NOOP("Recommendation", "%1 %2 (%3 % of the best)"))
                .arg(Requirements::measureName(measure, say.audience), formatValue(say, measure, found->second))
                .arg(qRound(pct)));
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
                                             "predicted, not run: the model gives sequential speed only, not %1; "
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

/// Why each ranked layout stands where it does: the first against the requirements, the others
/// against the one above and the first.
void explainRanks(const Words& say, Recommendation& answer, const CampaignResults& results,
                  const Requirements& requirements, int qualifying, const ScoringTerms& scoring,
                  const QList<Measure>& shown)
{
    const QString measureText = requirements.measureText(say.audience);
    const bool severalControllers = spansControllers(results);
    for (int i = 0; i < answer.ranked.size(); ++i) {
        RankedLayout& layout = answer.ranked[i];
        // Losing a controller is said of a layout only where there is more than one to lose.
        const std::optional<bool> controllerLoss = severalControllers ? layout.controllerLoss : std::nullopt;
        if (i == 0) {
            RankedLayout said = layout;
            said.controllerLoss = controllerLoss;
            layout.why = whyFirst(say, said, requirements, qualifying, int(answer.ranked.size()), measureText);
            if (answer.ranked.size() > 1 && qRound(answer.ranked.at(1).score) == qRound(layout.score)) {
                layout.why += say(QT_TRANSLATE_NOOP("Recommendation", "; ties with %1 on speed and %2"))
                                  .arg(answer.ranked.at(1).name, tieBreak(say, layout, answer.ranked.at(1)));
            }
        } else {
            const RankedLayout& top = answer.ranked.first();
            const RankedLayout& previous = answer.ranked.at(i - 1);
            layout.why = qRound(previous.score) == qRound(layout.score)
                ? say(QT_TRANSLATE_NOOP("Recommendation", "as fast as %1 (score %2), which %3"))
                      .arg(previous.name)
                      .arg(qRound(layout.score))
                      .arg(tieBreak(say, previous, layout))
                : say(QT_TRANSLATE_NOOP("Recommendation", "scores %1 against %2's %3"))
                      .arg(qRound(layout.score))
                      .arg(top.name)
                      .arg(qRound(top.score));
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
    if (anyPredicted) {
        answer.notes.append(say(QT_TRANSLATE_NOOP("Recommendation",
                                                  "Layouts marked predicted were not run: their sequential speed comes "
                                                  "from the throughput model and the disks' own speeds.")));
    }

    explainRanks(say, answer, results, requirements, int(qualifying.size()), scoring, shown);
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
                            requirements.measureText(audience));
    text += summary + QLatin1Char('\n');
    if (!ranked.isEmpty()) {
        text += QLatin1Char('\n');
        for (int i = 0; i < ranked.size(); ++i) {
            text += say(QT_TRANSLATE_NOOP("Recommendation", "%1. %2  score %3\n   %4\n"))
                        .arg(i + 1, 2)
                        .arg(ranked.at(i).name)
                        .arg(qRound(ranked.at(i).score))
                        .arg(ranked.at(i).why);
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

Tradeoff tradeoff(const CampaignResults& results, const Requirements& requirements, Audience audience)
{
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
    chart.speedTitle = raw ? QStringLiteral("%1 (%2)").arg(Requirements::measureName(measures.first(), audience),
                                                           unitTitle(say, measures.first()))
        : qualifying.isEmpty()
        ? say(QT_TRANSLATE_NOOP("Recommendation", "score (100 = the best of all; none qualifies)"))
        : say(QT_TRANSLATE_NOOP("Recommendation", "score (100 = the best that qualifies)"));
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

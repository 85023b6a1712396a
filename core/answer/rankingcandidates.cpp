#include "answer/rankingcandidates.h"

#include "fs/filetests.h"
#include "layout/arrayanalysis.h"
#include "layout/presets.h"
#include "model/analysis.h"
#include "model/randommodel.h"

#include <QCoreApplication>
#include <QLocale>
#include <QSet>

#include <cmath>
#include <functional>

namespace RaidBench::Ranking {

namespace {

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

/// Whether the sequential write's runs ended before the disks had written out what their caches held.
bool cachesHeldWrite(const ConfigResult& config)
{
    const TestResult* write = config.sequentialTest(true);
    return write && write->summary.cachesHeldSome();
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
    case Measure::SeqWrite: {
        // A write whose runs ended before the disks' caches were written out ranks on what the disks wrote
        // through them: what a write longer than the caches gets.
        if (cachesHeldWrite(config)) {
            return positive(config.sequentialTest(true)->summary.writtenThroughMedian);
        }
        return positive(config.sequentialWrite());
    }
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

} // namespace

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
        return formatMBps(say.audience, value);
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

QString survivesText(const Words& say, int failures, std::optional<bool> controllerLoss)
{
    if (!controllerLoss || failures == 0) {
        return survivesText(say, failures);
    }
    return *controllerLoss
        ? survivesText(say, failures) + say(QT_TRANSLATE_NOOP("Recommendation", " and the loss of a controller"))
        : survivesText(say, failures) + say(QT_TRANSLATE_NOOP("Recommendation", ", not the loss of a controller"));
}

bool keepsEnough(double pct, double needed)
{
    return pct + 0.5 >= needed;
}

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
                                  .arg(spaceText(say, candidate.spacePct),
                                       say.audience == Audience::Person
                                           ? QLocale().toString(requirements.minSpacePct)
                                           : QString::number(requirements.minSpacePct, 'g', 6)));
        misses.shortfall += (requirements.minSpacePct - candidate.spacePct) / 25.0;
    }
    return misses;
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
        candidate.cachedWrite = cachesHeldWrite(config);
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
        const RandomPrediction random = predictRandom(sized, accessLookup(results), randomCeiling(results));
        if (random.writeIops) {
            candidate.values.insert(Measure::RandomWrite, *random.writeIops);
        }
        if (random.readIops) {
            candidate.values.insert(Measure::RandomRead, *random.readIops);
        }
        candidates.append(candidate);
    }
    return candidates;
}

ScoringTerms scoringTerms(const Words& say, const Requirements& requirements, const QList<const Candidate*>& pool)
{
    ScoringTerms scoring;
    QList<std::pair<QString, double>> kept;
    for (const auto& [name, weight] : requirements.terms()) {
        QList<Measure> measures;
        for (const Measure measure : Requirements::measuresOf(name)) {
            double best = 0;
            for (const Candidate* candidate : pool) {
                best = std::max(best, candidate->values.value(measure, 0));
            }
            if (best > 0) {
                measures.append(measure);
                scoring.best.insert(measure, best);
            }
        }
        if (measures.isEmpty()) {
            Requirements one;
            one.weights = {{name, 1.0}};
            scoring.dropped.append(one.measureText(say.audience));
        } else {
            scoring.terms.append({measures, weight});
            kept.append({name, weight});
        }
    }
    scoring.rankedOn = requirements;
    if (!scoring.dropped.isEmpty() && !kept.isEmpty()) {
        scoring.rankedOn.weights = kept;
    }
    return scoring;
}

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

} // namespace RaidBench::Ranking

#include "answer/quickanswer.h"

#include "layout/presets.h"
#include "model/analysis.h"
#include "util/jsonvalues.h"
#include "util/runstate.h"
#include "util/units.h"

#include <QJsonArray>

#include <algorithm>

namespace RaidBench {

namespace {

std::optional<double> measuredOver(const std::optional<double>& measured, const std::optional<double>& predicted)
{
    if (!predicted || !measured || *predicted <= 0) {
        return std::nullopt;
    }
    return *measured / *predicted;
}

} // namespace

std::optional<double> VerifiedLayout::ratio(bool write) const
{
    return write ? measuredOver(measuredWrite, predictedWrite) : measuredOver(measuredRead, predictedRead);
}

std::optional<double> VerifiedLayout::randomRatio(bool write) const
{
    return write ? measuredOver(measuredRandomWrite, predictedRandomWrite)
                 : measuredOver(measuredRandomRead, predictedRandomRead);
}

QList<TestSpec> QuickAnswer::modelledTests()
{
    QList<TestSpec> tests;
    for (const char* id : {"seq1m-qd8-write", "seq1m-qd8-read", "rnd4k-qd32-write", "rnd4k-qd32-read"}) {
        if (auto spec = TestSpec::fromJson(QJsonValue(QLatin1String(id)))) {
            tests.append(*spec);
        }
    }
    return tests;
}

CampaignPlan QuickAnswer::measurePlan(CampaignPlan base)
{
    base.baselines = true;
    base.together = true;
    base.allConfigurations = false;
    base.configurations.clear();
    base.surface = SurfaceSpec();
    // The model needs each disk's steady sequential rate, which a second of it shows.
    base.settleBaselines = true;
    return base;
}

QStringList QuickAnswer::choose(const Recommendation& predicted, int count)
{
    QStringList names;
    for (const RankedLayout& layout : predicted.ranked) {
        if (names.size() >= count) {
            break;
        }
        names.append(layout.name);
    }
    return names;
}

QString QuickAnswer::unbuiltFirst(const Recommendation& ranking)
{
    return !ranking.ranked.isEmpty() && ranking.ranked.first().predicted ? ranking.ranked.first().name : QString();
}

CampaignResults QuickAnswer::withConfigs(CampaignResults built, const CampaignResults& more)
{
    built.configs += more.configs;
    built.status = more.status;
    built.updated = more.updated;
    if (!more.host.isEmpty()) {
        built.host = more.host;
    }
    return built;
}

CampaignPlan QuickAnswer::verifyPlan(const CampaignPlan& measure, const CampaignResults& measured,
                                     const QStringList& names)
{
    CampaignPlan plan = measure;
    plan.expectedDisks.clear();
    for (const DiskResult& disk : measured.disks) {
        plan.expectedDisks.append({disk.path, disk.serial, disk.model, disk.sizeBytes});
    }
    plan.baselines = false;
    plan.together = false;
    plan.allConfigurations = false;
    plan.configurations.clear();
    for (const QString& name : names) {
        ConfigSpec config;
        config.name = name;
        config.preset = name;
        plan.configurations.append(config);
    }
    return plan;
}

CampaignResults QuickAnswer::merged(const CampaignResults& measured, const CampaignResults& verified)
{
    CampaignResults results = measured;
    results.configs = verified.configs;
    results.status = verified.status;
    results.updated = verified.updated;
    if (!verified.host.isEmpty()) {
        // The second run read the kernel's parity speeds once it built an array.
        results.host = verified.host;
    }
    analyzeResults(results);
    return results;
}

void QuickAnswer::compare(const Recommendation& before, const CampaignResults& merged)
{
    verified.clear();
    firstPredicted = before.ranked.isEmpty() ? QString() : before.ranked.first().name;
    for (const ConfigResult& config : merged.configs) {
        VerifiedLayout layout;
        layout.name = config.name;
        layout.status = config.status;
        for (int i = 0; i < before.ranked.size(); ++i) {
            const RankedLayout& ranked = before.ranked.at(i);
            if (ranked.name != config.name) {
                continue;
            }
            layout.predictedRank = i + 1;
            for (const auto& [measure, value] : ranked.values) {
                if (measure == Measure::SeqWrite) {
                    layout.predictedWrite = value;
                } else if (measure == Measure::SeqRead) {
                    layout.predictedRead = value;
                } else if (measure == Measure::RandomWrite) {
                    layout.predictedRandomWrite = value;
                } else if (measure == Measure::RandomRead) {
                    layout.predictedRandomRead = value;
                }
            }
        }
        // The models' figures for the layout as built, where the ranking did not hold them.
        layout.predictedWrite = layout.predictedWrite ? layout.predictedWrite : config.predictedWrite;
        layout.predictedRead = layout.predictedRead ? layout.predictedRead : config.predictedRead;
        layout.predictedRandomWrite =
            layout.predictedRandomWrite ? layout.predictedRandomWrite : config.predictedRandomWrite;
        layout.predictedRandomRead =
            layout.predictedRandomRead ? layout.predictedRandomRead : config.predictedRandomRead;
        layout.measuredWrite = config.sequentialWrite();
        layout.measuredRead = config.sequentialRead();
        layout.measuredRandomWrite = config.randomIops(true);
        layout.measuredRandomRead = config.randomIops(false);
        verified.append(layout);
    }
    const Recommendation after = recommend(merged, requirements, true);
    firstAfter = after.ranked.isEmpty() ? QString() : after.ranked.first().name;
    QList<PresetDisk> disks;
    for (const DiskResult& disk : merged.disks) {
        disks.append({disk.path, disk.sizeBytes, disk.controller, disk.label()});
    }
    layouts = int(presetsFor(disks).size());
}

double QuickAnswer::fullEstimateSeconds() const
{
    if (verified.isEmpty()) {
        return 0;
    }
    return measureSeconds + settledSeconds +
        verifySeconds / double(verified.size()) * double(std::max<qsizetype>(layouts, 1));
}

double QuickAnswer::savedBySettling(const CampaignResults& measured, const CampaignPlan& plan)
{
    if (!plan.settleBaselines || plan.timeLimitNs == 0) {
        return 0;
    }
    double saved = 0;
    for (const DiskResult& disk : measured.disks) {
        for (const std::optional<IoResult>* run : {&disk.writeRun, &disk.readRun}) {
            if (*run && (*run)->status == IoStatus::Completed) {
                saved += double(plan.timeLimitNs - std::min(plan.timeLimitNs, (*run)->elapsedNs)) / 1e9;
            }
        }
    }
    // Together, the disks ran for CampaignPlan::settledTogetherNs at most.
    qsizetype together = 0;
    for (const DisksTogether& group : measured.together) {
        together += (group.writeBw ? 1 : 0) + (group.readBw ? 1 : 0);
    }
    const std::uint64_t short_ = std::min(plan.timeLimitNs, CampaignPlan::settledTogetherNs);
    return saved + double(plan.timeLimitNs - short_) / 1e9 * double(together);
}

QJsonObject QuickAnswer::toJson() const
{
    QJsonArray layoutsArray;
    for (const VerifiedLayout& layout : verified) {
        layoutsArray.append(
            QJsonObject {{QStringLiteral("name"), layout.name},
                         {QStringLiteral("predicted_rank"), layout.predictedRank},
                         {QStringLiteral("status"), runStateName(layout.status)},
                         {QStringLiteral("predicted_write_bw_bytes"), optionalNumber(layout.predictedWrite)},
                         {QStringLiteral("predicted_read_bw_bytes"), optionalNumber(layout.predictedRead)},
                         {QStringLiteral("measured_write_bw_bytes"), optionalNumber(layout.measuredWrite)},
                         {QStringLiteral("measured_read_bw_bytes"), optionalNumber(layout.measuredRead)},
                         {QStringLiteral("predicted_rand_write_iops"), optionalNumber(layout.predictedRandomWrite)},
                         {QStringLiteral("predicted_rand_read_iops"), optionalNumber(layout.predictedRandomRead)},
                         {QStringLiteral("measured_rand_write_iops"), optionalNumber(layout.measuredRandomWrite)},
                         {QStringLiteral("measured_rand_read_iops"), optionalNumber(layout.measuredRandomRead)}});
    }
    return QJsonObject {{QStringLiteral("requirements"), requirements.text()},
                        {QStringLiteral("verify"), verify},
                        {QStringLiteral("layouts"), layouts},
                        {QStringLiteral("verified"), layoutsArray},
                        {QStringLiteral("first_predicted"), firstPredicted},
                        {QStringLiteral("first_after"), firstAfter},
                        {QStringLiteral("measure_seconds"), measureSeconds},
                        {QStringLiteral("settled_seconds"), settledSeconds},
                        {QStringLiteral("verify_seconds"), verifySeconds},
                        {QStringLiteral("full_estimate_seconds"), fullEstimateSeconds()}};
}

QuickAnswer QuickAnswer::fromJson(const QJsonObject& json)
{
    QuickAnswer answer;
    if (auto parsed = Requirements::parse(json.value(QStringLiteral("requirements")).toString())) {
        answer.requirements = *parsed;
    }
    answer.verify = json.value(QStringLiteral("verify")).toInt(defaultVerify);
    answer.layouts = json.value(QStringLiteral("layouts")).toInt();
    answer.firstPredicted = json.value(QStringLiteral("first_predicted")).toString();
    answer.firstAfter = json.value(QStringLiteral("first_after")).toString();
    answer.measureSeconds = json.value(QStringLiteral("measure_seconds")).toDouble();
    answer.settledSeconds = json.value(QStringLiteral("settled_seconds")).toDouble();
    answer.verifySeconds = json.value(QStringLiteral("verify_seconds")).toDouble();
    for (const auto& value : json.value(QStringLiteral("verified")).toArray()) {
        const QJsonObject object = value.toObject();
        VerifiedLayout layout;
        layout.name = object.value(QStringLiteral("name")).toString();
        layout.predictedRank = object.value(QStringLiteral("predicted_rank")).toInt();
        layout.status = parseRunState(object.value(QStringLiteral("status")).toString()).value_or(RunState::Pending);
        layout.predictedWrite = readOptional(object.value(QStringLiteral("predicted_write_bw_bytes")));
        layout.predictedRead = readOptional(object.value(QStringLiteral("predicted_read_bw_bytes")));
        layout.measuredWrite = readOptional(object.value(QStringLiteral("measured_write_bw_bytes")));
        layout.measuredRead = readOptional(object.value(QStringLiteral("measured_read_bw_bytes")));
        layout.predictedRandomWrite = readOptional(object.value(QStringLiteral("predicted_rand_write_iops")));
        layout.predictedRandomRead = readOptional(object.value(QStringLiteral("predicted_rand_read_iops")));
        layout.measuredRandomWrite = readOptional(object.value(QStringLiteral("measured_rand_write_iops")));
        layout.measuredRandomRead = readOptional(object.value(QStringLiteral("measured_rand_read_iops")));
        answer.verified.append(layout);
    }
    return answer;
}

namespace {

/// The built layouts' measured figures beside the models', sequential (MB/s) or random (IOPS).
QString comparisonTable(Audience audience, const QList<VerifiedLayout>& verified, bool random)
{
    const auto words = [audience](const char* english) { return phrase(audience, "QuickAnswer", english); };
    auto figure = [audience, random](const std::optional<double>& value) {
        return value ? number(audience, random ? *value : *value / 1e6, random ? 0 : 1) : QStringLiteral("-");
    };
    auto ratio = [audience](const std::optional<double>& value) {
        return value ? number(audience, *value, 2) : QStringLiteral("-");
    };
    QString text = random
        ? words(
              QT_TRANSLATE_NOOP("QuickAnswer", "Random 4K at QD32, built and measured, against the model (IOPS):\n\n"))
        : words(QT_TRANSLATE_NOOP("QuickAnswer", "Built and measured, against the model (MB/s):\n\n"));
    text += QStringLiteral("  %1 %2 %3 %4 %5 %6 %7 %8\n")
                .arg(words(QT_TRANSLATE_NOOP("QuickAnswer", "layout")).leftJustified(16),
                     words(QT_TRANSLATE_NOOP("QuickAnswer", "rank")).rightJustified(4),
                     words(QT_TRANSLATE_NOOP("QuickAnswer", "write")).rightJustified(8),
                     words(QT_TRANSLATE_NOOP("QuickAnswer", "predicted")).rightJustified(10),
                     words(QT_TRANSLATE_NOOP("QuickAnswer", "ratio")).rightJustified(6),
                     words(QT_TRANSLATE_NOOP("QuickAnswer", "read")).rightJustified(8),
                     words(QT_TRANSLATE_NOOP("QuickAnswer", "predicted")).rightJustified(10),
                     words(QT_TRANSLATE_NOOP("QuickAnswer", "ratio")).rightJustified(6));
    for (const VerifiedLayout& layout : verified) {
        text += QStringLiteral("  %1 %2 %3 %4 %5 %6 %7 %8%9\n")
                    .arg(layout.name.leftJustified(16),
                         (layout.predictedRank > 0 ? QString::number(layout.predictedRank) : QStringLiteral("-"))
                             .rightJustified(4),
                         figure(random ? layout.measuredRandomWrite : layout.measuredWrite).rightJustified(8),
                         figure(random ? layout.predictedRandomWrite : layout.predictedWrite).rightJustified(10),
                         ratio(random ? layout.randomRatio(true) : layout.ratio(true)).rightJustified(6),
                         figure(random ? layout.measuredRandomRead : layout.measuredRead).rightJustified(8),
                         figure(random ? layout.predictedRandomRead : layout.predictedRead).rightJustified(10),
                         ratio(random ? layout.randomRatio(false) : layout.ratio(false)).rightJustified(6),
                         layout.status == RunState::Completed
                             ? QString()
                             : QStringLiteral("  (%1)").arg(runStateText(layout.status, audience)));
    }
    return text;
}

} // namespace

QString QuickAnswer::toText(Audience audience) const
{
    const auto words = [audience](const char* english) { return phrase(audience, "QuickAnswer", english); };
    if (verified.isEmpty()) {
        return words(QT_TRANSLATE_NOOP("QuickAnswer",
                                       "Nothing was built: the answer rests on the model alone. Took %1 to measure the "
                                       "disks.\n"))
            .arg(Units::formatRoughDuration(measureSeconds));
    }
    QString text = comparisonTable(audience, verified, false);
    // The random table where a built layout was measured or predicted on random speed.
    const bool random = std::any_of(verified.cbegin(), verified.cend(), [](const VerifiedLayout& layout) {
        return layout.measuredRandomWrite || layout.measuredRandomRead || layout.predictedRandomWrite ||
            layout.predictedRandomRead;
    });
    if (random) {
        text += QLatin1Char('\n') + comparisonTable(audience, verified, true);
    }
    if (!firstPredicted.isEmpty()) {
        text += firstAfter == firstPredicted
            ? words(QT_TRANSLATE_NOOP("QuickAnswer", "\nThe measurement confirms the model's first choice: %1.\n"))
                  .arg(firstPredicted)
            : words(QT_TRANSLATE_NOOP("QuickAnswer", "\nThe model ranked %1 first; measured, %2 comes first.\n"))
                  .arg(firstPredicted,
                       firstAfter.isEmpty() ? words(QT_TRANSLATE_NOOP("QuickAnswer", "no layout")) : firstAfter);
    }
    text += words(QT_TRANSLATE_NOOP("QuickAnswer",
                                    "\nTook %1: the disks %2, %3 layout(s) built %4. Building all %5 layouts these "
                                    "disks allow, with the same tests, would take about %6.\n"))
                .arg(Units::formatRoughDuration(seconds()), Units::formatRoughDuration(measureSeconds),
                     QString::number(verified.size()), Units::formatRoughDuration(verifySeconds),
                     QString::number(layouts), Units::formatRoughDuration(fullEstimateSeconds()));
    return text;
}

} // namespace RaidBench

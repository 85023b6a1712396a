#include "results/testresult.h"

#include "util/errorcodes.h"
#include "util/jsonvalues.h"
#include "util/statistics.h"
#include "util/units.h"

#include <QJsonArray>

#include <algorithm>
#include <numeric>

namespace RaidBench {

RunSummary RunSummary::of(const QList<IoResult>& runs)
{
    RunSummary summary;
    QList<double> bandwidths;
    QList<double> iops;
    QList<double> p50;
    QList<double> p99;
    QList<double> through;
    bool everyRunThrough = true;
    for (const IoResult& run : runs) {
        if (run.status != IoStatus::Completed) {
            continue;
        }
        const std::optional<double> passed = run.writtenThroughBw();
        everyRunThrough = everyRunThrough && passed.has_value();
        through.append(passed.value_or(0));
        bandwidths.append(run.bandwidth());
        iops.append(run.iops());
        p50.append(double(run.latency.p50));
        p99.append(double(run.latency.p99));
    }
    summary.runs = int(bandwidths.size());
    if (bandwidths.isEmpty()) {
        return summary;
    }
    summary.bwMin = *std::min_element(bandwidths.begin(), bandwidths.end());
    summary.bwMax = *std::max_element(bandwidths.begin(), bandwidths.end());
    summary.bwMean = std::accumulate(bandwidths.begin(), bandwidths.end(), 0.0) / double(bandwidths.size());
    summary.bwMedian = median(bandwidths);
    summary.iopsMedian = median(iops);
    summary.latP50Median = median(p50);
    summary.latP99Median = median(p99);
    summary.cv = coefficientOfVariation(bandwidths);
    if (everyRunThrough) {
        summary.writtenThroughMedian = median(through);
    }
    return summary;
}

QJsonObject RunSummary::toJson() const
{
    return QJsonObject {{QStringLiteral("runs"), runs},
                        {QStringLiteral("bw_bytes_min"), bwMin},
                        {QStringLiteral("bw_bytes_median"), bwMedian},
                        {QStringLiteral("bw_bytes_max"), bwMax},
                        {QStringLiteral("bw_bytes_mean"), bwMean},
                        {QStringLiteral("iops_median"), iopsMedian},
                        {QStringLiteral("lat_p50_ns_median"), latP50Median},
                        {QStringLiteral("lat_p99_ns_median"), latP99Median},
                        {QStringLiteral("bw_cv"), cv},
                        {QStringLiteral("unstable"), unstable},
                        {QStringLiteral("written_through_bw_bytes_median"),
                         writtenThroughMedian ? QJsonValue(*writtenThroughMedian) : QJsonValue()}};
}

RunSummary RunSummary::fromJson(const QJsonObject& json)
{
    RunSummary summary;
    summary.runs = json.value(QStringLiteral("runs")).toInt();
    summary.bwMin = json.value(QStringLiteral("bw_bytes_min")).toDouble();
    summary.bwMedian = json.value(QStringLiteral("bw_bytes_median")).toDouble();
    summary.bwMax = json.value(QStringLiteral("bw_bytes_max")).toDouble();
    summary.bwMean = json.value(QStringLiteral("bw_bytes_mean")).toDouble();
    summary.iopsMedian = json.value(QStringLiteral("iops_median")).toDouble();
    summary.latP50Median = json.value(QStringLiteral("lat_p50_ns_median")).toDouble();
    summary.latP99Median = json.value(QStringLiteral("lat_p99_ns_median")).toDouble();
    summary.cv = json.value(QStringLiteral("bw_cv")).toDouble(-1);
    summary.unstable = json.value(QStringLiteral("unstable")).toBool();
    const QJsonValue through = json.value(QStringLiteral("written_through_bw_bytes_median"));
    if (through.isDouble()) {
        summary.writtenThroughMedian = through.toDouble();
    }
    return summary;
}

QJsonObject TestResult::toJson(bool withSamples) const
{
    QJsonArray runArray;
    for (const IoResult& run : runs) {
        runArray.append(run.toJson(withSamples));
    }
    QJsonObject json {{QStringLiteral("id"), spec.id()},
                      {QStringLiteral("name"), spec.name},
                      {QStringLiteral("kind"), testKindName(spec.kind)},
                      {QStringLiteral("params"), spec.toJson()},
                      {QStringLiteral("status"), runStateName(status)},
                      {QStringLiteral("source"), source},
                      {QStringLiteral("runs"), runArray},
                      {QStringLiteral("summary"), summary.toJson()}};
    if (!error.isEmpty()) {
        json.insert(QStringLiteral("error"), error);
    }
    if (!sweep.isEmpty()) {
        QJsonArray points;
        for (const auto& [size, point] : sweep) {
            QJsonObject entry = point.toJson();
            entry.insert(QStringLiteral("bs"), double(size));
            points.append(entry);
        }
        json.insert(QStringLiteral("sweep"), points);
    }
    if (!depthSweep.isEmpty()) {
        QJsonArray points;
        for (const auto& [depth, point] : depthSweep) {
            QJsonObject entry = point.toJson();
            entry.insert(QStringLiteral("qd"), depth);
            points.append(entry);
        }
        json.insert(QStringLiteral("qd_sweep"), points);
    }
    if (duringResync) {
        json.insert(QStringLiteral("during_resync"), true);
    }
    // Files keep what a test of another kind found under "extra", as they always have.
    QJsonObject extra = file ? file->toJson() : QJsonObject();
    if (!filesystem.isEmpty()) {
        extra.insert(QStringLiteral("filesystem"), filesystem);
    }
    if (!fioVersion.isEmpty()) {
        extra.insert(QStringLiteral("fio_version"), fioVersion);
    }
    if (!extra.isEmpty()) {
        json.insert(QStringLiteral("extra"), extra);
    }
    if (resources) {
        json.insert(QStringLiteral("resources"), resources->toJson());
    }
    if (spec.sustained) {
        json.insert(QStringLiteral("sustained"), sustained.toJson());
    }
    return json;
}

Result<TestResult> TestResult::fromJson(const QJsonObject& json)
{
    TestResult test;
    auto spec = TestSpec::fromJson(json.value(QStringLiteral("params")));
    if (!spec) {
        return spec.error();
    }
    test.spec = *spec;
    test.spec.name = json.value(QStringLiteral("name")).toString(test.spec.name);
    test.status = parseRunState(json.value(QStringLiteral("status")).toString(QStringLiteral("completed")))
                      .value_or(RunState::Failed);
    test.error = json.value(QStringLiteral("error")).toString();
    test.source = json.value(QStringLiteral("source")).toString(QStringLiteral("raidbench"));
    for (const auto& run : json.value(QStringLiteral("runs")).toArray()) {
        auto parsed = IoResult::fromJson(run.toObject());
        if (!parsed) {
            return parsed.error();
        }
        test.runs.append(*parsed);
    }
    test.summary = RunSummary::fromJson(json.value(QStringLiteral("summary")).toObject());
    for (const auto& point : json.value(QStringLiteral("sweep")).toArray()) {
        const QJsonObject entry = point.toObject();
        test.sweep.append(
            {std::uint32_t(std::min<std::uint64_t>(readUInt64(entry.value(QStringLiteral("bs"))), UINT32_MAX)),
             RunSummary::fromJson(entry)});
    }
    for (const auto& point : json.value(QStringLiteral("qd_sweep")).toArray()) {
        const QJsonObject entry = point.toObject();
        test.depthSweep.append({entry.value(QStringLiteral("qd")).toInt(), RunSummary::fromJson(entry)});
    }
    test.duringResync = json.value(QStringLiteral("during_resync")).toBool();
    const QJsonObject extra = json.value(QStringLiteral("extra")).toObject();
    // A file test that never ran (its file system would not mount) has no outcome to read.
    if (test.spec.isFileTest() &&
        (extra.contains(QStringLiteral("kind")) || extra.contains(QStringLiteral("phases")))) {
        test.file = FileTestResult::fromJson(extra);
        if (!extra.contains(QStringLiteral("kind"))) {
            test.file->kind = test.spec.kind;
        }
    }
    test.filesystem = extra.value(QStringLiteral("filesystem")).toString();
    test.fioVersion = extra.value(QStringLiteral("fio_version")).toString();
    test.resources = ResourceUse::fromJson(json.value(QStringLiteral("resources")).toObject());
    test.sustained = SustainedWrite::fromJson(json.value(QStringLiteral("sustained")).toObject());
    return test;
}

} // namespace RaidBench

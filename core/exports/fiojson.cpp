#include "exports/fiojson.h"

#include "engine/latencyhistogram.h"
#include "model/analysis.h"
#include "util/atomicfile.h"
#include "util/errorcodes.h"
#include "util/units.h"

#include <QDateTime>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <array>
#include <cmath>
#include <utility>
#include <vector>

namespace RaidBench {

namespace {

using LatencyBins = std::vector<std::pair<std::uint64_t, std::uint64_t>>;

/// The percentiles fio prints by default, with its keys.
constexpr std::array<double, 17> fioPercentileList {1,  5,  10, 20, 30,   40,   50,    60,   70,
                                                    80, 90, 95, 99, 99.5, 99.9, 99.95, 99.99};

QString fioPercentileKey(double percent)
{
    return QString::number(percent, 'f', 6);
}

LatencyHistogram fioHistogram(const LatencyBins& bins)
{
    LatencyHistogram histogram;
    for (const auto& [ns, count] : bins) {
        histogram.record(ns, count);
    }
    return histogram;
}

/// fio's min/max/mean/stddev/N of one latency kind; the deviation from the histogram's buckets (each
/// within 1.6 % of its samples).
QJsonObject fioLatencyStats(const LatencySummary& latency, std::uint64_t count, const LatencyBins& bins)
{
    double squares = 0;
    std::uint64_t binned = 0;
    for (const auto& [ns, n] : bins) {
        const double d = double(ns) - latency.mean;
        squares += d * d * double(n);
        binned += n;
    }
    const double stddev = binned > 1 ? std::sqrt(squares / double(binned - 1)) : 0.0;
    if (count == 0) {
        return {{QStringLiteral("min"), 0},
                {QStringLiteral("max"), 0},
                {QStringLiteral("mean"), 0.0},
                {QStringLiteral("stddev"), 0.0},
                {QStringLiteral("N"), 0}};
    }
    QJsonObject stats {{QStringLiteral("min"), double(latency.min)},
                       {QStringLiteral("max"), double(latency.max)},
                       {QStringLiteral("mean"), latency.mean},
                       {QStringLiteral("N"), double(count)}};
    if (binned) {
        stats.insert(QStringLiteral("stddev"), stddev); // not known for runs saved without their histogram
    }
    return stats;
}

/// fio's completion latency: its stats, percentiles and (json+) the histogram's bins. A run saved before
/// the bins were kept has the percentiles it kept.
QJsonObject fioCompletionLatency(const IoDirectionResult& part)
{
    QJsonObject clat = fioLatencyStats(part.latency, part.ios, part.bins);
    if (part.ios == 0) {
        return clat;
    }
    QJsonObject percentiles;
    if (!part.bins.empty()) {
        const LatencyHistogram histogram = fioHistogram(part.bins);
        for (const double percent : fioPercentileList) {
            percentiles.insert(fioPercentileKey(percent), double(histogram.percentile(percent)));
        }
        QJsonObject bins;
        for (const auto& [ns, count] : part.bins) {
            bins.insert(QString::number(ns), double(count));
        }
        clat.insert(QStringLiteral("bins"), bins);
    } else {
        for (const auto& [percent, value] : {std::pair {50.0, part.latency.p50}, std::pair {90.0, part.latency.p90},
                                             std::pair {99.0, part.latency.p99}, std::pair {99.9, part.latency.p999}}) {
            percentiles.insert(fioPercentileKey(percent), double(value));
        }
    }
    clat.insert(QStringLiteral("percentile"), percentiles);
    return clat;
}

QJsonObject fioMeanDeviation(const std::vector<double>& values, const QString& prefix, const QString& deviationKey)
{
    double sum = 0;
    double low = values.empty() ? 0 : values.front();
    double high = low;
    for (const double v : values) {
        sum += v;
        low = std::min(low, v);
        high = std::max(high, v);
    }
    const double mean = values.empty() ? 0 : sum / double(values.size());
    double squares = 0;
    for (const double v : values) {
        squares += (v - mean) * (v - mean);
    }
    return {{prefix + QStringLiteral("_min"), low},
            {prefix + QStringLiteral("_max"), high},
            {prefix + QStringLiteral("_mean"), mean},
            {deviationKey, values.size() > 1 ? std::sqrt(squares / double(values.size() - 1)) : 0.0},
            {prefix + QStringLiteral("_samples"), int(values.size())}};
}

/// One direction of one run with fio's keys. The engine times each I/O from its submission to its
/// completion: fio's clat and lat alike; submission latency is not measured apart (slat N is 0).
QJsonObject fioDirection(const IoResult& run, const IoDirectionResult& part)
{
    const double seconds = double(run.elapsedNs) / 1e9;
    const double bw = seconds > 0 ? double(part.bytes) / seconds : 0.0;
    const double share = run.bytes ? double(part.bytes) / double(run.bytes) : 0.0;
    QJsonObject side {{QStringLiteral("io_bytes"), double(part.bytes)},
                      {QStringLiteral("io_kbytes"), double(part.bytes / 1024)},
                      {QStringLiteral("bw_bytes"), std::round(bw)},
                      {QStringLiteral("bw"), std::round(bw / 1024)},
                      {QStringLiteral("iops"), seconds > 0 ? double(part.ios) / seconds : 0.0},
                      {QStringLiteral("runtime"), part.ios ? double(run.elapsedNs / 1'000'000) : 0.0},
                      {QStringLiteral("total_ios"), double(part.ios)},
                      {QStringLiteral("short_ios"), 0},
                      {QStringLiteral("drop_ios"), 0},
                      {QStringLiteral("slat_ns"), fioLatencyStats({}, 0, {})},
                      {QStringLiteral("clat_ns"), fioCompletionLatency(part)},
                      {QStringLiteral("lat_ns"), fioLatencyStats(part.latency, part.ios, part.bins)},
                      {QStringLiteral("bw_agg"), part.ios ? 100.0 : 0.0}};
    // Bandwidth and IOPS over the engine's ~100 ms samples (all directions together: this one's share).
    std::vector<double> kib;
    std::vector<double> iops;
    const double blockSize = part.ios ? double(part.bytes) / double(part.ios) : 0.0;
    for (const IoSample& sample : run.samples) {
        if (part.ios) {
            kib.push_back(sample.bwBytes * share / 1024);
            iops.push_back(blockSize > 0 ? sample.bwBytes * share / blockSize : 0.0);
        }
    }
    for (const QJsonObject& stats : {fioMeanDeviation(kib, QStringLiteral("bw"), QStringLiteral("bw_dev")),
                                     fioMeanDeviation(iops, QStringLiteral("iops"), QStringLiteral("iops_stddev"))}) {
        for (auto it = stats.begin(); it != stats.end(); ++it) {
            side.insert(it.key(), it.value());
        }
    }
    return side;
}

/// fio's share of I/Os per latency bucket (percent), over both directions: latency_ns, _us and _ms.
QJsonObject fioLatencyShares(const IoResult& run, const std::vector<std::uint64_t>& edges, std::uint64_t unit,
                             bool overflow)
{
    std::vector<std::uint64_t> counts(edges.size() + 1, 0);
    std::uint64_t total = 0;
    for (const IoDirectionResult* part : {&run.read, &run.write}) {
        for (const auto& [ns, count] : part->bins) {
            total += count;
            std::size_t i = 0;
            while (i < edges.size() && ns > edges[i] * unit) {
                ++i;
            }
            // fio counts each I/O in the first bucket whose edge it does not pass, starting at the
            // unit itself: below the first edge of _us are the I/Os of _ns.
            if (ns >= unit || unit == 1) {
                counts[i] += count;
            }
        }
    }
    QJsonObject shares;
    for (std::size_t i = 0; i < edges.size(); ++i) {
        shares.insert(QString::number(edges[i]), total ? 100.0 * double(counts[i]) / double(total) : 0.0);
    }
    if (overflow) {
        shares.insert(QStringLiteral(">=%1").arg(edges.back()),
                      total ? 100.0 * double(counts[edges.size()]) / double(total) : 0.0);
    }
    return shares;
}

/// fio's `job options`: the run's equivalent fio command, option by option ("--key=value"; a value with
/// spaces goes on to the next option; flags, which fio leaves out too, are left out).
QJsonObject fioJobOptions(const QString& command)
{
    QJsonObject options;
    QString key;
    QString value;
    const auto flush = [&] {
        if (!key.isEmpty()) {
            options.insert(key, value);
        }
        key.clear();
        value.clear();
    };
    for (const QString& word : command.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (word.startsWith(QLatin1String("--"))) {
            flush();
            const qsizetype equals = word.indexOf(QLatin1Char('='));
            if (equals > 2) {
                key = word.mid(2, equals - 2);
                value = word.mid(equals + 1);
            }
        } else if (!key.isEmpty()) {
            value += QLatin1Char(' ') + word;
        }
    }
    flush();
    return options;
}

/// fio's `iodepth_level`: the share of time at each depth. The engine keeps its queue full at the
/// depth it ran (effective_qd) from the end of the ramp to the end of the run.
QJsonObject fioDepthLevels(int depth)
{
    QJsonObject levels;
    const std::array<int, 6> steps {1, 2, 4, 8, 16, 32};
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const bool here = depth >= steps[i] && (i + 1 == steps.size() ? depth < 64 : depth < steps[i + 1]);
        levels.insert(QString::number(steps[i]), here ? 100.0 : 0.0);
    }
    levels.insert(QStringLiteral(">=64"), depth >= 64 ? 100.0 : 0.0);
    return levels;
}

/// One direction of a run; in results written before reads and writes were kept apart (only their byte
/// counts), its share of the run's I/Os and the run's latency.
IoDirectionResult fioPart(const IoResult& run, bool write)
{
    const IoDirectionResult& part = write ? run.write : run.read;
    const std::uint64_t bytes = write ? run.bytesWritten : run.bytesRead;
    if (part.ios > 0 || bytes == 0 || run.bytes == 0) {
        return part;
    }
    IoDirectionResult older = part;
    older.bytes = bytes;
    older.ios = std::uint64_t(std::llround(double(run.ios) * double(bytes) / double(run.bytes)));
    older.latency = run.latency;
    return older;
}

QJsonObject fioJob(const ConfigResult& config, const TestResult& test, qsizetype index)
{
    const IoResult& run = test.runs.at(index);
    const double seconds = double(run.elapsedNs) / 1e9;
    const QJsonObject none = fioDirection(run, IoDirectionResult {});
    QJsonObject job {
        {QStringLiteral("jobname"),
         test.runs.size() > 1
             ? QStringLiteral("%1/%2 run %3").arg(config.name, test.spec.id(), QString::number(index + 1))
             : QStringLiteral("%1/%2").arg(config.name, test.spec.id())},
        {QStringLiteral("groupid"), 0},
        {QStringLiteral("error"), run.error ? run.error->errnoValue : 0},
        {QStringLiteral("eta"), 0},
        {QStringLiteral("elapsed"), double((run.elapsedNs + run.job.rampNs + 500'000'000) / 1'000'000'000)},
        {QStringLiteral("job options"), fioJobOptions(run.fioCommand)},
        {QStringLiteral("read"), fioDirection(run, fioPart(run, false))},
        {QStringLiteral("write"), fioDirection(run, fioPart(run, true))},
        {QStringLiteral("trim"), none},
        {QStringLiteral("sync"),
         QJsonObject {{QStringLiteral("total_ios"), 0}, {QStringLiteral("lat_ns"), fioLatencyStats({}, 0, {})}}},
        {QStringLiteral("job_runtime"), double(run.elapsedNs / 1'000'000)},
        {QStringLiteral("usr_cpu"), seconds > 0 ? 100.0 * run.cpuUserS / seconds : 0.0},
        {QStringLiteral("sys_cpu"), seconds > 0 ? 100.0 * run.cpuSysS / seconds : 0.0},
        {QStringLiteral("iodepth_level"), fioDepthLevels(std::max(1, run.effectiveQueueDepth))},
    };
    if (run.read.bins.empty() && run.write.bins.empty()) {
        return job; // saved without the engine's histogram: fio's latency shares are not known
    }
    for (const auto& [key, shares] :
         {std::pair {QStringLiteral("latency_ns"),
                     fioLatencyShares(run, {2, 4, 10, 20, 50, 100, 250, 500, 750, 1000}, 1, false)},
          std::pair {QStringLiteral("latency_us"),
                     fioLatencyShares(run, {2, 4, 10, 20, 50, 100, 250, 500, 750, 1000}, 1000, false)},
          std::pair {QStringLiteral("latency_ms"),
                     fioLatencyShares(run, {2, 4, 10, 20, 50, 100, 250, 500, 750, 1000, 2000}, 1000000, true)}}) {
        job.insert(key, shares);
    }
    return job;
}

} // namespace

QJsonObject testToFioJson(const ConfigResult& config, const TestResult& test, const QString& createdIso)
{
    QDateTime when = QDateTime::fromString(createdIso, Qt::ISODate);
    if (!when.isValid()) {
        when = QDateTime::currentDateTimeUtc();
    }
    QJsonArray jobs;
    for (qsizetype i = 0; i < test.runs.size(); ++i) {
        jobs.append(fioJob(config, test, i));
    }
    return {{QStringLiteral("fio version"), QStringLiteral("raidbench (fio-3.33 json+ layout)")},
            {QStringLiteral("timestamp"), double(when.toSecsSinceEpoch())},
            {QStringLiteral("timestamp_ms"), double(when.toMSecsSinceEpoch())},
            {QStringLiteral("time"), when.toString(QStringLiteral("ddd MMM d HH:mm:ss yyyy"))},
            {QStringLiteral("jobs"), jobs}};
}

Result<int> exportFioJson(const CampaignResults& results, const QString& directory)
{
    if (!QDir().mkpath(directory)) {
        return makeError(ErrorCode::badOutput, QStringLiteral("cannot create %1").arg(directory));
    }
    static const QRegularExpression unsafe(QStringLiteral("[^A-Za-z0-9_.+-]"));
    int count = 0;
    for (const ConfigResult& config : results.configs) {
        for (const TestResult& test : config.tests) {
            if (test.spec.kind != TestKind::Io || test.runs.isEmpty()) {
                continue;
            }
            const QString name =
                QString(config.name + QLatin1Char('-') + test.spec.id()).replace(unsafe, QStringLiteral("_"));
            const QString path = directory + QLatin1Char('/') + name + QStringLiteral(".json");
            const QJsonObject fio = testToFioJson(config, test, results.created);
            if (auto ok = writeFileAtomically(path, QJsonDocument(fio).toJson()); !ok) {
                return ok.error();
            }
            ++count;
        }
    }
    return count;
}

namespace {

/// One direction of one fio job as a test of ours, or nothing when the job did none of it.
std::optional<TestResult> fioImportedTest(const QJsonObject& job, const QJsonObject& options, bool write,
                                          const QString& version)
{
    const QJsonObject side = job.value(write ? QStringLiteral("write") : QStringLiteral("read")).toObject();
    const double bw = side.value(QStringLiteral("bw_bytes")).toDouble();
    if (bw <= 0) {
        return std::nullopt;
    }
    TestResult test;
    test.source = QStringLiteral("fio");
    test.spec.kind = TestKind::Io;
    const QString rw = options.value(QStringLiteral("rw")).toString(QStringLiteral("read"));
    const bool random = rw.contains(QLatin1String("rand"));
    test.spec.pattern =
        write ? (random ? IoPattern::RandWrite : IoPattern::Write) : (random ? IoPattern::RandRead : IoPattern::Read);
    auto bs = Units::parseSize(options.value(QStringLiteral("bs")).toString(QStringLiteral("4k")));
    test.spec.blockSize = bs ? std::uint32_t(*bs) : 4096;
    test.spec.queueDepth = std::max(1, options.value(QStringLiteral("iodepth")).toString(QStringLiteral("1")).toInt());
    const int jobs = options.value(QStringLiteral("numjobs")).toString(QStringLiteral("1")).toInt();
    test.spec.name = QStringLiteral("fio %1 %2%3")
                         .arg(job.value(QStringLiteral("jobname")).toString(),
                              write ? QStringLiteral("write") : QStringLiteral("read"),
                              jobs > 1 ? QStringLiteral(" (%1 jobs)").arg(jobs) : QString());
    test.summary.runs = 1;
    test.summary.bwMin = test.summary.bwMedian = test.summary.bwMax = test.summary.bwMean = bw;
    test.summary.iopsMedian = side.value(QStringLiteral("iops")).toDouble();
    // fio gives completion percentiles for most engines, total latency for some (and json+ both).
    QJsonObject percentiles =
        side.value(QStringLiteral("clat_ns")).toObject().value(QStringLiteral("percentile")).toObject();
    if (percentiles.isEmpty()) {
        percentiles = side.value(QStringLiteral("lat_ns")).toObject().value(QStringLiteral("percentile")).toObject();
    }
    test.summary.latP50Median = percentiles.value(fioPercentileKey(50)).toDouble();
    test.summary.latP99Median = percentiles.value(fioPercentileKey(99)).toDouble();
    test.fioVersion = version;
    return test;
}

} // namespace

Result<void> importFioJson(CampaignResults& results, const QByteArray& fioJson, const QString& configName)
{
    // fio prints notes before its JSON; start at the first brace.
    const qsizetype start = fioJson.indexOf('{');
    QJsonParseError error {};
    const QJsonDocument document = QJsonDocument::fromJson(start >= 0 ? fioJson.mid(start) : fioJson, &error);
    const QJsonArray jobs = document.object().value(QStringLiteral("jobs")).toArray();
    if (error.error != QJsonParseError::NoError || !document.object().value(QStringLiteral("jobs")).isArray()) {
        return makeError(ErrorCode::badFioJson,
                         QStringLiteral("not fio --output-format=json output: %1").arg(error.errorString()));
    }
    const QString version = document.object().value(QStringLiteral("fio version")).toString();
    const QJsonObject global = document.object().value(QStringLiteral("global options")).toObject();
    QList<TestResult> tests;
    for (const QJsonValue& value : jobs) {
        const QJsonObject job = value.toObject();
        QJsonObject options = global;
        const QJsonObject own = job.value(QStringLiteral("job options")).toObject();
        for (auto it = own.begin(); it != own.end(); ++it) {
            options.insert(it.key(), it.value());
        }
        for (const bool write : {true, false}) {
            if (auto test = fioImportedTest(job, options, write, version)) {
                tests.append(*test);
            }
        }
    }
    if (tests.isEmpty()) {
        return makeError(ErrorCode::badFioJson,
                         QStringLiteral("the fio output has no job that read or wrote anything"));
    }
    ConfigResult* config = results.config(configName);
    if (!config) {
        ConfigResult fresh;
        fresh.name = configName;
        fresh.status = RunState::Completed;
        fresh.spec = ArraySpec::disk(QStringLiteral("/dev/fio-import"));
        results.configs.append(fresh);
        config = &results.configs.last();
    }
    config->tests += tests;
    analyzeResults(results);
    return {};
}

} // namespace RaidBench

#include "engine/ioresult.h"

#include "util/enumwords.h"
#include "util/errorcodes.h"
#include "util/jsonvalues.h"

#include <QJsonArray>

#include <algorithm>
#include <limits>

namespace RaidBench {

std::optional<double> IoResult::writtenThroughBw() const
{
    if (!flushAfterNs || !elapsedNs || bytesWritten == 0 || bytesRead != 0 || status != IoStatus::Completed) {
        return std::nullopt;
    }
    if (job.rampNs > 0 && rampElapsedNs == 0) {
        return std::nullopt; // written before the ramp was kept: its bytes are unknown
    }
    const double seconds = double(rampElapsedNs + elapsedNs + flushAfterNs) / 1e9;
    return double(rampBytesWritten + bytesWritten) / seconds;
}

namespace {

constexpr EnumWords<IoStatus, 3> statusWords {
    {{IoStatus::Completed, "completed"}, {IoStatus::Cancelled, "cancelled"}, {IoStatus::Failed, "failed"}}};

} // namespace

QString ioStatusName(IoStatus status)
{
    return enumWord(statusWords, status);
}

static std::uint64_t u64(const QJsonValue& value)
{
    return readUInt64(value);
}

static QJsonObject latencyJson(const LatencySummary& latency)
{
    return QJsonObject {{QStringLiteral("min"), double(latency.min)},   {QStringLiteral("p50"), double(latency.p50)},
                        {QStringLiteral("p90"), double(latency.p90)},   {QStringLiteral("p99"), double(latency.p99)},
                        {QStringLiteral("p999"), double(latency.p999)}, {QStringLiteral("max"), double(latency.max)},
                        {QStringLiteral("mean"), latency.mean}};
}

static LatencySummary latencyFromJson(const QJsonObject& lat)
{
    LatencySummary latency;
    latency.min = u64(lat.value(QStringLiteral("min")));
    latency.p50 = u64(lat.value(QStringLiteral("p50")));
    latency.p90 = u64(lat.value(QStringLiteral("p90")));
    latency.p99 = u64(lat.value(QStringLiteral("p99")));
    latency.p999 = u64(lat.value(QStringLiteral("p999")));
    latency.max = u64(lat.value(QStringLiteral("max")));
    latency.mean = lat.value(QStringLiteral("mean")).toDouble();
    return latency;
}

QJsonObject IoResult::toJson(bool withSamples) const
{
    QJsonObject json;
    json.insert(QStringLiteral("job"), job.toJson());
    json.insert(QStringLiteral("status"), ioStatusName(status));
    json.insert(QStringLiteral("bytes"), double(bytes));
    json.insert(QStringLiteral("bytes_read"), double(bytesRead));
    json.insert(QStringLiteral("bytes_written"), double(bytesWritten));
    json.insert(QStringLiteral("ios"), double(ios));
    json.insert(QStringLiteral("elapsed_ns"), double(elapsedNs));
    json.insert(QStringLiteral("bw_bytes"), bandwidth());
    json.insert(QStringLiteral("iops"), iops());
    json.insert(QStringLiteral("lat_ns"), latencyJson(latency));
    json.insert(QStringLiteral("latency_timing"), latencyTiming);
    // A result read from a file written before reads and writes were kept apart has only their byte
    // counts: it is saved again as it was, never with made-up zero latencies.
    for (const auto& [key, part] :
         {std::pair {QStringLiteral("read"), &read}, std::pair {QStringLiteral("write"), &write}}) {
        if (latencyTiming == QLatin1String("batch")) {
            break;
        }
        QJsonObject object {{QStringLiteral("bytes"), double(part->bytes)},
                            {QStringLiteral("ios"), double(part->ios)},
                            {QStringLiteral("bw_bytes"), bandwidth(*part)},
                            {QStringLiteral("iops"), iops(*part)},
                            {QStringLiteral("lat_ns"), latencyJson(part->latency)}};
        if (!part->bins.empty()) {
            // Flat pairs (ns, count), shortest first: a run's histogram in a few hundred numbers.
            QJsonArray bins;
            for (const auto& [ns, count] : part->bins) {
                bins.append(double(ns));
                bins.append(double(count));
            }
            object.insert(QStringLiteral("bins"), bins);
        }
        json.insert(key, object);
    }
    json.insert(QStringLiteral("cpu"),
                QJsonObject {{QStringLiteral("user_s"), cpuUserS}, {QStringLiteral("sys_s"), cpuSysS}});
    json.insert(QStringLiteral("io_path"), ioPath);
    json.insert(QStringLiteral("fixed_buffers"), fixedBuffers);
    json.insert(QStringLiteral("huge_page_bytes"), double(hugePageBytes));
    if (!fallbackReason.isEmpty()) {
        json.insert(QStringLiteral("fallback_reason"), fallbackReason);
    }
    json.insert(QStringLiteral("effective_qd"), effectiveQueueDepth);
    json.insert(QStringLiteral("target_kind"), targetKind);
    json.insert(QStringLiteral("created_file"), createdFile);
    json.insert(QStringLiteral("target_bytes"), double(targetBytes));
    json.insert(QStringLiteral("logical_block_size"), double(logicalBlockSize));
    json.insert(QStringLiteral("notes"), QJsonArray::fromStringList(notes));
    if (flushAfterNs) {
        json.insert(QStringLiteral("flush_after_ns"), double(flushAfterNs));
    }
    if (rampElapsedNs) {
        json.insert(QStringLiteral("ramp_ns"), double(rampElapsedNs));
        json.insert(QStringLiteral("ramp_bytes_written"), double(rampBytesWritten));
    }
    if (withSamples) {
        QJsonArray array;
        for (const auto& sample : samples) {
            array.append(QJsonObject {{QStringLiteral("t_ns"), double(sample.tNs)},
                                      {QStringLiteral("bytes"), double(sample.bytes)},
                                      {QStringLiteral("bw_bytes"), sample.bwBytes}});
        }
        json.insert(QStringLiteral("samples"), array);
    }
    json.insert(QStringLiteral("fio_command"), fioCommand);
    json.insert(QStringLiteral("dd_command"), ddCommand.isEmpty() ? QJsonValue() : QJsonValue(ddCommand));
    if (error) {
        QJsonObject err {{QStringLiteral("code"), error->code},
                         {QStringLiteral("message"), error->message},
                         {QStringLiteral("errno"), error->errnoValue}};
        err.insert(QStringLiteral("offset"), error->offset ? QJsonValue(double(*error->offset)) : QJsonValue());
        json.insert(QStringLiteral("error"), err);
    } else {
        json.insert(QStringLiteral("error"), QJsonValue());
    }
    return json;
}

Result<IoResult> IoResult::fromJson(const QJsonObject& json)
{
    IoResult result;
    auto job = IoJob::fromJson(json.value(QStringLiteral("job")).toObject());
    if (!job) {
        return job.error();
    }
    result.job = *job;
    const QString status = json.value(QStringLiteral("status")).toString();
    const std::optional<IoStatus> known = enumFromWord(statusWords, status);
    if (!known) {
        return makeError(ErrorCode::invalidResult, QStringLiteral("unknown result status '%1'").arg(status.left(100)));
    }
    result.status = *known;
    result.bytes = u64(json.value(QStringLiteral("bytes")));
    result.bytesRead = u64(json.value(QStringLiteral("bytes_read")));
    result.bytesWritten = u64(json.value(QStringLiteral("bytes_written")));
    result.ios = u64(json.value(QStringLiteral("ios")));
    result.elapsedNs = u64(json.value(QStringLiteral("elapsed_ns")));
    result.latency = latencyFromJson(json.value(QStringLiteral("lat_ns")).toObject());
    result.latencyTiming = json.value(QStringLiteral("latency_timing")).toString(QStringLiteral("batch"));
    for (const auto& [key, part] :
         {std::pair {QStringLiteral("read"), &result.read}, std::pair {QStringLiteral("write"), &result.write}}) {
        const QJsonObject object = json.value(key).toObject();
        if (object.isEmpty()) {
            // Results written before reads and writes were kept apart: only the byte counts are known.
            part->bytes = key == QLatin1String("read") ? result.bytesRead : result.bytesWritten;
            continue;
        }
        part->bytes = u64(object.value(QStringLiteral("bytes")));
        part->ios = u64(object.value(QStringLiteral("ios")));
        part->latency = latencyFromJson(object.value(QStringLiteral("lat_ns")).toObject());
        const QJsonArray bins = object.value(QStringLiteral("bins")).toArray();
        std::uint64_t last = 0;
        for (qsizetype i = 0; i + 1 < bins.size(); i += 2) {
            const std::uint64_t ns = u64(bins.at(i));
            const std::uint64_t count = u64(bins.at(i + 1));
            if (!bins.at(i).isDouble() || !bins.at(i + 1).isDouble() || count == 0 || (i > 0 && ns <= last)) {
                return makeError(
                    ErrorCode::invalidResult,
                    QStringLiteral("%1.bins: pairs of a latency (ns) and a count, shortest first").arg(key));
            }
            part->bins.emplace_back(ns, count);
            last = ns;
        }
        if (bins.size() % 2) {
            return makeError(ErrorCode::invalidResult, QStringLiteral("%1.bins: an odd count of numbers").arg(key));
        }
    }
    const QJsonObject cpu = json.value(QStringLiteral("cpu")).toObject();
    result.cpuUserS = cpu.value(QStringLiteral("user_s")).toDouble();
    result.cpuSysS = cpu.value(QStringLiteral("sys_s")).toDouble();
    result.ioPath = json.value(QStringLiteral("io_path")).toString();
    result.fixedBuffers = json.value(QStringLiteral("fixed_buffers")).toBool();
    result.hugePageBytes = u64(json.value(QStringLiteral("huge_page_bytes")));
    result.fallbackReason = json.value(QStringLiteral("fallback_reason")).toString();
    result.effectiveQueueDepth = json.value(QStringLiteral("effective_qd")).toInt();
    result.targetKind = json.value(QStringLiteral("target_kind")).toString();
    result.createdFile = json.value(QStringLiteral("created_file")).toBool();
    result.targetBytes = u64(json.value(QStringLiteral("target_bytes")));
    result.logicalBlockSize = std::uint32_t(
        std::min<std::uint64_t>(readUInt64(json.value(QStringLiteral("logical_block_size"))), UINT32_MAX));
    result.flushAfterNs = readUInt64(json.value(QStringLiteral("flush_after_ns")));
    result.rampElapsedNs = readUInt64(json.value(QStringLiteral("ramp_ns")));
    result.rampBytesWritten = readUInt64(json.value(QStringLiteral("ramp_bytes_written")));
    for (const auto& note : json.value(QStringLiteral("notes")).toArray()) {
        result.notes.append(note.toString());
    }
    for (const auto& value : json.value(QStringLiteral("samples")).toArray()) {
        const QJsonObject sample = value.toObject();
        result.samples.push_back(IoSample {u64(sample.value(QStringLiteral("t_ns"))),
                                           u64(sample.value(QStringLiteral("bytes"))),
                                           sample.value(QStringLiteral("bw_bytes")).toDouble()});
    }
    result.fioCommand = json.value(QStringLiteral("fio_command")).toString();
    result.ddCommand = json.value(QStringLiteral("dd_command")).toString();
    const QJsonValue err = json.value(QStringLiteral("error"));
    if (err.isObject()) {
        const QJsonObject e = err.toObject();
        IoError ioError {e.value(QStringLiteral("code")).toString(), e.value(QStringLiteral("message")).toString(),
                         e.value(QStringLiteral("errno")).toInt(), std::nullopt};
        if (e.value(QStringLiteral("offset")).isDouble()) {
            ioError.offset = u64(e.value(QStringLiteral("offset")));
        }
        result.error = ioError;
    }
    return result;
}

std::optional<double> overlappedBandwidth(const QList<IoResult>& runs)
{
    std::uint64_t start = 0;
    std::uint64_t end = std::numeric_limits<std::uint64_t>::max();
    bool timed = !runs.isEmpty();
    for (const IoResult& run : runs) {
        timed = timed && run.measureStartNs > 0 && !run.samples.empty();
        start = std::max(start, run.measureStartNs);
        end = std::min(end, run.measureStartNs + run.elapsedNs);
    }
    if (!timed || end <= start) {
        return std::nullopt;
    }
    double bytes = 0;
    for (const IoResult& run : runs) {
        std::uint64_t from = run.measureStartNs;
        for (const IoSample& sample : run.samples) {
            const std::uint64_t to = run.measureStartNs + sample.tNs;
            // The part of the sample's interval inside the common time, its bytes spread evenly.
            const std::uint64_t lo = std::max(from, start);
            const std::uint64_t hi = std::min(to, end);
            if (hi > lo && to > from) {
                bytes += double(sample.bytes) * double(hi - lo) / double(to - from);
            }
            from = to;
        }
    }
    return bytes * 1e9 / double(end - start);
}

} // namespace RaidBench

#include "engine/iojob.h"

#include "util/errorcodes.h"
#include "util/jsonvalues.h"
#include "util/units.h"

#include <array>
#include <cmath>

namespace RaidBench {

namespace {
struct PatternEntry
{
    IoPattern pattern;
    const char* name;
};
constexpr std::array<PatternEntry, 6> patternTable {{
    {IoPattern::Write, "write"},
    {IoPattern::Read, "read"},
    {IoPattern::RandWrite, "randwrite"},
    {IoPattern::RandRead, "randread"},
    {IoPattern::ReadWrite, "rw"},
    {IoPattern::RandReadWrite, "randrw"},
}};
} // namespace

QString patternName(IoPattern pattern)
{
    for (const auto& entry : patternTable) {
        if (entry.pattern == pattern) {
            return QLatin1String(entry.name);
        }
    }
    return {};
}

Result<IoPattern> parsePattern(const QString& name)
{
    for (const auto& entry : patternTable) {
        if (name == QLatin1String(entry.name)) {
            return entry.pattern;
        }
    }
    return makeError(
        ErrorCode::invalidPattern,
        QStringLiteral("unknown I/O pattern '%1'; use write, read, randwrite, randread, rw or randrw").arg(name));
}

bool patternReads(IoPattern pattern)
{
    return pattern != IoPattern::Write && pattern != IoPattern::RandWrite;
}

bool patternWrites(IoPattern pattern)
{
    return pattern != IoPattern::Read && pattern != IoPattern::RandRead;
}

bool patternIsRandom(IoPattern pattern)
{
    return pattern == IoPattern::RandWrite || pattern == IoPattern::RandRead || pattern == IoPattern::RandReadWrite;
}

QString dataPatternName(DataPattern data)
{
    return data == DataPattern::Zeros ? QStringLiteral("zeros") : QStringLiteral("random");
}

Result<DataPattern> parseDataPattern(const QString& name)
{
    if (name == QLatin1String("random")) {
        return DataPattern::Random;
    }
    if (name == QLatin1String("zeros")) {
        return DataPattern::Zeros;
    }
    return makeError(ErrorCode::invalidData,
                     QStringLiteral("unknown data pattern '%1'; use random or zeros").arg(name));
}

Result<void> IoJob::validate() const
{
    if (target.isEmpty()) {
        return makeError(ErrorCode::invalidTarget, QStringLiteral("no target given"));
    }
    if (blockSize < minBlockSize || blockSize > maxBlockSize) {
        return makeError(ErrorCode::invalidBlockSize,
                         QStringLiteral("block size %1 is out of range; it must be between 512 and 64M")
                             .arg(Units::formatSizeCompact(blockSize)));
    }
    if (blockSize % 512 != 0) {
        return makeError(ErrorCode::invalidBlockSize,
                         QStringLiteral("block size %1 is not a multiple of 512 bytes").arg(blockSize));
    }
    if (queueDepth < minQueueDepth || queueDepth > maxQueueDepth) {
        return makeError(
            ErrorCode::invalidQueueDepth,
            QStringLiteral("queue depth %1 is out of range; it must be between 1 and 256").arg(queueDepth));
    }
    if (std::uint64_t(queueDepth) * blockSize > maxBufferBytes) {
        return makeError(ErrorCode::invalidQueueDepth,
                         QStringLiteral("queue depth %1 x block size %2 needs more than 1 GiB of buffers; "
                                        "lower one of them")
                             .arg(queueDepth)
                             .arg(Units::formatSizeCompact(blockSize)));
    }
    if ((pattern == IoPattern::ReadWrite || pattern == IoPattern::RandReadWrite) &&
        (readPercent < 0 || readPercent > 100)) {
        return makeError(ErrorCode::invalidRwmix,
                         QStringLiteral("read percentage %1 is out of range 0..100").arg(readPercent));
    }
    if (length != 0 && length < blockSize) {
        return makeError(ErrorCode::invalidRange,
                         QStringLiteral("range length %1 is smaller than one block (%2)")
                             .arg(Units::formatSizeCompact(length), Units::formatSizeCompact(blockSize)));
    }
    if (zones < 1 || zones > maxZones) {
        return makeError(ErrorCode::invalidRange,
                         QStringLiteral("a range in %1 parts: give 1 to %2").arg(zones).arg(maxZones));
    }
    if (strideBlocks > maxStride || skipBlocks > maxStride || (strideBlocks == 0) != (skipBlocks == 0)) {
        return makeError(
            ErrorCode::invalidRange,
            QStringLiteral("a stride of %1 block(s) with %2 skipped: give both, each 1 to %3, or neither")
                .arg(QString::number(strideBlocks), QString::number(skipBlocks), QString::number(maxStride)));
    }
    if (strideBlocks != 0 && patternIsRandom(pattern)) {
        return makeError(ErrorCode::invalidRange, QStringLiteral("a stride applies to sequential patterns only"));
    }
    if (sizeLimit != 0 && sizeLimit < blockSize) {
        return makeError(ErrorCode::invalidSize,
                         QStringLiteral("size %1 is smaller than one block (%2)")
                             .arg(Units::formatSizeCompact(sizeLimit), Units::formatSizeCompact(blockSize)));
    }
    return {};
}

QJsonObject IoJob::toJson() const
{
    QJsonObject json {
        {QStringLiteral("target"), target},
        {QStringLiteral("rw"), patternName(pattern)},
        {QStringLiteral("bs"), double(blockSize)},
        {QStringLiteral("qd"), queueDepth},
        {QStringLiteral("size"), double(sizeLimit)},
        {QStringLiteral("time_ns"), double(timeLimitNs)},
        {QStringLiteral("ramp_ns"), double(rampNs)},
        {QStringLiteral("offset"), double(offset)},
        {QStringLiteral("length"), double(length)},
        {QStringLiteral("direct"), direct},
        {QStringLiteral("data"), dataPatternName(data)},
        {QStringLiteral("sync_io"), forceSync},
    };
    if (pattern == IoPattern::ReadWrite || pattern == IoPattern::RandReadWrite) {
        json.insert(QStringLiteral("rwmixread"), readPercent);
    }
    if (dsync) {
        json.insert(QStringLiteral("dsync"), true);
    }
    if (batchSubmit) {
        json.insert(QStringLiteral("batch_submit"), true);
    }
    if (flushAfter) {
        json.insert(QStringLiteral("flush_after"), true);
    }
    if (zones > 1) {
        json.insert(QStringLiteral("zones"), double(zones));
    }
    if (strideBlocks != 0) {
        json.insert(QStringLiteral("stride_blocks"), double(strideBlocks));
        json.insert(QStringLiteral("skip_blocks"), double(skipBlocks));
    }
    return json;
}

Result<IoJob> IoJob::fromJson(const QJsonObject& json)
{
    IoJob job;
    job.target = json.value(QStringLiteral("target")).toString();
    auto pattern = parsePattern(json.value(QStringLiteral("rw")).toString());
    if (!pattern) {
        return pattern.error();
    }
    job.pattern = *pattern;
    job.readPercent = json.value(QStringLiteral("rwmixread")).toInt(50);
    job.blockSize = readUInt32Or(json.value(QStringLiteral("bs")), 1u << 20);
    job.queueDepth = json.value(QStringLiteral("qd")).toInt(1);
    job.sizeLimit = readUInt64(json.value(QStringLiteral("size")));
    job.timeLimitNs = readUInt64(json.value(QStringLiteral("time_ns")));
    job.rampNs = readUInt64(json.value(QStringLiteral("ramp_ns")));
    job.offset = readUInt64(json.value(QStringLiteral("offset")));
    job.length = readUInt64(json.value(QStringLiteral("length")));
    const double zones = json.value(QStringLiteral("zones")).toDouble(1);
    job.zones = zones >= 1 && zones <= maxZones ? std::uint32_t(zones) : 0; // 0: refused by validate()
    // Out of range or not whole: one beyond the limit, which validate() refuses.
    const auto strideField = [&](const char* key) {
        const double value = json.value(QLatin1String(key)).toDouble(0);
        return value >= 0 && value <= maxStride && value == std::floor(value) ? std::uint32_t(value) : maxStride + 1;
    };
    job.strideBlocks = strideField("stride_blocks");
    job.skipBlocks = strideField("skip_blocks");
    job.direct = json.value(QStringLiteral("direct")).toBool(true);
    auto data = parseDataPattern(json.value(QStringLiteral("data")).toString(QStringLiteral("random")));
    if (!data) {
        return data.error();
    }
    job.data = *data;
    job.forceSync = json.value(QStringLiteral("sync_io")).toBool(false);
    job.dsync = json.value(QStringLiteral("dsync")).toBool(false);
    job.batchSubmit = json.value(QStringLiteral("batch_submit")).toBool(false);
    job.flushAfter = json.value(QStringLiteral("flush_after")).toBool(false);
    return job;
}

} // namespace RaidBench

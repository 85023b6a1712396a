#include "fs/filetestparams.h"

#include "engine/iojob.h"
#include "util/errorcodes.h"
#include "util/jsonvalues.h"
#include "util/runstate.h"
#include "util/units.h"

#include <QJsonArray>

namespace RaidBench {

// What a file test is and what it gave, as JSON: apart from running them, so that a plan can be read
// (and fuzzed) without the engine.

QJsonObject FilePhase::toJson() const
{
    return QJsonObject {{QStringLiteral("name"), name},
                        {QStringLiteral("ops"), double(ops)},
                        {QStringLiteral("bytes"), double(bytes)},
                        {QStringLiteral("seconds"), seconds},
                        {QStringLiteral("ops_per_s"), opsPerSecond()},
                        {QStringLiteral("bw_bytes"), bwBytes()},
                        {QStringLiteral("cpu_pct"), cpuPct}};
}

FilePhase FilePhase::fromJson(const QJsonObject& json)
{
    FilePhase phase;
    phase.name = json.value(QStringLiteral("name")).toString();
    phase.ops = readUInt64(json.value(QStringLiteral("ops")));
    phase.bytes = readUInt64(json.value(QStringLiteral("bytes")));
    phase.seconds = json.value(QStringLiteral("seconds")).toDouble();
    phase.cpuPct = json.value(QStringLiteral("cpu_pct")).toDouble();
    return phase;
}

QJsonObject FileTestParams::toJson() const
{
    QJsonObject json {{QStringLiteral("kind"), testKindName(kind)}};
    if (kind == TestKind::FileSeq || kind == TestKind::FileSeeks) {
        json.insert(QStringLiteral("size"), Units::formatSizeCompact(fileSize));
    }
    if (kind == TestKind::FileSeq) {
        json.insert(QStringLiteral("bs"), Units::formatSizeCompact(blockSize));
        json.insert(QStringLiteral("direct"), direct);
    }
    if (kind == TestKind::FileSeeks) {
        json.insert(QStringLiteral("time"), QStringLiteral("%1ms").arg(timeNs / 1'000'000));
    }
    if (kind == TestKind::SmallFiles) {
        json.insert(QStringLiteral("files"), files);
        json.insert(QStringLiteral("directories"), directories);
        json.insert(QStringLiteral("file_size"), Units::formatSizeCompact(smallFileSize));
        json.insert(QStringLiteral("fsync"), fsync);
    }
    if (kind == TestKind::Command) {
        json.insert(QStringLiteral("argv"), QJsonArray::fromStringList(argv));
        if (!prepare.isEmpty()) {
            json.insert(QStringLiteral("prepare"), QJsonArray::fromStringList(prepare));
        }
        json.insert(QStringLiteral("repeats"), repeats);
        json.insert(QStringLiteral("timeout"), QStringLiteral("%1s").arg(timeoutNs / 1'000'000'000ull));
        json.insert(QStringLiteral("drop_caches"), dropCaches);
    }
    return json;
}

Result<FileTestParams> FileTestParams::fromJson(const QJsonObject& json)
{
    auto bad = [](const QString& message) { return makeError(ErrorCode::invalidPlan, message); };
    FileTestParams params;
    const QString kindWord = json.value(QStringLiteral("kind")).toString();
    const std::optional<TestKind> kind = parseTestKind(kindWord);
    if (!kind || !isFileTestKind(*kind)) {
        return bad(QStringLiteral("unknown file test kind '%1'").arg(kindWord.left(32)));
    }
    params.kind = *kind;
    auto size = [&](const char* key, std::uint64_t fallback) -> Result<std::uint64_t> {
        if (!json.contains(QLatin1String(key))) {
            return fallback;
        }
        return Units::parseSize(json.value(QLatin1String(key)).toVariant().toString());
    };
    auto fileSize = size("size", params.kind == TestKind::FileSeeks ? 256ull << 20 : 256ull << 20);
    auto blockSize = size("bs", 1u << 20);
    auto smallSize = size("file_size", 0);
    if (!fileSize || !blockSize || !smallSize) {
        return bad(QStringLiteral("a size in the %1 test is not a size").arg(kindWord));
    }
    params.fileSize = *fileSize;
    params.blockSize = std::uint32_t(*blockSize);
    params.smallFileSize = *smallSize;
    if (params.blockSize < 512 || params.blockSize > IoJob::maxBlockSize || params.blockSize % 512 ||
        params.fileSize < params.blockSize) {
        return bad(
            QStringLiteral("%1: bs must be a multiple of 512 up to 64M and no larger than the file").arg(kindWord));
    }
    params.direct = json.value(QStringLiteral("direct")).toBool(false);
    if (json.contains(QStringLiteral("time"))) {
        auto time = Units::parseDuration(json.value(QStringLiteral("time")).toString());
        if (!time || *time == 0) {
            return bad(QStringLiteral("file-seeks: time must be a duration above 0"));
        }
        params.timeNs = *time;
    }
    params.files = json.value(QStringLiteral("files")).toInt(16 * 1024);
    params.directories = json.value(QStringLiteral("directories")).toInt(16);
    if (params.files < 1 || params.files > 10'000'000 || params.directories < 1 || params.directories > 10000) {
        return bad(QStringLiteral("small-files: files 1..10000000 and directories 1..10000"));
    }
    if (params.smallFileSize > (64u << 20)) {
        return bad(QStringLiteral("small-files: file_size is at most 64M"));
    }
    params.fsync = json.value(QStringLiteral("fsync")).toString(QStringLiteral("none"));
    if (params.fsync != QLatin1String("none") && params.fsync != QLatin1String("each") &&
        params.fsync != QLatin1String("end")) {
        return bad(QStringLiteral("small-files: fsync is none, each or end"));
    }
    for (const auto& arg : json.value(QStringLiteral("argv")).toArray()) {
        params.argv.append(arg.toString());
    }
    for (const auto& arg : json.value(QStringLiteral("prepare")).toArray()) {
        params.prepare.append(arg.toString());
    }
    if (params.kind == TestKind::Command && params.argv.isEmpty()) {
        return bad(QStringLiteral("command: \"argv\" must list the program and its arguments"));
    }
    params.repeats = json.value(QStringLiteral("repeats")).toInt(1);
    if (params.repeats < 1 || params.repeats > 100) {
        return bad(QStringLiteral("command: repeats must be 1 to 100"));
    }
    if (json.contains(QStringLiteral("timeout"))) {
        auto timeout = Units::parseDuration(json.value(QStringLiteral("timeout")).toString());
        if (!timeout || *timeout == 0) {
            return bad(QStringLiteral("command: timeout must be a duration above 0"));
        }
        params.timeoutNs = *timeout;
    }
    params.dropCaches = json.value(QStringLiteral("drop_caches")).toBool(true);
    return params;
}

QJsonObject FileTestResult::toJson() const
{
    QJsonArray phaseArray;
    for (const FilePhase& phase : phases) {
        phaseArray.append(phase.toJson());
    }
    QJsonObject json {{QStringLiteral("kind"), testKindName(kind)},
                      {QStringLiteral("status"), runStateName(status)},
                      {QStringLiteral("phases"), phaseArray},
                      {QStringLiteral("details"), details}};
    json.insert(QStringLiteral("error"), error.isEmpty() ? QJsonValue() : QJsonValue(error));
    return json;
}

FileTestResult FileTestResult::fromJson(const QJsonObject& json)
{
    FileTestResult result;
    result.kind = parseTestKind(json.value(QStringLiteral("kind")).toString()).value_or(TestKind::Command);
    result.status = parseRunState(json.value(QStringLiteral("status")).toString()).value_or(RunState::Failed);
    result.error = json.value(QStringLiteral("error")).toString();
    for (const auto& phase : json.value(QStringLiteral("phases")).toArray()) {
        result.phases.append(FilePhase::fromJson(phase.toObject()));
    }
    result.details = json.value(QStringLiteral("details")).toObject();
    return result;
}

} // namespace RaidBench

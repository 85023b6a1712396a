#include "results/drillresult.h"

#include "util/errorcodes.h"
#include "util/jsonvalues.h"
#include "util/runstate.h"

#include <QJsonArray>

namespace RaidBench {

namespace {

Result<QList<TestResult>> tests(const QJsonValue& value)
{
    QList<TestResult> list;
    for (const auto& item : value.toArray()) {
        auto test = TestResult::fromJson(item.toObject());
        if (!test) {
            return test.error();
        }
        list.append(*test);
    }
    return list;
}

QJsonArray testsJson(const QList<TestResult>& list)
{
    QJsonArray array;
    for (const TestResult& test : list) {
        array.append(test.toJson());
    }
    return array;
}

} // namespace

std::optional<double> rebuildEstimateSeconds(std::uint64_t bytes, double bytesPerSecond)
{
    if (bytes == 0 || bytesPerSecond <= 0) {
        return std::nullopt;
    }
    return double(bytes) / bytesPerSecond;
}

QJsonObject RebuildResult::toJson() const
{
    QJsonArray points;
    for (const SyncPoint& point : timeline) {
        points.append(QJsonArray {point.seconds, point.fraction, point.bytesPerSecond});
    }
    return {{QStringLiteral("kind"), kind},
            {QStringLiteral("array"), array},
            {QStringLiteral("members"), QJsonArray::fromStringList(members)},
            {QStringLiteral("seconds"), seconds},
            {QStringLiteral("bytes"), double(bytes)},
            {QStringLiteral("bw_bytes"), bw},
            {QStringLiteral("completed"), completed},
            {QStringLiteral("limited_by"), limitedBy},
            {QStringLiteral("bound_by"), boundName(boundBy)},
            {QStringLiteral("sync_speed_max"), syncSpeedMax ? QJsonValue(double(*syncSpeedMax)) : QJsonValue()},
            {QStringLiteral("predicted_seconds"), optionalNumber(predictedSeconds)},
            {QStringLiteral("estimate"),
             QJsonObject {{QStringLiteral("member_bytes"), double(estimateMemberBytes)},
                          {QStringLiteral("seconds"), optionalNumber(estimateSeconds)}}},
            {QStringLiteral("timeline"), points}};
}

RebuildResult RebuildResult::fromJson(const QJsonObject& json)
{
    RebuildResult result;
    result.kind = json.value(QStringLiteral("kind")).toString();
    result.array = json.value(QStringLiteral("array")).toString();
    result.members = readStrings(json.value(QStringLiteral("members")));
    result.seconds = json.value(QStringLiteral("seconds")).toDouble();
    result.bytes = readUInt64(json.value(QStringLiteral("bytes")));
    result.bw = json.value(QStringLiteral("bw_bytes")).toDouble();
    result.completed = json.value(QStringLiteral("completed")).toBool();
    result.limitedBy = json.value(QStringLiteral("limited_by")).toString();
    result.boundBy = parseBound(json.value(QStringLiteral("bound_by")).toString());
    if (json.value(QStringLiteral("sync_speed_max")).isDouble()) {
        result.syncSpeedMax = readUInt64(json.value(QStringLiteral("sync_speed_max")));
    }
    result.predictedSeconds = readOptional(json.value(QStringLiteral("predicted_seconds")));
    const QJsonObject estimate = json.value(QStringLiteral("estimate")).toObject();
    result.estimateMemberBytes = readUInt64(estimate.value(QStringLiteral("member_bytes")));
    result.estimateSeconds = readOptional(estimate.value(QStringLiteral("seconds")));
    for (const auto& value : json.value(QStringLiteral("timeline")).toArray()) {
        const QJsonArray point = value.toArray();
        result.timeline.append({point.at(0).toDouble(), point.at(1).toDouble(), point.at(2).toDouble()});
    }
    return result;
}

const TestResult* DrillResult::degradedTest(const QString& id) const
{
    for (const TestResult& test : degraded) {
        if (test.spec.id() == id) {
            return &test;
        }
    }
    return nullptr;
}

QJsonObject DrillResult::toJson() const
{
    QJsonObject json {{QStringLiteral("spec"), spec.toJson()},
                      {QStringLiteral("status"), runStateName(status)},
                      {QStringLiteral("failed_array"), failedArray},
                      {QStringLiteral("failed_members"), QJsonArray::fromStringList(failedMembers)},
                      {QStringLiteral("degraded"), testsJson(degraded)}};
    if (!degradedTwo.isEmpty()) {
        json.insert(QStringLiteral("degraded_two"), testsJson(degradedTwo));
    }
    if (!error.isEmpty()) {
        json.insert(QStringLiteral("error"), error);
    }
    for (const auto& [key, value] :
         {std::pair {"initial_resync", &initialResync}, std::pair {"rebuild", &rebuild}, std::pair {"readd", &readd}}) {
        if (*value) {
            json.insert(QLatin1String(key), (*value)->toJson());
        }
    }
    if (underLoad) {
        json.insert(QStringLiteral("under_load"),
                    QJsonObject {{QStringLiteral("test"), underLoad->toJson()},
                                 {QStringLiteral("rebuild_bw_bytes"), optionalNumber(rebuildUnderLoadBw)}});
    }
    return json;
}

Result<DrillResult> DrillResult::fromJson(const QJsonObject& json)
{
    DrillResult drill;
    if (json.contains(QStringLiteral("spec"))) {
        auto spec = DrillSpec::fromJson(json.value(QStringLiteral("spec")));
        if (!spec) {
            return Error {ErrorCode::invalidResults, spec.error().message};
        }
        drill.spec = *spec;
    }
    drill.status = parseRunState(json.value(QStringLiteral("status")).toString()).value_or(RunState::Pending);
    drill.error = json.value(QStringLiteral("error")).toString();
    drill.failedArray = json.value(QStringLiteral("failed_array")).toString();
    drill.failedMembers = readStrings(json.value(QStringLiteral("failed_members")));
    auto degraded = tests(json.value(QStringLiteral("degraded")));
    auto degradedTwo = tests(json.value(QStringLiteral("degraded_two")));
    if (!degraded || !degradedTwo) {
        return Error {ErrorCode::invalidResults,
                      QStringLiteral("drill: %1").arg((!degraded ? degraded : degradedTwo).error().message)};
    }
    drill.degraded = *degraded;
    drill.degradedTwo = *degradedTwo;
    for (const auto& [key, target] : {std::pair {"initial_resync", &drill.initialResync},
                                      std::pair {"rebuild", &drill.rebuild}, std::pair {"readd", &drill.readd}}) {
        if (json.value(QLatin1String(key)).isObject()) {
            *target = RebuildResult::fromJson(json.value(QLatin1String(key)).toObject());
        }
    }
    const QJsonObject load = json.value(QStringLiteral("under_load")).toObject();
    if (!load.isEmpty()) {
        auto test = TestResult::fromJson(load.value(QStringLiteral("test")).toObject());
        if (!test) {
            return Error {ErrorCode::invalidResults, QStringLiteral("drill: %1").arg(test.error().message)};
        }
        drill.underLoad = *test;
        drill.rebuildUnderLoadBw = readOptional(load.value(QStringLiteral("rebuild_bw_bytes")));
    }
    return drill;
}

} // namespace RaidBench

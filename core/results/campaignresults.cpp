#include "results/campaignresults.h"

#include "util/atomicfile.h"
#include "util/errorcodes.h"
#include "util/jsonvalues.h"
#include "util/statistics.h"
#include "util/units.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <numeric>

namespace RaidBench {

QString DiskResult::label() const
{
    // sdX is only what the kernel called the disk this time: after a restart another disk may have the
    // name, and a saved text would then blame it. The serial stays with the disk.
    const QString node = name.isEmpty() ? path : name;
    if (serial.isEmpty()) {
        return model.isEmpty() ? node : QStringLiteral("%1 (%2)").arg(node, model);
    }
    return model.isEmpty() ? QStringLiteral("%1 (%2)").arg(serial, node)
                           : QStringLiteral("%1 (%2, %3)").arg(serial, node, model);
}

QString DiskResult::shortName() const
{
    return !serial.isEmpty() ? serial : !name.isEmpty() ? name : path;
}

QJsonObject DiskResult::toJson() const
{
    QJsonObject baseline {{QStringLiteral("write_bw_bytes"), optionalNumber(writeBw)},
                          {QStringLiteral("read_bw_bytes"), optionalNumber(readBw)}};
    if (writeRun) {
        baseline.insert(QStringLiteral("write"), writeRun->toJson());
    }
    if (readRun) {
        baseline.insert(QStringLiteral("read"), readRun->toJson());
    }
    if (!baselineError.isEmpty()) {
        baseline.insert(QStringLiteral("error"), baselineError);
    }
    if (sustained.measured || sustained.interrupted || !sustained.error.isEmpty()) {
        baseline.insert(QStringLiteral("sustained"), sustained.toJson());
    }
    if (!access.isEmpty()) {
        baseline.insert(QStringLiteral("access"), access.toJson());
    }
    QJsonObject json {{QStringLiteral("path"), path},
                      {QStringLiteral("stable_path"), stablePath},
                      {QStringLiteral("name"), name},
                      {QStringLiteral("model"), model},
                      {QStringLiteral("serial"), serial},
                      {QStringLiteral("controller"), controller},
                      {QStringLiteral("transport"), transport},
                      {QStringLiteral("size_bytes"), double(sizeBytes)},
                      {QStringLiteral("baseline"), baseline},
                      {QStringLiteral("slow"), slow},
                      {QStringLiteral("slow_reason"), slowReason}};
    if (healthRead) {
        insertHealthJson(json, health, writeCache, explanations);
    }
    if (!surface.isEmpty() || surface.pointsPlanned > 0 || !surface.error.isEmpty()) {
        json.insert(QStringLiteral("surface"), surface.toJson(sizeBytes));
    }
    return json;
}

DiskResult DiskResult::fromJson(const QJsonObject& json)
{
    DiskResult disk;
    disk.path = json.value(QStringLiteral("path")).toString();
    disk.stablePath = json.value(QStringLiteral("stable_path")).toString();
    disk.name = json.value(QStringLiteral("name")).toString();
    disk.model = json.value(QStringLiteral("model")).toString();
    disk.serial = json.value(QStringLiteral("serial")).toString();
    disk.controller = json.value(QStringLiteral("controller")).toString();
    disk.transport = json.value(QStringLiteral("transport")).toString();
    disk.sizeBytes = readUInt64(json.value(QStringLiteral("size_bytes")));
    disk.surface = DiskSurface::fromJson(json.value(QStringLiteral("surface")).toObject());
    disk.sustained = SustainedWrite::fromJson(
        json.value(QStringLiteral("baseline")).toObject().value(QStringLiteral("sustained")).toObject());
    const QJsonObject baseline = json.value(QStringLiteral("baseline")).toObject();
    disk.access = DiskAccess::fromJson(baseline.value(QStringLiteral("access")).toObject());
    disk.writeBw = readOptional(baseline.value(QStringLiteral("write_bw_bytes")));
    disk.readBw = readOptional(baseline.value(QStringLiteral("read_bw_bytes")));
    if (baseline.value(QStringLiteral("write")).isObject()) {
        auto run = IoResult::fromJson(baseline.value(QStringLiteral("write")).toObject());
        if (run) {
            disk.writeRun = *run;
        }
    }
    if (baseline.value(QStringLiteral("read")).isObject()) {
        auto run = IoResult::fromJson(baseline.value(QStringLiteral("read")).toObject());
        if (run) {
            disk.readRun = *run;
        }
    }
    disk.baselineError = baseline.value(QStringLiteral("error")).toString();
    disk.slow = json.value(QStringLiteral("slow")).toBool();
    disk.slowReason = json.value(QStringLiteral("slow_reason")).toString();
    disk.healthRead = readHealthJson(json, disk.health, disk.writeCache, disk.explanations);
    return disk;
}

const TestResult* ConfigResult::test(const QString& id) const
{
    for (const TestResult& result : tests) {
        if (result.spec.id() == id) {
            return &result;
        }
    }
    return nullptr;
}

const TestResult* ConfigResult::sequentialTest(bool write) const
{
    const TestResult* preferred = test(write ? QStringLiteral("seq1m-qd8-write") : QStringLiteral("seq1m-qd8-read"));
    if (preferred && preferred->summary.runs > 0) {
        return preferred;
    }
    for (const TestResult& candidate : tests) {
        const IoPattern wanted = write ? IoPattern::Write : IoPattern::Read;
        // Not a flush-bound or sustained write: neither is what the layout streams.
        if (candidate.spec.kind == TestKind::Io && candidate.spec.pattern == wanted && !candidate.spec.dsync &&
            !candidate.spec.sustained && candidate.summary.runs > 0) {
            return &candidate;
        }
    }
    return nullptr;
}

std::optional<double> ConfigResult::sequentialWrite() const
{
    const TestResult* found = sequentialTest(true);
    return found ? std::optional<double>(found->summary.bwMedian) : std::nullopt;
}

std::optional<double> ConfigResult::sequentialRead() const
{
    const TestResult* found = sequentialTest(false);
    return found ? std::optional<double>(found->summary.bwMedian) : std::nullopt;
}

std::optional<double> ConfigResult::randomIops(bool write) const
{
    const TestResult* random = test(write ? QStringLiteral("rnd4k-qd32-write") : QStringLiteral("rnd4k-qd32-read"));
    if (random && random->summary.runs > 0) {
        return random->summary.iopsMedian;
    }
    return std::nullopt;
}

QJsonObject ConfigResult::toJson(bool withSamples) const
{
    QJsonArray testArray;
    for (const TestResult& test : tests) {
        testArray.append(test.toJson(withSamples));
    }
    QJsonObject json {
        {QStringLiteral("name"), name},
        {QStringLiteral("preset"), preset},
        {QStringLiteral("spec"), spec.toJson()},
        {QStringLiteral("description"), spec.describe()},
        {QStringLiteral("status"), runStateName(status)},
        {QStringLiteral("device"), device},
        {QStringLiteral("commands"), QJsonArray::fromStringList(commands)},
        {QStringLiteral("usable_bytes"), double(usableBytes)},
        {QStringLiteral("raw_bytes"), double(rawBytes)},
        {QStringLiteral("space_pct"), spacePct},
        {QStringLiteral("failures_survived"),
         QJsonObject {{QStringLiteral("guaranteed"), failuresGuaranteed},
                      {QStringLiteral("best_case"), failuresBestCase}}},
        {QStringLiteral("controller_failure_survived"),
         controllerFailureSurvived ? QJsonValue(*controllerFailureSurvived) : QJsonValue()},
        {QStringLiteral("predicted"),
         QJsonObject {{QStringLiteral("write_bw_bytes"), optionalNumber(predictedWrite)},
                      {QStringLiteral("read_bw_bytes"), optionalNumber(predictedRead)},
                      {QStringLiteral("write_low_bw_bytes"),
                       predictedWriteRange ? QJsonValue(predictedWriteRange->first) : QJsonValue()},
                      {QStringLiteral("write_high_bw_bytes"),
                       predictedWriteRange ? QJsonValue(predictedWriteRange->second) : QJsonValue()},
                      {QStringLiteral("read_low_bw_bytes"),
                       predictedReadRange ? QJsonValue(predictedReadRange->first) : QJsonValue()},
                      {QStringLiteral("read_high_bw_bytes"),
                       predictedReadRange ? QJsonValue(predictedReadRange->second) : QJsonValue()},
                      {QStringLiteral("write_bound"), predictedWriteBound},
                      {QStringLiteral("write_note"), predictedWriteNote},
                      {QStringLiteral("read_bound"), predictedReadBound},
                      {QStringLiteral("read_note"), predictedReadNote},
                      {QStringLiteral("rand_read_iops"), optionalNumber(predictedRandomRead)},
                      {QStringLiteral("rand_write_iops"), optionalNumber(predictedRandomWrite)},
                      {QStringLiteral("rand_note"), predictedRandomNote}}},
        {QStringLiteral("relative"),
         QJsonObject {{QStringLiteral("write_pct"), optionalNumber(relativeWritePct)},
                      {QStringLiteral("read_pct"), optionalNumber(relativeReadPct)}}},
        {QStringLiteral("measured_over_predicted"), optionalNumber(measuredOverPredicted)},
        {QStringLiteral("measured_over_predicted_read"), optionalNumber(measuredOverPredictedRead)},
        {QStringLiteral("weakest_link"), QJsonArray::fromStringList(weakestLink)},
        {QStringLiteral("tests"), testArray},
        {QStringLiteral("seconds"), seconds},
    };
    if (!filesystem.isEmpty()) {
        json.insert(QStringLiteral("filesystem"), filesystem);
    }
    if (stripeCache > 0) {
        json.insert(QStringLiteral("stripe_cache"), stripeCache);
    }
    if (!warnings.isEmpty()) {
        json.insert(QStringLiteral("warnings"), QJsonArray::fromStringList(warnings));
    }
    if (drill) {
        json.insert(QStringLiteral("drill"), drill->toJson());
    }
    if (writeCacheMode != WriteCacheMode::AsIs || !writeCaches.isEmpty()) {
        QJsonArray states;
        for (const DiskCacheState& state : writeCaches) {
            states.append(QJsonObject {{QStringLiteral("disk"), state.disk},
                                       {QStringLiteral("state"), cacheStateName(state.state)}});
        }
        QJsonObject cache {{QStringLiteral("mode"), writeCacheModeName(writeCacheMode)},
                           {QStringLiteral("disks"), states}};
        if (!writeCacheNote.isEmpty()) {
            cache.insert(QStringLiteral("note"), writeCacheNote);
        }
        json.insert(QStringLiteral("write_cache"), cache);
    }
    if (!error.isEmpty()) {
        json.insert(QStringLiteral("error"), error);
    }
    return json;
}

Result<ConfigResult> ConfigResult::fromJson(const QJsonObject& json)
{
    ConfigResult config;
    config.name = json.value(QStringLiteral("name")).toString();
    config.preset = json.value(QStringLiteral("preset")).toString();
    auto spec = ArraySpec::fromJson(json.value(QStringLiteral("spec")).toObject());
    if (!spec) {
        return Error {ErrorCode::invalidResults,
                      QStringLiteral("configuration '%1': %2").arg(config.name, spec.error().message)};
    }
    config.spec = *spec;
    const QString statusWord = json.value(QStringLiteral("status")).toString();
    const auto status = parseRunState(statusWord);
    if (!status || *status == RunState::Skipped) {
        return makeError(
            ErrorCode::invalidResults,
            QStringLiteral("configuration '%1' has an unknown status '%2'").arg(config.name, statusWord.left(32)));
    }
    config.status = *status;
    config.error = json.value(QStringLiteral("error")).toString();
    config.device = json.value(QStringLiteral("device")).toString();
    for (const auto& command : json.value(QStringLiteral("commands")).toArray()) {
        config.commands.append(command.toString());
    }
    config.usableBytes = readUInt64(json.value(QStringLiteral("usable_bytes")));
    config.rawBytes = readUInt64(json.value(QStringLiteral("raw_bytes")));
    config.spacePct = json.value(QStringLiteral("space_pct")).toDouble();
    const QJsonObject failures = json.value(QStringLiteral("failures_survived")).toObject();
    config.failuresGuaranteed = failures.value(QStringLiteral("guaranteed")).toInt();
    config.failuresBestCase = failures.value(QStringLiteral("best_case")).toInt();
    const QJsonValue controller = json.value(QStringLiteral("controller_failure_survived"));
    if (controller.isBool()) {
        config.controllerFailureSurvived = controller.toBool();
    }
    const QJsonObject predicted = json.value(QStringLiteral("predicted")).toObject();
    config.predictedWrite = readOptional(predicted.value(QStringLiteral("write_bw_bytes")));
    config.predictedRead = readOptional(predicted.value(QStringLiteral("read_bw_bytes")));
    const auto low = readOptional(predicted.value(QStringLiteral("write_low_bw_bytes")));
    const auto high = readOptional(predicted.value(QStringLiteral("write_high_bw_bytes")));
    if (low && high && *high > *low) {
        config.predictedWriteRange = std::pair {*low, *high};
    }
    const auto readLow = readOptional(predicted.value(QStringLiteral("read_low_bw_bytes")));
    const auto readHigh = readOptional(predicted.value(QStringLiteral("read_high_bw_bytes")));
    if (readLow && readHigh && *readHigh > *readLow) {
        config.predictedReadRange = std::pair {*readLow, *readHigh};
    }
    config.stripeCache = json.value(QStringLiteral("stripe_cache")).toInt(0);
    for (const auto& warning : json.value(QStringLiteral("warnings")).toArray()) {
        config.warnings.append(warning.toString());
    }
    config.predictedWriteBound = predicted.value(QStringLiteral("write_bound")).toString();
    config.predictedWriteNote = predicted.value(QStringLiteral("write_note")).toString();
    config.predictedReadBound = predicted.value(QStringLiteral("read_bound")).toString();
    config.predictedReadNote = predicted.value(QStringLiteral("read_note")).toString();
    config.predictedRandomRead = readOptional(predicted.value(QStringLiteral("rand_read_iops")));
    config.predictedRandomWrite = readOptional(predicted.value(QStringLiteral("rand_write_iops")));
    config.predictedRandomNote = predicted.value(QStringLiteral("rand_note")).toString();
    const QJsonObject relative = json.value(QStringLiteral("relative")).toObject();
    config.relativeWritePct = readOptional(relative.value(QStringLiteral("write_pct")));
    config.relativeReadPct = readOptional(relative.value(QStringLiteral("read_pct")));
    config.measuredOverPredicted = readOptional(json.value(QStringLiteral("measured_over_predicted")));
    config.measuredOverPredictedRead = readOptional(json.value(QStringLiteral("measured_over_predicted_read")));
    for (const auto& link : json.value(QStringLiteral("weakest_link")).toArray()) {
        config.weakestLink.append(link.toString());
    }
    for (const auto& test : json.value(QStringLiteral("tests")).toArray()) {
        auto parsed = TestResult::fromJson(test.toObject());
        if (!parsed) {
            return Error {ErrorCode::invalidResults,
                          QStringLiteral("configuration '%1': %2").arg(config.name, parsed.error().message)};
        }
        config.tests.append(*parsed);
    }
    config.seconds = json.value(QStringLiteral("seconds")).toDouble();
    config.filesystem = json.value(QStringLiteral("filesystem")).toObject();
    if (json.value(QStringLiteral("drill")).isObject()) {
        auto drill = DrillResult::fromJson(json.value(QStringLiteral("drill")).toObject());
        if (!drill) {
            return Error {ErrorCode::invalidResults,
                          QStringLiteral("configuration '%1': %2").arg(config.name, drill.error().message)};
        }
        config.drill = *drill;
    }
    if (json.value(QStringLiteral("write_cache")).isObject()) {
        const QJsonObject cache = json.value(QStringLiteral("write_cache")).toObject();
        const QString mode = cache.value(QStringLiteral("mode")).toString();
        config.writeCacheMode = mode == QLatin1String("on") ? WriteCacheMode::On
            : mode == QLatin1String("off")                  ? WriteCacheMode::Off
                                                            : WriteCacheMode::AsIs;
        for (const auto& value : cache.value(QStringLiteral("disks")).toArray()) {
            config.writeCaches.append({value.toObject().value(QStringLiteral("disk")).toString(),
                                       parseCacheState(value.toObject().value(QStringLiteral("state")).toString())});
        }
        config.writeCacheNote = cache.value(QStringLiteral("note")).toString();
    }
    return config;
}

const DiskResult* CampaignResults::disk(const QString& path) const
{
    for (const DiskResult& entry : disks) {
        if (entry.path == path || (!entry.stablePath.isEmpty() && entry.stablePath == path)) {
            return &entry;
        }
    }
    return nullptr;
}

ConfigResult* CampaignResults::config(const QString& name)
{
    for (ConfigResult& entry : configs) {
        if (entry.name == name) {
            return &entry;
        }
    }
    return nullptr;
}

QJsonObject CampaignResults::toJson(bool withSamples) const
{
    QJsonArray diskArray;
    for (const DiskResult& entry : disks) {
        diskArray.append(entry.toJson());
    }
    QJsonArray configArray;
    for (const ConfigResult& entry : configs) {
        configArray.append(entry.toJson(withSamples));
    }
    QJsonObject json {{QStringLiteral("raidbench_results"), version},
                      {QStringLiteral("raidbench_version"), raidbenchVersion},
                      {QStringLiteral("created"), created},
                      {QStringLiteral("updated"), updated},
                      {QStringLiteral("status"), runStateName(status)},
                      {QStringLiteral("host"), host},
                      {QStringLiteral("plan"), plan},
                      {QStringLiteral("assume_clean_reason"), assumeCleanReason},
                      {QStringLiteral("disks"), diskArray},
                      {QStringLiteral("configs"), configArray}};
    if (!together.isEmpty()) {
        QJsonArray groups;
        for (const DisksTogether& group : together) {
            groups.append(group.toJson());
        }
        json.insert(QStringLiteral("together"), groups);
    }
    if (!quickAnswer.isEmpty()) {
        json.insert(QStringLiteral("quick_answer"), quickAnswer);
    }
    return json;
}

Result<CampaignResults> CampaignResults::fromJson(const QJsonObject& json)
{
    if (!json.value(QStringLiteral("raidbench_results")).isDouble()) {
        return makeError(ErrorCode::invalidResults,
                         QStringLiteral("not a RaidBench results file (no \"raidbench_results\")"));
    }
    const int fileVersion = json.value(QStringLiteral("raidbench_results")).toInt();
    if (fileVersion > version) {
        return makeError(
            ErrorCode::futureVersion,
            QStringLiteral("these results are version %1; this RaidBench reads up to version %2 (upgrade it)")
                .arg(fileVersion)
                .arg(version));
    }
    if (fileVersion < 1 || !json.value(QStringLiteral("configs")).isArray() ||
        !json.value(QStringLiteral("disks")).isArray()) {
        return makeError(ErrorCode::invalidResults,
                         QStringLiteral("the results file is damaged (no configs or disks)"));
    }
    CampaignResults results;
    results.raidbenchVersion = json.value(QStringLiteral("raidbench_version")).toString();
    results.created = json.value(QStringLiteral("created")).toString();
    results.updated = json.value(QStringLiteral("updated")).toString();
    results.status = parseRunState(json.value(QStringLiteral("status")).toString()).value_or(RunState::Running);
    results.host = json.value(QStringLiteral("host")).toObject();
    results.plan = json.value(QStringLiteral("plan")).toObject();
    results.assumeCleanReason = json.value(QStringLiteral("assume_clean_reason")).toString();
    for (const auto& entry : json.value(QStringLiteral("disks")).toArray()) {
        results.disks.append(DiskResult::fromJson(entry.toObject()));
    }
    results.quickAnswer = json.value(QStringLiteral("quick_answer")).toObject();
    for (const auto& entry : json.value(QStringLiteral("together")).toArray()) {
        results.together.append(DisksTogether::fromJson(entry.toObject()));
    }
    for (const auto& entry : json.value(QStringLiteral("configs")).toArray()) {
        auto config = ConfigResult::fromJson(entry.toObject());
        if (!config) {
            return config.error();
        }
        results.configs.append(*config);
    }
    return results;
}

Result<void> CampaignResults::save(const QString& path, mode_t mode) const
{
    return writeFileAtomically(path, QJsonDocument(toJson()).toJson(QJsonDocument::Indented), {}, mode);
}

Result<CampaignResults> CampaignResults::load(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return makeError(ErrorCode::invalidResults, QStringLiteral("cannot read %1: %2").arg(path, file.errorString()));
    }
    QJsonParseError error {};
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &error);
    if (error.error != QJsonParseError::NoError || !document.isObject()) {
        return makeError(ErrorCode::invalidResults,
                         QStringLiteral("%1 is not a results file (corrupt JSON: %2)").arg(path, error.errorString()));
    }
    return fromJson(document.object());
}

} // namespace RaidBench

#include "helper/messages.h"

#include "util/errorcodes.h"
#include "util/jsonvalues.h"

#include <QJsonArray>

#include <cmath>

namespace RaidBench::Messages {

namespace {

/// Strict integers for job fields: JSON numbers that are whole and in range.
Result<qint64> integer(const QJsonObject& json, const char* key, qint64 minimum, qint64 maximum, qint64 fallback)
{
    const QJsonValue value = json.value(QLatin1String(key));
    if (value.isUndefined()) {
        return fallback;
    }
    const double number = value.toDouble(std::nan(""));
    // In range before the cast: a double beyond qint64's range cast to it is undefined behaviour.
    // 2^63 itself is double(INT64_MAX), so the upper bound is strict against 2^63.
    const bool inRange = number >= double(minimum) && number <= double(maximum) && number < 9223372036854775808.0;
    if (!value.isDouble() || !inRange || number != std::trunc(number)) {
        return makeError(ErrorCode::badArgument,
                         QStringLiteral("run-io: '%1' must be a whole number from %2 to %3")
                             .arg(QLatin1String(key))
                             .arg(minimum)
                             .arg(maximum));
    }
    return qint64(number);
}

} // namespace

QJsonObject Hello::toJson() const
{
    return {{QStringLiteral("protocol"), protocol}, {QStringLiteral("client"), client}};
}

Hello Hello::fromJson(const QJsonObject& args)
{
    return {args.value(QStringLiteral("protocol")).toInt(), args.value(QStringLiteral("client")).toString()};
}

QJsonObject HelloReply::toJson() const
{
    return {{QStringLiteral("protocol"), protocol}, {QStringLiteral("raidbench_version"), raidbenchVersion},
            {QStringLiteral("pid"), pid},           {QStringLiteral("euid"), euid},
            {QStringLiteral("lab"), lab},           {QStringLiteral("journals"), journals}};
}

HelloReply HelloReply::fromJson(const QJsonObject& result)
{
    HelloReply hello;
    hello.protocol = result.value(QStringLiteral("protocol")).toInt();
    hello.raidbenchVersion = result.value(QStringLiteral("raidbench_version")).toString();
    hello.pid = readInt64(result.value(QStringLiteral("pid")));
    hello.euid = readInt64Or(result.value(QStringLiteral("euid")), -1);
    hello.lab = result.value(QStringLiteral("lab")).toBool();
    hello.journals = result.value(QStringLiteral("journals")).toInt();
    return hello;
}

QJsonObject ScanDisks::toJson() const
{
    return {{QStringLiteral("allow_loop"), allowLoop}, {QStringLiteral("all"), all}};
}

ScanDisks ScanDisks::fromJson(const QJsonObject& args)
{
    return {args.value(QStringLiteral("allow_loop")).toBool(), args.value(QStringLiteral("all")).toBool()};
}

QJsonObject ReadHealth::toJson() const
{
    QJsonObject args {{QStringLiteral("allow_loop"), allowLoop}};
    if (!disks.isEmpty()) {
        args.insert(QStringLiteral("disks"), QJsonArray::fromStringList(disks));
    }
    return args;
}

ReadHealth ReadHealth::fromJson(const QJsonObject& args)
{
    ReadHealth request;
    request.allowLoop = args.value(QStringLiteral("allow_loop")).toBool();
    for (const auto& name : args.value(QStringLiteral("disks")).toArray()) {
        request.disks.append(name.toString());
    }
    return request;
}

QJsonObject encodeDisks(const QList<Disk>& disks)
{
    QJsonArray array;
    for (const Disk& disk : disks) {
        array.append(disk.toJson());
    }
    return {{QStringLiteral("disks"), array}};
}

QList<Disk> decodeDisks(const QJsonObject& result)
{
    QList<Disk> disks;
    for (const auto& value : result.value(QStringLiteral("disks")).toArray()) {
        disks.append(Disk::fromJson(value.toObject()));
    }
    return disks;
}

QJsonObject ArrayRequest::toJson(bool create) const
{
    QJsonObject args {{QStringLiteral("spec"), spec}, {QStringLiteral("allow_loop"), allowLoop}};
    if (create) {
        args.insert(QStringLiteral("confirm_destroy"), ConfirmedDisk::toJsonArray(confirmDestroy));
        args.insert(QStringLiteral("wait_resync"), waitResync);
    }
    return args;
}

ArrayRequest ArrayRequest::fromJson(const QJsonObject& args)
{
    ArrayRequest request;
    request.spec = args.value(QStringLiteral("spec")).toObject();
    request.allowLoop = args.value(QStringLiteral("allow_loop")).toBool();
    request.confirmDestroy = ConfirmedDisk::fromJsonArray(args.value(QStringLiteral("confirm_destroy"))).value_or({});
    request.waitResync = args.value(QStringLiteral("wait_resync")).toBool();
    return request;
}

QJsonObject ArrayPlan::toJson() const
{
    QJsonArray pins;
    for (const QJsonObject& disk : disks) {
        pins.append(disk);
    }
    return {{QStringLiteral("tag"), tag},
            {QStringLiteral("device"), device},
            {QStringLiteral("description"), description},
            {QStringLiteral("commands"), QJsonArray::fromStringList(commands)},
            {QStringLiteral("teardown"), QJsonArray::fromStringList(teardown)},
            {QStringLiteral("destroys"), QJsonArray::fromStringList(destroys)},
            {QStringLiteral("disks"), pins},
            {QStringLiteral("usable_bytes"), usableBytes},
            {QStringLiteral("space_pct"), spacePct},
            {QStringLiteral("failures_guaranteed"), failuresGuaranteed},
            {QStringLiteral("failures_best_case"), failuresBestCase},
            {QStringLiteral("warnings"), QJsonArray::fromStringList(warnings)}};
}

ArrayPlan ArrayPlan::fromJson(const QJsonObject& result)
{
    ArrayPlan plan;
    plan.tag = result.value(QStringLiteral("tag")).toString();
    plan.device = result.value(QStringLiteral("device")).toString();
    plan.description = result.value(QStringLiteral("description")).toString();
    plan.commands = readStrings(result.value(QStringLiteral("commands")));
    plan.teardown = readStrings(result.value(QStringLiteral("teardown")));
    plan.destroys = readStrings(result.value(QStringLiteral("destroys")));
    for (const auto& disk : result.value(QStringLiteral("disks")).toArray()) {
        plan.disks.append(disk.toObject());
    }
    plan.usableBytes = result.value(QStringLiteral("usable_bytes")).toDouble();
    plan.spacePct = result.value(QStringLiteral("space_pct")).toDouble();
    plan.failuresGuaranteed = result.value(QStringLiteral("failures_guaranteed")).toInt();
    plan.failuresBestCase = result.value(QStringLiteral("failures_best_case")).toInt();
    plan.warnings = readStrings(result.value(QStringLiteral("warnings")));
    return plan;
}

QJsonObject Removal::toJson() const
{
    return {{QStringLiteral("removed"), QJsonArray::fromStringList(removed)},
            {QStringLiteral("problems"), QJsonArray::fromStringList(problems)},
            {QStringLiteral("skipped"), QJsonArray::fromStringList(skipped)}};
}

Removal Removal::fromJson(const QJsonObject& result)
{
    return {readStrings(result.value(QStringLiteral("removed"))), readStrings(result.value(QStringLiteral("problems"))),
            readStrings(result.value(QStringLiteral("skipped")))};
}

QJsonObject ArrayListing::toJson() const
{
    QJsonArray ours;
    for (const ListedArray& array : arrays) {
        QJsonObject entry {
            {QStringLiteral("tag"), array.tag},
            {QStringLiteral("device"), array.device},
            {QStringLiteral("description"), array.description},
            {QStringLiteral("mounted"), array.mountPoint.isEmpty() ? QJsonValue() : QJsonValue(array.mountPoint)}};
        if (!array.teardownError.isEmpty()) {
            entry.insert(QStringLiteral("teardown_error"), array.teardownError);
        }
        ours.append(entry);
    }
    auto runs = [](const QList<OtherRun>& list) {
        QJsonArray array;
        for (const OtherRun& run : list) {
            array.append(QJsonObject {{QStringLiteral("tag"), run.tag}, {QStringLiteral("pid"), run.pid}});
        }
        return array;
    };
    return {{QStringLiteral("arrays"), ours},
            {QStringLiteral("leftovers"), runs(leftovers)},
            {QStringLiteral("in_use_by_others"), runs(inUseByOthers)}};
}

ArrayListing ArrayListing::fromJson(const QJsonObject& result)
{
    ArrayListing listing;
    for (const auto& value : result.value(QStringLiteral("arrays")).toArray()) {
        const QJsonObject entry = value.toObject();
        listing.arrays.append(
            {entry.value(QStringLiteral("tag")).toString(), entry.value(QStringLiteral("device")).toString(),
             entry.value(QStringLiteral("description")).toString(), entry.value(QStringLiteral("mounted")).toString(),
             entry.value(QStringLiteral("teardown_error")).toString()});
    }
    auto runs = [](const QJsonValue& value) {
        QList<OtherRun> list;
        for (const auto& item : value.toArray()) {
            list.append({item.toObject().value(QStringLiteral("tag")).toString(),
                         readInt64(item.toObject().value(QStringLiteral("pid")))});
        }
        return list;
    };
    listing.leftovers = runs(result.value(QStringLiteral("leftovers")));
    listing.inUseByOthers = runs(result.value(QStringLiteral("in_use_by_others")));
    return listing;
}

QJsonObject RunIo::toJson() const
{
    return {{QStringLiteral("job"), job},
            {QStringLiteral("confirm_destroy"), ConfirmedDisk::toJsonArray(confirmDestroy)},
            {QStringLiteral("allow_loop"), allowLoop}};
}

RunIo RunIo::fromJson(const QJsonObject& args)
{
    return {args.value(QStringLiteral("job")).toObject(),
            ConfirmedDisk::fromJsonArray(args.value(QStringLiteral("confirm_destroy"))).value_or({}),
            args.value(QStringLiteral("allow_loop")).toBool()};
}

QJsonObject encodeIoJob(const IoJob& job)
{
    QJsonObject json {
        {QStringLiteral("target"), job.target},        {QStringLiteral("rw"), patternName(job.pattern)},
        {QStringLiteral("bs"), qint64(job.blockSize)}, {QStringLiteral("qd"), job.queueDepth},
        {QStringLiteral("direct"), job.direct},        {QStringLiteral("data"), dataPatternName(job.data)},
        {QStringLiteral("rwmixread"), job.readPercent}};
    auto put = [&json](const char* key, std::uint64_t value) {
        if (value > 0) {
            json.insert(QLatin1String(key), qint64(value));
        }
    };
    put("size", job.sizeLimit);
    put("time_ms", job.timeLimitNs / 1'000'000);
    put("ramp_ms", job.rampNs / 1'000'000);
    put("offset", job.offset);
    put("length", job.length);
    return json;
}

Result<IoJob> decodeIoJob(const QJsonObject& json)
{
    static const QStringList known {QStringLiteral("target"),    QStringLiteral("rw"),     QStringLiteral("bs"),
                                    QStringLiteral("qd"),        QStringLiteral("size"),   QStringLiteral("time_ms"),
                                    QStringLiteral("ramp_ms"),   QStringLiteral("direct"), QStringLiteral("data"),
                                    QStringLiteral("rwmixread"), QStringLiteral("offset"), QStringLiteral("length")};
    for (const QString& key : json.keys()) {
        if (!known.contains(key)) {
            return makeError(ErrorCode::unknownField,
                             QStringLiteral("run-io: the job takes no '%1'").arg(key.left(64)));
        }
    }
    if (!json.value(QStringLiteral("target")).isString()) {
        return makeError(ErrorCode::missingField, QStringLiteral("run-io: the job needs a \"target\" device"));
    }
    IoJob job;
    auto pattern = parsePattern(json.value(QStringLiteral("rw")).toString(QStringLiteral("read")));
    if (!pattern) {
        return pattern.error();
    }
    job.pattern = *pattern;
    const auto bs = integer(json, "bs", IoJob::minBlockSize, IoJob::maxBlockSize, 1 << 20);
    const auto qd = integer(json, "qd", 1, IoJob::maxQueueDepth, 1);
    const auto size = integer(json, "size", 0, qint64(1) << 56, 0);
    const auto timeMs = integer(json, "time_ms", 0, 7 * 24 * 3600 * 1000ll, 0);
    const auto rampMs = integer(json, "ramp_ms", 0, 3600 * 1000, 0);
    const auto mix = integer(json, "rwmixread", 0, 100, 50);
    const auto offset = integer(json, "offset", 0, qint64(1) << 56, 0);
    const auto length = integer(json, "length", 0, qint64(1) << 56, 0);
    for (const Result<qint64>* value : {&bs, &qd, &size, &timeMs, &rampMs, &mix, &offset, &length}) {
        if (!*value) {
            return value->error();
        }
    }
    job.blockSize = std::uint32_t(*bs);
    job.queueDepth = int(*qd);
    job.sizeLimit = std::uint64_t(*size);
    job.timeLimitNs = std::uint64_t(*timeMs) * 1'000'000;
    job.rampNs = std::uint64_t(*rampMs) * 1'000'000;
    job.readPercent = int(*mix);
    job.offset = std::uint64_t(*offset);
    job.length = std::uint64_t(*length);
    job.direct = json.value(QStringLiteral("direct")).toBool(true);
    auto data = parseDataPattern(json.value(QStringLiteral("data")).toString(QStringLiteral("random")));
    if (!data) {
        return data.error();
    }
    job.data = *data;
    if (job.sizeLimit == 0 && job.timeLimitNs == 0) {
        return makeError(ErrorCode::badArgument, QStringLiteral("run-io: give the job a size or a time limit"));
    }
    job.target = QStringLiteral("/dev/null"); // the parameters alone; the caller checks the real target
    if (auto valid = job.validate(); !valid) {
        return valid.error();
    }
    job.target = json.value(QStringLiteral("target")).toString();
    return job;
}

QJsonObject encodeIoProgress(const IoProgress& progress)
{
    return {{QStringLiteral("bytes"), double(progress.bytes)},
            {QStringLiteral("fraction"), progress.fraction},
            {QStringLiteral("bw_bytes"), progress.currentBwBytes},
            {QStringLiteral("elapsed_ns"), double(progress.elapsedNs)}};
}

IoProgress decodeIoProgress(const QJsonObject& event)
{
    IoProgress progress;
    progress.bytes = readUInt64(event.value(QStringLiteral("bytes")));
    progress.fraction = event.value(QStringLiteral("fraction")).toDouble(-1);
    progress.currentBwBytes = event.value(QStringLiteral("bw_bytes")).toDouble();
    progress.elapsedNs = readUInt64(event.value(QStringLiteral("elapsed_ns")));
    return progress;
}

QJsonObject encodeIoResult(const IoResult& result)
{
    return {{QStringLiteral("result"), result.toJson()}};
}

Result<IoResult> decodeIoResult(const QJsonObject& reply)
{
    return IoResult::fromJson(reply.value(QStringLiteral("result")).toObject());
}

RunCampaign RunCampaign::forPlan(const CampaignPlan& plan, const QList<ConfirmedDisk>& confirmed,
                                 const QJsonObject& resume)
{
    return {plan.toJson(), confirmed, resume, !resume.isEmpty()};
}

QJsonObject RunCampaign::toJson() const
{
    QJsonObject args {{QStringLiteral("plan"), plan},
                      {QStringLiteral("confirm_destroy"), ConfirmedDisk::toJsonArray(confirmDestroy)}};
    if (hasResume) {
        args.insert(QStringLiteral("resume"), resume);
    }
    return args;
}

RunCampaign RunCampaign::fromJson(const QJsonObject& args)
{
    return {args.value(QStringLiteral("plan")).toObject(),
            ConfirmedDisk::fromJsonArray(args.value(QStringLiteral("confirm_destroy"))).value_or({}),
            args.value(QStringLiteral("resume")).toObject(), args.contains(QStringLiteral("resume"))};
}

QJsonObject encodeCampaignProgress(const CampaignProgress& progress)
{
    return {{QStringLiteral("phase"), campaignPhaseName(progress.phase)},
            {QStringLiteral("config_index"), progress.configIndex},
            {QStringLiteral("config_count"), progress.configCount},
            {QStringLiteral("config"), progress.configName},
            {QStringLiteral("test"), progress.testName},
            {QStringLiteral("repeat"), progress.repeat},
            {QStringLiteral("repeats"), progress.repeats},
            {QStringLiteral("fraction"), progress.fraction},
            {QStringLiteral("overall"), progress.overall},
            {QStringLiteral("bw_bytes"), progress.liveBwBytes},
            {QStringLiteral("message"), progress.message},
            {QStringLiteral("message_template"), progress.messageTemplate},
            {QStringLiteral("message_args"), QJsonArray::fromStringList(progress.messageArgs)},
            {QStringLiteral("stalled_s"), progress.stalledSeconds},
            {QStringLiteral("stalled_target"), progress.stalledTarget}};
}

CampaignProgress decodeCampaignProgress(const QJsonObject& event)
{
    CampaignProgress progress;
    // A phase this client does not know (a newer helper) reads as the step it most resembles: a test.
    progress.phase = parseCampaignPhase(event.value(QStringLiteral("phase")).toString()).value_or(CampaignPhase::Test);
    progress.configIndex = event.value(QStringLiteral("config_index")).toInt();
    progress.configCount = event.value(QStringLiteral("config_count")).toInt();
    progress.configName = event.value(QStringLiteral("config")).toString();
    progress.testName = event.value(QStringLiteral("test")).toString();
    progress.repeat = event.value(QStringLiteral("repeat")).toInt();
    progress.repeats = event.value(QStringLiteral("repeats")).toInt();
    progress.fraction = event.value(QStringLiteral("fraction")).toDouble(-1);
    progress.overall = event.value(QStringLiteral("overall")).toDouble();
    progress.liveBwBytes = event.value(QStringLiteral("bw_bytes")).toDouble();
    progress.message = event.value(QStringLiteral("message")).toString();
    // The message's template and its arguments, for the user's language; an older helper sends neither,
    // and a template with more than nine arguments, or longer than any of ours, is not one to fill.
    const QStringList args = readStrings(event.value(QStringLiteral("message_args")));
    const QString pattern = event.value(QStringLiteral("message_template")).toString();
    if (args.size() <= maxTemplateArgs && pattern.size() <= maxTemplateText) {
        progress.messageTemplate = pattern;
        progress.messageArgs = args;
    }
    progress.stalledSeconds = std::max(0, event.value(QStringLiteral("stalled_s")).toInt());
    progress.stalledTarget = event.value(QStringLiteral("stalled_target")).toString();
    return progress;
}

QJsonObject encodeResults(const CampaignResults& results)
{
    return {{QStringLiteral("results"), results.toJson()}};
}

QJsonObject resultsJson(const QJsonObject& eventOrReply)
{
    return eventOrReply.value(QStringLiteral("results")).toObject();
}

Result<CampaignResults> decodeResults(const QJsonObject& eventOrReply)
{
    return CampaignResults::fromJson(resultsJson(eventOrReply));
}

CommandEvent CommandEvent::fromStep(const StepLog& step)
{
    return {step.argv, step.result.ok(), step.result.summary(), QString(step.result.out + step.result.err).right(4000)};
}

QJsonObject CommandEvent::toJson() const
{
    return {{QStringLiteral("argv"), QJsonArray::fromStringList(argv)},
            {QStringLiteral("ok"), ok},
            {QStringLiteral("summary"), summary},
            {QStringLiteral("output"), output}};
}

CommandEvent CommandEvent::fromJson(const QJsonObject& event)
{
    return {readStrings(event.value(QStringLiteral("argv"))), event.value(QStringLiteral("ok")).toBool(),
            event.value(QStringLiteral("summary")).toString(), event.value(QStringLiteral("output")).toString()};
}

QJsonObject BuildProgress::toJson() const
{
    return {{QStringLiteral("message"), message}, {QStringLiteral("fraction"), fraction}};
}

BuildProgress BuildProgress::fromJson(const QJsonObject& event)
{
    return {event.value(QStringLiteral("message")).toString(), event.value(QStringLiteral("fraction")).toDouble()};
}

QJsonObject tagArgs(const QString& tag)
{
    return {{QStringLiteral("tag"), tag}};
}

QString tagOf(const QJsonObject& args)
{
    return args.value(QStringLiteral("tag")).toString();
}

QJsonObject MakeFs::toJson() const
{
    return {{QStringLiteral("tag"), tag},
            {QStringLiteral("filesystem"), filesystem},
            {QStringLiteral("confirm_destroy"), ConfirmedDisk::toJsonArray(confirmDestroy)}};
}

MakeFs MakeFs::fromJson(const QJsonObject& args)
{
    return {tagOf(args), args.value(QStringLiteral("filesystem")),
            ConfirmedDisk::fromJsonArray(args.value(QStringLiteral("confirm_destroy"))).value_or({})};
}

QJsonObject encodeMounted(const MountedFilesystem& mounted)
{
    QJsonObject json = mounted.toJson();
    json.insert(QStringLiteral("mount_point"), mounted.mountPoint);
    json.insert(QStringLiteral("user_directory"), mounted.userDirectory);
    return json;
}

QJsonObject Unmounted::toJson() const
{
    return {{QStringLiteral("unmounted"), mountPoint}};
}

Unmounted Unmounted::fromJson(const QJsonObject& result)
{
    return {result.value(QStringLiteral("unmounted")).toString()};
}

QJsonObject cancelArgs(qint64 request)
{
    return {{QStringLiteral("request"), request}};
}

qint64 cancelTarget(const QJsonObject& args)
{
    return qint64(args.value(QStringLiteral("request")).toDouble(-1));
}

QJsonObject cancelledReply(qint64 request)
{
    return {{QStringLiteral("cancelled"), request}};
}

QJsonObject byeReply()
{
    return {{QStringLiteral("bye"), true}};
}

QJsonObject About::toJson() const
{
    QJsonObject json {{QStringLiteral("mdadm"), mdadm},
                      {QStringLiteral("kernel"), kernel},
                      {QStringLiteral("raidbench_version"), raidbenchVersion}};
    if (udevRunning) {
        json.insert(QStringLiteral("udev_running"), *udevRunning);
    }
    return json;
}

About About::fromJson(const QJsonObject& result)
{
    About about {result.value(QStringLiteral("mdadm")).toString(), result.value(QStringLiteral("kernel")).toString(),
                 result.value(QStringLiteral("raidbench_version")).toString(), std::nullopt};
    if (const QJsonValue udev = result.value(QStringLiteral("udev_running")); udev.isBool()) {
        about.udevRunning = udev.toBool();
    }
    return about;
}

} // namespace RaidBench::Messages

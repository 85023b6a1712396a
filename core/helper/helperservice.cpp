#include "helper/helperservice.h"

#include "arrays/buildjournal.h"
#include "campaign/campaignplan.h"
#include "campaign/campaignrunner.h"
#include "disks/diskscanner.h"
#include "engine/ioengine.h"
#include "layout/arrayanalysis.h"
#include "system/childprocess.h"
#include "util/atomicfile.h"
#include "util/errorcodes.h"
#include "util/privatedir.h"
#include "version.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <cmath>
#include <cstdio>
#include <sys/utsname.h>
#include <syslog.h>
#include <unistd.h>

namespace RaidBench {

/// An array this session built, and whether its teardown failed (it stays listed, and is tried again
/// when the session ends).
struct HelperService::SessionArray
{
    BuiltArray array;
    QString teardownError;
};

struct HelperService::Session
{
    std::mutex mutex;
    bool hello = false;
    QHash<QString, SessionArray> arrays; ///< built in this session, by tag
    QHash<QString, MountedFilesystem> mounts; ///< by array tag
};

namespace {

/// Strict integers for job fields: JSON numbers that are whole and in range.
Result<qint64> integer(const QJsonObject& json, const char* key, qint64 minimum, qint64 maximum, qint64 fallback)
{
    const QJsonValue value = json.value(QLatin1String(key));
    if (value.isUndefined()) {
        return fallback;
    }
    const double number = value.toDouble(std::nan(""));
    if (!value.isDouble() || number != double(qint64(number)) || number < double(minimum) || number > double(maximum)) {
        return makeError(ErrorCode::badArgument,
                         QStringLiteral("'%1' must be a whole number from %2 to %3")
                             .arg(QLatin1String(key))
                             .arg(minimum)
                             .arg(maximum));
    }
    return qint64(number);
}

QStringList strings(const QJsonValue& value)
{
    QStringList list;
    for (const auto& item : value.toArray()) {
        list.append(item.toString());
    }
    return list;
}

} // namespace

HelperService::HelperService(Options options, std::function<void(const QByteArray&)> write)
    : m_options(std::move(options))
    , m_write(std::move(write))
    , m_session(std::make_unique<Session>())
    , m_jobs(m_options.maxWorkers)
{
    if (!m_options.gate) {
        m_options.gate = [](bool allowLoop) -> std::shared_ptr<const DeviceGate> {
            return std::make_shared<SystemDeviceGate>(SystemDeviceGate::withLoop(allowLoop));
        };
    }
    openlog("raidbench-helper", LOG_PID, LOG_DAEMON);
}

HelperService::~HelperService()
{
    shutdown(QStringLiteral("service destroyed"));
}

QString HelperService::loggable(const QString& text)
{
    QString out;
    for (const QChar c : text.left(300)) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f || c.category() == QChar::Other_Format ||
            c == QChar::LineSeparator || c == QChar::ParagraphSeparator) {
            out += QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QLatin1Char('0'));
        } else {
            out += c;
        }
    }
    return out;
}

void HelperService::log(const QString& line) const
{
    // A client's strings reach these lines: one line each, whatever they hold.
    const QByteArray text = QStringLiteral("uid %1: %2").arg(m_options.clientUid).arg(loggable(line)).toLocal8Bit();
    syslog(LOG_INFO, "%s", text.constData());
    std::fprintf(stderr, "raidbench-helper[%d] %s\n", int(getpid()), text.constData());
}

std::shared_ptr<const DeviceGate> HelperService::gateFor(bool allowLoop) const
{
    return m_options.gate(allowLoop);
}

BuildExecutor::Options HelperService::executorOptions(bool allowLoop) const
{
    BuildExecutor::Options options = m_options.executor;
    options.gate = gateFor(allowLoop);
    options.mountRoot = m_options.stateDirectory;
    options.program = QStringLiteral("helper");
    options.clientUid = m_options.clientUid >= 0 ? m_options.clientUid : qint64(getuid());
    return options;
}

RecoverScope HelperService::scope() const
{
    // A root client may clean up after anyone (and take down an array built to stay, by its tag); a
    // user only what their own ended sessions left.
    RecoverScope scope;
    scope.clientUid = m_options.clientUid >= 0 ? m_options.clientUid : qint64(getuid());
    scope.root = scope.clientUid == 0;
    return scope;
}

QString HelperService::newSessionTag() const
{
    // The helper's own tags: random, and checked against this session and every journal.
    for (;;) {
        const QString tag = newBuildTag();
        std::lock_guard lock(m_session->mutex);
        if (!m_session->arrays.contains(tag) && !BuildJournal::exists(m_options.executor.journalDirectory, tag)) {
            return tag;
        }
    }
}

QJsonObject HelperService::commandEvent(const StepLog& step) const
{
    return {{QStringLiteral("argv"), QJsonArray::fromStringList(step.argv)},
            {QStringLiteral("ok"), step.result.ok()},
            {QStringLiteral("summary"), step.result.summary()},
            {QStringLiteral("output"), QString(step.result.out + step.result.err).right(4000)}};
}

void HelperService::reply(qint64 id, const QJsonObject& result)
{
    std::lock_guard lock(m_writeMutex);
    m_write(HelperProtocol::encodeReply(id, result));
}

void HelperService::fail(qint64 id, const QString& code, const QString& message)
{
    std::lock_guard lock(m_writeMutex);
    m_write(HelperProtocol::encodeError(id, code, message));
}

void HelperService::event(qint64 id, const QString& name, const QJsonObject& fields)
{
    std::lock_guard lock(m_writeMutex);
    m_write(HelperProtocol::encodeEvent(id, name, fields));
}

void HelperService::handleLine(const QByteArray& line)
{
    qint64 id = -1;
    auto request = HelperProtocol::parseRequest(line, &id);
    if (!request) {
        log(QStringLiteral("refused a request: %1").arg(request.error().message));
        fail(id, request.error());
        return;
    }
    if (m_shuttingDown.load()) {
        fail(request->id, ErrorCode::shuttingDown, QStringLiteral("the helper is shutting down"));
        return;
    }
    {
        std::lock_guard lock(m_session->mutex);
        if (!m_session->hello && request->op != QLatin1String("hello") && request->op != QLatin1String("bye")) {
            fail(request->id, ErrorCode::helloRequired,
                 QStringLiteral("say hello first (protocol version %1)").arg(HelperProtocol::version));
            return;
        }
    }
    if (m_jobs.isRunning(request->id)) {
        fail(request->id, ErrorCode::duplicateId, QStringLiteral("request %1 is still running").arg(request->id));
        return;
    }
    log(QStringLiteral("request %1: %2").arg(request->id).arg(request->op));
    dispatch(*request);
}

std::optional<HelperJobs::Exclusive> HelperService::exclusive(qint64 id)
{
    auto token = m_jobs.tryExclusive();
    if (!token) {
        fail(id, ErrorCode::busy, QStringLiteral("another operation that changes disks is running; cancel it or wait"));
    }
    return token;
}

void HelperService::startJob(qint64 id, std::function<void(const std::atomic_bool*)> work,
                             std::optional<HelperJobs::Exclusive> token)
{
    if (auto ok = m_jobs.start(id, std::move(work), std::move(token)); !ok) {
        fail(id, ok.error());
    }
}

void HelperService::dispatch(const HelperProtocol::Request& request)
{
    const QString& op = request.op;
    if (op == QLatin1String("hello")) {
        hello(request);
    } else if (op == QLatin1String("scan-disks")) {
        scanDisks(request);
    } else if (op == QLatin1String("plan-array")) {
        planArray(request, false);
    } else if (op == QLatin1String("create-array")) {
        planArray(request, true);
    } else if (op == QLatin1String("teardown")) {
        teardown(request);
    } else if (op == QLatin1String("list-arrays")) {
        listArrays(request);
    } else if (op == QLatin1String("recover")) {
        recover(request);
    } else if (op == QLatin1String("run-io")) {
        runIo(request);
    } else if (op == QLatin1String("run-campaign")) {
        runCampaign(request);
    } else if (op == QLatin1String("make-fs-and-mount")) {
        makeFs(request);
    } else if (op == QLatin1String("unmount")) {
        unmount(request);
    } else if (op == QLatin1String("cancel")) {
        cancel(request);
    } else if (op == QLatin1String("about")) {
        about(request);
    } else if (op == QLatin1String("bye")) {
        reply(request.id, {{QStringLiteral("bye"), true}});
        m_quit.store(true);
    }
}

void HelperService::hello(const HelperProtocol::Request& request)
{
    const int protocol = request.args.value(QStringLiteral("protocol")).toInt();
    if (protocol != HelperProtocol::version) {
        fail(request.id, ErrorCode::protocolMismatch,
             QStringLiteral("this helper speaks protocol %1, the client %2; install matching versions")
                 .arg(HelperProtocol::version)
                 .arg(protocol));
        return;
    }
    {
        std::lock_guard lock(m_session->mutex);
        m_session->hello = true;
    }
    int leftovers = 0;
    for (const JournalRecord& record : BuildJournal::readAll(m_options.executor.journalDirectory)) {
        leftovers += scope().allows(record) ? 1 : 0;
    }
    reply(request.id,
          {{QStringLiteral("protocol"), HelperProtocol::version},
           {QStringLiteral("raidbench_version"), QStringLiteral(RAIDBENCH_VERSION)},
           {QStringLiteral("pid"), qint64(getpid())},
           {QStringLiteral("euid"), qint64(geteuid())},
           {QStringLiteral("lab"), qEnvironmentVariableIsSet("RAIDBENCH_LAB")},
           {QStringLiteral("journals"), leftovers}});
}

void HelperService::scanDisks(const HelperProtocol::Request& request)
{
    EligibilityOptions options;
    options.allowLoop = request.args.value(QStringLiteral("allow_loop")).toBool();
    const bool all = request.args.value(QStringLiteral("all")).toBool();
    QJsonArray disks;
    for (const Disk& disk : DiskScanner().scan(options)) {
        if (all || disk.kind == QLatin1String("disk") ||
            (options.allowLoop && disk.kind == QLatin1String("loop") && disk.sizeBytes > 0)) {
            disks.append(disk.toJson());
        }
    }
    reply(request.id, {{QStringLiteral("disks"), disks}});
}

void HelperService::planArray(const HelperProtocol::Request& request, bool create)
{
    auto spec = ArraySpec::fromJson(request.args.value(QStringLiteral("spec")).toObject());
    if (!spec) {
        fail(request.id, spec.error());
        return;
    }
    const QList<SpecIssue> issues = validateSpec(*spec);
    if (hasErrors(issues)) {
        fail(request.id, ErrorCode::invalidSpec, firstError(issues));
        return;
    }
    const bool allowLoop = request.args.value(QStringLiteral("allow_loop")).toBool();
    // Every device is resolved and checked here, once, whatever the client said about it; from now on
    // only the pinned canonical nodes are used.
    const std::shared_ptr<const DeviceGate> gate = gateFor(allowLoop);
    auto pinned = gate->pinSpec(*spec, DeviceGate::Use::Create);
    if (!pinned) {
        fail(request.id, pinned.error());
        return;
    }
    const QString tag = newSessionTag();
    auto plan = pinnedBuild(*pinned, tag, PlanOptions {udevIsRunning()});
    if (!plan) {
        fail(request.id, plan.error());
        return;
    }
    const ArrayFigures figures = analyzeSpec(pinned->spec);
    QJsonArray warnings;
    for (const auto& issue : issues) {
        warnings.append(issue.message);
    }
    QJsonArray teardownLines;
    for (const QStringList& argv : plan->teardownCommands()) {
        teardownLines.append(argv.join(QLatin1Char(' ')));
    }
    QJsonArray disks;
    for (const PinnedDevice& pin : pinned->pins) {
        disks.append(pin.toJson());
    }
    const QJsonObject planJson {{QStringLiteral("tag"), tag},
                                {QStringLiteral("device"), plan->topDevice},
                                {QStringLiteral("description"), pinned->spec.describe()},
                                {QStringLiteral("commands"), QJsonArray::fromStringList(plan->commandLines())},
                                {QStringLiteral("teardown"), teardownLines},
                                {QStringLiteral("destroys"), QJsonArray::fromStringList(plan->destroys)},
                                {QStringLiteral("disks"), disks},
                                {QStringLiteral("usable_bytes"), double(figures.usableBytes.value_or(0))},
                                {QStringLiteral("space_pct"), figures.spacePct},
                                {QStringLiteral("failures_guaranteed"), figures.failuresGuaranteed},
                                {QStringLiteral("failures_best_case"), figures.failuresBestCase},
                                {QStringLiteral("warnings"), warnings}};
    if (!create) {
        reply(request.id, planJson);
        return;
    }
    // The confirmation names exactly the disks destroyed: by the path the client gave or by their node.
    QStringList confirmed = strings(request.args.value(QStringLiteral("confirm_destroy")));
    bool matches = confirmed.size() == pinned->pins.size();
    for (const PinnedDevice& pin : pinned->pins) {
        const qsizetype at = std::max(confirmed.indexOf(pin.requested), confirmed.indexOf(pin.node));
        matches = matches && at >= 0;
        if (at >= 0) {
            confirmed.removeAt(at);
        }
    }
    if (!matches) {
        fail(request.id, ErrorCode::notConfirmed,
             QStringLiteral("confirm_destroy must list exactly the disks the array destroys: %1")
                 .arg(spec->leafDevices().join(QStringLiteral(", ")).left(2000)));
        return;
    }
    auto token = exclusive(request.id);
    if (!token) {
        return;
    }
    const qint64 id = request.id;
    const BuildPlan buildPlan = *plan;
    const bool waitResync = request.args.value(QStringLiteral("wait_resync")).toBool();
    startJob(
        id,
        [this, id, buildPlan, allowLoop, planJson, waitResync](const std::atomic_bool* cancel) {
            BuildExecutor::Options options = executorOptions(allowLoop);
            options.waitForResync = options.waitForResync || waitResync;
            BuildExecutor executor(
                *m_options.runner, options,
                {[this, id](const QString& message, double fraction) {
                     event(id, QStringLiteral("progress"),
                           {{QStringLiteral("message"), message}, {QStringLiteral("fraction"), fraction}});
                 },
                 [this, id](const StepLog& step) { event(id, QStringLiteral("command"), commandEvent(step)); }});
            auto built = executor.build(buildPlan, cancel);
            if (!built) {
                log(QStringLiteral("create %1 failed: %2").arg(buildPlan.tag, built.error().message));
                fail(id, built.error());
                return;
            }
            {
                std::lock_guard lock(m_session->mutex);
                m_session->arrays.insert(buildPlan.tag, SessionArray {*built, {}});
            }
            log(QStringLiteral("created %1 (%2)").arg(built->device, buildPlan.tag));
            reply(id, planJson);
        },
        std::move(token));
}

void HelperService::teardown(const HelperProtocol::Request& request)
{
    const QString tag = request.args.value(QStringLiteral("tag")).toString();
    std::optional<BuiltArray> array;
    std::optional<MountedFilesystem> mounted;
    bool fromJournal = false;
    {
        std::lock_guard lock(m_session->mutex);
        if (m_session->arrays.contains(tag)) {
            array = m_session->arrays.value(tag).array;
        }
        if (m_session->mounts.contains(tag)) {
            mounted = m_session->mounts.value(tag);
        }
    }
    if (!array) {
        // Not this session's: only what an ended run journaled may be removed, never a running one's.
        for (const JournalRecord& record : BuildJournal::readAll(m_options.executor.journalDirectory)) {
            if (record.tag != tag) {
                continue;
            }
            if (record.owner.isAlive()) {
                fail(request.id, ErrorCode::notOwner,
                     QStringLiteral("array %1 belongs to RaidBench process %2, which is still running")
                         .arg(tag)
                         .arg(record.owner.pid));
                return;
            }
            RecoverScope byTag = scope();
            byTag.includeKept = byTag.root;
            if (!byTag.allows(record)) {
                fail(request.id, ErrorCode::notOwner,
                     QStringLiteral("array %1 was not built for you (it is another user's, or was built to stay "
                                    "with raidbench-cli array create)")
                         .arg(tag));
                return;
            }
            array = BuildExecutor(*m_options.runner, executorOptions(true)).relocated(record);
            fromJournal = true;
        }
    }
    if (!array) {
        fail(request.id, ErrorCode::unknownTag,
             QStringLiteral("no array with tag %1 was made by RaidBench").arg(loggable(tag.left(64))));
        return;
    }
    auto token = exclusive(request.id);
    if (!token) {
        return;
    }
    const qint64 id = request.id;
    startJob(
        id,
        [this, id, tag, array, mounted, fromJournal](const std::atomic_bool*) {
            if (mounted) {
                if (auto ok = unmountFilesystem(*m_options.runner, *mounted); !ok) {
                    fail(id, ok.error());
                    return;
                }
                std::lock_guard lock(m_session->mutex);
                m_session->mounts.remove(tag);
            }
            // A journal's leaves are checked as loop devices too: they were pinned as whatever they were.
            BuildExecutor executor(
                *m_options.runner, executorOptions(true),
                {{}, [this, id](const StepLog& step) { event(id, QStringLiteral("command"), commandEvent(step)); }});
            const TeardownReport report = executor.teardown(*array);
            log(QStringLiteral("teardown %1: %2").arg(tag, report.summary()));
            {
                std::lock_guard lock(m_session->mutex);
                if (report.clean() || fromJournal) {
                    m_session->arrays.remove(tag);
                } else if (m_session->arrays.contains(tag)) {
                    m_session->arrays[tag].teardownError = report.summary(); // listed; tried again at exit
                }
            }
            if (!report.clean()) {
                fail(id, ErrorCode::teardownIncomplete, report.summary());
                return;
            }
            reply(id, {{QStringLiteral("removed"), QJsonArray::fromStringList(report.removed)}});
        },
        std::move(token));
}

void HelperService::listArrays(const HelperProtocol::Request& request)
{
    QJsonArray arrays;
    QSet<QString> ours;
    {
        std::lock_guard lock(m_session->mutex);
        for (auto it = m_session->arrays.cbegin(); it != m_session->arrays.cend(); ++it) {
            ours.insert(it.key());
            QJsonObject entry {{QStringLiteral("tag"), it.key()},
                               {QStringLiteral("device"), it->array.device},
                               {QStringLiteral("description"), it->array.plan.spec.describe()},
                               {QStringLiteral("mounted"),
                                m_session->mounts.contains(it.key())
                                    ? QJsonValue(m_session->mounts.value(it.key()).mountPoint)
                                    : QJsonValue()}};
            if (!it->teardownError.isEmpty()) {
                entry.insert(QStringLiteral("teardown_error"), it->teardownError);
            }
            arrays.append(entry);
        }
    }
    QJsonArray leftovers;
    QJsonArray running;
    for (const JournalRecord& record : BuildJournal::readAll(m_options.executor.journalDirectory)) {
        if (ours.contains(record.tag)) {
            continue;
        }
        const QJsonObject entry {{QStringLiteral("tag"), record.tag}, {QStringLiteral("pid"), record.owner.pid}};
        if (record.owner.isAlive()) {
            running.append(entry);
        } else if (scope().allows(record)) {
            leftovers.append(entry);
        }
    }
    reply(request.id,
          {{QStringLiteral("arrays"), arrays},
           {QStringLiteral("leftovers"), leftovers},
           {QStringLiteral("in_use_by_others"), running}});
}

void HelperService::recover(const HelperProtocol::Request& request)
{
    auto token = exclusive(request.id);
    if (!token) {
        return;
    }
    const qint64 id = request.id;
    startJob(
        id,
        [this, id](const std::atomic_bool*) {
            BuildExecutor executor(
                *m_options.runner, executorOptions(true),
                {{}, [this, id](const StepLog& step) { event(id, QStringLiteral("command"), commandEvent(step)); }});
            const TeardownReport report = executor.recoverLeftovers(scope());
            log(QStringLiteral("recover: %1").arg(report.summary()));
            reply(id,
                  {{QStringLiteral("removed"), QJsonArray::fromStringList(report.removed)},
                   {QStringLiteral("problems"), QJsonArray::fromStringList(report.problems)},
                   {QStringLiteral("skipped"), QJsonArray::fromStringList(report.skipped)}});
        },
        std::move(token));
}

void HelperService::about(const HelperProtocol::Request& request)
{
    // For the About dialog: the versions where the work happens (the VM's, in the lab).
    const CommandResult mdadm = m_options.runner->run({QStringLiteral("mdadm"), QStringLiteral("--version")}, 10000);
    struct utsname name
    { };
    uname(&name);
    reply(request.id,
          {{QStringLiteral("mdadm"), QString(mdadm.out + mdadm.err).trimmed().left(200)},
           {QStringLiteral("kernel"), QString::fromLocal8Bit(name.release)},
           {QStringLiteral("raidbench_version"), QStringLiteral(RAIDBENCH_VERSION)}});
}

void HelperService::runIo(const HelperProtocol::Request& request)
{
    const QJsonObject json = request.args.value(QStringLiteral("job")).toObject();
    static const QStringList known {QStringLiteral("target"),    QStringLiteral("rw"),     QStringLiteral("bs"),
                                    QStringLiteral("qd"),        QStringLiteral("size"),   QStringLiteral("time_ms"),
                                    QStringLiteral("ramp_ms"),   QStringLiteral("direct"), QStringLiteral("data"),
                                    QStringLiteral("rwmixread"), QStringLiteral("offset"), QStringLiteral("length")};
    for (const QString& key : json.keys()) {
        if (!known.contains(key)) {
            fail(request.id, ErrorCode::unknownField,
                 QStringLiteral("run-io: the job takes no '%1'").arg(key.left(64)));
            return;
        }
    }
    if (!json.value(QStringLiteral("target")).isString()) {
        fail(request.id, ErrorCode::missingField, QStringLiteral("run-io: the job needs a \"target\" device"));
        return;
    }
    IoJob job;
    auto pattern = parsePattern(json.value(QStringLiteral("rw")).toString(QStringLiteral("read")));
    if (!pattern) {
        fail(request.id, pattern.error().code, pattern.error().message);
        return;
    }
    job.pattern = *pattern;
    for (const auto& [key, minimum, maximum, fallback, target] :
         {std::tuple {"bs", qint64(IoJob::minBlockSize), qint64(IoJob::maxBlockSize), qint64(1 << 20), 0},
          std::tuple {"qd", qint64(1), qint64(256), qint64(1), 1},
          std::tuple {"size", qint64(0), qint64(1) << 56, qint64(0), 2},
          std::tuple {"time_ms", qint64(0), qint64(7 * 24 * 3600 * 1000ll), qint64(0), 3},
          std::tuple {"ramp_ms", qint64(0), qint64(3600 * 1000), qint64(0), 4},
          std::tuple {"rwmixread", qint64(0), qint64(100), qint64(50), 5},
          std::tuple {"offset", qint64(0), qint64(1) << 56, qint64(0), 6},
          std::tuple {"length", qint64(0), qint64(1) << 56, qint64(0), 7}}) {
        auto value = integer(json, key, minimum, maximum, fallback);
        if (!value) {
            fail(request.id, value.error().code, QStringLiteral("run-io: %1").arg(value.error().message));
            return;
        }
        switch (target) {
        case 0:
            job.blockSize = std::uint32_t(*value);
            break;
        case 1:
            job.queueDepth = int(*value);
            break;
        case 2:
            job.sizeLimit = std::uint64_t(*value);
            break;
        case 3:
            job.timeLimitNs = std::uint64_t(*value) * 1'000'000;
            break;
        case 4:
            job.rampNs = std::uint64_t(*value) * 1'000'000;
            break;
        case 5:
            job.readPercent = int(*value);
            break;
        case 6:
            job.offset = std::uint64_t(*value);
            break;
        case 7:
            job.length = std::uint64_t(*value);
            break;
        }
    }
    job.direct = json.value(QStringLiteral("direct")).toBool(true);
    auto data = parseDataPattern(json.value(QStringLiteral("data")).toString(QStringLiteral("random")));
    if (!data) {
        fail(request.id, data.error().code, data.error().message);
        return;
    }
    job.data = *data;
    if (job.sizeLimit == 0 && job.timeLimitNs == 0) {
        fail(request.id, ErrorCode::badArgument, QStringLiteral("run-io: give the job a size or a time limit"));
        return;
    }
    job.target = QStringLiteral("/dev/null"); // the real target is checked below
    if (auto valid = job.validate(); !valid) {
        fail(request.id, valid.error().code, valid.error().message);
        return;
    }
    // The target: an array of this session (by the device it reported), or a disk that passes the gate
    // (pinned now, verified again right before the first write).
    const QString target = json.value(QStringLiteral("target")).toString();
    const bool allowLoop = request.args.value(QStringLiteral("allow_loop")).toBool();
    std::optional<PinnedDevice> pin;
    QString device;
    {
        std::lock_guard lock(m_session->mutex);
        for (const SessionArray& array : std::as_const(m_session->arrays)) {
            if (array.array.device == target && array.teardownError.isEmpty() &&
                !m_session->mounts.contains(array.array.plan.tag)) {
                device = array.array.device;
            }
        }
    }
    if (device.isEmpty()) {
        auto pinned = gateFor(allowLoop)->pin(target, DeviceGate::Use::Create);
        if (!pinned) {
            fail(request.id, pinned.error());
            return;
        }
        pin = *pinned;
        device = pin->node;
    }
    job.target = device;
    job.destroyData = true;
    auto token = exclusive(request.id);
    if (!token) {
        return;
    }
    const qint64 id = request.id;
    startJob(
        id,
        [this, id, job, pin, allowLoop](const std::atomic_bool* cancel) {
            if (pin) {
                if (auto ok = gateFor(allowLoop)->verify(*pin, DeviceGate::Use::Create); !ok) {
                    fail(id, ok.error());
                    return;
                }
            }
            const IoResult result = IoEngine::run(job, cancel, [&](const IoProgress& progress) {
                event(id, QStringLiteral("progress"),
                      {{QStringLiteral("bytes"), double(progress.bytes)},
                       {QStringLiteral("fraction"), progress.fraction},
                       {QStringLiteral("bw_bytes"), progress.currentBwBytes},
                       {QStringLiteral("elapsed_ns"), double(progress.elapsedNs)}});
            });
            reply(id, {{QStringLiteral("result"), result.toJson()}});
        },
        std::move(token));
}

void HelperService::runCampaign(const HelperProtocol::Request& request)
{
    auto plan = CampaignPlan::fromJson(request.args.value(QStringLiteral("plan")).toObject());
    if (!plan) {
        fail(request.id, plan.error());
        return;
    }
    QStringList confirmed = strings(request.args.value(QStringLiteral("confirm_destroy")));
    QStringList disks = plan->disks;
    std::sort(confirmed.begin(), confirmed.end());
    std::sort(disks.begin(), disks.end());
    if (confirmed != disks) {
        fail(request.id, ErrorCode::notConfirmed, QStringLiteral("confirm_destroy must list exactly the plan's disks"));
        return;
    }
    auto token = exclusive(request.id);
    if (!token) {
        return;
    }
    if (auto ok = ensurePrivateDirectory(m_options.stateDirectory, 0711); !ok) {
        fail(request.id, ErrorCode::internal, ok.error().message);
        return;
    }
    const QString resultsPath =
        QStringLiteral("%1/results-%2-%3.json").arg(m_options.stateDirectory).arg(getpid()).arg(request.id);
    const bool resume = request.args.value(QStringLiteral("resume")).isObject();
    if (resume) {
        // The client's previous results: only measurements are taken from them; what runs is checked
        // against the plan and the disks the gate pins now (CampaignRunner::prepare).
        if (auto ok = writeFileAtomically(
                resultsPath, QJsonDocument(request.args.value(QStringLiteral("resume")).toObject()).toJson());
            !ok) {
            fail(request.id, ok.error());
            return;
        }
    }
    CampaignRunner::Options options;
    options.resultsPath = resultsPath;
    options.resume = resume;
    options.runner = m_options.runner;
    options.executor = executorOptions(plan->allowLoop);
    const qint64 id = request.id;
    auto lastProgressMs = std::make_shared<qint64>(-1000);
    auto lastMessage = std::make_shared<QString>();
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    auto runner = std::make_shared<CampaignRunner>(
        *plan, options,
        CampaignRunner::Callbacks {
            [this, id, lastProgressMs, lastMessage, clock](const CampaignProgress& progress) {
                // Every new step is told at once; the live figures of one step five times a second.
                if (clock->elapsed() - *lastProgressMs < 200 && progress.message == *lastMessage &&
                    progress.phase != QLatin1String("done")) {
                    return;
                }
                *lastProgressMs = clock->elapsed();
                *lastMessage = progress.message;
                event(id, QStringLiteral("progress"),
                      {{QStringLiteral("phase"), progress.phase},
                       {QStringLiteral("config_index"), progress.configIndex},
                       {QStringLiteral("config_count"), progress.configCount},
                       {QStringLiteral("config"), progress.configName},
                       {QStringLiteral("test"), progress.testName},
                       {QStringLiteral("repeat"), progress.repeat},
                       {QStringLiteral("repeats"), progress.repeats},
                       {QStringLiteral("fraction"), progress.fraction},
                       {QStringLiteral("overall"), progress.overall},
                       {QStringLiteral("bw_bytes"), progress.liveBwBytes},
                       {QStringLiteral("message"), progress.message}});
            },
            [this, id](const StepLog& step) { event(id, QStringLiteral("command"), commandEvent(step)); },
            [this, id](const CampaignResults& results) {
                event(id, QStringLiteral("results"), {{QStringLiteral("results"), results.toJson()}});
            }});
    // Bad input is answered now, before anything is touched: disks through the gate, the plan, a resume.
    if (auto ok = runner->prepare(); !ok) {
        QFile::remove(resultsPath);
        fail(request.id, ok.error());
        return;
    }
    startJob(
        id,
        [this, id, runner, resultsPath](const std::atomic_bool* cancel) {
            auto results = runner->run(cancel);
            if (m_shuttingDown.load()) {
                // The client went away mid-run: what was measured stays here for it (or an admin).
                log(QStringLiteral("campaign %1 ended with the session; its results are in %2")
                        .arg(id)
                        .arg(resultsPath));
            } else {
                QFile::remove(resultsPath);
            }
            if (!results) {
                fail(id, results.error());
                return;
            }
            log(QStringLiteral("campaign %1: %2 configurations, %3")
                    .arg(id)
                    .arg(results->configs.size())
                    .arg(results->status));
            reply(id, {{QStringLiteral("results"), results->toJson()}});
        },
        std::move(token));
}

void HelperService::makeFs(const HelperProtocol::Request& request)
{
    const QString tag = request.args.value(QStringLiteral("tag")).toString();
    auto fs = FilesystemSpec::fromJson(request.args.value(QStringLiteral("filesystem")));
    if (!fs) {
        fail(request.id, fs.error());
        return;
    }
    std::optional<BuiltArray> array;
    {
        std::lock_guard lock(m_session->mutex);
        if (m_session->arrays.contains(tag) && !m_session->mounts.contains(tag) &&
            m_session->arrays.value(tag).teardownError.isEmpty()) {
            array = m_session->arrays.value(tag).array;
        }
    }
    if (!array) {
        fail(request.id, ErrorCode::unknownTag,
             QStringLiteral("no unmounted array %1 made in this session").arg(loggable(tag.left(64))));
        return;
    }
    auto token = exclusive(request.id);
    if (!token) {
        return;
    }
    const qint64 id = request.id;
    const FilesystemSpec spec = *fs;
    startJob(
        id,
        [this, id, tag, spec, array](const std::atomic_bool*) {
            const int uid = int(m_options.clientUid);
            auto mounted = makeAndMount(*m_options.runner, spec, array->device, array->plan.spec, tag, uid,
                                        uid >= 0 ? primaryGroupOf(uid) : -1, m_options.stateDirectory);
            if (!mounted) {
                fail(id, mounted.error());
                return;
            }
            {
                std::lock_guard lock(m_session->mutex);
                m_session->mounts.insert(tag, *mounted);
            }
            QJsonObject json = mounted->toJson();
            json.insert(QStringLiteral("mount_point"), mounted->mountPoint);
            json.insert(QStringLiteral("user_directory"), mounted->userDirectory);
            reply(id, json);
        },
        std::move(token));
}

void HelperService::unmount(const HelperProtocol::Request& request)
{
    const QString tag = request.args.value(QStringLiteral("tag")).toString();
    std::optional<MountedFilesystem> mounted;
    {
        std::lock_guard lock(m_session->mutex);
        if (m_session->mounts.contains(tag)) {
            mounted = m_session->mounts.value(tag);
        }
    }
    if (!mounted) {
        fail(request.id, ErrorCode::unknownTag,
             QStringLiteral("nothing of %1 is mounted by this helper").arg(loggable(tag.left(64))));
        return;
    }
    auto token = exclusive(request.id);
    if (!token) {
        return;
    }
    const qint64 id = request.id;
    startJob(
        id,
        [this, id, tag, mounted](const std::atomic_bool*) {
            if (auto ok = unmountFilesystem(*m_options.runner, *mounted); !ok) {
                fail(id, ok.error());
                return;
            }
            {
                std::lock_guard lock(m_session->mutex);
                m_session->mounts.remove(tag);
            }
            reply(id, {{QStringLiteral("unmounted"), mounted->mountPoint}});
        },
        std::move(token));
}

void HelperService::cancel(const HelperProtocol::Request& request)
{
    const qint64 target = qint64(request.args.value(QStringLiteral("request")).toDouble());
    if (!m_jobs.cancel(target)) {
        fail(request.id, ErrorCode::notRunning, QStringLiteral("request %1 is not running").arg(target));
        return;
    }
    reply(request.id, {{QStringLiteral("cancelled"), target}});
}

void HelperService::shutdown(const QString& why)
{
    if (m_shuttingDown.exchange(true)) {
        return;
    }
    log(QStringLiteral("shutting down (%1)").arg(why));
    m_jobs.cancelAll();
    m_jobs.joinAll();
    QHash<QString, MountedFilesystem> mounts;
    QHash<QString, SessionArray> arrays;
    {
        std::lock_guard lock(m_session->mutex);
        mounts.swap(m_session->mounts);
        arrays.swap(m_session->arrays);
    }
    // Nothing of this session stays behind: unmount, then tear down (a teardown that failed before
    // is tried again here).
    for (const MountedFilesystem& mounted : std::as_const(mounts)) {
        if (auto ok = unmountFilesystem(*m_options.runner, mounted); !ok) {
            log(ok.error().message);
        }
    }
    BuildExecutor executor(*m_options.runner, executorOptions(true));
    for (const SessionArray& array : std::as_const(arrays)) {
        log(QStringLiteral("tearing down %1: %2").arg(array.array.plan.tag, executor.teardown(array.array).summary()));
    }
    m_quit.store(true);
}

} // namespace RaidBench

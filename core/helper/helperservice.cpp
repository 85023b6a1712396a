#include "helper/helperservice.h"

#include "build/buildjournal.h"
#include "campaign/campaignplan.h"
#include "campaign/campaignrunner.h"
#include "disks/diskscanner.h"
#include "engine/ioengine.h"
#include "layout/arrayanalysis.h"
#include "util/atomicfile.h"
#include "version.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <syslog.h>
#include <unistd.h>

namespace RaidBench {

struct HelperService::Session
{
    std::mutex mutex;
    bool hello = false;
    bool busy = false; ///< one destructive operation at a time
    QHash<QString, BuiltArray> arrays; ///< created in this session, by tag
    QHash<QString, MountedFilesystem> mounts; ///< by array tag
    QHash<qint64, std::shared_ptr<std::atomic_bool>> running; ///< cancel flags by request id
    std::vector<std::thread> workers;
};

namespace {

bool longOperation(const QString& op)
{
    static const QStringList ops {QStringLiteral("create-array"), QStringLiteral("teardown"),
                                  QStringLiteral("recover"),      QStringLiteral("run-io"),
                                  QStringLiteral("run-campaign"), QStringLiteral("make-fs-and-mount"),
                                  QStringLiteral("unmount")};
    return ops.contains(op);
}

/// Strict integers for job fields: JSON numbers that are whole and in range.
Result<qint64> integer(const QJsonObject& json, const char* key, qint64 minimum, qint64 maximum, qint64 fallback)
{
    const QJsonValue value = json.value(QLatin1String(key));
    if (value.isUndefined()) {
        return fallback;
    }
    const double number = value.toDouble(std::nan(""));
    if (!value.isDouble() || number != double(qint64(number)) || number < double(minimum) || number > double(maximum)) {
        return makeError(QStringLiteral("bad-argument"),
                         QStringLiteral("'%1' must be a whole number from %2 to %3")
                             .arg(QLatin1String(key))
                             .arg(minimum)
                             .arg(maximum));
    }
    return qint64(number);
}

} // namespace

HelperService::HelperService(Options options, std::function<void(const QByteArray&)> write)
    : m_options(std::move(options))
    , m_write(std::move(write))
    , m_session(std::make_unique<Session>())
{
    if (!m_options.checkDevice) {
        m_options.checkDevice = validateDevicePath;
    }
    openlog("raidbench-helper", LOG_PID, LOG_DAEMON);
}

HelperService::~HelperService()
{
    shutdown(QStringLiteral("service destroyed"));
}

void HelperService::log(const QString& line) const
{
    const QByteArray text = QStringLiteral("uid %1: %2").arg(m_options.clientUid).arg(line).toLocal8Bit();
    syslog(LOG_INFO, "%s", text.constData());
    std::fprintf(stderr, "raidbench-helper[%d] %s\n", int(getpid()), text.constData());
}

Result<QString> HelperService::validateDevicePath(const QString& path, bool allowLoop)
{
    if (path.isEmpty() || path.size() > 4096 || path.contains(QChar(0))) {
        return makeError(QStringLiteral("bad-path"), QStringLiteral("a device path must be 1 to 4096 characters"));
    }
    if (!path.startsWith(QLatin1String("/dev/"))) {
        return makeError(QStringLiteral("bad-path"),
                         QStringLiteral("%1 is not a path under /dev/").arg(path.left(200)));
    }
    char buffer[PATH_MAX];
    if (!::realpath(QFile::encodeName(path).constData(), buffer)) {
        const int err = errno;
        return makeError(err == ENOENT ? QStringLiteral("not-found") : QStringLiteral("bad-path"),
                         QStringLiteral("%1: %2").arg(path.left(200), QString::fromLocal8Bit(strerror(err))));
    }
    const QString resolved = QFile::decodeName(buffer);
    // The check kpmcore gets wrong: resolve first, then look where the path really leads.
    if (!resolved.startsWith(QLatin1String("/dev/"))) {
        return makeError(
            QStringLiteral("bad-path"),
            QStringLiteral("%1 leads to %2, which is not under /dev/").arg(path.left(200), resolved.left(200)));
    }
    struct stat st
    { };
    if (::stat(buffer, &st) != 0 || !S_ISBLK(st.st_mode)) {
        return makeError(QStringLiteral("not-block-device"), QStringLiteral("%1 is not a block device").arg(resolved));
    }
    EligibilityOptions options;
    options.allowLoop = allowLoop;
    auto disk = DiskScanner().inspect(resolved, options);
    if (!disk) {
        return disk.error();
    }
    if (!disk->eligible) {
        QStringList why;
        for (const auto& reason : disk->reasons) {
            why.append(reason.message);
        }
        return makeError(QStringLiteral("device-in-use"),
                         QStringLiteral("%1 must not be written: %2").arg(resolved, why.join(QStringLiteral("; "))));
    }
    const int fd = ::open(buffer, O_RDONLY | O_EXCL | O_CLOEXEC);
    if (fd < 0) {
        return makeError(QStringLiteral("device-in-use"),
                         QStringLiteral("%1 is busy: %2").arg(resolved, QString::fromLocal8Bit(strerror(errno))));
    }
    ::close(fd);
    return resolved;
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
        fail(id, request.error().code, request.error().message);
        return;
    }
    if (m_shuttingDown.load()) {
        fail(request->id, QStringLiteral("shutting-down"), QStringLiteral("the helper is shutting down"));
        return;
    }
    {
        std::lock_guard lock(m_session->mutex);
        if (!m_session->hello && request->op != QLatin1String("hello") && request->op != QLatin1String("bye")) {
            fail(request->id, QStringLiteral("hello-required"),
                 QStringLiteral("say hello first (protocol version %1)").arg(HelperProtocol::version));
            return;
        }
        if (m_session->running.contains(request->id)) {
            fail(request->id, QStringLiteral("duplicate-id"),
                 QStringLiteral("request %1 is still running").arg(request->id));
            return;
        }
    }
    log(QStringLiteral("request %1: %2").arg(request->id).arg(request->op));
    dispatch(*request);
}

void HelperService::startLong(qint64 id, std::function<void(const std::atomic_bool*)> work)
{
    auto flag = std::make_shared<std::atomic_bool>(false);
    std::lock_guard lock(m_session->mutex);
    m_session->running.insert(id, flag);
    m_session->workers.emplace_back([this, id, flag, work = std::move(work)] {
        work(flag.get());
        std::lock_guard guard(m_session->mutex);
        m_session->running.remove(id);
        m_session->busy = false;
    });
}

void HelperService::dispatch(const HelperProtocol::Request& request)
{
    const QString& op = request.op;
    if (longOperation(op) && op != QLatin1String("run-io")) {
        std::lock_guard lock(m_session->mutex);
        if (m_session->busy) {
            fail(request.id, QStringLiteral("busy"),
                 QStringLiteral("another operation that changes disks is running; cancel it or wait"));
            return;
        }
        m_session->busy = true;
    }
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
        fail(request.id, QStringLiteral("protocol-mismatch"),
             QStringLiteral("this helper speaks protocol %1, the client %2; install matching versions")
                 .arg(HelperProtocol::version)
                 .arg(protocol));
        return;
    }
    {
        std::lock_guard lock(m_session->mutex);
        m_session->hello = true;
    }
    reply(request.id,
          {{QStringLiteral("protocol"), HelperProtocol::version},
           {QStringLiteral("raidbench_version"), QStringLiteral(RAIDBENCH_VERSION)},
           {QStringLiteral("pid"), qint64(getpid())},
           {QStringLiteral("euid"), qint64(geteuid())},
           {QStringLiteral("lab"), qEnvironmentVariableIsSet("RAIDBENCH_LAB")},
           {QStringLiteral("journals"), int(BuildJournal::readAll(m_options.executor.journalDirectory).size())}});
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
    auto done = [this, create] {
        if (create) {
            std::lock_guard lock(m_session->mutex);
            m_session->busy = false;
        }
    };
    auto spec = ArraySpec::fromJson(request.args.value(QStringLiteral("spec")).toObject());
    if (!spec) {
        done();
        fail(request.id, spec.error().code, spec.error().message);
        return;
    }
    const QList<SpecIssue> issues = validateSpec(*spec);
    if (hasErrors(issues)) {
        done();
        fail(request.id, QStringLiteral("invalid-spec"), firstError(issues));
        return;
    }
    const bool allowLoop = request.args.value(QStringLiteral("allow_loop")).toBool();
    // Every device is checked here, whatever the client said about it.
    std::function<Result<void>(ArraySpec&)> check = [&](ArraySpec& node) -> Result<void> {
        if (node.isLeaf()) {
            auto resolved = m_options.checkDevice(node.device, allowLoop);
            if (!resolved) {
                return resolved.error();
            }
            if (DiskScanner().inspect(*resolved).ok()) {
                const auto disk = DiskScanner().inspect(*resolved);
                node.sizeBytes = disk->sizeBytes;
                node.controller = disk->controller;
            }
            return {};
        }
        for (ArraySpec& child : node.children) {
            if (auto ok = check(child); !ok) {
                return ok;
            }
        }
        return {};
    };
    ArraySpec checked = *spec;
    if (auto ok = check(checked); !ok) {
        done();
        fail(request.id, ok.error().code, ok.error().message);
        return;
    }
    const QString tag = request.args.value(QStringLiteral("tag")).toString(newBuildTag());
    auto plan = planBuild(checked, tag, PlanOptions {udevIsRunning()});
    if (!plan) {
        done();
        fail(request.id, plan.error().code, plan.error().message);
        return;
    }
    {
        std::lock_guard lock(m_session->mutex);
        if (m_session->arrays.contains(tag)) {
            m_session->busy = create ? false : m_session->busy;
            fail(request.id, QStringLiteral("duplicate-tag"), QStringLiteral("tag %1 is in use").arg(tag));
            return;
        }
    }
    const ArrayFigures figures = analyzeSpec(checked);
    QJsonArray warnings;
    for (const auto& issue : issues) {
        warnings.append(issue.message);
    }
    QJsonArray teardownLines;
    for (const QStringList& argv : plan->teardownCommands()) {
        teardownLines.append(argv.join(QLatin1Char(' ')));
    }
    const QJsonObject planJson {{QStringLiteral("tag"), tag},
                                {QStringLiteral("device"), plan->topDevice},
                                {QStringLiteral("description"), checked.describe()},
                                {QStringLiteral("commands"), QJsonArray::fromStringList(plan->commandLines())},
                                {QStringLiteral("teardown"), teardownLines},
                                {QStringLiteral("destroys"), QJsonArray::fromStringList(plan->destroys)},
                                {QStringLiteral("usable_bytes"), double(figures.usableBytes.value_or(0))},
                                {QStringLiteral("space_pct"), figures.spacePct},
                                {QStringLiteral("failures_guaranteed"), figures.failuresGuaranteed},
                                {QStringLiteral("failures_best_case"), figures.failuresBestCase},
                                {QStringLiteral("warnings"), warnings}};
    if (!create) {
        reply(request.id, planJson);
        return;
    }
    QStringList confirmed;
    for (const auto& value : request.args.value(QStringLiteral("confirm_destroy")).toArray()) {
        confirmed.append(value.toString());
    }
    QStringList leaves = plan->destroys;
    std::sort(confirmed.begin(), confirmed.end());
    std::sort(leaves.begin(), leaves.end());
    if (confirmed != leaves) {
        done();
        fail(request.id, QStringLiteral("not-confirmed"),
             QStringLiteral("confirm_destroy must list exactly the disks the array destroys: %1")
                 .arg(plan->destroys.join(QStringLiteral(", "))));
        return;
    }
    const qint64 id = request.id;
    const BuildPlan buildPlan = *plan;
    startLong(id, [this, id, buildPlan, allowLoop, planJson](const std::atomic_bool* cancel) {
        BuildExecutor::Options options = m_options.executor;
        options.checkDevice = [this, allowLoop](const QString& device) -> Result<void> {
            auto ok = m_options.checkDevice(device, allowLoop);
            return ok ? Result<void>() : Result<void>(ok.error());
        };
        QJsonArray commands;
        BuildExecutor executor(
            *m_options.runner, options,
            {[this, id](const QString& message, double fraction) {
                 event(id, QStringLiteral("progress"),
                       {{QStringLiteral("message"), message}, {QStringLiteral("fraction"), fraction}});
             },
             [this, id](const StepLog& step) {
                 event(id, QStringLiteral("command"),
                       {{QStringLiteral("argv"), QJsonArray::fromStringList(step.argv)},
                        {QStringLiteral("ok"), step.result.ok()},
                        {QStringLiteral("summary"), step.result.summary()},
                        {QStringLiteral("output"), QString(step.result.out + step.result.err).right(4000)}});
             }});
        auto built = executor.build(buildPlan, cancel);
        if (!built) {
            fail(id, built.error().code, built.error().message);
            return;
        }
        {
            std::lock_guard lock(m_session->mutex);
            m_session->arrays.insert(buildPlan.tag, *built);
        }
        log(QStringLiteral("created %1 (%2)").arg(built->device, buildPlan.tag));
        reply(id, planJson);
    });
}

void HelperService::teardown(const HelperProtocol::Request& request)
{
    const QString tag = request.args.value(QStringLiteral("tag")).toString();
    const qint64 id = request.id;
    startLong(id, [this, id, tag](const std::atomic_bool*) {
        std::optional<BuiltArray> array;
        std::optional<MountedFilesystem> mounted;
        {
            std::lock_guard lock(m_session->mutex);
            if (m_session->arrays.contains(tag)) {
                array = m_session->arrays.value(tag);
            }
            if (m_session->mounts.contains(tag)) {
                mounted = m_session->mounts.value(tag);
            }
        }
        if (!array) {
            // Not ours this session: only a journaled RaidBench object may be removed.
            for (const JournalRecord& record : BuildJournal::readAll(m_options.executor.journalDirectory)) {
                if (record.tag == tag) {
                    array = BuiltArray {};
                    array->plan.tag = record.tag;
                    array->plan.finalWipes = record.finalWipes;
                    array->objects = record.objects;
                }
            }
        }
        if (!array) {
            fail(id, QStringLiteral("unknown-tag"),
                 QStringLiteral("no array with tag %1 was made by RaidBench").arg(tag.left(64)));
            return;
        }
        if (mounted) {
            if (auto ok = unmountFilesystem(*m_options.runner, *mounted); !ok) {
                fail(id, ok.error().code, ok.error().message);
                return;
            }
        }
        BuildExecutor executor(*m_options.runner, m_options.executor);
        const TeardownReport report = executor.teardown(*array);
        {
            std::lock_guard lock(m_session->mutex);
            m_session->arrays.remove(tag);
            m_session->mounts.remove(tag);
        }
        log(QStringLiteral("teardown %1: %2").arg(tag, report.summary()));
        if (!report.clean()) {
            fail(id, QStringLiteral("teardown-incomplete"), report.summary());
            return;
        }
        reply(id, {{QStringLiteral("removed"), QJsonArray::fromStringList(report.removed)}});
    });
}

void HelperService::listArrays(const HelperProtocol::Request& request)
{
    QJsonArray arrays;
    std::lock_guard lock(m_session->mutex);
    for (auto it = m_session->arrays.cbegin(); it != m_session->arrays.cend(); ++it) {
        arrays.append(QJsonObject {{QStringLiteral("tag"), it.key()},
                                   {QStringLiteral("device"), it->device},
                                   {QStringLiteral("description"), it->plan.spec.describe()},
                                   {QStringLiteral("mounted"),
                                    m_session->mounts.contains(it.key())
                                        ? QJsonValue(m_session->mounts.value(it.key()).mountPoint)
                                        : QJsonValue()}});
    }
    QJsonArray journals;
    for (const JournalRecord& record : BuildJournal::readAll(m_options.executor.journalDirectory)) {
        if (!m_session->arrays.contains(record.tag)) {
            journals.append(QJsonObject {{QStringLiteral("tag"), record.tag}, {QStringLiteral("pid"), record.pid}});
        }
    }
    reply(request.id, {{QStringLiteral("arrays"), arrays}, {QStringLiteral("leftovers"), journals}});
}

void HelperService::recover(const HelperProtocol::Request& request)
{
    const qint64 id = request.id;
    startLong(id, [this, id](const std::atomic_bool*) {
        BuildExecutor executor(*m_options.runner, m_options.executor);
        const TeardownReport report = executor.recoverLeftovers();
        log(QStringLiteral("recover: %1").arg(report.summary()));
        reply(id,
              {{QStringLiteral("removed"), QJsonArray::fromStringList(report.removed)},
               {QStringLiteral("problems"), QJsonArray::fromStringList(report.problems)}});
    });
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
            fail(request.id, QStringLiteral("unknown-field"),
                 QStringLiteral("run-io: the job takes no '%1'").arg(key.left(64)));
            return;
        }
    }
    if (!json.value(QStringLiteral("target")).isString()) {
        fail(request.id, QStringLiteral("missing-field"), QStringLiteral("run-io: the job needs a \"target\" device"));
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
        fail(request.id, QStringLiteral("bad-argument"), QStringLiteral("run-io: give the job a size or a time limit"));
        return;
    }
    job.target = QStringLiteral("/dev/null"); // the real target is checked below
    if (auto valid = job.validate(); !valid) {
        fail(request.id, valid.error().code, valid.error().message);
        return;
    }
    // The target: an array of this session, or a disk that passes the same check as a build.
    const QString target = json.value(QStringLiteral("target")).toString();
    QString device;
    {
        std::lock_guard lock(m_session->mutex);
        for (const BuiltArray& array : std::as_const(m_session->arrays)) {
            if (array.device == target) {
                device = array.device;
            }
        }
    }
    if (device.isEmpty()) {
        auto checked = m_options.checkDevice(target, request.args.value(QStringLiteral("allow_loop")).toBool());
        if (!checked) {
            fail(request.id, checked.error().code, checked.error().message);
            return;
        }
        device = *checked;
    }
    job.target = device;
    job.destroyData = true;
    const qint64 id = request.id;
    startLong(id, [this, id, job](const std::atomic_bool* cancel) {
        qint64 lastEvent = 0;
        const IoResult result = IoEngine::run(job, cancel, [&](const IoProgress& progress) {
            event(id, QStringLiteral("progress"),
                  {{QStringLiteral("bytes"), double(progress.bytes)},
                   {QStringLiteral("fraction"), progress.fraction},
                   {QStringLiteral("bw_bytes"), progress.currentBwBytes},
                   {QStringLiteral("elapsed_ns"), double(progress.elapsedNs)}});
            ++lastEvent;
        });
        reply(id, {{QStringLiteral("result"), result.toJson()}});
    });
}

void HelperService::runCampaign(const HelperProtocol::Request& request)
{
    auto done = [this] {
        std::lock_guard lock(m_session->mutex);
        m_session->busy = false;
    };
    auto plan = CampaignPlan::fromJson(request.args.value(QStringLiteral("plan")).toObject());
    if (!plan) {
        done();
        fail(request.id, plan.error().code, plan.error().message);
        return;
    }
    QStringList confirmed;
    for (const auto& value : request.args.value(QStringLiteral("confirm_destroy")).toArray()) {
        confirmed.append(value.toString());
    }
    QStringList disks = plan->disks;
    std::sort(confirmed.begin(), confirmed.end());
    std::sort(disks.begin(), disks.end());
    if (confirmed != disks) {
        done();
        fail(request.id, QStringLiteral("not-confirmed"),
             QStringLiteral("confirm_destroy must list exactly the plan's disks"));
        return;
    }
    for (const QString& disk : plan->disks) {
        if (auto ok = m_options.checkDevice(disk, plan->allowLoop); !ok) {
            done();
            fail(request.id, ok.error().code, ok.error().message);
            return;
        }
    }
    QDir().mkpath(m_options.stateDirectory);
    const QString resultsPath =
        QStringLiteral("%1/results-%2-%3.json").arg(m_options.stateDirectory).arg(getpid()).arg(request.id);
    const bool resume = request.args.value(QStringLiteral("resume")).isObject();
    if (resume) {
        if (auto ok = writeFileAtomically(
                resultsPath, QJsonDocument(request.args.value(QStringLiteral("resume")).toObject()).toJson());
            !ok) {
            done();
            fail(request.id, ok.error().code, ok.error().message);
            return;
        }
    }
    const qint64 id = request.id;
    const CampaignPlan campaign = *plan;
    startLong(id, [this, id, campaign, resultsPath, resume](const std::atomic_bool* cancel) {
        CampaignRunner::Options options;
        options.resultsPath = resultsPath;
        options.resume = resume;
        options.runner = m_options.runner;
        options.executor = m_options.executor;
        options.executor.checkDevice = [this, allowLoop = campaign.allowLoop](const QString& device) -> Result<void> {
            auto ok = m_options.checkDevice(device, allowLoop);
            return ok ? Result<void>() : Result<void>(ok.error());
        };
        qint64 lastProgressMs = 0;
        QElapsedTimer clock;
        clock.start();
        CampaignRunner runner(
            campaign, options,
            {[&](const CampaignProgress& progress) {
                 if (clock.elapsed() - lastProgressMs < 200 && progress.phase != QLatin1String("done")) {
                     return;
                 }
                 lastProgressMs = clock.elapsed();
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
             [&](const StepLog& step) {
                 event(id, QStringLiteral("command"),
                       {{QStringLiteral("argv"), QJsonArray::fromStringList(step.argv)},
                        {QStringLiteral("ok"), step.result.ok()},
                        {QStringLiteral("summary"), step.result.summary()},
                        {QStringLiteral("output"), QString(step.result.out + step.result.err).right(4000)}});
             },
             [&](const CampaignResults& results) {
                 event(id, QStringLiteral("results"), {{QStringLiteral("results"), results.toJson()}});
             }});
        auto results = runner.run(cancel);
        QFile::remove(resultsPath);
        if (!results) {
            fail(id, results.error().code, results.error().message);
            return;
        }
        log(QStringLiteral("campaign %1: %2 configurations, %3")
                .arg(id)
                .arg(results->configs.size())
                .arg(results->status));
        reply(id, {{QStringLiteral("results"), results->toJson()}});
    });
}

void HelperService::makeFs(const HelperProtocol::Request& request)
{
    const QString tag = request.args.value(QStringLiteral("tag")).toString();
    auto fs = FilesystemSpec::fromJson(request.args.value(QStringLiteral("filesystem")));
    std::optional<BuiltArray> array;
    {
        std::lock_guard lock(m_session->mutex);
        if (m_session->arrays.contains(tag) && !m_session->mounts.contains(tag)) {
            array = m_session->arrays.value(tag);
        }
        if (!fs || !array) {
            m_session->busy = false;
        }
    }
    if (!fs) {
        fail(request.id, fs.error().code, fs.error().message);
        return;
    }
    if (!array) {
        fail(request.id, QStringLiteral("unknown-tag"),
             QStringLiteral("no unmounted array %1 made in this session").arg(tag.left(64)));
        return;
    }
    const qint64 id = request.id;
    const FilesystemSpec spec = *fs;
    startLong(id, [this, id, tag, spec, array](const std::atomic_bool*) {
        auto mounted = makeAndMount(*m_options.runner, spec, array->device, array->plan.spec, tag,
                                    int(m_options.clientUid), int(m_options.clientUid), m_options.stateDirectory);
        if (!mounted) {
            fail(id, mounted.error().code, mounted.error().message);
            return;
        }
        {
            std::lock_guard lock(m_session->mutex);
            m_session->mounts.insert(tag, *mounted);
        }
        QJsonObject json = mounted->toJson();
        json.insert(QStringLiteral("mount_point"), mounted->mountPoint);
        reply(id, json);
    });
}

void HelperService::unmount(const HelperProtocol::Request& request)
{
    const QString tag = request.args.value(QStringLiteral("tag")).toString();
    std::optional<MountedFilesystem> mounted;
    {
        std::lock_guard lock(m_session->mutex);
        if (m_session->mounts.contains(tag)) {
            mounted = m_session->mounts.value(tag);
        } else {
            m_session->busy = false;
        }
    }
    if (!mounted) {
        fail(request.id, QStringLiteral("unknown-tag"),
             QStringLiteral("nothing of %1 is mounted by this helper").arg(tag.left(64)));
        return;
    }
    const qint64 id = request.id;
    startLong(id, [this, id, tag, mounted](const std::atomic_bool*) {
        if (auto ok = unmountFilesystem(*m_options.runner, *mounted); !ok) {
            fail(id, ok.error().code, ok.error().message);
            return;
        }
        {
            std::lock_guard lock(m_session->mutex);
            m_session->mounts.remove(tag);
        }
        reply(id, {{QStringLiteral("unmounted"), mounted->mountPoint}});
    });
}

void HelperService::cancel(const HelperProtocol::Request& request)
{
    const qint64 target = qint64(request.args.value(QStringLiteral("request")).toDouble());
    std::lock_guard lock(m_session->mutex);
    const auto flag = m_session->running.value(target);
    if (!flag) {
        fail(request.id, QStringLiteral("not-running"), QStringLiteral("request %1 is not running").arg(target));
        return;
    }
    flag->store(true);
    reply(request.id, {{QStringLiteral("cancelled"), target}});
}

void HelperService::shutdown(const QString& why)
{
    if (m_shuttingDown.exchange(true)) {
        return;
    }
    log(QStringLiteral("shutting down (%1)").arg(why));
    std::vector<std::thread> workers;
    {
        std::lock_guard lock(m_session->mutex);
        for (const auto& flag : std::as_const(m_session->running)) {
            flag->store(true);
        }
        workers.swap(m_session->workers);
    }
    for (std::thread& worker : workers) {
        if (worker.joinable()) {
            worker.join();
        }
    }
    QHash<QString, MountedFilesystem> mounts;
    QHash<QString, BuiltArray> arrays;
    {
        std::lock_guard lock(m_session->mutex);
        mounts.swap(m_session->mounts);
        arrays.swap(m_session->arrays);
    }
    // Nothing of this session stays behind: unmount, then tear down, newest first.
    for (const MountedFilesystem& mounted : std::as_const(mounts)) {
        if (auto ok = unmountFilesystem(*m_options.runner, mounted); !ok) {
            log(ok.error().message);
        }
    }
    BuildExecutor executor(*m_options.runner, m_options.executor);
    for (const BuiltArray& array : std::as_const(arrays)) {
        log(QStringLiteral("tearing down %1: %2").arg(array.plan.tag, executor.teardown(array).summary()));
    }
    m_quit.store(true);
}

} // namespace RaidBench

#include "helper/helperservice.h"

#include "arrays/buildjournal.h"
#include "disks/diskscanner.h"
#include "disks/healthprobe.h"
#include "helper/helperservice_p.h"
#include "helper/messages.h"
#include "system/childprocess.h"
#include "util/errorcodes.h"
#include "version.h"

#include <cstdio>
#include <sys/utsname.h>
#include <syslog.h>
#include <unistd.h>

namespace RaidBench {

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

BuildExecutor::Callbacks HelperService::buildCallbacks(qint64 id, bool withProgress)
{
    BuildExecutor::Callbacks callbacks;
    if (withProgress) {
        callbacks.progress = [this, id](const QString& message, double fraction) {
            event(id, Messages::Event::progress, Messages::BuildProgress {message, fraction}.toJson());
        };
    }
    callbacks.logged = [this, id](const StepLog& step) {
        event(id, Messages::Event::command, Messages::CommandEvent::fromStep(step).toJson());
    };
    return callbacks;
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

void HelperService::startExclusive(qint64 id, std::function<void(const std::atomic_bool*)> work)
{
    if (auto token = exclusive(id)) {
        startJob(id, std::move(work), std::move(token));
    }
}

void HelperService::dispatch(const HelperProtocol::Request& request)
{
    // The intents, one member each; HelperProtocol has checked the request's shape against the same list.
    using Intent = void (HelperService::*)(const HelperProtocol::Request&);
    static const QHash<QString, Intent> intents {
        {Messages::Op::hello, &HelperService::hello},
        {Messages::Op::scanDisks, &HelperService::scanDisks},
        {Messages::Op::readHealth, &HelperService::readHealth},
        {Messages::Op::planArray, &HelperService::planArray},
        {Messages::Op::createArray, &HelperService::createArray},
        {Messages::Op::teardown, &HelperService::teardown},
        {Messages::Op::listArrays, &HelperService::listArrays},
        {Messages::Op::recover, &HelperService::recover},
        {Messages::Op::runIo, &HelperService::runIo},
        {Messages::Op::runCampaign, &HelperService::runCampaign},
        {Messages::Op::makeFs, &HelperService::makeFs},
        {Messages::Op::unmount, &HelperService::unmount},
        {Messages::Op::cancel, &HelperService::cancel},
        {Messages::Op::about, &HelperService::about},
        {Messages::Op::bye, &HelperService::bye},
    };
    if (const Intent intent = intents.value(request.op)) {
        (this->*intent)(request);
    }
}

void HelperService::bye(const HelperProtocol::Request& request)
{
    reply(request.id, Messages::byeReply());
    m_quit.store(true);
}

void HelperService::hello(const HelperProtocol::Request& request)
{
    const Messages::Hello hello = Messages::Hello::fromJson(request.args);
    if (hello.protocol != HelperProtocol::version) {
        fail(request.id, ErrorCode::protocolMismatch,
             QStringLiteral("this helper speaks protocol %1, the client %2; install matching versions")
                 .arg(HelperProtocol::version)
                 .arg(hello.protocol));
        return;
    }
    {
        std::lock_guard lock(m_session->mutex);
        m_session->hello = true;
    }
    Messages::HelloReply answer;
    answer.protocol = HelperProtocol::version;
    answer.raidbenchVersion = QStringLiteral(RAIDBENCH_VERSION);
    answer.pid = getpid();
    answer.euid = geteuid();
    answer.lab = qEnvironmentVariableIsSet("RAIDBENCH_LAB");
    for (const JournalRecord& record : BuildJournal::readAll(m_options.executor.journalDirectory)) {
        answer.journals += scope().allows(record) ? 1 : 0;
    }
    reply(request.id, answer.toJson());
}

void HelperService::scanDisks(const HelperProtocol::Request& request)
{
    const Messages::ScanDisks scan = Messages::ScanDisks::fromJson(request.args);
    EligibilityOptions options;
    options.allowLoop = scan.allowLoop;
    QList<Disk> disks;
    for (const Disk& disk : DiskScanner().scan(options)) {
        if (scan.all || disk.kind == QLatin1String("disk") ||
            (options.allowLoop && disk.kind == QLatin1String("loop") && disk.sizeBytes > 0)) {
            disks.append(disk);
        }
    }
    reply(request.id, Messages::encodeDisks(disks));
}

void HelperService::readHealth(const HelperProtocol::Request& request)
{
    // Reading only: smartctl -a (never a self-test) and the write cache's current setting, on the
    // nodes of the helper's own scan. A name the scan does not have is not an error: it is not listed.
    const Messages::ReadHealth read = Messages::ReadHealth::fromJson(request.args);
    EligibilityOptions options;
    options.allowLoop = read.allowLoop;
    QList<Disk> disks;
    for (const Disk& disk : DiskScanner().scan(options)) {
        if (disk.kind == QLatin1String("disk") && (read.disks.isEmpty() || read.disks.contains(disk.name))) {
            disks.append(disk);
        }
    }
    // On a worker, cancellable: a stalled disk's smartctl never holds up the request loop. Not one of
    // the exclusive operations: it only reads, and a campaign asked for right after a scan must not be
    // refused as busy while the health of the disks is still being read.
    const qint64 id = request.id;
    startJob(
        id,
        [this, id, disks](const std::atomic_bool* cancel) mutable {
            HealthProbe::probe(disks, *m_options.runner, QStringLiteral("/sys"), cancel);
            if (cancel && cancel->load()) {
                fail(id, ErrorCode::cancelled, QStringLiteral("reading the disks' health was cancelled"));
                return;
            }
            reply(id, Messages::encodeDisks(disks));
        },
        std::nullopt);
}

void HelperService::about(const HelperProtocol::Request& request)
{
    // For the About dialog: the versions where the work happens (the VM's, in the lab).
    const CommandResult mdadm = m_options.runner->run({QStringLiteral("mdadm"), QStringLiteral("--version")}, 10000);
    struct utsname name
    { };
    uname(&name);
    reply(request.id,
          Messages::About {QString(mdadm.out + mdadm.err).trimmed().left(200), QString::fromLocal8Bit(name.release),
                           QStringLiteral(RAIDBENCH_VERSION), udevIsRunning()}
              .toJson());
}

void HelperService::cancel(const HelperProtocol::Request& request)
{
    const qint64 target = Messages::cancelTarget(request.args);
    if (!m_jobs.cancel(target)) {
        fail(request.id, ErrorCode::notRunning, QStringLiteral("request %1 is not running").arg(target));
        return;
    }
    reply(request.id, Messages::cancelledReply(target));
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

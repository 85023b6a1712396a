#include "helper/helperservice.h"

#include "arrays/buildjournal.h"
#include "disks/diskscanner.h"
#include "disks/healthprobe.h"
#include "helper/buildevents.h"
#include "helper/messages.h"
#include "system/childprocess.h"
#include "util/cancelflag.h"
#include "util/errorcodes.h"
#include "version.h"

#include <cstdio>
#include <sys/utsname.h>
#include <syslog.h>
#include <unistd.h>

namespace RaidBench {

HelperService::HelperService(Options options, std::function<void(const QByteArray&)> write)
    : m_context(std::move(options), std::move(write))
    , m_arrays(m_context)
    , m_runs(m_context)
    , m_intents(intents())
{ }

HelperService::~HelperService()
{
    shutdown(QStringLiteral("service destroyed"));
}

void HelperService::handleLine(const QByteArray& line)
{
    qint64 id = -1;
    auto request = HelperProtocol::parseRequest(line, &id);
    if (!request) {
        m_context.log(QStringLiteral("refused a request: %1").arg(request.error().message));
        m_context.fail(id, request.error());
        return;
    }
    if (m_context.shuttingDown()) {
        m_context.fail(request->id, ErrorCode::shuttingDown, QStringLiteral("the helper is shutting down"));
        return;
    }
    {
        std::lock_guard lock(m_context.session().mutex);
        if (!m_context.session().hello && request->op != QLatin1String("hello") &&
            request->op != QLatin1String("bye")) {
            m_context.fail(request->id, ErrorCode::helloRequired,
                           QStringLiteral("say hello first (protocol version %1)").arg(HelperProtocol::version));
            return;
        }
    }
    if (m_context.jobs().isRunning(request->id)) {
        m_context.fail(request->id, ErrorCode::duplicateId,
                       QStringLiteral("request %1 is still running").arg(request->id));
        return;
    }
    m_context.log(QStringLiteral("request %1: %2").arg(request->id).arg(request->op));
    if (const Intent intent = m_intents.value(request->op)) {
        intent(*request);
    }
}

QHash<QString, HelperService::Intent> HelperService::intents()
{
    auto own = [this](void (HelperService::*intent)(const HelperProtocol::Request&)) -> Intent {
        return [this, intent](const HelperProtocol::Request& request) { (this->*intent)(request); };
    };
    auto arrays = [this](void (ArrayIntents::*intent)(const HelperProtocol::Request&)) -> Intent {
        return [this, intent](const HelperProtocol::Request& request) { (m_arrays.*intent)(request); };
    };
    auto runs = [this](void (RunIntents::*intent)(const HelperProtocol::Request&)) -> Intent {
        return [this, intent](const HelperProtocol::Request& request) { (m_runs.*intent)(request); };
    };
    return {
        {Messages::Op::hello, own(&HelperService::hello)},
        {Messages::Op::scanDisks, own(&HelperService::scanDisks)},
        {Messages::Op::readHealth, own(&HelperService::readHealth)},
        {Messages::Op::planArray, arrays(&ArrayIntents::planArray)},
        {Messages::Op::createArray, arrays(&ArrayIntents::createArray)},
        {Messages::Op::teardown, arrays(&ArrayIntents::teardown)},
        {Messages::Op::listArrays, arrays(&ArrayIntents::listArrays)},
        {Messages::Op::recover, own(&HelperService::recover)},
        {Messages::Op::runIo, runs(&RunIntents::runIo)},
        {Messages::Op::runCampaign, runs(&RunIntents::runCampaign)},
        {Messages::Op::makeFs, arrays(&ArrayIntents::makeFs)},
        {Messages::Op::unmount, arrays(&ArrayIntents::unmount)},
        {Messages::Op::cancel, own(&HelperService::cancel)},
        {Messages::Op::about, own(&HelperService::about)},
        {Messages::Op::bye, own(&HelperService::bye)},
    };
}

void HelperService::bye(const HelperProtocol::Request& request)
{
    m_context.reply(request.id, Messages::byeReply());
    m_quit.store(true);
}

void HelperService::hello(const HelperProtocol::Request& request)
{
    const Messages::Hello hello = Messages::Hello::fromJson(request.args);
    if (hello.protocol != HelperProtocol::version) {
        m_context.fail(request.id, ErrorCode::protocolMismatch,
                       QStringLiteral("this helper speaks protocol %1, the client %2; install matching versions")
                           .arg(HelperProtocol::version)
                           .arg(hello.protocol));
        return;
    }
    {
        std::lock_guard lock(m_context.session().mutex);
        m_context.session().hello = true;
    }
    Messages::HelloReply answer;
    answer.protocol = HelperProtocol::version;
    answer.raidbenchVersion = QStringLiteral(RAIDBENCH_VERSION);
    answer.pid = getpid();
    answer.euid = geteuid();
    answer.lab = qEnvironmentVariableIsSet("RAIDBENCH_LAB");
    for (const JournalRecord& record : BuildJournal::readAll(m_context.options().executor.journalDirectory)) {
        answer.journals += m_context.scope().allows(record) ? 1 : 0;
    }
    m_context.reply(request.id, answer.toJson());
}

void HelperService::scanDisks(const HelperProtocol::Request& request)
{
    // On a worker: a scan probes every disk and looks at every process that may hold one.
    const Messages::ScanDisks scan = Messages::ScanDisks::fromJson(request.args);
    const qint64 id = request.id;
    m_context.startJob(
        id,
        [this, id, scan](const std::atomic_bool*) {
            EligibilityOptions options;
            options.allowLoop = scan.allowLoop;
            QList<Disk> disks;
            for (const Disk& disk : DiskScanner().scan(options)) {
                if (scan.all || disk.kind == QLatin1String("disk") ||
                    (options.allowLoop && disk.kind == QLatin1String("loop") && disk.sizeBytes > 0)) {
                    disks.append(disk);
                }
            }
            m_context.reply(id, Messages::encodeDisks(disks));
        },
        std::nullopt);
}

void HelperService::readHealth(const HelperProtocol::Request& request)
{
    // Reading only: smartctl -a (never a self-test) and the write cache's current setting, on the
    // nodes of the helper's own scan. A name the scan does not have is not an error: it is not listed.
    const Messages::ReadHealth read = Messages::ReadHealth::fromJson(request.args);
    // On a worker, cancellable: neither the scan nor a stalled disk's smartctl holds up the request
    // loop. Not one of the exclusive operations: it only reads, and a campaign asked for right after a
    // scan must not be refused as busy while the health of the disks is still being read.
    const qint64 id = request.id;
    m_context.startJob(
        id,
        [this, id, read](const std::atomic_bool* cancel) {
            EligibilityOptions options;
            options.allowLoop = read.allowLoop;
            QList<Disk> disks;
            for (const Disk& disk : DiskScanner().scan(options)) {
                if (disk.kind == QLatin1String("disk") && (read.disks.isEmpty() || read.disks.contains(disk.name))) {
                    disks.append(disk);
                }
            }
            HealthProbe::probe(disks, *m_context.options().runner, QStringLiteral("/sys"), cancel);
            if (cancelled(cancel)) {
                m_context.fail(id, ErrorCode::cancelled, QStringLiteral("reading the disks' health was cancelled"));
                return;
            }
            m_context.reply(id, Messages::encodeDisks(disks));
        },
        std::nullopt);
}

void HelperService::about(const HelperProtocol::Request& request)
{
    // For the About dialog: the versions where the work happens (the VM's, in the lab).
    const CommandResult mdadm =
        m_context.options().runner->run({QStringLiteral("mdadm"), QStringLiteral("--version")}, 10000);
    struct utsname name
    { };
    uname(&name);
    m_context.reply(request.id,
                    Messages::About {QString(mdadm.out + mdadm.err).trimmed().left(200),
                                     QString::fromLocal8Bit(name.release), QStringLiteral(RAIDBENCH_VERSION),
                                     udevIsRunning()}
                        .toJson());
}

void HelperService::cancel(const HelperProtocol::Request& request)
{
    const qint64 target = Messages::cancelTarget(request.args);
    if (!m_context.jobs().cancel(target)) {
        m_context.fail(request.id, ErrorCode::notRunning, QStringLiteral("request %1 is not running").arg(target));
        return;
    }
    m_context.reply(request.id, Messages::cancelledReply(target));
}

void HelperService::shutdown(const QString& why)
{
    if (!m_context.beginShutdown()) {
        return;
    }
    m_context.log(QStringLiteral("shutting down (%1)").arg(why));
    m_context.jobs().cancelAll();
    m_context.jobs().joinAll();
    QHash<QString, MountedFilesystem> mounts;
    QHash<QString, SessionArray> arrays;
    {
        std::lock_guard lock(m_context.session().mutex);
        mounts.swap(m_context.session().mounts);
        arrays.swap(m_context.session().arrays);
    }
    // Nothing of this session stays behind: unmount, then tear down (a teardown that failed before
    // is tried again here).
    for (const MountedFilesystem& mounted : std::as_const(mounts)) {
        if (auto ok = unmountFilesystem(*m_context.options().runner, mounted); !ok) {
            m_context.log(ok.error().message);
        }
    }
    BuildExecutor executor(*m_context.options().runner, m_context.executorOptions(true));
    for (const SessionArray& array : std::as_const(arrays)) {
        m_context.log(
            QStringLiteral("tearing down %1: %2").arg(array.array.plan.tag, executor.teardown(array.array).summary()));
    }
    m_quit.store(true);
}

void HelperService::recover(const HelperProtocol::Request& request)
{
    const qint64 id = request.id;
    m_context.startExclusive(id, [this, id](const std::atomic_bool*) {
        BuildEvents events(m_context, id, false);
        BuildExecutor executor(*m_context.options().runner, m_context.executorOptions(true), &events);
        const TeardownReport report = executor.recoverLeftovers(m_context.scope());
        m_context.log(QStringLiteral("recover: %1").arg(report.summary()));
        if (const QStringList results = m_runs.removeEndedRunsResults(); !results.isEmpty()) {
            m_context.log(QStringLiteral("recover: removed the results files of ended runs: %1")
                              .arg(results.join(QStringLiteral(", "))));
        }
        m_context.reply(id, Messages::Removal {report.removed, report.problems, report.skipped}.toJson());
    });
}

} // namespace RaidBench

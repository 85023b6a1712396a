#include "arrays/buildjournal.h"
#include "helper/helperservice.h"
#include "helper/helperservice_p.h"
#include "layout/arrayanalysis.h"
#include "system/childprocess.h"
#include "util/errorcodes.h"

#include <QSet>

namespace RaidBench {

// The intents that build, list, mount and remove arrays.

std::optional<HelperService::PreparedArray> HelperService::prepareArray(qint64 id, const Messages::ArrayRequest& args)
{
    auto spec = ArraySpec::fromJson(args.spec);
    if (!spec) {
        fail(id, spec.error());
        return std::nullopt;
    }
    const QList<SpecIssue> issues = validateSpec(*spec);
    if (hasErrors(issues)) {
        fail(id, ErrorCode::invalidSpec, firstError(issues));
        return std::nullopt;
    }
    // Every device is resolved and checked here, once, whatever the client said about it; from now on
    // only the pinned canonical nodes are used.
    auto pinned = gateFor(args.allowLoop)->pinSpec(*spec, DeviceGate::Use::Create);
    if (!pinned) {
        fail(id, pinned.error());
        return std::nullopt;
    }
    const QString tag = newSessionTag();
    auto plan = pinnedBuild(*pinned, tag, PlanOptions {udevIsRunning()});
    if (!plan) {
        fail(id, plan.error());
        return std::nullopt;
    }
    const ArrayFigures figures = analyzeSpec(pinned->spec);
    Messages::ArrayPlan answer;
    answer.tag = tag;
    answer.device = plan->topDevice;
    answer.description = pinned->spec.describe();
    answer.commands = plan->commandLines();
    for (const QStringList& argv : plan->teardownCommands()) {
        answer.teardown.append(argv.join(QLatin1Char(' ')));
    }
    answer.destroys = plan->destroys;
    for (const PinnedDevice& pin : pinned->pins) {
        answer.disks.append(pin.toJson());
    }
    answer.usableBytes = double(figures.usableBytes.value_or(0));
    answer.spacePct = figures.spacePct;
    answer.failuresGuaranteed = figures.failuresGuaranteed;
    answer.failuresBestCase = figures.failuresBestCase;
    for (const auto& issue : issues) {
        answer.warnings.append(issue.message);
    }
    return PreparedArray {*pinned, *plan, answer, spec->leafDevices()};
}

void HelperService::planArray(const HelperProtocol::Request& request)
{
    if (const auto prepared = prepareArray(request.id, Messages::ArrayRequest::fromJson(request.args))) {
        reply(request.id, prepared->answer.toJson());
    }
}

void HelperService::createArray(const HelperProtocol::Request& request)
{
    const Messages::ArrayRequest args = Messages::ArrayRequest::fromJson(request.args);
    const auto prepared = prepareArray(request.id, args);
    if (!prepared) {
        return;
    }
    // The confirmation names exactly the disks destroyed: by the path the client gave or by their node.
    QStringList confirmed = args.confirmDestroy;
    bool matches = confirmed.size() == prepared->pinned.pins.size();
    for (const PinnedDevice& pin : prepared->pinned.pins) {
        const qsizetype at = std::max(confirmed.indexOf(pin.requested), confirmed.indexOf(pin.node));
        matches = matches && at >= 0;
        if (at >= 0) {
            confirmed.removeAt(at);
        }
    }
    if (!matches) {
        fail(request.id, ErrorCode::notConfirmed,
             QStringLiteral("confirm_destroy must list exactly the disks the array destroys: %1")
                 .arg(prepared->requestedDisks.join(QStringLiteral(", ")).left(2000)));
        return;
    }
    const qint64 id = request.id;
    const BuildPlan buildPlan = prepared->plan;
    const QJsonObject answer = prepared->answer.toJson();
    const bool allowLoop = args.allowLoop;
    const bool waitResync = args.waitResync;
    startExclusive(id, [this, id, buildPlan, allowLoop, answer, waitResync](const std::atomic_bool* cancel) {
        BuildExecutor::Options options = executorOptions(allowLoop);
        options.waitForResync = options.waitForResync || waitResync;
        BuildExecutor executor(*m_options.runner, options, buildCallbacks(id, true));
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
        reply(id, answer);
    });
}

void HelperService::teardown(const HelperProtocol::Request& request)
{
    const QString tag = Messages::tagOf(request.args);
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
    const qint64 id = request.id;
    startExclusive(id, [this, id, tag, array, mounted, fromJournal](const std::atomic_bool*) {
        if (mounted) {
            if (auto ok = unmountFilesystem(*m_options.runner, *mounted); !ok) {
                fail(id, ok.error());
                return;
            }
            std::lock_guard lock(m_session->mutex);
            m_session->mounts.remove(tag);
        }
        // A journal's leaves are checked as loop devices too: they were pinned as whatever they were.
        BuildExecutor executor(*m_options.runner, executorOptions(true), buildCallbacks(id, false));
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
        reply(id, Messages::Removal {report.removed, {}, {}}.toJson());
    });
}

void HelperService::listArrays(const HelperProtocol::Request& request)
{
    Messages::ArrayListing listing;
    QSet<QString> ours;
    {
        std::lock_guard lock(m_session->mutex);
        for (auto it = m_session->arrays.cbegin(); it != m_session->arrays.cend(); ++it) {
            ours.insert(it.key());
            listing.arrays.append({it.key(), it->array.device, it->array.plan.spec.describe(),
                                   m_session->mounts.value(it.key()).mountPoint, it->teardownError});
        }
    }
    for (const JournalRecord& record : BuildJournal::readAll(m_options.executor.journalDirectory)) {
        if (ours.contains(record.tag)) {
            continue;
        }
        if (record.owner.isAlive()) {
            // Another running session's tag and pid: only a root client, or the same user, learns of it.
            if (scope().root || record.owner.clientUid == scope().clientUid) {
                listing.inUseByOthers.append({record.tag, record.owner.pid});
            }
        } else if (scope().allows(record)) {
            listing.leftovers.append({record.tag, record.owner.pid});
        }
    }
    reply(request.id, listing.toJson());
}

void HelperService::recover(const HelperProtocol::Request& request)
{
    const qint64 id = request.id;
    startExclusive(id, [this, id](const std::atomic_bool*) {
        BuildExecutor executor(*m_options.runner, executorOptions(true), buildCallbacks(id, false));
        const TeardownReport report = executor.recoverLeftovers(scope());
        log(QStringLiteral("recover: %1").arg(report.summary()));
        if (const QStringList results = removeEndedRunsResults(); !results.isEmpty()) {
            log(QStringLiteral("recover: removed the results files of ended runs: %1")
                    .arg(results.join(QStringLiteral(", "))));
        }
        reply(id, Messages::Removal {report.removed, report.problems, report.skipped}.toJson());
    });
}

void HelperService::makeFs(const HelperProtocol::Request& request)
{
    const Messages::MakeFs args = Messages::MakeFs::fromJson(request.args);
    const QString tag = args.tag;
    auto fs = FilesystemSpec::fromJson(args.filesystem);
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
    const qint64 id = request.id;
    const FilesystemSpec spec = *fs;
    startExclusive(id, [this, id, tag, spec, array](const std::atomic_bool*) {
        const int uid = int(m_options.clientUid);
        // The gate right before mkfs and mount: a configuration that is one disk like any array.
        auto mounted = makeAndMount(
            *m_options.runner, spec, [&] { return verifyTarget(gateFor(true).get(), *array); }, array->plan.spec, tag,
            uid, uid >= 0 ? primaryGroupOf(uid) : -1, m_options.stateDirectory);
        if (!mounted) {
            fail(id, mounted.error());
            return;
        }
        {
            std::lock_guard lock(m_session->mutex);
            m_session->mounts.insert(tag, *mounted);
        }
        reply(id, Messages::encodeMounted(*mounted));
    });
}

void HelperService::unmount(const HelperProtocol::Request& request)
{
    const QString tag = Messages::tagOf(request.args);
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
    const qint64 id = request.id;
    startExclusive(id, [this, id, tag, mounted](const std::atomic_bool*) {
        if (auto ok = unmountFilesystem(*m_options.runner, *mounted); !ok) {
            fail(id, ok.error());
            return;
        }
        {
            std::lock_guard lock(m_session->mutex);
            m_session->mounts.remove(tag);
        }
        reply(id, Messages::Unmounted {mounted->mountPoint}.toJson());
    });
}

} // namespace RaidBench

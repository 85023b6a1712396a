#include "helper/arrayintents.h"

#include "arrays/buildjournal.h"
#include "helper/buildevents.h"
#include "layout/arrayanalysis.h"
#include "system/childprocess.h"
#include "util/errorcodes.h"

#include <QSet>

namespace RaidBench {

ArrayIntents::ArrayIntents(HelperContext& context)
    : m_context(context)
{ }

// The intents that build, list, mount and remove arrays.

std::optional<ArraySpec> ArrayIntents::checkedSpec(qint64 id, const Messages::ArrayRequest& args)
{
    auto spec = ArraySpec::fromJson(args.spec);
    if (!spec) {
        m_context.fail(id, spec.error());
        return std::nullopt;
    }
    if (const QList<SpecIssue> issues = validateSpec(*spec); hasErrors(issues)) {
        m_context.fail(id, ErrorCode::invalidSpec, firstError(issues));
        return std::nullopt;
    }
    return *spec;
}

std::optional<ArrayIntents::PreparedArray> ArrayIntents::prepareArray(qint64 id, const ArraySpec& spec, bool allowLoop)
{
    const QList<SpecIssue> issues = validateSpec(spec);
    // Every device is resolved and checked here, once, whatever the client said about it; from now on
    // only the pinned canonical nodes are used.
    auto pinned = m_context.gateFor(allowLoop)->pinSpec(spec, DeviceGate::Use::Create);
    if (!pinned) {
        m_context.fail(id, pinned.error());
        return std::nullopt;
    }
    const QString tag = m_context.newSessionTag();
    auto plan = pinnedBuild(*pinned, tag, PlanOptions {udevIsRunning()});
    if (!plan) {
        m_context.fail(id, plan.error());
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
    return PreparedArray {*pinned, *plan, answer};
}

void ArrayIntents::planArray(const HelperProtocol::Request& request)
{
    // Pinning looks at the devices and at who holds them open: on a worker, never on the request loop.
    const qint64 id = request.id;
    const Messages::ArrayRequest args = Messages::ArrayRequest::fromJson(request.args);
    const auto spec = checkedSpec(id, args);
    if (!spec) {
        return;
    }
    m_context.startJob(
        id,
        [this, id, spec = *spec, allowLoop = args.allowLoop](const std::atomic_bool*) {
            if (const auto prepared = prepareArray(id, spec, allowLoop)) {
                m_context.reply(id, prepared->answer.toJson());
            }
        },
        std::nullopt);
}

void ArrayIntents::createArray(const HelperProtocol::Request& request)
{
    const qint64 id = request.id;
    const Messages::ArrayRequest args = Messages::ArrayRequest::fromJson(request.args);
    const auto spec = checkedSpec(id, args);
    if (!spec) {
        return;
    }
    m_context.startExclusive(id, [this, id, args, spec = *spec](const std::atomic_bool* cancel) {
        const auto prepared = prepareArray(id, spec, args.allowLoop);
        if (!prepared) {
            return;
        }
        // The confirmation names exactly the disks destroyed (by the path the client gave or by their
        // node), each as the user saw it: another device under one of those names now is refused.
        if (auto confirmed = checkConfirmed(prepared->pinned.pins, args.confirmDestroy); !confirmed) {
            m_context.fail(id, confirmed.error());
            return;
        }
        const BuildPlan& buildPlan = prepared->plan;
        BuildExecutor::Options options = m_context.executorOptions(args.allowLoop);
        options.waitForResync = options.waitForResync || args.waitResync;
        BuildEvents events(m_context, id, true);
        BuildExecutor executor(*m_context.options().runner, options, &events);
        auto built = executor.build(buildPlan, cancel);
        if (!built) {
            m_context.log(QStringLiteral("create %1 failed: %2").arg(buildPlan.tag, built.error().message));
            m_context.fail(id, built.error());
            return;
        }
        {
            std::lock_guard lock(m_context.session().mutex);
            m_context.session().arrays.insert(buildPlan.tag, SessionArray {*built, {}});
        }
        m_context.log(QStringLiteral("created %1 (%2)").arg(built->device, buildPlan.tag));
        m_context.reply(id, prepared->answer.toJson());
    });
}

void ArrayIntents::teardown(const HelperProtocol::Request& request)
{
    const QString tag = Messages::tagOf(request.args);
    std::optional<BuiltArray> array;
    std::optional<MountedFilesystem> mounted;
    bool fromJournal = false;
    {
        std::lock_guard lock(m_context.session().mutex);
        if (m_context.session().arrays.contains(tag)) {
            array = m_context.session().arrays.value(tag).array;
        }
        if (m_context.session().mounts.contains(tag)) {
            mounted = m_context.session().mounts.value(tag);
        }
    }
    if (!array) {
        // Not this session's: only what an ended run journaled may be removed, never a running one's.
        for (const JournalRecord& record : BuildJournal::readAll(m_context.options().executor.journalDirectory)) {
            if (record.tag != tag) {
                continue;
            }
            if (record.owner.isAlive()) {
                m_context.fail(request.id, ErrorCode::notOwner,
                               QStringLiteral("array %1 belongs to RaidBench process %2, which is still running")
                                   .arg(tag, QString::number(record.owner.pid)));
                return;
            }
            RecoverScope byTag = m_context.scope();
            byTag.includeKept = byTag.root;
            if (!byTag.allows(record)) {
                m_context.fail(
                    request.id, ErrorCode::notOwner,
                    QStringLiteral("array %1 was not built for you (it is another user's, or was built to stay "
                                   "with raidbench-cli array create)")
                        .arg(tag));
                return;
            }
            array = BuildExecutor(*m_context.options().runner, m_context.executorOptions(true)).relocated(record);
            fromJournal = true;
        }
    }
    if (!array) {
        m_context.fail(
            request.id, ErrorCode::unknownTag,
            QStringLiteral("no array with tag %1 was made by RaidBench").arg(m_context.loggable(tag.left(64))));
        return;
    }
    const qint64 id = request.id;
    m_context.startExclusive(id, [this, id, tag, array, mounted, fromJournal](const std::atomic_bool*) {
        if (mounted) {
            if (auto ok = unmountFilesystem(*m_context.options().runner, *mounted); !ok) {
                m_context.fail(id, ok.error());
                return;
            }
            std::lock_guard lock(m_context.session().mutex);
            m_context.session().mounts.remove(tag);
        }
        // A journal's leaves are checked as loop devices too: they were pinned as whatever they were.
        BuildEvents events(m_context, id, false);
        BuildExecutor executor(*m_context.options().runner, m_context.executorOptions(true), &events);
        const TeardownReport report = executor.teardown(*array);
        m_context.log(QStringLiteral("teardown %1: %2").arg(tag, report.summary()));
        {
            std::lock_guard lock(m_context.session().mutex);
            if (report.clean() || fromJournal) {
                m_context.session().arrays.remove(tag);
            } else if (m_context.session().arrays.contains(tag)) {
                m_context.session().arrays[tag].teardownError = report.summary(); // listed; tried again at exit
            }
        }
        if (!report.clean()) {
            m_context.fail(id, ErrorCode::teardownIncomplete, report.summary());
            return;
        }
        m_context.reply(id, Messages::Removal {report.removed, {}, {}}.toJson());
    });
}

void ArrayIntents::listArrays(const HelperProtocol::Request& request)
{
    Messages::ArrayListing listing;
    QSet<QString> ours;
    {
        std::lock_guard lock(m_context.session().mutex);
        for (auto it = m_context.session().arrays.cbegin(); it != m_context.session().arrays.cend(); ++it) {
            ours.insert(it.key());
            listing.arrays.append({it.key(), it->array.device, it->array.plan.spec.describe(),
                                   m_context.session().mounts.value(it.key()).mountPoint, it->teardownError});
        }
    }
    for (const JournalRecord& record : BuildJournal::readAll(m_context.options().executor.journalDirectory)) {
        if (ours.contains(record.tag)) {
            continue;
        }
        if (record.owner.isAlive()) {
            // Another running session's tag and pid: only a root client, or the same user, learns of it.
            if (m_context.scope().root || record.owner.clientUid == m_context.scope().clientUid) {
                listing.inUseByOthers.append({record.tag, record.owner.pid});
            }
        } else if (m_context.scope().allows(record)) {
            listing.leftovers.append({record.tag, record.owner.pid});
        }
    }
    m_context.reply(request.id, listing.toJson());
}

void ArrayIntents::makeFs(const HelperProtocol::Request& request)
{
    const Messages::MakeFs args = Messages::MakeFs::fromJson(request.args);
    const QString tag = args.tag;
    auto fs = FilesystemSpec::fromJson(args.filesystem);
    if (!fs) {
        m_context.fail(request.id, fs.error());
        return;
    }
    std::optional<BuiltArray> array;
    {
        std::lock_guard lock(m_context.session().mutex);
        if (m_context.session().arrays.contains(tag) && !m_context.session().mounts.contains(tag) &&
            m_context.session().arrays.value(tag).teardownError.isEmpty()) {
            array = m_context.session().arrays.value(tag).array;
        }
    }
    if (!array) {
        m_context.fail(
            request.id, ErrorCode::unknownTag,
            QStringLiteral("no unmounted array %1 made in this session").arg(m_context.loggable(tag.left(64))));
        return;
    }
    // The array's disks as the user confirmed them when it was made: still those, or nothing is made.
    if (auto confirmed = checkConfirmed(array->plan.pins, args.confirmDestroy); !confirmed) {
        m_context.fail(request.id, confirmed.error());
        return;
    }
    const qint64 id = request.id;
    const FilesystemSpec spec = *fs;
    m_context.startExclusive(id, [this, id, tag, spec, array](const std::atomic_bool*) {
        const int uid = int(m_context.options().clientUid);
        // The gate right before mkfs and mount: a configuration that is one disk like any array.
        auto mounted = makeAndMount(
            *m_context.options().runner, spec, [&] { return verifyTarget(m_context.gateFor(true).get(), *array); },
            array->plan.spec, tag, uid, uid >= 0 ? primaryGroupOf(uid) : -1, m_context.options().stateDirectory);
        if (!mounted) {
            m_context.fail(id, mounted.error());
            return;
        }
        {
            std::lock_guard lock(m_context.session().mutex);
            m_context.session().mounts.insert(tag, *mounted);
        }
        m_context.reply(id, Messages::encodeMounted(*mounted));
    });
}

void ArrayIntents::unmount(const HelperProtocol::Request& request)
{
    const QString tag = Messages::tagOf(request.args);
    std::optional<MountedFilesystem> mounted;
    {
        std::lock_guard lock(m_context.session().mutex);
        if (m_context.session().mounts.contains(tag)) {
            mounted = m_context.session().mounts.value(tag);
        }
    }
    if (!mounted) {
        m_context.fail(request.id, ErrorCode::unknownTag,
                       QStringLiteral("nothing of %1 is mounted by this helper").arg(m_context.loggable(tag.left(64))));
        return;
    }
    const qint64 id = request.id;
    m_context.startExclusive(id, [this, id, tag, mounted](const std::atomic_bool*) {
        if (auto ok = unmountFilesystem(*m_context.options().runner, *mounted); !ok) {
            m_context.fail(id, ok.error());
            return;
        }
        {
            std::lock_guard lock(m_context.session().mutex);
            m_context.session().mounts.remove(tag);
        }
        m_context.reply(id, Messages::Unmounted {mounted->mountPoint}.toJson());
    });
}

} // namespace RaidBench

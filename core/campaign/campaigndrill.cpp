#include "arrays/mdsync.h"
#include "campaign/campaignrunner.h"
#include "util/errorcodes.h"
#include "util/units.h"

#include <QElapsedTimer>
#include <QFileInfo>

#include <thread>

namespace RaidBench {

// The failure drill of one configuration: fail a member, measure the degraded array, wipe the member,
// add it back and time the rebuild from sysfs (with a foreground test during it, the bitmap's re-add,
// speed limits), and leave the array whole again for the teardown.

namespace {

bool cancelled(const std::atomic_bool* cancel)
{
    return cancel && cancel->load();
}

bool redundant(ArrayLevel level)
{
    return level == ArrayLevel::Raid1 || level == ArrayLevel::Raid4 || level == ArrayLevel::Raid5 ||
        level == ArrayLevel::Raid6 || level == ArrayLevel::Raid10;
}

/// The md object a spec node became: the one that holds its first leaf child, or the one that holds
/// the object of its first child array.
const BuildObject* objectOf(const ArraySpec& node, const QList<BuildObject>& objects)
{
    QString member;
    for (const ArraySpec& child : node.children) {
        if (child.isLeaf()) {
            member = child.device;
            break;
        }
    }
    if (member.isEmpty() && !node.children.isEmpty()) {
        const BuildObject* child = objectOf(node.children.first(), objects);
        member = child ? child->device : QString();
    }
    for (const BuildObject& object : objects) {
        if (object.kind == QLatin1String("md") && object.members.contains(member)) {
            return &object;
        }
    }
    return nullptr;
}

/// The redundant nodes of the tree, depth first (raid1 legs before the raid0 above them).
void redundantNodes(const ArraySpec& node, QList<const ArraySpec*>& out)
{
    for (const ArraySpec& child : node.children) {
        redundantNodes(child, out);
    }
    if (levelIsMd(node.level) && redundant(node.level)) {
        out.append(&node);
    }
}

/// The device of an active child: a leaf's node, or a child array's md device.
QString childDevice(const ArraySpec& child, const QList<BuildObject>& objects)
{
    if (child.isLeaf()) {
        return child.device;
    }
    const BuildObject* object = objectOf(child, objects);
    return object ? object->device : QString();
}

} // namespace

std::optional<CampaignRunner::DrillTarget> CampaignRunner::drillTarget(const ArraySpec& pinnedSpec,
                                                                       const BuiltArray& built, const QString& member,
                                                                       QString* why) const
{
    QList<const ArraySpec*> nodes;
    redundantNodes(pinnedSpec, nodes);
    const PinnedDevice* wanted = member.isEmpty() ? nullptr : pinOf(member);
    bool spares = false;
    for (const ArraySpec* node : std::as_const(nodes)) {
        if (node->spares > 0) {
            spares = true; // md rebuilds onto the spare at once: nothing degraded to measure
            continue;
        }
        const QList<ArraySpec> active = node->activeChildren();
        QStringList members;
        for (const ArraySpec& child : active) {
            members.append(childDevice(child, built.objects));
        }
        if (wanted && !members.contains(wanted->node)) {
            continue;
        }
        const BuildObject* object = objectOf(*node, built.objects);
        if (!object || members.contains(QString())) {
            continue;
        }
        DrillTarget target;
        target.array = object->device;
        target.level = node->level;
        target.bitmap = node->bitmap == Bitmap::Internal;
        target.members = members;
        if (wanted) {
            target.members.removeAll(wanted->node);
            target.members.prepend(wanted->node);
        }
        return target;
    }
    *why = wanted ? QStringLiteral("%1 is not a member of a redundant array without spares in this layout").arg(member)
        : spares  ? QStringLiteral("md rebuilds onto a hot spare at once: the drill needs an array without spares")
                  : QStringLiteral("this layout has no array that survives a failed member");
    return std::nullopt;
}

Result<void> CampaignRunner::drillCommand(BuildExecutor& executor, const BuiltArray& built, const QString& what,
                                          const QStringList& argv, CampaignProgress step,
                                          const std::atomic_bool* cancel)
{
    step.phase = CampaignPhase::Drill;
    step.message = what;
    report(step);
    auto result = executor.runOnBuilt(built, what, argv, cancel);
    if (!result) {
        return result.error();
    }
    if (!result->ok()) {
        return makeError(result->cancelled ? ErrorCode::cancelled : ErrorCode::stepFailed,
                         QStringLiteral("%1 failed: %2").arg(what, result->summary()));
    }
    return {};
}

Result<RebuildResult> CampaignRunner::followRebuild(const QString& kind, const QStringList& arrays,
                                                    const QStringList& members, const DrillSpec& spec,
                                                    CampaignProgress progress, const ResourceMonitor* monitor,
                                                    const std::atomic_bool* cancel, const std::function<bool()>& quiet)
{
    RebuildResult result;
    result.kind = kind;
    result.array = arrays.join(QStringLiteral(", "));
    result.members = members;
    result.syncSpeedMax = spec.syncSpeedMax;
    result.estimateMemberBytes = spec.estimateMemberBytes;
    QStringList directories;
    for (const QString& array : arrays) {
        const QString directory = mdDirectory(array);
        if (directory.isEmpty()) {
            return makeError(ErrorCode::internal, QStringLiteral("%1 is not an md array").arg(array));
        }
        directories.append(directory);
    }
    SyncFollower follower(directories, m_options.readSync, m_options.syncSleep, m_options.syncClock);
    QStringList shortNames;
    for (const QString& member : members) {
        shortNames.append(QFileInfo(QFileInfo(member).canonicalFilePath()).fileName());
    }
    progress.phase = CampaignPhase::Drill;
    progress.testName = kind;
    follower.sampled = [&](const SyncPoint& point) {
        if (quiet && quiet()) {
            return; // the foreground test tells its own progress meanwhile
        }
        progress.fraction = point.fraction;
        progress.liveBwBytes = point.bytesPerSecond;
        progress.message =
            QStringLiteral("%1: %2 of %3, %4 % at %5")
                .arg(progress.configName, kind,
                     shortNames.isEmpty() ? QStringLiteral("the array") : shortNames.join(QStringLiteral(", ")))
                .arg(point.fraction * 100, 0, 'f', 1)
                .arg(Units::formatMBps(point.bytesPerSecond));
        report(progress);
    };
    const ResourceSample before = monitor ? monitor->sample() : ResourceSample();
    SyncTimeline partial;
    auto timeline = follower.follow(cancel, &partial);
    const SyncTimeline& measured = timeline ? *timeline : partial;
    result.seconds = measured.seconds;
    result.bytes = measured.bytes;
    result.timeline = measured.points;
    result.bw = measured.averageBytesPerSecond();
    result.completed = timeline.ok() && measured.completed;
    // A re-add copies only what the bitmap marked: its rate says nothing of a whole member.
    const bool wholeMember = kind != QLatin1String("re-add");
    if (wholeMember) {
        result.estimateSeconds = rebuildEstimateSeconds(spec.estimateMemberBytes, result.bw);
    }
    // What the slowest rebuilt member's own write speed predicts.
    std::optional<double> slowest;
    for (const PinnedDevice& pin : std::as_const(m_pins)) {
        if (!members.contains(pin.node)) {
            continue;
        }
        const DiskResult* disk = m_results.disk(pin.requested);
        if (disk && disk->writeBw && *disk->writeBw > 0) {
            slowest = slowest ? std::min(*slowest, *disk->writeBw) : *disk->writeBw;
        }
    }
    if (slowest && result.bytes > 0 && wholeMember) {
        result.predictedSeconds = double(result.bytes) / *slowest;
    }
    // What set the pace: md's limit, a member disk, or neither.
    if (spec.syncSpeedMax && result.bw > 0.9 * double(*spec.syncSpeedMax)) {
        result.limitedBy =
            QStringLiteral("md's sync_speed_max (%1)").arg(Units::formatMBps(double(*spec.syncSpeedMax)));
        result.boundBy = Bound::SyncSpeedMax;
    } else if (monitor && result.seconds > 0) {
        ResourceUse use;
        monitor->accumulate(before, monitor->sample(), use);
        ResourceMonitor::classify(use);
        result.boundBy = use.boundBy;
        QString busiest;
        double busy = 0;
        for (const auto& [name, share] : use.diskBusy) {
            if (share > busy) {
                busiest = name;
                busy = share;
            }
        }
        if (use.boundBy == Bound::Disks && !busiest.isEmpty()) {
            result.limitedBy =
                QStringLiteral("%1 (%2, %3 % busy)")
                    .arg(busiest, shortNames.contains(busiest) ? QStringLiteral("written") : QStringLiteral("read"))
                    .arg(qRound(busy * 100));
        } else {
            result.limitedBy = use.explanation;
        }
    }
    if (!timeline) {
        return Error {timeline.error().code, timeline.error().message};
    }
    return result;
}

void CampaignRunner::followInitialResync(ConfigResult& config, const BuiltArray& built, CampaignProgress progress,
                                         const std::atomic_bool* cancel, const ResourceMonitor* monitor)
{
    QStringList arrays;
    for (const BuildObject& object : built.objects) {
        if (object.kind == QLatin1String("md")) {
            arrays.append(object.device);
        }
    }
    auto resync =
        followRebuild(QStringLiteral("initial-resync"), arrays, {}, config.drill->spec, progress, monitor, cancel, {});
    if (!resync) {
        config.drill->status = resync.error().code == ErrorCode::cancelled ? RunState::Cancelled : RunState::Failed;
        config.drill->error = resync.error().message;
        return;
    }
    config.drill->initialResync = *resync;
    saveAfterTest();
}

void CampaignRunner::runDrill(ConfigResult& config, const BuiltArray& built, const ArraySpec& pinnedSpec,
                              BuildExecutor& executor, CampaignProgress progress, const std::atomic_bool* cancel,
                              const ResourceMonitor* monitor)
{
    DrillResult& drill = *config.drill;
    const DrillSpec spec = drill.spec;
    QString why;
    const auto target = drillTarget(pinnedSpec, built, spec.member, &why);
    if (!target) {
        drill.status = RunState::Failed;
        drill.error = why;
        return;
    }
    drill.failedArray = target->array;
    const MdSyncState state = readSync(mdDirectory(target->array));
    if (!state.readable || state.degraded > 0 || state.working()) {
        drill.status = RunState::Failed;
        drill.error = !state.readable
            ? QStringLiteral("cannot read the state of %1").arg(target->array)
            : QStringLiteral("%1 is already %2; the drill starts only on a whole, quiet array")
                  .arg(target->array, state.degraded > 0 ? QStringLiteral("degraded") : state.action);
        return;
    }
    const int failures = target->level == ArrayLevel::Raid6 && target->members.size() >= 4 ? 2 : 1;
    auto fail = [&](const QString& member) {
        return drillCommand(
            executor, built, QStringLiteral("fail %1 in %2").arg(member, target->array),
            {QStringLiteral("mdadm"), QStringLiteral("--manage"), target->array, QStringLiteral("--fail"), member},
            progress, cancel);
    };
    auto stop = [&](const Error& error) {
        drill.status = error.code == ErrorCode::cancelled ? RunState::Cancelled : RunState::Failed;
        drill.error = error.message;
    };
    auto degradedTests = [&](QList<TestResult>& into, const QString& label) {
        CampaignProgress p = progress;
        p.phase = CampaignPhase::Drill;
        p.configName = QStringLiteral("%1 (%2)").arg(config.name, label);
        for (const TestSpec& test : m_plan.tests) {
            if (test.isFileTest() || cancelled(cancel)) {
                continue;
            }
            TestResult result;
            result.spec = test;
            runTest(built, test, result, p, cancel, monitor, TestContext::Drill);
            into.append(result);
            saveAfterTest();
        }
    };
    // 1. Degraded: one member failed (two for RAID6), the plan's tests again.
    if (auto ok = fail(target->members.first()); !ok) {
        return stop(ok.error());
    }
    drill.failedMembers = {target->members.first()};
    if (spec.degraded) {
        degradedTests(drill.degraded, QStringLiteral("degraded"));
        if (failures == 2 && !cancelled(cancel)) {
            if (auto ok = fail(target->members.at(1)); !ok) {
                return stop(ok.error());
            }
            drill.failedMembers.append(target->members.at(1));
            degradedTests(drill.degradedTwo, QStringLiteral("two failed"));
        }
    }
    if (cancelled(cancel)) {
        return stop(makeError(ErrorCode::cancelled, QStringLiteral("cancelled")));
    }
    // 2. Rebuild: out, wiped (a new disk), back in; the speed limits set for it and restored after.
    auto setLimits = [&](bool restore) -> Result<void> {
        for (const auto& [attribute, value] :
             {std::pair {"md/sync_speed_min", spec.syncSpeedMin}, std::pair {"md/sync_speed_max", spec.syncSpeedMax}}) {
            if (value) {
                const QString text = restore ? QStringLiteral("system") : QString::number(*value / 1024);
                const CommandResult written =
                    m_options.runner->writeMdAttribute(target->array, QLatin1String(attribute), text);
                if (m_callbacks.commandLogged) {
                    m_callbacks.commandLogged(
                        StepLog {QStringLiteral("set %1").arg(QLatin1String(attribute)),
                                 {QStringLiteral("sysfs"), target->array, QLatin1String(attribute), text},
                                 written});
                }
                if (!written.ok()) {
                    return makeError(ErrorCode::stepFailed, written.summary());
                }
            }
        }
        return {};
    };
    // Back to the system's limits, whatever happened (the writes are in the log).
    auto restoreLimits = [&] {
        if (auto restored = setLimits(true); !restored && drill.error.isEmpty()) {
            drill.error = restored.error().message;
        }
    };
    // Out, wiped and back in as one step that a cancel does not split: a wiped member left out of its
    // array would carry no superblock for the teardown to remove, and its journal would stay.
    for (const QString& member : std::as_const(drill.failedMembers)) {
        for (const auto& [what, argv] :
             {std::pair {QStringLiteral("remove %1 from %2").arg(member, target->array),
                         QStringList {QStringLiteral("mdadm"), QStringLiteral("--manage"), target->array,
                                      QStringLiteral("--remove"), member}},
              std::pair {QStringLiteral("wipe %1").arg(member),
                         QStringList {QStringLiteral("mdadm"), QStringLiteral("--zero-superblock"), member}}}) {
            if (auto ok = drillCommand(executor, built, what, argv, progress, nullptr); !ok) {
                return stop(ok.error());
            }
        }
    }
    auto limited = setLimits(false);
    // Every member back at once: md then rebuilds them together (RAID6's two), in one pass.
    if (auto ok = drillCommand(
            executor, built,
            QStringLiteral("add %1 to %2").arg(drill.failedMembers.join(QStringLiteral(" and ")), target->array),
            QStringList {QStringLiteral("mdadm"), QStringLiteral("--manage"), target->array, QStringLiteral("--add")} +
                drill.failedMembers,
            progress, nullptr);
        !ok || !limited) {
        restoreLimits();
        return stop(ok ? limited.error() : ok.error());
    }
    // 3. Under load: one foreground test while md rebuilds.
    std::atomic_bool loadRunning {false};
    std::atomic_bool loadStop {false}; // the cancel, or a rebuild that failed: the foreground test ends too
    double loadSeconds = 0; // written by the load's thread, read after it is joined
    std::thread load;
    TestResult loadResult;
    if (!spec.underLoad.isEmpty()) {
        if (auto test = TestSpec::standard(spec.underLoad)) {
            loadResult.spec = *test;
            loadRunning = true;
            CampaignProgress p = progress;
            p.phase = CampaignPhase::Drill;
            p.configName = QStringLiteral("%1 (rebuilding)").arg(config.name);
            load = std::thread([&, p] {
                QElapsedTimer clock;
                clock.start();
                runTest(built, loadResult.spec, loadResult, p, &loadStop, nullptr, TestContext::UnderRebuild);
                loadSeconds = double(clock.nsecsElapsed()) / 1e9;
                loadRunning = false;
            });
        }
    }
    auto rebuilt = followRebuild(QStringLiteral("rebuild"), {target->array}, drill.failedMembers, spec, progress,
                                 monitor, cancel, [&] {
                                     loadStop = loadStop || cancelled(cancel);
                                     return loadRunning.load();
                                 });
    if (load.joinable()) {
        loadStop = loadStop || !rebuilt;
        load.join();
        drill.underLoad = loadResult;
        if (rebuilt) {
            // The rebuild's rate while the foreground test ran: what it had done at the first point after.
            const SyncPoint* atEnd = nullptr;
            for (const SyncPoint& point : std::as_const(rebuilt->timeline)) {
                if (!atEnd && point.seconds >= loadSeconds && point.fraction > 0) {
                    atEnd = &point;
                }
            }
            if (atEnd && atEnd->seconds > 0) {
                drill.rebuildUnderLoadBw = atEnd->fraction * double(rebuilt->bytes) / atEnd->seconds;
            }
        }
    }
    restoreLimits();
    if (!rebuilt) {
        return stop(rebuilt.error());
    }
    if (spec.rebuild) {
        drill.rebuild = *rebuilt;
    }
    saveAfterTest();
    // 4. The bitmap's fast path: a short failure, some writes, back with --re-add.
    if (spec.readd && !cancelled(cancel)) {
        const QString member = drill.failedMembers.first();
        QList<std::pair<QString, QStringList>> steps;
        if (!target->bitmap) {
            steps.append({QStringLiteral("add a write-intent bitmap to %1").arg(target->array),
                          {QStringLiteral("mdadm"), QStringLiteral("--grow"), target->array,
                           QStringLiteral("--bitmap=internal")}});
        }
        steps += QList<std::pair<QString, QStringList>> {
            {QStringLiteral("fail %1 in %2").arg(member, target->array),
             {QStringLiteral("mdadm"), QStringLiteral("--manage"), target->array, QStringLiteral("--fail"), member}},
            {QStringLiteral("remove %1 from %2").arg(member, target->array),
             {QStringLiteral("mdadm"), QStringLiteral("--manage"), target->array, QStringLiteral("--remove"), member}}};
        for (const auto& [what, argv] : std::as_const(steps)) {
            if (auto ok = drillCommand(executor, built, what, argv, progress, cancel); !ok) {
                return stop(ok.error());
            }
        }
        // Writes while it is out: the bitmap marks what the re-added member misses. The gate first: the
        // degraded array is still made of the build's disks.
        auto verified = verifyTarget(m_options.executor.gate.get(), built);
        if (!verified) {
            return stop(verified.error());
        }
        IoJob job;
        job.target = built.device;
        job.verified = *verified;
        job.pattern = IoPattern::Write;
        job.blockSize = 1u << 20;
        job.queueDepth = 4;
        job.sizeLimit = 64u << 20;
        job.destroyData = true;
        CampaignProgress writing = progress;
        writing.phase = CampaignPhase::Drill;
        writing.testName = QStringLiteral("re-add");
        writing.message = QStringLiteral("%1: writing 64 MiB while %2 is out").arg(config.name, member);
        report(writing);
        runJob(job, writing, cancel);
        if (auto ok = drillCommand(executor, built, QStringLiteral("re-add %1 to %2").arg(member, target->array),
                                   {QStringLiteral("mdadm"), QStringLiteral("--manage"), target->array,
                                    QStringLiteral("--re-add"), member},
                                   progress, cancel);
            !ok) {
            return stop(ok.error());
        }
        auto readded =
            followRebuild(QStringLiteral("re-add"), {target->array}, {member}, spec, progress, monitor, cancel, {});
        if (!readded) {
            return stop(readded.error());
        }
        drill.readd = *readded;
    }
    drill.status = cancelled(cancel) ? RunState::Cancelled : RunState::Completed;
}

} // namespace RaidBench

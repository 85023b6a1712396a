#include "campaign/failuredrill.h"

#include "util/errorcodes.h"
#include "util/units.h"

#include <QFileInfo>

#include <thread>

namespace RaidBench {

namespace {

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

FailureDrill::FailureDrill(Context context, ConfigResult& config, const BuiltArray& built, BuildExecutor& executor,
                           CampaignProgress progress, const std::atomic_bool* cancel, const ResourceMonitor* monitor)
    : m_context(std::move(context))
    , m_config(config)
    , m_drill(*config.drill)
    , m_built(built)
    , m_executor(executor)
    , m_progress(progress)
    , m_cancel(cancel)
    , m_monitor(monitor)
{ }

std::optional<FailureDrill::Target> FailureDrill::target(const ArraySpec& pinnedSpec, const BuiltArray& built,
                                                         const QString& memberNode, const QString& memberName,
                                                         QString* why)
{
    QList<const ArraySpec*> nodes;
    redundantNodes(pinnedSpec, nodes);
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
        if (!memberNode.isEmpty() && !members.contains(memberNode)) {
            continue;
        }
        const BuildObject* object = objectOf(*node, built.objects);
        if (!object || members.contains(QString())) {
            continue;
        }
        Target target;
        target.array = object->device;
        target.level = node->level;
        target.bitmap = node->bitmap == Bitmap::Internal;
        target.members = members;
        if (!memberNode.isEmpty()) {
            target.members.removeAll(memberNode);
            target.members.prepend(memberNode);
        }
        return target;
    }
    *why = !memberNode.isEmpty()
        ? QStringLiteral("%1 is not a member of a redundant array without spares in this layout").arg(memberName)
        : spares ? QStringLiteral("md rebuilds onto a hot spare at once: the drill needs an array without spares")
                 : QStringLiteral("this layout has no array that survives a failed member");
    return std::nullopt;
}

void FailureDrill::stop(const Error& error)
{
    m_drill.status = error.code == ErrorCode::cancelled ? RunState::Cancelled : RunState::Failed;
    m_drill.error = error.message;
}

Result<void> FailureDrill::command(const QString& what, const QStringList& argv, const std::atomic_bool* cancel)
{
    CampaignProgress step = m_progress;
    step.phase = CampaignPhase::Drill;
    step.sayAsIs(what);
    m_context.campaign->report(step);
    auto result = m_executor.runOnBuilt(m_built, what, argv, cancel);
    if (!result) {
        return result.error();
    }
    if (!result->ok()) {
        return makeError(result->cancelled ? ErrorCode::cancelled : ErrorCode::stepFailed,
                         QStringLiteral("%1 failed: %2").arg(what, result->summary()));
    }
    return {};
}

Result<RebuildResult> FailureDrill::follow(const QString& kind, const QStringList& arrays, const QStringList& members,
                                           const std::function<bool()>& quiet)
{
    const DrillSpec& spec = m_drill.spec;
    RebuildResult result;
    result.kind = kind;
    result.array = arrays.join(QStringLiteral(", "));
    result.members = members;
    result.syncSpeedMax = spec.syncSpeedMax;
    result.estimateMemberBytes = spec.estimateMemberBytes;
    QStringList directories;
    for (const QString& array : arrays) {
        const QString directory = m_context.campaign->machine().mdDirectory(array);
        if (directory.isEmpty()) {
            return makeError(ErrorCode::internal, QStringLiteral("%1 is not an md array").arg(array));
        }
        directories.append(directory);
    }
    SyncFollower follower(directories, m_context.campaign->machine());
    QStringList shortNames;
    for (const QString& member : members) {
        shortNames.append(QFileInfo(QFileInfo(member).canonicalFilePath()).fileName());
    }
    CampaignProgress progress = m_progress;
    progress.phase = CampaignPhase::Drill;
    progress.testName = kind;
    const auto sampled = [&](const SyncPoint& point) {
        if (quiet && quiet()) {
            return; // the foreground test tells its own progress meanwhile
        }
        progress.fraction = point.fraction;
        progress.liveBwBytes = point.bytesPerSecond;
        const QString done = QString::number(point.fraction * 100, 'f', 1);
        if (shortNames.isEmpty()) {
            progress.say(QT_TRANSLATE_NOOP("CampaignProgress", "%1: %2 of the array, %3 % at %4"),
                         {progress.configName, kind, done, Units::formatMBps(point.bytesPerSecond)});
        } else {
            progress.say(QT_TRANSLATE_NOOP("CampaignProgress", "%1: %2 of %3, %4 % at %5"),
                         {progress.configName, kind, shortNames.join(QStringLiteral(", ")), done,
                          Units::formatMBps(point.bytesPerSecond)});
        }
        m_context.campaign->report(progress);
    };
    const ResourceSample before = m_monitor ? m_monitor->sample() : ResourceSample();
    SyncTimeline partial;
    auto timeline = follower.follow(m_cancel, &partial, sampled);
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
    for (const QString& member : members) {
        const std::optional<double> speed = writeSpeed(member);
        if (speed && *speed > 0) {
            slowest = slowest ? std::min(*slowest, *speed) : *speed;
        }
    }
    if (slowest && result.bytes > 0 && wholeMember) {
        result.predictedSeconds = double(result.bytes) / *slowest;
    }
    explainPace(result, before, shortNames);
    if (!timeline) {
        return Error {timeline.error().code, timeline.error().message};
    }
    return result;
}

void FailureDrill::explainPace(RebuildResult& result, const ResourceSample& before, const QStringList& shortNames) const
{
    const DrillSpec& spec = m_drill.spec;
    if (spec.syncSpeedMax && result.bw > 0.9 * double(*spec.syncSpeedMax)) {
        result.limitedBy =
            QStringLiteral("md's sync_speed_max (%1)").arg(Units::formatMBps(double(*spec.syncSpeedMax)));
        result.boundBy = Bound::SyncSpeedMax;
        return;
    }
    if (!m_monitor || result.seconds <= 0) {
        return;
    }
    ResourceUse use;
    m_monitor->accumulate(before, m_monitor->sample(), use);
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
                .arg(busiest, shortNames.contains(busiest) ? QStringLiteral("written") : QStringLiteral("read"),
                     QString::number(qRound(busy * 100)));
    } else {
        result.limitedBy = use.explanation;
    }
}

void FailureDrill::followInitialResync()
{
    QStringList arrays;
    for (const BuildObject& object : m_built.objects) {
        if (object.kind == QLatin1String("md")) {
            arrays.append(object.device);
        }
    }
    auto resync = follow(QStringLiteral("initial-resync"), arrays, {}, {});
    if (!resync) {
        stop(resync.error());
        return;
    }
    m_drill.initialResync = *resync;
    m_context.campaign->saveAfterTest();
}

QString FailureDrill::pinnedNode(const QString& path) const
{
    const PinnedDevice* pin = m_context.campaign->pinOf(path);
    return pin ? pin->node : QString();
}

std::optional<double> FailureDrill::writeSpeed(const QString& node) const
{
    const PinnedDevice* pin = m_context.campaign->pinOf(node);
    const DiskResult* disk = pin && m_context.results ? m_context.results->disk(pin->requested) : nullptr;
    return disk ? disk->writeBw : std::nullopt;
}

void FailureDrill::run(const ArraySpec& pinnedSpec)
{
    const QString member = m_drill.spec.member;
    const QString memberNode = member.isEmpty() ? QString() : pinnedNode(member);
    QString why;
    const auto target = FailureDrill::target(pinnedSpec, m_built, memberNode, member, &why);
    if (!target) {
        m_drill.status = RunState::Failed;
        m_drill.error = why;
        return;
    }
    m_target = *target;
    m_drill.failedArray = m_target.array;
    const MdSyncState state =
        m_context.campaign->machine().readSync(m_context.campaign->machine().mdDirectory(m_target.array));
    if (!state.readable || state.degraded > 0 || state.working()) {
        m_drill.status = RunState::Failed;
        m_drill.error = !state.readable
            ? QStringLiteral("cannot read the state of %1").arg(m_target.array)
            : QStringLiteral("%1 is already %2; the drill starts only on a whole, quiet array")
                  .arg(m_target.array, state.degraded > 0 ? QStringLiteral("degraded") : state.action);
        return;
    }
    for (const auto& step : {&FailureDrill::degrade, &FailureDrill::rebuild, &FailureDrill::readd}) {
        if (auto done = (this->*step)(); !done) {
            return stop(done.error());
        }
    }
    m_drill.status = cancelled() ? RunState::Cancelled : RunState::Completed;
}

void FailureDrill::degradedTests(QList<TestResult>& into, const QString& label)
{
    CampaignProgress progress = m_progress;
    progress.phase = CampaignPhase::Drill;
    progress.configName = QStringLiteral("%1 (%2)").arg(m_config.name, label);
    for (const TestSpec& test : m_context.plan->tests) {
        if (test.isFileTest() || cancelled()) {
            continue;
        }
        TestResult result;
        result.spec = test;
        m_context.tests->runTest(test, result, progress, m_cancel, m_monitor, TestContext::Drill);
        into.append(result);
        m_context.campaign->saveAfterTest();
    }
}

Result<void> FailureDrill::degrade()
{
    const int failures = m_target.level == ArrayLevel::Raid6 && m_target.members.size() >= 4 ? 2 : 1;
    auto fail = [&](const QString& member) {
        return command(
            QStringLiteral("fail %1 in %2").arg(member, m_target.array),
            {QStringLiteral("mdadm"), QStringLiteral("--manage"), m_target.array, QStringLiteral("--fail"), member},
            m_cancel);
    };
    if (auto ok = fail(m_target.members.first()); !ok) {
        return ok;
    }
    m_drill.failedMembers = {m_target.members.first()};
    if (m_drill.spec.degraded) {
        degradedTests(m_drill.degraded, QStringLiteral("degraded"));
        if (failures == 2 && !cancelled()) {
            if (auto ok = fail(m_target.members.at(1)); !ok) {
                return ok;
            }
            m_drill.failedMembers.append(m_target.members.at(1));
            degradedTests(m_drill.degradedTwo, QStringLiteral("two failed"));
        }
    }
    if (cancelled()) {
        return makeError(ErrorCode::cancelled, QStringLiteral("cancelled"));
    }
    return {};
}

Result<void> FailureDrill::setSpeedLimits(bool restore)
{
    const DrillSpec& spec = m_drill.spec;
    for (const auto& [attribute, value] :
         {std::pair {"md/sync_speed_min", spec.syncSpeedMin}, std::pair {"md/sync_speed_max", spec.syncSpeedMax}}) {
        if (!value) {
            continue;
        }
        const QString text = restore ? QStringLiteral("system") : QString::number(*value / 1024);
        const CommandResult written =
            m_context.runner->writeMdAttribute(m_target.array, QLatin1String(attribute), text);
        m_context.campaign->commandLogged(
            StepLog {QStringLiteral("set %1").arg(QLatin1String(attribute)),
                     {QStringLiteral("sysfs"), m_target.array, QLatin1String(attribute), text},
                     written});
        if (!written.ok()) {
            return makeError(ErrorCode::stepFailed, written.summary());
        }
    }
    return {};
}

Result<void> FailureDrill::rebuild()
{
    // Back to the system's limits, whatever happened (the writes are in the log).
    auto restoreLimits = [&] {
        if (auto restored = setSpeedLimits(true); !restored && m_drill.error.isEmpty()) {
            m_drill.error = restored.error().message;
        }
    };
    // Out, wiped and back in as one step that a cancel does not split: a wiped member left out of its
    // array would carry no superblock for the teardown to remove, and its journal would stay.
    for (const QString& member : std::as_const(m_drill.failedMembers)) {
        for (const auto& [what, argv] :
             {std::pair {QStringLiteral("remove %1 from %2").arg(member, m_target.array),
                         QStringList {QStringLiteral("mdadm"), QStringLiteral("--manage"), m_target.array,
                                      QStringLiteral("--remove"), member}},
              std::pair {QStringLiteral("wipe %1").arg(member),
                         QStringList {QStringLiteral("mdadm"), QStringLiteral("--zero-superblock"), member}}}) {
            if (auto ok = command(what, argv, nullptr); !ok) {
                return ok;
            }
        }
    }
    auto limited = setSpeedLimits(false);
    // Every member back at once: md then rebuilds them together (RAID6's two), in one pass.
    if (auto ok = command(
            QStringLiteral("add %1 to %2").arg(m_drill.failedMembers.join(QStringLiteral(" and ")), m_target.array),
            QStringList {QStringLiteral("mdadm"), QStringLiteral("--manage"), m_target.array, QStringLiteral("--add")} +
                m_drill.failedMembers,
            nullptr);
        !ok || !limited) {
        restoreLimits();
        return ok ? limited : ok;
    }
    auto rebuilt = rebuildWithLoad();
    restoreLimits();
    if (!rebuilt) {
        return rebuilt.error();
    }
    if (m_drill.spec.rebuild) {
        m_drill.rebuild = *rebuilt;
    }
    m_context.campaign->saveAfterTest();
    return {};
}

Result<RebuildResult> FailureDrill::rebuildWithLoad()
{
    std::atomic_bool loadRunning {false};
    std::atomic_bool loadStop {false}; // the cancel, or a rebuild that failed: the foreground test ends too
    double loadSeconds = 0; // written by the load's thread, read after it is joined
    std::thread load;
    TestResult loadResult;
    std::optional<TestSpec> foreground;
    if (!m_drill.spec.underLoad.isEmpty()) {
        if (auto test = TestSpec::standard(m_drill.spec.underLoad)) {
            foreground = *test;
        }
    }
    if (foreground) {
        loadResult.spec = *foreground;
        loadRunning = true;
        CampaignProgress progress = m_progress;
        progress.phase = CampaignPhase::Drill;
        progress.configName = QStringLiteral("%1 (rebuilding)").arg(m_config.name);
        load = std::thread([&, progress] {
            const double started = m_context.campaign->machine().seconds();
            m_context.tests->runTest(loadResult.spec, loadResult, progress, &loadStop, nullptr,
                                     TestContext::UnderRebuild);
            loadSeconds = m_context.campaign->machine().seconds() - started;
            loadRunning = false;
        });
    }
    auto rebuilt = follow(QStringLiteral("rebuild"), {m_target.array}, m_drill.failedMembers, [&] {
        loadStop = loadStop || cancelled();
        return loadRunning.load();
    });
    if (!load.joinable()) {
        return rebuilt;
    }
    loadStop = loadStop || !rebuilt;
    load.join();
    m_drill.underLoad = loadResult;
    if (rebuilt) {
        // The rebuild's rate while the foreground test ran: what it had done at the first point after.
        const SyncPoint* atEnd = nullptr;
        for (const SyncPoint& point : std::as_const(rebuilt->timeline)) {
            if (!atEnd && point.seconds >= loadSeconds && point.fraction > 0) {
                atEnd = &point;
            }
        }
        if (atEnd && atEnd->seconds > 0) {
            m_drill.rebuildUnderLoadBw = atEnd->fraction * double(rebuilt->bytes) / atEnd->seconds;
        }
    }
    return rebuilt;
}

Result<void> FailureDrill::readd()
{
    if (!m_drill.spec.readd || cancelled()) {
        return {};
    }
    const QString member = m_drill.failedMembers.first();
    const QString& array = m_target.array;
    QList<std::pair<QString, QStringList>> steps;
    if (!m_target.bitmap) {
        steps.append({QStringLiteral("add a write-intent bitmap to %1").arg(array),
                      {QStringLiteral("mdadm"), QStringLiteral("--grow"), array, QStringLiteral("--bitmap=internal")}});
    }
    steps += QList<std::pair<QString, QStringList>> {
        {QStringLiteral("fail %1 in %2").arg(member, array),
         {QStringLiteral("mdadm"), QStringLiteral("--manage"), array, QStringLiteral("--fail"), member}},
        {QStringLiteral("remove %1 from %2").arg(member, array),
         {QStringLiteral("mdadm"), QStringLiteral("--manage"), array, QStringLiteral("--remove"), member}}};
    for (const auto& [what, argv] : std::as_const(steps)) {
        if (auto ok = command(what, argv, m_cancel); !ok) {
            return ok;
        }
    }
    // Writes while it is out: the bitmap marks what the re-added member misses. The gate first: the
    // degraded array is still made of the build's disks.
    auto verified = verifyTarget(m_context.gate, m_built);
    if (!verified) {
        return verified.error();
    }
    IoJob job;
    job.target = m_built.device;
    job.verified = *verified;
    job.pattern = IoPattern::Write;
    job.blockSize = 1u << 20;
    job.queueDepth = 4;
    job.sizeLimit = 64u << 20;
    job.destroyData = true;
    CampaignProgress writing = m_progress;
    writing.phase = CampaignPhase::Drill;
    writing.testName = QStringLiteral("re-add");
    writing.say(QT_TRANSLATE_NOOP("CampaignProgress", "%1: writing 64 MiB while %2 is out"), {m_config.name, member});
    m_context.campaign->report(writing);
    m_context.campaign->runJob(job, writing, m_cancel);
    if (auto ok = command(
            QStringLiteral("re-add %1 to %2").arg(member, array),
            {QStringLiteral("mdadm"), QStringLiteral("--manage"), array, QStringLiteral("--re-add"), member}, m_cancel);
        !ok) {
        return ok;
    }
    auto readded = follow(QStringLiteral("re-add"), {array}, {member}, {});
    if (!readded) {
        return readded.error();
    }
    m_drill.readd = *readded;
    return {};
}

} // namespace RaidBench

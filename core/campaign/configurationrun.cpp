#include "campaign/configurationrun.h"

#include "arrays/mdsync.h"
#include "campaign/diskbaselines.h"
#include "campaign/filetestsonarray.h"
#include "disks/healthprobe.h"
#include "layout/stripes.h"
#include "system/childprocess.h"
#include "system/invokinguser.h"
#include "util/cancelflag.h"
#include "util/errorcodes.h"
#include "util/statistics.h"
#include "util/units.h"

#include <QFile>
#include <QFileInfo>

#include <sys/sysmacros.h>
#include <unistd.h>

namespace RaidBench {

// One build of a campaign: a configuration (or a stripe cache sweep's configurations on one array)
// built, measured and torn down.

namespace {

void withoutAssumeClean(ArraySpec& spec)
{
    spec.assumeClean = false;
    for (ArraySpec& child : spec.children) {
        withoutAssumeClean(child);
    }
}

/// The size of the device the gate just checked, from sysfs by its device number (0 when unknown).
std::uint64_t checkedDeviceBytes(const VerifiedDevice& device)
{
    QFile size(QStringLiteral("/sys/dev/block/%1:%2/size")
                   .arg(QString::number(major(device.rdev())), QString::number(minor(device.rdev()))));
    if (!size.open(QIODevice::ReadOnly)) {
        return 0;
    }
    return size.readAll().trimmed().toULongLong() * 512;
}

/// A build's progress, said as the campaign's step, and its commands logged with the campaign's.
class BuildSteps final : public BuildObserver
{
public:
    BuildSteps(CampaignServices& campaign, const CampaignProgress& progress)
        : m_campaign(campaign)
        , m_progress(progress)
    { }
    void progressed(const BuildMessage& message, double) override
    {
        CampaignProgress p = m_progress;
        p.say(message.english, message.args);
        m_campaign.report(p);
    }
    void logged(const StepLog& log) override { m_campaign.commandLogged(log); }

private:
    CampaignServices& m_campaign;
    const CampaignProgress& m_progress;
};

} // namespace

ConfigurationRun::ConfigurationRun(Context context)
    : m_context(std::move(context))
    , m_plan(*m_context.plan)
    , m_results(*m_context.results)
    , m_executor(*m_context.executor)
    , m_pins(*m_context.pins)
    , m_unitsDone(*m_context.unitsDone)
    , m_unitsTotal(*m_context.unitsTotal)
    , m_quiet(*m_context.campaign, m_plan.resync)
{ }

Result<IoJob> ConfigurationRun::testJob(const BuiltArray& built, const TestSpec& spec, std::uint32_t blockSize,
                                        int queueDepth) const
{
    // The gate right before every run: the configuration is still the disks it was built from.
    auto target = verifyTarget(m_executor.gate.get(), built);
    if (!target) {
        return target.error();
    }
    IoJob job;
    job.target = built.device;
    job.verified = *target;
    job.pattern = spec.pattern;
    job.readPercent = spec.readPercent;
    job.dsync = spec.dsync;
    job.flushAfter = true; // each test starts with the disks' caches empty of the last one's writes
    job.blockSize = blockSize;
    job.queueDepth = queueDepth;
    job.timeLimitNs = m_plan.timeLimitNs;
    job.sizeLimit = m_plan.sizeLimit;
    job.rampNs = m_plan.rampNs;
    job.destroyData = true;
    if (!spec.sustained && !patternIsRandom(spec.pattern) && m_plan.region != TestRegion::Start) {
        // The plan's region of the array, as its disks' baselines were measured at theirs.
        const std::uint64_t deviceBytes = checkedDeviceBytes(*target);
        if (deviceBytes == 0) {
            // Never run at the start and call it the end.
            return makeError(ErrorCode::ioError,
                             QStringLiteral("cannot read the size of %1 to place the test at its %2")
                                 .arg(built.device, testRegionName(m_plan.region)));
        }
        const RegionRange region = regionRange(m_plan.region, deviceBytes);
        job.offset = region.offset;
        job.length = region.length;
        job.zones = region.zones;
    }
    return job;
}

void ConfigurationRun::sayRun(CampaignProgress& progress, const TestSpec& spec, RunPoint point, int repeat, int maxRuns,
                              bool stable) const
{
    const bool sizeSweep = spec.kind == TestKind::Sweep;
    const bool depthSweep = spec.kind == TestKind::QdSweep;
    progress.repeat = repeat;
    progress.repeats = maxRuns;
    progress.testName = sizeSweep
        ? QStringLiteral("%1, bs %2").arg(spec.name, Units::formatSizeCompact(point.blockSize))
        : depthSweep ? QStringLiteral("%1, QD %2").arg(spec.name, QString::number(point.queueDepth))
                     : spec.name;
    if (stable) {
        progress.say(
            QT_TRANSLATE_NOOP("CampaignProgress", "%1: %2 (run %3, until MB/s vary by at most %4 %, at most %5 runs)"),
            {progress.configName, progress.testName, QString::number(repeat),
             QString::number(m_plan.stable.cvMax * 100, 'g', 3), QString::number(maxRuns)});
    } else {
        progress.say(QT_TRANSLATE_NOOP("CampaignProgress", "%1: %2 (%3/%4)"),
                     {progress.configName, progress.testName, QString::number(repeat), QString::number(maxRuns)});
    }
}

void ConfigurationRun::runTest(const BuiltArray& built, const TestSpec& spec, TestResult& result,
                               CampaignProgress progress, const std::atomic_bool* cancel,
                               const ResourceMonitor* monitor, TestContext context)
{
    ResourceUse use;
    const bool sizeSweep = spec.kind == TestKind::Sweep;
    const bool depthSweep = spec.kind == TestKind::QdSweep;
    const bool underRebuild = context == TestContext::UnderRebuild;
    // The drill's test under a rebuild runs the plan's repeats as they are: a rebuild's pace varies by
    // nature, so waiting for its runs to agree would only run it until the cap.
    const bool stable = m_plan.stable.enabled() && !underRebuild;
    // A sustained write runs once: a second run would find the cache the first one filled.
    const int minRuns = spec.sustained ? 1 : stable ? m_plan.minRuns() : m_plan.repeats;
    const int maxRuns = spec.sustained ? 1 : stable ? m_plan.maxRuns() : m_plan.repeats;
    if (underRebuild) {
        result.duringResync = true; // the failure drill's test under a rebuild: that is the point of it
    }
    for (int point = 0; point < spec.points(); ++point) {
        const std::uint32_t blockSize = sizeSweep ? spec.sweepSizes.at(point) : spec.blockSize;
        const int queueDepth = depthSweep ? spec.sweepDepths.at(point) : spec.queueDepth;
        QList<IoResult> runs;
        QList<double> bandwidths;
        // What a point measured is summarised whichever way it ends: a cancel or a failure keeps the
        // runs that completed (a sweep's earlier points are kept already).
        const auto keepPoint = [&] {
            RunSummary summary = RunSummary::of(runs);
            if (summary.runs == 0) {
                return;
            }
            summary.unstable = stable && summary.cv > m_plan.stable.cvMax && summary.runs >= maxRuns;
            if (sizeSweep) {
                result.sweep.append({blockSize, summary});
            } else if (depthSweep) {
                result.depthSweep.append({queueDepth, summary});
            } else {
                result.summary = summary;
            }
        };
        for (int repeat = 1; repeat <= maxRuns; ++repeat) {
            if (cancelled(cancel)) {
                result.status = RunState::Cancelled;
                keepPoint();
                return;
            }
            if (!underRebuild && !m_quiet.wait(result, progress, cancel)) {
                result.status = RunState::Cancelled;
                keepPoint();
                return;
            }
            auto job = testJob(built, spec, blockSize, queueDepth);
            if (!job) {
                result.status = RunState::Failed;
                result.error = job.error().message;
                keepPoint();
                return;
            }
            std::optional<SettleWatch> settle =
                spec.sustained ? DiskBaselines::sustainedLimits(*job, spec, m_plan) : std::nullopt;
            sayRun(progress, spec, {blockSize, queueDepth}, repeat, maxRuns, stable);
            m_context.campaign->report(progress);
            const ResourceSample before = monitor ? monitor->sample() : ResourceSample();
            const IoResult run = m_context.campaign->runJob(*job, progress, cancel, settle ? &*settle : nullptr);
            if (spec.sustained && repeat == 1) {
                result.sustained = SustainedWrite::fromSamples(run.samples);
                result.sustained.interrupted = run.status != IoStatus::Completed;
            }
            if (monitor && run.status == IoStatus::Completed) {
                monitor->accumulate(before, monitor->sample(), use, double(run.read.bytes), double(run.write.bytes));
                result.resources = use;
            }
            result.runs.append(run);
            runs.append(run);
            if (repeat > minRuns && context == TestContext::Healthy) {
                // Stable mode's runs beyond the fewest the total counted on: both grow, so the
                // campaign's progress neither stalls at 100 % nor jumps.
                ++m_unitsTotal;
                ++m_unitsDone;
            }
            if (run.status == IoStatus::Failed) {
                result.status = RunState::Failed;
                result.error = run.error ? run.error->message : QStringLiteral("failed");
                keepPoint();
                return;
            }
            if (run.status == IoStatus::Cancelled) {
                result.status = RunState::Cancelled;
                keepPoint();
                return;
            }
            bandwidths.append(run.bandwidth());
            if (stable && repeat >= minRuns && coefficientOfVariation(bandwidths) <= m_plan.stable.cvMax) {
                break;
            }
        }
        keepPoint();
    }
}

void ConfigurationRun::applyWriteCache(ConfigResult& config, BuiltArray& built, const QList<PinnedDevice>& pins,
                                       BuildExecutor& executor)
{
    config.writeCaches.clear();
    config.writeCacheNote.clear();
    if (config.writeCacheMode != WriteCacheMode::AsIs) {
        const bool on = config.writeCacheMode == WriteCacheMode::On;
        for (const PinnedDevice& pin : pins) {
            // Journaled before each change; the teardown below (or a recovery) sets each disk back.
            Result<WriteCacheState> set = executor.setWriteCache(built, pin, on);
            if (!set) {
                config.writeCacheNote =
                    QStringLiteral("the write caches stayed as the disks had them: %1").arg(set.error().message);
                const TeardownReport back = executor.restoreWriteCaches(built);
                if (!back.clean()) {
                    config.writeCacheNote += QStringLiteral("; setting them back: %1").arg(back.summary());
                }
                break;
            }
        }
    }
    for (const PinnedDevice& pin : pins) {
        const Result<Disk> disk = m_context.campaign->machine().inspectDisk(pin.node);
        const WriteCacheState state = disk ? HealthProbe::readWriteCache(*disk, *m_context.runner)
                                           : WriteCacheState::unknown(disk.error().message);
        QString path = pin.requested;
        for (const DiskResult& result : std::as_const(m_results.disks)) {
            if (result.name == pin.name) {
                path = result.path;
            }
        }
        config.writeCaches.append({path, state.state});
    }
}

void ConfigurationRun::recordKernelParity()
{
    if (!m_results.host.contains(QStringLiteral("kernel_parity"))) {
        // Printed when the xor and raid6 modules loaded: the first parity array of the boot.
        if (const QJsonObject parity = kernelParitySpeeds(); !parity.isEmpty()) {
            m_results.host.insert(QStringLiteral("kernel_parity"), parity);
        }
    }
}

QStringList ConfigurationRun::kernelNamesOfArrays(const BuiltArray& built)
{
    QStringList names;
    for (const BuildObject& object : built.objects) {
        if (object.kind == QLatin1String("md")) {
            names.append(QFileInfo(object.device).canonicalFilePath().section(QLatin1Char('/'), -1));
        }
    }
    return names;
}

bool ConfigurationRun::measureOnArray(ConfigResult& entry, int index, ConfigResult& first, const OnArray& array,
                                      CampaignProgress& progress, const std::atomic_bool* cancel)
{
    progress.phase = CampaignPhase::Test;
    for (const TestSpec& spec : m_plan.tests) {
        if (spec.isFileTest()) {
            continue; // after the raw-device tests, on a file system
        }
        TestResult result;
        result.spec = spec;
        runTest(array.built, spec, result, progress, cancel, &array.monitor);
        entry.tests.append(result);
        m_unitsDone += spec.units(m_plan.minRuns());
        m_context.campaign->saveAfterTest();
        if (result.status == RunState::Cancelled) {
            return true;
        }
    }
    // The file tests and the drill belong to the group's first configuration; the others of a sweep
    // count them as done.
    const bool leading =
        std::none_of(m_results.configs.begin(), m_results.configs.begin() + index, [&](const ConfigResult& other) {
            return entry.buildGroup >= 0 && other.buildGroup == entry.buildGroup;
        });
    if (!leading) {
        for (const TestSpec& spec : m_plan.tests) {
            m_unitsDone += spec.isFileTest() ? 1 : 0;
        }
    }
    if (leading && m_plan.hasFileTests() && !cancelled(cancel)) {
        FileTestsOnArray({&m_plan, m_context.runner, m_executor.gate.get(), m_context.campaign, &m_quiet, &m_unitsDone})
            .run(entry, array.built, progress, cancel);
    }
    if (leading && array.drill && !cancelled(cancel) && first.drill->status == RunState::Pending) {
        FailureDrill(drillContext(array.built), first, array.built, array.executor, progress, cancel, &array.monitor)
            .run(array.pinnedSpec);
        m_context.campaign->saveAfterTest();
    }
    return false;
}

Result<BuildPlan> ConfigurationRun::planGroupBuild(PinnedSpec& pinned, const QList<int>& group, bool drill)
{
    ConfigResult& config = m_results.configs[group.first()];
    if (drill) {
        config.drill->status = RunState::Pending;
        config.drill->error.clear();
        if (config.drill->spec.initialResync) {
            withoutAssumeClean(pinned.spec); // the first resync is what the drill times
        }
    }
    auto plan = pinnedBuild(pinned, newBuildTag(), PlanOptions {udevIsRunning()});
    if (plan) {
        for (int i : group) {
            m_results.configs[i].commands = plan->commandLines();
        }
    }
    return plan;
}

void ConfigurationRun::measureGroup(const QList<int>& group, const OnArray& array, CampaignProgress& progress,
                                    double started, const std::atomic_bool* cancel)
{
    ConfigResult& config = m_results.configs[group.first()];
    const int builtStripeCache = config.stripeCache > 0 ? config.stripeCache : defaultStripeCache;
    int stripeCacheNow = builtStripeCache;
    bool stop = false;
    for (qsizetype k = 0; k < group.size() && !stop; ++k) {
        ConfigResult& entry = m_results.configs[group.at(k)];
        const double entryStarted = m_context.campaign->machine().seconds();
        progress.configIndex = group.at(k) + 1;
        progress.configName = entry.name;
        entry.device = array.built.device;
        entry.writeCaches = config.writeCaches;
        entry.writeCacheNote = config.writeCacheNote;
        if (k > 0) {
            entry.status = RunState::Running;
            if (cancelled(cancel)) {
                break;
            }
            if (auto set = setStripeCache(array.built, entry.stripeCache, entry.commands); !set) {
                entry.status = RunState::Failed;
                entry.error = set.error().message;
                continue;
            }
            stripeCacheNow = entry.stripeCache;
        }
        stop = measureOnArray(entry, group.at(k), config, array, progress, cancel);
        entry.seconds = m_context.campaign->machine().seconds() - (k == 0 ? started : entryStarted);
    }
    if (stripeCacheNow != builtStripeCache) {
        // md forgets the cache when the array stops; set back first all the same, as the build left it.
        if (auto back = setStripeCache(array.built, builtStripeCache, config.commands);
            !back && config.error.isEmpty()) {
            config.error = back.error().message;
        }
    }
}

void ConfigurationRun::run(const QList<int>& group, const std::atomic_bool* cancel)
{
    const double started = m_context.campaign->machine().seconds();
    // One build for the group: a configuration of its own, or a stripe cache sweep's configurations,
    // each measured on the same array with its own cache.
    for (int i : group) {
        m_results.configs[i].resetForRun();
    }
    ConfigResult& config = m_results.configs[group.first()];
    config.status = RunState::Running;
    const auto failAll = [&](RunState status, const QString& error) {
        for (int i : group) {
            m_results.configs[i].status = status;
            m_results.configs[i].error = error;
            m_results.configs[i].seconds = m_context.campaign->machine().seconds() - started;
        }
    };
    CampaignProgress progress;
    progress.phase = CampaignPhase::Build;
    progress.configIndex = group.first() + 1;
    progress.configName = config.name;
    progress.say(QT_TRANSLATE_NOOP("CampaignProgress", "building %1 (%2)"), {config.name, config.spec.describe()});
    m_context.campaign->report(progress);

    const bool drill = config.drill && config.drill->status != RunState::Skipped;
    auto pinned = DeviceGate::bindSpec(config.spec, m_pins);
    auto plan = pinned ? planGroupBuild(*pinned, group, drill) : Result<BuildPlan>(pinned.error());
    if (!plan) {
        failAll(RunState::Failed, plan.error().message);
        return;
    }
    BuildSteps steps(*m_context.campaign, progress);
    BuildExecutor executor(*m_context.runner, m_executor, &steps);
    auto built = executor.build(*plan, cancel);
    if (!built) {
        failAll(built.error().code == ErrorCode::cancelled ? RunState::Cancelled : RunState::Failed,
                built.error().message);
        return;
    }
    recordKernelParity();
    // How busy the member disks and md's threads are while each test runs: which one set the pace.
    QStringList memberNames;
    for (const PinnedDevice& pin : std::as_const(pinned->pins)) {
        memberNames.append(pin.name);
    }
    const QStringList mdDevices = kernelNamesOfArrays(*built);
    const ResourceMonitor monitor(memberNames, mdDevices, m_context.monitorRoot);
    m_quiet.setArrays(mdDevices);
    if (drill && config.drill->spec.initialResync) {
        // Timed from its start: nothing before.
        FailureDrill(drillContext(*built), config, *built, executor, progress, cancel, &monitor).followInitialResync();
    }
    // The caches as the plan asks, after the first resync (reading and setting them takes a moment the
    // resync's timing must not lose) and before the first test.
    applyWriteCache(config, *built, pinned->pins, executor);
    const OnArray onArray {*built, pinned->spec, executor, monitor, drill};
    measureGroup(group, onArray, progress, started, cancel);
    progress.phase = CampaignPhase::Teardown;
    progress.say(QT_TRANSLATE_NOOP("CampaignProgress", "tearing down %1"), {config.name});
    m_context.campaign->report(progress);
    m_quiet.setArrays({});
    const double teardownStarted = m_context.campaign->machine().seconds();
    const TeardownReport teardown = executor.teardown(*built);
    // Each configuration's own time; the build counts for the first and the teardown for the last, so
    // that a sweep's times add up to the group's.
    if (group.size() == 1) {
        config.seconds = m_context.campaign->machine().seconds() - started;
    } else {
        m_results.configs[group.last()].seconds += m_context.campaign->machine().seconds() - teardownStarted;
    }
    settleGroup(group, teardown, cancel);
}

void ConfigurationRun::settleGroup(const QList<int>& group, const TeardownReport& teardown,
                                   const std::atomic_bool* cancel)
{
    for (int i : group) {
        ConfigResult& entry = m_results.configs[i];
        bool anyFailed = false;
        for (const TestResult& test : entry.tests) {
            anyFailed = anyFailed || test.status == RunState::Failed;
        }
        if (entry.status == RunState::Pending) {
            entry.status = cancelled(cancel) ? RunState::Cancelled : RunState::Pending;
        } else if (cancelled(cancel)) {
            entry.status = RunState::Cancelled;
        } else if (!teardown.clean()) {
            // What kept it from going first (a file system that would not unmount names who holds it).
            entry.status = RunState::Failed;
            entry.error = (entry.error.isEmpty() ? QString() : entry.error + QStringLiteral("; ")) +
                QStringLiteral("teardown: %1").arg(teardown.summary());
        } else if (!entry.error.isEmpty()) {
            entry.status = RunState::Failed; // e.g. the file system would not unmount
        } else if (anyFailed) {
            entry.status = RunState::Failed;
            for (const TestResult& test : entry.tests) {
                if (test.status == RunState::Failed) {
                    entry.error = QStringLiteral("%1: %2").arg(test.spec.name, test.error);
                    break;
                }
            }
        } else {
            entry.status = RunState::Completed;
        }
    }
}

Result<void> ConfigurationRun::setStripeCache(const BuiltArray& built, int stripes, QStringList& commands)
{
    // Every parity array of the build: the md objects created with --level=raid4, raid5 or raid6.
    for (const BuildStep& step : built.plan.steps) {
        if (!step.creates || step.creates->kind != QLatin1String("md")) {
            continue;
        }
        const bool parity = step.argv.contains(QStringLiteral("--level=raid4")) ||
            step.argv.contains(QStringLiteral("--level=raid5")) || step.argv.contains(QStringLiteral("--level=raid6"));
        if (!parity) {
            continue;
        }
        const QString value = QString::number(stripes);
        const CommandResult written =
            m_context.runner->writeMdAttribute(step.creates->device, QStringLiteral("md/stripe_cache_size"), value);
        m_context.campaign->commandLogged(
            StepLog {QStringLiteral("set the stripe cache of %1 to %2 stripes").arg(step.creates->name, value),
                     {QStringLiteral("sysfs"), step.creates->device, QStringLiteral("md/stripe_cache_size"), value},
                     written});
        commands.append(QStringLiteral("echo %1 > /sys/block/$(basename $(readlink -f %2))/md/stripe_cache_size")
                            .arg(value, step.creates->device));
        if (!written.ok()) {
            return makeError(ErrorCode::stepFailed,
                             QStringLiteral("setting the stripe cache of %1 to %2: %3")
                                 .arg(step.creates->device, value, written.summary()));
        }
    }
    return {};
}

FailureDrill::Context ConfigurationRun::drillContext(const BuiltArray& built)
{
    m_drillBuilt = &built;
    FailureDrill::Context context;
    context.plan = &m_plan;
    context.runner = m_context.runner;
    context.gate = m_executor.gate.get();
    context.campaign = m_context.campaign;
    context.results = &m_results;
    context.tests = this;
    return context;
}

void ConfigurationRun::runTest(const TestSpec& spec, TestResult& result, CampaignProgress progress,
                               const std::atomic_bool* cancel, const ResourceMonitor* monitor, TestContext where)
{
    runTest(*m_drillBuilt, spec, result, progress, cancel, monitor, where);
}

} // namespace RaidBench

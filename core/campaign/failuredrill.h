#pragma once

#include "arrays/buildexecutor.h"
#include "arrays/mdsync.h"
#include "campaign/campaignprogress.h"
#include "campaign/campaignservices.h"
#include "engine/ioengine.h"
#include "plan/campaignplan.h"
#include "results/campaignresults.h"
#include "results/resourceuse.h"
#include "util/cancelflag.h"
#include "util/result.h"

#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <optional>

namespace RaidBench {

/// Where a test runs: a configuration's own tests (their runs count in the campaign's progress), the
/// failure drill's degraded tests, or the drill's test during a rebuild (labelled, never waited for,
/// run the plan's repeats without stable mode).
enum class TestContext { Healthy, Drill, UnderRebuild };

/// The failure drill of one configuration: fail a member (two for RAID6), measure the degraded array,
/// take the member out, wipe it, add it back and time the rebuild from sysfs (with a foreground test
/// during it, speed limits, the bitmap's re-add), and leave the array whole again for the teardown.
/// Also times a new array's first resync. It runs on a built array through the campaign's executor, so
/// every command passes the gate; what it needs of the campaign is its Context.
class FailureDrill
{
public:
    /// The tests of the configuration the drill runs on: a test on the built array, run as the plan says.
    class Tests
    {
    public:
        virtual ~Tests() = default;
        virtual void runTest(const TestSpec& spec, TestResult& result, CampaignProgress progress,
                             const std::atomic_bool* cancel, const ResourceMonitor* monitor, TestContext where) = 0;
    };
    /// What the drill uses of the campaign it runs in.
    struct Context
    {
        const CampaignPlan* plan = nullptr; ///< the tests the degraded array runs
        CommandRunner* runner = nullptr; ///< md's speed limits are written through it
        const DeviceGate* gate = nullptr; ///< the re-add's writes: the degraded array checked first
        /// The campaign: md's sysfs and the clock a rebuild is followed on, the pinned disks, progress,
        /// saves (after each step that measured something), commands logged and engine runs.
        CampaignServices* campaign = nullptr;
        /// The members' own write speeds: the campaign's baselines.
        const CampaignResults* results = nullptr;
        Tests* tests = nullptr;
    };

    /// The drill of `config` (its DrillResult is filled) on `built`, run through `executor`.
    FailureDrill(Context context, ConfigResult& config, const BuiltArray& built, BuildExecutor& executor,
                 CampaignProgress progress, const std::atomic_bool* cancel, const ResourceMonitor* monitor);

    /// The whole drill on the array `pinnedSpec` was built as. Its status and error say how it ended.
    void run(const ArraySpec& pinnedSpec);
    /// Times the first resync of the arrays just built (before anything else runs on them).
    void followInitialResync();

    /// Which array the drill fails a member of, and its members.
    struct Target
    {
        QString array; ///< the md device a member is failed in
        ArrayLevel level = ArrayLevel::Raid1;
        QStringList members; ///< its active members, the one to fail first
        bool bitmap = false; ///< it has a write-intent bitmap already
    };
    /// The first redundant array of `pinnedSpec` without spares (the one holding `memberNode` when the
    /// plan names a member, `memberName` in the plan); none with `why` set.
    static std::optional<Target> target(const ArraySpec& pinnedSpec, const BuiltArray& built, const QString& memberNode,
                                        const QString& memberName, QString* why);

private:
    bool cancelled() const { return RaidBench::cancelled(m_cancel); }
    void stop(const Error& error);
    /// One mdadm step on the built array, through the executor (the gate checks it right before).
    Result<void> command(const QString& what, const QStringList& argv, const std::atomic_bool* cancel);
    /// The plan's raw-device tests on the degraded array, into `into`.
    void degradedTests(QList<TestResult>& into, const QString& label);
    /// Step 1: a member failed (two for RAID6), the plan's tests on what is left.
    Result<void> degrade();
    /// Step 2: the failed members out, wiped (new disks) and back; the rebuild followed (with a
    /// foreground test meanwhile) under the drill's speed limits, which are set back after.
    Result<void> rebuild();
    /// md's sync_speed_min and _max as the drill asks, or back to the system's (`restore`).
    Result<void> setSpeedLimits(bool restore);
    /// The foreground test during the rebuild, on its own thread; empty when the drill has none.
    Result<RebuildResult> rebuildWithLoad();
    /// Step 3: the bitmap's fast path: a short failure, writes meanwhile, back with --re-add.
    Result<void> readd();
    Result<RebuildResult> follow(const QString& kind, const QStringList& arrays, const QStringList& members,
                                 const std::function<bool()>& quiet);
    /// The pinned node of a plan disk (its path in the plan), or empty.
    QString pinnedNode(const QString& path) const;
    /// A member's own write speed (bytes/s) from the campaign's baselines, by its pinned node.
    std::optional<double> writeSpeed(const QString& node) const;
    /// What set a rebuild's pace: md's limit, a member disk, or neither.
    void explainPace(RebuildResult& result, const ResourceSample& before, const QStringList& shortNames) const;

    Context m_context;
    ConfigResult& m_config;
    DrillResult& m_drill;
    const BuiltArray& m_built;
    BuildExecutor& m_executor;
    CampaignProgress m_progress;
    const std::atomic_bool* m_cancel;
    const ResourceMonitor* m_monitor;
    Target m_target;
};

} // namespace RaidBench

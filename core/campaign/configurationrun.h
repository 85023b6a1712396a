#pragma once

#include "arrays/buildexecutor.h"
#include "arrays/mdsync.h"
#include "campaign/campaignprogress.h"
#include "campaign/campaignservices.h"
#include "campaign/failuredrill.h"
#include "campaign/quietarrays.h"
#include "disks/disk.h"
#include "engine/ioengine.h"
#include "plan/campaignplan.h"
#include "results/campaignresults.h"
#include "results/resourceuse.h"
#include "results/sustainedwrite.h"
#include "util/result.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <atomic>
#include <utility>

namespace RaidBench {

/// One build of a campaign: a configuration, or the configurations of a stripe cache sweep, built on
/// the pinned disks, each measured on it (its tests, with repeats or until stable, waiting for md to be
/// quiet before each run; for the group's first, the file tests and the failure drill), then torn
/// down, each configuration's status settled. What it uses of the campaign is its Context.
class ConfigurationRun : private FailureDrill::Tests
{
public:
    /// What a configuration's run uses of the campaign it runs in.
    struct Context
    {
        const CampaignPlan* plan = nullptr;
        CampaignResults* results = nullptr; ///< its configurations are filled in here
        const QList<PinnedDevice>* pins = nullptr; ///< the plan's disks, pinned by the campaign
        CommandRunner* runner = nullptr;
        const BuildExecutor::Options* executor = nullptr; ///< the gate, the journal, the seams of a build
        QString monitorRoot; ///< the /proc and /sys the resource monitor reads (empty: /)
        /// The campaign: the machine, the pinned disks, engine runs, progress, saves and commands logged.
        CampaignServices* campaign = nullptr;
        /// The campaign's progress count: units done, and the total (stable mode's extra runs add to both).
        int* unitsDone = nullptr;
        int* unitsTotal = nullptr;
    };

    explicit ConfigurationRun(Context context);

    /// Builds the first configuration of `group` (indices of the results' configurations that share one
    /// build), measures each on it, tears it down.
    void run(const QList<int>& group, const std::atomic_bool* cancel);

private:
    /// The build plan of `group` on its pinned disks (with a drill that times the first resync, md
    /// resyncs it), its commands recorded in each configuration of the group.
    Result<BuildPlan> planGroupBuild(PinnedSpec& pinned, const QList<int>& group, bool drill);
    /// What one build gives the configurations measured on it.
    struct OnArray
    {
        const BuiltArray& built;
        const ArraySpec& pinnedSpec;
        BuildExecutor& executor;
        const ResourceMonitor& monitor;
        bool drill = false; ///< the group's first configuration has a failure drill to run
    };
    /// run()'s part for each configuration of the group (`index` in the results' configurations;
    /// `first` the group's first): its tests on the array and, for the first, the file tests and the
    /// drill. True when a test was cancelled: the group stops.
    bool measureOnArray(ConfigResult& entry, int index, ConfigResult& first, const OnArray& array,
                        CampaignProgress& progress, const std::atomic_bool* cancel);
    /// run()'s part on the built array: each configuration of the group measured in turn (a sweep's
    /// stripe cache set before each, and set back after), timed from `started` for the first.
    void measureGroup(const QList<int>& group, const OnArray& array, CampaignProgress& progress, double started,
                      const std::atomic_bool* cancel);
    /// Sets every member's write cache as the configuration asks (journaled; set back at teardown)
    /// and records each member's state; a disk that cannot be changed leaves all as they were, said why.
    void applyWriteCache(ConfigResult& config, BuiltArray& built, const QList<PinnedDevice>& pins,
                         BuildExecutor& executor);
    /// Sets md's stripe cache of every parity array of the build (logged, and added to `commands`).
    Result<void> setStripeCache(const BuiltArray& built, int stripes, QStringList& commands);
    /// One run's job of `spec` on `built` (at `blockSize` and `queueDepth`, in the plan's region), the
    /// array checked by the gate right before.
    Result<IoJob> testJob(const BuiltArray& built, const TestSpec& spec, std::uint32_t blockSize, int queueDepth) const;
    /// One point of a test: its block size and queue depth (a sweep's own, else the test's).
    struct RunPoint
    {
        std::uint32_t blockSize = 0;
        int queueDepth = 0;
    };
    /// Says which run of which test (and point) runs now, in `progress`.
    void sayRun(CampaignProgress& progress, const TestSpec& spec, RunPoint point, int repeat, int maxRuns,
                bool stable) const;
    /// Runs an I/O or sweep test: each point `repeats` times, or until stable; before each run it waits
    /// for the configuration's arrays to stop resyncing, or labels the result.
    void runTest(const BuiltArray& built, const TestSpec& spec, TestResult& result, CampaignProgress progress,
                 const std::atomic_bool* cancel, const ResourceMonitor* monitor = nullptr,
                 TestContext context = TestContext::Healthy);
    /// What the failure drill of a configuration built as `built` uses of this run.
    FailureDrill::Context drillContext(const BuiltArray& built);
    /// FailureDrill::Tests: runTest() on the array drillContext() was last given.
    void runTest(const TestSpec& spec, TestResult& result, CampaignProgress progress, const std::atomic_bool* cancel,
                 const ResourceMonitor* monitor, TestContext where) override;
    /// run()'s parts: the parity speeds the kernel printed (once a boot), the md arrays of a build by
    /// their kernel names (md127), and each configuration's status once the group is down.
    void recordKernelParity();
    static QStringList kernelNamesOfArrays(const BuiltArray& built);
    void settleGroup(const QList<int>& group, const TeardownReport& teardown, const std::atomic_bool* cancel);

    Context m_context;
    const CampaignPlan& m_plan;
    CampaignResults& m_results;
    const BuildExecutor::Options& m_executor;
    const QList<PinnedDevice>& m_pins;
    int& m_unitsDone;
    int& m_unitsTotal;
    const BuiltArray* m_drillBuilt = nullptr; ///< the array the drill's tests run on
    QuietArrays m_quiet; ///< the md arrays (md127) of the build being measured
};

} // namespace RaidBench

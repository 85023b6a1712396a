#pragma once

#include "arrays/buildexecutor.h"
#include "arrays/mdsync.h"
#include "campaign/campaignprogress.h"
#include "campaign/diskbaselines.h"
#include "campaign/failuredrill.h"
#include "disks/disk.h"
#include "engine/ioengine.h"
#include "layout/presets.h"
#include "results/campaignplan.h"
#include "results/campaignresults.h"
#include "results/resultssink.h"
#include "util/result.h"

#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>

namespace RaidBench {

/// RaidBench's main job: measure each member disk, then for each configuration build it, run the
/// tests (with repeats), tear it down, and write the results after every test and configuration. A failed
/// configuration is recorded and the campaign goes on; a cancel tears down what stands and keeps
/// everything measured.
class CampaignRunner
{
public:
    struct Options
    {
        QString resultsPath;
        mode_t resultsMode = 0644; ///< the helper's: 0600 (serials, the user's command and its output)
        /// Where results go when the results file cannot be written; empty: the temporary directory.
        /// Made private (0700) when first used.
        QString fallbackDirectory;
        bool resume = false;
        CommandRunner* runner = nullptr;
        BuildExecutor::Options executor;
        /// Seams: the engine's runs and a disk's facts. Empty: the real engine and DiskScanner. A unit
        /// test runs whole campaigns in-process with its own (tst_campaignrunner).
        std::function<IoResult(const IoJob&, const std::atomic_bool*, const IoEngine::ProgressCallback&)> runIo;
        std::function<QList<IoResult>(const QList<IoJob>&, const std::atomic_bool*, const IoEngine::ProgressCallback&)>
            runIoTogether;
        std::function<Result<Disk>(const QString& node)> inspectDisk;
        /// Seams of md's sysfs: an array's md directory (/dev/md/NAME -> /sys/block/md127/md), the
        /// state read there, and the sleep and clock a resync or rebuild is followed with. Empty: the
        /// real ones. A unit test runs the failure drill in-process with recorded states.
        std::function<QString(const QString& device)> mdDirectory;
        SyncFollower::Reader readSync;
        SyncFollower::Sleeper syncSleep;
        SyncFollower::Clock syncClock;
        /// Seam of the resource monitor: the root its /proc and /sys are read under (empty: /). A unit
        /// test gives it a tree whose counters its fake I/O moves.
        QString monitorRoot;
    };
    struct Callbacks
    {
        std::function<void(const CampaignProgress&)> progress;
        std::function<void(const StepLog&)> commandLogged;
        /// After every save: the results as written (the helper streams them to its client).
        std::function<void(const CampaignResults&)> saved;
    };

    CampaignRunner(CampaignPlan plan, Options options, Callbacks callbacks = {});
    /// Not copied or moved: its results sink reports through this very object.
    CampaignRunner(const CampaignRunner&) = delete;
    CampaignRunner& operator=(const CampaignRunner&) = delete;

    /// Checks everything before anything is touched: every disk passes the device gate (and is pinned:
    /// everything later runs on the pinned node, re-verified before each destructive step), presets fit
    /// the disk count, trees are valid, the results path is writable (and for --resume, readable, of
    /// these very disks, and naming only them). Fills the configurations and the disks' identities.
    Result<void> prepare();
    /// The disks this campaign will destroy, with model, serial and size (for the confirmation).
    QStringList destroys() const;
    const CampaignResults& results() const { return m_results; }

    /// Runs it. Returns the results (also when configurations failed), or an error when nothing
    /// could run at all. The status says completed or cancelled.
    Result<CampaignResults> run(const std::atomic_bool* cancel = nullptr);

    static QString assumeCleanReason();
    /// The file the results are in: the results path, or the fallback once that could not be written.
    QString savedTo() const { return m_sink.path(); }

private:
    void report(CampaignProgress progress);
    Result<void> save();
    void saveAfterTest();
    /// `message` with how long no I/O on `target` has completed, once that passes 30 s.
    static QString withStall(const QString& message, const QString& target, std::uint64_t stalledNs);
    /// One engine run with its progress reported; with `settle`, stopped once the rate settled (a
    /// sustained write test), which counts as completed.
    IoResult runJob(const IoJob& job, CampaignProgress progress, const std::atomic_bool* cancel,
                    SettleWatch* settle = nullptr);
    /// What the disks' baselines use of this campaign.
    DiskBaselines::Context baselinesContext();
    /// Sets every member's write cache as the configuration asks (journaled; set back at teardown)
    /// and records each member's state; a disk that cannot be changed leaves all as they were, said why.
    void applyWriteCache(ConfigResult& config, BuiltArray& built, const QList<PinnedDevice>& pins,
                         BuildExecutor& executor);
    /// Each disk's health and write cache as found, before anything changes them (smartctl reads
    /// only), with what could make it slow; on the run's thread, never the helper's request loop.
    void probeDisks(const std::atomic_bool* cancel);
    /// Builds the first configuration of `group` (indices of m_results.configs that share one build: one
    /// configuration, or a stripe cache sweep's), measures each on it, tears it down.
    void runConfig(const QList<int>& group, const std::atomic_bool* cancel);
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
    /// runConfig()'s part for each configuration of the group (`index` in m_results.configs; `first`
    /// the group's first): its tests on the array and, for the first, the file tests and the drill.
    /// True when a test was cancelled: the group stops.
    bool measureOnArray(ConfigResult& entry, int index, ConfigResult& first, const OnArray& array,
                        CampaignProgress& progress, const std::atomic_bool* cancel);
    /// Sets md's stripe cache of every parity array of the build (logged, and added to `commands`).
    Result<void> setStripeCache(const BuiltArray& built, int stripes, QStringList& commands);
    void runFileTests(ConfigResult& config, const BuiltArray& built, CampaignProgress progress,
                      const std::atomic_bool* cancel);
    /// Who runs `command` tests: the invoking user (SUDO_UID, PKEXEC_UID), root when the plan says
    /// so, else nobody. (-1, -1) = as this process.
    std::pair<int, int> commandUser() const;
    /// One run's job of `spec` on `built` (at `blockSize` and `queueDepth`, in the plan's region), the
    /// array checked by the gate right before.
    Result<IoJob> testJob(const BuiltArray& built, const TestSpec& spec, std::uint32_t blockSize, int queueDepth) const;
    /// Runs an I/O or sweep test: each point `repeats` times, or until stable; before each run it waits
    /// for the configuration's arrays to stop resyncing, or labels the result.
    void runTest(const BuiltArray& built, const TestSpec& spec, TestResult& result, CampaignProgress progress,
                 const std::atomic_bool* cancel, const ResourceMonitor* monitor = nullptr,
                 TestContext context = TestContext::Healthy);
    /// Waits while an array of the configuration resyncs or recovers, reporting progress (or marks
    /// `result` when the plan says to label); false when cancelled meanwhile.
    bool waitForQuietArrays(TestResult& result, CampaignProgress progress, const std::atomic_bool* cancel);

    /// What the failure drill of a configuration built as `built` uses of this campaign.
    FailureDrill::Context drillContext(const BuiltArray& built);

    /// prepare()'s steps: every disk through the gate (pinned, and described for the presets); the
    /// configurations as they will run (presets resolved, write caches measured both ways and
    /// stripe cache sweeps expanded, drills planned); the results to fill (new, or resumed).
    Result<QList<DiskResult>> pinDisks(QList<PresetDisk>& presetDisks);
    Result<QList<ConfigResult>> expandConfigurations(const QList<PresetDisk>& presetDisks) const;
    /// The drill `config` gets on `spec`: none, pending, or skipped with why; an error when the
    /// configuration asks for a drill its layout cannot have.
    Result<std::optional<DrillResult>> plannedDrill(const ConfigSpec& config, const ArraySpec& spec) const;
    Result<void> startResults(const QList<DiskResult>& disks, const QList<ConfigResult>& configs);
    /// runConfig()'s parts: the parity speeds the kernel printed (once a boot), the md arrays of a
    /// build by their kernel names (md127), and each configuration's status once the group is down.
    void recordKernelParity();
    static QStringList kernelNamesOfArrays(const BuiltArray& built);
    void settleGroup(const QList<int>& group, const TeardownReport& teardown, const std::atomic_bool* cancel);
    /// The seams of Options, or the real engine and DiskScanner when they are empty.
    IoResult runIo(const IoJob& job, const std::atomic_bool* cancel, const IoEngine::ProgressCallback& progress) const;
    QList<IoResult> runIoTogether(const QList<IoJob>& jobs, const std::atomic_bool* cancel,
                                  const IoEngine::ProgressCallback& progress) const;
    Result<Disk> inspectDisk(const QString& node) const;
    QString mdDirectory(const QString& device) const;
    MdSyncState readSync(const QString& mdDirectory) const;
    /// The pin of a plan disk (by the path the plan names it with), or null.
    const PinnedDevice* pinOf(const QString& path) const;
    /// The plan's expected disks (if any) against the disks just pinned: serial, model and size.
    Result<void> checkExpectedDisks(const QList<DiskResult>& disks) const;
    Result<void> checkResume(const CampaignResults& previous, const QList<DiskResult>& disks,
                             const QList<ConfigResult>& configs) const;

    CampaignPlan m_plan;
    Options m_options;
    QList<PinnedDevice> m_pins; ///< the plan's disks, pinned once by prepare()
    Callbacks m_callbacks;
    CampaignResults m_results;
    bool m_prepared = false;
    ResultsSink m_sink;
    QStringList m_mdArrays; ///< the md arrays (md127) of the configuration being measured
    int m_unitsDone = 0;
    int m_unitsTotal = 1;
};

} // namespace RaidBench

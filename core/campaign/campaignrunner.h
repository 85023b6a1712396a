#pragma once

#include "arrays/buildexecutor.h"
#include "arrays/mdsync.h"
#include "campaign/campaignobserver.h"
#include "campaign/campaignprogress.h"
#include "campaign/campaignservices.h"
#include "campaign/campaignsystem.h"
#include "campaign/configurationrun.h"
#include "campaign/diskbaselines.h"
#include "disks/confirmeddisk.h"
#include "disks/disk.h"
#include "engine/ioengine.h"
#include "layout/presets.h"
#include "plan/campaignplan.h"
#include "results/campaignresults.h"
#include "results/resultssink.h"
#include "util/result.h"

#include <QDateTime>
#include <QString>
#include <QStringList>

#include <atomic>
#include <memory>
#include <optional>

namespace RaidBench {

/// RaidBench's main job: measure each member disk, then for each configuration build it, run the
/// tests (with repeats), tear it down, and write the results after every test and configuration. A failed
/// configuration is recorded and the campaign goes on; a cancel tears down what stands and keeps
/// everything measured.
class CampaignRunner : private CampaignServices
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
        /// The plan's disks as the user confirmed them: prepare() refuses a disk that is not the one
        /// confirmed any more (the helper always gives them; root's CLI when it confirmed them earlier).
        std::optional<QList<ConfirmedDisk>> confirmed;
        CommandRunner* runner = nullptr;
        BuildExecutor::Options executor;
        /// The machine measured on (empty: this one, LocalCampaignSystem). A unit test runs whole campaigns
        /// in-process on one that records (tst_campaignrunner).
        std::shared_ptr<const CampaignSystem> system;
        /// Seam of the resource monitor: the root its /proc and /sys are read under (empty: /). A unit
        /// test gives it a tree whose counters its fake I/O moves.
        QString monitorRoot;
    };

    /// `observer`, when given, must outlive the runner.
    CampaignRunner(CampaignPlan plan, Options options, CampaignObserver* observer = nullptr);
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
    /// Those disks as pinned, to confirm a later run on them with (Options::confirmed).
    QList<ConfirmedDisk> confirmations() const;
    const CampaignResults& results() const { return m_results; }

    /// Runs it. Returns the results (also when configurations failed), or an error when nothing
    /// could run at all. The status says completed or cancelled.
    Result<CampaignResults> run(const std::atomic_bool* cancel = nullptr);

    static QString assumeCleanReason();
    /// The file the results are in: the results path, or the fallback once that could not be written.
    QString savedTo() const { return m_sink.path(); }

private:
    // CampaignServices: what the campaign's parts use of it.
    const CampaignSystem& machine() const override { return *m_options.system; }
    const PinnedDevice* pinOf(const QString& path) const override;
    IoResult runJob(const IoJob& job, CampaignProgress progress, const std::atomic_bool* cancel,
                    SettleWatch* settle = nullptr) override;
    void report(CampaignProgress progress) override;
    Result<void> save() override;
    void saveAfterTest() override;
    void commandLogged(const StepLog& log) override;

    /// What the disks' baselines, and each configuration's run, use of this campaign.
    DiskBaselines::Context baselinesContext();
    ConfigurationRun::Context configurationContext();
    /// Each disk's health and write cache as found, before anything changes them (smartctl reads
    /// only), with what could make it slow; on the run's thread, never the helper's request loop.
    void probeDisks(const std::atomic_bool* cancel);

    CampaignPlan m_plan;
    Options m_options;
    QList<PinnedDevice> m_pins; ///< the plan's disks, pinned once by prepare()
    CampaignObserver* m_observer = nullptr;
    CampaignResults m_results;
    bool m_prepared = false;
    ResultsSink m_sink;
    int m_unitsDone = 0;
    int m_unitsTotal = 1;
};

} // namespace RaidBench

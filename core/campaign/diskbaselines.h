#pragma once

#include "campaign/campaignprogress.h"
#include "campaign/campaignservices.h"
#include "disks/devicegate.h"
#include "engine/ioengine.h"
#include "plan/campaignplan.h"
#include "results/campaignresults.h"
#include "results/sustainedwrite.h"
#include "util/result.h"

#include <atomic>
#include <optional>

namespace RaidBench {

/// The disks' own figures before any array is built: each disk alone (SEQ1M QD8 write and read in
/// the plan's region), the disks of each controller and then all of them at once, each disk's
/// sustained write (with a sustained write test in the plan), and each disk read across its surface.
/// Every raw write is preceded by the gate's check of the pinned disk; what is measured goes into the
/// campaign's results and is saved after each disk or group.
class DiskBaselines
{
public:
    /// What the baselines use of the campaign they run in.
    struct Context
    {
        const CampaignPlan* plan = nullptr;
        CampaignResults* results = nullptr; ///< the disks' and groups' figures are filled in here
        const DeviceGate* gate = nullptr;
        /// The campaign: its pinned disks, engine runs, progress and saves.
        CampaignServices* campaign = nullptr;
        /// The campaign's progress count: units done, and the total (which the groups measured together
        /// can lower when a disk's own baseline failed).
        int* unitsDone = nullptr;
        int* unitsTotal = nullptr;
    };

    explicit DiskBaselines(Context context);

    /// Each disk alone: SEQ1M QD8 write, then read (a resumed disk keeps its figures).
    void runAlone(const std::atomic_bool* cancel);
    /// After the disks alone: the disks of each controller, then all of them, at once (each its own
    /// stream), against the sum of their baselines.
    void runTogether(const std::atomic_bool* cancel);
    /// With a sustained write test in the plan: each disk alone, written until its rate settles.
    void runSustained(const std::atomic_bool* cancel);
    /// Each disk read across its surface (the plan's `surface`), read only.
    void runSurfaces(const std::atomic_bool* cancel);

    /// The plan's first sustained write test, or null.
    static const TestSpec* sustainedTest(const CampaignPlan& plan);
    /// Sets a sustained write's start, ramp and limits on `job`; the watch that stops it once its rate
    /// settled (none when the test gives a size).
    static std::optional<SettleWatch> sustainedLimits(IoJob& job, const TestSpec& spec, const CampaignPlan& plan);

private:
    IoResult runJob(const IoJob& job, CampaignProgress progress, const std::atomic_bool* cancel,
                    SettleWatch* settle = nullptr);
    const PinnedDevice* pinOf(const QString& path) const;
    /// A disk's baseline SEQ1M QD8 run in the plan's region, alone or beside others (runTogether()).
    IoJob baselineJob(const PinnedDevice& pin, const VerifiedDevice& verified, IoPattern pattern,
                      std::uint64_t diskBytes) const;
    /// The watch that ends a baseline run alone once its rate settled, with the plan's `baselines_settle`.
    std::optional<SettleWatch> baselineSettle() const;
    /// The engine's jobs for one together-measurement of `group`, each disk freshly checked by the gate;
    /// empty with `group.error` set when one is not the disk it was.
    QList<IoJob> togetherJobs(DisksTogether& group, IoPattern pattern) const;

    Context m_context;
    const CampaignPlan& m_plan;
    CampaignResults& m_results;
    int& m_unitsDone;
    int& m_unitsTotal;
};

} // namespace RaidBench

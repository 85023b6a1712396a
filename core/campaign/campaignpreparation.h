#pragma once

#include "campaign/campaignsystem.h"
#include "disks/devicegate.h"
#include "disks/disk.h"
#include "layout/presets.h"
#include "plan/campaignplan.h"
#include "results/campaignresults.h"
#include "util/result.h"

#include <QList>
#include <QString>

#include <memory>
#include <optional>

namespace RaidBench {

/// A campaign as it will run, before anything is touched: every plan disk through the device gate once
/// (pinned: everything later runs on the pinned node, re-verified before each destructive step), the
/// disks the plan expects checked, the configurations expanded (presets resolved, write caches measured
/// both ways and stripe cache sweeps made configurations of their own, drills planned), and the results
/// to fill: new, or for a resume those of the file, which must be of these very disks and name only the
/// plan's configurations. CampaignRunner::prepare() runs it.
class CampaignPreparation
{
public:
    struct Inputs
    {
        std::shared_ptr<const DeviceGate> gate;
        QString resultsPath;
        bool resume = false;
        /// A disk's facts (controller, transport) by its node, and the time a new results file's creation is
        /// stamped with.
        const CampaignSystem* system = nullptr;
    };
    struct Prepared
    {
        QList<PinnedDevice> pins; ///< the plan's disks, in its order
        CampaignResults results;
    };

    CampaignPreparation(const CampaignPlan& plan, Inputs inputs);

    Result<Prepared> prepare();

private:
    /// Every disk through the gate (pinned, and described for the presets).
    Result<QList<DiskResult>> pinDisks(QList<PresetDisk>& presetDisks);
    /// The plan's expected disks (if any) against the disks just pinned: serial, model and size.
    Result<void> checkExpectedDisks(const QList<DiskResult>& disks) const;
    /// The plan's configurations (every preset the disks allow, with "all"), each with the write cache it
    /// runs with: a configuration measured both ways is two.
    QList<std::pair<ConfigSpec, WriteCacheMode>> wantedConfigurations(const QList<PresetDisk>& presetDisks) const;
    Result<QList<ConfigResult>> expandConfigurations(const QList<PresetDisk>& presetDisks) const;
    /// The drill `config` gets on `spec`: none, pending, or skipped with why; an error when the
    /// configuration asks for a drill its layout cannot have.
    Result<std::optional<DrillResult>> plannedDrill(const ConfigSpec& config, const ArraySpec& spec) const;
    /// The results to fill: new, or the resumed file's with the plan's configurations merged in.
    Result<CampaignResults> startResults(const QList<DiskResult>& disks, const QList<ConfigResult>& configs) const;
    Result<void> checkResume(const CampaignResults& previous, const QList<DiskResult>& disks,
                             const QList<ConfigResult>& configs) const;

    const CampaignPlan& m_plan;
    Inputs m_inputs;
    QList<PinnedDevice> m_pins;
};

} // namespace RaidBench

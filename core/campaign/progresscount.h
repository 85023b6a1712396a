#pragma once

#include "plan/campaignplan.h"

#include <QList>

namespace RaidBench {

/// How a campaign counts its progress, in units: a disk's write or read alone (and its sustained
/// write), a pass of disks measured together, a point of a surface scan, a test run. The runner
/// counts with it and reports the share done; the window draws its rows' bars and the time left
/// from the same count, so the two cannot drift apart.
class ProgressCount
{
public:
    ProgressCount() = default;
    /// The count for `plan` over `disks` disks (the plan's own when -1) that form `togetherGroups`
    /// groups measured together (see togetherGroups()), and `configurations` configurations once
    /// expanded (a write cache measured both ways, a stripe cache sweep; the plan's own when -1).
    static ProgressCount forPlan(const CampaignPlan& plan, int disks = -1, int togetherGroups = 0,
                                 int configurations = -1);

    /// The disks' own row (baselines, together, surface), when the plan measures disks at all.
    bool hasDisksRow() const { return m_disksUnits > 0; }
    int disksUnits() const { return m_disksUnits; }
    int unitsPerConfiguration() const { return m_perConfig; }
    int configurations() const { return m_configs; }
    int total() const { return m_disksUnits + m_configs * m_perConfig; }
    /// The units of each row of a run's queue: the disks' row (if any), then one per configuration.
    QList<int> rowUnits() const;
    /// How much of row `row` is done when `unitsDone` of the whole are: 0 to 1.
    double rowFraction(int row, double unitsDone) const;

    /// One unit's seconds: a test run with its ramp (a surface point's time when nothing is written).
    double unitSeconds() const { return m_unitSeconds; }
    /// Seconds left when `unitsDone` units and `configsDone` configurations are done after
    /// `elapsed` seconds: the units left at their planned time, and each configuration's building
    /// and tearing down at what it took so far (10 s until one is done).
    double remainingSeconds(double unitsDone, int configsDone, double elapsed) const;
    /// The planned seconds of the first `units` units.
    double plannedSeconds(double units) const;

private:
    int m_disksUnits = 0;
    int m_perConfig = 1;
    int m_configs = 0;
    double m_unitSeconds = 0;
    int m_patternUnits = 0; ///< the access patterns' units, which end at m_patternsEnd
    int m_patternsEnd = 0;
    double m_patternSeconds = 0; ///< one of them, ramp included
};

} // namespace RaidBench

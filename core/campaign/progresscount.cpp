#include "campaign/progresscount.h"

#include "campaign/diskpatterns.h"

#include <algorithm>

namespace RaidBench {

ProgressCount ProgressCount::forPlan(const CampaignPlan& plan, int disks, int togetherGroups, int configurations)
{
    ProgressCount count;
    if (disks < 0) {
        disks = int(plan.disks.size());
    }
    bool sustained = false;
    for (const TestSpec& test : plan.tests) {
        sustained = sustained || test.sustained;
    }
    const int perDisk = plan.baselines ? (sustained ? 3 : 2) : 0;
    const int together = plan.baselines && plan.together ? 2 * togetherGroups : 0;
    const int patterns = plan.baselines && plan.patterns ? DiskPatterns::units(disks) : 0;
    count.m_disksUnits = disks * (perDisk + plan.surface.points) + together + patterns;
    // The access patterns run after the disks alone and together, each for at most DiskPatterns' time.
    count.m_patternUnits = patterns;
    count.m_patternsEnd = disks * perDisk + together + patterns;
    count.m_perConfig = plan.unitsPerConfiguration();
    count.m_configs = configurations >= 0 ? configurations : int(plan.configurations.size());
    count.m_unitSeconds =
        plan.writes() ? double(plan.timeLimitNs + plan.rampNs) / 1e9 : double(plan.surface.timeNs) / 1e9;
    // The patterns' runs are shorter than the plan's (two seconds strided, one random): their mean.
    count.m_patternSeconds =
        patterns > 0 ? std::min(count.m_unitSeconds, DiskPatterns::seconds(plan, disks) / patterns) : 0;
    return count;
}

QList<int> ProgressCount::rowUnits() const
{
    QList<int> rows;
    if (hasDisksRow()) {
        rows.append(m_disksUnits);
    }
    for (int i = 0; i < m_configs; ++i) {
        rows.append(m_perConfig);
    }
    return rows;
}

double ProgressCount::rowFraction(int row, double unitsDone) const
{
    const QList<int> rows = rowUnits();
    if (row < 0 || row >= rows.size() || rows.at(row) <= 0) {
        return 0;
    }
    double before = 0;
    for (int i = 0; i < row; ++i) {
        before += rows.at(i);
    }
    return std::clamp((unitsDone - before) / rows.at(row), 0.0, 1.0);
}

double ProgressCount::plannedSeconds(double units) const
{
    // Every unit at the plan's time, but the access patterns' shorter runs at theirs.
    const double start = double(m_patternsEnd - m_patternUnits);
    const double patternsDone = std::clamp(units - start, 0.0, double(m_patternUnits));
    return units * m_unitSeconds - patternsDone * (m_unitSeconds - m_patternSeconds);
}

double ProgressCount::remainingSeconds(double unitsDone, int configsDone, double elapsed) const
{
    // Building and tearing down one configuration: 10 s until the run has shown what it takes here.
    double overhead = 10;
    if (configsDone > 0) {
        overhead = std::max(2.0, (elapsed - plannedSeconds(unitsDone)) / double(configsDone));
    }
    const double unitsLeft = std::max(0.0, plannedSeconds(double(total())) - plannedSeconds(unitsDone));
    return unitsLeft + double(std::max(0, m_configs - configsDone)) * overhead;
}

} // namespace RaidBench

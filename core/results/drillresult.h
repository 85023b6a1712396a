#pragma once

#include "arrays/mdsync.h"
#include "plan/drillspec.h"
#include "results/resourceuse.h"
#include "results/testresult.h"
#include "util/result.h"
#include "util/runstate.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace RaidBench {

/// One resync or rebuild, timed from sysfs once a second (docs/results-format.md "drill").
struct RebuildResult
{
    QString kind; ///< rebuild, re-add, initial-resync
    QString array; ///< the md array that did the work
    QStringList members; ///< the members written
    double seconds = 0;
    std::uint64_t bytes = 0; ///< what md synced (per member)
    double bw = 0; ///< bytes/s: all it synced over all the time it took
    QList<SyncPoint> timeline;
    bool completed = false;
    QString limitedBy; ///< what set the pace, in words
    Bound boundBy = Bound::Unknown; ///< the same for tools
    std::optional<std::uint64_t> syncSpeedMax; ///< bytes/s, when the plan set one
    /// What the slowest member's own write speed predicts (bytes / its baseline), seconds.
    std::optional<double> predictedSeconds;
    /// The measured rate applied to a member of `estimateMemberBytes`: an estimate, not a measurement.
    std::uint64_t estimateMemberBytes = 0;
    std::optional<double> estimateSeconds;

    QJsonObject toJson() const;
    static RebuildResult fromJson(const QJsonObject& json);
};

/// What the failure drill of one configuration found.
struct DrillResult
{
    DrillSpec spec;
    RunState status = RunState::Pending; ///< completed, failed, cancelled, skipped
    QString error; ///< why it failed, or why it was skipped (no redundancy)
    QString failedArray; ///< the md array a member was failed in
    QStringList failedMembers;
    QList<TestResult> degraded; ///< the plan's raw-device tests with one member failed
    QList<TestResult> degradedTwo; ///< RAID6: with two failed
    std::optional<RebuildResult> initialResync;
    std::optional<RebuildResult> rebuild;
    std::optional<RebuildResult> readd;
    std::optional<TestResult> underLoad; ///< the foreground test run during the rebuild
    std::optional<double> rebuildUnderLoadBw; ///< the rebuild's rate while the foreground test ran, bytes/s

    /// A degraded test's median next to the healthy one (the same test id), or none.
    const TestResult* degradedTest(const QString& id) const;
    QJsonObject toJson() const;
    static Result<DrillResult> fromJson(const QJsonObject& json);
};

/// "9 h 40 min" for the rebuild of a member of `bytes` at `bytesPerSecond`.
std::optional<double> rebuildEstimateSeconds(std::uint64_t bytes, double bytesPerSecond);

} // namespace RaidBench

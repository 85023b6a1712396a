#pragma once

#include "engine/ioresult.h"
#include "fs/filetests.h"
#include "plan/campaignplan.h"
#include "results/resourceuse.h"
#include "results/sustainedwrite.h"
#include "util/result.h"
#include "util/runstate.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <cstdint>
#include <optional>
#include <utility>

namespace RaidBench {

/// Min, median, max and mean over the repeats of one test.
struct RunSummary
{
    int runs = 0;
    double bwMin = 0;
    double bwMedian = 0;
    double bwMax = 0;
    double bwMean = 0;
    double iopsMedian = 0;
    double latP50Median = 0;
    double latP99Median = 0;
    /// Coefficient of variation of the runs' MB/s (sample standard deviation over mean); 0 for one run,
    /// -1 where not known (results written before it was kept).
    double cv = -1;
    /// Stable mode ran it as often as allowed and its runs still varied more than the plan's bound.
    bool unstable = false;
    /// A write test's runs, their disks' caches passed (IoResult::writtenThroughBw), the median; none
    /// when a run has no such figure (no flush after it, or it read too).
    std::optional<double> writtenThroughMedian;
    /// What the disks' caches still held at a run's end was more than a twentieth of what it wrote: the
    /// figure counts writes the disks had not yet put on their media (the run was too short to pass
    /// their caches). writtenThroughMedian is what they wrote through.
    bool cachesHeldSome() const { return writtenThroughMedian && *writtenThroughMedian < 0.95 * bwMedian; }

    static RunSummary of(const QList<IoResult>& runs);
    QJsonObject toJson() const;
    static RunSummary fromJson(const QJsonObject& json);
};

/// One test of one configuration: every run's full engine result and their summary.
struct TestResult
{
    TestSpec spec;
    RunState status = RunState::Completed; ///< completed, failed, cancelled
    QString error;
    QString source = QStringLiteral("raidbench"); ///< raidbench, or fio for imported results
    QList<IoResult> runs;
    RunSummary summary; ///< io tests
    QList<std::pair<std::uint32_t, RunSummary>> sweep; ///< sweep tests: block size -> summary
    QList<std::pair<int, RunSummary>> depthSweep; ///< qd-sweep tests: queue depth -> summary
    /// An array of the configuration was resyncing or recovering during at least one run (the plan
    /// said to measure anyway, or the run was the failure drill's test under a rebuild).
    bool duringResync = false;
    /// A file test's outcome (its phases or runs, and details); none for the other kinds.
    std::optional<FileTestResult> file;
    QString filesystem; ///< the file system a file test ran on (ext4, xfs, ...)
    QString fioVersion; ///< for a test imported from fio: the fio that measured it
    std::optional<ResourceUse> resources; ///< how busy the disks and CPU were, and which bounded it
    /// A sustained write test's burst, steady rate and drop (its first run's samples).
    SustainedWrite sustained;

    QJsonObject toJson(bool withSamples = true) const;
    static Result<TestResult> fromJson(const QJsonObject& json);
};

} // namespace RaidBench

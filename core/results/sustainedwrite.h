#pragma once

#include "engine/ioresult.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <cstdint>
#include <vector>

namespace RaidBench {

struct CampaignResults;

/// A write run long enough to fill a disk's cache: its burst rate, the rate it settled at, and where
/// it dropped. An SSD writes fast into its cache (or its SLC area) and then at a fraction of that; a
/// hard disk's write cache takes a burst at the link's speed. A test of the first seconds shows only
/// the burst; what a full backup or a rebuild sees is the steady rate.
struct SustainedWrite
{
    /// A drop counts when the steady rate is below this share of the burst.
    static constexpr double dropRatio = 0.75;

    bool measured = false; ///< enough samples to say anything
    /// The run was cancelled or failed before it settled (or wrote its size): the figures are what it
    /// measured, and a resumed run measures it again.
    bool interrupted = false;
    QString error; ///< why it failed, when it did
    bool dropped = false;
    double burstBw = 0; ///< bytes/s before the drop (the run's first three intervals when none)
    double steadyBw = 0; ///< bytes/s over the last part of the run
    std::uint64_t dropAtBytes = 0; ///< written before the rate fell
    double dropAtSeconds = 0;

    /// From a run's 100 ms samples (IoResult::samples).
    static SustainedWrite fromSamples(const std::vector<IoSample>& samples);
    /// "500.2 MB/s for the first 192 MiB (0.4 s), then 120.1 MB/s: a cache filled" or "121.0 MB/s
    /// throughout: no cache filled".
    QString summary() const;
    QJsonObject toJson() const;
    static SustainedWrite fromJson(const QJsonObject& json);
};

/// Decides, from a running write's progress, when its rate has settled: over the last `window` it
/// varied by at most 5 % around its mean, after at least `minimum` of writing. The runner stops a
/// sustained test there.
class SettleWatch
{
public:
    SettleWatch(std::uint64_t windowNs, std::uint64_t minimumNs);

    /// One progress report: time since the start and bytes written so far. True once settled.
    bool add(std::uint64_t elapsedNs, std::uint64_t bytes);
    bool settled() const { return m_settled; }

private:
    struct Point
    {
        std::uint64_t ns;
        std::uint64_t bytes;
    };
    std::uint64_t m_windowNs;
    std::uint64_t m_minimumNs;
    QList<Point> m_points;
    bool m_settled = false;
};

/// The report's section on sustained write tests; empty when the results have none.
QString sustainedMarkdown(const CampaignResults& results);

} // namespace RaidBench

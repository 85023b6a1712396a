#pragma once

#include "engine/ioresult.h"
#include "engine/latencyhistogram.h"

#include <cstdint>
#include <vector>

namespace RaidBench {

/// Counts completions of a run: bytes, I/Os and a latency histogram for reads and for writes, CPU time, and a bandwidth
/// sample every ~100 ms. Nothing is counted before the ramp ends. Memory is fixed but for the samples,
/// which are thinned (intervals doubled) past `maxSamples` so a run of any length stays bounded.
class IoStats
{
public:
    static constexpr std::uint64_t sampleIntervalNs = 100'000'000;
    static constexpr std::size_t maxSamples = 36'000;

    explicit IoStats(std::uint64_t rampNs);

    void begin(std::uint64_t nowNs);
    /// One I/O done: `latencyNs` from its own submission to its own reap.
    void complete(std::uint64_t latencyNs, std::uint32_t bytes, bool write)
    {
        if (!m_measuring) {
            m_rampBytesWritten += write ? bytes : 0;
            return;
        }
        Direction& direction = m_directions[write ? 1 : 0];
        direction.histogram.record(latencyNs);
        ++direction.ios;
        direction.bytes += bytes;
        m_bytes += bytes;
    }

    struct Tick
    {
        bool rampEnded = false;
        bool sampled = false;
    };
    /// Advances the clock: ends the ramp, takes a sample when one is due.
    Tick tick(std::uint64_t nowNs);
    /// Stops the clock at `endNs` (the last completion, or the end of the final sync). What completed
    /// since the last sample makes a sample of its own, or, in under half an interval, joins the last.
    void finish(std::uint64_t endNs);

    bool measuring() const { return m_measuring; }
    std::uint64_t bytes() const { return m_bytes; }
    std::uint64_t measuredNs(std::uint64_t nowNs) const { return m_measuring ? nowNs - m_measureStart : 0; }
    std::uint64_t rampEndNs() const { return m_rampEnd; }
    double lastSampleBw() const { return m_samples.empty() ? 0.0 : m_samples.back().bwBytes; }

    /// Copies what was measured into `result`.
    void fill(IoResult& result) const;

private:
    void startMeasuring(std::uint64_t nowNs);
    void pushSample(std::uint64_t nowNs);
    /// A tail shorter than half an interval joins the last sample instead of making its own.
    void mergeIntoLastSample(std::uint64_t nowNs);

    std::uint64_t m_rampNs;
    std::uint64_t m_begin = 0;
    std::uint64_t m_rampEnd = 0;
    std::uint64_t m_rampBytesWritten = 0; ///< written during the ramp, counted in no figure
    bool m_measuring = false;
    std::uint64_t m_measureStart = 0;
    std::uint64_t m_end = 0;
    /// Reads and writes apart (a mixed pattern reports each); the totals are their sum.
    struct Direction
    {
        std::uint64_t ios = 0;
        std::uint64_t bytes = 0;
        LatencyHistogram histogram;
    };
    Direction m_directions[2];
    std::uint64_t m_bytes = 0;
    double m_cpuUserStart = 0;
    double m_cpuSysStart = 0;
    double m_cpuUser = 0;
    double m_cpuSys = 0;
    std::uint64_t m_interval = sampleIntervalNs;
    std::uint64_t m_lastSampleAt = 0;
    std::uint64_t m_bytesAtLastSample = 0;
    std::vector<IoSample> m_samples;
};

} // namespace RaidBench

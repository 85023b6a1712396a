#include "engine/iostats.h"

#include <sys/resource.h>

namespace RaidBench {

namespace {
void processCpu(double& user, double& sys)
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    user = double(usage.ru_utime.tv_sec) + double(usage.ru_utime.tv_usec) / 1e6;
    sys = double(usage.ru_stime.tv_sec) + double(usage.ru_stime.tv_usec) / 1e6;
}
} // namespace

IoStats::IoStats(std::uint64_t rampNs)
    : m_rampNs(rampNs)
{ }

void IoStats::begin(std::uint64_t nowNs)
{
    m_begin = nowNs;
    m_rampEnd = nowNs + m_rampNs;
    if (m_rampNs == 0) {
        startMeasuring(nowNs);
    }
}

void IoStats::startMeasuring(std::uint64_t nowNs)
{
    m_measuring = true;
    m_measureStart = nowNs;
    m_lastSampleAt = nowNs;
    m_bytesAtLastSample = 0;
    processCpu(m_cpuUserStart, m_cpuSysStart);
}

IoStats::Tick IoStats::tick(std::uint64_t nowNs)
{
    Tick tick;
    if (!m_measuring) {
        if (nowNs >= m_rampEnd) {
            startMeasuring(nowNs);
            tick.rampEnded = true;
        }
        return tick;
    }
    if (nowNs - m_lastSampleAt >= m_interval) {
        pushSample(nowNs);
        tick.sampled = true;
    }
    return tick;
}

void IoStats::pushSample(std::uint64_t nowNs)
{
    const std::uint64_t dt = nowNs - m_lastSampleAt;
    const std::uint64_t bytes = m_bytes - m_bytesAtLastSample;
    m_samples.push_back(IoSample {nowNs - m_measureStart, bytes, dt ? double(bytes) * 1e9 / double(dt) : 0.0});
    m_lastSampleAt = nowNs;
    m_bytesAtLastSample = m_bytes;
    if (m_samples.size() >= maxSamples) {
        // Thin out: merge neighbours, so a long run keeps its whole history at half the resolution.
        std::vector<IoSample> merged;
        merged.reserve(m_samples.size() / 2 + 1);
        for (std::size_t i = 0; i + 1 < m_samples.size(); i += 2) {
            const auto& a = m_samples[i];
            const auto& b = m_samples[i + 1];
            const std::uint64_t start = i == 0 ? 0 : m_samples[i - 1].tNs;
            const std::uint64_t span = b.tNs - start;
            merged.push_back(
                IoSample {b.tNs, a.bytes + b.bytes, span ? double(a.bytes + b.bytes) * 1e9 / double(span) : 0});
        }
        if (m_samples.size() % 2 != 0) {
            merged.push_back(m_samples.back());
        }
        m_samples = std::move(merged);
        m_interval *= 2;
    }
}

void IoStats::mergeIntoLastSample(std::uint64_t nowNs)
{
    // The I/Os in flight when the run stopped complete in a few milliseconds: alone, that tail reads
    // as a spike (a raid10 write's last 8 MiB in 20 ms: 400 MB/s); counted with the interval before
    // it, the rate is what the disks did.
    IoSample& last = m_samples.back();
    const std::uint64_t start = m_samples.size() > 1 ? m_samples[m_samples.size() - 2].tNs : 0;
    last.bytes += m_bytes - m_bytesAtLastSample;
    last.tNs = nowNs - m_measureStart;
    last.bwBytes = last.tNs > start ? double(last.bytes) * 1e9 / double(last.tNs - start) : 0.0;
    m_lastSampleAt = nowNs;
    m_bytesAtLastSample = m_bytes;
}

void IoStats::finish(std::uint64_t endNs)
{
    if (!m_measuring) {
        // The run ended inside its ramp: nothing was measured, and that is what the result says.
        m_end = endNs;
        return;
    }
    m_end = endNs;
    if (m_bytes != m_bytesAtLastSample && endNs > m_lastSampleAt) {
        if (!m_samples.empty() && endNs - m_lastSampleAt < m_interval / 2) {
            mergeIntoLastSample(endNs);
        } else {
            pushSample(endNs);
        }
    }
    double user = 0;
    double sys = 0;
    processCpu(user, sys);
    m_cpuUser = user - m_cpuUserStart;
    m_cpuSys = sys - m_cpuSysStart;
}

static LatencySummary summarise(const LatencyHistogram& histogram)
{
    LatencySummary latency;
    latency.min = histogram.min();
    latency.p50 = histogram.percentile(50);
    latency.p90 = histogram.percentile(90);
    latency.p99 = histogram.percentile(99);
    latency.p999 = histogram.percentile(99.9);
    latency.max = histogram.max();
    latency.mean = histogram.mean();
    return latency;
}

void IoStats::fill(IoResult& result) const
{
    const Direction& reads = m_directions[0];
    const Direction& writes = m_directions[1];
    LatencyHistogram all = reads.histogram;
    all.merge(writes.histogram);
    result.bytes = m_bytes;
    result.bytesRead = reads.bytes;
    result.bytesWritten = writes.bytes;
    result.ios = reads.ios + writes.ios;
    result.elapsedNs = m_measuring ? m_end - m_measureStart : 0;
    result.measureStartNs = m_measuring ? m_measureStart : 0;
    result.latency = summarise(all);
    result.read = IoDirectionResult {reads.bytes, reads.ios, summarise(reads.histogram), reads.histogram.bins()};
    result.write = IoDirectionResult {writes.bytes, writes.ios, summarise(writes.histogram), writes.histogram.bins()};
    result.cpuUserS = m_cpuUser;
    result.cpuSysS = m_cpuSys;
    result.samples = m_samples;
    result.rampBytesWritten = m_rampBytesWritten;
    result.rampElapsedNs = m_measuring ? m_measureStart - m_begin : 0;
}

} // namespace RaidBench

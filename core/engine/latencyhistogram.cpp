#include "engine/latencyhistogram.h"

#include <algorithm>
#include <cmath>

namespace RaidBench {

void LatencyHistogram::record(std::uint64_t ns, std::uint64_t n)
{
    if (n == 0) {
        return;
    }
    m_buckets[bucketIndex(ns)] += n;
    m_count += n;
    m_sum += ns * n;
    m_min = std::min(m_min, ns);
    m_max = std::max(m_max, ns);
}

void LatencyHistogram::merge(const LatencyHistogram& other)
{
    for (int i = 0; i < bucketCount; ++i) {
        m_buckets[i] += other.m_buckets[i];
    }
    m_count += other.m_count;
    m_sum += other.m_sum;
    m_min = std::min(m_min, other.m_min);
    m_max = std::max(m_max, other.m_max);
}

void LatencyHistogram::clear()
{
    m_buckets.fill(0);
    m_count = 0;
    m_sum = 0;
    m_min = UINT64_MAX;
    m_max = 0;
}

std::uint64_t LatencyHistogram::bucketLow(int index)
{
    if (index < 2 * subCount) {
        return std::uint64_t(index);
    }
    const int group = index / subCount - 1;
    const std::uint64_t mantissa = std::uint64_t(index % subCount + subCount);
    return mantissa << group;
}

std::uint64_t LatencyHistogram::bucketHigh(int index)
{
    if (index < 2 * subCount) {
        return std::uint64_t(index);
    }
    const int group = index / subCount - 1;
    const std::uint64_t mantissa = std::uint64_t(index % subCount + subCount);
    return ((mantissa + 1) << group) - 1;
}

std::vector<std::pair<std::uint64_t, std::uint64_t>> LatencyHistogram::bins() const
{
    std::vector<std::pair<std::uint64_t, std::uint64_t>> bins;
    for (int i = 0; i < bucketCount; ++i) {
        if (m_buckets[i]) {
            bins.emplace_back(bucketLow(i) + (bucketHigh(i) - bucketLow(i)) / 2, m_buckets[i]);
        }
    }
    return bins;
}

std::uint64_t LatencyHistogram::percentile(double percent) const
{
    if (m_count == 0) {
        return 0;
    }
    const double clamped = std::clamp(percent, 0.0, 100.0);
    std::uint64_t rank = std::uint64_t(std::ceil(clamped / 100.0 * double(m_count)));
    rank = std::clamp<std::uint64_t>(rank, 1, m_count);
    std::uint64_t seen = 0;
    for (int i = 0; i < bucketCount; ++i) {
        seen += m_buckets[i];
        if (seen >= rank) {
            const std::uint64_t mid = bucketLow(i) + (bucketHigh(i) - bucketLow(i)) / 2;
            return std::clamp(mid, min(), m_max);
        }
    }
    return m_max;
}

} // namespace RaidBench

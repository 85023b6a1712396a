#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace RaidBench {

/// Log-linear histogram of latencies in nanoseconds: 64 linear sub-buckets per power of two, so any
/// percentile it reports is within 1/64 (1.6 %) of the true value. Fixed size, no per-I/O storage.
class LatencyHistogram
{
public:
    static constexpr int subBits = 6;
    static constexpr int subCount = 1 << subBits;
    static constexpr int bucketCount = (64 - subBits) * subCount + 2 * subCount;

    void record(std::uint64_t ns)
    {
        ++m_buckets[bucketIndex(ns)];
        ++m_count;
        m_sum += ns;
        if (ns < m_min) {
            m_min = ns;
        }
        if (ns > m_max) {
            m_max = ns;
        }
    }
    /// Adds `n` samples of the same value.
    void record(std::uint64_t ns, std::uint64_t n);
    void merge(const LatencyHistogram& other);
    void clear();

    std::uint64_t count() const { return m_count; }
    std::uint64_t min() const { return m_count ? m_min : 0; }
    std::uint64_t max() const { return m_max; }
    double mean() const { return m_count ? double(m_sum) / double(m_count) : 0.0; }
    /// The value below which `percent` % of samples fall (nearest-rank), clamped to [min, max].
    std::uint64_t percentile(double percent) const;

    static int bucketIndex(std::uint64_t ns)
    {
        if (ns < std::uint64_t(2 * subCount)) {
            return int(ns);
        }
        const int msb = 63 - __builtin_clzll(ns);
        const int group = msb - subBits;
        return group * subCount + int(ns >> group);
    }
    static std::uint64_t bucketLow(int index);
    static std::uint64_t bucketHigh(int index);
    /// The buckets that hold samples, each as its middle value and its count, shortest first: what fio's
    /// json+ output calls `bins`.
    std::vector<std::pair<std::uint64_t, std::uint64_t>> bins() const;

private:
    std::array<std::uint64_t, bucketCount> m_buckets {};
    std::uint64_t m_count = 0;
    std::uint64_t m_sum = 0;
    std::uint64_t m_min = UINT64_MAX;
    std::uint64_t m_max = 0;
};

} // namespace RaidBench

#pragma once

#include <cstdint>
#include <time.h>

namespace RaidBench {

/// CLOCK_MONOTONIC in nanoseconds: the clock every measured interval is taken on (the engine's I/O,
/// the file tests' phases, the resource monitor's samples), so intervals from each line up.
inline std::uint64_t monotonicNs()
{
    timespec ts {};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return std::uint64_t(ts.tv_sec) * 1'000'000'000ull + std::uint64_t(ts.tv_nsec);
}

} // namespace RaidBench

#pragma once

#include "engine/iojob.h"
#include "util/random.h"

#include <cstdint>
#include <vector>

namespace RaidBench {

/// One I/O to issue: where, how long, which direction.
struct IoRequest
{
    std::uint64_t offset = 0;
    std::uint32_t length = 0;
    bool write = false;
};

/// Decides the next I/O of a job (sequential with wrap-around, optionally hopping between equal parts
/// of the range (`IoJob::zones`), or uniformly random block offsets) and
/// when to stop issuing: after `size` bytes, or one pass over the range when neither size nor time is
/// set; with only a time limit it never runs dry and the caller stops on the clock.
class IoScheduler
{
public:
    IoScheduler(const IoJob& job, std::uint64_t rangeStart, std::uint64_t rangeLength, std::uint64_t seed);

    bool next(IoRequest& request);
    /// Starts the byte budget again (the ramp is over; what was issued during it does not count).
    void restartBudget();
    std::uint64_t budget() const { return m_budget; }
    std::uint64_t issuedBytes() const { return m_issued; }

private:
    IoPattern m_pattern;
    int m_readPercent;
    std::uint32_t m_blockSize;
    std::uint64_t m_rangeStart;
    std::uint64_t m_rangeLength;
    std::uint64_t m_blocks;
    std::uint64_t m_budget;
    std::uint64_t m_issued = 0;
    std::uint64_t m_position = 0;
    std::uint32_t m_strideBlocks = 0;
    std::uint32_t m_skipBlocks = 0;
    std::uint32_t m_strideLeft = 0; ///< blocks before the next gap
    // Spread across the range: where each part goes on, which part is being read and how much of its
    // visit is left.
    std::uint64_t m_zoneBytes = 0;
    std::uint64_t m_visitBytes = 0;
    std::uint32_t m_zone = 0;
    std::uint64_t m_visitLeft = 0;
    std::vector<std::uint64_t> m_zonePositions;
    FastRandom m_random;

    std::uint64_t nextSequential();
    /// After a block at `position` (within its part or the range): the gap, when a stride says one is due.
    void skipAfter(std::uint64_t& position);
};

} // namespace RaidBench

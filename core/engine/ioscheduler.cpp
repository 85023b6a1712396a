#include "engine/ioscheduler.h"

#include <algorithm>
#include <limits>

namespace RaidBench {

IoScheduler::IoScheduler(const IoJob& job, std::uint64_t rangeStart, std::uint64_t rangeLength, std::uint64_t seed)
    : m_pattern(job.pattern)
    , m_readPercent(job.readPercent)
    , m_blockSize(job.blockSize)
    , m_rangeStart(rangeStart)
    , m_rangeLength(rangeLength)
    , m_blocks(rangeLength / job.blockSize)
    , m_strideBlocks(job.strideBlocks)
    , m_skipBlocks(job.skipBlocks)
    , m_strideLeft(job.strideBlocks)
    , m_random(seed)
{
    if (job.sizeLimit != 0) {
        m_budget = job.sizeLimit - job.sizeLimit % job.blockSize;
    } else if (job.timeLimitNs != 0) {
        m_budget = std::numeric_limits<std::uint64_t>::max();
    } else {
        m_budget = rangeLength;
    }
    // Parts of whole blocks; a range too small for the parts is one sequential pass.
    const std::uint64_t zoneBlocks = job.zones > 1 ? m_blocks / job.zones : 0;
    if (!patternIsRandom(job.pattern) && zoneBlocks > 0) {
        m_zoneBytes = zoneBlocks * job.blockSize;
        m_visitBytes = std::max<std::uint64_t>(IoJob::zoneVisitBytes / job.blockSize, 1) * job.blockSize;
        m_visitLeft = m_visitBytes;
        m_zonePositions.assign(job.zones, 0);
    }
}

std::uint64_t IoScheduler::nextSequential()
{
    if (m_zonePositions.empty()) {
        if (m_position + m_blockSize > m_rangeLength) {
            m_position = 0;
        }
        const std::uint64_t offset = m_rangeStart + m_position;
        m_position += m_blockSize;
        skipAfter(m_position);
        return offset;
    }
    if (m_visitLeft == 0) {
        m_zone = (m_zone + 1) % std::uint32_t(m_zonePositions.size());
        m_visitLeft = m_visitBytes;
    }
    std::uint64_t& position = m_zonePositions[m_zone];
    if (position + m_blockSize > m_zoneBytes) {
        position = 0;
    }
    const std::uint64_t offset = m_rangeStart + std::uint64_t(m_zone) * m_zoneBytes + position;
    position += m_blockSize;
    m_visitLeft -= m_blockSize;
    skipAfter(position);
    return offset;
}

void IoScheduler::skipAfter(std::uint64_t& position)
{
    if (m_strideBlocks == 0 || --m_strideLeft > 0) {
        return;
    }
    // The gap is never transferred; past the end, the next block wraps to the start as any would.
    position += std::uint64_t(m_skipBlocks) * m_blockSize;
    m_strideLeft = m_strideBlocks;
}

bool IoScheduler::next(IoRequest& request)
{
    if (m_issued >= m_budget) {
        return false;
    }
    request.length = m_blockSize;
    switch (m_pattern) {
    case IoPattern::Write:
    case IoPattern::Read:
    case IoPattern::ReadWrite:
        request.offset = nextSequential();
        break;
    case IoPattern::RandWrite:
    case IoPattern::RandRead:
    case IoPattern::RandReadWrite:
        request.offset = m_rangeStart + m_random.below(m_blocks) * m_blockSize;
        break;
    }
    switch (m_pattern) {
    case IoPattern::Write:
    case IoPattern::RandWrite:
        request.write = true;
        break;
    case IoPattern::Read:
    case IoPattern::RandRead:
        request.write = false;
        break;
    case IoPattern::ReadWrite:
    case IoPattern::RandReadWrite:
        request.write = int(m_random.below(100)) >= m_readPercent;
        break;
    }
    m_issued += m_blockSize;
    return true;
}

void IoScheduler::restartBudget()
{
    m_issued = 0;
}

} // namespace RaidBench

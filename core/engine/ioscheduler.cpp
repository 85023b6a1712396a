#include "engine/ioscheduler.h"

#include <limits>

namespace RaidBench {

IoScheduler::IoScheduler(const IoJob& job, std::uint64_t rangeStart, std::uint64_t rangeLength, std::uint64_t seed)
    : m_pattern(job.pattern)
    , m_readPercent(job.readPercent)
    , m_blockSize(job.blockSize)
    , m_rangeStart(rangeStart)
    , m_rangeLength(rangeLength)
    , m_blocks(rangeLength / job.blockSize)
    , m_random(seed)
{
    if (job.sizeLimit != 0) {
        m_budget = job.sizeLimit - job.sizeLimit % job.blockSize;
    } else if (job.timeLimitNs != 0) {
        m_budget = std::numeric_limits<std::uint64_t>::max();
    } else {
        m_budget = rangeLength;
    }
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
        if (m_position + m_blockSize > m_rangeLength) {
            m_position = 0;
        }
        request.offset = m_rangeStart + m_position;
        m_position += m_blockSize;
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

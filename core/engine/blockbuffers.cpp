#include "engine/blockbuffers.h"

#include "util/errnotext.h"
#include "util/errorcodes.h"
#include "util/random.h"

#include <QFile>
#include <QList>
#include <QString>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <sys/mman.h>

namespace RaidBench {

namespace {

/// Blocks larger than this span more than one segment of a typical queue (max_segment_size 64 KiB) even
/// when physically contiguous, and more than 128 segments (the common max_segments) from 4 KiB pages at
/// 512 KiB and up, which splits each I/O into several requests. Huge pages keep them physically contiguous.
constexpr std::uint32_t hugePageMinBlock = 128u << 10;

} // namespace

BlockBuffers::~BlockBuffers()
{
    if (m_mapping) {
        munmap(m_mapping, m_mappingBytes);
    }
}

Result<void> BlockBuffers::allocate(int count, std::uint32_t blockSize, DataPattern data, std::uint64_t seed)
{
    m_bytes = std::size_t(count) * blockSize;
    // Large blocks go into transparent huge pages where the kernel offers them (madvise mode is
    // Debian's default): a 1 MiB block in 4 KiB pages is 256 scattered segments, which the block layer
    // splits into two requests on most queues (max_segments 128); in a huge page it is one request.
    // The mapping is padded so that the buffers start on a huge-page boundary; untouched padding
    // costs nothing, and at most one huge page more than the buffers is ever faulted in.
    const bool huge = blockSize >= hugePageMinBlock;
    const std::size_t hugeSpan = (m_bytes + hugePageSize - 1) / hugePageSize * hugePageSize;
    m_mappingBytes = huge ? hugeSpan + hugePageSize : m_bytes;
    void* mapping = mmap(nullptr, m_mappingBytes, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS | (huge ? 0 : MAP_POPULATE), -1, 0);
    if (mapping == MAP_FAILED) {
        const int err = errno;
        m_bytes = 0;
        m_mappingBytes = 0;
        return makeError(ErrorCode::outOfMemory,
                         QStringLiteral("cannot allocate %1 bytes of I/O buffers: %2")
                             .arg(std::uint64_t(count) * blockSize)
                             .arg(errnoText(err)));
    }
    m_mapping = static_cast<char*>(mapping);
    m_base = m_mapping;
    if (huge) {
        const auto address = reinterpret_cast<std::uintptr_t>(m_mapping);
        m_base = m_mapping + (hugePageSize - address % hugePageSize) % hugePageSize;
        // Advice, not a requirement: where the kernel has no huge page to give, 4 KiB pages serve.
        madvise(m_base, hugeSpan, MADV_HUGEPAGE);
        // Fault the buffers in now, after the advice (MAP_POPULATE would have done it before); random
        // data is written below, which faults them in as well.
        if (data != DataPattern::Random) {
            std::memset(m_base, 0, m_bytes);
        }
    }
    m_count = count;
    m_blockSize = blockSize;
    m_data = data;
    m_seed = seed;
    if (data == DataPattern::Random) {
        FastRandom random(seed);
        auto* words = reinterpret_cast<std::uint64_t*>(m_base);
        const std::size_t wordCount = m_bytes / sizeof(std::uint64_t);
        for (std::size_t i = 0; i < wordCount; ++i) {
            words[i] = random.next();
        }
    }
    return {};
}

std::uint64_t BlockBuffers::hugePageBytes() const
{
    // /proc/self/smaps lists each mapping ("start-end perms ...") followed by its counters; the
    // advice may have split ours in up to three. Sum AnonHugePages over those that hold buffers.
    QFile smaps(QStringLiteral("/proc/self/smaps"));
    if (!m_base || !smaps.open(QIODevice::ReadOnly)) {
        return 0;
    }
    const auto first = reinterpret_cast<std::uintptr_t>(m_base);
    const std::uintptr_t last = first + m_bytes;
    bool inside = false;
    std::uint64_t total = 0;
    const QList<QByteArray> lines = smaps.readAll().split('\n');
    for (const QByteArray& line : lines) {
        const int dash = line.indexOf('-');
        const int space = line.indexOf(' ');
        if (dash > 0 && space > dash && line.at(space - 1) != ':') {
            bool okStart = false;
            bool okEnd = false;
            const std::uintptr_t start = line.left(dash).toULongLong(&okStart, 16);
            const std::uintptr_t end = line.mid(dash + 1, space - dash - 1).toULongLong(&okEnd, 16);
            inside = okStart && okEnd && start < last && end > first;
        } else if (inside && line.startsWith("AnonHugePages:")) {
            total += line.mid(14).trimmed().split(' ').value(0).toULongLong() * 1024;
        }
    }
    return std::min<std::uint64_t>(total, m_bytes);
}

void BlockBuffers::stamp(int index, std::uint64_t offset)
{
    if (m_data != DataPattern::Random) {
        return;
    }
    constexpr std::uint32_t piece = 4096;
    char* block = buffer(index);
    for (std::uint32_t at = 0; at < m_blockSize; at += piece) {
        const std::uint64_t words[2] = {m_seed ^ (offset + at), ++m_sequence};
        std::memcpy(block + at, words, sizeof(words));
    }
}

} // namespace RaidBench

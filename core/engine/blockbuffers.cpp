#include "engine/blockbuffers.h"

#include "util/random.h"

#include <QString>

#include <cerrno>
#include <cstring>
#include <sys/mman.h>

namespace RaidBench {

BlockBuffers::~BlockBuffers()
{
    if (m_base) {
        munmap(m_base, m_bytes);
    }
}

Result<void> BlockBuffers::allocate(int count, std::uint32_t blockSize, DataPattern data, std::uint64_t seed)
{
    m_bytes = std::size_t(count) * blockSize;
    void* base = mmap(nullptr, m_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
    if (base == MAP_FAILED) {
        const int err = errno;
        m_bytes = 0;
        return makeError(QStringLiteral("out-of-memory"),
                         QStringLiteral("cannot allocate %1 bytes of I/O buffers: %2")
                             .arg(std::uint64_t(count) * blockSize)
                             .arg(QString::fromLocal8Bit(strerror(err))));
    }
    m_base = static_cast<char*>(base);
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

#pragma once

#include "engine/iojob.h"
#include "util/result.h"

#include <cstdint>
#include <vector>

namespace RaidBench {

/// The engine's only large memory: queue-depth buffers of one block each, page aligned (so aligned for
/// O_DIRECT on any device; huge-page aligned for blocks of 128 KiB and more), filled with
/// incompressible data or zeros.
class BlockBuffers
{
public:
    /// The transparent huge page size on x86-64, the boundary large buffers are aligned to.
    static constexpr std::size_t hugePageSize = 2u << 20;

    BlockBuffers() = default;
    ~BlockBuffers();
    BlockBuffers(const BlockBuffers&) = delete;
    BlockBuffers& operator=(const BlockBuffers&) = delete;

    Result<void> allocate(int count, std::uint32_t blockSize, DataPattern data, std::uint64_t seed);

    int count() const { return m_count; }
    std::uint32_t blockSize() const { return m_blockSize; }
    char* buffer(int index) const { return m_base + std::size_t(index) * m_blockSize; }
    /// How many bytes of the buffers the kernel backs with transparent huge pages (asked for blocks of
    /// 128 KiB and more), as /proc/self/smaps counts them; 0 when it gave none.
    std::uint64_t hugePageBytes() const;

    /// Makes buffer `index` unlike any block written before it in this run, at a cost of 16 bytes per
    /// 4 KiB: the offset and a sequence number over random content, so no two blocks (or 4 KiB pieces)
    /// are alike and neither compression nor deduplication can flatter the result. No-op for zeros.
    void stamp(int index, std::uint64_t offset);

private:
    char* m_mapping = nullptr;
    std::size_t m_mappingBytes = 0;
    char* m_base = nullptr;
    std::size_t m_bytes = 0;
    int m_count = 0;
    std::uint32_t m_blockSize = 0;
    DataPattern m_data = DataPattern::Random;
    std::uint64_t m_seed = 0;
    std::uint64_t m_sequence = 0;
};

} // namespace RaidBench

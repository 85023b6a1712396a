#pragma once

#include <cstdint>

namespace RaidBench {

/// xoshiro256** seeded through SplitMix64: fast, good enough for offsets and incompressible data.
class FastRandom
{
public:
    explicit FastRandom(std::uint64_t seed) { reseed(seed); }

    void reseed(std::uint64_t seed)
    {
        for (auto& word : m_state) {
            seed += 0x9e3779b97f4a7c15ull;
            std::uint64_t z = seed;
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
            word = z ^ (z >> 31);
        }
    }

    std::uint64_t next()
    {
        const std::uint64_t result = rotl(m_state[1] * 5, 7) * 9;
        const std::uint64_t t = m_state[1] << 17;
        m_state[2] ^= m_state[0];
        m_state[3] ^= m_state[1];
        m_state[1] ^= m_state[2];
        m_state[0] ^= m_state[3];
        m_state[2] ^= t;
        m_state[3] = rotl(m_state[3], 45);
        return result;
    }

    /// Uniform in [0, bound) without division (Lemire's multiply-shift).
    std::uint64_t below(std::uint64_t bound)
    {
        __extension__ using Wide = unsigned __int128;
        return std::uint64_t(Wide(next()) * bound >> 64);
    }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t m_state[4];
};

} // namespace RaidBench

#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>

namespace RaidBench {

/// For I/O that blocks in its call (the engine's synchronous path): a read or write the disk never
/// answers holds its thread, and the progress that thread would report, until the kernel gives up.
/// A thread of its own checks every `intervalNs`; while one call has been in flight for longer than
/// two intervals, it calls `report` with how long. Without `report`, no thread is started.
class StallWatch
{
public:
    StallWatch(std::uint64_t intervalNs, std::function<void(std::uint64_t stalledNs)> report);
    ~StallWatch();
    StallWatch(const StallWatch&) = delete;
    StallWatch& operator=(const StallWatch&) = delete;

    /// A call starts (CLOCK_MONOTONIC, monotonicNs()), and has ended.
    void begin(std::uint64_t at) { m_since = at; }
    void end() { m_since = 0; }

private:
    void watch();

    const std::uint64_t m_intervalNs;
    const std::function<void(std::uint64_t)> m_report;
    std::atomic<std::uint64_t> m_since = 0;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stop = false;
    std::thread m_thread;
};

} // namespace RaidBench

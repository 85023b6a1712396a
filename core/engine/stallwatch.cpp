#include "engine/stallwatch.h"

#include "util/monotonicclock.h"

#include <chrono>
#include <system_error>

namespace RaidBench {

StallWatch::StallWatch(std::uint64_t intervalNs, std::function<void(std::uint64_t stalledNs)> report)
    : m_intervalNs(intervalNs)
    , m_report(std::move(report))
{
    if (m_report) {
        try {
            m_thread = std::thread([this] { watch(); });
        } catch (const std::system_error&) {
            // Without a thread, a stall goes unsaid; the I/O itself is unchanged.
        }
    }
}

StallWatch::~StallWatch()
{
    {
        const std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable()) {
        m_thread.join();
    }
}

void StallWatch::watch()
{
    std::unique_lock lock(m_mutex);
    while (!m_wake.wait_for(lock, std::chrono::nanoseconds(m_intervalNs), [this] { return m_stop; })) {
        const std::uint64_t since = m_since.load();
        const std::uint64_t now = monotonicNs();
        if (since != 0 && now >= since + 2 * m_intervalNs) {
            m_report(now - since);
        }
    }
}

} // namespace RaidBench

#include "helper/helperjobs.h"

#include "util/errorcodes.h"

#include <vector>

namespace RaidBench {

HelperJobs::Exclusive::Exclusive(HelperJobs* jobs)
    : m_jobs(jobs)
{ }

HelperJobs::Exclusive::Exclusive(Exclusive&& other) noexcept
    : m_jobs(std::exchange(other.m_jobs, nullptr))
{ }

HelperJobs::Exclusive::~Exclusive()
{
    if (m_jobs) {
        std::lock_guard lock(m_jobs->m_mutex);
        m_jobs->m_exclusive = false;
    }
}

HelperJobs::HelperJobs(int maxWorkers)
    : m_maxWorkers(maxWorkers)
{ }

HelperJobs::~HelperJobs()
{
    cancelAll();
    joinAll();
}

std::optional<HelperJobs::Exclusive> HelperJobs::tryExclusive()
{
    std::lock_guard lock(m_mutex);
    if (m_exclusive) {
        return std::nullopt;
    }
    m_exclusive = true;
    return Exclusive(this);
}

void HelperJobs::reapFinished(std::unique_lock<std::mutex>& lock)
{
    std::vector<std::shared_ptr<Job>> finished;
    for (auto it = m_jobs.begin(); it != m_jobs.end();) {
        if (it.value()->done->load()) {
            finished.push_back(it.value());
            it = m_jobs.erase(it);
        } else {
            ++it;
        }
    }
    lock.unlock();
    for (const auto& job : finished) {
        if (job->thread.joinable()) {
            job->thread.join();
        }
    }
    lock.lock();
}

Result<void> HelperJobs::start(qint64 id, std::function<void(const std::atomic_bool*)> work,
                               std::optional<Exclusive> token, std::function<void()> after)
{
    std::unique_lock lock(m_mutex);
    reapFinished(lock);
    if (m_jobs.contains(id)) {
        return makeError(ErrorCode::duplicateId, QStringLiteral("request %1 is still running").arg(id));
    }
    if (int(m_jobs.size()) >= m_maxWorkers) {
        return makeError(ErrorCode::busy,
                         QStringLiteral("%1 operations are running; wait for one to end").arg(m_maxWorkers));
    }
    auto job = std::make_shared<Job>();
    job->cancel = std::make_shared<std::atomic_bool>(false);
    job->done = std::make_shared<std::atomic_bool>(false);
    m_jobs.insert(id, job);
    job->thread = std::thread([cancel = job->cancel, done = job->done, work = std::move(work), token = std::move(token),
                               after = std::move(after)]() mutable {
        {
            auto held = std::move(token); // released as soon as the work is done
            work(cancel.get());
        }
        if (after) {
            after();
        }
        done->store(true);
    });
    return {};
}

bool HelperJobs::isRunning(qint64 id) const
{
    std::lock_guard lock(m_mutex);
    const auto job = m_jobs.value(id);
    return job && !job->done->load();
}

bool HelperJobs::cancel(qint64 id)
{
    std::lock_guard lock(m_mutex);
    const auto job = m_jobs.value(id);
    if (!job || job->done->load()) {
        return false;
    }
    job->cancel->store(true);
    return true;
}

void HelperJobs::cancelAll()
{
    std::lock_guard lock(m_mutex);
    for (const auto& job : std::as_const(m_jobs)) {
        job->cancel->store(true);
    }
}

void HelperJobs::joinAll()
{
    std::unique_lock lock(m_mutex);
    const QHash<qint64, std::shared_ptr<Job>> jobs = std::exchange(m_jobs, {});
    lock.unlock();
    for (const auto& job : jobs) {
        if (job->thread.joinable()) {
            job->thread.join();
        }
    }
}

int HelperJobs::running() const
{
    std::lock_guard lock(m_mutex);
    int count = 0;
    for (const auto& job : m_jobs) {
        count += job->done->load() ? 0 : 1;
    }
    return count;
}

} // namespace RaidBench

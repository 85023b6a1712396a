#pragma once

#include "util/result.h"

#include <QHash>

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

namespace RaidBench {

/// The helper's running operations, in one place: at most one operation that changes disks at a time
/// (an RAII token), a bounded number of worker threads, a cancel flag per request; finished workers
/// are joined as new ones start and when the session ends.
class HelperJobs
{
public:
    /// Held by the one operation that may change disks; released when it is destroyed.
    class Exclusive
    {
    public:
        Exclusive(Exclusive&& other) noexcept;
        Exclusive& operator=(Exclusive&&) = delete;
        Exclusive(const Exclusive&) = delete;
        Exclusive& operator=(const Exclusive&) = delete;
        ~Exclusive();

    private:
        friend class HelperJobs;
        explicit Exclusive(HelperJobs* jobs);
        HelperJobs* m_jobs = nullptr;
    };

    explicit HelperJobs(int maxWorkers = 4);
    ~HelperJobs();
    HelperJobs(const HelperJobs&) = delete;
    HelperJobs& operator=(const HelperJobs&) = delete;

    /// The token, or nothing while another operation holds it.
    std::optional<Exclusive> tryExclusive();
    /// Runs `work` on a worker thread with a cancel flag, holding `token` (if any) until it returns, then
    /// `after` (on that thread, the token let go). An error (and nothing run) when the id is running
    /// already or all workers are busy.
    Result<void> start(qint64 id, std::function<void(const std::atomic_bool*)> work,
                       std::optional<Exclusive> token = std::nullopt, std::function<void()> after = {});
    bool isRunning(qint64 id) const;
    /// Sets the request's cancel flag; false when it is not running.
    bool cancel(qint64 id);
    void cancelAll();
    /// Waits for every worker (after cancelAll(), for a shutdown).
    void joinAll();
    int running() const;

private:
    struct Job
    {
        std::shared_ptr<std::atomic_bool> cancel;
        std::shared_ptr<std::atomic_bool> done;
        std::thread thread;
    };
    void reapFinished(std::unique_lock<std::mutex>& lock);

    const int m_maxWorkers;
    mutable std::mutex m_mutex;
    bool m_exclusive = false;
    QHash<qint64, std::shared_ptr<Job>> m_jobs;
};

} // namespace RaidBench

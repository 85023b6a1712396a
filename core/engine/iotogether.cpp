#include "engine/iotogether.h"

#include "util/cancelflag.h"
#include "util/errorcodes.h"
#include "util/monotonicclock.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <system_error>
#include <thread>
#include <vector>

namespace RaidBench {

namespace {

/// One job's latest progress in a run together, written by its thread and read by the caller's.
struct LiveJob
{
    std::atomic<std::uint64_t> bytes = 0;
    std::atomic<std::uint64_t> elapsedNs = 0;
    std::atomic<std::uint64_t> stalledNs = 0;
    std::atomic<double> currentBwBytes = 0;
    std::atomic<double> fraction = -1;
    std::atomic_bool ramping = true;
    std::atomic_bool done = false;
};

/// The progress of the first `started` jobs as one: their bytes and current rates summed, the least
/// advanced job's fraction, and the longest stall with the job it is on.
IoProgress together(const std::vector<LiveJob>& live, std::size_t started)
{
    IoProgress sum;
    sum.ramping = false;
    double fraction = 1;
    bool known = false;
    for (std::size_t i = 0; i < started; ++i) {
        const LiveJob& job = live[i];
        sum.bytes += job.bytes.load();
        sum.elapsedNs = std::max(sum.elapsedNs, job.elapsedNs.load());
        const bool done = job.done.load();
        if (!done) {
            sum.currentBwBytes += job.currentBwBytes.load();
            sum.ramping = sum.ramping || job.ramping.load();
        }
        const double own = done ? 1.0 : job.fraction.load();
        if (own >= 0) {
            fraction = std::min(fraction, own);
            known = true;
        }
        const std::uint64_t stalled = done ? 0 : job.stalledNs.load();
        if (stalled > sum.stalledNs) {
            sum.stalledNs = stalled;
            sum.stalledJob = int(i);
        }
    }
    sum.fraction = known ? fraction : -1;
    return sum;
}

} // namespace

QList<IoResult> IoTogether::run(const QList<IoJob>& jobs, const std::atomic_bool* cancel,
                                const IoEngine::ProgressCallback& progress)
{
    std::vector<IoResult> results(std::size_t(jobs.size())); // each thread writes its own element
    std::vector<LiveJob> live(std::size_t(jobs.size()));
    std::vector<std::thread> threads;
    threads.reserve(std::size_t(jobs.size()));
    // Every job stops on the caller's cancel, or when a thread could not be started. The cancel is
    // passed on by a thread of its own, so that a progress report that blocks (a client that stopped
    // reading) does not hold it up.
    std::atomic_bool stop = false;
    std::atomic_bool stopWatching = false;
    std::thread watcher;
    QString failure;
    try {
        watcher = std::thread([&] {
            while (!stopWatching.load()) {
                if (cancelled(cancel)) {
                    stop = true;
                }
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
            }
        });
        for (qsizetype i = 0; i < jobs.size(); ++i) {
            threads.emplace_back([&, i] {
                LiveJob& own = live[std::size_t(i)];
                results[std::size_t(i)] = IoEngine::run(jobs.at(i), &stop, [&own](const IoProgress& p) {
                    own.bytes = p.bytes;
                    own.elapsedNs = p.elapsedNs;
                    own.stalledNs = p.stalledNs;
                    own.currentBwBytes = p.currentBwBytes;
                    own.fraction = p.fraction;
                    own.ramping = p.ramping;
                });
                own.done = true;
            });
        }
    } catch (const std::system_error& error) {
        failure =
            QStringLiteral("could not start a thread for each disk: %1").arg(QString::fromLocal8Bit(error.what()));
        stop = true;
    }
    // The jobs' progress reaches the caller's thread as one, for as long as any job runs (a disk that
    // stopped answering included, with its stall).
    std::uint64_t lastProgress = monotonicNs();
    const std::size_t started = threads.size();
    while (!std::all_of(live.begin(), live.begin() + qsizetype(started),
                        [](const LiveJob& job) { return job.done.load(); })) {
        const std::uint64_t now = monotonicNs();
        if (progress && now - lastProgress >= IoEngine::progressIntervalNs) {
            lastProgress = now;
            progress(together(live, started));
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    for (std::thread& thread : threads) {
        thread.join();
    }
    stopWatching = true;
    if (watcher.joinable()) {
        watcher.join();
    }
    if (!failure.isEmpty()) {
        for (IoResult& result : results) {
            result.status = IoStatus::Failed;
            result.error = IoError {ErrorCode::internal, failure, 0, std::nullopt};
        }
    }
    return QList<IoResult>(results.begin(), results.end());
}

} // namespace RaidBench

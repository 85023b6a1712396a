#include "engine/ioengine.h"

#include "engine/blockbuffers.h"
#include "engine/ioscheduler.h"
#include "engine/iostats.h"
#include "engine/iotarget.h"
#include "engine/referencecommands.h"
#include "engine/stallwatch.h"
#include "util/errnotext.h"
#include "util/errorcodes.h"
#include "util/monotonicclock.h"

#include <QStringList>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <liburing.h>
#include <limits>
#include <mutex>
#include <system_error>
#include <thread>
#include <unistd.h>

namespace RaidBench {

namespace {

constexpr std::uint64_t progressIntervalNs = IoEngine::progressIntervalNs;
/// Longest wait for a completion before the loop looks at the clock and the cancel flag again.
constexpr std::uint64_t pollIntervalNs = 40'000'000;
constexpr std::uint64_t noDeadline = std::numeric_limits<std::uint64_t>::max();
/// Blocks above this many bytes are more than 128 pages of 4 KiB (the common max_segments).
constexpr std::uint32_t hugePageNoteBlock = 512u << 10;

/// Shared state of one run between the two I/O paths.
struct RunContext
{
    RunContext(const IoJob& job, IoTarget& target, BlockBuffers& buffers, IoScheduler& scheduler, IoStats& stats,
               const std::atomic_bool* cancel, const IoEngine::ProgressCallback& progress)
        : job(job)
        , target(target)
        , buffers(buffers)
        , scheduler(scheduler)
        , stats(stats)
        , cancel(cancel)
        , progress(progress)
    { }

    const IoJob& job;
    IoTarget& target;
    BlockBuffers& buffers;
    IoScheduler& scheduler;
    IoStats& stats;
    const std::atomic_bool* cancel;
    const IoEngine::ProgressCallback& progress;

    std::uint64_t deadline = noDeadline;
    std::uint64_t lastProgress = 0;
    /// The synchronous path's watcher also reports (a call that blocks): one report at a time, and the
    /// last one it builds on.
    std::mutex progressMutex;
    IoProgress lastReported;
    std::uint64_t lastCompletion = 0;
    int inflight = 0; ///< I/Os submitted and not yet reaped
    bool cancelled = false;
    std::optional<IoError> error;

    void setError(int err, bool write, std::uint64_t offset, std::uint32_t length)
    {
        if (error) {
            return;
        }
        QString code = ErrorCode::ioError;
        if (err == ENOSPC) {
            code = ErrorCode::noSpace;
        } else if (err == EIO) {
            code = ErrorCode::eio;
        } else if (err == 0) {
            code = ErrorCode::shortTransfer;
        }
        const QString message = err == 0 ? QStringLiteral("short %1 at offset %2 of %3: the target ended early")
                                               .arg(write ? QStringLiteral("write") : QStringLiteral("read"))
                                               .arg(offset)
                                               .arg(job.target)
                                         : target.describeIoError(err, write, offset, length);
        error = IoError {code, message, err, offset};
    }

    /// Clock bookkeeping after each batch; returns false when no more I/O should be issued.
    bool afterBatch(std::uint64_t now)
    {
        const IoStats::Tick tick = stats.tick(now);
        if (tick.rampEnded) {
            scheduler.restartBudget();
            if (job.timeLimitNs) {
                deadline = now + job.timeLimitNs;
            }
        }
        if (progress && now - lastProgress >= progressIntervalNs) {
            lastProgress = now;
            IoProgress p;
            p.ramping = !stats.measuring();
            p.elapsedNs = stats.measuredNs(now);
            p.bytes = stats.bytes();
            p.currentBwBytes = stats.lastSampleBw();
            p.stalledNs = inflight > 0 && now > lastCompletion ? now - lastCompletion : 0;
            double fraction = -1;
            if (job.timeLimitNs && stats.measuring()) {
                fraction = double(p.elapsedNs) / double(job.timeLimitNs);
            }
            if (scheduler.budget() != std::numeric_limits<std::uint64_t>::max() && scheduler.budget() > 0 &&
                stats.measuring()) {
                fraction = std::max(fraction, double(p.bytes) / double(scheduler.budget()));
            }
            p.fraction = fraction < 0 ? -1 : std::min(1.0, fraction);
            const std::lock_guard lock(progressMutex);
            lastReported = p;
            progress(p);
        }
        if (cancel && cancel->load(std::memory_order_relaxed)) {
            cancelled = true;
        }
        const bool finished = job.finish && job.finish->load(std::memory_order_relaxed);
        return !cancelled && !error && !finished && now < deadline;
    }

    /// Finishes a transfer the kernel cut short, synchronously; returns 0 or the errno that stopped it.
    int completeShortTransfer(const IoRequest& request, char* buffer, std::uint32_t done)
    {
        while (done < request.length) {
            const ssize_t n = request.write
                ? pwrite(target.fd(), buffer + done, request.length - done, off_t(request.offset + done))
                : pread(target.fd(), buffer + done, request.length - done, off_t(request.offset + done));
            if (n < 0) {
                if (errno == EINTR) {
                    continue;
                }
                return errno;
            }
            if (n == 0) {
                return -1;
            }
            done += std::uint32_t(n);
        }
        return 0;
    }
};

struct Slot
{
    IoRequest request;
    std::uint64_t submitNs = 0;
};

class UringPath
{
public:
    ~UringPath()
    {
        if (m_initialised) {
            // The ring's teardown runs later in a kernel worker; a registered file would stay open (and a
            // block device stay claimed, refusing the next O_EXCL open) until then. Unregister it now.
            if (m_fixedFile) {
                io_uring_unregister_files(&m_ring);
            }
            io_uring_queue_exit(&m_ring);
        }
    }

    /// Sets up the ring; on failure returns why, and the caller falls back to synchronous I/O.
    QString setUp(int queueDepth, int fd, BlockBuffers& buffers)
    {
        const unsigned entries = unsigned(queueDepth) + 1; // the I/Os and the ring's timer (armTimer)
        const unsigned flagSets[] = {IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN, IORING_SETUP_COOP_TASKRUN,
                                     0};
        int ret = -ENOSYS;
        for (unsigned flags : flagSets) {
            io_uring_params params {};
            params.flags = flags;
            ret = io_uring_queue_init_params(entries, &m_ring, &params);
            if (ret == 0) {
                m_features = params.features;
                break;
            }
            if (ret != -EINVAL) {
                break;
            }
        }
        if (ret != 0) {
            return QStringLiteral("io_uring is not available (%1)").arg(errnoText(-ret));
        }
        m_initialised = true;
        if (!(m_features & IORING_FEAT_EXT_ARG)) {
            return QStringLiteral("io_uring of this kernel is too old (no IORING_FEAT_EXT_ARG)");
        }
        std::vector<iovec> iovecs(std::size_t(buffers.count()));
        for (int i = 0; i < buffers.count(); ++i) {
            iovecs[std::size_t(i)] = iovec {buffers.buffer(i), buffers.blockSize()};
        }
        // Fixed buffers skip pinning pages on every I/O; they need locked memory, which an
        // unprivileged user may not have. Then plain buffers work as well, only a little slower.
        m_fixedBuffers = io_uring_register_buffers(&m_ring, iovecs.data(), unsigned(iovecs.size())) == 0;
        m_fixedFile = io_uring_register_files(&m_ring, &fd, 1) == 0;
        m_fd = fd;
        return {};
    }

    bool fixedBuffers() const { return m_fixedBuffers; }

    /// Submits what is prepared, each I/O of `fresh` timed from just before the call. By default that is one
    /// I/O, submitted as soon as its slot is free, as fio does with its default batch settings; with
    /// IoJob::batchSubmit every slot freed by one reap goes in one call. False when the ring failed (the
    /// error is in `ctx`).
    bool submitFresh(RunContext& ctx, std::vector<Slot>& slots, std::vector<int>& fresh)
    {
        const std::uint64_t submitAt = monotonicNs();
        for (int s : fresh) {
            slots[std::size_t(s)].submitNs = submitAt;
        }
        fresh.clear();
        const int ret = io_uring_submit(&m_ring);
        if (ret < 0 && ret != -EAGAIN && ret != -EBUSY && ret != -EINTR) {
            ctx.error = IoError {ErrorCode::ioError, QStringLiteral("io_uring failed: %1").arg(errnoText(-ret)), -ret,
                                 std::nullopt};
            return false;
        }
        return true;
    }

    /// Prepares the read or write of `request` in slot `s`.
    void prepare(RunContext& ctx, io_uring_sqe* sqe, int s, const IoRequest& request)
    {
        const int fileIndex = m_fixedFile ? 0 : m_fd;
        char* buffer = ctx.buffers.buffer(s);
        if (request.write) {
            ctx.buffers.stamp(s, request.offset);
            if (m_fixedBuffers) {
                io_uring_prep_write_fixed(sqe, fileIndex, buffer, request.length, request.offset, s);
            } else {
                io_uring_prep_write(sqe, fileIndex, buffer, request.length, request.offset);
            }
        } else if (m_fixedBuffers) {
            io_uring_prep_read_fixed(sqe, fileIndex, buffer, request.length, request.offset, s);
        } else {
            io_uring_prep_read(sqe, fileIndex, buffer, request.length, request.offset);
        }
        if (m_fixedFile) {
            sqe->flags |= IOSQE_FIXED_FILE;
        }
        io_uring_sqe_set_data64(sqe, std::uint64_t(s));
    }

    /// Keeps a timer in the ring, so a wait without a timeout of its own still wakes at least every poll
    /// interval (a cancel, a stalled device) and at the deadline. A wait with a timeout arms a kernel timer on
    /// every call: 3-4 us more per I/O at queue depth 1 than fio's plain wait (docs/benchmarks.md).
    void armTimer(const RunContext& ctx, bool issuing)
    {
        if (m_timerArmed) {
            return;
        }
        io_uring_sqe* sqe = io_uring_get_sqe(&m_ring);
        if (!sqe) {
            return; // the ring's submission queue is full; armed after the next submit
        }
        const std::uint64_t now = monotonicNs();
        std::uint64_t waitNs = pollIntervalNs;
        if (ctx.deadline != noDeadline && issuing) {
            waitNs = std::clamp<std::uint64_t>(ctx.deadline > now ? ctx.deadline - now : 0, 1'000'000, pollIntervalNs);
        }
        m_timer = {std::int64_t(waitNs / 1'000'000'000ull), std::int64_t(waitNs % 1'000'000'000ull)};
        io_uring_prep_timeout(sqe, &m_timer, 0, 0);
        io_uring_sqe_set_data64(sqe, timerTag);
        m_timerArmed = true;
    }

    /// Counts one reaped I/O of slot `s` (a short transfer is finished synchronously); `now` is when it was
    /// reaped, and when a synchronous finish ended.
    void complete(RunContext& ctx, Slot& slot, int s, int res, std::uint64_t& now)
    {
        if (res == int(slot.request.length)) {
            ctx.stats.complete(now - slot.submitNs, slot.request.length, slot.request.write);
            return;
        }
        if (res < 0) {
            ctx.setError(-res, slot.request.write, slot.request.offset, slot.request.length);
            return;
        }
        const int err = ctx.completeShortTransfer(slot.request, ctx.buffers.buffer(s), std::uint32_t(res));
        if (err == 0) {
            now = monotonicNs(); // finished synchronously just now
            ctx.stats.complete(now - slot.submitNs, slot.request.length, slot.request.write);
        } else {
            ctx.setError(err < 0 ? 0 : err, slot.request.write, slot.request.offset, slot.request.length);
        }
    }

    void run(RunContext& ctx)
    {
        const int depth = ctx.buffers.count();
        std::vector<Slot> slots(static_cast<std::size_t>(depth));
        std::vector<int> freeSlots(static_cast<std::size_t>(depth));
        std::vector<int> fresh;
        fresh.reserve(std::size_t(depth));
        for (int i = 0; i < depth; ++i) {
            freeSlots[std::size_t(i)] = depth - 1 - i;
        }
        int inflight = 0;
        bool issuing = true;
        m_timerArmed = false;

        while (true) {
            IoRequest request;
            while (issuing && inflight < depth && ctx.scheduler.next(request)) {
                const int s = freeSlots.back();
                freeSlots.pop_back();
                prepare(ctx, io_uring_get_sqe(&m_ring), s, request);
                slots[std::size_t(s)].request = request;
                fresh.push_back(s);
                ++inflight;
                if (!ctx.job.batchSubmit && !submitFresh(ctx, slots, fresh)) {
                    return;
                }
            }
            if (inflight == 0) {
                break;
            }
            armTimer(ctx, issuing);
            if (io_uring_sq_ready(&m_ring) > 0 && !submitFresh(ctx, slots, fresh)) {
                return;
            }
            // Submitted, then waited for in a call of its own (as fio does): one call that submits and waits
            // measured 11-17 % fewer IOPS at queue depth 1 on a loop device, and no better at 32
            // (docs/benchmarks.md).
            io_uring_cqe* cqe = nullptr;
            const int ret = io_uring_wait_cqe(&m_ring, &cqe);
            if (ret < 0 && ret != -ETIME && ret != -EINTR && ret != -EAGAIN && ret != -EBUSY) {
                // The ring itself failed: in-flight I/O is cancelled when the ring is torn down.
                ctx.error = IoError {ErrorCode::ioError, QStringLiteral("io_uring failed: %1").arg(errnoText(-ret)),
                                     -ret, std::nullopt};
                break;
            }
            std::uint64_t now = 0;
            unsigned head = 0;
            unsigned seen = 0;
            bool reaped = false;
            io_uring_for_each_cqe(&m_ring, head, cqe)
            {
                ++seen;
                if (io_uring_cqe_get_data64(cqe) == timerTag) {
                    m_timerArmed = false;
                    continue;
                }
                // Each completion is timed when it is reaped, from its own submission: the clock is read
                // once per I/O, so an I/O reaped after others of its batch is charged the time it waited.
                now = monotonicNs();
                reaped = true;
                const int s = int(io_uring_cqe_get_data64(cqe));
                --inflight;
                freeSlots.push_back(s);
                complete(ctx, slots[std::size_t(s)], s, cqe->res, now);
            }
            io_uring_cq_advance(&m_ring, seen);
            if (reaped) {
                ctx.lastCompletion = now;
            } else {
                now = monotonicNs();
            }
            ctx.inflight = inflight;
            if (!ctx.afterBatch(now)) {
                issuing = false;
            }
        }
    }

private:
    io_uring m_ring {};
    bool m_initialised = false;
    unsigned m_features = 0;
    bool m_fixedBuffers = false;
    bool m_fixedFile = false;
    int m_fd = -1;
    /// The ring's timer (armTimer): its timespec lives as long as the timeout it was prepared for.
    __kernel_timespec m_timer {};
    bool m_timerArmed = false;
    static constexpr std::uint64_t timerTag = std::numeric_limits<std::uint64_t>::max();
};

/// For a call that blocks (synchronous I/O, a flush): what a StallWatch says while it waits, through the
/// run's progress, one report at a time; nothing without a progress callback.
std::function<void(std::uint64_t)> stallReport(RunContext& ctx)
{
    if (!ctx.progress) {
        return {};
    }
    return [&ctx](std::uint64_t stalledNs) {
        const std::lock_guard lock(ctx.progressMutex);
        IoProgress p = ctx.lastReported;
        p.currentBwBytes = 0;
        p.stalledNs = stalledNs;
        ctx.progress(p);
    };
}

void runSynchronous(RunContext& ctx)
{
    // A call the disk never answers holds this loop and its progress: the watch says so meanwhile, as
    // the ring's loop does.
    StallWatch watch(progressIntervalNs, stallReport(ctx));
    char* buffer = ctx.buffers.buffer(0);
    IoRequest request;
    while (ctx.scheduler.next(request)) {
        if (request.write) {
            ctx.buffers.stamp(0, request.offset);
        }
        const std::uint64_t start = monotonicNs();
        watch.begin(start);
        const int err = ctx.completeShortTransfer(request, buffer, 0);
        watch.end();
        const std::uint64_t end = monotonicNs();
        if (err != 0) {
            ctx.setError(err < 0 ? 0 : err, request.write, request.offset, request.length);
        } else {
            ctx.stats.complete(end - start, request.length, request.write);
            ctx.lastCompletion = end;
        }
        if (!ctx.afterBatch(end)) {
            break;
        }
    }
}

IoResult failed(IoResult result, const Error& error)
{
    result.status = IoStatus::Failed;
    result.error = IoError {error.code, error.message, 0, std::nullopt};
    return result;
}

} // namespace

namespace {

/// What a reader of the run should know of its memory and depth: huge-page buffers (and how to give fio
/// the same), a queue depth synchronous I/O could not keep.
void noteMemoryAndDepth(IoResult& result, const IoJob& job, int depth, bool useUring)
{
    if (result.hugePageBytes && job.blockSize > hugePageNoteBlock) {
        // Beyond 128 segments of 4 KiB a block is split into several requests on most queues; ours is not.
        // Whoever reproduces the run with the fio command should know how to give fio the same memory.
        constexpr std::uint64_t hugePage = BlockBuffers::hugePageSize;
        const std::uint64_t pages = (std::uint64_t(depth) * job.blockSize + hugePage - 1) / hugePage + 1;
        result.notes.append(QStringLiteral("I/O buffers in huge pages: each block can reach the device as one request, "
                                           "where fio's default memory splits blocks over 512 KiB; for the same "
                                           "with fio, add --iomem=shmhuge after sysctl vm.nr_hugepages=%1")
                                .arg(pages));
    }
    result.effectiveQueueDepth = useUring ? job.queueDepth : 1;
    if (!useUring && job.queueDepth > 1) {
        result.notes.append(QStringLiteral("synchronous I/O runs at queue depth 1, not %1").arg(job.queueDepth));
    }
}

/// After a direct write, outside the time and after a finish too (a sustained write stopped once its
/// rate settled): the next test starts with this one's writes on the media, and none wait in a cache.
/// Not after a cancel, which must stop at once: a stalled disk's flush has no time limit.
void flushAfterRun(IoResult& result, RunContext& ctx, IoTarget& target)
{
    const std::uint64_t flushStart = monotonicNs();
    StallWatch watch(progressIntervalNs, stallReport(ctx));
    watch.begin(flushStart);
    if (fdatasync(target.fd()) != 0) {
        result.notes.append(QStringLiteral("flushing the write cache after the run failed: %1").arg(errnoText(errno)));
    }
    result.flushAfterNs = std::max<std::uint64_t>(1, monotonicNs() - flushStart);
}

} // namespace

IoResult IoEngine::run(const IoJob& jobIn, const std::atomic_bool* cancel, const ProgressCallback& progress)
{
    IoJob job = jobIn;
    IoResult result;
    if (job.seed == 0) {
        job.seed = monotonicNs() ^ (std::uint64_t(getpid()) << 32) ^ 0x2545f4914f6cdd1dull;
    }
    result.job = job;
    if (auto valid = job.validate(); !valid) {
        return failed(result, valid.error());
    }

    QStringList notes;
    auto opened = IoTarget::open(job, notes);
    if (!opened) {
        return failed(result, opened.error());
    }
    IoTarget& target = *opened;
    result.notes = notes;
    result.targetKind = target.kindName();
    result.createdFile = target.created();
    result.targetBytes = target.size();
    result.logicalBlockSize = target.logicalBlockSize();

    UringPath uring;
    bool useUring = !job.forceSync;
    const int depth = useUring ? job.queueDepth : 1;
    BlockBuffers buffers;
    if (auto allocated = buffers.allocate(depth, job.blockSize, job.data, job.seed); !allocated) {
        return failed(result, allocated.error());
    }
    if (job.forceSync) {
        result.fallbackReason = QStringLiteral("synchronous I/O requested");
    } else if (QString why = uring.setUp(depth, target.fd(), buffers); !why.isEmpty()) {
        useUring = false;
        result.fallbackReason = why;
    }
    result.ioPath = useUring ? QStringLiteral("io_uring") : QStringLiteral("sync");
    result.fixedBuffers = useUring && uring.fixedBuffers();
    result.hugePageBytes = buffers.hugePageBytes();
    noteMemoryAndDepth(result, job, depth, useUring);

    IoScheduler scheduler(job, target.rangeStart(), target.rangeLength(), job.seed);
    IoStats stats(job.rampNs);
    RunContext ctx(job, target, buffers, scheduler, stats, cancel, progress);
    const std::uint64_t start = monotonicNs();
    stats.begin(start);
    ctx.lastProgress = start;
    ctx.lastCompletion = start;
    if (job.timeLimitNs) {
        ctx.deadline = stats.rampEndNs() + job.timeLimitNs;
    }
    if (useUring) {
        uring.run(ctx);
    } else {
        runSynchronous(ctx);
    }
    std::uint64_t end = ctx.lastCompletion;
    if (!job.direct && patternWrites(job.pattern) && !ctx.error && !ctx.cancelled) {
        // Buffered writes are not on the disk until synced; dd conv=fdatasync counts that time too.
        StallWatch watch(progressIntervalNs, stallReport(ctx)); // a flush a disk never answers is said too
        watch.begin(monotonicNs());
        if (fdatasync(target.fd()) != 0) {
            const int err = errno;
            ctx.error = IoError {err == ENOSPC ? ErrorCode::noSpace : ErrorCode::ioError,
                                 QStringLiteral("fdatasync of %1 failed: %2").arg(job.target, errnoText(err)), err,
                                 std::nullopt};
        }
        end = monotonicNs();
        result.notes.append(QStringLiteral("buffered writes: the final fdatasync is included in the time"));
    }
    stats.finish(std::max(end, stats.rampEndNs()));
    stats.fill(result);
    if (job.flushAfter && job.direct && patternWrites(job.pattern) && !ctx.error && !ctx.cancelled) {
        flushAfterRun(result, ctx, target);
    }
    if (!stats.measuring() && !ctx.error && !ctx.cancelled) {
        result.notes.append(QStringLiteral("the run ended before its ramp time was over; nothing was measured"));
    }
    result.error = ctx.error;
    result.status = ctx.error ? IoStatus::Failed : (ctx.cancelled ? IoStatus::Cancelled : IoStatus::Completed);
    result.fioCommand = ReferenceCommands::fio(job, target.rangeLength(), result.fixedBuffers, !useUring);
    result.ddCommand = ReferenceCommands::dd(job, result.bytes);
    return result;
}

} // namespace RaidBench

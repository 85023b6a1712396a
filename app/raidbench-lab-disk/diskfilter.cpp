// The lab's disk models: an nbdkit filter that times every request of one virtual disk with a
// DiskModel (core/lab/diskmodel.h) and hands its data to the plugin below (nbdkit's file plugin on the
// disk's image). LabMachine starts one nbdkit per modelled disk and qemu reaches it over a unix
// socket. Configuration: disk-KEY=VALUE for every key of DiskModelParams::toConfig().
//
//   nbdkit --unix S --filter=.../nbdkit-raidbench-filter.so file file=disk.img disk-kind=hdd disk-size=...

#include "lab/diskmodel.h"

#include <cerrno>
#include <cmath>
#include <condition_variable>
#include <cstring>
#include <ctime>
#include <list>
#include <memory>
#include <mutex>
#include <nbdkit-filter.h>

namespace {

using RaidBench::DiskKind;
using RaidBench::DiskModel;
using RaidBench::DiskModelParams;

DiskModelParams g_params;
std::unique_ptr<DiskModel> g_model;
std::mutex g_lock;
std::condition_variable g_turn;
bool g_busy = false; ///< a hard disk's media serve one request at a time
std::list<std::uint64_t> g_waiting; ///< the offsets of the requests queued for them

double now()
{
    timespec ts {};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

void sleepUntil(double when)
{
    timespec ts {};
    ts.tv_sec = time_t(std::floor(when));
    ts.tv_nsec = long((when - std::floor(when)) * 1e9);
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nullptr) == EINTR) {
    }
}

/// Whether the queued request `me` is the one the disk serves next: the least positioning from where
/// the head is (what a disk's command queue does), the oldest first among equals.
bool isNext(std::list<std::uint64_t>::const_iterator me)
{
    const double mine = g_model->positioning(*me);
    for (auto it = g_waiting.cbegin(); it != g_waiting.cend(); ++it) {
        if (it == me) {
            continue;
        }
        const double other = g_model->positioning(*it);
        if (other < mine ||
            (other == mine && std::distance(g_waiting.cbegin(), it) < std::distance(g_waiting.cbegin(), me))) {
            return false;
        }
    }
    return true;
}

/// Runs `transfer` (the data) and sleeps until `timing(arrival)` says the request completes; a hard
/// disk's requests wait their turn first. The model is given the time the request arrived, not the
/// time this thread got its turn: a busy host wakes threads late, and the disk's timeline must not
/// lose what the host's scheduler lost (the media were free when the model says they were).
template <typename Timing, typename Transfer>
int serve(std::uint64_t offset, Timing timing, Transfer transfer)
{
    const double arrived = now();
    std::unique_lock lock(g_lock);
    const bool serialised = g_model->serialised();
    if (serialised) {
        const auto me = g_waiting.insert(g_waiting.end(), offset);
        g_turn.wait(lock, [&] { return !g_busy && isNext(me); });
        g_waiting.erase(me);
        g_busy = true;
    }
    const double done = timing(arrived);
    lock.unlock();
    const int result = transfer();
    sleepUntil(done);
    if (serialised) {
        lock.lock();
        g_busy = false;
        lock.unlock();
        g_turn.notify_all();
    }
    return result;
}

int diskConfig(nbdkit_next_config* next, nbdkit_backend* nxdata, const char* key, const char* value)
{
    if (std::strncmp(key, "disk-", 5) == 0) {
        if (!g_params.setConfig(key + 5, value)) {
            nbdkit_error("raidbench disk model: %s=%s is not a valid setting", key, value);
            return -1;
        }
        return 0;
    }
    return next(nxdata, key, value);
}

int diskConfigComplete(nbdkit_next_config_complete* next, nbdkit_backend* nxdata)
{
    if (g_params.kind == DiskKind::Flat) {
        nbdkit_error("raidbench disk model: disk-kind=hdd or disk-kind=ssd is required");
        return -1;
    }
    if (const std::string problem = g_params.problem(); !problem.empty()) {
        nbdkit_error("raidbench disk model: %s", problem.c_str());
        return -1;
    }
    g_model = std::make_unique<DiskModel>(g_params);
    return next(nxdata);
}

int diskThreadModel()
{
    return NBDKIT_THREAD_MODEL_PARALLEL;
}

int64_t diskGetSize(nbdkit_next* next, void*)
{
    const int64_t size = next->get_size(next);
    return size < 0 ? size : std::min<int64_t>(size, int64_t(g_params.sizeBytes));
}

int diskCanFlush(nbdkit_next* next, void*)
{
    // Asked below too: nbdkit keeps each layer's answer and checks it before passing a flush on.
    return next->can_flush(next) < 0 ? -1 : 1;
}

int diskCanFua(nbdkit_next* next, void*)
{
    // Native: a write with FUA is the guest's write-through (its cache turned off), timed as such.
    return next->can_fua(next) < 0 ? -1 : NBDKIT_FUA_NATIVE;
}

int diskNo(nbdkit_next*, void*)
{
    return 0;
}

int diskCanZero(nbdkit_next*, void*)
{
    return NBDKIT_ZERO_EMULATE; // zeroes come as writes, timed as writes
}

int diskIsRotational(nbdkit_next*, void*)
{
    return g_params.kind == DiskKind::Hdd ? 1 : 0;
}

int diskPread(nbdkit_next* next, void*, void* buf, uint32_t count, uint64_t offset, uint32_t flags, int* err)
{
    return serve(
        offset, [&](double at) { return g_model->read(offset, count, at); },
        [&] { return next->pread(next, buf, count, offset, flags, err); });
}

int diskPwrite(nbdkit_next* next, void*, const void* buf, uint32_t count, uint64_t offset, uint32_t flags, int* err)
{
    const bool fua = flags & NBDKIT_FLAG_FUA;
    return serve(
        offset, [&](double at) { return g_model->write(offset, count, fua, at); },
        // The image below is memory: nothing to make durable there.
        [&] { return next->pwrite(next, buf, count, offset, flags & ~uint32_t(NBDKIT_FLAG_FUA), err); });
}

int diskFlush(nbdkit_next* next, void*, uint32_t flags, int* err)
{
    double done = 0;
    {
        std::lock_guard lock(g_lock);
        done = g_model->flush(now());
    }
    sleepUntil(done);
    return next->can_flush(next) == 1 ? next->flush(next, flags, err) : 0;
}

nbdkit_filter makeFilter()
{
    nbdkit_filter filter {};
    filter.name = "raidbench";
    filter.longname = "RaidBench lab disk model";
    filter.description = "Times each request as a hard disk or an SSD would";
    filter.config = diskConfig;
    filter.config_complete = diskConfigComplete;
    filter.config_help = "disk-kind=hdd|ssd disk-size=BYTES disk-cache=BYTES\n"
                         "hdd: disk-outer=MBPS disk-inner=MBPS disk-rpm=N disk-seek=MS disk-track-seek=MS\n"
                         "ssd: disk-burst=MBPS disk-steady=MBPS disk-read=MBPS disk-latency=US";
    filter.thread_model = diskThreadModel;
    filter.get_size = diskGetSize;
    filter.can_flush = diskCanFlush;
    filter.can_fua = diskCanFua;
    filter.can_trim = diskNo;
    filter.can_zero = diskCanZero;
    filter.can_fast_zero = diskNo;
    filter.can_extents = diskNo;
    filter.can_cache = diskNo;
    filter.can_multi_conn = diskNo;
    filter.is_rotational = diskIsRotational;
    filter.pread = diskPread;
    filter.pwrite = diskPwrite;
    filter.flush = diskFlush;
    return filter;
}

nbdkit_filter g_filter = makeFilter();

} // namespace

NBDKIT_REGISTER_FILTER(g_filter)

#pragma once

#include <cstdint>
#include <string>

namespace RaidBench {

/// How a lab disk behaves in time. `Flat` is qemu's throttles alone (a byte rate and a request rate
/// for every request alike); `Hdd` and `Ssd` are served by the lab's nbdkit filter
/// (app/raidbench-lab-disk), which times each request with a DiskModel.
enum class DiskKind {
    Flat,
    Hdd,
    Ssd,
};

/// A disk model's parameters; rates in MB/s (10^6 bytes a second).
struct DiskModelParams
{
    DiskKind kind = DiskKind::Flat;
    std::uint64_t sizeBytes = 0;
    // A hard disk: the transfer rate falls linearly from the outer zone (offset 0) to the inner one.
    double outerMBps = 105;
    double innerMBps = 55;
    double rpm = 7200;
    double seekMs = 8.5; ///< average seek (a third of the stroke's distance, as datasheets state it)
    double trackSeekMs = 1.0; ///< track to track
    std::uint64_t cacheBytes = 64ull << 20; ///< the volatile write cache (hdd) or the fast cache (ssd)
    // A solid-state disk: writes at burstMBps until its cache holds cacheBytes not yet folded, then at
    // steadyMBps; it folds at steadyMBps while idle. Reads at readMBps; every request takes latencyUs.
    double burstMBps = 500;
    double steadyMBps = 120;
    double readMBps = 540;
    double latencyUs = 60;

    /// The defaults of a kind for a disk of `size` bytes (an SSD's cache: an eighth of it, 16 MiB at least).
    static DiskModelParams defaults(DiskKind kind, std::uint64_t size);
    /// Empty when the parameters make a disk; else why not, in the user's words.
    std::string problem() const;
    /// The filter's configuration: "kind=hdd outer=105 ..." as key=value words, and back.
    std::string toConfig() const;
    bool setConfig(const std::string& key, const std::string& value);
};

/// Times requests on one disk. Times are seconds on a monotonic clock; the caller serialises calls.
/// A hard disk's media serve one request at a time: a request's positioning (a seek that grows with
/// the square root of the distance, plus half a rotation; nothing when it continues where the last one
/// ended while the media are still at work) and its transfer at the zone's rate. Reads continue where
/// the last read ended from the disk's read-ahead, even after a pause; a sequential write after a
/// pause waits for its sector to come round. With the write cache on, a write completes once the
/// cache holds it and the media catch up behind, so a flush waits for them; a write with FUA (what a
/// guest's writes carry when it turned the cache off) completes only on the media, and a flush then
/// has nothing to wait for.
class DiskModel
{
public:
    explicit DiskModel(const DiskModelParams& params);

    const DiskModelParams& params() const { return m_params; }
    /// Bytes a second at `offset` (the zone's rate on a hard disk).
    double mediaRate(std::uint64_t offset) const;
    /// The positioning a hard disk's request at `offset` needs from where the head is (0 for the next
    /// sequential request): what the queue's reordering minimises.
    double positioning(std::uint64_t offset) const;
    /// The seek over a fraction `distance` (0-1) of the stroke.
    double seekSeconds(double distance) const;
    double rotationSeconds() const { return 60.0 / m_params.rpm; }

    /// When a request arriving at `now` completes; the model's state moves on as if it had.
    double read(std::uint64_t offset, std::uint32_t count, double now);
    double write(std::uint64_t offset, std::uint32_t count, bool fua, double now);
    double flush(double now);
    /// Whether requests wait for the media one at a time (a hard disk's), so a queue can reorder them.
    bool serialised() const { return m_params.kind == DiskKind::Hdd; }

private:
    /// Puts a transfer on the media from `start` after `positioning`; returns when it ends.
    double hddMedia(std::uint64_t offset, std::uint32_t count, double start, double positioning);

    DiskModelParams m_params;
    double m_mediaFreeAt = 0; ///< when the media finish what they accepted
    std::uint64_t m_headEnd = 0; ///< where the last media transfer ended
    bool m_lastWasRead = false;
    double m_readBusFreeAt = 0; ///< an SSD's reads
    double m_busFreeAt = 0; ///< an SSD's writes
    double m_ssdUsed = 0; ///< bytes in an SSD's fast cache not yet folded
    double m_ssdUpdated = 0;
};

} // namespace RaidBench

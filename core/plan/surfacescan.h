#pragma once

#include "engine/iojob.h"
#include "engine/ioresult.h"
#include "util/result.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>

namespace RaidBench {

/// A read of each disk at points spread from its first to its last byte: a hard disk's outer tracks
/// pass more data per turn than its inner ones, so its speed falls across the surface (GNOME Disks
/// draws the same curve). Read only: nothing is written.
struct SurfaceSpec
{
    static constexpr int minPoints = 2;
    static constexpr int maxPoints = 100;
    static constexpr int defaultPoints = 16;
    static constexpr std::uint64_t defaultTimeNs = 1'000'000'000ull;
    static constexpr std::uint64_t maxSpanBytes = 256ull << 20;

    int points = 0; ///< 0: no surface scan
    std::uint64_t timeNs = defaultTimeNs; ///< reading at one point
    std::uint32_t blockSize = 1u << 20;
    int queueDepth = 8;

    bool enabled() const { return points > 0; }
    /// The bytes read around each point: at most 256 MiB, and never more than a point's share of the
    /// disk (points must not overlap).
    std::uint64_t span(std::uint64_t diskBytes) const;
    /// Where each point starts: the first at byte 0, the last ending at the disk's end, evenly between,
    /// on 1 MiB boundaries. Empty when the disk is too small for `points` points of one block.
    QList<std::uint64_t> offsets(std::uint64_t diskBytes) const;
    /// The read at one point (the caller sets the target and the gate's check).
    IoJob jobAt(std::uint64_t offset, std::uint64_t diskBytes) const;

    QJsonObject toJson() const;
    /// {"points": 16, "time": "1s"}; a bare number is the points.
    static Result<SurfaceSpec> fromJson(const QJsonValue& json);
};

/// One point of a surface scan: where it read and how fast.
struct SurfacePoint
{
    std::uint64_t offset = 0;
    std::uint64_t length = 0;
    double bwBytes = 0;

    /// Where the point lies on the disk, 0 (first byte) to 1 (last).
    double position(std::uint64_t diskBytes) const;
};

/// A disk's speed across its surface, as far as it was measured.
struct DiskSurface
{
    QList<SurfacePoint> points;
    int pointsPlanned = 0;
    QString error; ///< why the scan stopped early (an I/O error, the disk changed)

    bool isEmpty() const { return points.isEmpty(); }
    bool complete() const { return pointsPlanned > 0 && points.size() >= pointsPlanned; }
    const SurfacePoint* slowest() const;
    /// Within 5 % from end to end (an SSD; a disk whose zones do not show): no zone is named slowest.
    bool flat() const;
    /// The slowest zone ("start", "middle", "end"), "flat", or empty when nothing was measured.
    QString slowestZone(std::uint64_t diskBytes) const;
    const SurfacePoint* fastest() const;
    /// Which part of the disk a position is in: "start", "middle" or "end" (thirds).
    static QString zone(double position);
    /// "slowest at the end (94 %): 55.3 MB/s, 53 % of the fastest (104.9 MB/s at 0 %)", or "flat: 178.7 to
    /// 179.0 MB/s from start to end".
    QString summary(std::uint64_t diskBytes) const;

    QJsonObject toJson(std::uint64_t diskBytes) const;
    static DiskSurface fromJson(const QJsonObject& json);
};

/// Reads one disk across its surface, point after point, until done, cancelled or failed; the points
/// measured stay in `surface` whatever happens.
class SurfaceScanner
{
public:
    /// Runs one read (the caller checks the disk with the gate right before it, and fills the target).
    using ReadAt = std::function<Result<IoResult>(IoJob job)>;
    /// Before each point: its number (0-based) and how many there are.
    using Progress = std::function<void(int point, int points, std::uint64_t offset)>;

    SurfaceScanner(SurfaceSpec spec, std::uint64_t diskBytes);

    /// Scans the points `surface` does not hold yet (a resumed scan goes on where it stopped). Returns
    /// false when it stopped early: cancelled, or `surface.error` says why.
    bool scan(DiskSurface& surface, const ReadAt& read, const Progress& progress, const std::atomic_bool* cancel) const;

private:
    SurfaceSpec m_spec;
    std::uint64_t m_diskBytes = 0;
};

} // namespace RaidBench

#pragma once

#include "util/result.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <atomic>
#include <cstdint>
#include <functional>

namespace RaidBench {

/// What /sys/block/MD/md/ says of one array's redundancy work, read at one moment.
struct MdSyncState
{
    QString action; ///< sync_action: idle, resync, recover, check, repair, reshape, frozen
    std::uint64_t doneSectors = 0; ///< sync_completed "DONE / TOTAL" (512-byte sectors; "none" is 0 / 0)
    std::uint64_t totalSectors = 0;
    std::uint64_t speedKiBs = 0; ///< sync_speed, md's own recent average ("none" is 0)
    int degraded = 0; ///< members missing
    bool readable = false;

    /// Resyncing or recovering (a check or repair counts too: the array is not quiet).
    bool working() const { return readable && action != QLatin1String("idle") && action != QLatin1String("frozen"); }
    /// Parses the files' texts (tests give recorded ones).
    static MdSyncState parse(const QString& action, const QString& completed, const QString& speed,
                             const QString& degraded);
    /// Reads `mdDirectory` (/sys/block/md127/md).
    static MdSyncState read(const QString& mdDirectory);
};

/// The sysfs md directory of an md device node (/dev/md/raidbench-ab12cd34-0 -> /sys/block/md127/md),
/// or empty when `device` is no md array.
QString mdSysDirectory(const QString& device, const QString& sysRoot = QStringLiteral("/sys"));

/// One second of a resync or rebuild.
struct SyncPoint
{
    double seconds = 0; ///< since the start
    double fraction = 0; ///< of all the arrays' work
    double bytesPerSecond = 0; ///< over the last three seconds (md's done sectors), all arrays together
};

/// A resync or rebuild followed to its end.
struct SyncTimeline
{
    QList<SyncPoint> points;
    double seconds = 0;
    std::uint64_t bytes = 0; ///< the work md did (its sync_completed total)
    bool completed = false;

    /// The median of the points' rates (each over the last three seconds), bytes per second.
    double medianBytesPerSecond() const;
    /// All the work over all the time, bytes per second: the rebuild's rate.
    double averageBytesPerSecond() const;
};

/// Where a resync or rebuild is followed: md's state of an array, and the sleep and monotonic clock it is
/// followed on. SysfsSyncSource reads this machine's sysfs on the real clock; a test replays recorded
/// states on a clock of its own (tst_drill, tst_campaignrunner).
class SyncSource
{
public:
    virtual ~SyncSource() = default;
    /// What `mdDirectory` (/sys/block/md127/md) says now.
    virtual MdSyncState readSync(const QString& mdDirectory) const = 0;
    virtual void sleepMs(int milliseconds) const = 0;
    /// Seconds since any fixed moment, never going back.
    virtual double seconds() const = 0;
};

/// This machine's sysfs, QThread's sleep and the monotonic clock.
class SysfsSyncSource : public SyncSource
{
public:
    MdSyncState readSync(const QString& mdDirectory) const override;
    void sleepMs(int milliseconds) const override;
    double seconds() const override;
};

/// Follows the resync or recovery of the arrays in `mdDirectories` until all are idle with no member
/// missing: a point every `intervalMs`, and a look five times as often for the end, read from `source`.
/// Fails when nothing starts within `startTimeoutMs`, when a member is still missing with md idle (a
/// rebuild that stopped), or on cancel (what was measured stays in `timeline`).
class SyncFollower
{
public:
    /// `source` must outlive the follower.
    SyncFollower(QStringList mdDirectories, const SyncSource& source);

    int intervalMs = 1000;
    int startTimeoutMs = 15000;

    /// Each point is given to `sampled` as it is taken (progress), when there is one.
    Result<SyncTimeline> follow(const std::atomic_bool* cancel, SyncTimeline* partial = nullptr,
                                const std::function<void(const SyncPoint&)>& sampled = {});

private:
    QStringList m_directories;
    const SyncSource& m_source;
};

} // namespace RaidBench

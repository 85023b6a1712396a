#pragma once

#include "arrays/mdsync.h"
#include "disks/disk.h"
#include "engine/ioengine.h"
#include "util/result.h"

#include <QDateTime>
#include <QList>
#include <QString>

#include <atomic>

namespace RaidBench {

/// The machine a campaign measures on: the engine's runs, a disk's facts, md's sysfs and the clocks.
/// Its one clock (`seconds()`) times both the campaign and md's resyncs, so a drill can compare them.
/// LocalCampaignSystem is this machine's; a unit test derives from it and replaces what it records
/// (tst_campaignrunner runs whole campaigns, drills included, in-process so).
class CampaignSystem : public SyncSource
{
public:
    /// One run of the engine.
    virtual IoResult runIo(const IoJob& job, const std::atomic_bool* cancel,
                           const IoEngine::ProgressCallback& progress) const = 0;
    /// Several runs at once, started together (the disks of a controller, of the pool).
    virtual QList<IoResult> runIoTogether(const QList<IoJob>& jobs, const std::atomic_bool* cancel,
                                          const IoEngine::ProgressCallback& progress) const = 0;
    /// A disk's facts (controller, transport, holders) by its node.
    virtual Result<Disk> inspectDisk(const QString& node) const = 0;
    /// An array's md directory (/dev/md/NAME -> /sys/block/md127/md), or empty when it is no md array.
    virtual QString mdDirectory(const QString& device) const = 0;
    /// The wall clock the results are stamped with (created, updated).
    virtual QDateTime wallClock() const = 0;
};

/// This machine: the I/O engine, DiskScanner, /sys, the monotonic clock and the system's time.
class LocalCampaignSystem : public CampaignSystem
{
public:
    IoResult runIo(const IoJob& job, const std::atomic_bool* cancel,
                   const IoEngine::ProgressCallback& progress) const override;
    QList<IoResult> runIoTogether(const QList<IoJob>& jobs, const std::atomic_bool* cancel,
                                  const IoEngine::ProgressCallback& progress) const override;
    Result<Disk> inspectDisk(const QString& node) const override;
    QString mdDirectory(const QString& device) const override;
    QDateTime wallClock() const override;
    MdSyncState readSync(const QString& mdDirectory) const override;
    void sleepMs(int milliseconds) const override;
    double seconds() const override;
};

} // namespace RaidBench

#pragma once

#include "disks/deviceusers.h"
#include "disks/diskhealth.h"
#include "disks/diskreason.h"

#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <cstdint>

namespace RaidBench {

/// A signature libblkid found: a file system, RAID or LVM superblock, or a partition table.
struct DiskSignature
{
    QString type; ///< ext4, xfs, swap, linux_raid_member, LVM2_member, gpt, dos, ...
    QString usage; ///< filesystem, raid, crypto, other, partition-table
    QString label;
    QString uuid;
};

/// One block device as discovery sees it, with why RaidBench may or may not use it.
struct Disk
{
    QString name; ///< sda, nvme0n1, sda1
    QString path; ///< /dev/sda
    QString stablePath; ///< /dev/disk/by-id/... when one exists
    QString kind; ///< disk, partition, loop, md, dm, zram, ram, rom, other
    QString parent; ///< the whole disk's name, for a partition
    QString model;
    QString vendor;
    QString serial;
    QString wwn;
    std::uint64_t sizeBytes = 0;
    std::uint32_t logicalSectorSize = 512;
    std::uint32_t physicalSectorSize = 512;
    bool rotational = false;
    QString transport; ///< sata, sas, nvme, usb, virtio, scsi, mmc, loop, virtual
    bool removable = false;
    bool readOnly = false;
    QString controller; ///< PCI address of the host adapter, or "virtual"
    QString port; ///< H:C:T:L, ataN, USB port, NVMe namespace
    QString devNumber; ///< major:minor
    QString backingFile; ///< a loop device's backing file, as the kernel names it
    std::uint64_t backingInode = 0; ///< and its inode (0 when it cannot be read)
    std::uint64_t backingOffset = 0; ///< and where in it the loop device starts
    int partitionNumber = 0; ///< a partition's number on its disk (0: not a partition)
    std::uint64_t startSector = 0; ///< where a partition starts (512-byte sectors)
    /// The kernel's sequence number of the disk's media (/sys/block/X/diskseq; a partition's disk's): a
    /// new one for every disk plugged in, never used twice in a boot. 0 where the kernel has none.
    std::uint64_t diskSeq = 0;
    QList<Disk> partitions;
    QList<DiskSignature> signatures;
    QStringList holders;
    /// Who uses it without a claim `holders` shows: loop devices it backs, processes that hold it open.
    QList<DeviceUse> users;
    /// A partition's: who uses the whole disk it is on so (a process, a loop device over the disk, an
    /// export), which uses this partition's sectors as well.
    QList<DeviceUse> diskUsers;
    QStringList mountPoints;
    bool swap = false;
    QString mdArray; ///< the md array it belongs to (holder or superblock)
    bool lvmPv = false;
    bool systemDisk = false; ///< backs / or /boot
    QStringList scanErrors; ///< what could not be read; the scan went on
    bool eligible = false;
    QList<DiskReason> reasons;
    /// Read only when asked (`HealthProbe`, root): SMART, the disk's own write cache, and what in
    /// them or in the rest of the pool could make it slow. `healthRead` says they were looked at.
    bool healthRead = false;
    DiskHealth health;
    WriteCacheState writeCache;
    QList<DiskExplanation> explanations;

    bool hasReason(const QString& code) const;
    QJsonObject toJson() const;
    static Disk fromJson(const QJsonObject& json);
};

/// A loop device's backing file, inode and offset (when it has a file) and the kernel's sequence number
/// of the media (when there is one), as the disk list and a confirmation write them.
void insertMediaIdentity(QJsonObject& json, const QString& backingFile, std::uint64_t backingInode,
                         std::uint64_t backingOffset, std::uint64_t diskSeq);

} // namespace RaidBench

Q_DECLARE_METATYPE(RaidBench::Disk)

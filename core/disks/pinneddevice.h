#pragma once

#include <QJsonObject>
#include <QString>

#include <cstdint>

namespace RaidBench {

/// A device the gate resolved and checked once. Every later command names `node`, never the
/// caller's path, and the gate re-verifies the pin right before each destructive command.
struct PinnedDevice
{
    QString requested; ///< the path the caller gave (messages only)
    QString node; ///< the canonical node, /dev/NAME
    QString name; ///< sdb, loop3, sdb1
    std::uint64_t rdev = 0; ///< st_rdev of the node when it was pinned
    QString kind; ///< disk, partition, loop
    QString stablePath; ///< /dev/disk/by-id/... when there is one
    QString model;
    QString serial;
    QString wwn;
    std::uint64_t sizeBytes = 0;
    QString backingFile; ///< a loop device's file: the only identity a loop device has
    std::uint64_t backingInode = 0; ///< and that file's inode, as the kernel holds it
    std::uint64_t backingOffset = 0; ///< and where in that file the loop device starts
    /// The kernel's sequence number of the media (this boot's only; 0: none): part of the identity of a
    /// device that has no serial, WWN or backing file, and of every confirmation.
    std::uint64_t diskSeq = 0;
    int partitionNumber = 0; ///< a partition's number on its disk (0: not a partition)
    std::uint64_t startSector = 0; ///< where a partition starts on its disk (512-byte sectors)
    QString bootId; ///< the boot it was pinned in (identity of a device without serial or file)
    QString tag; ///< the build it belongs to: which RaidBench signatures on it are its own
    bool lvmPv = false; ///< the build makes an LVM physical volume of it (so an LVM label may be its own)

    bool isValid() const { return rdev != 0 && !node.isEmpty(); }
    /// "/dev/sdb (WDC WD40, serial WD-123, 4.00 TB)" for messages.
    QString describe() const;
    /// Whether `other` is the same physical device (serial/WWN, model, size; a loop device's file; a
    /// partition's number and start).
    bool sameIdentity(const PinnedDevice& other) const;
    QJsonObject toJson() const;
    static PinnedDevice fromJson(const QJsonObject& json);
};

} // namespace RaidBench

#pragma once

#include "disks/disk.h"
#include "disks/pinneddevice.h"
#include "util/result.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>

namespace RaidBench {

/// A disk as the user saw it when they confirmed its destruction: the path they chose it by, its device
/// number, serial, model and size, and for a loop device its backing file and that file's inode. It
/// travels with every request that destroys, so that the helper writes the disk the user confirmed and
/// not whatever the path names by the time the request arrives (a name given to another device while
/// the user typed "yes", or during the password prompt).
struct ConfirmedDisk
{
    QString path; ///< as the plan or spec names it (or its canonical node)
    std::uint64_t rdev = 0; ///< its device number when confirmed
    QString serial;
    QString model;
    std::uint64_t sizeBytes = 0;
    QString backingFile; ///< a loop device's backing file
    std::uint64_t backingInode = 0;
    std::uint64_t backingOffset = 0;
    std::uint64_t diskSeq = 0; ///< the kernel's sequence number of the media when confirmed (0: none)
    QString wwn;
    int partitionNumber = 0; ///< a partition's number and start: after repartitioning, another is not it
    std::uint64_t startSector = 0;

    /// The identity of `disk` (as a scan describes it), confirmed as `path`.
    static ConfirmedDisk fromDisk(const Disk& disk, const QString& path);
    /// The identity a pin holds (a confirmation made in the process that pinned it).
    static ConfirmedDisk fromPin(const PinnedDevice& pin);

    QJsonObject toJson() const;
    /// One entry of `confirm_destroy`: an object with `path`, `device` ("8:16"), `serial`, `model` and
    /// `size_bytes`, `diskseq` where the kernel numbers disks, `wwn` where it has one, `partition` and
    /// `start_sector` for a partition, and `backing_file`, `backing_inode` and `backing_offset` for a
    /// loop device (64-bit numbers as decimal strings); anything else, or a
    /// value of the wrong type or range, is an error (bad-type, missing-field, unknown-field,
    /// bad-argument).
    static Result<ConfirmedDisk> fromJson(const QJsonValue& json);
    static QJsonArray toJsonArray(const QList<ConfirmedDisk>& disks);
    static Result<QList<ConfirmedDisk>> fromJsonArray(const QJsonValue& json);

    /// What differs between this confirmation and the device `pin` found now, one phrase each
    /// ("serial WD-1 is now WD-2"); empty when it is the disk confirmed.
    QStringList differences(const PinnedDevice& pin) const;
};

/// Whether `confirmed` lists exactly the devices of `pins` (each by the path it was pinned from or by
/// its node) and each is still the disk the user confirmed: `not-confirmed` when a disk is missing or
/// one too many is listed, `device-changed` naming what changed.
Result<void> checkConfirmed(const QList<PinnedDevice>& pins, const QList<ConfirmedDisk>& confirmed);

} // namespace RaidBench

#pragma once

#include "disks/disk.h"
#include "system/verifieddevice.h"
#include "util/result.h"

#include <QList>
#include <QString>

#include <atomic>

namespace RaidBench {

class CommandRunner;

/// Reads a disk's SMART health and its write cache, and changes the cache, through the allow-listed
/// programs of a `CommandRunner` (smartctl, hdparm, sdparm, nvme). Root's work: the helper, root's
/// CLI and the campaign call it with the canonical /dev/NAME nodes of their own scan or pins, never
/// a path a user gave. Nothing here writes data or starts a self-test.
namespace HealthProbe {

/// The program that reads and changes this disk's write cache: hdparm for SATA, nvme for NVMe,
/// sdparm for SAS, SCSI, USB and virtual SCSI disks. Empty, with `whyNot`, when there is none.
QString cacheTool(const Disk& disk, QString* whyNot = nullptr);

/// `smartctl --json=c -a` on the disk (never -t), parsed; NVMe's PCIe link comes from sysfs.
DiskHealth readHealth(const Disk& disk, CommandRunner& runner, const QString& sysRoot = QStringLiteral("/sys"),
                      const std::atomic_bool* cancel = nullptr);

WriteCacheState readWriteCache(const Disk& disk, CommandRunner& runner, const std::atomic_bool* cancel = nullptr);

/// Turns the disk's write cache on or off (the current setting only, never the saved one, so a
/// power cycle brings back what the disk had), makes the kernel read the setting again, and reads
/// it back: an error (`write-cache-failed`) unless the disk now says what was asked. `device` is the
/// disk as the gate verified it right before.
Result<WriteCacheState> setWriteCache(const VerifiedDevice& device, const Disk& disk, bool on, CommandRunner& runner);

/// Health and cache of every whole disk of `disks` (others are left alone), then the
/// explanations, each disk against the rest of the list.
/// A cancel stops between programs (and kills the one running).
void probe(QList<Disk>& disks, CommandRunner& runner, const QString& sysRoot = QStringLiteral("/sys"),
           const std::atomic_bool* cancel = nullptr);

/// Fills `explanations` of every disk whose health was read, against the others of the list, worded
/// for `audience` (a client words them again for its user from the facts the helper sent).
void explain(QList<Disk>& disks, Audience audience = Audience::File);

/// The explanations the helper sent (in English, for files), each worded again for `audience` from the
/// same facts; one this version does not make stays as it came, and none is added.
void reword(QList<Disk>& disks, Audience audience);

/// A disk's health not read, with the reason (not root, asked not to).
void markUnread(QList<Disk>& disks, const QString& reason);

} // namespace HealthProbe

} // namespace RaidBench

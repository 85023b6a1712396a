#pragma once

#include "lab/diskmodel.h"
#include "util/result.h"

#include <QList>
#include <QString>

#include <cstdint>
#include <optional>

namespace RaidBench {

/// An I/O error (EIO) a virtual disk returns for every request covering a byte offset (qemu blkdebug).
struct LabFault
{
    bool onWrite = true;
    std::uint64_t offset = 0;
};

/// One virtual disk of the lab: its size, its speeds (MB/s = 10^6 bytes/s; 0 = unthrottled), an
/// optional fault, and the identity the VM shows (serial, model, WWN, controller).
struct LabDiskSpec
{
    std::uint64_t sizeBytes = 0;
    double writeMBps = 0;
    double readMBps = 0;
    int iops = 0; ///< requests per second, reads and writes together (0 = no limit), like a disk's seeks
    std::optional<LabFault> fault;
    /// How the disk behaves in time: flat (qemu's throttles above), or a hard disk's or an SSD's model,
    /// served by the lab's nbdkit filter.
    DiskModelParams diskModel;
    int index = 0;
    int controller = 0;
    /// The limit of the disk's controller, MB/s shared by all its disks (0 = none): a qemu throttle group
    /// above each disk's own, like a host adapter or an expander slower than the sum of its disks.
    double controllerMBps = 0;

    QString serial() const;
    QString vendor() const;
    QString model() const;
    QString wwn() const;
    /// What the disk is, in words: "a hard disk: 105 MB/s at its start falling to 55 at its end,
    /// 7200 rpm, 8.5 ms average seek, a 64 MiB write cache".
    QString describe() const;
};

/// Parses SPEC: a comma list of [Nx]SIZE[@MBPS[/MBPS]][:hdd|:ssd][:iops=N][:fail-write=OFFSET|:fail-read=OFFSET],
/// e.g. "2x2G@105,2x2G@38", "3x1G", "1G@100/200", "4x1G@150:iops=150", "1G:fail-write=100M". Disks
/// are numbered in order and spread over `controllers` controllers round robin.
/// A model: ":hdd" (a hard disk; @OUTER is its outer zone's rate, with inner=MBPS, rpm=N, seek=MS and
/// cache=SIZE for its write cache), ":ssd" (@BURST/READ, with steady=MBPS once cache=SIZE is full, and
/// latency=US); e.g. "4x2G:hdd", "2x2G@150:hdd:inner=80:rpm=5400", "1G@300/350:ssd:cache=256M".
Result<QList<LabDiskSpec>> parseLabSpec(const QString& spec, int controllers = 1, double controllerMBps = 0);

/// The controllers' count and their shared limit: "N" or "N@MBPS" (each controller limited to MBPS for
/// all of its disks together, e.g. "3@300").
struct LabControllers
{
    int count = 1;
    double mbps = 0;
};
Result<LabControllers> parseLabControllers(const QString& text);

/// The spec back in its canonical text form.
QString formatLabSpec(const QList<LabDiskSpec>& disks);

} // namespace RaidBench

#pragma once

#include "disks/disk.h"

#include <QString>

#include <functional>

namespace RaidBench {

/// What a probe of one device found: its signatures (file systems, RAID and LVM superblocks,
/// partition tables), or why it could not look.
struct ProbeResult
{
    QList<DiskSignature> signatures;
    QString error;
};

/// Probes a device path; the scanner takes one so tests can replay recorded results.
using SignatureProbe = std::function<ProbeResult(const QString& devicePath)>;

/// Every signature libblkid finds on `devicePath` (read-only, non-exclusive open).
ProbeResult probeWithBlkid(const QString& devicePath);

} // namespace RaidBench

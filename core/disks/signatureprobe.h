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

/// `probe` of `devicePath` given at most `timeoutMs`: a device whose reads hang fails its own probe
/// with an error (the probe goes on in a thread of its own until the kernel gives up on the read)
/// instead of stalling the caller.
ProbeResult probeWithin(const SignatureProbe& probe, const QString& devicePath, int timeoutMs);

/// Every signature libblkid finds on `devicePath` (read-only, non-exclusive open).
ProbeResult probeWithBlkid(const QString& devicePath);

} // namespace RaidBench

#pragma once

#include "disks/disk.h"

#include <QStringList>

#include <cstdint>

namespace RaidBench {

/// What the caller allows: loop devices (tests), wiping named devices' signatures, a minimum size.
struct EligibilityOptions
{
    bool allowLoop = false;
    /// md arrays and device-mapper volumes are usable targets (a benchmark of an array), not refused
    /// as "itself an array"; whatever uses them still is.
    bool allowArrays = false;
    QStringList wipe; ///< device paths (or names) whose signatures the user agreed to erase
    std::uint64_t minSizeBytes = 0;
};

/// Fills `disk.reasons` and `disk.eligible` (and its partitions'). In-use reasons (mounted, swap,
/// holders, system disk, read-only) are never waived; signatures are waived for a device the caller
/// asked to wipe.
void applyEligibility(Disk& disk, const EligibilityOptions& options);

} // namespace RaidBench

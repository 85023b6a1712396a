#pragma once

#include <QList>

#include <cstdint>

namespace RaidBench {

/// One member of a near RAID10 as the simulation sees it: its own read speed (bytes a second) and
/// what a gap costs it (DiskAccess::gapCost: a gap of one chunk, and of two, as a share of the time
/// reading them takes).
struct NearMember
{
    double read = 0;
    double gapOne = 0;
    double gapTwo = 0;
};

/// The stream that reads a near layout: `inFlight` reads of `requestBytes`, each issued at the next
/// offset as one ends (SEQ1M QD8).
struct NearStream
{
    std::uint64_t requestBytes = 1u << 20;
    int inFlight = 8;
    std::uint64_t chunkBytes = 512u << 10;
};

/// md's near RAID10 reading one stream, piece by piece (docs/analysis.md, "Disks that seek"): md cuts
/// each read at its chunks and sends each piece to a copy by raid10.c's read_balance: an idle copy
/// (nothing pending) at distance 0, else the copy whose head, where its last read ended, is nearest,
/// the first of equals. Each member serves its pieces one at a time, the one it reaches soonest
/// first (as a disk's queue reorders); a piece that continues where the member's last one ended
/// costs nothing to reach, a gap up to a chunk costs the member's gapOne share of reading it, and a
/// longer one what two chunks cost (a seek and the rotation after it, which hardly grow over a few
/// MiB). Returns the stream's bytes a second once it has settled; 0 when a member cannot read.
double simulatedNearRead(const QList<NearMember>& members, int copies, const NearStream& stream);

} // namespace RaidBench

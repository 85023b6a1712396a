#pragma once

#include "layout/arrayspec.h"

#include <QString>

#include <algorithm>
#include <cstdint>
#include <optional>

namespace RaidBench {

// Stripe geometry: the full stripes of parity arrays (RAID4/5/6), the chunk of a RAID0 or the stripe
// size of an LVM volume on top of them that keeps every write to a leg whole, and what md's writes
// cost when they do not fill a stripe (docs/analysis.md, "Parity writes").

/// mdadm's default chunk, and what md uses when a node sets none.
constexpr std::uint64_t defaultMdChunk = 512 * 1024;
/// LVM's default stripe size (lvcreate -I).
constexpr std::uint64_t defaultLvmStripe = 64 * 1024;
/// The largest LVM stripe size RaidBench builds: its 4 MiB extent.
constexpr std::uint64_t maxLvmStripe = 4 * 1024 * 1024;
/// md's stripe cache: the kernel's default, and the range md/stripe_cache_size accepts.
constexpr int defaultStripeCache = 256;
constexpr int minStripeCache = 17;
constexpr int maxStripeCache = 32768;

bool isParityLevel(ArrayLevel level);
/// A parity array's members that hold data in each stripe (active members minus 1, or 2 for RAID6);
/// 0 for every other node.
int dataMembers(const ArraySpec& node);
/// Parity chunks per stripe: 1 (RAID4/5), 2 (RAID6), 0 otherwise.
int parityMembers(const ArraySpec& node);
/// The chunk md uses for an md node: its own, or for a RAID0 over parity legs that sets none the
/// aligned one (alignedTopChunk), else mdadm's 512 KiB. 0 for levels without chunks.
std::uint64_t effectiveChunk(const ArraySpec& node);
/// The stripe size of an LVM node: its own, over parity legs the aligned one, else LVM's 64 KiB.
std::uint64_t effectiveStripeSize(const ArraySpec& node);
/// The data one full stripe of a parity array holds: data members x chunk. 0 for other nodes.
std::uint64_t fullStripeBytes(const ArraySpec& node);
/// The smallest size that is a whole multiple of the full stripe of every parity child of `node`;
/// 0 when it has none.
std::uint64_t legStripeMultiple(const ArraySpec& node);
/// For a RAID0 or LVM node over parity legs: the smallest chunk (stripe size) of at least 512 KiB that
/// is a whole multiple of every leg's full stripe, so that each write md passes to a leg fills whole
/// stripes. RAID0 may take any multiple of 4 KiB up to 2 GiB; an LVM stripe size must be a power of
/// two up to 4 MiB, so there is none over legs whose full stripe is not a power of two (3 data disks).
/// nullopt for other nodes, and when no such size exists.
std::optional<std::uint64_t> alignedTopChunk(const ArraySpec& node);
/// `spec` with every chunk and stripe size that was left to RaidBench written out as the build uses it.
ArraySpec withResolvedChunks(ArraySpec spec);
/// For a RAID0 or LVM node whose chunk (stripe size) makes every write to a parity leg a partial
/// stripe: what that costs and what to use instead. Empty otherwise.
QString partialStripeWarning(const ArraySpec& node);

/// A stream of sequential writes as it reaches one array: each `pieceBytes` long and aligned on its
/// own size (a benchmark's blocks, or the pieces a RAID0 above cut them into), `inFlight` at once.
struct WriteStream
{
    std::uint64_t pieceBytes = 1u << 20;
    int inFlight = 8;
    /// The most writes that can wait on this array at once: a member of a stripe that falls behind its
    /// siblings (md's thread busy, the CPU shared) holds every write of the stream above that is still in
    /// flight. 0: the same as inFlight.
    int mostInFlight = 0;

    int most() const { return std::max(inFlight, mostInFlight); }
};

/// The stream a child of a striping node (RAID0 or LVM with its chunk or stripe size) receives.
WriteStream childStream(const ArraySpec& node, const WriteStream& stream);

/// How far md's gathering of partial stripes may move a parity write from the model's figure.
constexpr double gatherBand = 0.2;
/// What a page md reads before it writes costs its thread, against a page it writes: 1.6 times as much
/// (a read sends the stripe through md's state machine once more). Fitted in the lab over 30 parity
/// writes of four benchmark runs (least squares): a core handles 446 MB/s of member writes alone, or
/// 272 MB/s of member reads alone.
constexpr double mdReadWork = 1.6;

/// What a stream of writes costs a parity array (docs/analysis.md, "Parity writes").
struct ParityWriteCost
{
    bool fullStripes = false; ///< every write covers whole stripes: nothing to read
    bool gathered = false; ///< the writes do not, but md can gather them into whole stripes in its cache
    bool straddles = false; ///< writes cross stripe boundaries, so md cannot gather them all
    /// Member work of full-stripe writes over the work when md handles every write alone, reading
    /// old data or parity first (4 KiB pages read and written; reads and writes share each disk's time).
    double floorFactor = 1;
    /// Member pages md writes and reads per data page: with full stripes (n/d, nothing read), and at
    /// the floor (every write alone: data, parity again, and the reads first).
    double fullWrites = 1;
    double floorWrites = 1;
    double floorReads = 0;
    /// What the model expects of the full-stripe speed: 1 for full or gathered stripes, the floor with
    /// one write in flight, else halfway from the floor to 1 (md gathers some stripes anyway;
    /// docs/analysis.md has the lab's figures).
    double factor = 1;
    /// The band md's gathering leaves the figure in: a fifth either side of it, never below the floor
    /// nor above full stripes. Both equal the factor when there is no doubt.
    double lowFactor = 1;
    double highFactor = 1;
    int stripeCache = defaultStripeCache; ///< the array's stripe cache, in stripes (a page per member)
    int stripeCacheNeeded = 0; ///< stripes the writes in flight touch: what gathering them needs
    QString explanation;

    /// The work of md's thread per data page when the write goes at `speedFactor` of full stripes: the
    /// member pages it writes, and those it reads at mdReadWork each. The member pages beyond full
    /// stripes (n/d over the factor, less n/d) are the floor's extra writes and reads in proportion.
    double threadWork(double speedFactor) const;
};
ParityWriteCost parityWriteCost(const ArraySpec& node, const WriteStream& stream);

} // namespace RaidBench

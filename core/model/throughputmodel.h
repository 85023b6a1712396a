#pragma once

#include "layout/arrayspec.h"
#include "layout/stripes.h"
#include "model/modelcontext.h"
#include "results/campaignresults.h"

#include <QHash>
#include <QList>
#include <QString>

#include <functional>
#include <optional>

namespace RaidBench {

/// Sequential write and read bandwidth (bytes/s) a layout should give, from its members' baselines.
struct ThroughputPrediction
{
    std::optional<double> write;
    std::optional<double> read;
    /// Where parity writes are partial stripes that md may or may not gather (several in flight, the
    /// stripe cache too small or the writes crossing stripes), how many it gathers depends on when the
    /// writes arrive: the band the lab measured it in around the figure, inside what none gathered
    /// (the floor) and all (full stripes) give. Both equal the write when the model has no such doubt.
    std::optional<double> writeLow;
    std::optional<double> writeHigh;
    /// What sets the predicted write: "disks", "partial-stripes" (md reads before it writes) or "cpu"
    /// (md's parity threads); empty when there is no prediction.
    QString writeBound;
    QString writeNote; ///< why, in words, for a layout with parity arrays or a shared ceiling
    /// What sets the predicted read: "disks", or "shared" (disks measured together reach less).
    QString readBound;
    /// The speeds a read stream may go at, each as likely: a mirror's first two members (md keeps a
    /// sequential stream on the mirror that served the read before it, for a whole run; which mirror
    /// starts it depends on where the members' heads were left, and in the lab it was the second one for
    /// a run after the device checks and another for the next run); empty when the read is one speed. A
    /// stripe over mirrors goes at the pace of its slowest mirror's copy.
    QList<double> readStates;
    /// Where a run reads from one copy of a mirror, whichever md picks: the slowest and the fastest pace
    /// a run can then go at (any member of a mirror may serve it). Both equal the read when there is no
    /// such doubt.
    std::optional<double> readLow;
    std::optional<double> readHigh;
    QString readNote;

    /// Whether the write is a range (writeLow < writeHigh) rather than one figure.
    bool writeIsRange() const;
    /// Whether the read is a range (readLow < readHigh): a run reads at the pace of the copies md picks.
    bool readIsRange() const;
};

/// The throughput model (docs/analysis.md), for one sequential stream: raid0 and LVM striping n x
/// the slowest member; raid1 the slowest member; raid4 (n-1) x the slowest; raid5/6 write (n-1) x and
/// (n-2) x the slowest and read n x the slowest (parity rotates, every member streams data); raid10
/// writes n/copies x the slowest and reads, in a near layout, sets/copies x the slowest set's sum
/// (md balances over a set's members), in far and offset layouts n x the slowest; linear its first
/// member. Nested layouts compose, each child acting as a member at its own predicted speed. Parity
/// writes that do not fill whole stripes cost what parityWriteCost() says, and where md's threads
/// were measured, the CPU can bound them (the context's rates).
ThroughputPrediction
predictThroughput(const ArraySpec& spec,
                  const std::function<std::optional<std::pair<double, double>>(const QString&)>& baseline,
                  const ModelContext& context = {});

/// The work md's parity threads do per byte written on top of `spec`, as the model counts it: each parity
/// array's share of the writes times its members' pages written and read (a read counting mdReadWork
/// times), at full stripes or as far from them as the writes leave it; none without a parity array.
std::optional<double> parityThreadWork(const ArraySpec& spec);

} // namespace RaidBench

#pragma once

#include "layout/arrayspec.h"
#include "layout/stripes.h"
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
    /// The speeds a read stream moves between over time, each for an equal share of it: a mirror's first
    /// two members (md keeps a stream on one mirror and moves it to the other at random moments); empty
    /// when the read is one speed. A stripe over mirrors goes at the pace of the slowest at each moment.
    QList<double> readStates;
    QString readNote;

    /// Whether the write is a range (writeLow < writeHigh) rather than one figure.
    bool writeIsRange() const;
};

/// What the model knows beyond the disks' own speeds.
struct ModelContext
{
    WriteStream stream; ///< the sequential test's writes (SEQ1M QD8)
    /// The work md's thread for one parity array does a second per core it uses, as measured on this
    /// machine: its members' bytes written, and read at mdReadWork each (one rate for RAID4/5 and RAID6,
    /// which cost md the same); else the kernel's own parity speeds, apart; 0 when nothing is known.
    double parityRate = 0;
    double raid6Rate = 0;
    /// The rate is the kernel's own parity speed, of data bytes rather than md's work.
    bool parityRateFromKernel = false;
    bool raid6RateFromKernel = false;
    double otherCpuPerByte = 0; ///< core-seconds the rest (engine, block layer) spends per byte written
    int cpus = 0;
    QString rateSource; ///< where the rates come from, in words
    /// The disks measured together (a controller's, the pool's): no layout moves more through them.
    QList<DisksTogether> together;
    /// What a gap of one and of two chunks in a read costs each disk (by its path), as a share of the
    /// time reading them takes (DiskAccess::gapCost): a parity array's members skip its parity chunks.
    /// A disk not in them skips for free.
    QHash<QString, double> gapOne;
    QHash<QString, double> gapTwo;
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

/// The model's context from a results file: md's parity rates and the other CPU per byte measured on
/// the configurations other than `except` (so that no figure predicts itself), else the kernel's own
/// parity speeds as a ceiling, and the host's CPUs.
ModelContext modelContext(const CampaignResults& results, const QString& except = QString());

} // namespace RaidBench

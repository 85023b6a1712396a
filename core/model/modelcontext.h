#pragma once

#include "layout/stripes.h"
#include "results/campaignresults.h"

#include <QHash>
#include <QList>
#include <QString>

namespace RaidBench {

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

/// The model's context from a results file: md's parity rates and the other CPU per byte measured on
/// the configurations other than `except` (so that no figure predicts itself), else the kernel's own
/// parity speeds as a ceiling, and the host's CPUs.
ModelContext modelContext(const CampaignResults& results, const QString& except = QString());

} // namespace RaidBench

#pragma once

#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <optional>

namespace RaidBench {

/// What a disk's own phase measured of the access patterns layouts make of it, beyond its SEQ1M QD8
/// figures: reads that skip chunks (a RAID5 member skips one parity chunk in every stripe it holds, a
/// RAID6 member two in a row), random 4K reads and writes at QD1 and QD32, each disk alone, and its
/// share of random 4K at QD32 with every disk at once (what the controllers and processors allow the
/// disks together: in the lab's VM the processor, not the disks, bounds a flat disk). A hard disk pays
/// for a skipped chunk as if it read it (the platter carries the head over it), an SSD or a flat lab
/// disk nothing; a hard disk reads a random block in a seek and half a rotation, faster with a queue
/// it can reorder. The throughput model takes each disk's own figures, whatever kind of disk it is.
struct DiskAccess
{
    std::uint32_t chunkBytes = 0; ///< the block size of the strided reads (md's chunk)
    std::optional<double> skipOneBw; ///< bytes/s read, reading one chunk and skipping the next, in turn
    std::optional<double> skipTwoBw; ///< reading one chunk and skipping two
    std::optional<double> randReadQd1; ///< IOPS
    std::optional<double> randReadQd32;
    std::optional<double> randWriteQd1;
    std::optional<double> randWriteQd32;
    std::optional<double> randReadTogether; ///< IOPS at QD32 while every disk of the pool ran at once
    std::optional<double> randWriteTogether;
    QString error; ///< why a measurement failed, when one did

    /// Every figure of the disk alone is there (the disks together are measured when there are two).
    bool complete() const;
    bool isEmpty() const;
    /// The time a gap of `chunks` chunks (1 or 2) costs, as a share of reading them, from the disk's
    /// sequential read `readBw`: 0 for a disk that skips for free, 1 for one that waits as long as it
    /// would have read; clamped to 0-1.5. None without the strided read.
    std::optional<double> gapCost(int chunks, double readBw) const;
    /// Random 4K IOPS at `queueDepth`: between the QD1 and QD32 figures in the logarithm of the depth (a
    /// hard disk's queue reorders more the deeper it is; its write cache reorders writes at any depth;
    /// a flat disk's figure is one number), flat outside them. None without the figures.
    std::optional<double> randomIops(bool write, double queueDepth) const;

    QJsonObject toJson() const;
    static DiskAccess fromJson(const QJsonObject& json);
};

} // namespace RaidBench

#pragma once

#include "layout/arrayspec.h"
#include "results/diskaccess.h"

#include <QString>

#include <functional>
#include <optional>

namespace RaidBench {

/// What every disk of the pool managed together at QD32, in all: the requests a second the controllers
/// and processors allow the disks at once (in the lab's VM the processor bounds flat disks long before
/// they do). None when the disks were not measured together.
struct RandomCeiling
{
    std::optional<double> readIops;
    std::optional<double> writeIops;
};

/// Random 4K IOPS a layout should give at a queue depth (RND4K QD32 by default), reads and writes apart.
struct RandomPrediction
{
    std::optional<double> readIops;
    std::optional<double> writeIops;
    QString note; ///< what each write costs the disks, in words, where it costs more than one
};

/// The random model (docs/analysis.md): each disk's own random figures at the queue depth it sees
/// (DiskAccess::randomIops), and what one request on top costs the disks below. A read is one request
/// to one disk wherever the layout keeps a copy of it (stripes and parity arrays: the disk holding the
/// block; mirrors: md's choice, spread over them), so reads add up. A write is a request to every
/// copy (a mirror's c), and on a parity array md's read-modify-write: it reads the block and the
/// parity it replaces, or the stripe's other data when that is fewer, and writes the block and the
/// parity, so a RAID5 write costs four requests (two reads, two writes) and a RAID6 write six. The
/// requests spread over the members evenly, the slowest setting the pace. Nested layouts compose,
/// each child acting as a member. The disks' requests for one request on top, reads and writes, then
/// take at least their time at `ceiling`'s pace. None when a disk has no random figures.
RandomPrediction predictRandom(const ArraySpec& spec, const std::function<const DiskAccess*(const QString&)>& access,
                               const RandomCeiling& ceiling = {}, int queueDepth = 32);

} // namespace RaidBench

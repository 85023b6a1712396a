#pragma once

#include "disks/disk.h"

#include <QList>
#include <QMap>
#include <QString>

namespace RaidBench {

/// Disks grouped by host adapter (the PCI address in Disk::controller), in first-seen order.
QList<std::pair<QString, QList<Disk>>> groupByController(const QList<Disk>& disks);

/// The disks reordered so that consecutive picks alternate controllers (as a user with three
/// controllers does by hand: "a 3-drive array takes one disk from each controller"): first disk of each controller,
/// then the second of each...
QList<Disk> spreadAcrossControllers(const QList<Disk>& disks);

/// How many of `disks` sit on each controller.
QMap<QString, int> disksPerController(const QList<Disk>& disks);

} // namespace RaidBench

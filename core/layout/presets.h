#pragma once

#include "layout/arrayspec.h"
#include "util/result.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace RaidBench {

/// A disk as presets need it.
struct PresetDisk
{
    QString path;
    std::uint64_t sizeBytes = 0;
    QString controller;
    QString label;
};

/// The seed layouts by name: single, raid0, raid1, raid5, raid6, raid10, raid50, raid60, raid0+1,
/// raid1+0, lvm-stripe-over-raid1.
QStringList presetNames();
/// Builds preset `name` over `disks`, spreading members across controllers (seed 000) where the
/// disks allow. Errors name what the disk count does not allow.
Result<ArraySpec> makePreset(const QString& name, const QList<PresetDisk>& disks);
/// The presets these disks allow, in presetNames() order.
QStringList presetsFor(const QList<PresetDisk>& disks);

} // namespace RaidBench

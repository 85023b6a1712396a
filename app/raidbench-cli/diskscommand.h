#pragma once

#include <QStringList>

namespace RaidBench::Cli {

/// `raidbench-cli disks`: the disks of this machine and whether RaidBench may use each.
int runDisks(const QStringList& arguments);

} // namespace RaidBench::Cli

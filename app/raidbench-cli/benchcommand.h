#pragma once

#include <QStringList>

namespace RaidBench::Cli {

/// `raidbench-cli bench`: one engine job on a file or block device.
int runBench(const QStringList& arguments);

} // namespace RaidBench::Cli

#pragma once

#include <QStringList>

namespace RaidBench::Cli {

/// `raidbench-cli bench-fs`: one file-system test in an existing directory, no array needed.
int runBenchFs(const QStringList& arguments);

} // namespace RaidBench::Cli

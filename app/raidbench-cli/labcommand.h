#pragma once

#include <QStringList>

namespace RaidBench::Cli {

/// `raidbench-cli lab run|check|agent`: the virtual disk lab.
int runLab(const QStringList& arguments);

} // namespace RaidBench::Cli

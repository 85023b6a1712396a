#pragma once

#include <QStringList>

namespace RaidBench::Cli {

/// `raidbench-cli array create|list|teardown|recover`.
int runArray(const QStringList& arguments);

} // namespace RaidBench::Cli

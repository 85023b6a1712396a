#pragma once

#include "command.h"

namespace RaidBench::Cli {

/// `raidbench-cli bench-fs`: one file-system test in an existing directory, no array needed.
class BenchFsCommand final : public Command
{
public:
    BenchFsCommand();
    int execute(const QStringList& arguments) override;
};

} // namespace RaidBench::Cli

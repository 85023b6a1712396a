#pragma once

#include "command.h"

namespace RaidBench::Cli {

/// `raidbench-cli bench`: one engine job on a file or block device.
class BenchCommand final : public Command
{
public:
    BenchCommand();
    int execute(const QStringList& arguments) override;
};

} // namespace RaidBench::Cli

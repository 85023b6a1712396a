#pragma once

#include "command.h"

namespace RaidBench::Cli {

/// `raidbench-cli disks`: the disks of this machine and whether RaidBench may use each.
class DisksCommand final : public Command
{
public:
    DisksCommand();
    int execute(const QStringList& arguments) override;
};

} // namespace RaidBench::Cli

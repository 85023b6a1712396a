#pragma once

#include "command.h"

namespace RaidBench::Cli {

/// `raidbench-cli lab run --disks SPEC -- COMMAND`: boots the lab's VM with virtual disks and runs
/// COMMAND in it as root, its stdin, stdout and stderr this program's. A part of `lab` (LabCommand).
class LabRunCommand final : public Command
{
public:
    LabRunCommand();
    int execute(const QStringList& arguments) override;
};

} // namespace RaidBench::Cli

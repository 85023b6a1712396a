#pragma once

#include "command.h"

namespace RaidBench::Cli {

/// `raidbench-cli lab demo`: the campaign on the virtual lab's disks, with its report. A part of
/// `lab` (LabCommand runs it), named as the user types it.
class LabDemoCommand final : public Command
{
public:
    LabDemoCommand();
    int execute(const QStringList& arguments) override;
};

} // namespace RaidBench::Cli

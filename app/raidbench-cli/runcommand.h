#pragma once

#include "command.h"

namespace RaidBench::Cli {

/// `raidbench-cli run PLAN.json [--out RESULTS.json]`: the campaign, here or on other machines
/// (`--host`, `--hosts`).
class RunCommand final : public Command
{
public:
    RunCommand();
    int execute(const QStringList& arguments) override;
};

} // namespace RaidBench::Cli

#pragma once

#include "command.h"

namespace RaidBench::Cli {

/// `raidbench-cli array create|list|teardown|recover`.
class ArrayCommand final : public Command
{
public:
    ArrayCommand();
    int execute(const QStringList& arguments) override;
};

} // namespace RaidBench::Cli

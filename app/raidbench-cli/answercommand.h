#pragma once

#include "command.h"

namespace RaidBench::Cli {

/// `raidbench-cli answer DISK... --recommend TEXT [--verify N]`: the disks measured alone and together,
/// every layout they allow predicted and ranked, only the best N built and measured.
class AnswerCommand final : public Command
{
public:
    AnswerCommand();
    int execute(const QStringList& arguments) override;
};

} // namespace RaidBench::Cli

#pragma once

#include "command.h"

namespace RaidBench::Cli {

/// `raidbench-cli lab ssh-host --disks SPEC --port PORT --authorized-keys FILE`: the lab's VM as a
/// machine reached over ssh (its sshd on 127.0.0.1:PORT only), until Ctrl-C. A part of `lab`.
class LabSshHostCommand final : public Command
{
public:
    LabSshHostCommand();
    int execute(const QStringList& arguments) override;
};

} // namespace RaidBench::Cli

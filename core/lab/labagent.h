#pragma once

#include <QString>

namespace RaidBench {

/// Runs inside the lab VM (as `raidbench-cli lab agent CTL`): reads CTL/request.json, runs the command
/// with its stdin, stdout and stderr on the virtio-serial ports raidbench.stdin/stdout/stderr, and
/// writes "exit N" or "signal N" to CTL/status. Returns the agent's own exit code.
int runLabAgent(const QString& controlDir);

} // namespace RaidBench

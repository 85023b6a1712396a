#pragma once

#include <QString>

namespace RaidBench {

/// Runs inside the lab VM (as `raidbench-cli lab agent CTL`): reads CTL/request.json, runs the command
/// with its stdin, stdout and stderr on the virtio-serial ports raidbench.stdin/stdout/stderr, and
/// writes "exit N" or "signal N" to CTL/status. Returns the agent's own exit code.
int runLabAgent(const QString& controlDir);

/// Inside the lab VM, after `lab plug`: waits up to `timeoutMs` for the disk whose serial ends with
/// `serialSuffix` to be probed again (under whichever sdX name the kernel gives it), then makes its
/// /dev/disk/by-id links point at it, as udev would. False when it did not come back in time.
bool waitForReturningDisk(const QString& serialSuffix, int timeoutMs);

} // namespace RaidBench

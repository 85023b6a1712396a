#pragma once

#include "arrays/buildmachine.h"

#include <functional>
#include <optional>

namespace RaidBench::Test {

/// The machine a unit test's build pretends on: each new array's node appears at once (or never, with
/// `nodesAppear` false); a disk is what `disk` says, and udev assembles arrays as `udev` says; either
/// left empty is this machine's answer.
class PretendBuildMachine final : public LocalBuildMachine
{
public:
    bool nodesAppear = true;
    std::function<Result<Disk>(const QString& node)> disk;
    std::optional<bool> udev;

    bool deviceExists(const QString&) const override { return nodesAppear; }
    Result<Disk> inspectDisk(const QString& node) const override
    {
        return disk ? disk(node) : LocalBuildMachine::inspectDisk(node);
    }
    bool assemblyRuns() const override { return udev ? *udev : LocalBuildMachine::assemblyRuns(); }
};

} // namespace RaidBench::Test

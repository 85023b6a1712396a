#pragma once

#include "disks/disk.h"
#include "util/result.h"

#include <QString>

namespace RaidBench {

/// What a build asks of the machine beyond its commands: whether a new array's node has appeared, what
/// a disk is (for its write cache), and whether udev assembles md arrays on its own here.
/// LocalBuildMachine is this machine; a unit test derives from it to pretend (tst_build).
class BuildMachine
{
public:
    virtual ~BuildMachine() = default;
    /// Whether `device` is a block device node now.
    virtual bool deviceExists(const QString& device) const = 0;
    /// What a pinned node is (transport, name).
    virtual Result<Disk> inspectDisk(const QString& node) const = 0;
    /// Whether a build must refuse when it cannot keep md's automatic assembly off its arrays: where
    /// udev runs (it runs that assembly on every device that appears).
    virtual bool assemblyRuns() const = 0;
};

/// stat(2), DiskScanner and udevIsRunning().
class LocalBuildMachine : public BuildMachine
{
public:
    bool deviceExists(const QString& device) const override;
    Result<Disk> inspectDisk(const QString& node) const override;
    bool assemblyRuns() const override;
};

} // namespace RaidBench

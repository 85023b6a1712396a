#pragma once

#include "arrays/buildexecutor.h"

namespace RaidBench {

/// The write caches of a build's disks, turned on or off for its tests and set back at its end. Every
/// change is checked by the gate right before (a member of this build, still the pinned disk; for
/// NVMe, only when every namespace of its controller is a disk of the build), and journaled with the
/// original state first, so teardown and recovery can set it back.
class BuildWriteCaches
{
public:
    /// `options` must have its machine (BuildExecutor's have).
    BuildWriteCaches(CommandRunner& runner, const BuildExecutor::Options& options, BuildObserver* observer);

    /// Turns a pinned leaf's write cache on or off: the original state journaled, then the change,
    /// read back. A disk already in that state is left alone.
    Result<WriteCacheState> set(BuiltArray& built, const PinnedDevice& pin, bool on);
    /// Sets back every write cache `built` changed (each checked by the gate first).
    TeardownReport restore(const BuiltArray& built);

private:
    CommandRunner& m_runner;
    const BuildExecutor::Options& m_options;
    BuildObserver* m_observer = nullptr;
};

} // namespace RaidBench

#pragma once

#include "util/result.h"

#include <QString>

namespace RaidBench {

/// Takes this root process out of a control group its caller can control. A user owns the cgroups
/// under their own systemd manager (user@UID.service) and may freeze, throttle or kill every process
/// in one, root's too: a helper left there could be stopped between a check and the command it
/// guards, or killed before it tears down; logind lets them signal everything in their own session's
/// scope and user slice (`loginctl kill-session`, `kill-user`), root's processes too. The helper moves
/// itself into `<cgroup2>/raidbench-helper` (made by root) when any cgroup it is in, up to the
/// hierarchy's root, belongs to another user, or when it is under `user.slice`, and
/// lowers an OOM score adjustment the caller raised. An error when it stays under a user's control.
/// Where the cgroup v2 hierarchy is not mounted, there is nothing a user could write.
class HelperCgroup
{
public:
    /// `procRoot` and `mountInfo` for tests; the real ones by default. Remembers where the caller had it
    /// (callerPath()) before it moves.
    static Result<void> leaveCallersControl(const QString& procRoot = QStringLiteral("/proc"));
    /// The cgroup v2 group this process was started in (before leaveCallersControl() moved it): where
    /// the user's command's own group goes under (CommandCgroup).
    static QString callerPath();

    /// The cgroup v2 mount point in `mountInfo` (a /proc/self/mountinfo text), or empty.
    static QString unifiedMount(const QString& mountInfo);
    /// The path of this process's cgroup v2 group in `cgroupFile` (a /proc/self/cgroup text).
    static QString unifiedPath(const QString& cgroupFile);
    /// The first directory from `mount + path` up to `mount` that is not root's and writable by root
    /// only, or empty.
    static QString foreignOwner(const QString& mount, const QString& path);
};

} // namespace RaidBench

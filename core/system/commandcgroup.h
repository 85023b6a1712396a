#pragma once

#include "util/result.h"

#include <QString>
#include <QStringList>

namespace RaidBench {

/// A control group of its own for one run of a user's command. The command joins it before it becomes
/// its user, so everything it starts (a daemon in a session of its own too) is in it, and nothing the
/// user can do takes a process out: it is root's, under the caller's slice (the nearest group above the
/// caller's that only root controls, never a group the user was delegated), so the slice's limits
/// apply to it. When the test ends, is cancelled or the helper goes, every process in it is killed
/// (cgroup.kill; freeze and kill each where the kernel has none) and the group removed.
class CommandCgroup
{
public:
    /// A new group under parentFor() the caller, named raidbench-command-NS-PID-START-N (this process's
    /// pid namespace, pid and start time); an error when there is no cgroup v2 hierarchy or the group
    /// cannot be made.
    static Result<CommandCgroup> create();

    CommandCgroup(CommandCgroup&& other) noexcept;
    CommandCgroup& operator=(CommandCgroup&& other) noexcept;
    CommandCgroup(const CommandCgroup&) = delete;
    CommandCgroup& operator=(const CommandCgroup&) = delete;
    /// Whatever is still in it is killed, and it is removed.
    ~CommandCgroup();

    /// Its cgroup.procs, open for writing: a child writes "0" there to join it (ChildSpec::cgroupFd).
    int joinFd() const { return m_procsFd; }
    const QString& path() const { return m_path; }
    /// Kills every process in it and waits until it is empty, at most `timeoutMs`, then removes it. An
    /// error naming the processes still in it (one stuck in the kernel, in an I/O that does not end).
    Result<void> killAll(int timeoutMs = 10000);

    /// Where a command's group goes for a caller in `callerPath` (a path in the hierarchy mounted at
    /// `mount`): the nearest group, from the caller's up, that it and every group above it only root
    /// controls; a unit's own group (.scope, .service) gives way to the slice it is in.
    static QString parentFor(const QString& mount, const QString& callerPath);
    /// Kills and removes the groups of commands whose maker (a helper, root's CLI) has ended, killed
    /// before it could, among those made in this pid namespace under groups only root controls: the
    /// group names, each with what stays if something did.
    static QStringList removeOrphans();

private:
    CommandCgroup() = default;
    void close();

    QString m_path;
    QString m_parent;
    QString m_name;
    int m_parentFd = -1;
    int m_dirFd = -1;
    int m_procsFd = -1;
};

} // namespace RaidBench

#pragma once

#include "util/result.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <sys/resource.h>
#include <sys/types.h>

namespace RaidBench {

/// A user's primary group (from the password database), or `uid` when the user has no entry.
int primaryGroupOf(int uid);

/// What to run in a child process. Everything is resolved and allocated before fork(): the child
/// calls only async-signal-safe functions between fork() and exec().
struct ChildSpec
{
    QStringList argv; ///< argv[0] is looked up in the environment's PATH unless it holds a '/', as the user
    QStringList environment; ///< the child's whole environment, NAME=VALUE
    QString workingDirectory; ///< entered after the user is switched; empty = stay
    int stdinFd = -1; ///< -1 = /dev/null
    int stdoutFd = -1; ///< -1 = /dev/null
    int stderrFd = -1; ///< -1 = /dev/null
    int uid = -1; ///< run as this user, with that user's own groups and none of ours; -1 = as we are
    int gid = -1;
    bool ownProcessGroup = true; ///< so that kill() reaches everything it starts
    /// A control group's cgroup.procs, open for writing: the child joins it before anything else
    /// (CommandCgroup), so that what it starts in a session of its own is in it too. -1: none.
    int cgroupFd = -1;
    bool dieWithParent = true; ///< the kernel kills it (SIGKILL) if this process dies first
};

/// One child process (the user's command in a file test, the lab agent's command). The one place
/// RaidBench forks and execs anything itself; allow-listed system programs go through CommandRunner.
class ChildProcess
{
public:
    /// Starts it; an error when the program cannot be run (looked up by the child, as the user it runs
    /// as: "no such program", or why it was refused) or the fork fails.
    static Result<ChildProcess> start(const ChildSpec& spec);

    ChildProcess(ChildProcess&& other) noexcept;
    ChildProcess& operator=(ChildProcess&& other) noexcept;
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;
    /// A child still running is killed (with its group) and reaped: nothing is left behind.
    ~ChildProcess();
    // A process it starts in a session of its own (setsid) leaves its group and escapes the group
    // kill: a user's command runs in a CommandCgroup (ChildSpec::cgroupFd), which catches it.

    pid_t pid() const { return m_pid; }
    bool running() const { return m_pid > 0 && !m_status; }
    /// The wait status once it has ended (without blocking); its CPU use in `usage`. With its own
    /// group, what it left running in that group is killed before it is reaped.
    std::optional<int> poll(rusage* usage = nullptr);
    /// Blocks until it ends; the wait status.
    int wait(rusage* usage = nullptr);
    /// Sends `signal` to its process group (or to it alone without one).
    void kill(int signal);

    /// Saves the resource limits this process runs under, before a root program lifts its own (the
    /// helper, at its start): a child started as another user (ChildSpec::uid) gets them back before the
    /// switch, so a user's command runs under the limits its user had.
    static void saveStartLimits();

private:
    ChildProcess() = default;
    std::optional<int> reap(bool block, rusage* usage);

    pid_t m_pid = -1;
    bool m_group = false;
    std::optional<int> m_status;
};

} // namespace RaidBench

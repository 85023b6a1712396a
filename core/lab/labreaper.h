#pragma once

#include <QByteArray>

#include <sys/types.h>

namespace RaidBench {

/// A forked watchdog that outlives a SIGKILL of this process: it waits for the end of a pipe whose
/// write end only this process holds, then kills the lab's qemu (told by pid, checked by its command
/// line) and removes the lab's directory with its disk files. Uses raw system calls only: it is a fork
/// of a multithreaded process.
class LabReaper
{
public:
    LabReaper() = default;
    ~LabReaper();
    LabReaper(const LabReaper&) = delete;
    LabReaper& operator=(const LabReaper&) = delete;

    bool start(const QByteArray& directory);
    void watch(pid_t qemuPid);
    /// Normal end: the directory is already gone; let the reaper exit and collect it.
    void release();

private:
    pid_t m_pid = -1;
    int m_fd = -1;
};

} // namespace RaidBench

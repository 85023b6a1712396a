#pragma once

#include <QByteArray>
#include <QString>

namespace RaidBench {

/// The lab VM's serial console as the host reads it (qemu writes it to a file): what is new since the
/// last read, the marker the guest prints once it is up, and the kernel's own words for a boot gone
/// wrong. Keeps the last 128-256 KiB.
class LabConsole
{
public:
    /// Forgets what was read (a new boot writes a new file).
    void clear();
    /// Reads what `path` gained since the last read.
    void readFrom(const QString& path);
    /// The guest came up (its init printed the lab's ready marker).
    bool ready() const;
    /// The kernel's line for a virtual CPU that stopped running ("rcu: INFO: rcu_preempt detected stalls
    /// on CPUs/tasks"), or empty.
    QString stalledCpu() const;
    /// The kernel's panic line ("Kernel panic - not syncing: ..."), or empty.
    QString panic() const;
    /// The last `lines` lines that are not blank, trimmed.
    QString tail(int lines) const;

private:
    /// The line around byte `at`, trimmed, at most 120 characters.
    QString lineAt(qsizetype at, bool fromStart) const;

    qint64 m_offset = 0;
    QByteArray m_text;
};

} // namespace RaidBench

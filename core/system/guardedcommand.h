#pragma once

#include "system/verifieddevice.h"
#include "util/result.h"

#include <QList>
#include <QStringList>

namespace RaidBench {

/// A command that may write to block devices: every /dev path in it names a device the gate verified
/// just now, and an lvm command sees only those devices (--devices). CommandRunner runs a command
/// that writes a device only in this form; it cannot be made from a plain argv list.
class GuardedCommand
{
public:
    /// `argv` bound to `devices`: refused when an argument under /dev names none of them, or when an
    /// lvm command does not confine LVM to them with --devices. `creates` is the one path the command
    /// makes (an array RaidBench names, /dev/md/raidbench-*): it does not exist yet, so it cannot be
    /// verified.
    static Result<GuardedCommand> make(QStringList argv, const QList<VerifiedDevice>& devices,
                                       const QString& creates = {});

    const QStringList& argv() const { return m_argv; }

private:
    explicit GuardedCommand(QStringList argv)
        : m_argv(std::move(argv))
    { }

    QStringList m_argv;
};

} // namespace RaidBench

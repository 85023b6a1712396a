#pragma once

#include "system/guardedcommand.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <atomic>
#include <mutex>

namespace RaidBench {

/// What running one program gave.
struct CommandResult
{
    int exitCode = -1;
    bool started = false;
    bool timedOut = false;
    bool cancelled = false;
    QString out;
    QString err;
    qint64 milliseconds = 0;

    bool ok() const { return started && !timedOut && !cancelled && exitCode == 0; }
    /// One line for the user: the program's last stderr line, or what kept it from running.
    QString summary() const;
};

/// Runs external programs, always as argv lists (never a shell). A command that may write to a block
/// device runs only as a GuardedCommand (its devices verified by the gate just now); a plain argv list
/// must be one of the forms that write no device (writesNoDevice), or it is not started.
class CommandRunner
{
public:
    virtual ~CommandRunner() = default;
    /// A command that writes no device (a report, a version, an unmount); anything else is refused.
    CommandResult run(const QStringList& argv, int timeoutMs, const std::atomic_bool* cancel = nullptr);
    /// A command that writes the devices the gate verified for it.
    CommandResult run(const GuardedCommand& command, int timeoutMs, const std::atomic_bool* cancel = nullptr);
    /// Whether `argv` is one of the forms that only read or write no device: mdadm --version, --detail
    /// and --examine; lvm version and its reports; smartctl's reading options; hdparm -W and -I with no
    /// value; sdparm --get; nvme's reading commands; blockdev --get*; umount of a path outside /dev.
    static bool writesNoDevice(const QStringList& argv);
    /// Sets an md tuning attribute (/sys/block/MD/ATTRIBUTE) of the array at `device`. Only
    /// md/stripe_cache_size, md/sync_speed_min and md/sync_speed_max (a number, or "system" for the
    /// speed limits) of an md device are allowed.
    virtual CommandResult writeMdAttribute(const QString& device, const QString& attribute, const QString& value) = 0;
    /// Asks the kernel to read a SCSI disk's settings again (/sys/block/sdX/device/rescan), so that
    /// what it believes about the disk's write cache follows a change made on the disk. Only
    /// /dev/sdX names are allowed.
    virtual CommandResult rescanDisk(const QString& device) = 0;

protected:
    /// Runs `argv`, already checked by run().
    virtual CommandResult execute(const QStringList& argv, int timeoutMs, const std::atomic_bool* cancel) = 0;
};

/// The real runner: only allow-listed programs (mdadm, lvm, wipefs, mkfs.ext4, mkfs.xfs, mount, umount,
/// blockdev, and for disks' health and write caches smartctl, hdparm, sdparm and nvme), resolved from /usr/sbin,
/// /usr/bin, /sbin and /bin only, with a clean environment (PATH of those directories, LC_ALL=C) and stdin from
/// /dev/null.
class SystemCommandRunner final : public CommandRunner
{
public:
    static QStringList allowedPrograms();
    static QStringList trustedDirectories();
    /// The full path of an allowed program, or empty.
    static QString resolve(const QString& program);

    CommandResult writeMdAttribute(const QString& device, const QString& attribute, const QString& value) override;
    CommandResult rescanDisk(const QString& device) override;
    /// The sysfs file an md attribute write goes to, or an error text.
    static QString mdAttributePath(const QString& device, const QString& attribute, QString* error);

protected:
    CommandResult execute(const QStringList& argv, int timeoutMs, const std::atomic_bool* cancel) override;
};

/// Records every command and answers from a script; for tests of planning, execution and the helper.
class RecordingCommandRunner final : public CommandRunner
{
public:
    /// A rule: when argv[0..] starts with `prefix`, answer with `result`.
    void answer(const QStringList& prefix, CommandResult result);
    CommandResult writeMdAttribute(const QString& device, const QString& attribute, const QString& value) override;
    CommandResult rescanDisk(const QString& device) override;
    QList<QStringList> commands() const;

protected:
    CommandResult execute(const QStringList& argv, int timeoutMs, const std::atomic_bool* cancel) override;

private:
    mutable std::mutex m_mutex;
    QList<QStringList> m_commands;
    QList<std::pair<QStringList, CommandResult>> m_rules;
};

} // namespace RaidBench

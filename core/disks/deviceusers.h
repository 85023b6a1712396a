#pragma once

#include "disks/diskreason.h"
#include "util/result.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <cstdint>

namespace RaidBench {

/// One user of a block device that holds no claim the kernel lists under `holders` and may not take an
/// exclusive open either: a loop device backed by it, a process that has it open or mapped, an
/// NVMe-over-Fabrics export.
struct DeviceUse
{
    enum class Kind {
        BacksLoop, ///< `name` is the loop device it backs (loop1)
        OpenByProcess, ///< `pid` has it open or mapped; `name` is that process's name (comm)
        Exported, ///< the kernel's NVMe target exports it; `name` is the subsystem
    };
    Kind kind = Kind::OpenByProcess;
    std::uint64_t device = 0; ///< the device number in use (a disk's, or one of its partitions')
    QString name;
    qint64 pid = 0;

    /// "backs loop device /dev/loop1", "open by qemu-system-x86 (pid 4711)": a disk reason, code
    /// `loop-backing`, `open` or `exported`.
    DiskReason reason() const;
    QJsonObject toJson() const;
    static DeviceUse fromJson(const QJsonObject& json);
    bool operator==(const DeviceUse& other) const = default;
};

/// Who uses block devices without a claim, read from the kernel's own view as fuser does: every loop
/// device's backing device (LOOP_GET_STATUS64's device number, or the backing file sysfs names), every
/// process's open descriptors and mappings (/proc/PID/fd and /proc/PID/map_files, followed to the
/// device number without waiting on any file system), and its threads' where they differ (a thread
/// with its own descriptor table, a process whose first thread ended), and what the kernel exports
/// (the NVMe target, LIO's backstores, a USB mass-storage gadget). A process that opened a device for
/// writing or mapped it counts at once; one that opened it for reading only when it holds it at three
/// looks 100 ms apart: blkid or udev probing a disk is not a use. One look covers
/// every device; it stops at a deadline, and one that did not finish is an error (the caller then
/// treats every device as possibly in use). What it cannot see: a descriptor in flight over a socket,
/// or registered with io_uring and closed.
class DeviceUsers
{
public:
    /// What backs a loop device, as the kernel holds it: the file's path (sysfs), its inode and device,
    /// and for a block device its device number (LOOP_GET_STATUS64 on the node; the path's where the node
    /// cannot be asked). `file` is empty when the loop device is bound to nothing.
    struct LoopBacking
    {
        QString file;
        std::uint64_t inode = 0;
        std::uint64_t fileDevice = 0; ///< the device of the file system the file is on
        std::uint64_t blockDevice = 0; ///< the backing block device's number; 0 for a regular file
        std::uint64_t offset = 0; ///< where in the file the loop device starts
        std::uint64_t sizeLimit = 0; ///< how much of it, from there (0: to its end)
    };
    static LoopBacking loopBacking(const QString& sysRoot, const QString& devRoot, const QString& name);

    /// `ignoredPid`: this process (the helper opens the disks it measures itself).
    DeviceUsers(QString sysRoot, QString procRoot, QString devRoot, qint64 ignoredPid);

    /// Every use of every block device, by device number; an error when the look took over `timeoutMs`.
    Result<QHash<std::uint64_t, QList<DeviceUse>>> find(int timeoutMs) const;
    /// The processes that keep the file system on device `fsDevice` busy: a file open or mapped on it,
    /// their directory or root in it (what keeps an unmount from succeeding).
    Result<QList<DeviceUse>> onFileSystem(std::uint64_t fsDevice, int timeoutMs) const;
    /// "it is open by sleep (pid 4711), ..." for the processes that keep the file system on `fsDevice`
    /// busy (this process left out), for the message of an unmount that failed.
    static QString mountHolders(std::uint64_t fsDevice);

private:
    struct Look;
    void findLoops(Look& look) const;
    void findExports(Look& look) const;
    void findProcesses(Look& look) const;
    void findInProcess(Look& look, qint64 pid) const;
    /// Drops the processes that only read a device and let go of it within 200 ms (a probe, not a user).
    void keepHeld(Look& look) const;
    /// What `pid`'s other threads hold that its own descriptors and maps do not show.
    /// Those open for reading only go to `readOnly`.
    QList<std::uint64_t> threadDevices(Look& look, const QByteArray& base, qint64 pid, bool leaderGone,
                                       QList<std::uint64_t>& readOnly) const;
    /// The block device nodes in /dev by the "dev inode" maps shows for a mapping of them.
    const QHash<QByteArray, std::uint64_t>& deviceNodes(Look& look) const;
    static QString processName(const QByteArray& base);

    QString m_sysRoot;
    QString m_procRoot;
    QString m_devRoot;
    qint64 m_ignoredPid = 0;
};

} // namespace RaidBench

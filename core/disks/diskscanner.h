#pragma once

#include "disks/disk.h"
#include "disks/eligibility.h"
#include "disks/signatureprobe.h"
#include "util/result.h"

#include <QHash>
#include <QString>

namespace RaidBench {

/// Discovers block devices the way lsblk does (sysfs, udev's by-id links, mountinfo, swaps,
/// libblkid) and says for each whether RaidBench may write it. The roots are parameters so tests
/// can point the scanner at fixture trees; nothing here writes anything.
class DiskScanner
{
public:
    explicit DiskScanner(QString sysRoot = QStringLiteral("/sys"), QString procRoot = QStringLiteral("/proc"),
                         QString devRoot = QStringLiteral("/dev"), SignatureProbe probe = probeWithBlkid);

    /// Every whole device in /sys/block, partitions nested, eligibility applied.
    QList<Disk> scan(const EligibilityOptions& options = {}) const;

    /// The device at `path` (a /dev node or a symlink to one, such as /dev/disk/by-id/...), scanned
    /// afresh: the check made right before a destructive step. Errors when the path does not resolve
    /// to a block device.
    Result<Disk> inspect(const QString& path, const EligibilityOptions& options = {}) const;
    /// inspect() for several devices from one look at the system (mounts, swaps, the processes holding
    /// devices open, every device's sysfs), each of them probed: what one command over several disks
    /// checks right before it runs. The disks in the order of `paths`; the first path that does not
    /// resolve to a block device is the error.
    Result<QList<Disk>> inspectAll(const QStringList& paths, const EligibilityOptions& options = {}) const;
    /// How long one device's probe may take (0: no limit; 15 s unless set): a device whose reads hang
    /// is reported with a scan error (and is not eligible) instead of stalling the scan.
    void setProbeTimeout(int milliseconds) { m_probeTimeoutMs = milliseconds; }

private:
    /// How long the look for processes holding devices open may take.
    static constexpr int usersTimeoutMs = 5000;
    struct Context;
    /// `onlyDevs` not empty: only those devices (major:minor; a disk's partitions with it) are probed
    /// with libblkid.
    QList<Disk> scanDevices(const EligibilityOptions& options, const QStringList& onlyDevs) const;
    /// The device number ("major:minor") of the block device `path` leads to, or why none.
    static Result<QString> deviceNumberOf(const QString& path);
    /// What /proc says is mounted (and which devices hold /, /boot, /usr), and what swaps.
    void readMounts(Context& context) const;
    void readSwaps(Context& context) const;
    Disk readDevice(const Context& context, const QString& sysPath, const QString& name, const Disk* parent,
                    const QStringList& onlyDevs) const;
    QString readAttribute(const QString& path, QStringList* errors = nullptr) const;
    /// readDevice()'s parts: a partition's facts from its disk; a disk's sector sizes, rotation and
    /// removability; its controller, port and transport from where it hangs in the device tree; its
    /// model, vendor, serial and WWN; its stable /dev/disk/by-id path (the serial from it when sysfs
    /// has none); the signatures libblkid finds on it.
    static void inheritFrom(Disk& disk, const Disk& parent);
    void readQueue(Disk& disk, const QString& sysPath) const;
    static void readAttachment(Disk& disk, const QString& sysPath);
    void readIdentity(Disk& disk, const QString& sysPath) const;
    static void chooseStablePath(Disk& disk, const QStringList& links, bool partition);
    void probeSignatures(Disk& disk) const;

    QString m_sysRoot;
    QString m_procRoot;
    QString m_devRoot;
    SignatureProbe m_probe;
    int m_probeTimeoutMs = 15000;
};

} // namespace RaidBench

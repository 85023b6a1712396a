#pragma once

#include "disks/devicegate.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <functional>
#include <sys/types.h>

namespace RaidBench {

/// The real gate, on this machine's /dev, /sys and /proc.
class SystemDeviceGate final : public DeviceGate
{
public:
    struct Options
    {
        EligibilityOptions eligibility;
        QString devRoot = QStringLiteral("/dev");
        QString sysRoot = QStringLiteral("/sys");
        QString procRoot = QStringLiteral("/proc");
        SignatureProbe probe = probeWithBlkid;
        /// Who may own the directories a path passes through (root; tests as a user use their uid).
        uid_t trustedUid = 0;
        /// The volume group an LVM physical volume says it is in ("" for none), read from that device
        /// alone; `lvm pvs --devices NODE` when empty.
        std::function<Result<QString>(const QString& node)> volumeGroupOf;
        /// How long a probe of one device may take before its check fails (a disk whose reads hang).
        int probeTimeoutMs = 15000;
        /// How long a check waits for processes that hold the device open to let go (udev's workers
        /// probe a disk for a moment after every change) before it calls the device in use.
        int settleMs = 2000;
    };

    SystemDeviceGate();
    explicit SystemDeviceGate(Options options);
    /// The usual gate: real roots, loop devices allowed or not.
    static SystemDeviceGate withLoop(bool allowLoop);

    Result<PinnedDevice> pin(const QString& path, Use use = Use::Create, const QString& tag = {}) const override;
    Result<PinnedDevice> relocate(const PinnedDevice& pin) const override;

    /// Follows `path` one component at a time, lexically inside `devRoot`: refuses "..", a link that
    /// leads out of it, and any directory owned by someone other than `trustedUid` or writable by
    /// others (/dev/shm, /dev/mqueue) or by a group other than root's or "disk" (whose members may
    /// write every disk anyway). Looks at nothing outside `devRoot`, so its
    /// errors say nothing about other places. The resolved path (the caller checks what it is).
    static Result<QString> resolveTrusted(const QString& path, const QString& devRoot = QStringLiteral("/dev"),
                                          uid_t trustedUid = 0);

protected:
    Result<void> check(const PinnedDevice& pin, Use use) const override;
    /// One look at the system for every pin (DiskScanner::inspectAll), each pin then checked as check()
    /// checks one.
    Result<void> checkAll(const QList<PinUse>& pins) const override;
    Result<BuiltNode> checkBuilt(const QString& path, const QList<PinnedDevice>& pins,
                                 bool goneMembersAllowed) const override;

private:
    Result<Disk> inspectNode(const QString& node) const;
    /// inspectNode(), looked at again for a moment while only processes hold it open: udev's workers
    /// open a disk briefly after every change to it (a wipe, an array stopped), then let go.
    Result<Disk> inspectSettled(const QString& node) const;
    /// inspectSettled() for several nodes, from one look at a time.
    Result<QList<Disk>> inspectAllSettled(const QStringList& nodes) const;
    /// What check() asks of a pin before anything is read: its node is still a block device with its
    /// device number.
    static Result<void> checkNode(const PinnedDevice& pin);
    /// What check() asks of the pin's device as inspected just now: the same disk, safe for `use`.
    Result<void> checkInspected(const PinnedDevice& pin, Use use, const Disk& disk) const;
    /// Who uses the device `rdev` without a claim (DeviceUsers), as reasons; looked at again for a moment
    /// while only processes hold it. An array a build made is checked so, its disks by inspectSettled().
    QStringList usersOf(std::uint64_t rdev) const;
    DiskScanner scanner() const;
    /// Every signature on `disk` that the build `tag` did not write, one reason each.
    /// An LVM label counts as the build's only where it made a physical volume (`lvmPv`).
    QStringList foreignSignatures(const Disk& disk, const QString& node, const QString& tag, bool lvmPv) const;
    /// The disks under the array at sysfs directory `sysDir`, each checked against `pins`.
    Result<void> checkLeaves(const QString& sysDir, const QList<PinnedDevice>& pins, int depth, bool goneMembersAllowed,
                             int& leaves) const;
    Result<void> checkUse(const Disk& disk, const QString& node, Use use, const QString& tag, bool lvmPv) const;
    /// Every holder of `disk` is an md array of build `tag` (/dev/md/raidbench-TAG-*).
    bool heldOnlyByBuild(const Disk& disk, const QString& tag) const;
    PinnedDevice pinOf(const Disk& disk, const QString& node, std::uint64_t rdev, const QString& requested) const;

    Options m_options;
};

} // namespace RaidBench

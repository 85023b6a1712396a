#pragma once

#include "disks/disk.h"
#include "disks/diskscanner.h"
#include "disks/eligibility.h"
#include "disks/pinneddevice.h"
#include "disks/signatureprobe.h"
#include "layout/arrayspec.h"
#include "system/verifieddevice.h"
#include "util/errorcodes.h"
#include "util/result.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <cstdint>
#include <functional>
#include <sys/types.h>

namespace RaidBench {

/// Whether `signature` is one RaidBench writes for the build `tag` (any build when empty): the md
/// superblock of its array, an ext4 or XFS file system labelled fileSystemLabel(tag), and for a build's
/// own pin (a tag) an LVM label (the gate then asks the label which volume group it is in: see
/// SystemDeviceGate::Options::volumeGroupOf). An LVM label no journal names is nobody's to remove:
/// blkid cannot tell whose it is.
bool ownSignature(const DiskSignature& signature, const QString& tag);
/// Whether `group` is a volume group of the build `tag`: raidbench_TAG or raidbench_TAG_N.
bool ownVolumeGroup(const QString& group, const QString& tag);
/// The label of the file systems RaidBench makes for the build `tag` (at most 12 characters, XFS's limit).
inline QString fileSystemLabel(const QString& tag)
{
    return QStringLiteral("rb-") + tag;
}

/// A spec whose leaves are pinned: the leaves name canonical nodes, and each has its pin.
struct PinnedSpec
{
    ArraySpec spec;
    QList<PinnedDevice> pins;
};

/// The one way any layer gets a writable device (helper, build executor, campaign runner, CLI
/// bench). It resolves a path once, never through a directory that anyone but root can change,
/// checks that nothing uses the device, and returns a pin; before every destructive command the
/// pin is verified again: same st_rdev at the node, same identity, still safe to touch.
class DeviceGate
{
public:
    /// What a destructive command is about to do with the device.
    enum class Use {
        Create, ///< write over it: it must be eligible (no signature, nothing using it)
        Own, ///< it carries RaidBench's own metadata (after its first wipe, at teardown): nothing else uses it
        /// A member of the pin's own running build (a failure drill's --fail, --remove, --add): as Own,
        /// but held by md arrays of that build and nothing else.
        Member,
    };

    virtual ~DeviceGate() = default;

    /// Resolves `path` and checks it for `use` (`Own` and `Member`: as a disk of the build `tag`); the
    /// pin, or why not.
    virtual Result<PinnedDevice> pin(const QString& path, Use use = Use::Create, const QString& tag = {}) const = 0;
    /// Right before a destructive command or write: the node still is the pinned device and is safe for
    /// `use`. The one way to a VerifiedDevice for a disk.
    Result<VerifiedDevice> verify(const PinnedDevice& pin, Use use) const;
    /// A disk pin and what a command is about to do with it.
    struct PinUse
    {
        PinnedDevice pin;
        Use use = Use::Create;
    };
    /// verify() for every disk one command names, from one look at the system: each disk as verify()
    /// would find it, in the order given. A failure names its disk (when several fail, a node that is
    /// gone or another device number is said before a disk in use); the processes that open disks for a
    /// moment (udev after a wipe) are waited for once for all of them.
    Result<QList<VerifiedDevice>> verifyAll(const QList<PinUse>& pins) const;
    /// Right before a command on, or a write to, an array a build made (an md array RaidBench named
    /// /dev/md/raidbench-TAG-N, a logical volume /dev/raidbench_TAG/bench): `path` leads to a running
    /// array, and every disk under it is one of `pins`, still the device pinned. A path that leads
    /// nowhere is `not-found` (an array already gone: nothing to do). With `goneMembersAllowed` (taking
    /// the array down: stop, zero, remove), a member pulled out while it ran, which md keeps as failed and
    /// whose link points at nothing, is skipped, as long as one member is still there and all that are
    /// there are the build's; anything else (a test, a write) needs every member there.
    Result<VerifiedDevice> verifyBuilt(const QString& path, const QList<PinnedDevice>& pins,
                                       bool goneMembersAllowed = false) const;
    /// The device that now carries the pin's identity (its node may have changed across a reboot),
    /// or an error when it is gone or ambiguous. Does not check eligibility.
    virtual Result<PinnedDevice> relocate(const PinnedDevice& pin) const = 0;

    /// Pins every leaf of `spec` (for `use`), rewrites the leaves to their canonical nodes and fills
    /// their sizes and controllers. Refuses a device reached twice by different paths.
    Result<PinnedSpec> pinSpec(const ArraySpec& spec, Use use = Use::Create) const;
    /// Binds `spec` to pins made earlier (a campaign pins its disks once, when they are confirmed):
    /// each leaf, named by the path it was pinned from or by its node, becomes that pin's node.
    static Result<PinnedSpec> bindSpec(const ArraySpec& spec, const QList<PinnedDevice>& pins);

protected:
    /// An array's node and device number, as checkBuilt() found them.
    struct BuiltNode
    {
        QString node;
        std::uint64_t rdev = 0;
    };
    /// What verify() asks of a gate: the pin still holds for `use`.
    virtual Result<void> check(const PinnedDevice& pin, Use use) const = 0;
    /// What verifyAll() asks: each pin still holds for its use. One check() after another unless a
    /// gate can look once for all of them.
    virtual Result<void> checkAll(const QList<PinUse>& pins) const;
    /// What verifyBuilt() asks of a gate.
    virtual Result<BuiltNode> checkBuilt(const QString& path, const QList<PinnedDevice>& pins,
                                         bool goneMembersAllowed) const = 0;
};

} // namespace RaidBench

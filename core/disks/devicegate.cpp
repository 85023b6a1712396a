#include "disks/devicegate.h"

#include "disks/shownpath.h"
#include "util/errorcodes.h"

#include <QHash>
#include <QRegularExpression>

#include <functional>

namespace RaidBench {

bool ownSignature(const DiskSignature& signature, const QString& tag)
{
    if (signature.type == QLatin1String("LVM2_member")) {
        // Only on a build's own pin; checkUse() then asks the label which volume group it is in.
        return !tag.isEmpty();
    }
    if (signature.type == QLatin1String("linux_raid_member")) {
        // The array's name, "host:raidbench-TAG-N" or "raidbench-TAG-N".
        const QString name = signature.label.section(QLatin1Char(':'), -1);
        return tag.isEmpty() ? name.startsWith(QLatin1String("raidbench-"))
                             : name.startsWith(QStringLiteral("raidbench-%1-").arg(tag));
    }
    if (signature.usage == QLatin1String("filesystem") &&
        (signature.type == QLatin1String("ext4") || signature.type == QLatin1String("xfs"))) {
        return tag.isEmpty() ? signature.label.startsWith(QLatin1String("rb-"))
                             : signature.label == fileSystemLabel(tag);
    }
    return false;
}

bool ownVolumeGroup(const QString& group, const QString& tag)
{
    static const QRegularExpression tagShape(QStringLiteral("^[a-z0-9]{1,12}$"));
    if (!tagShape.match(tag).hasMatch()) {
        return false;
    }
    const QRegularExpression ours(QStringLiteral("^raidbench_%1(_\\d{1,4})?$").arg(tag));
    return ours.match(group).hasMatch();
}

namespace {

/// Binds every leaf of `spec` to the pin `pinFor` gives for its path: the leaf becomes the pin's node;
/// a device reached twice (by two paths, or the same one) is refused.
Result<PinnedSpec> bindLeaves(const ArraySpec& spec, const std::function<Result<PinnedDevice>(const QString&)>& pinFor)
{
    PinnedSpec result;
    result.spec = spec;
    QHash<QString, QString> byNode; // canonical node -> the path that reached it first
    std::function<Result<void>(ArraySpec&)> walk = [&](ArraySpec& node) -> Result<void> {
        if (node.isLeaf()) {
            auto pinned = pinFor(node.device);
            if (!pinned) {
                return pinned.error();
            }
            if (byNode.contains(pinned->node)) {
                return makeError(ErrorCode::invalidSpec,
                                 QStringLiteral("%1 and %2 are the same device (%3); a device can be used once")
                                     .arg(shownPath(byNode.value(pinned->node)), shownPath(node.device), pinned->node));
            }
            byNode.insert(pinned->node, node.device);
            node.device = pinned->node;
            node.sizeBytes = pinned->sizeBytes;
            result.pins.append(*pinned);
            return {};
        }
        for (ArraySpec& child : node.children) {
            if (auto ok = walk(child); !ok) {
                return ok;
            }
        }
        return {};
    };
    if (auto ok = walk(result.spec); !ok) {
        return ok.error();
    }
    return result;
}

} // namespace

Result<PinnedSpec> DeviceGate::pinSpec(const ArraySpec& spec, Use use) const
{
    return bindLeaves(spec, [&](const QString& path) { return pin(path, use); });
}

Result<PinnedSpec> DeviceGate::bindSpec(const ArraySpec& spec, const QList<PinnedDevice>& pins)
{
    return bindLeaves(spec, [&](const QString& path) -> Result<PinnedDevice> {
        for (const PinnedDevice& pin : pins) {
            if (pin.requested == path || pin.node == path) {
                return pin;
            }
        }
        return makeError(
            ErrorCode::notConfirmed,
            QStringLiteral("%1 is not one of the disks that were checked and confirmed").arg(shownPath(path)));
    });
}

Result<VerifiedDevice> DeviceGate::verify(const PinnedDevice& pin, Use use) const
{
    if (auto ok = check(pin, use); !ok) {
        return ok.error();
    }
    return VerifiedDevice(pin.node, pin.node, pin.rdev);
}

Result<QList<VerifiedDevice>> DeviceGate::verifyAll(const QList<PinUse>& pins) const
{
    if (auto ok = checkAll(pins); !ok) {
        return ok.error();
    }
    QList<VerifiedDevice> verified;
    for (const PinUse& entry : pins) {
        verified.append(VerifiedDevice(entry.pin.node, entry.pin.node, entry.pin.rdev));
    }
    return verified;
}

Result<void> DeviceGate::checkAll(const QList<PinUse>& pins) const
{
    for (const PinUse& entry : pins) {
        if (auto ok = check(entry.pin, entry.use); !ok) {
            return ok;
        }
    }
    return {};
}

Result<VerifiedDevice> DeviceGate::verifyBuilt(const QString& path, const QList<PinnedDevice>& pins,
                                               bool goneMembersAllowed) const
{
    auto built = checkBuilt(path, pins, goneMembersAllowed);
    if (!built) {
        return built.error();
    }
    return VerifiedDevice(path, built->node, built->rdev);
}
} // namespace RaidBench

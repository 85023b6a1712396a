#include "disks/pinneddevice.h"

#include "util/jsonvalues.h"
#include "util/terminaltext.h"
#include "util/units.h"

#include <QStringList>

#include <sys/sysmacros.h>

namespace RaidBench {

QString PinnedDevice::describe() const
{
    // What the disk says of itself, shown as visible text: it reaches terminals and confirmations.
    QStringList parts;
    if (!model.isEmpty()) {
        parts.append(terminalSafe(model));
    }
    if (!serial.isEmpty()) {
        parts.append(QStringLiteral("serial %1").arg(terminalSafe(serial)));
    } else if (!backingFile.isEmpty()) {
        parts.append(QStringLiteral("file %1").arg(terminalSafe(backingFile.left(200))));
    }
    parts.append(Units::formatBytesDecimal(double(sizeBytes)));
    return QStringLiteral("%1 (%2)").arg(node, parts.join(QStringLiteral(", ")));
}

bool PinnedDevice::sameIdentity(const PinnedDevice& other) const
{
    if (sizeBytes != other.sizeBytes || kind != other.kind || model != other.model || serial != other.serial ||
        wwn != other.wwn || backingFile != other.backingFile || backingInode != other.backingInode ||
        backingOffset != other.backingOffset || partitionNumber != other.partitionNumber ||
        startSector != other.startSector) {
        return false;
    }
    // A device without serial, WWN or file has nothing but its number, size and the kernel's sequence
    // number of its media to go by, and only within one boot: after a reboot two such disks may have
    // swapped names, and an identical one plugged in since may have taken the number of another.
    if (serial.isEmpty() && wwn.isEmpty() && backingFile.isEmpty()) {
        return rdev == other.rdev && name == other.name && bootId == other.bootId &&
            (diskSeq == 0 || other.diskSeq == 0 || diskSeq == other.diskSeq);
    }
    return true;
}

QJsonObject PinnedDevice::toJson() const
{
    return QJsonObject {{QStringLiteral("requested"), requested},
                        {QStringLiteral("node"), node},
                        {QStringLiteral("name"), name},
                        {QStringLiteral("major"), qint64(major(dev_t(rdev)))},
                        {QStringLiteral("minor"), qint64(minor(dev_t(rdev)))},
                        {QStringLiteral("kind"), kind},
                        {QStringLiteral("stable_path"), stablePath},
                        {QStringLiteral("model"), model},
                        {QStringLiteral("serial"), serial},
                        {QStringLiteral("wwn"), wwn},
                        {QStringLiteral("size_bytes"), double(sizeBytes)},
                        {QStringLiteral("backing_file"), backingFile},
                        {QStringLiteral("backing_inode"), double(backingInode)},
                        {QStringLiteral("backing_offset"), QString::number(backingOffset)},
                        {QStringLiteral("diskseq"), QString::number(diskSeq)},
                        {QStringLiteral("partition"), partitionNumber},
                        {QStringLiteral("start_sector"), double(startSector)},
                        {QStringLiteral("tag"), tag},
                        {QStringLiteral("lvm_pv"), lvmPv},
                        {QStringLiteral("boot_id"), bootId}};
}

PinnedDevice PinnedDevice::fromJson(const QJsonObject& json)
{
    PinnedDevice pin;
    pin.requested = json.value(QStringLiteral("requested")).toString();
    pin.node = json.value(QStringLiteral("node")).toString();
    pin.name = json.value(QStringLiteral("name")).toString();
    pin.rdev = makedev(unsigned(json.value(QStringLiteral("major")).toInteger()),
                       unsigned(json.value(QStringLiteral("minor")).toInteger()));
    pin.kind = json.value(QStringLiteral("kind")).toString();
    pin.stablePath = json.value(QStringLiteral("stable_path")).toString();
    pin.model = json.value(QStringLiteral("model")).toString();
    pin.serial = json.value(QStringLiteral("serial")).toString();
    pin.wwn = json.value(QStringLiteral("wwn")).toString();
    pin.sizeBytes = readUInt64(json.value(QStringLiteral("size_bytes")));
    pin.backingFile = json.value(QStringLiteral("backing_file")).toString();
    pin.backingInode = readUInt64(json.value(QStringLiteral("backing_inode")));
    pin.backingOffset = json.value(QStringLiteral("backing_offset")).toString().toULongLong();
    pin.diskSeq = json.value(QStringLiteral("diskseq")).toString().toULongLong();
    pin.partitionNumber = json.value(QStringLiteral("partition")).toInt();
    pin.startSector = readUInt64(json.value(QStringLiteral("start_sector")));
    pin.tag = json.value(QStringLiteral("tag")).toString();
    pin.lvmPv = json.value(QStringLiteral("lvm_pv")).toBool();
    pin.bootId = json.value(QStringLiteral("boot_id")).toString();
    return pin;
}

} // namespace RaidBench

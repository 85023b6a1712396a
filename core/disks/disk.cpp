#include "disks/disk.h"

#include "util/jsonvalues.h"

#include <QJsonArray>

namespace RaidBench {

bool Disk::hasReason(const QString& code) const
{
    for (const auto& reason : reasons) {
        if (reason.code == code) {
            return true;
        }
    }
    return false;
}

void insertMediaIdentity(QJsonObject& json, const QString& backingFile, std::uint64_t backingInode,
                         std::uint64_t backingOffset, std::uint64_t diskSeq)
{
    // Strings: 64-bit numbers beyond what a JSON number holds exactly.
    if (!backingFile.isEmpty()) {
        json.insert(QStringLiteral("backing_file"), backingFile);
        json.insert(QStringLiteral("backing_inode"), QString::number(backingInode));
        json.insert(QStringLiteral("backing_offset"), QString::number(backingOffset));
    }
    if (diskSeq != 0) {
        json.insert(QStringLiteral("diskseq"), QString::number(diskSeq));
    }
}

QJsonObject Disk::toJson() const
{
    QJsonArray partitionArray;
    for (const Disk& partition : partitions) {
        partitionArray.append(partition.toJson());
    }
    QJsonArray signatureArray;
    for (const auto& signature : signatures) {
        signatureArray.append(QJsonObject {{QStringLiteral("type"), signature.type},
                                           {QStringLiteral("usage"), signature.usage},
                                           {QStringLiteral("label"), signature.label},
                                           {QStringLiteral("uuid"), signature.uuid}});
    }
    QJsonArray reasonArray;
    for (const auto& reason : reasons) {
        reasonArray.append(reason.toJson());
    }
    QJsonArray userArray;
    for (const DeviceUse& use : users) {
        userArray.append(use.toJson());
    }
    QJsonArray diskUserArray;
    for (const DeviceUse& use : diskUsers) {
        diskUserArray.append(use.toJson());
    }
    auto orNull = [](const QString& text) { return text.isEmpty() ? QJsonValue() : QJsonValue(text); };
    QJsonObject json {
        {QStringLiteral("name"), name},
        {QStringLiteral("path"), path},
        {QStringLiteral("stable_path"), orNull(stablePath)},
        {QStringLiteral("kind"), kind},
        {QStringLiteral("parent"), orNull(parent)},
        {QStringLiteral("model"), orNull(model)},
        {QStringLiteral("vendor"), orNull(vendor)},
        {QStringLiteral("serial"), orNull(serial)},
        {QStringLiteral("wwn"), orNull(wwn)},
        {QStringLiteral("size_bytes"), double(sizeBytes)},
        {QStringLiteral("logical_sector_size"), double(logicalSectorSize)},
        {QStringLiteral("physical_sector_size"), double(physicalSectorSize)},
        {QStringLiteral("rotational"), rotational},
        {QStringLiteral("transport"), transport},
        {QStringLiteral("removable"), removable},
        {QStringLiteral("read_only"), readOnly},
        {QStringLiteral("controller"), orNull(controller)},
        {QStringLiteral("port"), orNull(port)},
        {QStringLiteral("dev"), devNumber},
        {QStringLiteral("partitions"), partitionArray},
        {QStringLiteral("signatures"), signatureArray},
        {QStringLiteral("holders"), QJsonArray::fromStringList(holders)},
        {QStringLiteral("users"), userArray},
        {QStringLiteral("disk_users"), diskUserArray},
        {QStringLiteral("mount_points"), QJsonArray::fromStringList(mountPoints)},
        {QStringLiteral("swap"), swap},
        {QStringLiteral("md_array"), orNull(mdArray)},
        {QStringLiteral("lvm_pv"), lvmPv},
        {QStringLiteral("system_disk"), systemDisk},
        {QStringLiteral("scan_errors"), QJsonArray::fromStringList(scanErrors)},
        {QStringLiteral("eligible"), eligible},
        {QStringLiteral("reasons"), reasonArray},
    };
    insertMediaIdentity(json, backingFile, backingInode, backingOffset, diskSeq);
    if (partitionNumber > 0) {
        json.insert(QStringLiteral("partition"), partitionNumber);
        json.insert(QStringLiteral("start_sector"), QString::number(startSector));
    }
    if (healthRead) {
        insertHealthJson(json, health, writeCache, explanations);
    }
    return json;
}

Disk Disk::fromJson(const QJsonObject& json)
{
    Disk disk;
    disk.name = json.value(QStringLiteral("name")).toString();
    disk.path = json.value(QStringLiteral("path")).toString();
    disk.stablePath = json.value(QStringLiteral("stable_path")).toString();
    disk.kind = json.value(QStringLiteral("kind")).toString();
    disk.parent = json.value(QStringLiteral("parent")).toString();
    disk.model = json.value(QStringLiteral("model")).toString();
    disk.vendor = json.value(QStringLiteral("vendor")).toString();
    disk.serial = json.value(QStringLiteral("serial")).toString();
    disk.wwn = json.value(QStringLiteral("wwn")).toString();
    disk.sizeBytes = readUInt64(json.value(QStringLiteral("size_bytes")));
    disk.logicalSectorSize = readUInt32Or(json.value(QStringLiteral("logical_sector_size")), 512);
    disk.physicalSectorSize = readUInt32Or(json.value(QStringLiteral("physical_sector_size")), 512);
    disk.rotational = json.value(QStringLiteral("rotational")).toBool();
    disk.transport = json.value(QStringLiteral("transport")).toString();
    disk.removable = json.value(QStringLiteral("removable")).toBool();
    disk.readOnly = json.value(QStringLiteral("read_only")).toBool();
    disk.controller = json.value(QStringLiteral("controller")).toString();
    disk.port = json.value(QStringLiteral("port")).toString();
    disk.devNumber = json.value(QStringLiteral("dev")).toString();
    disk.backingFile = json.value(QStringLiteral("backing_file")).toString();
    // Strings: 64-bit numbers beyond what a JSON number holds exactly.
    disk.backingInode = json.value(QStringLiteral("backing_inode")).toString().toULongLong();
    disk.backingOffset = json.value(QStringLiteral("backing_offset")).toString().toULongLong();
    disk.diskSeq = json.value(QStringLiteral("diskseq")).toString().toULongLong();
    disk.partitionNumber = json.value(QStringLiteral("partition")).toInt();
    disk.startSector = json.value(QStringLiteral("start_sector")).toString().toULongLong();
    for (const auto& partition : json.value(QStringLiteral("partitions")).toArray()) {
        disk.partitions.append(fromJson(partition.toObject()));
    }
    for (const auto& value : json.value(QStringLiteral("signatures")).toArray()) {
        const QJsonObject signature = value.toObject();
        disk.signatures.append(
            {signature.value(QStringLiteral("type")).toString(), signature.value(QStringLiteral("usage")).toString(),
             signature.value(QStringLiteral("label")).toString(), signature.value(QStringLiteral("uuid")).toString()});
    }
    for (const auto& holder : json.value(QStringLiteral("holders")).toArray()) {
        disk.holders.append(holder.toString());
    }
    for (const auto& use : json.value(QStringLiteral("users")).toArray()) {
        disk.users.append(DeviceUse::fromJson(use.toObject()));
    }
    for (const auto& use : json.value(QStringLiteral("disk_users")).toArray()) {
        disk.diskUsers.append(DeviceUse::fromJson(use.toObject()));
    }
    for (const auto& mount : json.value(QStringLiteral("mount_points")).toArray()) {
        disk.mountPoints.append(mount.toString());
    }
    disk.swap = json.value(QStringLiteral("swap")).toBool();
    disk.mdArray = json.value(QStringLiteral("md_array")).toString();
    disk.lvmPv = json.value(QStringLiteral("lvm_pv")).toBool();
    disk.systemDisk = json.value(QStringLiteral("system_disk")).toBool();
    for (const auto& error : json.value(QStringLiteral("scan_errors")).toArray()) {
        disk.scanErrors.append(error.toString());
    }
    disk.eligible = json.value(QStringLiteral("eligible")).toBool();
    for (const auto& value : json.value(QStringLiteral("reasons")).toArray()) {
        disk.reasons.append(DiskReason::fromJson(value.toObject()));
    }
    disk.healthRead = readHealthJson(json, disk.health, disk.writeCache, disk.explanations);
    return disk;
}

} // namespace RaidBench

#include "disks/disk.h"

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
        reasonArray.append(
            QJsonObject {{QStringLiteral("code"), reason.code}, {QStringLiteral("message"), reason.message}});
    }
    auto orNull = [](const QString& text) { return text.isEmpty() ? QJsonValue() : QJsonValue(text); };
    return QJsonObject {
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
        {QStringLiteral("mount_points"), QJsonArray::fromStringList(mountPoints)},
        {QStringLiteral("swap"), swap},
        {QStringLiteral("md_array"), orNull(mdArray)},
        {QStringLiteral("lvm_pv"), lvmPv},
        {QStringLiteral("system_disk"), systemDisk},
        {QStringLiteral("scan_errors"), QJsonArray::fromStringList(scanErrors)},
        {QStringLiteral("eligible"), eligible},
        {QStringLiteral("reasons"), reasonArray},
    };
}

} // namespace RaidBench

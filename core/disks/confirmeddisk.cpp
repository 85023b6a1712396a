#include "disks/confirmeddisk.h"

#include "util/errorcodes.h"
#include "util/terminaltext.h"
#include "util/units.h"

#include <QRegularExpression>
#include <QSet>

#include <cmath>
#include <sys/sysmacros.h>

namespace RaidBench {

namespace {

/// A field of a confirmation as it reads in a message: visible, and short.
QString confirmationText(const QString& text)
{
    return text.isEmpty() ? QStringLiteral("(none)") : terminalSafe(text.left(200));
}

QString deviceText(std::uint64_t rdev)
{
    return QStringLiteral("%1:%2").arg(major(dev_t(rdev))).arg(minor(dev_t(rdev)));
}

/// "8:16" as a device number; 0 when it is not one.
std::uint64_t parseDevice(const QString& text)
{
    static const QRegularExpression shape(QStringLiteral("^(\\d{1,10}):(\\d{1,10})$"));
    const auto match = shape.match(text);
    if (!match.hasMatch()) {
        return 0;
    }
    bool majorOk = false;
    bool minorOk = false;
    const qulonglong majorNumber = match.captured(1).toULongLong(&majorOk);
    const qulonglong minorNumber = match.captured(2).toULongLong(&minorOk);
    if (!majorOk || !minorOk || majorNumber > 0xfffff || minorNumber > 0xfffff) {
        return 0;
    }
    return std::uint64_t(makedev(unsigned(majorNumber), unsigned(minorNumber)));
}

Error entryError(const QString& code, const QString& message)
{
    return makeError(code, QStringLiteral("confirm_destroy: %1").arg(message));
}

} // namespace

ConfirmedDisk ConfirmedDisk::fromDisk(const Disk& disk, const QString& path)
{
    ConfirmedDisk confirmed;
    confirmed.path = path;
    confirmed.rdev = parseDevice(disk.devNumber);
    confirmed.serial = disk.serial;
    confirmed.model = disk.model;
    confirmed.sizeBytes = disk.sizeBytes;
    confirmed.backingFile = disk.backingFile;
    confirmed.backingInode = disk.backingInode;
    confirmed.backingOffset = disk.backingOffset;
    confirmed.diskSeq = disk.diskSeq;
    confirmed.wwn = disk.wwn;
    confirmed.partitionNumber = disk.partitionNumber;
    confirmed.startSector = disk.startSector;
    return confirmed;
}

ConfirmedDisk ConfirmedDisk::fromPin(const PinnedDevice& pin)
{
    ConfirmedDisk confirmed;
    confirmed.path = pin.requested.isEmpty() ? pin.node : pin.requested;
    confirmed.rdev = pin.rdev;
    confirmed.serial = pin.serial;
    confirmed.model = pin.model;
    confirmed.sizeBytes = pin.sizeBytes;
    confirmed.backingFile = pin.backingFile;
    confirmed.backingInode = pin.backingInode;
    confirmed.backingOffset = pin.backingOffset;
    confirmed.diskSeq = pin.diskSeq;
    confirmed.wwn = pin.wwn;
    confirmed.partitionNumber = pin.partitionNumber;
    confirmed.startSector = pin.startSector;
    return confirmed;
}

QJsonObject ConfirmedDisk::toJson() const
{
    QJsonObject json {{QStringLiteral("path"), path},
                      {QStringLiteral("device"), deviceText(rdev)},
                      {QStringLiteral("serial"), serial},
                      {QStringLiteral("model"), model},
                      {QStringLiteral("size_bytes"), double(sizeBytes)}};
    insertMediaIdentity(json, backingFile, backingInode, backingOffset, diskSeq);
    if (!wwn.isEmpty()) {
        json.insert(QStringLiteral("wwn"), wwn);
    }
    if (partitionNumber > 0) {
        json.insert(QStringLiteral("partition"), QString::number(partitionNumber));
        json.insert(QStringLiteral("start_sector"), QString::number(startSector));
    }
    return json;
}

Result<ConfirmedDisk> ConfirmedDisk::fromJson(const QJsonValue& json)
{
    if (!json.isObject()) {
        return entryError(ErrorCode::badType,
                          QStringLiteral("each entry is an object with the disk's path, device, serial, model and "
                                         "size_bytes, as the user confirmed it"));
    }
    const QJsonObject object = json.toObject();
    static const QSet<QString> known {
        QStringLiteral("path"),          QStringLiteral("device"),         QStringLiteral("serial"),
        QStringLiteral("model"),         QStringLiteral("size_bytes"),     QStringLiteral("backing_file"),
        QStringLiteral("backing_inode"), QStringLiteral("backing_offset"), QStringLiteral("diskseq"),
        QStringLiteral("wwn"),           QStringLiteral("partition"),      QStringLiteral("start_sector")};
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!known.contains(it.key())) {
            return entryError(
                ErrorCode::unknownField,
                QStringLiteral("an entry has the unknown field '%1'").arg(confirmationText(it.key().left(64))));
        }
        if (!it.value().isString() && it.key() != QLatin1String("size_bytes")) {
            return entryError(ErrorCode::badType, QStringLiteral("'%1' must be a string").arg(it.key()));
        }
    }
    for (const char* required : {"path", "device", "serial", "model", "size_bytes"}) {
        if (!object.contains(QLatin1String(required))) {
            return entryError(ErrorCode::missingField,
                              QStringLiteral("an entry has no '%1'").arg(QLatin1String(required)));
        }
    }
    ConfirmedDisk confirmed;
    confirmed.path = object.value(QStringLiteral("path")).toString();
    confirmed.serial = object.value(QStringLiteral("serial")).toString();
    confirmed.model = object.value(QStringLiteral("model")).toString();
    confirmed.backingFile = object.value(QStringLiteral("backing_file")).toString();
    confirmed.wwn = object.value(QStringLiteral("wwn")).toString();
    for (const QString* text :
         {&confirmed.path, &confirmed.serial, &confirmed.model, &confirmed.backingFile, &confirmed.wwn}) {
        if (text->size() > 4096) {
            return entryError(ErrorCode::badArgument, QStringLiteral("a field longer than 4096 characters"));
        }
    }
    if (confirmed.path.isEmpty()) {
        return entryError(ErrorCode::badArgument, QStringLiteral("an entry with an empty path"));
    }
    confirmed.rdev = parseDevice(object.value(QStringLiteral("device")).toString());
    if (confirmed.rdev == 0) {
        return entryError(ErrorCode::badArgument,
                          QStringLiteral("'device' of %1 is not a device number (MAJOR:MINOR)")
                              .arg(confirmationText(confirmed.path)));
    }
    const QJsonValue size = object.value(QStringLiteral("size_bytes"));
    if (!size.isDouble()) {
        return entryError(ErrorCode::badType, QStringLiteral("'size_bytes' must be a number"));
    }
    const double bytes = size.toDouble();
    if (!(bytes > 0) || bytes >= 9007199254740992.0 || bytes != std::trunc(bytes)) {
        return entryError(
            ErrorCode::badArgument,
            QStringLiteral("'size_bytes' of %1 is not a size in bytes").arg(confirmationText(confirmed.path)));
    }
    confirmed.sizeBytes = std::uint64_t(bytes);
    // 64-bit numbers, as decimal strings.
    std::uint64_t partition = 0;
    const std::pair<const char*, std::uint64_t*> numbers[] = {{"backing_inode", &confirmed.backingInode},
                                                              {"backing_offset", &confirmed.backingOffset},
                                                              {"diskseq", &confirmed.diskSeq},
                                                              {"partition", &partition},
                                                              {"start_sector", &confirmed.startSector}};
    for (const auto& [key, value] : numbers) {
        if (!object.contains(QLatin1String(key))) {
            continue;
        }
        bool ok = false;
        const QString text = object.value(QLatin1String(key)).toString();
        *value = text.size() <= 20 ? text.toULongLong(&ok) : 0;
        if (!ok) {
            return entryError(
                ErrorCode::badArgument,
                QStringLiteral("'%1' of %2 is not a number").arg(QLatin1String(key), confirmationText(confirmed.path)));
        }
    }
    if (partition > 65535) {
        return entryError(
            ErrorCode::badArgument,
            QStringLiteral("'partition' of %1 is not a partition number").arg(confirmationText(confirmed.path)));
    }
    confirmed.partitionNumber = int(partition);
    return confirmed;
}

QJsonArray ConfirmedDisk::toJsonArray(const QList<ConfirmedDisk>& disks)
{
    QJsonArray array;
    for (const ConfirmedDisk& disk : disks) {
        array.append(disk.toJson());
    }
    return array;
}

Result<QList<ConfirmedDisk>> ConfirmedDisk::fromJsonArray(const QJsonValue& json)
{
    if (!json.isArray()) {
        return entryError(ErrorCode::badType, QStringLiteral("a list of the disks the user confirmed"));
    }
    QList<ConfirmedDisk> disks;
    for (const QJsonValue& entry : json.toArray()) {
        auto disk = fromJson(entry);
        if (!disk) {
            return disk.error();
        }
        disks.append(*disk);
    }
    return disks;
}

QStringList ConfirmedDisk::differences(const PinnedDevice& pin) const
{
    QStringList changed;
    if (pin.rdev != rdev) {
        changed.append(
            QStringLiteral("it is device %1 now, not the %2 confirmed").arg(deviceText(pin.rdev), deviceText(rdev)));
    }
    auto compare = [&changed](const char* what, const QString& was, const QString& now) {
        if (was != now) {
            changed.append(QStringLiteral("its %1 is %2 now, not the %3 confirmed")
                               .arg(QLatin1String(what), confirmationText(now), confirmationText(was)));
        }
    };
    compare("serial", serial, pin.serial);
    compare("model", model, pin.model);
    compare("WWN", wwn, pin.wwn);
    if (pin.partitionNumber != partitionNumber || pin.startSector != startSector) {
        changed.append(QStringLiteral("it is partition %1 at sector %2 now, not the %3 at %4 confirmed")
                           .arg(QString::number(pin.partitionNumber), QString::number(pin.startSector),
                                QString::number(partitionNumber), QString::number(startSector)));
    }
    if (pin.sizeBytes != sizeBytes) {
        changed.append(
            QStringLiteral("its size is %1 now, not the %2 confirmed")
                .arg(Units::formatBytesDecimal(double(pin.sizeBytes)), Units::formatBytesDecimal(double(sizeBytes))));
    }
    compare("backing file", backingFile, pin.backingFile);
    if (pin.backingInode != backingInode) {
        changed.append(QStringLiteral("its backing file is inode %1 now, not the %2 confirmed")
                           .arg(QString::number(pin.backingInode), QString::number(backingInode)));
    }
    if (pin.backingOffset != backingOffset) {
        changed.append(QStringLiteral("it starts at byte %1 of its backing file now, not the %2 confirmed")
                           .arg(QString::number(pin.backingOffset), QString::number(backingOffset)));
    }
    // The kernel numbers each disk plugged in: another number is another disk, whatever it says it is.
    if (diskSeq != 0 && pin.diskSeq != diskSeq) {
        changed.append(QStringLiteral("it is a disk plugged in since (disk sequence %1, not the %2 confirmed)")
                           .arg(QString::number(pin.diskSeq), QString::number(diskSeq)));
    }
    return changed;
}

Result<void> checkConfirmed(const QList<PinnedDevice>& pins, const QList<ConfirmedDisk>& confirmed)
{
    QList<ConfirmedDisk> unmatched = confirmed;
    QStringList missing;
    for (const PinnedDevice& pin : pins) {
        const auto at = std::find_if(unmatched.begin(), unmatched.end(), [&pin](const ConfirmedDisk& disk) {
            return disk.path == pin.requested || disk.path == pin.node;
        });
        if (at == unmatched.end()) {
            missing.append(confirmationText(pin.requested.isEmpty() ? pin.node : pin.requested));
            continue;
        }
        if (const QStringList changed = at->differences(pin); !changed.isEmpty()) {
            return makeError(ErrorCode::deviceChanged,
                             QStringLiteral("%1 is not the disk that was confirmed: %2; nothing was touched")
                                 .arg(confirmationText(at->path), changed.join(QStringLiteral("; "))));
        }
        unmatched.erase(at);
    }
    if (!missing.isEmpty()) {
        return makeError(ErrorCode::notConfirmed,
                         QStringLiteral("confirm_destroy must list every disk this destroys, as confirmed; missing: %1")
                             .arg(missing.join(QStringLiteral(", ")).left(2000)));
    }
    if (!unmatched.isEmpty()) {
        QStringList extra;
        for (const ConfirmedDisk& disk : std::as_const(unmatched)) {
            extra.append(confirmationText(disk.path));
        }
        return makeError(ErrorCode::notConfirmed,
                         QStringLiteral("confirm_destroy must list exactly the disks this destroys; not among them: %1")
                             .arg(extra.join(QStringLiteral(", ")).left(2000)));
    }
    return {};
}

} // namespace RaidBench

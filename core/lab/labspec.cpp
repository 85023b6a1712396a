#include "lab/labspec.h"

#include "util/errorcodes.h"
#include "util/units.h"

#include <QRegularExpression>

namespace RaidBench {

namespace {
constexpr int maxDisks = 32;
constexpr std::uint64_t minDiskBytes = 16ull << 20;
constexpr std::uint64_t maxDiskBytes = 16ull << 40;
constexpr double maxMBps = 100000;
constexpr int maxIops = 10000000;

Error specError(const QString& item, const QString& why)
{
    return makeError(ErrorCode::invalidLabSpec, QStringLiteral("disk spec '%1': %2").arg(item, why));
}

Result<double> parseSpeed(const QString& item, const QString& text)
{
    bool ok = false;
    const double value = text.toDouble(&ok);
    if (!ok || text.isEmpty()) {
        return specError(item, QStringLiteral("speed '%1' is not a number of MB/s").arg(text));
    }
    if (value <= 0 || value > maxMBps) {
        return specError(item,
                         QStringLiteral("speed %1 MB/s must be more than 0 and at most %2 (leave out @ for an "
                                        "unthrottled disk)")
                             .arg(text, QString::number(maxMBps)));
    }
    return value;
}

/// The options that choose or shape a disk model: hdd, ssd, flat and their parameters.
bool isModelOption(const QString& option)
{
    static const QStringList keys {QStringLiteral("hdd"),   QStringLiteral("ssd"),    QStringLiteral("flat"),
                                   QStringLiteral("inner"), QStringLiteral("rpm"),    QStringLiteral("seek"),
                                   QStringLiteral("cache"), QStringLiteral("steady"), QStringLiteral("latency")};
    return keys.contains(option.section(QLatin1Char('='), 0, 0));
}

/// A model's number option: a finite number from `low` to `high`.
Result<double> modelNumber(const QString& item, const QString& key, const QString& value, double low, double high)
{
    bool ok = false;
    const double number = value.toDouble(&ok);
    if (!ok || !(number >= low && number <= high)) {
        return specError(item,
                         QStringLiteral("%1=%2 must be a number from %3 to %4")
                             .arg(key, value, QString::number(low), QString::number(high)));
    }
    return number;
}

/// Sets `disk`'s model from its hdd/ssd word, its @ rates and the model's options.
Result<void> applyModel(const QString& item, const QStringList& options, LabDiskSpec& disk)
{
    DiskKind kind = DiskKind::Flat;
    for (const QString& option : options) {
        const DiskKind named = option == QLatin1String("hdd") ? DiskKind::Hdd
            : option == QLatin1String("ssd")                  ? DiskKind::Ssd
            : option == QLatin1String("flat")                 ? DiskKind::Flat
                                                              : kind;
        if (!option.contains(QLatin1Char('=')) && named != kind && kind != DiskKind::Flat) {
            return specError(item, QStringLiteral("one model per disk (hdd, ssd or flat)"));
        }
        kind = named;
    }
    DiskModelParams params = DiskModelParams::defaults(kind, disk.sizeBytes);
    if (kind == DiskKind::Hdd && disk.writeMBps > 0) {
        if (disk.readMBps != disk.writeMBps) {
            return specError(item,
                             QStringLiteral("a hard disk reads and writes at one rate: @OUTER, and inner=MBPS "
                                            "for its inner zone"));
        }
        // Both ends of the surface move together: 105 -> 55 MB/s is a 7200 rpm disk's usual ratio.
        params.innerMBps = disk.writeMBps * params.innerMBps / params.outerMBps;
        params.outerMBps = disk.writeMBps;
    } else if (kind == DiskKind::Ssd && disk.writeMBps > 0) {
        params.burstMBps = disk.writeMBps;
        params.readMBps = disk.readMBps;
        params.steadyMBps = std::min(params.steadyMBps, params.burstMBps);
    }
    for (const QString& option : options) {
        const QString key = option.section(QLatin1Char('='), 0, 0);
        const QString value = option.section(QLatin1Char('='), 1);
        if (!option.contains(QLatin1Char('='))) {
            continue;
        }
        const bool hddOnly =
            key == QLatin1String("inner") || key == QLatin1String("rpm") || key == QLatin1String("seek");
        const bool ssdOnly = key == QLatin1String("steady") || key == QLatin1String("latency");
        if (kind == DiskKind::Flat || (hddOnly && kind != DiskKind::Hdd) || (ssdOnly && kind != DiskKind::Ssd)) {
            return specError(item,
                             QStringLiteral("%1= belongs to %2 (add :%3)")
                                 .arg(key,
                                      hddOnly       ? QStringLiteral("a hard disk")
                                          : ssdOnly ? QStringLiteral("an SSD")
                                                    : QStringLiteral("a disk model"),
                                      ssdOnly ? QStringLiteral("ssd") : QStringLiteral("hdd")));
        }
        if (key == QLatin1String("cache")) {
            auto bytes = Units::parseSize(value);
            if (!bytes) {
                return specError(item, bytes.error().message);
            }
            params.cacheBytes = *bytes;
            continue;
        }
        const double high = key == QLatin1String("rpm") ? 20000 : key == QLatin1String("latency") ? 100000 : maxMBps;
        auto number = modelNumber(item, key, value, key == QLatin1String("rpm") ? 1000 : 0, high);
        if (!number) {
            return number.error();
        }
        (key == QLatin1String("inner")        ? params.innerMBps
             : key == QLatin1String("rpm")    ? params.rpm
             : key == QLatin1String("seek")   ? params.seekMs
             : key == QLatin1String("steady") ? params.steadyMBps
                                              : params.latencyUs) = *number;
    }
    if (kind != DiskKind::Flat) {
        if (disk.iops) {
            return specError(item,
                             QStringLiteral("iops= is for flat disks; a model's seeks set its requests a second"));
        }
        if (const std::string problem = params.problem(); !problem.empty()) {
            return specError(item, QString::fromStdString(problem));
        }
        // The model times every request; qemu throttles nothing on top.
        disk.writeMBps = 0;
        disk.readMBps = 0;
    }
    disk.diskModel = params;
    return {};
}
} // namespace

QString LabDiskSpec::serial() const
{
    return QStringLiteral("RBLAB%1").arg(index + 1, 4, 10, QLatin1Char('0'));
}

QString LabDiskSpec::vendor() const
{
    return QStringLiteral("RAIDBNCH");
}

QString LabDiskSpec::model() const
{
    // SCSI product strings hold 16 characters: "VDISK W105 R105", "VDISK" when unthrottled; a modelled
    // disk says its model: "VHDD 105-55 7200", "VSSD W500 R540".
    if (diskModel.kind == DiskKind::Hdd) {
        return QStringLiteral("VHDD %1-%2 %3")
            .arg(QString::number(qRound(diskModel.outerMBps)), QString::number(qRound(diskModel.innerMBps)),
                 QString::number(qRound(diskModel.rpm)))
            .left(16);
    }
    if (diskModel.kind == DiskKind::Ssd) {
        return QStringLiteral("VSSD W%1 R%2")
            .arg(QString::number(qRound(diskModel.burstMBps)), QString::number(qRound(diskModel.readMBps)))
            .left(16);
    }
    if (writeMBps <= 0 && readMBps <= 0) {
        return QStringLiteral("VDISK");
    }
    auto speed = [](double mbps) { return mbps > 0 ? QString::number(qRound(mbps)) : QStringLiteral("-"); };
    return QStringLiteral("VDISK W%1 R%2").arg(speed(writeMBps), speed(readMBps)).left(16);
}

QString LabDiskSpec::describe() const
{
    const QString size = Units::formatBytesBinary(double(sizeBytes));
    const QString cache = Units::formatBytesBinary(double(diskModel.cacheBytes));
    if (diskModel.kind == DiskKind::Hdd) {
        return QStringLiteral("%1 hard disk: %2 MB/s at its start (outer tracks) falling to %3 at its end, %4 rpm, "
                              "%5 ms average seek, a %6 write cache")
            .arg(size, QString::number(diskModel.outerMBps), QString::number(diskModel.innerMBps),
                 QString::number(diskModel.rpm), QString::number(diskModel.seekMs), cache);
    }
    if (diskModel.kind == DiskKind::Ssd) {
        return QStringLiteral("%1 SSD: writes at %2 MB/s until %3 are waiting, then at %4; reads at %5; %6 us a "
                              "request")
            .arg(size, QString::number(diskModel.burstMBps), cache, QString::number(diskModel.steadyMBps),
                 QString::number(diskModel.readMBps), QString::number(diskModel.latencyUs));
    }
    QString text = writeMBps <= 0 && readMBps <= 0 ? QStringLiteral("%1 disk, unthrottled").arg(size)
        : writeMBps == readMBps ? QStringLiteral("%1 disk at %2 MB/s").arg(size, QString::number(writeMBps))
                                : QStringLiteral("%1 disk, writes at %2 MB/s, reads at %3")
                                      .arg(size, QString::number(writeMBps), QString::number(readMBps));
    if (iops > 0) {
        text += QStringLiteral(", at most %1 requests a second").arg(iops);
    }
    return text;
}

QString LabDiskSpec::wwn() const
{
    // NAA 5 (IEEE registered): 0x5 followed by 15 hex digits.
    return QStringLiteral("0x%1").arg(0x52aa0b0000000000ull + std::uint64_t(index + 1), 16, 16, QLatin1Char('0'));
}

Result<LabControllers> parseLabControllers(const QString& text)
{
    const QString count = text.section(QLatin1Char('@'), 0, 0).trimmed();
    bool ok = false;
    LabControllers controllers;
    controllers.count = count.toInt(&ok);
    if (!ok || controllers.count < 1 || controllers.count > 8) {
        return makeError(ErrorCode::invalidLabSpec,
                         QStringLiteral("controllers '%1': expected N or N@MBPS, N from 1 to 8").arg(text));
    }
    if (text.contains(QLatin1Char('@'))) {
        const QString limit = text.section(QLatin1Char('@'), 1).trimmed();
        controllers.mbps = limit.toDouble(&ok);
        if (!ok || !(controllers.mbps >= 1 && controllers.mbps <= 100000)) {
            return makeError(ErrorCode::invalidLabSpec,
                             QStringLiteral("controllers '%1': the limit must be 1 to 100000 MB/s").arg(text));
        }
    }
    return controllers;
}

namespace {

/// One option with a value of a disk of the spec: iops=N, fail-write=OFFSET or fail-read=OFFSET.
Result<void> applyValueOption(const QString& item, const QString& key, const QString& value, LabDiskSpec& disk)
{
    if (key == QLatin1String("iops")) {
        bool ok = false;
        const int iops = value.toInt(&ok);
        if (!ok || iops < 1 || iops > maxIops) {
            return specError(
                item,
                QStringLiteral("iops=%1 must be a whole number from 1 to %2").arg(value, QString::number(maxIops)));
        }
        if (disk.iops) {
            return specError(item, QStringLiteral("iops given twice"));
        }
        disk.iops = iops;
    } else if (key == QLatin1String("fail-write") || key == QLatin1String("fail-read")) {
        auto offset = Units::parseSize(value);
        if (!offset) {
            return specError(item, offset.error().message);
        }
        if (*offset % 512 != 0 || *offset >= disk.sizeBytes) {
            return specError(item,
                             QStringLiteral("fault offset %1 must be a multiple of 512 inside the disk").arg(value));
        }
        if (disk.fault) {
            return specError(item, QStringLiteral("one fault per disk"));
        }
        disk.fault = LabFault {key == QLatin1String("fail-write"), *offset};
    } else {
        return specError(item,
                         QStringLiteral("unknown option '%1' (hdd, ssd, iops, fail-write or fail-read)").arg(key));
    }
    return {};
}

/// The count, size and speeds of one item of the spec ("2x2G@105/120"); its options come after.
Result<std::pair<int, LabDiskSpec>> parseItemBasics(const QString& item, const QRegularExpressionMatch& match)
{
    int count = 1;
    if (!match.captured(1).isEmpty()) {
        bool ok = false;
        count = match.captured(1).toInt(&ok);
        if (!ok || count < 1) {
            return specError(item, QStringLiteral("the disk count must be at least 1"));
        }
    }
    auto size = Units::parseSize(match.captured(2));
    if (!size) {
        return specError(item, size.error().message);
    }
    if (*size < minDiskBytes || *size > maxDiskBytes) {
        return specError(item, QStringLiteral("size %1 must be between 16M and 16T").arg(match.captured(2)));
    }
    if (*size % 512 != 0) {
        return specError(item, QStringLiteral("size must be a multiple of 512 bytes"));
    }
    LabDiskSpec disk;
    disk.sizeBytes = *size;
    if (match.capturedStart(3) >= 0) {
        auto write = parseSpeed(item, match.captured(3));
        if (!write) {
            return write.error();
        }
        disk.writeMBps = *write;
        disk.readMBps = *write;
        if (match.capturedStart(4) >= 0) {
            auto read = parseSpeed(item, match.captured(4));
            if (!read) {
                return read.error();
            }
            disk.readMBps = *read;
        }
    }
    return std::make_pair(count, disk);
}

} // namespace

Result<QList<LabDiskSpec>> parseLabSpec(const QString& spec, int controllers, double controllerMBps)
{
    static const QRegularExpression itemRe(
        QStringLiteral("^(?:(\\d+)x)?([^@:]+)(?:@([^/:]*)(?:/([^:]*))?)?((?::[^:]*)*)$"));
    if (controllers < 1 || controllers > 8) {
        return makeError(ErrorCode::invalidLabSpec,
                         QStringLiteral("controllers must be between 1 and 8, not %1").arg(controllers));
    }
    if (spec.trimmed().isEmpty()) {
        return makeError(ErrorCode::invalidLabSpec,
                         QStringLiteral("no disks given; use e.g. --disks 2x2G@105,2x2G@38"));
    }
    QList<LabDiskSpec> disks;
    for (const QString& rawItem : spec.split(QLatin1Char(','))) {
        const QString item = rawItem.trimmed();
        const auto match = itemRe.match(item);
        if (item.isEmpty() || !match.hasMatch()) {
            return specError(item,
                             QStringLiteral("expected [Nx]SIZE[@MBPS[/MBPS]][:hdd|:ssd][:iops=N]"
                                            "[:fail-write=OFFSET|:fail-read=OFFSET]"));
        }
        auto basics = parseItemBasics(item, match);
        if (!basics) {
            return basics.error();
        }
        const int count = basics->first;
        LabDiskSpec disk = basics->second;
        const QStringList options = match.captured(5).split(QLatin1Char(':'), Qt::SkipEmptyParts);
        if (match.captured(5).count(QLatin1Char(':')) != options.size()) {
            return specError(item, QStringLiteral("an empty option after ':'"));
        }
        QStringList modelOptions;
        for (const QString& option : options) {
            const QString key = option.section(QLatin1Char('='), 0, 0);
            const QString value = option.section(QLatin1Char('='), 1);
            if (isModelOption(option)) {
                modelOptions.append(option);
                continue;
            }
            static const QStringList valueKeys {QStringLiteral("iops"), QStringLiteral("fail-write"),
                                                QStringLiteral("fail-read")};
            if (!option.contains(QLatin1Char('=')) && !valueKeys.contains(key)) {
                return specError(item,
                                 QStringLiteral("unknown disk model '%1': a lab disk is hdd, ssd or flat "
                                                "(or an option: iops=N, fail-write=OFFSET, fail-read=OFFSET)")
                                     .arg(option));
            }
            if (value.isEmpty()) {
                return specError(item,
                                 QStringLiteral("option '%1' needs a value (iops=N, fail-write=OFFSET or "
                                                "fail-read=OFFSET)")
                                     .arg(option));
            }
            if (auto applied = applyValueOption(item, key, value, disk); !applied) {
                return applied.error();
            }
        }
        if (auto modelled = applyModel(item, modelOptions, disk); !modelled) {
            return modelled.error();
        }
        if (disks.size() + count > maxDisks) {
            return specError(item, QStringLiteral("the lab holds at most %1 disks").arg(maxDisks));
        }
        for (int i = 0; i < count; ++i) {
            disk.index = int(disks.size());
            disk.controller = disk.index % controllers;
            disk.controllerMBps = controllerMBps;
            disks.append(disk);
        }
    }
    if (controllers > disks.size()) {
        return makeError(ErrorCode::invalidLabSpec,
                         QStringLiteral("%1 controllers for %2 disk(s): every controller needs a disk; use at most %2")
                             .arg(QString::number(controllers), QString::number(disks.size())));
    }
    return disks;
}

QString formatLabSpec(const QList<LabDiskSpec>& disks)
{
    QStringList items;
    for (const auto& disk : disks) {
        QString item = Units::formatSizeCompact(disk.sizeBytes);
        const DiskModelParams& model = disk.diskModel;
        if (model.kind == DiskKind::Hdd) {
            item +=
                QStringLiteral("@%1:hdd:inner=%2:rpm=%3:seek=%4:cache=%5")
                    .arg(QString::number(model.outerMBps), QString::number(model.innerMBps), QString::number(model.rpm),
                         QString::number(model.seekMs), Units::formatSizeCompact(model.cacheBytes));
        } else if (model.kind == DiskKind::Ssd) {
            item += QStringLiteral("@%1/%2:ssd:steady=%3:cache=%4:latency=%5")
                        .arg(QString::number(model.burstMBps), QString::number(model.readMBps),
                             QString::number(model.steadyMBps), Units::formatSizeCompact(model.cacheBytes),
                             QString::number(model.latencyUs));
        } else if (disk.writeMBps > 0 || disk.readMBps > 0) {
            item += QLatin1Char('@') + QString::number(disk.writeMBps);
            if (disk.readMBps != disk.writeMBps) {
                item += QLatin1Char('/') + QString::number(disk.readMBps);
            }
        }
        if (disk.iops) {
            item += QStringLiteral(":iops=%1").arg(disk.iops);
        }
        if (disk.fault) {
            item += disk.fault->onWrite ? QStringLiteral(":fail-write=") : QStringLiteral(":fail-read=");
            item += Units::formatSizeCompact(disk.fault->offset);
        }
        items.append(item);
    }
    return items.join(QLatin1Char(','));
}

} // namespace RaidBench

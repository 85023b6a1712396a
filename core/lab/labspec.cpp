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
                             .arg(text)
                             .arg(maxMBps));
    }
    return value;
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
    // SCSI product strings hold 16 characters: "VDISK W105 R105", "VDISK" when unthrottled.
    if (writeMBps <= 0 && readMBps <= 0) {
        return QStringLiteral("VDISK");
    }
    auto speed = [](double mbps) { return mbps > 0 ? QString::number(qRound(mbps)) : QStringLiteral("-"); };
    return QStringLiteral("VDISK W%1 R%2").arg(speed(writeMBps), speed(readMBps)).left(16);
}

QString LabDiskSpec::wwn() const
{
    // NAA 5 (IEEE registered): 0x5 followed by 15 hex digits.
    return QStringLiteral("0x%1").arg(0x52aa0b0000000000ull + std::uint64_t(index + 1), 16, 16, QLatin1Char('0'));
}

Result<QList<LabDiskSpec>> parseLabSpec(const QString& spec, int controllers)
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
            return specError(
                item, QStringLiteral("expected [Nx]SIZE[@MBPS[/MBPS]][:iops=N][:fail-write=OFFSET|:fail-read=OFFSET]"));
        }
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
        const QStringList options = match.captured(5).split(QLatin1Char(':'), Qt::SkipEmptyParts);
        if (match.captured(5).count(QLatin1Char(':')) != options.size()) {
            return specError(item, QStringLiteral("an empty option after ':'"));
        }
        for (const QString& option : options) {
            const QString key = option.section(QLatin1Char('='), 0, 0);
            const QString value = option.section(QLatin1Char('='), 1);
            if (!option.contains(QLatin1Char('=')) || value.isEmpty()) {
                return specError(item,
                                 QStringLiteral("option '%1' needs a value (iops=N, fail-write=OFFSET or "
                                                "fail-read=OFFSET)")
                                     .arg(option));
            }
            if (key == QLatin1String("iops")) {
                bool ok = false;
                const int iops = value.toInt(&ok);
                if (!ok || iops < 1 || iops > maxIops) {
                    return specError(
                        item, QStringLiteral("iops=%1 must be a whole number from 1 to %2").arg(value).arg(maxIops));
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
                    return specError(
                        item, QStringLiteral("fault offset %1 must be a multiple of 512 inside the disk").arg(value));
                }
                if (disk.fault) {
                    return specError(item, QStringLiteral("one fault per disk"));
                }
                disk.fault = LabFault {key == QLatin1String("fail-write"), *offset};
            } else {
                return specError(item, QStringLiteral("unknown option '%1' (iops, fail-write or fail-read)").arg(key));
            }
        }
        if (disks.size() + count > maxDisks) {
            return specError(item, QStringLiteral("the lab holds at most %1 disks").arg(maxDisks));
        }
        for (int i = 0; i < count; ++i) {
            disk.index = int(disks.size());
            disk.controller = disk.index % controllers;
            disks.append(disk);
        }
    }
    if (controllers > disks.size()) {
        return makeError(ErrorCode::invalidLabSpec,
                         QStringLiteral("%1 controllers for %2 disk(s): every controller needs a disk; use at most %2")
                             .arg(controllers)
                             .arg(disks.size()));
    }
    return disks;
}

QString formatLabSpec(const QList<LabDiskSpec>& disks)
{
    QStringList items;
    for (const auto& disk : disks) {
        QString item = Units::formatSizeCompact(disk.sizeBytes);
        if (disk.writeMBps > 0 || disk.readMBps > 0) {
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

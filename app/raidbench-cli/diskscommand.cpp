#include "diskscommand.h"

#include "clicommon.h"
#include "disks/diskscanner.h"
#include "util/units.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>

namespace RaidBench::Cli {

namespace {

const char* const disksDescription = R"(List the block devices of this machine, like lsblk, with model, size, transport
and controller, and say for each whether RaidBench may write to it, and why not.

A device is usable only if nothing uses it: not mounted (nor any partition), not swap,
not held by md, dm or LVM, not the disk of / or /boot, not read-only, and without a
file system, RAID or LVM signature or partition table. Probing signatures needs root.

Examples:
  raidbench-cli disks
  raidbench-cli disks --json
  raidbench-cli disks --all --allow-loop)";

bool shown(const Disk& disk, bool all, bool allowLoop)
{
    if (all) {
        return true;
    }
    if (disk.kind == QLatin1String("loop")) {
        return allowLoop && disk.sizeBytes > 0;
    }
    return disk.kind == QLatin1String("disk");
}

QString row(const Disk& disk, bool partition)
{
    const QString name = partition ? QStringLiteral("  ") + disk.name : disk.name;
    const QString state = disk.eligible ? QStringLiteral("yes") : QStringLiteral("no");
    QStringList why;
    for (const auto& reason : disk.reasons) {
        why.append(reason.message);
    }
    return QStringLiteral("%1 %2 %3 %4 %5 %6 %7\n")
        .arg(name, -10)
        .arg(Units::formatBytesDecimal(double(disk.sizeBytes)), 9)
        .arg(disk.model.left(24), -24)
        .arg(disk.transport, -8)
        .arg(disk.controller, -13)
        .arg(state, -6)
        .arg(why.join(QStringLiteral("; ")));
}

} // namespace

int runDisks(const QStringList& arguments)
{
    CommandParser command(QStringLiteral("disks"), QString::fromUtf8(disksDescription));
    QCommandLineParser& parser = command.parser();
    const QCommandLineOption jsonOption(QStringLiteral("json"), QStringLiteral("Print a JSON array of devices."));
    const QCommandLineOption allOption(QStringLiteral("all"),
                                       QStringLiteral("Also list loop, RAM, md and dm devices."));
    const QCommandLineOption loopOption(QStringLiteral("allow-loop"),
                                        QStringLiteral("Treat loop devices as usable disks (for tests)."));
    const QCommandLineOption minSizeOption(QStringLiteral("min-size"),
                                           QStringLiteral("Mark devices smaller than SIZE as too small."),
                                           QStringLiteral("SIZE"));
    parser.addOptions({jsonOption, allOption, loopOption, minSizeOption});
    if (const std::optional<int> done = command.parse(arguments, false)) {
        return *done;
    }
    EligibilityOptions options;
    options.allowLoop = parser.isSet(loopOption);
    if (parser.isSet(minSizeOption)) {
        auto size = Units::parseSize(parser.value(minSizeOption));
        if (!size) {
            printError(size.error().message);
            return ExitUsage;
        }
        options.minSizeBytes = *size;
    }
    const QList<Disk> disks = DiskScanner().scan(options);
    const bool all = parser.isSet(allOption);
    if (parser.isSet(jsonOption)) {
        QJsonArray array;
        for (const Disk& disk : disks) {
            if (shown(disk, all, options.allowLoop)) {
                array.append(disk.toJson());
            }
        }
        printOut(QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Indented)));
        return ExitOk;
    }
    QString text = QStringLiteral("%1 %2 %3 %4 %5 %6 %7\n")
                       .arg(QStringLiteral("NAME"), -10)
                       .arg(QStringLiteral("SIZE"), 9)
                       .arg(QStringLiteral("MODEL"), -24)
                       .arg(QStringLiteral("TRAN"), -8)
                       .arg(QStringLiteral("CONTROLLER"), -13)
                       .arg(QStringLiteral("USABLE"), -6)
                       .arg(QStringLiteral("WHY NOT"));
    int count = 0;
    for (const Disk& disk : disks) {
        if (!shown(disk, all, options.allowLoop)) {
            continue;
        }
        ++count;
        text += row(disk, false);
        for (const Disk& partition : disk.partitions) {
            text += row(partition, true);
        }
    }
    if (count == 0) {
        text += QStringLiteral("(no disks; --all lists loop, RAM, md and dm devices too)\n");
    }
    printOut(text);
    return ExitOk;
}

} // namespace RaidBench::Cli

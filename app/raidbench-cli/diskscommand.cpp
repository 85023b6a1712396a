#include "diskscommand.h"

#include "clicommon.h"
#include "disks/diskscanner.h"
#include "disks/healthprobe.h"
#include "remotehosts.h"
#include "results/diskhistory.h"
#include "results/resultsfolder.h"
#include "surfacecommand.h"
#include "system/commandrunner.h"
#include "util/errorcodes.h"
#include "util/terminaltext.h"
#include "util/units.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <unistd.h>

namespace RaidBench::Cli {

namespace {

const char* const disksDescription = QT_TRANSLATE_NOOP(
    "raidbench_cli", R"(List the block devices of this machine, like lsblk, with model, size, transport
and controller, and say for each whether RaidBench may write to it, and why not.

A device is usable only if nothing uses it: not mounted (nor any partition), not swap,
not held by md, dm or LVM, not the disk of / or /boot, not read-only, and without a
file system, RAID or LVM signature or partition table. Probing signatures needs root.

As root it also reads each disk's health with smartctl (read only; no self-test is
started): SMART's verdict, temperature, the link's speed against its maximum, error
counters, and the disk's own write cache (hdparm, sdparm or nvme). What could make a disk
slow is listed under it: a link below its maximum, cable (CRC) errors, reallocated or
pending sectors, a temperature above 55 °C, a write cache that is off, or a model or
rotation rate unlike the rest of the disks. --no-health skips all of this.

--history SERIAL shows one disk's own speed over time instead: every results file kept in
the results folder (~/.local/share/raidbench/results, or --results-dir) that measured the
disk with that serial number on its own, oldest first, and whether it is now more than 10 %
slower than at its first measurement.

--surface reads disks across their surface instead, from their first byte to their last,
and charts MB/s against position (read only); raidbench-cli disks --surface --help says
how.

--host [USER@]HOST[:PORT] lists another machine's disks instead, through the RaidBench
helper installed there, over ssh (as root there, or through sudo -n; your keys and
known_hosts apply, and no password is ever typed).

Examples:
  raidbench-cli disks
  raidbench-cli disks --json
  raidbench-cli disks --host root@storage1
  raidbench-cli disks --all --allow-loop
  raidbench-cli disks --no-health
  raidbench-cli disks --history WD-WCC4E1234567
  raidbench-cli disks --surface
  raidbench-cli disks --surface /dev/sdb /dev/sdc --points 32 --point-time 2s --out sdb-sdc.json)");

/// Why health was not read, kept in English in the disks' JSON and said in the user's language in the table.
const char* const notReadAsked = QT_TRANSLATE_NOOP("raidbench_cli", "not read (--no-health or --all)");
const char* const notReadNotRoot = QT_TRANSLATE_NOOP("raidbench_cli", "reading SMART and write caches needs root");

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

/// SMART's verdict in a word, and the temperature when known.
QString healthCell(const Disk& disk)
{
    if (!disk.healthRead || disk.kind != QLatin1String("disk")) {
        return QStringLiteral("-");
    }
    const SmartStatus smart = disk.health.status;
    QString word = smart == SmartStatus::Passed ? QStringLiteral("ok")
        : smart == SmartStatus::Failed          ? QStringLiteral("FAILING")
        : smart == SmartStatus::NoSmart         ? QStringLiteral("no-smart")
                                                : QStringLiteral("unknown");
    if (disk.health.temperatureC > 0) {
        word += QStringLiteral(" %1C").arg(disk.health.temperatureC);
    }
    return word;
}

QString cacheCell(const Disk& disk)
{
    return disk.healthRead && disk.kind == QLatin1String("disk") ? cacheStateName(disk.writeCache.state)
                                                                 : QStringLiteral("-");
}

QString row(const Disk& disk, bool partition)
{
    const QString name = partition ? QStringLiteral("  ") + disk.name : disk.name;
    const QString state = disk.eligible ? Text::tr("yes") : Text::tr("no");
    QStringList why;
    for (const auto& reason : disk.reasons) {
        why.append(reason.text(Audience::Person));
    }
    // Every field as one line of visible text: a disk (or the host that reported it) names itself, and
    // a newline or an escape in a model or a reason must not make or hide a line.
    QString line =
        QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9\n")
            .arg(terminalSafe(name).leftJustified(10),
                 Units::formatBytesDecimal(double(disk.sizeBytes)).rightJustified(9),
                 terminalSafe(disk.model).left(24).leftJustified(24), terminalSafe(disk.transport).leftJustified(8),
                 terminalSafe(disk.controller).leftJustified(13),
                 (partition ? QString() : terminalSafe(healthCell(disk))).leftJustified(12),
                 (partition ? QString() : terminalSafe(cacheCell(disk))).leftJustified(7), state.leftJustified(6),
                 terminalSafe(why.join(QStringLiteral("; "))));
    if (!partition && disk.healthRead) {
        if (disk.health.status == SmartStatus::Unknown || disk.health.status == SmartStatus::NoSmart) {
            // The reason stays English in JSON; one of ours reads in the user's language here.
            const QByteArray reason = disk.health.reason.toUtf8();
            line += Text::tr("           health: %1\n").arg(terminalSafe(Text::tr(reason.constData())));
        }
        if (!disk.health.linkMax.isEmpty()) {
            line += Text::tr("           link: %1 of %2\n")
                        .arg(terminalSafe(disk.health.linkCurrent), terminalSafe(disk.health.linkMax));
        }
        for (const auto& explanation : disk.explanations) {
            line += Text::tr("           could be slow: %1\n").arg(terminalSafe(explanation.message));
        }
    }
    return line;
}

int printHistory(const QString& serial, const QString& folder, bool json)
{
    if (serial.trimmed().isEmpty()) {
        printError(Text::tr("--history needs a disk's serial number"));
        return ExitUsage;
    }
    if (!QFileInfo(folder).isDir()) {
        printError(Text::tr("no results folder at %1: nothing has been measured yet").arg(folder));
        return ExitFailed;
    }
    const HistoryScan scan = scanHistory(folder);
    const QList<DiskHistory> found = historiesOf(scan, serial);
    for (const QString& unreadable : scan.unreadable) {
        printErr(Text::tr("raidbench-cli: skipped %1\n").arg(unreadable));
    }
    if (found.isEmpty()) {
        QStringList serials;
        for (const DiskHistory& history : scan.disks) {
            if (!serials.contains(history.serial)) {
                serials.append(history.serial);
            }
        }
        printError(serials.isEmpty()
                       ? Text::tr("no results file in %1 measured a disk on its own").arg(folder)
                       : Text::tr("no results file in %1 measured a disk with serial %2; these have a history: %3")
                             .arg(folder, serial, serials.join(QStringLiteral(", "))));
        return ExitFailed;
    }
    if (json) {
        QJsonArray array;
        for (const DiskHistory& history : found) {
            array.append(history.toJson());
        }
        printJson(QJsonDocument(array));
        return ExitOk;
    }
    QStringList texts;
    for (const DiskHistory& history : found) {
        texts.append(history.toText());
    }
    printOut(texts.join(QLatin1Char('\n')));
    return ExitOk;
}

/// The options of `disks`.
struct DisksOptions
{
    const QCommandLineOption jsonOption {QStringLiteral("json"), Text::tr("Print a JSON array of devices.")};
    const QCommandLineOption allOption {QStringLiteral("all"), Text::tr("Also list loop, RAM, md and dm devices.")};
    const QCommandLineOption loopOption {QStringLiteral("allow-loop"),
                                         Text::tr("Treat loop devices as usable disks (for tests).")};
    const QCommandLineOption minSizeOption {
        QStringLiteral("min-size"), Text::tr("Mark devices smaller than SIZE as too small."), QStringLiteral("SIZE")};
    const QCommandLineOption noHealthOption {
        QStringLiteral("no-health"), Text::tr("Do not read SMART health and write caches (smartctl, hdparm, ...).")};
    const QCommandLineOption historyOption {QStringLiteral("history"),
                                            Text::tr("Show the disk with serial number SERIAL's speed over time."),
                                            QStringLiteral("SERIAL")};
    const QCommandLineOption resultsDirOption {
        QStringLiteral("results-dir"),
        Text::tr("With --history: the folder of results files (default: the results folder)."), QStringLiteral("DIR")};
    const QCommandLineOption hostOption {QStringLiteral("host"), Text::tr("List that machine's disks, over ssh."),
                                         QStringLiteral("[USER@]HOST[:PORT]")};
    const QCommandLineOption remoteHelperOption {
        QStringLiteral("remote-helper"),
        Text::tr("With --host: where the helper is there, paths separated by ':', the first found runs (default %1).")
            .arg(SshTarget::defaultRemoteHelper()),
        QStringLiteral("PATH")};
    const QCommandLineOption timeoutOption = connectTimeoutOption();
    const QCommandLineOption surfaceOption {
        QStringLiteral("surface"),
        Text::tr("Read disks across their surface instead (raidbench-cli disks --surface --help).")};

    QList<QCommandLineOption> all() const
    {
        return {jsonOption,       allOption,  loopOption,         minSizeOption, noHealthOption, historyOption,
                resultsDirOption, hostOption, remoteHelperOption, timeoutOption, surfaceOption};
    }
};

/// The options of listing the disks that go only with others, given without them: the usage error
/// printed.
bool listOptionsFit(const QCommandLineParser& parser, const DisksOptions& o)
{
    if (parser.isSet(o.resultsDirOption)) {
        printError(Text::tr("--results-dir goes with --history"));
        return false;
    }
    if (parser.isSet(o.timeoutOption) && !parser.isSet(o.hostOption)) {
        printError(Text::tr("--connect-timeout goes with --host"));
        return false;
    }
    if (parser.isSet(o.hostOption) && parser.isSet(o.minSizeOption)) {
        printError(Text::tr("--min-size is for this machine's disks, not with --host"));
        return false;
    }
    return true;
}

/// The disks of the machine --host names, through its helper over ssh; nullopt after printing why
/// (`code` the exit code).
std::optional<QList<Disk>> hostDisks(const QCommandLineParser& parser, const DisksOptions& o, bool allowLoop, int& code)
{
    code = ExitUsage;
    auto host = SshTarget::parse(parser.value(o.hostOption));
    if (!host) {
        printError(ErrorCode::userText(host.error()));
        return std::nullopt;
    }
    const QString helper =
        parser.isSet(o.remoteHelperOption) ? parser.value(o.remoteHelperOption) : SshTarget::defaultRemoteHelper();
    if (auto plain = SshTarget::checkRemoteHelper(helper); !plain) {
        printError(ErrorCode::userText(plain.error()));
        return std::nullopt;
    }
    const std::optional<int> timeout = connectTimeout(parser, o.timeoutOption);
    if (!timeout) {
        return std::nullopt;
    }
    const bool health = !parser.isSet(o.noHealthOption) && !parser.isSet(o.allOption);
    auto remote = remoteDisks(*host, helper, allowLoop, parser.isSet(o.allOption), health, *timeout);
    if (!remote) {
        printError(ErrorCode::userText(remote.error()));
        code = remote.error().code == ErrorCode::cancelled ? ExitCancelled : ExitFailed;
        return std::nullopt;
    }
    if (!health) {
        HealthProbe::markUnread(*remote, QString::fromUtf8(notReadAsked));
    }
    return *remote;
}

/// This machine's disks, their health read as root unless --no-health.
QList<Disk> localDisks(const EligibilityOptions& options, bool health)
{
    QList<Disk> disks = DiskScanner().scan(options);
    if (health) {
        if (geteuid() == 0) {
            SystemCommandRunner runner;
            HealthProbe::probe(disks, runner);
        } else {
            HealthProbe::markUnread(disks, QString::fromUtf8(notReadNotRoot));
        }
    }
    return disks;
}

/// The table (or JSON array) of `disks`, partitions under their disk.
void printDisks(QList<Disk> disks, bool all, bool allowLoop, bool json)
{
    if (json) {
        QJsonArray array;
        for (const Disk& disk : disks) {
            if (shown(disk, all, allowLoop)) {
                array.append(disk.toJson());
            }
        }
        printJson(QJsonDocument(array));
        return;
    }
    HealthProbe::reword(disks, Audience::Person); // the helper's explanations, in the reader's words
    QString text =
        QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9\n")
            .arg(Text::tr("NAME").leftJustified(10), Text::tr("SIZE").rightJustified(9),
                 Text::tr("MODEL").leftJustified(24), Text::tr("TRAN").leftJustified(8),
                 Text::tr("CONTROLLER").leftJustified(13), Text::tr("HEALTH").leftJustified(12),
                 Text::tr("CACHE").leftJustified(7), Text::tr("USABLE").leftJustified(6), Text::tr("WHY NOT"));
    int count = 0;
    for (const Disk& disk : disks) {
        if (!shown(disk, all, allowLoop)) {
            continue;
        }
        ++count;
        text += row(disk, false);
        for (const Disk& partition : disk.partitions) {
            text += row(partition, true);
        }
    }
    if (count == 0) {
        text += Text::tr("(no disks; --all lists loop, RAM, md and dm devices too)\n");
    }
    printOut(text);
}

} // namespace

DisksCommand::DisksCommand()
    : Command(QStringLiteral("disks"),
              QT_TRANSLATE_NOOP("raidbench_cli", "list disks and whether RaidBench may use each"))
{ }

int DisksCommand::execute(const QStringList& arguments)
{
    // Options end at "--": what follows is a disk's name, even one spelled "--surface".
    const QStringList given = arguments.mid(0, arguments.indexOf(QStringLiteral("--")));
    if (const qsizetype surface = given.indexOf(QStringLiteral("--surface")); surface > 0) {
        QStringList rest = arguments;
        rest.removeAt(surface);
        return SurfaceCommand().execute(rest);
    }
    for (const QString& name :
         {QStringLiteral("points"), QStringLiteral("point-time"), QStringLiteral("out"), QStringLiteral("helper")}) {
        const QString option = QStringLiteral("--") + name;
        if (std::any_of(given.cbegin(), given.cend(), [&option](const QString& argument) {
                return argument == option || argument.startsWith(option + QLatin1Char('='));
            })) {
            printError(Text::tr("--%1 goes with --surface").arg(name));
            return ExitUsage;
        }
    }
    CommandParser command(QStringLiteral("disks"), Text::tr(disksDescription));
    QCommandLineParser& parser = command.parser();
    const DisksOptions o;
    parser.addOptions(o.all());
    if (const std::optional<int> done = command.parse(arguments)) {
        return *done;
    }
    if (!parser.positionalArguments().isEmpty()) {
        printError(Text::tr("disks are named only with --surface (raidbench-cli disks lists them all)"));
        return ExitUsage;
    }
    if (parser.isSet(o.historyOption)) {
        return printHistory(parser.value(o.historyOption),
                            parser.isSet(o.resultsDirOption) ? parser.value(o.resultsDirOption) : ResultsFolder::path(),
                            parser.isSet(o.jsonOption));
    }
    if (!listOptionsFit(parser, o)) {
        return ExitUsage;
    }
    EligibilityOptions options;
    options.allowLoop = parser.isSet(o.loopOption);
    if (parser.isSet(o.minSizeOption)) {
        auto size = Units::parseSize(parser.value(o.minSizeOption));
        if (!size) {
            printError(ErrorCode::userText(size.error()));
            return ExitUsage;
        }
        options.minSizeBytes = *size;
    }
    QList<Disk> disks;
    if (parser.isSet(o.hostOption)) {
        int code = ExitOk;
        auto remote = hostDisks(parser, o, options.allowLoop, code);
        if (!remote) {
            return code;
        }
        disks = *remote;
    } else {
        disks = localDisks(options, !parser.isSet(o.noHealthOption));
    }
    printDisks(disks, parser.isSet(o.allOption), options.allowLoop, parser.isSet(o.jsonOption));
    return ExitOk;
}

} // namespace RaidBench::Cli

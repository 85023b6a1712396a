#include "surfacecommand.h"

#include "clicommon.h"
#include "disks/diskscanner.h"
#include "model/analysis.h"
#include "plan/campaignplan.h"
#include "plan/surfacescan.h"
#include "planrun.h"
#include "results/campaignresults.h"
#include "results/resultsfolder.h"
#include "util/errorcodes.h"
#include "util/terminaltext.h"
#include "util/units.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QScopeGuard>
#include <QSysInfo>

#include <algorithm>
#include <optional>

namespace RaidBench::Cli {

namespace {

const char* const surfaceDescription = QT_TRANSLATE_NOOP(
    "raidbench_cli", R"(Read disks across their surface: each disk given (or every usable disk) at --points
places from its first byte to its last, --point-time at each (1M blocks, queue depth 8, at
most 256 MiB a point), and print MB/s against position with the slowest zone named. A
hard disk's last (inner) tracks are often half as fast as its first; an array tested only
at its start overstates what it sustains when full. It only reads, but still refuses a
disk that anything uses (mounted, in an array, with a file system). Ctrl-C stops it and
keeps the points read. The results file (--out, default a new one in the results folder)
holds them under disks[].surface, for the report and the desktop program's Surface chart.

Examples:
  raidbench-cli disks --surface
  raidbench-cli disks --surface /dev/sdb /dev/sdc --points 32 --point-time 2s --out sdb-sdc.json)");

struct SurfaceRequest
{
    QStringList disks; ///< empty: every usable disk
    SurfaceSpec spec;
    QString out; ///< results file; empty: a new one in the results folder
    bool allowLoop = false;
    bool json = false;
    bool quiet = false;
    bool viaHelper = false;
};

/// The options of `disks --surface`.
struct SurfaceOptions
{
    const QCommandLineOption points {QStringLiteral("points"),
                                     Text::tr("Places read on each disk, %1 to %2 (default %3).")
                                         .arg(QString::number(SurfaceSpec::minPoints),
                                              QString::number(SurfaceSpec::maxPoints),
                                              QString::number(SurfaceSpec::defaultPoints)),
                                     QStringLiteral("N"), QString::number(SurfaceSpec::defaultPoints)};
    const QCommandLineOption pointTime {QStringLiteral("point-time"), Text::tr("Reading at each place (default 1s)."),
                                        QStringLiteral("DURATION"), QStringLiteral("1s")};
    const QCommandLineOption out {QStringLiteral("out"),
                                  Text::tr("The results file (default: a new one in the results folder)."),
                                  QStringLiteral("RESULTS.json")};
    const QCommandLineOption allowLoop {QStringLiteral("allow-loop"),
                                        Text::tr("Treat loop devices as usable disks (for tests).")};
    const QCommandLineOption json {QStringLiteral("json"), Text::tr("Print a JSON array of the disks read.")};
    const QCommandLineOption helper {QStringLiteral("helper"), Text::tr("As root too: read through raidbench-helper.")};

    QList<QCommandLineOption> all() const { return {points, pointTime, out, allowLoop, json, helper}; }
};

/// The request the options make; nullopt after printing why they are refused.
std::optional<SurfaceRequest> readRequest(const QCommandLineParser& parser, const SurfaceOptions& options)
{
    SurfaceRequest request;
    request.disks = parser.positionalArguments();
    request.out = parser.value(options.out);
    request.allowLoop = parser.isSet(options.allowLoop);
    request.json = parser.isSet(options.json);
    request.viaHelper = parser.isSet(options.helper);
    bool ok = false;
    parser.value(options.points).toInt(&ok);
    if (!ok) {
        printError(Text::tr("--points '%1' must be a whole number from %2 to %3")
                       .arg(parser.value(options.points).left(32), QString::number(SurfaceSpec::minPoints),
                            QString::number(SurfaceSpec::maxPoints)));
        return std::nullopt;
    }
    const QJsonObject spec {{QStringLiteral("points"), parser.value(options.points).toDouble()},
                            {QStringLiteral("time"), parser.value(options.pointTime)}};
    auto parsed = SurfaceSpec::fromJson(spec);
    if (!parsed) {
        printError(QString(ErrorCode::userText(parsed.error()))
                       .replace(QStringLiteral("surface: points"), QStringLiteral("--points"))
                       .replace(QStringLiteral("surface: time per point"), QStringLiteral("--point-time")));
        return std::nullopt;
    }
    request.spec = *parsed;
    return request;
}

/// The disks to read: the ones named, each free to use; or every usable disk.
Result<QStringList> chooseDisks(const SurfaceRequest& request)
{
    EligibilityOptions eligibility;
    eligibility.allowLoop = request.allowLoop;
    QStringList chosen;
    if (request.disks.isEmpty()) {
        for (const Disk& disk : DiskScanner().scan(eligibility)) {
            const bool kind = disk.kind == QLatin1String("disk") ||
                (request.allowLoop && disk.kind == QLatin1String("loop") && disk.sizeBytes > 0);
            if (kind && disk.eligible) {
                chosen.append(disk.path);
            }
        }
        if (chosen.isEmpty()) {
            return makeError({},
                             Text::tr("no disk is free to read across (raidbench-cli disks says why); "
                                      "a surface scan reads only disks nothing uses"));
        }
        return chosen;
    }
    for (const QString& path : request.disks) {
        auto disk = DiskScanner().inspect(path, eligibility);
        if (!disk) {
            return makeError({}, QStringLiteral("%1: %2").arg(path, disk.error().message));
        }
        if (!disk->eligible) {
            QStringList why;
            for (const DiskReason& reason : disk->reasons) {
                why.append(reason.text(Audience::Person));
            }
            return makeError({},
                             Text::tr("%1 is in use, so it is not read: %2")
                                 .arg(path, why.isEmpty() ? Text::tr("not usable") : why.join(QStringLiteral("; "))));
        }
        if (chosen.contains(disk->path)) {
            return makeError({}, Text::tr("%1 is named twice").arg(path));
        }
        chosen.append(disk->path);
    }
    return chosen;
}

QString bar(double fraction, int width)
{
    const int cells = std::clamp(qRound(fraction * width), 0, width);
    return QString(cells, QChar(0x2588)) + QString(width - cells, QLatin1Char(' '));
}

} // namespace

QString surfaceText(const CampaignResults& results)
{
    QString text;
    for (const DiskResult& disk : results.disks) {
        if (disk.surface.isEmpty() && disk.surface.error.isEmpty()) {
            continue;
        }
        text += QStringLiteral("%1  %2: %3\n")
                    .arg(terminalSafe(disk.label()), Units::formatBytesDecimal(double(disk.sizeBytes)),
                         disk.surface.summary(disk.sizeBytes));
        const SurfacePoint* fastest = disk.surface.fastest();
        for (const SurfacePoint& point : disk.surface.points) {
            text += QStringLiteral("  %1 %  %2 %3\n")
                        .arg(QString::number(qRound(point.position(disk.sizeBytes) * 100)).rightJustified(3),
                             bar(fastest && fastest->bwBytes > 0 ? point.bwBytes / fastest->bwBytes : 0, 40),
                             Units::formatMBps(point.bwBytes));
        }
        if (!disk.surface.error.isEmpty()) {
            text += Text::tr("  stopped: %1\n").arg(terminalSafe(disk.surface.error));
        }
    }
    return text;
}

namespace {

/// Reads the request's disks through a plan that only reads, then prints what it found.
int runSurfaceScan(const SurfaceRequest& request)
{
    auto disks = chooseDisks(request);
    if (!disks) {
        printError(ErrorCode::userText(disks.error()));
        return ExitFailed;
    }
    CampaignPlan plan;
    plan.disks = *disks;
    plan.baselines = false;
    plan.allowLoop = request.allowLoop;
    plan.surface = request.spec;
    QString out = request.out;
    if (out.isEmpty()) {
        auto created = ResultsFolder::create(ResultsFolder::path(), QDateTime::currentDateTime(),
                                             QSysInfo::machineHostName(), QStringLiteral("surface"));
        if (!created) {
            printError(Text::tr("%1; give --out RESULTS.json").arg(ErrorCode::userText(created.error())));
            return ExitFailed;
        }
        out = *created;
    }
    const bool placeholder = request.out.isEmpty();
    auto dropPlaceholder = qScopeGuard([&] {
        if (placeholder && QFileInfo(out).size() == 0) {
            QFile::remove(out);
        }
    });
    if (!request.quiet) {
        printErr(Text::tr("reading %1 at %2 points each (read only; %3 a point)\n")
                     .arg(plan.disks.join(QStringLiteral(", ")), QString::number(plan.surface.points),
                          Units::formatDuration(plan.surface.timeNs)));
    }
    const int code = runPlan(plan, out, {false, request.quiet || request.json, false, request.viaHelper, false, {}});
    auto results = loadAnalysed(out);
    if (!results) {
        return code == ExitOk ? ExitFailed : code;
    }
    if (request.json) {
        QJsonArray array;
        for (const DiskResult& disk : results->disks) {
            QJsonObject entry {{QStringLiteral("path"), disk.path},
                               {QStringLiteral("serial"), disk.serial},
                               {QStringLiteral("model"), disk.model},
                               {QStringLiteral("size_bytes"), double(disk.sizeBytes)},
                               {QStringLiteral("surface"), disk.surface.toJson(disk.sizeBytes)}};
            array.append(entry);
        }
        printJson(QJsonDocument(array));
    } else {
        printOut(surfaceText(*results));
    }
    bool stopped = false;
    for (const DiskResult& disk : results->disks) {
        stopped = stopped || !disk.surface.complete();
    }
    return code == ExitOk && stopped ? ExitFailed : code;
}

} // namespace

SurfaceCommand::SurfaceCommand()
    : Command(QStringLiteral("disks --surface"),
              QT_TRANSLATE_NOOP("raidbench_cli", "read disks across their surface and chart MB/s against position"))
{ }

int SurfaceCommand::execute(const QStringList& arguments)
{
    CommandParser command(QStringLiteral("disks --surface"), Text::tr(surfaceDescription));
    QCommandLineParser& parser = command.parser();
    const SurfaceOptions options;
    parser.addOptions(options.all());
    parser.addPositionalArgument(QStringLiteral("disks"), Text::tr("The disks to read (default: every usable disk)."),
                                 QStringLiteral("[DISK...]"));
    if (const std::optional<int> done = command.parse(arguments)) {
        return *done;
    }
    const std::optional<SurfaceRequest> request = readRequest(parser, options);
    return request ? runSurfaceScan(*request) : int(ExitUsage);
}

} // namespace RaidBench::Cli

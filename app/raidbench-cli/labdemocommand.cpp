#include "labdemocommand.h"

#include "clicommon.h"
#include "exports/exports.h"
#include "lab/labmachine.h"
#include "labcommand.h"
#include "model/analysis.h"
#include "util/atomicfile.h"
#include "util/errorcodes.h"
#include "util/units.h"

#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

namespace RaidBench::Cli {

namespace {

/// What `raidbench-cli lab demo --help` says above its options.
const char* const demoDescription = QT_TRANSLATE_NOOP(
    "raidbench_cli",
    "Boot the virtual lab and run RaidBench's main job on its disks: per-disk baselines, then every layout\n"
    "the disks allow, each built, measured and torn down. Leaves results.json and report.md in DIR.\n"
    "The default disks are hard disks (models served by nbdkit; see raidbench-cli lab --help): two at\n"
    "105 MB/s at their start falling to 55 at their end, 7200 rpm, and two older ones at 60 falling to\n"
    "32, 5400 rpm, each seeking and turning as a disk does, with a 16 MiB write cache (filled during\n"
    "each test's ramp, so the figures are the disks' own). The report names them.\n"
    "--disks 2x2G@105:iops=150,2x2G@38:iops=150 gives the flat throttles of earlier versions.\n"
    "Each test runs at least twice and until its runs' MB/s vary by at most 5 % (coefficient of variation;\n"
    "at most 5 runs; --repeats N sets a fixed count instead), and the report marks any that never settled.\n\n"
    "With --drill, every layout that survives a failed disk also loses one: it is tested degraded, the\n"
    "disk is added back and the rebuild is timed (this adds about a rebuild's time per layout).\n\n"
    "The disks take turns over --controllers N SCSI controllers (default 2), so the report says which\n"
    "layouts survive losing a controller; 24 disks on 3 controllers are a server's shape.\n\n"
    "Example:\n"
    "  raidbench-cli lab demo --out demo-out\n"
    "  raidbench-cli lab demo --disks 4x1G@100,1G@40 --time 5s\n"
    "  raidbench-cli lab demo --configs raid1,raid5,raid10 --drill\n"
    "  raidbench-cli lab demo --disks 24x1G@100 --controllers 3 --configs raid0,raid10,raid50,raid60,raid1+0");

/// The options that shape the demo's plan.
struct DemoPlanOptions
{
    const QCommandLineOption &timeOption, &repeatsOption, &configsOption, &testsOption, &drillOption;
};

/// The plan the demo runs in the VM: the lab's disks by their stable names, baselines, the layouts
/// and tests asked for, each test repeated until its runs agree (or --repeats times).
QJsonObject demoPlan(const QList<LabDiskSpec>& disks, const QCommandLineParser& parser, const DemoPlanOptions& o)
{
    QJsonArray diskPaths;
    for (const LabDiskSpec& disk : disks) {
        diskPaths.append(
            QStringLiteral("/dev/disk/by-id/scsi-%1_%2_%3")
                .arg(disk.vendor(), QString(disk.model()).replace(QLatin1Char(' '), QLatin1Char('_')), disk.serial()));
    }
    QJsonObject plan {
        {QStringLiteral("raidbench_plan"), 1},
        {QStringLiteral("comment"), QStringLiteral("made by raidbench-cli lab demo")},
        {QStringLiteral("disks"), diskPaths},
        {QStringLiteral("baselines"), true},
        {QStringLiteral("repeats"), parser.isSet(o.repeatsOption) ? parser.value(o.repeatsOption).toInt() : 2},
        {QStringLiteral("limits"),
         QJsonObject {{QStringLiteral("time"), parser.value(o.timeOption)},
                      {QStringLiteral("ramp"), QStringLiteral("250ms")}}}};
    plan.insert(QStringLiteral("configurations"),
                parser.isSet(o.configsOption)
                    ? QJsonValue(QJsonArray::fromStringList(parser.value(o.configsOption).split(QLatin1Char(','))))
                    : QJsonValue(QStringLiteral("all")));
    if (parser.isSet(o.testsOption)) {
        plan.insert(QStringLiteral("tests"),
                    QJsonArray::fromStringList(parser.value(o.testsOption).split(QLatin1Char(','))));
    }
    if (parser.isSet(o.drillOption)) {
        plan.insert(QStringLiteral("drill"), QJsonObject {{QStringLiteral("readd"), true}});
    }
    if (!parser.isSet(o.repeatsOption)) {
        // The figures a reader pastes into a decision: a test runs again until its runs agree.
        plan.insert(QStringLiteral("stable"),
                    QJsonObject {{QStringLiteral("cv_max"), 0.05}, {QStringLiteral("max_repeats"), 5}});
    }
    return plan;
}

/// Boots the lab with `disks` and runs the plan at `planPath` in it, its progress on stderr; the
/// exit code of the run in the VM (125: the lab failed), or nullopt when the lab did not start.
std::optional<int> runInLab(const QList<LabDiskSpec>& disks, const QString& out, const QString& planPath,
                            const QString& resultsPath)
{
    LabOptions options;
    options.disks = disks;
    options.outDir = out;
    options.timeoutNs = 4ull * 3600 * 1'000'000'000ull;
    LabMachine lab(options);
    int exitCode = 125;
    QObject::connect(&lab, &LabMachine::progress,
                     [](const QString& message) { printErr(Text::tr("lab: %1\n").arg(message)); });
    QObject::connect(&lab, &LabMachine::booted, [&lab](qint64 ms) {
        printErr(
            Text::tr("lab: up in %1 s (%2)\n").arg(double(ms) / 1000.0, 0, 'f', 1).arg(lab.accelerator().toUpper()));
    });
    QObject::connect(&lab, &LabMachine::standardOutput,
                     [](const QByteArray& data) { printErr(QString::fromUtf8(data)); });
    QObject::connect(&lab, &LabMachine::standardError,
                     [](const QByteArray& data) { printErr(QString::fromUtf8(data)); });
    QEventLoop loop;
    QObject::connect(&lab, &LabMachine::finished, [&exitCode, &loop](int code) {
        exitCode = code;
        loop.quit();
    });
    QObject::connect(&lab, &LabMachine::failed, [&exitCode, &loop](const Error& error) {
        printError(ErrorCode::userText(error));
        exitCode = 125;
        loop.quit();
    });
    installCancelHandler(); // before the start, which takes a while: a Ctrl-C then still stops the VM
    if (auto started = lab.start({QStringLiteral("raidbench-cli"), QStringLiteral("run"), planPath,
                                  QStringLiteral("--out"), resultsPath, QStringLiteral("--yes")});
        !started) {
        printError(ErrorCode::userText(started.error()));
        return std::nullopt;
    }
    lab.closeStdin();
    // Inside the VM the campaign would tear down on its own Ctrl-C; stopping the VM drops the virtual
    // disks with everything on them, which is just as clean.
    execWithCancel(
        loop, [&lab] { lab.stop(QStringLiteral("cancelled")); }, CancelAsk::UntilEnded);
    return exitCode;
}

/// The Markdown report of the demo's results, with a section saying what the lab's disks were.
QString demoReport(const CampaignResults& results, const QList<LabDiskSpec>& disks)
{
    QString report = resultsToMarkdown(results);
    // What the disks were: a reader of the report must know these are the lab's, and which.
    QString labSection =
        QStringLiteral("## The lab's disks\n\nVirtual disks of RaidBench's lab (raidbench-cli lab demo "
                       "--disks %1), not real hardware:\n\n")
            .arg(formatLabSpec(disks));
    for (const LabDiskSpec& disk : disks) {
        labSection += QStringLiteral("- %1 (%2): %3\n").arg(disk.serial(), disk.model(), disk.describe());
    }
    const qsizetype section = report.indexOf(QLatin1String("\n## "));
    report.insert(section < 0 ? report.size() : section + 1, labSection + QLatin1Char('\n'));
    return report;
}

} // namespace

LabDemoCommand::LabDemoCommand()
    : Command(QStringLiteral("lab demo"),
              QT_TRANSLATE_NOOP("raidbench_cli", "the whole campaign on the virtual lab's disks, with its report"))
{ }

int LabDemoCommand::execute(const QStringList& arguments)
{
    const QString demoDisks = QStringLiteral("2x2G:hdd:cache=16M,2x2G@60:hdd:inner=32:rpm=5400:cache=16M");
    CommandParser command(QStringLiteral("lab demo"), Text::tr(demoDescription));
    QCommandLineParser& parser = command.parser();
    const QCommandLineOption outOption(QStringLiteral("out"),
                                       Text::tr("Directory for plan, results and report (default ./raidbench-demo)."),
                                       QStringLiteral("DIR"), QStringLiteral("raidbench-demo"));
    const QCommandLineOption disksOption(QStringLiteral("disks"), Text::tr("Lab disks (default %1).").arg(demoDisks),
                                         QStringLiteral("SPEC"), demoDisks);
    const QCommandLineOption timeOption(
        QStringLiteral("time"), Text::tr("Seconds per test run, after a ramp of a quarter second (default 1s)."),
        QStringLiteral("DURATION"), QStringLiteral("1s"));
    const QCommandLineOption repeatsOption(
        QStringLiteral("repeats"),
        Text::tr("Runs per test, a fixed count (default: until they vary by at most 5 %, 2 to 5 runs)."),
        QStringLiteral("N"));
    const QCommandLineOption configsOption(QStringLiteral("configs"),
                                           Text::tr("Comma-separated presets (default: all the disks allow)."),
                                           QStringLiteral("LIST"));
    const QCommandLineOption testsOption(QStringLiteral("tests"),
                                         Text::tr("Comma-separated test names (default: the standard five)."),
                                         QStringLiteral("LIST"));
    const QCommandLineOption drillOption(
        QStringLiteral("drill"),
        Text::tr("Fail a disk in each layout that survives one: degraded tests, then the rebuild timed."));
    // Two controllers by default, so that the layouts that survive losing one show it.
    const QCommandLineOption controllers = controllersOption(2);
    parser.addOptions(
        {outOption, disksOption, timeOption, repeatsOption, configsOption, testsOption, drillOption, controllers});
    if (const std::optional<int> done = command.parse(arguments)) {
        return *done;
    }
    const auto disks = labDisks(parser, parser.value(disksOption), controllers);
    if (!disks) {
        return ExitUsage;
    }
    auto time = Units::parseDuration(parser.value(timeOption));
    if (!time || *time == 0) {
        printError(time ? Text::tr("--time must be more than 0") : ErrorCode::userText(time.error()));
        return ExitUsage;
    }
    const QString out = QDir(parser.value(outOption)).absolutePath();
    if (!QDir().mkpath(out)) {
        printError(Text::tr("cannot create %1").arg(out));
        return ExitFailed;
    }
    const QJsonObject plan =
        demoPlan(*disks, parser, {timeOption, repeatsOption, configsOption, testsOption, drillOption});
    if (auto checked = CampaignPlan::fromJson(plan); !checked) {
        printError(ErrorCode::userText(checked.error()));
        return ExitUsage;
    }
    const QString planPath = out + QStringLiteral("/plan.json");
    const QString resultsPath = out + QStringLiteral("/results.json");
    if (auto ok = writeFileAtomically(planPath, QJsonDocument(plan).toJson()); !ok) {
        printError(ErrorCode::userText(ok.error()));
        return ExitFailed;
    }
    QFile::remove(resultsPath);

    QElapsedTimer timer;
    timer.start();
    printErr(
        Text::tr("demo: %1 virtual disks (%2), results in %3\n").arg(disks->size()).arg(formatLabSpec(*disks), out));
    const std::optional<int> exitCode = runInLab(*disks, out, planPath, resultsPath);
    if (!exitCode) {
        return ExitFailed;
    }
    auto results = loadAnalysed(resultsPath);
    if (!results) {
        printError(Text::tr("the demo left no results: %1").arg(ErrorCode::userText(results.error())));
        return ExitFailed;
    }
    const QString report = demoReport(*results, *disks);
    if (auto ok = writeFileAtomically(out + QStringLiteral("/report.md"), report.toUtf8()); !ok) {
        printError(ErrorCode::userText(ok.error()));
        return ExitFailed;
    }
    printOut(report);
    printOut(Text::tr("\ndemo finished in %1 s: %2/results.json, %2/report.md\n").arg(timer.elapsed() / 1000).arg(out));
    return *exitCode == 0 ? ExitOk : ExitFailed;
}

} // namespace RaidBench::Cli

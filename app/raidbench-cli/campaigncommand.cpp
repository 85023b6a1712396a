#include "campaigncommand.h"

#include "campaign/campaignrunner.h"
#include "clicommon.h"
#include "client/hostcampaign.h"
#include "disks/diskscanner.h"
#include "helper/helperclient.h"
#include "lab/labmachine.h"
#include "labcommand.h"
#include "remotecommand.h"
#include "results/analysis.h"
#include "results/compare.h"
#include "results/exports.h"
#include "results/resultsfolder.h"
#include "util/atomicfile.h"
#include "util/errorcodes.h"
#include "util/terminaltext.h"
#include "util/units.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTimer>

#include <cstdio>
#include <unistd.h>

namespace RaidBench::Cli {

namespace {

const char* const runDescription = R"(Run a campaign: measure each disk on its own, then build every configuration of
the plan, run its tests, tear it down, and write the results after each one.

All disks of the plan are destroyed. The command lists them (model, serial, size)
and asks on a terminal; --yes skips the question; without a terminal it refuses.
Ctrl-C stops at once: what stands is torn down and everything measured is kept.
A plan's "write_cache" (on, off, both) sets the member disks' own write caches for
the tests; each disk is set back as it was, after Ctrl-C too, and after a crash by
raidbench-cli array recover (docs/write-cache.md).
As a normal user the root work is done by raidbench-helper, started through
pkexec (polkit asks for an administrator password); as root it runs in-process,
or with --helper in raidbench-helper as the desktop program does.
The results are written after every measurement, to --out or else to a new file
in the results folder (~/.local/share/raidbench/results; RAIDBENCH_RESULTS_DIR
changes it), named by date, host and plan. If the file cannot be written (a full
disk), they go to a file in the temporary directory and the command says where.
--resume skips the configurations RESULTS.json already has. The plan format is in
docs/plan-format.md; the results format in docs/results-format.md.

Other machines, over OpenSSH (no port opened, no agent of ours; docs/remote.md):
--host [USER@]HOST[:PORT] runs the plan on that machine's disks through the raidbench-helper
installed there (as root, or through sudo -n); --hosts H1,H2,... runs it on every host, at
most --parallel at once, with one results file per host in the folder --out names. Your ssh
configuration, keys, agent and known_hosts apply; RaidBench never types a password and never
accepts an unknown host key. A plan may choose disks by rule ("disks": {"select": "usable",
"model": "ST4000*", "count": 4}), resolved on each host; a host where nothing matches is
skipped, as is one that has not listed its disks within --connect-timeout (120 s). One host
failing or losing its connection leaves the others running; its results file keeps what it
measured.

Exit code: 0 all configurations completed, 1 some failed (see the results), 2 bad
plan or options, 130 cancelled.

Examples:
  raidbench-cli run plan.json
  raidbench-cli run plan.json --out results.json
  raidbench-cli run plan.json --host root@storage1 --out storage1.json
  raidbench-cli run plan.json --hosts storage1,storage2,admin@storage3:2222 --out fleet/
  raidbench-cli report results.json --md > report.md
  raidbench-cli report --compare fleet/*.json > fleet.md)";

bool confirmDestroy(const QStringList& disks, bool yes)
{
    if (yes) {
        return true;
    }
    if (!stdinIsTerminal()) {
        printError(
            QStringLiteral("the campaign destroys the data on %1 disk(s); run on a terminal to confirm, or pass --yes")
                .arg(disks.size()));
        return false;
    }
    return answeredYes(QStringLiteral("This destroys everything on:\n  %1\nType yes to go on: ")
                           .arg(disks.join(QStringLiteral("\n  "))));
}

int runCampaignThroughHelper(const CampaignPlan& plan, const QString& out, const PlanRunFlags& flags, bool direct)
{
    QJsonObject previous;
    if (flags.resume && QFileInfo::exists(out)) {
        QFile file(out);
        if (!file.open(QIODevice::ReadOnly)) {
            printError(QStringLiteral("cannot read %1: %2").arg(out, file.errorString()));
            return ExitFailed;
        }
        previous = QJsonDocument::fromJson(file.readAll()).object();
    }
    const QFileInfo outInfo(out);
    if (!QFileInfo(outInfo.absolutePath()).isWritable()) {
        printError(QStringLiteral("cannot write results to %1").arg(out));
        return ExitFailed;
    }
    QStringList identities;
    EligibilityOptions eligibility;
    eligibility.allowLoop = plan.allowLoop;
    for (const QString& path : plan.disks) {
        auto disk = DiskScanner().inspect(path, eligibility);
        if (!disk) {
            printError(QStringLiteral("disk %1: %2").arg(path, ErrorCode::userText(disk.error())));
            return ExitFailed;
        }
        identities.append(QStringLiteral("%1  %2  %3  %4")
                              .arg(terminalSafe(path), terminalSafe(disk->model), terminalSafe(disk->serial),
                                   Units::formatBytesDecimal(double(disk->sizeBytes))));
    }
    if (plan.writes() && !confirmDestroy(identities, flags.yes)) {
        return ExitFailed;
    }
    HostCampaign::Options hostOptions;
    hostOptions.resolveDisks = false; // checked above, on this machine
    hostOptions.previous = previous;
    HostCampaign campaign(plan, out, hostOptions);
    QEventLoop loop;
    QObject::connect(&campaign, &HostCampaign::ready, &campaign, &HostCampaign::run);
    QString lastMessage;
    QObject::connect(&campaign, &HostCampaign::progressed, [&](const CampaignProgress& progress) {
        if (!flags.quiet && progress.message != lastMessage) {
            printErr(QStringLiteral("%1\n").arg(progress.message));
            lastMessage = progress.message;
        }
    });
    QObject::connect(&campaign, &HostCampaign::resultsMoved, [](const Error& why, const QString& fallback) {
        printError(QStringLiteral("%1; the results go to %2").arg(ErrorCode::userText(why), fallback));
    });
    QObject::connect(&campaign, &HostCampaign::saveFailed,
                     [](const Error& why) { printError(ErrorCode::userText(why)); });
    QObject::connect(&campaign, &HostCampaign::finished, &loop, &QEventLoop::quit);
    auto helper = std::make_unique<HelperClient>();
    if (auto started = direct ? helper->startDirect() : helper->startPkexec(); !started) {
        printError(ErrorCode::userText(started.error()));
        return ExitFailed;
    }
    campaign.attach(std::move(helper));
    execWithCancel(loop, [&campaign] { campaign.cancel(); });
    if (campaign.state() == HostCampaign::State::Failed) {
        printError(ErrorCode::userText(campaign.error()));
        if (campaign.wroteResults()) {
            printErr(QStringLiteral("what it measured is in %1\n").arg(campaign.resultsPath()));
        }
        return ExitFailed;
    }
    if (!campaign.wroteResults()) {
        printErr(QStringLiteral("cancelled before the campaign started; nothing was changed\n"));
        return ExitCancelled;
    }
    const QString status = runStateName(campaign.finalStatus().value_or(RunState::Cancelled));
    (flags.summary ? printOut
                   : printErr)(QStringLiteral("campaign %1; results in %2\n").arg(status, campaign.resultsPath()));
    return campaign.state() == HostCampaign::State::Cancelled ? ExitCancelled : ExitOk;
}

/// The HTML report is the desktop program's (its charts need Qt Charts): run it headless.
int writeHtmlReport(const QStringList& files, const QString& out, const QString& requirements, bool otherFormat)
{
    if (out.isEmpty() || otherFormat) {
        printError(QStringLiteral("--html writes to --out FILE, and alone (not with --md, --csv, --fio or --json)"));
        return ExitUsage;
    }
    QString program = QCoreApplication::applicationDirPath() + QStringLiteral("/raidbench");
    if (!QFileInfo(program).isExecutable()) {
        program = QStandardPaths::findExecutable(QStringLiteral("raidbench"));
    }
    if (program.isEmpty()) {
        printError(QStringLiteral("the HTML report is drawn by the desktop program; install the raidbench package "
                                  "(or use --md or --csv)"));
        return ExitFailed;
    }
    QStringList args {QStringLiteral("--export-report"), files.first(), QStringLiteral("--out"), out};
    if (!requirements.isEmpty()) {
        args << QStringLiteral("--recommend") << requirements;
    }
    if (files.size() > 1) {
        args << QStringLiteral("--compare") << files.mid(1);
    }
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    process.setProcessEnvironment(environment);
    process.setProcessChannelMode(QProcess::ForwardedChannels);
    process.start(program, args);
    if (!process.waitForStarted(10000) || !process.waitForFinished(300000)) {
        printError(QStringLiteral("cannot run %1: %2").arg(program, process.errorString()));
        return ExitFailed;
    }
    return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : ExitFailed;
}

/// The campaign in this process, as root.
int runPlanHere(const CampaignPlan& plan, const QString& out, const PlanRunFlags& flags)
{
    SystemCommandRunner commands;
    CampaignRunner::Options options;
    options.resultsPath = out;
    options.resume = flags.resume;
    options.runner = &commands;
    options.executor.gate = std::make_shared<SystemDeviceGate>(SystemDeviceGate::withLoop(plan.allowLoop));
    const bool quiet = flags.quiet;
    const bool terminal = stderrIsTerminal();
    QString lastMessage;
    CampaignRunner runner(
        plan, options,
        {[&](const CampaignProgress& progress) {
             if (quiet) {
                 return;
             }
             const QString head = progressHead(progress);
             if (terminal) {
                 QString line = head + progress.message;
                 if (progress.liveBwBytes > 0) {
                     line += QStringLiteral("  %1").arg(Units::formatMBps(progress.liveBwBytes));
                 }
                 printProgress(QStringLiteral("%1  %2 %").arg(line.left(110)).arg(qRound(progress.overall * 100)));
             } else if (progress.message != lastMessage) {
                 printErr(QStringLiteral("%1%2\n").arg(head, progress.message));
             }
             lastMessage = progress.message;
         },
         {},
         {}});
    if (auto ok = runner.prepare(); !ok) {
        printError(ErrorCode::userText(ok.error()));
        return ok.error().code == ErrorCode::invalidPlan ? ExitUsage : ExitFailed;
    }
    // What validation allows but a user should know before the disks are destroyed.
    for (const ConfigResult& config : runner.results().configs) {
        for (const QString& warning : config.warnings) {
            printErr(QStringLiteral("%1: note: %2\n").arg(config.name, warning));
        }
    }
    if (plan.writes() && !confirmDestroy(runner.destroys(), flags.yes)) {
        return ExitFailed;
    }
    installCancelHandler();
    QElapsedTimer timer;
    timer.start();
    auto results = runner.run(&cancelFlag());
    if (terminal && !quiet) {
        printProgress(QString());
    }
    if (!results) {
        printError(ErrorCode::userText(results.error()));
        return ExitFailed;
    }
    int failed = 0;
    QString summary;
    for (const ConfigResult& config : results->configs) {
        const auto write = config.sequentialWrite();
        const auto read = config.sequentialRead();
        summary += QStringLiteral("%1 %2 %3 %4\n")
                       .arg(config.name, -24)
                       .arg(runStateName(config.status), -10)
                       .arg(write ? Units::formatMBps(*write) + QStringLiteral(" write") : QString(), -18)
                       .arg(read ? Units::formatMBps(*read) + QStringLiteral(" read") : config.error);
        failed += config.status == RunState::Failed ? 1 : 0;
    }
    for (const DiskResult& disk : results->disks) {
        if (disk.slow) {
            summary += QStringLiteral("slow disk %1: %2\n").arg(disk.label(), disk.slowReason);
        }
    }
    (flags.summary ? printOut : printErr)(
        summary + QStringLiteral("results in %1 (%2 s)\n").arg(runner.savedTo()).arg(timer.elapsed() / 1000));
    if (runner.savedTo() != options.resultsPath) {
        printError(QStringLiteral("%1 could not be written; the results are in %2")
                       .arg(options.resultsPath, runner.savedTo()));
    }
    if (results->status == RunState::Cancelled) {
        printError(QStringLiteral("cancelled; what was measured is in %1").arg(runner.savedTo()));
        return ExitCancelled;
    }
    return failed || runner.savedTo() != options.resultsPath ? ExitFailed : ExitOk;
}

} // namespace

int runPlan(const CampaignPlan& plan, const QString& out, const PlanRunFlags& flags)
{
    if (geteuid() != 0 || flags.viaHelper) {
        // A normal user: the root work happens in the helper, started through polkit (or directly by root).
        return runCampaignThroughHelper(plan, out, flags, geteuid() == 0);
    }
    return runPlanHere(plan, out, flags);
}

int runCampaign(const QStringList& arguments)
{
    CommandParser command(QStringLiteral("run"), QString::fromUtf8(runDescription));
    QCommandLineParser& parser = command.parser();
    const QCommandLineOption outOption(
        QStringLiteral("out"),
        QStringLiteral("Results file (JSON), written after every measurement. Default: a new file in the "
                       "results folder, %1.")
            .arg(ResultsFolder::path()),
        QStringLiteral("RESULTS.json"));
    const QCommandLineOption resumeOption(QStringLiteral("resume"),
                                          QStringLiteral("Skip configurations already done in the results file."));
    const QCommandLineOption yesOption(QStringLiteral("yes"),
                                       QStringLiteral("Do not ask before destroying the disks' data."));
    const QCommandLineOption quietOption(QStringLiteral("quiet"), QStringLiteral("No progress on stderr."));
    const QCommandLineOption helperOption(
        QStringLiteral("helper"),
        QStringLiteral("As root too, do the root work in raidbench-helper, as the desktop program does."));
    const QCommandLineOption hostOption(QStringLiteral("host"),
                                        QStringLiteral("Run on that machine's disks, over ssh."),
                                        QStringLiteral("[USER@]HOST[:PORT]"));
    const QCommandLineOption hostsOption(
        QStringLiteral("hosts"),
        QStringLiteral(
            "Run on every one of these machines over ssh; --out names a folder for one results file per host. "
            "@FILE reads the hosts of an Ansible inventory (INI or YAML; ansible_host, ansible_port, "
            "ansible_user), @FILE:GROUP one group of it."),
        QStringLiteral("H1,H2,...|@INVENTORY[:GROUP]"));
    const QCommandLineOption parallelOption(
        QStringLiteral("parallel"), QStringLiteral("With --hosts: how many hosts run at once (1-64, default 4)."),
        QStringLiteral("N"), QStringLiteral("4"));
    const QCommandLineOption remoteHelperOption(
        QStringLiteral("remote-helper"),
        QStringLiteral(
            "Where the helper is on the other machines: paths separated by ':', the first found runs (default %1).")
            .arg(SshTarget::defaultRemoteHelper()),
        QStringLiteral("PATH"));
    const QCommandLineOption timeoutOption = connectTimeoutOption();
    parser.addOptions({outOption, resumeOption, yesOption, quietOption, helperOption, hostOption, hostsOption,
                       parallelOption, remoteHelperOption, timeoutOption});
    parser.addPositionalArgument(QStringLiteral("plan"), QStringLiteral("The campaign plan (JSON)."),
                                 QStringLiteral("PLAN.json"));
    if (const std::optional<int> done = command.parse(arguments)) {
        return *done;
    }
    if (parser.positionalArguments().size() != 1) {
        printError(QStringLiteral("give one plan file, e.g. raidbench-cli run plan.json --out results.json"));
        return ExitUsage;
    }
    auto plan = CampaignPlan::load(parser.positionalArguments().first());
    if (!plan) {
        printError(ErrorCode::userText(plan.error()));
        return ExitUsage;
    }
    if (parser.isSet(hostOption) || parser.isSet(hostsOption)) {
        return runPlanOnHosts(*plan, parser.positionalArguments().first(), parser,
                              {hostOption, hostsOption, parallelOption, remoteHelperOption, timeoutOption, outOption,
                               yesOption, quietOption, resumeOption, helperOption});
    }
    if (parser.isSet(timeoutOption)) {
        printError(QStringLiteral("--connect-timeout goes with --host or --hosts"));
        return ExitUsage;
    }
    if (plan->diskRule && plan->disks.isEmpty()) {
        // The rule chooses among this machine's disks, as it would on any other.
        EligibilityOptions eligibility;
        eligibility.allowLoop = plan->allowLoop;
        if (auto resolved = plan->resolveDisks(DiskScanner().scan(eligibility)); !resolved) {
            printError(ErrorCode::userText(resolved.error()));
            return ExitFailed;
        }
        if (!parser.isSet(quietOption)) {
            printErr(QStringLiteral("%1: %2\n").arg(plan->diskRule->text(), plan->disks.join(QStringLiteral(", "))));
        }
    }
    QString out = parser.value(outOption);
    if (out.isEmpty() && parser.isSet(resumeOption)) {
        printError(QStringLiteral("--resume needs --out RESULTS.json: the file whose run goes on"));
        return ExitUsage;
    }
    if (out.isEmpty()) {
        // Every run keeps its results: a new file in the results folder, named by date, host and plan.
        auto created =
            ResultsFolder::create(ResultsFolder::path(), QDateTime::currentDateTime(), QSysInfo::machineHostName(),
                                  QFileInfo(parser.positionalArguments().first()).completeBaseName());
        if (!created) {
            printError(QStringLiteral("%1; give --out RESULTS.json, or set RAIDBENCH_RESULTS_DIR to a writable folder")
                           .arg(created.error().message));
            return ExitFailed;
        }
        out = *created;
        if (!parser.isSet(quietOption)) {
            printErr(QStringLiteral("results go to %1\n").arg(out));
        }
    }
    // The run's own placeholder goes if the run never got to measure anything.
    const bool placeholder = !parser.isSet(outOption);
    auto dropPlaceholder = qScopeGuard([&] {
        if (placeholder && QFileInfo(out).size() == 0) {
            QFile::remove(out);
        }
    });
    return runPlan(
        *plan, out,
        {parser.isSet(yesOption), parser.isSet(quietOption), parser.isSet(resumeOption), parser.isSet(helperOption)});
}

int runReport(const QStringList& arguments)
{
    CommandParser command(
        QStringLiteral("report"),
        QStringLiteral(
            "Turn a results file into a Markdown report (default), CSV, or fio-style JSON files; add fio's own\n"
            "--output-format=json results beside RaidBench's.\n\n"
            "Examples:\n  raidbench-cli report results.json > report.md\n  raidbench-cli report results.json --csv "
            "--out "
            "results.csv\n"
            "  raidbench-cli report results.json --fio-json fio-dir/\n  raidbench-cli report results.json --fio "
            "fio.json:raid5 --md\n"
            "  raidbench-cli report --compare before.json after.json > compare.md\n"
            "  raidbench-cli report results.json --recommend \"failures>=1,space>=50,weight=random\"\n\n"
            "The Markdown report ends with a recommendation: the measured layouts that survive one failure,\n"
            "ranked on sequential and random speed. --recommend REQUIREMENTS prints the ranking for your own\n"
            "(as text, or JSON with --json; with --md the report uses them), comma-separated:\n"
            "  failures>=N         survive any N failed disks\n"
            "  controller          survive losing one controller (host adapter)\n"
            "  space>=P            keep at least P % of the disks' space\n"
            "  weight=TERM[:W]+... what to rank on: seq, seq-write, seq-read, random, random-write,\n"
            "                      random-read, files (the file-system tests), command (your command's time);\n"
            "                      W weighs a term (default 1). Without weight: seq+random.\n"
            "Layouts the disks allow but the results do not hold are filled in from the throughput model,\n"
            "marked predicted (sequential speed only)."));
    QCommandLineParser& parser = command.parser();
    const QCommandLineOption mdOption(QStringLiteral("md"), QStringLiteral("Markdown report (the default)."));
    const QCommandLineOption csvOption(QStringLiteral("csv"),
                                       QStringLiteral("CSV, one row per configuration and test."));
    const QCommandLineOption fioJsonOption(
        QStringLiteral("fio-json"), QStringLiteral("Write fio-style JSON per test into DIR."), QStringLiteral("DIR"));
    const QCommandLineOption fioOption(
        QStringLiteral("fio"),
        QStringLiteral("Add a fio JSON output file, as configuration CONFIG (default: the file name)."),
        QStringLiteral("FILE[:CONFIG]"));
    const QCommandLineOption outOption(QStringLiteral("out"), QStringLiteral("Write to FILE instead of stdout."),
                                       QStringLiteral("FILE"));
    const QCommandLineOption compareOption(
        QStringLiteral("compare"),
        QStringLiteral("Put two or more results files side by side: configurations grouped by name (raid5 · before "
                       "beside raid5 · after, labelled by the files' names, or by their hosts when they ran on "
                       "different machines: then each disk is judged against the fleet's median)."));
    const QCommandLineOption htmlOption(
        QStringLiteral("html"),
        QStringLiteral("The HTML report with its charts, to --out FILE (drawn by the desktop program, raidbench)."));
    const QCommandLineOption recommendOption(
        QStringLiteral("recommend"),
        QStringLiteral("Rank the layouts for REQUIREMENTS (see above; \"\" for none) and print the ranking."),
        QStringLiteral("REQUIREMENTS"));
    const QCommandLineOption jsonOption(QStringLiteral("json"),
                                        QStringLiteral("With --recommend: the ranking as JSON (ranked, excluded)."));
    parser.addOptions({mdOption, csvOption, htmlOption, fioJsonOption, fioOption, outOption, compareOption,
                       recommendOption, jsonOption});
    parser.addPositionalArgument(QStringLiteral("results"),
                                 QStringLiteral("Results file (two or more with --compare)."),
                                 QStringLiteral("RESULTS.json..."));
    if (const std::optional<int> done = command.parse(arguments)) {
        return *done;
    }
    const QStringList files = parser.positionalArguments();
    const bool comparing = parser.isSet(compareOption);
    if (comparing ? files.size() < 2 : files.size() != 1) {
        printError(comparing ? QStringLiteral("give two or more results files to compare")
                             : QStringLiteral("give one results file (or --compare and two or more)"));
        return ExitUsage;
    }
    if (parser.isSet(htmlOption)) {
        return writeHtmlReport(files, parser.value(outOption),
                               parser.isSet(recommendOption) ? parser.value(recommendOption) : QString(),
                               parser.isSet(mdOption) || parser.isSet(csvOption) || parser.isSet(fioJsonOption) ||
                                   parser.isSet(fioOption) || parser.isSet(jsonOption));
    }
    Requirements requirements = Requirements::defaults();
    if (parser.isSet(recommendOption)) {
        if (comparing) {
            printError(QStringLiteral("--recommend ranks the layouts of one results file, not a comparison"));
            return ExitUsage;
        }
        auto parsed = Requirements::parse(parser.value(recommendOption));
        if (!parsed) {
            printError(ErrorCode::userText(parsed.error()));
            return ExitUsage;
        }
        requirements = *parsed;
    } else if (parser.isSet(jsonOption)) {
        printError(QStringLiteral("--json goes with --recommend"));
        return ExitUsage;
    }
    QList<ComparedResults> sides;
    QList<CampaignResults> loadedFiles;
    for (const QString& file : files) {
        auto loaded = CampaignResults::load(file);
        if (!loaded) {
            printError(QStringLiteral("%1: %2").arg(file, ErrorCode::userText(loaded.error())));
            return ExitFailed;
        }
        loadedFiles.append(*loaded);
    }
    const QStringList labels = compareLabels(files, loadedFiles);
    for (int i = 0; i < files.size(); ++i) {
        sides.append({loadedFiles.at(i), labels.at(i)});
    }
    std::optional<CampaignResults> results = comparing ? compareResults(sides) : sides.first().results;
    if (!comparing) {
        analyzeResults(*results); // every export with this version's model and analysis, as the window shows
    }
    for (const QString& value : parser.values(fioOption)) {
        const QString file = value.section(QLatin1Char(':'), 0, 0);
        const QString config = value.contains(QLatin1Char(':'))
            ? value.section(QLatin1Char(':'), 1)
            : QStringLiteral("fio: ") + QFileInfo(file).completeBaseName();
        QFile input(file);
        if (!input.open(QIODevice::ReadOnly)) {
            printError(QStringLiteral("cannot read %1: %2").arg(file, input.errorString()));
            return ExitFailed;
        }
        if (auto ok = importFioJson(*results, input.readAll(), config); !ok) {
            printError(QStringLiteral("%1: %2").arg(file, ErrorCode::userText(ok.error())));
            return ExitFailed;
        }
    }
    if (parser.isSet(fioJsonOption)) {
        auto count = exportFioJson(*results, parser.value(fioJsonOption));
        if (!count) {
            printError(ErrorCode::userText(count.error()));
            return ExitFailed;
        }
        printErr(
            QStringLiteral("wrote %1 fio-style JSON files into %2\n").arg(*count).arg(parser.value(fioJsonOption)));
        if (!parser.isSet(mdOption) && !parser.isSet(csvOption)) {
            return ExitOk;
        }
    }
    QString text;
    if (parser.isSet(recommendOption) && !parser.isSet(mdOption) && !parser.isSet(csvOption)) {
        const Recommendation answer = recommend(*results, requirements);
        text = parser.isSet(jsonOption) ? QString::fromUtf8(QJsonDocument(answer.toJson()).toJson()) : answer.toText();
    } else {
        text = parser.isSet(csvOption) ? resultsToCsv(*results) : resultsToMarkdown(*results, requirements);
    }
    if (parser.isSet(outOption)) {
        if (auto ok = writeFileAtomically(parser.value(outOption), text.toUtf8()); !ok) {
            printError(ErrorCode::userText(ok.error()));
            return ExitFailed;
        }
        return ExitOk;
    }
    printOut(text);
    return ExitOk;
}

int runLabDemo(const QStringList& arguments)
{
    const QString demoDisks = QStringLiteral("2x2G:hdd:cache=16M,2x2G@60:hdd:inner=32:rpm=5400:cache=16M");
    CommandParser command(
        QStringLiteral("lab demo"),
        QStringLiteral(
            "Boot the virtual lab and run RaidBench's main job on its disks: per-disk baselines, then every layout\n"
            "the disks allow, each built, measured and torn down. Leaves results.json and report.md in DIR.\n"
            "The default disks are hard disks (models served by nbdkit; see raidbench-cli lab --help): two at\n"
            "105 MB/s at their start falling to 55 at their end, 7200 rpm, and two older ones at 60 falling to\n"
            "32, 5400 rpm, each seeking and turning as a disk does, with a 16 MiB write cache (filled during\n"
            "each test's ramp, so the figures are the disks' own). The report names them.\n"
            "--disks 2x2G@105:iops=150,2x2G@38:iops=150 gives the flat throttles of earlier versions.\n"
            "Each test runs at least twice and until its runs' MB/s vary by at most 5 % (coefficient of variation; at "
            "most 5 runs;\n"
            "--repeats N sets a fixed count instead), and the report marks any that never settled.\n\n"
            "With --drill, every layout that survives a failed disk also loses one: it is tested degraded, the\n"
            "disk is added back and the rebuild is timed (this adds about a rebuild's time per layout).\n\n"
            "The disks take turns over --controllers N SCSI controllers (default 2), so the report says which\n"
            "layouts survive losing a controller; 24 disks on 3 controllers are a server's shape.\n\n"
            "Example:\n  raidbench-cli lab demo --out demo-out\n  raidbench-cli lab demo --disks 4x1G@100,1G@40 --time "
            "5s\n  raidbench-cli lab demo --configs raid1,raid5,raid10 --drill\n"
            "  raidbench-cli lab demo --disks 24x1G@100 --controllers 3 --configs raid0,raid10,raid50,raid60,raid1+0"));
    QCommandLineParser& parser = command.parser();
    const QCommandLineOption outOption(
        QStringLiteral("out"), QStringLiteral("Directory for plan, results and report (default ./raidbench-demo)."),
        QStringLiteral("DIR"), QStringLiteral("raidbench-demo"));
    const QCommandLineOption disksOption(QStringLiteral("disks"),
                                         QStringLiteral("Lab disks (default %1).").arg(demoDisks),
                                         QStringLiteral("SPEC"), demoDisks);
    const QCommandLineOption timeOption(
        QStringLiteral("time"), QStringLiteral("Seconds per test run, after a ramp of a quarter second (default 1s)."),
        QStringLiteral("DURATION"), QStringLiteral("1s"));
    const QCommandLineOption repeatsOption(
        QStringLiteral("repeats"),
        QStringLiteral("Runs per test, a fixed count (default: until they vary by at most 5 %, 2 to 5 runs)."),
        QStringLiteral("N"));
    const QCommandLineOption configsOption(QStringLiteral("configs"),
                                           QStringLiteral("Comma-separated presets (default: all the disks allow)."),
                                           QStringLiteral("LIST"));
    const QCommandLineOption testsOption(QStringLiteral("tests"),
                                         QStringLiteral("Comma-separated test names (default: the standard five)."),
                                         QStringLiteral("LIST"));
    const QCommandLineOption drillOption(
        QStringLiteral("drill"),
        QStringLiteral("Fail a disk in each layout that survives one: degraded tests, then the rebuild timed."));
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
        printError(time ? QStringLiteral("--time must be more than 0") : ErrorCode::userText(time.error()));
        return ExitUsage;
    }
    const QString out = QDir(parser.value(outOption)).absolutePath();
    if (!QDir().mkpath(out)) {
        printError(QStringLiteral("cannot create %1").arg(out));
        return ExitFailed;
    }
    QJsonArray diskPaths;
    for (const LabDiskSpec& disk : *disks) {
        diskPaths.append(
            QStringLiteral("/dev/disk/by-id/scsi-%1_%2_%3")
                .arg(disk.vendor(), QString(disk.model()).replace(QLatin1Char(' '), QLatin1Char('_')), disk.serial()));
    }
    QJsonObject plan {
        {QStringLiteral("raidbench_plan"), 1},
        {QStringLiteral("comment"), QStringLiteral("made by raidbench-cli lab demo")},
        {QStringLiteral("disks"), diskPaths},
        {QStringLiteral("baselines"), true},
        {QStringLiteral("repeats"), parser.isSet(repeatsOption) ? parser.value(repeatsOption).toInt() : 2},
        {QStringLiteral("limits"),
         QJsonObject {{QStringLiteral("time"), parser.value(timeOption)},
                      {QStringLiteral("ramp"), QStringLiteral("250ms")}}}};
    plan.insert(QStringLiteral("configurations"),
                parser.isSet(configsOption)
                    ? QJsonValue(QJsonArray::fromStringList(parser.value(configsOption).split(QLatin1Char(','))))
                    : QJsonValue(QStringLiteral("all")));
    if (parser.isSet(testsOption)) {
        plan.insert(QStringLiteral("tests"),
                    QJsonArray::fromStringList(parser.value(testsOption).split(QLatin1Char(','))));
    }
    if (parser.isSet(drillOption)) {
        plan.insert(QStringLiteral("drill"), QJsonObject {{QStringLiteral("readd"), true}});
    }
    if (!parser.isSet(repeatsOption)) {
        // The figures a reader pastes into a decision: a test runs again until its runs agree.
        plan.insert(QStringLiteral("stable"),
                    QJsonObject {{QStringLiteral("cv_max"), 0.05}, {QStringLiteral("max_repeats"), 5}});
    }
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

    LabOptions options;
    options.disks = *disks;
    options.outDir = out;
    options.timeoutNs = 4ull * 3600 * 1'000'000'000ull;
    LabMachine lab(options);
    int exitCode = 125;
    QElapsedTimer timer;
    timer.start();
    QObject::connect(&lab, &LabMachine::progress,
                     [](const QString& message) { printErr(QStringLiteral("lab: %1\n").arg(message)); });
    QObject::connect(&lab, &LabMachine::booted, [&lab](qint64 ms) {
        printErr(QStringLiteral("lab: up in %1 s (%2)\n")
                     .arg(double(ms) / 1000.0, 0, 'f', 1)
                     .arg(lab.accelerator().toUpper()));
    });
    QObject::connect(&lab, &LabMachine::standardOutput,
                     [](const QByteArray& data) { printErr(QString::fromUtf8(data)); });
    QObject::connect(&lab, &LabMachine::standardError,
                     [](const QByteArray& data) { printErr(QString::fromUtf8(data)); });
    QObject::connect(&lab, &LabMachine::finished, [&exitCode](int code) {
        exitCode = code;
        QCoreApplication::exit(0);
    });
    QObject::connect(&lab, &LabMachine::failed, [&exitCode](const Error& error) {
        printError(ErrorCode::userText(error));
        exitCode = 125;
        QCoreApplication::exit(0);
    });
    installCancelHandler();
    printErr(QStringLiteral("demo: %1 virtual disks (%2), results in %3\n")
                 .arg(disks->size())
                 .arg(formatLabSpec(*disks), out));
    if (auto started = lab.start({QStringLiteral("raidbench-cli"), QStringLiteral("run"), planPath,
                                  QStringLiteral("--out"), resultsPath, QStringLiteral("--yes")});
        !started) {
        printError(ErrorCode::userText(started.error()));
        return ExitFailed;
    }
    lab.closeStdin();
    QTimer cancelPoll;
    QObject::connect(&cancelPoll, &QTimer::timeout, [&lab] {
        if (cancelFlag().load()) {
            // Inside the VM the campaign would tear down on its own Ctrl-C; stopping the VM drops the
            // virtual disks with everything on them, which is just as clean.
            lab.stop(QStringLiteral("cancelled"));
        }
    });
    cancelPoll.start(100);
    QCoreApplication::exec();
    auto results = CampaignResults::load(resultsPath);
    if (!results) {
        printError(QStringLiteral("the demo left no results: %1").arg(ErrorCode::userText(results.error())));
        return ExitFailed;
    }
    QString report = resultsToMarkdown(*results);
    // What the disks were: a reader of the report must know these are the lab's, and which.
    QString labSection =
        QStringLiteral("## The lab's disks\n\nVirtual disks of RaidBench's lab (raidbench-cli lab demo "
                       "--disks %1), not real hardware:\n\n")
            .arg(formatLabSpec(*disks));
    for (const LabDiskSpec& disk : *disks) {
        labSection += QStringLiteral("- %1 (%2): %3\n").arg(disk.serial(), disk.model(), disk.describe());
    }
    const qsizetype section = report.indexOf(QLatin1String("\n## "));
    report.insert(section < 0 ? report.size() : section + 1, labSection + QLatin1Char('\n'));
    if (auto ok = writeFileAtomically(out + QStringLiteral("/report.md"), report.toUtf8()); !ok) {
        printError(ErrorCode::userText(ok.error()));
        return ExitFailed;
    }
    printOut(report);
    printOut(QStringLiteral("\ndemo finished in %1 s: %2/results.json, %2/report.md\n")
                 .arg(timer.elapsed() / 1000)
                 .arg(out));
    return exitCode == 0 ? ExitOk : ExitFailed;
}

} // namespace RaidBench::Cli

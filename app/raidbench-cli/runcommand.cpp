#include "runcommand.h"

#include "clicommon.h"
#include "disks/diskscanner.h"
#include "planrun.h"
#include "remotehosts.h"
#include "results/resultsfolder.h"
#include "util/errorcodes.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QScopeGuard>
#include <QSysInfo>

#include <cstdio>

namespace RaidBench::Cli {

namespace {

const char* const runDescription = QT_TRANSLATE_NOOP(
    "raidbench_cli", R"(Run a campaign: measure each disk on its own, then build every configuration of
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
  raidbench-cli report --compare fleet/*.json > fleet.md)");

} // namespace

RunCommand::RunCommand()
    : Command(
          QStringLiteral("run"),
          QT_TRANSLATE_NOOP("raidbench_cli", "run a campaign: baselines, then build, measure, tear down each layout"))
{ }

namespace {

/// A plan that chooses its disks by a rule gets them from this machine's disks, as it would on any other;
/// false (said why) when none fit.
bool resolveDiskRule(CampaignPlan& plan, bool quiet)
{
    if (!plan.diskRule || !plan.disks.isEmpty()) {
        return true;
    }
    EligibilityOptions eligibility;
    eligibility.allowLoop = plan.allowLoop;
    if (auto resolved = plan.resolveDisks(DiskScanner().scan(eligibility)); !resolved) {
        printError(ErrorCode::userText(resolved.error()));
        return false;
    }
    if (!quiet) {
        printErr(QStringLiteral("%1: %2\n").arg(plan.diskRule->text(), plan.disks.join(QStringLiteral(", "))));
    }
    return true;
}

} // namespace

int RunCommand::execute(const QStringList& arguments)
{
    CommandParser command(QStringLiteral("run"), Text::tr(runDescription));
    QCommandLineParser& parser = command.parser();
    const QCommandLineOption outOption(
        QStringLiteral("out"),
        Text::tr("Results file (JSON), written after every measurement. Default: a new file in the "
                 "results folder, %1.")
            .arg(ResultsFolder::path()),
        QStringLiteral("RESULTS.json"));
    const QCommandLineOption resumeOption(QStringLiteral("resume"),
                                          Text::tr("Skip configurations already done in the results file."));
    const QCommandLineOption yesOption(QStringLiteral("yes"),
                                       Text::tr("Do not ask before destroying the disks' data."));
    const QCommandLineOption quietOption(QStringLiteral("quiet"), Text::tr("No progress on stderr."));
    const QCommandLineOption helperOption(
        QStringLiteral("helper"),
        Text::tr("As root too, do the root work in raidbench-helper, as the desktop program does."));
    const QCommandLineOption hostOption(QStringLiteral("host"), Text::tr("Run on that machine's disks, over ssh."),
                                        QStringLiteral("[USER@]HOST[:PORT]"));
    const QCommandLineOption hostsOption(
        QStringLiteral("hosts"),
        Text::tr("Run on every one of these machines over ssh; --out names a folder for one results file per host. "
                 "@FILE reads the hosts of an Ansible inventory (INI or YAML; ansible_host, ansible_port, "
                 "ansible_user), @FILE:GROUP one group of it."),
        QStringLiteral("H1,H2,...|@INVENTORY[:GROUP]"));
    const QCommandLineOption parallelOption(QStringLiteral("parallel"),
                                            Text::tr("With --hosts: how many hosts run at once (1-64, default 4)."),
                                            QStringLiteral("N"), QStringLiteral("4"));
    const QCommandLineOption remoteHelperOption(
        QStringLiteral("remote-helper"),
        Text::tr(
            "Where the helper is on the other machines: paths separated by ':', the first found runs (default %1).")
            .arg(SshTarget::defaultRemoteHelper()),
        QStringLiteral("PATH"));
    const QCommandLineOption timeoutOption = connectTimeoutOption();
    parser.addOptions({outOption, resumeOption, yesOption, quietOption, helperOption, hostOption, hostsOption,
                       parallelOption, remoteHelperOption, timeoutOption});
    parser.addPositionalArgument(QStringLiteral("plan"), Text::tr("The campaign plan (JSON)."),
                                 QStringLiteral("PLAN.json"));
    if (const std::optional<int> done = command.parse(arguments)) {
        return *done;
    }
    if (parser.positionalArguments().size() != 1) {
        printError(Text::tr("give one plan file, e.g. raidbench-cli run plan.json --out results.json"));
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
        printError(Text::tr("--connect-timeout goes with --host or --hosts"));
        return ExitUsage;
    }
    if (!resolveDiskRule(*plan, parser.isSet(quietOption))) {
        return ExitFailed;
    }
    QString out = parser.value(outOption);
    if (out.isEmpty() && parser.isSet(resumeOption)) {
        printError(Text::tr("--resume needs --out RESULTS.json: the file whose run goes on"));
        return ExitUsage;
    }
    if (out.isEmpty()) {
        // Every run keeps its results: a new file in the results folder, named by date, host and plan.
        auto created =
            ResultsFolder::create(ResultsFolder::path(), QDateTime::currentDateTime(), QSysInfo::machineHostName(),
                                  QFileInfo(parser.positionalArguments().first()).completeBaseName());
        if (!created) {
            printError(Text::tr("%1; give --out RESULTS.json, or set RAIDBENCH_RESULTS_DIR to a writable folder")
                           .arg(created.error().message));
            return ExitFailed;
        }
        out = *created;
        if (!parser.isSet(quietOption)) {
            printErr(Text::tr("results go to %1\n").arg(out));
        }
    }
    // The run's own placeholder goes if the run never got to measure anything.
    const bool placeholder = !parser.isSet(outOption);
    auto dropPlaceholder = qScopeGuard([&] {
        if (placeholder && QFileInfo(out).size() == 0) {
            QFile::remove(out);
        }
    });
    return runPlan(*plan, out,
                   {parser.isSet(yesOption),
                    parser.isSet(quietOption),
                    parser.isSet(resumeOption),
                    parser.isSet(helperOption),
                    true,
                    {}});
}

} // namespace RaidBench::Cli

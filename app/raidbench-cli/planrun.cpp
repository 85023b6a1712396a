#include "planrun.h"

#include "campaign/campaignrunner.h"
#include "clicommon.h"
#include "client/hostcampaign.h"
#include "disks/diskscanner.h"
#include "helper/helperclient.h"
#include "results/analysis.h"
#include "util/errorcodes.h"
#include "util/terminaltext.h"
#include "util/units.h"

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>
#include <unistd.h>

namespace RaidBench::Cli {

namespace {

bool confirmDestroy(const QStringList& disks, bool yes)
{
    if (yes) {
        return true;
    }
    if (!stdinIsTerminal()) {
        printError(Text::tr("the campaign destroys the data on %1 disk(s); run on a terminal to confirm, or pass --yes")
                       .arg(disks.size()));
        return false;
    }
    return answeredYes(
        Text::tr("This destroys everything on:\n  %1\nType yes to go on: ").arg(disks.join(QStringLiteral("\n  "))));
}

int runCampaignThroughHelper(const CampaignPlan& plan, const QString& out, const PlanRunFlags& flags, bool direct)
{
    QJsonObject previous;
    if (flags.resume && QFileInfo::exists(out)) {
        QFile file(out);
        if (!file.open(QIODevice::ReadOnly)) {
            printError(Text::tr("cannot read %1: %2").arg(out, file.errorString()));
            return ExitFailed;
        }
        previous = QJsonDocument::fromJson(file.readAll()).object();
    }
    const QFileInfo outInfo(out);
    if (!QFileInfo(outInfo.absolutePath()).isWritable()) {
        printError(Text::tr("cannot write results to %1").arg(out));
        return ExitFailed;
    }
    QStringList identities;
    EligibilityOptions eligibility;
    eligibility.allowLoop = plan.allowLoop;
    for (const QString& path : plan.disks) {
        auto disk = DiskScanner().inspect(path, eligibility);
        if (!disk) {
            printError(Text::tr("disk %1: %2").arg(path, ErrorCode::userText(disk.error())));
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
        // Read by a person: in the user's language, as the window says it.
        const QString said = progress.text(Audience::Person);
        if (!flags.quiet && said != lastMessage) {
            printErr(QStringLiteral("%1\n").arg(said));
            lastMessage = said;
        }
    });
    QObject::connect(&campaign, &HostCampaign::resultsMoved, [](const Error& why, const QString& fallback) {
        printError(Text::tr("%1; the results go to %2").arg(ErrorCode::userText(why), fallback));
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
            printErr(Text::tr("what it measured is in %1\n").arg(campaign.resultsPath()));
        }
        return ExitFailed;
    }
    if (!campaign.hasStarted()) {
        printErr(Text::tr("cancelled before the campaign started; nothing was changed\n"));
        return ExitCancelled;
    }
    if (!campaign.finalStatus()) {
        // Cancelled, and the helper went before its last answer: what it sent is in the file.
        printError(campaign.error().message.isEmpty() ? Text::tr("the helper stopped before it answered")
                                                      : ErrorCode::userText(campaign.error()));
        if (campaign.wroteResults()) {
            printErr(Text::tr("what it measured is in %1\n").arg(campaign.resultsPath()));
        }
        return ExitCancelled;
    }
    const QString status = runStateText(*campaign.finalStatus(), Audience::Person);
    (flags.summary ? printOut : printErr)(Text::tr("campaign %1; results in %2\n").arg(status, campaign.resultsPath()));
    return campaign.state() == HostCampaign::State::Cancelled ? ExitCancelled : ExitOk;
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
             const QString said = progress.text(Audience::Person);
             if (terminal) {
                 QString line = head + said;
                 if (progress.liveBwBytes > 0) {
                     line += QStringLiteral("  %1").arg(Units::formatMBps(progress.liveBwBytes));
                 }
                 printProgress(QStringLiteral("%1  %2 %").arg(line.left(110)).arg(qRound(progress.overall * 100)));
             } else if (said != lastMessage) {
                 printErr(QStringLiteral("%1%2\n").arg(head, said));
             }
             lastMessage = said;
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
            printErr(Text::tr("%1: note: %2\n").arg(config.name, warning));
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
                       .arg(runStateText(config.status, Audience::Person), -12)
                       .arg(write ? Text::tr("%1 write").arg(Units::formatMBps(*write)) : QString(), -24)
                       .arg(read ? Text::tr("%1 read").arg(Units::formatMBps(*read)) : config.error);
        failed += config.status == RunState::Failed ? 1 : 0;
    }
    for (const DiskResult& disk : results->disks) {
        if (disk.slow) {
            summary +=
                Text::tr("slow disk %1: %2\n").arg(disk.label(), slowDiskReason(*results, disk, Audience::Person));
        }
    }
    (flags.summary ? printOut : printErr)(
        summary + Text::tr("results in %1 (%2 s)\n").arg(runner.savedTo()).arg(timer.elapsed() / 1000));
    if (runner.savedTo() != options.resultsPath) {
        printError(
            Text::tr("%1 could not be written; the results are in %2").arg(options.resultsPath, runner.savedTo()));
    }
    if (results->status == RunState::Cancelled) {
        printError(Text::tr("cancelled; what was measured is in %1").arg(runner.savedTo()));
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

} // namespace RaidBench::Cli

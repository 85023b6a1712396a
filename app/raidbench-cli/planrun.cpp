#include "planrun.h"

#include "campaign/campaignrunner.h"
#include "clicommon.h"
#include "client/hostcampaign.h"
#include "disks/diskscanner.h"
#include "disks/systemdevicegate.h"
#include "helper/helperclient.h"
#include "model/analysis.h"
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

/// The plan's disks as the user confirms them now (shown by path, model, serial and size, then "yes"
/// or --yes), or as they confirmed them for an earlier run of the same command (`flags.confirmed`).
/// Each carries its device number and, for a loop device, its backing file: the helper, started
/// after this, writes exactly these disks or refuses.
Result<QList<ConfirmedDisk>> confirmedDisks(const CampaignPlan& plan, const PlanRunFlags& flags)
{
    QList<ConfirmedDisk> confirmed;
    if (flags.confirmed && !flags.confirmed->isEmpty()) {
        for (const QString& path : plan.disks) {
            const auto earlier = std::find_if(flags.confirmed->begin(), flags.confirmed->end(),
                                              [&path](const ConfirmedDisk& disk) { return disk.path == path; });
            if (earlier == flags.confirmed->end()) {
                return makeError(ErrorCode::notConfirmed, Text::tr("disk %1 was not confirmed").arg(path));
            }
            confirmed.append(*earlier);
        }
        return confirmed;
    }
    QStringList identities;
    EligibilityOptions eligibility;
    eligibility.allowLoop = plan.allowLoop;
    for (const QString& path : plan.disks) {
        auto disk = DiskScanner().inspect(path, eligibility);
        if (!disk) {
            return makeError(disk.error().code, Text::tr("disk %1: %2").arg(path, ErrorCode::userText(disk.error())));
        }
        identities.append(QStringLiteral("%1  %2  %3  %4")
                              .arg(terminalSafe(path), terminalSafe(disk->model), terminalSafe(disk->serial),
                                   Units::formatBytesDecimal(double(disk->sizeBytes))));
        confirmed.append(ConfirmedDisk::fromDisk(*disk, path));
    }
    if (plan.writes() && !confirmDestroy(identities, flags.yes)) {
        return makeError(ErrorCode::notConfirmed, QString()); // confirmDestroy() said why
    }
    if (flags.confirmed) {
        *flags.confirmed = confirmed;
    }
    return confirmed;
}

int runCampaignThroughHelper(const CampaignPlan& plan, const QString& out, const PlanRunFlags& flags)
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
    auto confirmed = confirmedDisks(plan, flags);
    if (!confirmed) {
        if (!confirmed.error().message.isEmpty()) {
            printError(confirmed.error().message);
        }
        return ExitFailed;
    }
    HostCampaign::Options hostOptions;
    hostOptions.resolveDisks = false; // checked above, on this machine
    hostOptions.confirmed = *confirmed; // the helper writes these very disks, or nothing
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
    if (auto started = helper->start(HelperTransport::forThisMachine()); !started) {
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

namespace {

/// A campaign's progress on stderr: a line redrawn in place on a terminal, each new message on a line
/// of its own otherwise.
class ProgressPrinter final : public CampaignObserver
{
public:
    explicit ProgressPrinter(bool quiet)
        : m_quiet(quiet)
        , m_terminal(stderrIsTerminal())
    { }

    void progressed(const CampaignProgress& progress) override
    {
        if (m_quiet) {
            return;
        }
        const QString head = progressHead(progress);
        const QString said = progress.text(Audience::Person);
        if (m_terminal) {
            QString line = head + said;
            if (progress.liveBwBytes > 0) {
                line += QStringLiteral("  %1").arg(Units::formatMBps(progress.liveBwBytes));
            }
            printProgress(
                QStringLiteral("%1  %2 %").arg(line.left(110), QString::number(qRound(progress.overall * 100))));
        } else if (said != m_lastMessage) {
            printErr(QStringLiteral("%1%2\n").arg(head, said));
        }
        m_lastMessage = said;
    }

private:
    bool m_quiet = false;
    bool m_terminal = false;
    QString m_lastMessage;
};

} // namespace

/// The campaign in this process, as root.
int runPlanHere(const CampaignPlan& plan, const QString& out, const PlanRunFlags& flags)
{
    SystemCommandRunner commands;
    CampaignRunner::Options options;
    options.resultsPath = out;
    options.resume = flags.resume;
    options.runner = &commands;
    options.executor.gate = std::make_shared<SystemDeviceGate>(SystemDeviceGate::withLoop(plan.allowLoop));
    const bool confirmedBefore = flags.confirmed && !flags.confirmed->isEmpty();
    if (confirmedBefore) {
        options.confirmed = *flags.confirmed; // the disks the user confirmed for the first run, no other
    }
    ProgressPrinter printer(flags.quiet);
    CampaignRunner runner(plan, options, &printer);
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
    if (!confirmedBefore && plan.writes() && !confirmDestroy(runner.destroys(), flags.yes)) {
        return ExitFailed;
    }
    if (flags.confirmed && !confirmedBefore) {
        *flags.confirmed = runner.confirmations();
    }
    installCancelHandler();
    QElapsedTimer timer;
    timer.start();
    auto results = runner.run(&cancelFlag());
    if (stderrIsTerminal() && !flags.quiet) {
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
        // One pass: a configuration's name is the user's text, which may hold a %.
        summary +=
            QStringLiteral("%1 %2 %3 %4\n")
                .arg(config.name.leftJustified(24), runStateText(config.status, Audience::Person).leftJustified(12),
                     (write ? Text::tr("%1 write").arg(Units::formatMBps(*write)) : QString()).leftJustified(24),
                     read ? Text::tr("%1 read").arg(Units::formatMBps(*read)) : config.error);
        failed += config.status == RunState::Failed ? 1 : 0;
    }
    for (const DiskResult& disk : results->disks) {
        if (disk.slow) {
            summary +=
                Text::tr("slow disk %1: %2\n").arg(disk.label(), slowDiskReason(*results, disk, Audience::Person));
        }
    }
    (flags.summary ? printOut : printErr)(
        summary + Text::tr("results in %1 (%2 s)\n").arg(runner.savedTo(), QString::number(timer.elapsed() / 1000)));
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
        return runCampaignThroughHelper(plan, out, flags);
    }
    return runPlanHere(plan, out, flags);
}

} // namespace RaidBench::Cli

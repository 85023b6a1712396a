#include "remotehosts.h"

#include "clicommon.h"
#include "client/fleetrun.h"
#include "client/hostdisks.h"
#include "helper/helperclient.h"
#include "helper/hostinventory.h"
#include "helper/messages.h"
#include "results/resultsfolder.h"
#include "util/errorcodes.h"
#include "util/terminaltext.h"
#include "util/units.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QTimer>

#include <algorithm>
#include <functional>
#include <memory>

namespace RaidBench::Cli {

namespace {

QString stateText(HostCampaign::State state)
{
    switch (state) {
    case HostCampaign::State::Completed:
        return Text::tr("completed");
    case HostCampaign::State::Cancelled:
        return Text::tr("cancelled");
    case HostCampaign::State::Failed:
        return Text::tr("failed");
    default:
        break;
    }
    return Text::tr("not run");
}

/// One line of visible text per disk a host's helper described: path, model, serial, size.
QString diskIdentity(const QString& path, const Disk& disk)
{
    return QStringLiteral("%1  %2  %3  %4")
        .arg(terminalSafe(path), terminalSafe(disk.model), terminalSafe(disk.serial),
             Units::formatBytesDecimal(double(disk.sizeBytes)));
}

bool confirmHosts(const QList<const HostCampaign*>& hosts, bool yes)
{
    if (yes) {
        return true;
    }
    QStringList lines;
    int count = 0;
    for (const HostCampaign* host : hosts) {
        lines.append(QStringLiteral("%1:").arg(host->options().target->text()));
        // The far side's words, as one line of visible text each.
        for (qsizetype i = 0; i < host->chosenDisks().size(); ++i) {
            lines.append(QStringLiteral("  ") + diskIdentity(host->chosenAs().value(i), host->chosenDisks().at(i)));
            ++count;
        }
    }
    if (!stdinIsTerminal()) {
        printError(Text::tr("the campaign destroys the data on %1 disk(s) on %2 host(s); run on a terminal to "
                            "confirm, or pass --yes")
                       .arg(QString::number(count), QString::number(hosts.size())));
        return false;
    }
    return answeredYes(
        Text::tr("This destroys everything on:\n  %1\nType yes to go on: ").arg(lines.join(QStringLiteral("\n  "))));
}

/// Prints what one host of a fleet run says, prefixed with its name.
void printHostEvents(HostCampaign* host, bool quiet)
{
    const QString name = host->options().target->text();
    const auto say = [name](const QString& text) { printErr(QStringLiteral("[%1] %2\n").arg(name, text)); };
    QObject::connect(host, &HostCampaign::connected, [say, quiet](const Messages::HelloReply& hello) {
        if (!quiet) {
            say(Text::tr("connected (RaidBench %1, %2 journal(s) of ended runs)")
                    .arg(hello.raidbenchVersion, QString::number(hello.journals)));
        }
    });
    QObject::connect(host, &HostCampaign::ready, [host, say, quiet] {
        if (host->plan().diskRule && !quiet) {
            say(QStringLiteral("%1: %2").arg(host->plan().diskRule->text(),
                                             host->plan().disks.join(QStringLiteral(", "))));
        }
    });
    QObject::connect(host, &HostCampaign::started,
                     [host, say] { say(Text::tr("campaign started; results go to %1").arg(host->resultsPath())); });
    auto lastMessage = std::make_shared<QString>();
    QObject::connect(host, &HostCampaign::progressed, [say, quiet, lastMessage](const CampaignProgress& progress) {
        const QString said = progress.text(Audience::Person);
        if (!quiet && said != *lastMessage) {
            say(progressHead(progress) + said);
            *lastMessage = said;
        }
    });
    QObject::connect(host, &HostCampaign::resultsMoved, [say](const Error& why, const QString& fallback) {
        say(Text::tr("%1; its results go to %2").arg(ErrorCode::userText(why), fallback));
    });
    QObject::connect(host, &HostCampaign::saveFailed, [say](const Error& why) { say(ErrorCode::userText(why)); });
    QObject::connect(host, &HostCampaign::finished, [host, say, name](bool partial) {
        if (!host->error().message.isEmpty()) {
            QString text = ErrorCode::userText(host->error());
            if (host->error().code == ErrorCode::notFound) {
                text += Text::tr(" (raidbench-cli disks --host %1 lists its disks)").arg(name);
            }
            if (!host->hasStarted() && host->state() == HostCampaign::State::Failed &&
                !text.endsWith(QLatin1String("; skipped"))) {
                text += Text::tr("; skipped");
            }
            say(Text::tr("error: %1").arg(text));
        }
        if (partial) {
            say(Text::tr("what it measured is in %1").arg(host->resultsPath()));
        } else if (host->finalStatus()) {
            say(Text::tr("campaign %1; results in %2")
                    .arg(runStateText(*host->finalStatus(), Audience::Person), host->resultsPath()));
        }
    });
}

} // namespace

Result<QList<SshTarget>> parseHosts(const QString& list)
{
    QList<SshTarget> named;
    for (const QString& item : list.split(QLatin1Char(','))) {
        const QString text = item.trimmed();
        if (text.startsWith(QLatin1Char('@'))) {
            QString path;
            QString group;
            HostInventory::splitReference(text, path, group);
            auto fromInventory = HostInventory::read(path, group);
            if (!fromInventory) {
                return fromInventory.error();
            }
            named += *fromInventory;
            continue;
        }
        auto target = SshTarget::parse(text);
        if (!target) {
            return target.error();
        }
        named.append(*target);
    }
    QList<SshTarget> hosts;
    QStringList seen;
    for (const SshTarget& target : std::as_const(named)) {
        const QString key = hostFileName(target).toLower();
        if (seen.contains(key)) {
            return makeError(ErrorCode::badHost, Text::tr("host %1 is named twice").arg(target.text()));
        }
        seen.append(key);
        hosts.append(target);
    }
    if (hosts.size() > 256) {
        return makeError(ErrorCode::badHost, Text::tr("at most 256 hosts at once"));
    }
    return hosts;
}

QString hostFileName(const SshTarget& host)
{
    QString name = host.text();
    name.replace(QLatin1Char(':'), QLatin1Char('-')).remove(QLatin1Char('[')).remove(QLatin1Char(']'));
    if (name.startsWith(QLatin1Char('-'))) {
        name.prepend(QStringLiteral("ipv6")); // "[::1]:22": no file name that reads as an option
    }
    return name + QStringLiteral(".json");
}

QCommandLineOption connectTimeoutOption()
{
    return QCommandLineOption(QStringLiteral("connect-timeout"),
                              Text::tr("How long a host may take to log in, start its helper and list its "
                                       "disks before it is given up (1-3600 s, default %1).")
                                  .arg(SshTransport::defaultAnswerTimeout),
                              QStringLiteral("SECONDS"), QString::number(SshTransport::defaultAnswerTimeout));
}

std::optional<int> connectTimeout(const QCommandLineParser& parser, const QCommandLineOption& option)
{
    bool ok = false;
    const int seconds = parser.value(option).toInt(&ok);
    if (!ok || seconds < 1 || seconds > 3600) {
        printError(Text::tr("--connect-timeout takes a number of seconds from 1 to 3600, not '%1'")
                       .arg(parser.value(option).left(32)));
        return std::nullopt;
    }
    return seconds;
}

Result<QList<Disk>> remoteDisks(const SshTarget& host, const QString& remoteHelper, bool allowLoop, bool all,
                                bool health, int timeoutSeconds)
{
    HostDisks disks({host.text(), health, allowLoop, all, timeoutSeconds});
    auto helper = std::make_unique<HelperClient>();
    if (auto started = helper->start(std::make_unique<SshTransport>(host, remoteHelper, timeoutSeconds)); !started) {
        return started.error();
    }
    disks.attach(std::move(helper));
    QEventLoop loop;
    QObject::connect(&disks, &HostDisks::finished, &loop, &QEventLoop::quit);
    if (!disks.ended()) {
        execWithCancel(loop, [&disks] { disks.cancel(); });
    }
    return disks.outcome();
}

int runCampaignOnHosts(const CampaignPlan& plan, const QList<SshTarget>& targets, const QStringList& outputs,
                       const RemoteRunOptions& options)
{
    FleetRun::Options fleetOptions;
    fleetOptions.parallel = options.parallel;
    fleetOptions.answerTimeoutSeconds = options.connectTimeoutSeconds;
    const auto startLink = [&options](const SshTarget& target) -> Result<std::unique_ptr<HelperLink>> {
        if (!options.quiet) {
            printErr(Text::tr("[%1] connecting over ssh\n").arg(target.text()));
        }
        auto helper = std::make_unique<HelperClient>();
        if (auto started = helper->start(
                std::make_unique<SshTransport>(target, options.remoteHelper, options.connectTimeoutSeconds));
            !started) {
            return started.error();
        }
        return std::unique_ptr<HelperLink>(std::move(helper));
    };
    const auto confirm = [&options](const QList<const HostCampaign*>& ready) {
        return confirmHosts(ready, options.yes);
    };
    FleetRun fleet(plan, targets, outputs, startLink, confirm, fleetOptions);
    for (HostCampaign* host : fleet.hosts()) {
        printHostEvents(host, options.quiet);
    }
    QEventLoop loop;
    QObject::connect(&fleet, &FleetRun::finished, &loop, &QEventLoop::quit);
    fleet.start();
    execWithCancel(loop, [&fleet] { fleet.cancel(); });
    // One line per host: what happened and where its results are.
    QString summary;
    int failed = 0;
    int cancelled = 0;
    for (const HostCampaign* host : fleet.hosts()) {
        failed += host->state() == HostCampaign::State::Failed ? 1 : 0;
        cancelled += host->state() == HostCampaign::State::Cancelled ? 1 : 0;
        const QString error =
            host->error().message.isEmpty() ? QStringLiteral("-") : ErrorCode::userText(host->error());
        summary +=
            QStringLiteral("%1  %2  %3\n")
                .arg(host->options().target->text().leftJustified(28), stateText(host->state()).leftJustified(13),
                     host->wroteResults() ? host->resultsPath() : error);
    }
    printOut(summary);
    if (failed > 0 || fleet.declined()) {
        return ExitFailed;
    }
    return cancelled > 0 ? ExitCancelled : ExitOk;
}

int runPlanOnHosts(const CampaignPlan& plan, const QString& planPath, const QCommandLineParser& parser,
                   const RemoteOptionSet& o)
{
    if (parser.isSet(o.host) && parser.isSet(o.hosts)) {
        printError(Text::tr("give --host or --hosts, not both"));
        return ExitUsage;
    }
    if (parser.isSet(o.resume) || parser.isSet(o.helper)) {
        printError(Text::tr("--resume and --helper are for this machine; not with --host or --hosts"));
        return ExitUsage;
    }
    auto hosts = parser.isSet(o.hosts) ? parseHosts(parser.value(o.hosts)) : [&]() -> Result<QList<SshTarget>> {
        auto one = SshTarget::parse(parser.value(o.host));
        if (!one) {
            return one.error();
        }
        return QList<SshTarget> {*one};
    }();
    if (!hosts) {
        printError(ErrorCode::userText(hosts.error()));
        return ExitUsage;
    }
    RemoteRunOptions options;
    options.remoteHelper =
        parser.isSet(o.remoteHelper) ? parser.value(o.remoteHelper) : SshTarget::defaultRemoteHelper();
    if (auto plain = SshTarget::checkRemoteHelper(options.remoteHelper); !plain) {
        printError(ErrorCode::userText(plain.error()));
        return ExitUsage;
    }
    bool parallelOk = false;
    options.parallel = parser.value(o.parallel).toInt(&parallelOk);
    if (!parallelOk || options.parallel < 1 || options.parallel > 64) {
        printError(Text::tr("--parallel takes a number from 1 to 64"));
        return ExitUsage;
    }
    const std::optional<int> timeout = connectTimeout(parser, o.connectTimeout);
    if (!timeout) {
        return ExitUsage;
    }
    options.connectTimeoutSeconds = *timeout;
    options.yes = parser.isSet(o.yes);
    options.quiet = parser.isSet(o.quiet);
    QStringList outputs;
    if (parser.isSet(o.hosts)) {
        if (!parser.isSet(o.out)) {
            printError(Text::tr("--hosts needs --out DIR: the folder for one results file per host"));
            return ExitUsage;
        }
        const QString dir = parser.value(o.out);
        if (QFileInfo(dir).exists() && !QFileInfo(dir).isDir()) {
            printError(Text::tr("--out %1 is a file; with --hosts it names a folder").arg(dir));
            return ExitUsage;
        }
        if (!QDir().mkpath(dir) || !QFileInfo(dir).isWritable()) {
            printError(Text::tr("cannot write results into %1").arg(dir));
            return ExitFailed;
        }
        for (const SshTarget& host : std::as_const(*hosts)) {
            outputs.append(QDir(dir).filePath(hostFileName(host)));
            // Never over an earlier run's results, and never a stale file beside this run's.
            if (QFileInfo::exists(outputs.last())) {
                printError(Text::tr("%1 already holds results for %2; give another --out folder")
                               .arg(outputs.last(), host.text()));
                return ExitUsage;
            }
        }
    } else if (parser.isSet(o.out)) {
        outputs.append(parser.value(o.out));
        if (!QFileInfo(QFileInfo(outputs.first()).absolutePath()).isWritable()) {
            printError(Text::tr("cannot write results to %1").arg(outputs.first()));
            return ExitFailed;
        }
    } else {
        auto created = ResultsFolder::create(ResultsFolder::path(), QDateTime::currentDateTime(), hosts->first().host,
                                             QFileInfo(planPath).completeBaseName());
        if (!created) {
            printError(Text::tr("%1; give --out RESULTS.json").arg(ErrorCode::userText(created.error())));
            return ExitFailed;
        }
        outputs.append(*created);
    }
    const int code = runCampaignOnHosts(plan, *hosts, outputs, options);
    for (const QString& path : std::as_const(outputs)) {
        if (QFileInfo(path).exists() && QFileInfo(path).size() == 0) {
            QFile::remove(path); // a placeholder of a host that never measured
        }
    }
    return code;
}

} // namespace RaidBench::Cli

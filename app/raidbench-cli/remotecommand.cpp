#include "remotecommand.h"

#include "campaign/campaignrunner.h"
#include "clicommon.h"
#include "helper/helperclient.h"
#include "helper/hostinventory.h"
#include "helper/messages.h"
#include "results/resultsfolder.h"
#include "util/atomicfile.h"
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
#include <cstdio>
#include <functional>
#include <memory>

namespace RaidBench::Cli {

namespace {

/// The connection recorded in a results file's host object.
QJsonObject withConnection(QJsonObject results, const SshTarget& host, const QString& lost = {})
{
    results.insert(QStringLiteral("host"),
                   host.stampConnection(results.value(QStringLiteral("host")).toObject(), lost));
    return results;
}

/// One host of a run: its connection, its resolved plan, where its results go.
struct HostRun
{
    enum class State { Connecting, Scanned, Running, Completed, Cancelled, Failed };

    SshTarget target;
    QString out;
    std::unique_ptr<ResultsSink> sink; ///< where its results go (out, or a fallback file)
    std::unique_ptr<HelperClient> helper;
    CampaignPlan plan;
    QStringList identities;
    State state = State::Connecting;
    qint64 scanId = -1;
    qint64 runId = -1;
    QString lastMessage;
    QString error;
    QJsonObject lastResults;
    bool cancelRequested = false;
    bool declined = false; ///< the user did not confirm
    std::unique_ptr<QTimer> deadline; ///< to connect and scan

    bool ended() const { return state == State::Completed || state == State::Cancelled || state == State::Failed; }
};

QString stateText(const HostRun& host)
{
    switch (host.state) {
    case HostRun::State::Completed:
        return QStringLiteral("completed");
    case HostRun::State::Cancelled:
        return QStringLiteral("cancelled");
    case HostRun::State::Failed:
        return QStringLiteral("failed");
    default:
        break;
    }
    return QStringLiteral("not run");
}

bool confirmHosts(const QList<HostRun*>& hosts, bool yes)
{
    if (yes) {
        return true;
    }
    QStringList lines;
    int count = 0;
    int machines = 0;
    for (const HostRun* host : hosts) {
        if (host->state != HostRun::State::Scanned) {
            continue;
        }
        ++machines;
        lines.append(QStringLiteral("%1:").arg(host->target.text()));
        for (const QString& identity : host->identities) {
            lines.append(QStringLiteral("  ") + identity);
            ++count;
        }
    }
    if (!stdinIsTerminal()) {
        printError(QStringLiteral("the campaign destroys the data on %1 disk(s) on %2 host(s); run on a terminal to "
                                  "confirm, or pass --yes")
                       .arg(count)
                       .arg(machines));
        return false;
    }
    return answeredYes(QStringLiteral("This destroys everything on:\n  %1\nType yes to go on: ")
                           .arg(lines.join(QStringLiteral("\n  "))));
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
            return makeError(ErrorCode::badHost, QStringLiteral("host %1 is named twice").arg(target.text()));
        }
        seen.append(key);
        hosts.append(target);
    }
    if (hosts.size() > 256) {
        return makeError(ErrorCode::badHost, QStringLiteral("at most 256 hosts at once"));
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
                              QStringLiteral("How long a host may take to log in, start its helper and list its "
                                             "disks before it is given up (1-3600 s, default %1).")
                                  .arg(HelperClient::defaultAnswerTimeout),
                              QStringLiteral("SECONDS"), QString::number(HelperClient::defaultAnswerTimeout));
}

std::optional<int> connectTimeout(const QCommandLineParser& parser, const QCommandLineOption& option)
{
    bool ok = false;
    const int seconds = parser.value(option).toInt(&ok);
    if (!ok || seconds < 1 || seconds > 3600) {
        printError(QStringLiteral("--connect-timeout takes a number of seconds from 1 to 3600, not '%1'")
                       .arg(parser.value(option).left(32)));
        return std::nullopt;
    }
    return seconds;
}

Result<QList<Disk>> remoteDisks(const SshTarget& host, const QString& remoteHelper, bool allowLoop, bool all,
                                bool health, int timeoutSeconds)
{
    HelperClient helper;
    helper.setAnswerTimeout(timeoutSeconds);
    QEventLoop loop;
    std::optional<Result<QList<Disk>>> outcome;
    qint64 requestId = -1;
    const auto finish = [&](Result<QList<Disk>> result) {
        if (!outcome) {
            outcome = std::move(result);
            helper.stop();
            loop.quit();
        }
    };
    QObject::connect(&helper, &HelperClient::connected, [&](const Messages::HelloReply&) {
        requestId = health ? helper.request(Messages::Op::readHealth, Messages::ReadHealth {allowLoop, {}}.toJson())
                           : helper.request(Messages::Op::scanDisks, Messages::ScanDisks {allowLoop, all}.toJson());
    });
    QObject::connect(&helper, &HelperClient::replied, [&](qint64 id, const QJsonObject& result) {
        if (id == requestId) {
            finish(Messages::decodeDisks(result));
        }
    });
    QObject::connect(&helper, &HelperClient::failed, [&](qint64 id, const Error& error) {
        if (id == requestId) {
            finish(Error {error.code, QStringLiteral("%1: %2").arg(host.text(), error.message)});
        }
    });
    QObject::connect(&helper, &HelperClient::closed, [&](const QString&) { finish(helper.lastError()); });
    if (auto started = helper.startSsh(host, remoteHelper); !started) {
        return started.error();
    }
    QTimer deadline;
    deadline.setSingleShot(true);
    QObject::connect(&deadline, &QTimer::timeout, [&] {
        finish(Error {ErrorCode::sshFailed,
                      QStringLiteral("%1: no answer within %2 s of connecting").arg(host.text()).arg(timeoutSeconds)});
    });
    deadline.start(timeoutSeconds * 1000);
    loop.exec();
    return *outcome;
}

int runCampaignOnHosts(const CampaignPlan& plan, const QList<SshTarget>& targets, const QStringList& outputs,
                       const RemoteRunOptions& options)
{
    std::vector<std::unique_ptr<HostRun>> owned;
    QList<HostRun*> hosts;
    for (int i = 0; i < targets.size(); ++i) {
        auto host = std::make_unique<HostRun>();
        host->target = targets.at(i);
        host->out = outputs.at(i);
        host->sink = std::make_unique<ResultsSink>(host->out);
        host->plan = plan;
        hosts.append(host.get());
        owned.push_back(std::move(host));
    }
    QEventLoop loop;
    bool confirmed = false;
    bool cancelling = false;
    const auto say = [](const HostRun* host, const QString& text) {
        printErr(QStringLiteral("[%1] %2\n").arg(host->target.text(), text));
    };
    const auto save = [&](HostRun* host, const QJsonObject& results) {
        // Nothing measured is lost: when the results file cannot be written, a file elsewhere is.
        host->lastResults = results;
        host->sink->setMovedHandler([&say, host](const Error& why, const QString& fallback) {
            say(host, QStringLiteral("%1; its results go to %2").arg(why.message, fallback));
        });
        if (auto ok = host->sink->write(QJsonDocument(results).toJson()); !ok) {
            say(host, ok.error().message);
        }
    };
    std::function<void()> schedule;
    // `finalSaved`: the helper's last answer is in the file already. `connectionLost`: the reason
    // is the connection, not the helper.
    const auto end = [&](HostRun* host, HostRun::State state, const QString& error = {}, bool finalSaved = false,
                         bool connectionLost = false) {
        if (host->ended()) {
            return;
        }
        const bool wasRunning = host->state == HostRun::State::Running;
        host->state = state;
        host->error = error;
        if (host->deadline) {
            host->deadline->stop(); // stopped, not deleted: end() may run inside its own timeout
        }
        if (!error.isEmpty()) {
            say(host, QStringLiteral("error: %1").arg(error));
        }
        if (wasRunning && !finalSaved && !host->lastResults.isEmpty()) {
            // The run ended without its final answer: the file keeps every measurement it sent, with
            // the status it ended in and, when the connection went, why.
            QJsonObject results = withConnection(host->lastResults, host->target, connectionLost ? error : QString());
            results.insert(QStringLiteral("status"),
                           state == HostRun::State::Cancelled ? QStringLiteral("cancelled") : QStringLiteral("failed"));
            results.insert(QStringLiteral("updated"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
            save(host, results);
            say(host, QStringLiteral("what it measured is in %1").arg(host->sink->path()));
        }
        host->helper->stop();
        QTimer::singleShot(0, &loop, [&] { schedule(); });
    };
    const auto startRun = [&](HostRun* host) {
        host->state = HostRun::State::Running;
        host->runId =
            host->helper->request(Messages::Op::runCampaign, Messages::RunCampaign::forPlan(host->plan).toJson());
        say(host, QStringLiteral("campaign started; results go to %1").arg(host->out));
    };
    schedule = [&] {
        bool allScanned = true;
        for (const HostRun* host : std::as_const(hosts)) {
            allScanned = allScanned && host->state != HostRun::State::Connecting;
        }
        if (!allScanned) {
            return;
        }
        if (!confirmed && !cancelling) {
            QList<HostRun*> ready;
            for (HostRun* host : std::as_const(hosts)) {
                if (host->state == HostRun::State::Scanned) {
                    ready.append(host);
                }
            }
            confirmed = true;
            if (!ready.isEmpty() && !confirmHosts(hosts, options.yes)) {
                for (HostRun* host : std::as_const(ready)) {
                    host->declined = true;
                    end(host, HostRun::State::Cancelled);
                }
                return;
            }
        }
        int running = 0;
        for (const HostRun* host : std::as_const(hosts)) {
            running += host->state == HostRun::State::Running ? 1 : 0;
        }
        for (HostRun* host : std::as_const(hosts)) {
            if (host->state != HostRun::State::Scanned) {
                continue;
            }
            if (cancelling) {
                end(host, HostRun::State::Cancelled);
            } else if (running < options.parallel) {
                startRun(host);
                ++running;
            }
        }
        bool allEnded = true;
        for (const HostRun* host : std::as_const(hosts)) {
            allEnded = allEnded && host->ended();
        }
        if (allEnded) {
            loop.quit();
        }
    };
    for (HostRun* host : std::as_const(hosts)) {
        host->helper = std::make_unique<HelperClient>();
        HelperClient* helper = host->helper.get();
        helper->setAnswerTimeout(options.connectTimeoutSeconds);
        QObject::connect(helper, &HelperClient::connected, [&, host](const Messages::HelloReply& hello) {
            if (!options.quiet) {
                say(host,
                    QStringLiteral("connected (RaidBench %1, %2 journal(s) of ended runs)")
                        .arg(hello.raidbenchVersion)
                        .arg(hello.journals));
            }
            host->scanId = host->helper->request(Messages::Op::scanDisks,
                                                 Messages::ScanDisks {host->plan.allowLoop, false}.toJson());
        });
        QObject::connect(helper, &HelperClient::replied, [&, host](qint64 id, const QJsonObject& result) {
            if (id == host->scanId && host->state == HostRun::State::Connecting) {
                host->deadline->stop();
                const QList<Disk> disks = Messages::decodeDisks(result);
                if (auto resolved = host->plan.resolveDisks(disks); !resolved) {
                    end(host, HostRun::State::Failed, resolved.error().message + QStringLiteral("; skipped"));
                    return;
                }
                for (const QString& path : std::as_const(host->plan.disks)) {
                    const auto found = std::find_if(disks.cbegin(), disks.cend(), [&](const Disk& disk) {
                        return disk.path == path || disk.stablePath == path;
                    });
                    if (found == disks.cend()) {
                        end(host, HostRun::State::Failed,
                            QStringLiteral("disk %1 is not there (raidbench-cli disks --host %2 lists its disks)")
                                .arg(path, host->target.text()));
                        return;
                    }
                    // The far side's words, as one line of visible text each.
                    host->identities.append(QStringLiteral("%1  %2  %3  %4")
                                                .arg(terminalSafe(path), terminalSafe(found->model),
                                                     terminalSafe(found->serial),
                                                     Units::formatBytesDecimal(double(found->sizeBytes))));
                }
                // What the user confirms is what runs, even hours later behind --parallel: each disk
                // by its stable name (sdX names can change between now and then).
                for (QString& path : host->plan.disks) {
                    const auto found = std::find_if(disks.cbegin(), disks.cend(), [&](const Disk& disk) {
                        return disk.path == path || disk.stablePath == path;
                    });
                    if (found != disks.cend() && !found->stablePath.isEmpty()) {
                        path = found->stablePath;
                    }
                }
                if (host->plan.diskRule && !options.quiet) {
                    say(host,
                        QStringLiteral("%1: %2").arg(host->plan.diskRule->text(),
                                                     host->plan.disks.join(QStringLiteral(", "))));
                }
                host->state = HostRun::State::Scanned;
                schedule();
            } else if (id == host->runId && host->state == HostRun::State::Running) {
                const QJsonObject results = withConnection(Messages::resultsJson(result), host->target);
                save(host, results);
                const QString status = results.value(QStringLiteral("status")).toString();
                say(host, QStringLiteral("campaign %1; results in %2").arg(status, host->sink->path()));
                end(host,
                    parseRunState(status) == RunState::Cancelled ? HostRun::State::Cancelled
                                                                 : HostRun::State::Completed,
                    {}, true);
            }
        });
        QObject::connect(helper, &HelperClient::eventReceived,
                         [&, host](qint64 id, const QString& event, const QJsonObject& fields) {
                             if (id != host->runId || host->state != HostRun::State::Running) {
                                 return;
                             }
                             if (event == Messages::Event::results) {
                                 save(host, withConnection(Messages::resultsJson(fields), host->target));
                             } else if (event == Messages::Event::progress && !options.quiet) {
                                 const CampaignProgress progress = Messages::decodeCampaignProgress(fields);
                                 const QString head = progressHead(progress);
                                 if (progress.message != host->lastMessage) {
                                     say(host, head + progress.message);
                                     host->lastMessage = progress.message;
                                 }
                             }
                         });
        QObject::connect(helper, &HelperClient::failed, [&, host](qint64 id, const Error& error) {
            if (id == host->scanId || id == host->runId) {
                end(host, HostRun::State::Failed, error.message);
            }
        });
        QObject::connect(helper, &HelperClient::closed, [&, host](const QString&) {
            end(host, host->cancelRequested ? HostRun::State::Cancelled : HostRun::State::Failed,
                host->helper->lastError().message, false, true);
        });
        // A host that logs in but never gets as far as its disks (a stuck login, sudo or scan) must
        // not hold the others back.
        host->deadline = std::make_unique<QTimer>();
        host->deadline->setSingleShot(true);
        QObject::connect(host->deadline.get(), &QTimer::timeout, [&, host] {
            end(host, HostRun::State::Failed,
                QStringLiteral("%1: no answer within %2 s of connecting; skipped")
                    .arg(host->target.text())
                    .arg(options.connectTimeoutSeconds));
        });
        host->deadline->start(options.connectTimeoutSeconds * 1000);
    }
    for (HostRun* host : std::as_const(hosts)) {
        if (!options.quiet) {
            say(host, QStringLiteral("connecting over ssh"));
        }
        if (auto started = host->helper->startSsh(host->target, options.remoteHelper); !started) {
            host->state = HostRun::State::Failed;
            host->error = started.error().message;
            say(host, QStringLiteral("error: %1").arg(host->error));
        }
    }
    installCancelHandler();
    QTimer cancelPoll;
    QObject::connect(&cancelPoll, &QTimer::timeout, [&] {
        if (!cancelFlag().load() || cancelling) {
            return;
        }
        cancelling = true;
        for (HostRun* host : std::as_const(hosts)) {
            host->cancelRequested = true;
            if (host->state == HostRun::State::Running) {
                host->helper->cancel(host->runId);
            } else if (!host->ended()) {
                end(host, HostRun::State::Cancelled);
            }
        }
    });
    cancelPoll.start(100);
    QTimer::singleShot(0, &loop, [&] { schedule(); });
    loop.exec();
    // One line per host: what happened and where its results are.
    QString summary;
    int failed = 0;
    int cancelled = 0;
    for (const HostRun* host : std::as_const(hosts)) {
        failed += host->state == HostRun::State::Failed ? 1 : 0;
        cancelled += host->state == HostRun::State::Cancelled ? 1 : 0;
        const bool wrote = !host->lastResults.isEmpty();
        summary += QStringLiteral("%1  %2  %3\n")
                       .arg(host->target.text(), -28)
                       .arg(stateText(*host), -9)
                       .arg(wrote ? host->sink->path() : (host->error.isEmpty() ? QStringLiteral("-") : host->error));
    }
    printOut(summary);
    for (const auto& host : owned) {
        host->helper.reset(); // waits for each helper to tear down and exit
    }
    const bool declined = std::any_of(hosts.cbegin(), hosts.cend(), [](const HostRun* host) { return host->declined; });
    if (failed > 0 || declined) {
        return ExitFailed;
    }
    return cancelled > 0 ? ExitCancelled : ExitOk;
}

int runPlanOnHosts(const CampaignPlan& plan, const QString& planPath, const QCommandLineParser& parser,
                   const RemoteOptionSet& o)
{
    if (parser.isSet(o.host) && parser.isSet(o.hosts)) {
        printError(QStringLiteral("give --host or --hosts, not both"));
        return ExitUsage;
    }
    if (parser.isSet(o.resume) || parser.isSet(o.helper)) {
        printError(QStringLiteral("--resume and --helper are for this machine; not with --host or --hosts"));
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
        printError(QStringLiteral("--parallel takes a number from 1 to 64"));
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
            printError(QStringLiteral("--hosts needs --out DIR: the folder for one results file per host"));
            return ExitUsage;
        }
        const QString dir = parser.value(o.out);
        if (QFileInfo(dir).exists() && !QFileInfo(dir).isDir()) {
            printError(QStringLiteral("--out %1 is a file; with --hosts it names a folder").arg(dir));
            return ExitUsage;
        }
        if (!QDir().mkpath(dir) || !QFileInfo(dir).isWritable()) {
            printError(QStringLiteral("cannot write results into %1").arg(dir));
            return ExitFailed;
        }
        for (const SshTarget& host : std::as_const(*hosts)) {
            outputs.append(QDir(dir).filePath(hostFileName(host)));
            // Never over an earlier run's results, and never a stale file beside this run's.
            if (QFileInfo::exists(outputs.last())) {
                printError(QStringLiteral("%1 already holds results for %2; give another --out folder")
                               .arg(outputs.last(), host.text()));
                return ExitUsage;
            }
        }
    } else if (parser.isSet(o.out)) {
        outputs.append(parser.value(o.out));
        if (!QFileInfo(QFileInfo(outputs.first()).absolutePath()).isWritable()) {
            printError(QStringLiteral("cannot write results to %1").arg(outputs.first()));
            return ExitFailed;
        }
    } else {
        auto created = ResultsFolder::create(ResultsFolder::path(), QDateTime::currentDateTime(), hosts->first().host,
                                             QFileInfo(planPath).completeBaseName());
        if (!created) {
            printError(QStringLiteral("%1; give --out RESULTS.json").arg(ErrorCode::userText(created.error())));
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

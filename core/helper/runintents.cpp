#include "helper/runintents.h"

#include "campaign/campaignrunner.h"
#include "engine/ioengine.h"
#include "helper/campaignevents.h"
#include "helper/messages.h"
#include "util/atomicfile.h"
#include "util/errorcodes.h"
#include "util/privatedir.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRegularExpression>

#include <sys/stat.h>
#include <unistd.h>

namespace RaidBench {

RunIntents::RunIntents(HelperContext& context)
    : m_context(context)
{ }

// The intents that measure: one engine run on a device, and a whole campaign.

void RunIntents::runIo(const HelperProtocol::Request& request)
{
    const Messages::RunIo args = Messages::RunIo::fromJson(request.args);
    auto decoded = Messages::decodeIoJob(args.job);
    if (!decoded) {
        m_context.fail(request.id, decoded.error());
        return;
    }
    // The target: an array of this session (by the device it reported), or a disk that passes the gate
    // (pinned in the job, off the request loop); either is verified again right before the first write,
    // and its disks must be the ones the user confirmed.
    std::optional<BuiltArray> array;
    {
        std::lock_guard lock(m_context.session().mutex);
        for (const SessionArray& session : std::as_const(m_context.session().arrays)) {
            if (session.array.device == decoded->target && session.teardownError.isEmpty() &&
                !m_context.session().mounts.contains(session.array.plan.tag)) {
                array = session.array;
            }
        }
    }
    const qint64 id = request.id;
    m_context.startExclusive(id, [this, id, job = *decoded, args, array](const std::atomic_bool* cancel) mutable {
        auto verified = array ? verifiedArray(*array, args.confirmDestroy)
                              : verifiedDisk(job.target, args.allowLoop, args.confirmDestroy);
        if (!verified) {
            m_context.fail(id, verified.error());
            return;
        }
        job.target = verified->path();
        job.destroyData = true;
        job.verified = *verified;
        const IoResult result = IoEngine::run(job, cancel, [&](const IoProgress& progress) {
            m_context.event(id, Messages::Event::progress, Messages::encodeIoProgress(progress));
        });
        m_context.reply(id, Messages::encodeIoResult(result));
    });
}

Result<VerifiedDevice> RunIntents::verifiedArray(const BuiltArray& array, const QList<ConfirmedDisk>& confirmed) const
{
    if (auto same = checkConfirmed(array.plan.pins, confirmed); !same) {
        return same.error();
    }
    // A configuration that is one disk is checked like any other: right before the write.
    return verifyTarget(m_context.gateFor(true).get(), array);
}

Result<VerifiedDevice> RunIntents::verifiedDisk(const QString& target, bool allowLoop,
                                                const QList<ConfirmedDisk>& confirmed) const
{
    const auto gate = m_context.gateFor(allowLoop);
    auto pin = gate->pin(target, DeviceGate::Use::Create);
    if (!pin) {
        return pin.error();
    }
    if (auto same = checkConfirmed({*pin}, confirmed); !same) {
        return same.error();
    }
    return gate->verify(*pin, DeviceGate::Use::Create);
}

void RunIntents::runCampaign(const HelperProtocol::Request& request)
{
    const Messages::RunCampaign args = Messages::RunCampaign::fromJson(request.args);
    auto plan = CampaignPlan::fromJson(args.plan);
    if (!plan) {
        m_context.fail(request.id, plan.error());
        return;
    }
    if (plan->disks.isEmpty()) {
        // A rule is resolved by the client against scan-disks, so the user confirms the disks it chose.
        m_context.fail(
            request.id, ErrorCode::invalidPlan,
            QStringLiteral("the plan's disk rule is not resolved: list the disks it chose (scan-disks first)"));
        return;
    }
    auto token = m_context.exclusive(request.id);
    if (!token) {
        return;
    }
    const auto prepared = prepareResultsFile(request.id, args);
    if (!prepared) {
        m_context.fail(request.id, prepared.error());
        return;
    }
    const QString resultsPath = *prepared;
    CampaignRunner::Options options;
    options.resultsPath = resultsPath;
    options.resultsMode = 0600;
    options.fallbackDirectory = m_context.options().stateFallbackDirectory;
    options.resume = args.hasResume;
    // Exactly the plan's disks, each still the one the user confirmed (checked as they are pinned).
    options.confirmed = args.confirmDestroy;
    options.runner = m_context.options().runner;
    options.executor = m_context.executorOptions(plan->allowLoop);
    const qint64 id = request.id;
    // The events live as long as the run that sends them.
    auto events = std::make_shared<CampaignEvents>(m_context, id);
    auto runner = std::make_shared<CampaignRunner>(*plan, options, events.get());
    m_context.startJob(
        id,
        [this, id, runner, events, resultsPath](const std::atomic_bool* cancel) {
            // Bad input is answered before anything is touched: the disks through the gate (on this
            // worker: pinning looks at every process that may hold them), the plan, a resume.
            if (auto ok = runner->prepare(); !ok) {
                QFile::remove(resultsPath);
                m_context.fail(id, ok.error());
                return;
            }
            auto results = runner->run(cancel);
            // The client had every result as it came (results events); a client that went away mid-run
            // had what was measured until then. The file held them for the run only.
            QFile::remove(resultsPath);
            if (runner->savedTo() != resultsPath) {
                QFile::remove(runner->savedTo()); // the fallback of a full /run
                QDir().rmdir(QFileInfo(runner->savedTo()).path()); // ours, when another had its name
            }
            if (m_context.shuttingDown()) {
                m_context.log(QStringLiteral("campaign %1 ended with the session").arg(id));
            }
            if (!results) {
                m_context.fail(id, results.error());
                return;
            }
            m_context.log(QStringLiteral("campaign %1: %2 configurations, %3")
                              .arg(id)
                              .arg(results->configs.size())
                              .arg(runStateName(results->status)));
            m_context.reply(id, Messages::encodeResults(*results));
        },
        std::move(token));
}

Result<QString> RunIntents::prepareResultsFile(qint64 id, const Messages::RunCampaign& args)
{
    // Serials, the user's command line and the tail of its output: for this client only, 0600 in a
    // directory only root enters, and gone when the run ends (recover removes what a killed helper left).
    const QString resultsDirectory = m_context.options().stateDirectory + QStringLiteral("/results");
    if (auto ok = ensurePrivateDirectory(m_context.options().stateDirectory, 0711); !ok) {
        return makeError(ErrorCode::internal, ok.error().message);
    }
    if (auto ok = ensurePrivateDirectory(resultsDirectory, 0700); !ok) {
        return makeError(ErrorCode::internal, ok.error().message);
    }
    const QString resultsPath = QStringLiteral("%1/results-%2-%3-%4.json")
                                    .arg(resultsDirectory, QString::number(m_context.scope().clientUid),
                                         QString::number(getpid()), QString::number(id));
    if (args.hasResume) {
        // The client's previous results: only measurements are taken from them; what runs is checked
        // against the plan and the disks the gate pins now (CampaignRunner::prepare).
        if (auto ok = writeFileAtomically(resultsPath, QJsonDocument(args.resume).toJson(), {}, 0600); !ok) {
            return ok.error();
        }
    }
    return resultsPath;
}

namespace {

/// Whether `pid` is a running raidbench-helper (the kernel's name for it, cut to 15 characters).
bool helperRunning(qint64 pid)
{
    QFile comm(QStringLiteral("/proc/%1/comm").arg(pid));
    return comm.open(QIODevice::ReadOnly) && comm.readAll().trimmed() == "raidbench-helpe";
}

} // namespace

QStringList RunIntents::removeEndedRunsResults() const
{
    // results-UID-PID-ID.json (and its .tmp-XXXXXX while it is written); results-PID-ID.json in the state
    // directory itself: where versions before this one kept them, world-readable, for anyone's client.
    static const QRegularExpression current(QStringLiteral("^results-(\\d{1,10})-(\\d{1,10})-\\d{1,18}\\.json"));
    static const QRegularExpression earlier(QStringLiteral("^results-(\\d{1,10})-\\d{1,18}\\.json"));
    const RecoverScope who = m_context.scope();
    QStringList removed;
    const std::pair<QString, const QRegularExpression*> places[] = {
        {m_context.options().stateDirectory + QStringLiteral("/results"), &current},
        {m_context.options().stateDirectory, &earlier}};
    for (const auto& [directory, pattern] : places) {
        QDir dir(directory);
        for (const QString& name : dir.entryList({QStringLiteral("results-*")}, QDir::Files | QDir::System)) {
            const auto match = pattern->match(name);
            if (!match.hasMatch()) {
                continue;
            }
            const bool withUid = pattern == &current;
            const qint64 uid = withUid ? match.captured(1).toLongLong() : -1;
            const qint64 pid = match.captured(withUid ? 2 : 1).toLongLong();
            if (pid == qint64(getpid()) || helperRunning(pid) || (!who.root && uid != who.clientUid)) {
                continue; // a run still going, or another user's
            }
            const QByteArray path = QFile::encodeName(dir.filePath(name));
            struct stat st
            { };
            if (::lstat(path.constData(), &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == 0 &&
                ::unlink(path.constData()) == 0) {
                removed.append(name);
            }
        }
    }
    return removed;
}

} // namespace RaidBench

#include "helper/runintents.h"

#include "campaign/campaignrunner.h"
#include "engine/ioengine.h"
#include "helper/messages.h"
#include "util/atomicfile.h"
#include "util/errorcodes.h"
#include "util/privatedir.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
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
    IoJob job = *decoded;
    // The target: an array of this session (by the device it reported), or a disk that passes the gate
    // (pinned now); either is verified again right before the first write.
    const QString target = job.target;
    const bool allowLoop = args.allowLoop;
    std::optional<PinnedDevice> pin;
    std::optional<BuiltArray> array;
    {
        std::lock_guard lock(m_context.session().mutex);
        for (const SessionArray& session : std::as_const(m_context.session().arrays)) {
            if (session.array.device == target && session.teardownError.isEmpty() &&
                !m_context.session().mounts.contains(session.array.plan.tag)) {
                array = session.array;
            }
        }
    }
    if (!array) {
        auto pinned = m_context.gateFor(allowLoop)->pin(target, DeviceGate::Use::Create);
        if (!pinned) {
            m_context.fail(request.id, pinned.error());
            return;
        }
        pin = *pinned;
    }
    job.target = array ? array->device : pin->node;
    job.destroyData = true;
    const qint64 id = request.id;
    m_context.startExclusive(id, [this, id, job, pin, array, allowLoop](const std::atomic_bool* cancel) mutable {
        // A configuration that is one disk is checked like any other: right before the write.
        auto verified = array ? verifyTarget(m_context.gateFor(true).get(), *array)
                              : m_context.gateFor(allowLoop)->verify(*pin, DeviceGate::Use::Create);
        if (!verified) {
            m_context.fail(id, verified.error());
            return;
        }
        job.verified = *verified;
        const IoResult result = IoEngine::run(job, cancel, [&](const IoProgress& progress) {
            m_context.event(id, Messages::Event::progress, Messages::encodeIoProgress(progress));
        });
        m_context.reply(id, Messages::encodeIoResult(result));
    });
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
    QStringList confirmed = args.confirmDestroy;
    QStringList disks = plan->disks;
    std::sort(confirmed.begin(), confirmed.end());
    std::sort(disks.begin(), disks.end());
    if (confirmed != disks) {
        m_context.fail(request.id, ErrorCode::notConfirmed,
                       QStringLiteral("confirm_destroy must list exactly the plan's disks"));
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
    const bool resume = args.hasResume;
    CampaignRunner::Options options;
    options.resultsPath = resultsPath;
    options.resultsMode = 0600;
    options.fallbackDirectory = m_context.options().stateFallbackDirectory;
    options.resume = resume;
    options.runner = m_context.options().runner;
    options.executor = m_context.executorOptions(plan->allowLoop);
    const qint64 id = request.id;
    auto runner = std::make_shared<CampaignRunner>(*plan, options, campaignCallbacks(id));
    // Bad input is answered now, before anything is touched: disks through the gate, the plan, a resume.
    if (auto ok = runner->prepare(); !ok) {
        QFile::remove(resultsPath);
        m_context.fail(request.id, ok.error());
        return;
    }
    m_context.startJob(
        id,
        [this, id, runner, resultsPath](const std::atomic_bool* cancel) {
            auto results = runner->run(cancel);
            // The client had every result as it came (results events); a client that went away mid-run
            // had what was measured until then. The file held them for the run only.
            QFile::remove(resultsPath);
            if (runner->savedTo() != resultsPath) {
                QFile::remove(runner->savedTo()); // the fallback of a full /run
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
                                    .arg(resultsDirectory)
                                    .arg(m_context.scope().clientUid)
                                    .arg(getpid())
                                    .arg(id);
    if (args.hasResume) {
        // The client's previous results: only measurements are taken from them; what runs is checked
        // against the plan and the disks the gate pins now (CampaignRunner::prepare).
        if (auto ok = writeFileAtomically(resultsPath, QJsonDocument(args.resume).toJson(), {}, 0600); !ok) {
            return ok.error();
        }
    }
    return resultsPath;
}

CampaignRunner::Callbacks RunIntents::campaignCallbacks(qint64 id)
{
    auto lastProgressMs = std::make_shared<qint64>(-1000);
    auto lastMessage = std::make_shared<QString>();
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    return CampaignRunner::Callbacks {
        [this, id, lastProgressMs, lastMessage, clock](const CampaignProgress& progress) {
            // Every new step is told at once; the live figures of one step five times a
            // second.
            if (clock->elapsed() - *lastProgressMs < 200 && progress.message == *lastMessage &&
                progress.phase != CampaignPhase::Done) {
                return;
            }
            *lastProgressMs = clock->elapsed();
            *lastMessage = progress.message;
            m_context.event(id, Messages::Event::progress, Messages::encodeCampaignProgress(progress));
        },
        [this, id](const StepLog& step) {
            m_context.event(id, Messages::Event::command, Messages::CommandEvent::fromStep(step).toJson());
        },
        [this, id](const CampaignResults& results) {
            m_context.event(id, Messages::Event::results, Messages::encodeResults(results));
        }};
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

#include "campaign/campaignrunner.h"
#include "engine/ioengine.h"
#include "helper/helperservice.h"
#include "helper/helperservice_p.h"
#include "util/atomicfile.h"
#include "util/errorcodes.h"
#include "util/privatedir.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>

#include <unistd.h>

namespace RaidBench {

// The intents that measure: one engine run on a device, and a whole campaign.

void HelperService::runIo(const HelperProtocol::Request& request)
{
    const Messages::RunIo args = Messages::RunIo::fromJson(request.args);
    auto decoded = Messages::decodeIoJob(args.job);
    if (!decoded) {
        fail(request.id, decoded.error());
        return;
    }
    IoJob job = *decoded;
    // The target: an array of this session (by the device it reported), or a disk that passes the gate
    // (pinned now, verified again right before the first write).
    const QString target = job.target;
    const bool allowLoop = args.allowLoop;
    std::optional<PinnedDevice> pin;
    QString device;
    {
        std::lock_guard lock(m_session->mutex);
        for (const SessionArray& array : std::as_const(m_session->arrays)) {
            if (array.array.device == target && array.teardownError.isEmpty() &&
                !m_session->mounts.contains(array.array.plan.tag)) {
                device = array.array.device;
            }
        }
    }
    if (device.isEmpty()) {
        auto pinned = gateFor(allowLoop)->pin(target, DeviceGate::Use::Create);
        if (!pinned) {
            fail(request.id, pinned.error());
            return;
        }
        pin = *pinned;
        device = pin->node;
    }
    job.target = device;
    job.destroyData = true;
    const qint64 id = request.id;
    startExclusive(id, [this, id, job, pin, allowLoop](const std::atomic_bool* cancel) {
        if (pin) {
            if (auto ok = gateFor(allowLoop)->verify(*pin, DeviceGate::Use::Create); !ok) {
                fail(id, ok.error());
                return;
            }
        }
        const IoResult result = IoEngine::run(job, cancel, [&](const IoProgress& progress) {
            event(id, Messages::Event::progress, Messages::encodeIoProgress(progress));
        });
        reply(id, Messages::encodeIoResult(result));
    });
}

void HelperService::runCampaign(const HelperProtocol::Request& request)
{
    const Messages::RunCampaign args = Messages::RunCampaign::fromJson(request.args);
    auto plan = CampaignPlan::fromJson(args.plan);
    if (!plan) {
        fail(request.id, plan.error());
        return;
    }
    if (plan->disks.isEmpty()) {
        // A rule is resolved by the client against scan-disks, so the user confirms the disks it chose.
        fail(request.id, ErrorCode::invalidPlan,
             QStringLiteral("the plan's disk rule is not resolved: list the disks it chose (scan-disks first)"));
        return;
    }
    QStringList confirmed = args.confirmDestroy;
    QStringList disks = plan->disks;
    std::sort(confirmed.begin(), confirmed.end());
    std::sort(disks.begin(), disks.end());
    if (confirmed != disks) {
        fail(request.id, ErrorCode::notConfirmed, QStringLiteral("confirm_destroy must list exactly the plan's disks"));
        return;
    }
    auto token = exclusive(request.id);
    if (!token) {
        return;
    }
    if (auto ok = ensurePrivateDirectory(m_options.stateDirectory, 0711); !ok) {
        fail(request.id, ErrorCode::internal, ok.error().message);
        return;
    }
    const QString resultsPath =
        QStringLiteral("%1/results-%2-%3.json").arg(m_options.stateDirectory).arg(getpid()).arg(request.id);
    const bool resume = args.hasResume;
    if (resume) {
        // The client's previous results: only measurements are taken from them; what runs is checked
        // against the plan and the disks the gate pins now (CampaignRunner::prepare).
        if (auto ok = writeFileAtomically(resultsPath, QJsonDocument(args.resume).toJson()); !ok) {
            fail(request.id, ok.error());
            return;
        }
    }
    CampaignRunner::Options options;
    options.resultsPath = resultsPath;
    options.resume = resume;
    options.runner = m_options.runner;
    options.executor = executorOptions(plan->allowLoop);
    const qint64 id = request.id;
    auto lastProgressMs = std::make_shared<qint64>(-1000);
    auto lastMessage = std::make_shared<QString>();
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    auto runner = std::make_shared<CampaignRunner>(
        *plan, options,
        CampaignRunner::Callbacks {
            [this, id, lastProgressMs, lastMessage, clock](const CampaignProgress& progress) {
                // Every new step is told at once; the live figures of one step five times a second.
                if (clock->elapsed() - *lastProgressMs < 200 && progress.message == *lastMessage &&
                    progress.phase != QLatin1String("done")) {
                    return;
                }
                *lastProgressMs = clock->elapsed();
                *lastMessage = progress.message;
                event(id, Messages::Event::progress, Messages::encodeCampaignProgress(progress));
            },
            [this, id](const StepLog& step) {
                event(id, Messages::Event::command, Messages::CommandEvent::fromStep(step).toJson());
            },
            [this, id](const CampaignResults& results) {
                event(id, Messages::Event::results, Messages::encodeResults(results));
            }});
    // Bad input is answered now, before anything is touched: disks through the gate, the plan, a resume.
    if (auto ok = runner->prepare(); !ok) {
        QFile::remove(resultsPath);
        fail(request.id, ok.error());
        return;
    }
    startJob(
        id,
        [this, id, runner, resultsPath](const std::atomic_bool* cancel) {
            auto results = runner->run(cancel);
            if (m_shuttingDown.load()) {
                // The client went away mid-run: what was measured stays here for it (or an admin).
                log(QStringLiteral("campaign %1 ended with the session; its results are in %2")
                        .arg(id)
                        .arg(resultsPath));
            } else {
                QFile::remove(resultsPath);
            }
            if (!results) {
                fail(id, results.error());
                return;
            }
            log(QStringLiteral("campaign %1: %2 configurations, %3")
                    .arg(id)
                    .arg(results->configs.size())
                    .arg(results->status));
            reply(id, Messages::encodeResults(*results));
        },
        std::move(token));
}

} // namespace RaidBench

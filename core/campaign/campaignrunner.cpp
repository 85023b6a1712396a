#include "campaign/campaignrunner.h"

#include "campaign/campaignpreparation.h"
#include "campaign/configurationrun.h"
#include "campaign/diskbaselines.h"
#include "campaign/diskpatterns.h"
#include "campaign/hostinfo.h"
#include "campaign/progresscount.h"
#include "disks/diskscanner.h"
#include "disks/healthprobe.h"
#include "engine/iotogether.h"
#include "layout/arrayanalysis.h"
#include "layout/presets.h"
#include "layout/stripes.h"
#include "model/analysis.h"
#include "util/cancelflag.h"
#include "util/errorcodes.h"
#include "util/monotonicclock.h"
#include "util/privatedir.h"
#include "util/units.h"
#include "version.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QSet>

namespace RaidBench {

namespace {

/// Each disk's likely causes of slowness, against the plan's other disks.
void explainDisks(QList<DiskResult>& disks)
{
    QList<DiskFacts> pool;
    QList<int> index;
    for (int i = 0; i < disks.size(); ++i) {
        if (disks[i].healthRead) {
            pool.append({disks[i].model, disks[i].health.rotationRateRpm > 0, disks[i].health, disks[i].writeCache});
            index.append(i);
        }
    }
    for (int i = 0; i < pool.size(); ++i) {
        disks[index[i]].explanations = explainDisk(pool, i);
    }
}

} // namespace

CampaignRunner::CampaignRunner(CampaignPlan plan, Options options, CampaignObserver* observer)
    : m_plan(std::move(plan))
    , m_options(std::move(options))
    , m_observer(observer)
    , m_sink(m_options.resultsPath, m_options.fallbackDirectory, m_options.resultsMode)
{
    if (!m_options.system) {
        m_options.system = std::make_shared<LocalCampaignSystem>();
    }
    // Nothing measured is lost: a full disk under the results file sends them elsewhere.
    m_sink.setMovedHandler([this](const Error& why, const QString& fallback) {
        CampaignProgress progress;
        progress.phase = CampaignPhase::Save;
        progress.say(QT_TRANSLATE_NOOP("CampaignProgress", "%1; the results go to %2 from now on"),
                     {why.message, fallback});
        report(progress);
    });
}

QString CampaignRunner::assumeCleanReason()
{
    return QStringLiteral(
        "Arrays are created with --assume-clean: the member disks start blank, a benchmark reads "
        "only what it wrote, and md's initial resync would take hours on large disks (1.5 h per array "
        "on four 500 GB disks) while slowing every number measured during it.");
}

void CampaignRunner::probeDisks(const std::atomic_bool* cancel)
{
    bool probed = false;
    for (DiskResult& disk : m_results.disks) {
        if (disk.healthRead) {
            continue; // as a resumed run's first part found it
        }
        for (const PinnedDevice& pin : std::as_const(m_pins)) {
            if (pin.name != disk.name) {
                continue;
            }
            const Result<Disk> found = machine().inspectDisk(pin.node);
            if (!found) {
                continue;
            }
            QList<Disk> one {*found};
            HealthProbe::probe(one, *m_options.runner, QStringLiteral("/sys"), cancel);
            disk.healthRead = true;
            disk.health = one.first().health;
            disk.writeCache = one.first().writeCache;
            probed = true;
        }
    }
    if (probed) {
        explainDisks(m_results.disks);
    }
}

void CampaignRunner::report(CampaignProgress progress)
{
    if (m_observer) {
        progress.overall = std::min(1.0, double(m_unitsDone) / std::max(1, m_unitsTotal));
        progress.configCount = int(m_results.configs.size());
        m_observer->progressed(progress);
    }
}

Result<void> CampaignRunner::prepare()
{
    if (!m_options.runner) {
        return makeError(ErrorCode::internal, QStringLiteral("no command runner"));
    }
    // The output path must be writable before anything is built.
    const QFileInfo out(m_options.resultsPath);
    if (m_options.resultsPath.isEmpty() || !QFileInfo(out.absolutePath()).isDir() ||
        !QFileInfo(out.absolutePath()).isWritable() || (out.exists() && !out.isWritable())) {
        return makeError(ErrorCode::badOutput,
                         QStringLiteral("cannot write results to %1 (its directory must exist and be writable)")
                             .arg(m_options.resultsPath));
    }
    if (!m_options.executor.gate) {
        return makeError(ErrorCode::internal, QStringLiteral("no device gate"));
    }
    if (m_plan.disks.isEmpty()) {
        return makeError(ErrorCode::invalidPlan,
                         QStringLiteral("the plan's disk rule was not resolved against this machine's disks"));
    }
    CampaignPreparation preparation(
        m_plan, {m_options.executor.gate, m_options.resultsPath, m_options.resume, m_options.system.get()});
    auto prepared = preparation.prepare();
    if (!prepared) {
        return prepared.error();
    }
    if (m_options.confirmed) {
        // Each disk still the one the user confirmed: device number, serial, model, size, backing file.
        if (auto same = checkConfirmed(prepared->pins, *m_options.confirmed); !same) {
            return same.error();
        }
    }
    m_pins = prepared->pins;
    m_results = prepared->results;
    m_results.raidbenchVersion = QStringLiteral(RAIDBENCH_VERSION);
    m_results.plan = m_plan.toJson();
    m_results.assumeCleanReason = assumeCleanReason();
    m_prepared = true;
    return {};
}

ConfigurationRun::Context CampaignRunner::configurationContext()
{
    ConfigurationRun::Context context;
    context.plan = &m_plan;
    context.results = &m_results;
    context.runner = m_options.runner;
    context.executor = &m_options.executor;
    context.monitorRoot = m_options.monitorRoot;
    context.pins = &m_pins;
    context.campaign = this;
    context.unitsDone = &m_unitsDone;
    context.unitsTotal = &m_unitsTotal;
    return context;
}

DiskBaselines::Context CampaignRunner::baselinesContext()
{
    DiskBaselines::Context context;
    context.plan = &m_plan;
    context.results = &m_results;
    context.gate = m_options.executor.gate.get();
    context.campaign = this;
    context.unitsDone = &m_unitsDone;
    context.unitsTotal = &m_unitsTotal;
    return context;
}

const PinnedDevice* CampaignRunner::pinOf(const QString& path) const
{
    for (const PinnedDevice& pin : m_pins) {
        if (pin.requested == path || pin.node == path) {
            return &pin;
        }
    }
    return nullptr;
}

QStringList CampaignRunner::destroys() const
{
    QStringList lines;
    for (const DiskResult& disk : m_results.disks) {
        lines.append(QStringLiteral("%1  %2  %3  %4")
                         .arg(disk.path, disk.model.isEmpty() ? QStringLiteral("(no model)") : disk.model,
                              disk.serial.isEmpty() ? QStringLiteral("(no serial)") : disk.serial,
                              Units::formatBytesDecimal(double(disk.sizeBytes))));
    }
    return lines;
}

QList<ConfirmedDisk> CampaignRunner::confirmations() const
{
    QList<ConfirmedDisk> confirmed;
    for (const PinnedDevice& pin : m_pins) {
        confirmed.append(ConfirmedDisk::fromPin(pin));
    }
    return confirmed;
}

void CampaignRunner::saveAfterTest()
{
    // A killed run keeps every test it finished, not only the configurations it finished. A failed save
    // has sent the results elsewhere already (save()); the next one tries again.
    if (auto ok = save(); !ok) {
        CampaignProgress progress;
        progress.phase = CampaignPhase::Save;
        progress.sayAsIs(ok.error().message);
        report(progress);
    }
}

void CampaignRunner::commandLogged(const StepLog& log)
{
    if (m_observer) {
        m_observer->commandLogged(log);
    }
}

Result<void> CampaignRunner::save()
{
    m_results.updated = machine().wallClock().toUTC().toString(Qt::ISODate);
    analyzeResults(m_results);
    auto saved = m_sink.write(QJsonDocument(m_results.toJson()).toJson(QJsonDocument::Indented));
    if (saved && m_observer) {
        m_observer->saved(m_results);
    }
    return saved;
}

IoResult CampaignRunner::runJob(const IoJob& job, CampaignProgress progress, const std::atomic_bool* cancel,
                                SettleWatch* settle)
{
    if (!settle) {
        return machine().runIo(job, cancel, [&](const IoProgress& p) {
            progress.follow(p, job.target);
            report(progress);
        });
    }
    // The run ends normally once the rate has settled; the user's cancel stays a cancel.
    std::atomic_bool settled = false;
    IoJob settling = job;
    settling.finish = &settled;
    IoResult result = machine().runIo(settling, cancel, [&](const IoProgress& p) {
        progress.follow(p, job.target);
        report(progress);
        if (settle->add(p.elapsedNs, p.bytes)) {
            settled = true;
        }
    });
    // A rate that settled only as the run reached its length stopped nothing: the run is a full one.
    const bool stoppedEarly = !job.timeLimitNs || result.elapsedNs < job.timeLimitNs;
    if (result.status == IoStatus::Completed && settle->settled() && stoppedEarly) {
        result.notes.append(QStringLiteral("stopped once the rate had settled"));
    }
    return result;
}

Result<CampaignResults> CampaignRunner::run(const std::atomic_bool* cancel)
{
    if (!m_prepared) {
        if (auto ok = prepare(); !ok) {
            return ok.error();
        }
    }
    m_results.status = RunState::Running;
    if (m_results.host.isEmpty()) {
        m_results.host = collectHostInfo(*m_options.runner);
    }
    probeDisks(cancel);
    const int testsPerConfig = m_plan.unitsPerConfiguration();
    const bool sustainedBaselines = m_plan.baselines && DiskBaselines::sustainedTest(m_plan);
    const bool together = m_plan.baselines && m_plan.together;
    m_unitsTotal =
        ProgressCount::forPlan(m_plan, int(m_results.disks.size()), int(togetherGroups(m_results.disks, false).size()),
                               int(m_results.configs.size()))
            .total();
    m_unitsDone = 0;
    if (auto ok = save(); !ok) {
        return ok.error();
    }
    DiskBaselines baselines(baselinesContext());
    if (m_plan.baselines) {
        // The sustained write first, while each disk's cache is as the run found it (idle, drained):
        // a write before it would have filled part of it. The baselines that follow then see what a
        // disk writes once its cache is full.
        if (sustainedBaselines) {
            baselines.runSustained(cancel);
        }
        baselines.runAlone(cancel);
        if (together) {
            baselines.runTogether(cancel);
        }
        if (m_plan.patterns) {
            DiskPatterns(baselinesContext()).run(cancel);
        }
        if (auto ok = save(); !ok) {
            return ok.error();
        }
    }
    if (m_plan.surface.enabled()) {
        baselines.runSurfaces(cancel);
    }
    for (int i = 0; i < m_results.configs.size(); ++i) {
        // The pending configurations of one build: a configuration alone, or a stripe cache sweep's.
        QList<int> group;
        const int buildGroup = m_results.configs.at(i).buildGroup;
        for (int j = i; j < m_results.configs.size(); ++j) {
            if (j > i && (buildGroup < 0 || m_results.configs.at(j).buildGroup != buildGroup)) {
                break;
            }
            i = j;
            if (m_results.configs.at(j).status == RunState::Completed) {
                m_unitsDone += testsPerConfig; // --resume
            } else {
                group.append(j);
            }
        }
        if (group.isEmpty()) {
            continue;
        }
        if (cancelled(cancel)) {
            break;
        }
        ConfigurationRun(configurationContext()).run(group, cancel);
        if (auto ok = save(); !ok) {
            return ok.error();
        }
    }
    m_results.status = cancelled(cancel) ? RunState::Cancelled : RunState::Completed;
    if (auto ok = save(); !ok) {
        return ok.error();
    }
    CampaignProgress done;
    done.phase = CampaignPhase::Done;
    done.sayAsIs(runStateName(m_results.status));
    m_unitsDone = m_unitsTotal;
    report(done);
    return m_results;
}

} // namespace RaidBench

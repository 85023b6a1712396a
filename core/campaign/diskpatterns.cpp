#include "campaign/diskpatterns.h"

#include "results/diskstogether.h"
#include "results/testregion.h"
#include "util/cancelflag.h"
#include "util/errorcodes.h"

#include <algorithm>

namespace RaidBench {

namespace {

constexpr std::uint64_t runNs = 2'000'000'000ull;
constexpr std::uint64_t rampNs = 500'000'000ull;

Result<VerifiedDevice> verified(const DeviceGate& gate, const PinnedDevice* pin)
{
    return pin ? gate.verify(*pin, DeviceGate::Use::Create)
               : Result<VerifiedDevice>(makeError(ErrorCode::deviceChanged, QStringLiteral("not checked")));
}

} // namespace

double DiskPatterns::runSeconds(const CampaignPlan& plan)
{
    return double(std::min(plan.timeLimitNs ? plan.timeLimitNs : runNs, runNs) + std::min(plan.rampNs, rampNs)) / 1e9;
}

DiskPatterns::DiskPatterns(DiskBaselines::Context context)
    : m_context(std::move(context))
    , m_unitsDone(*m_context.unitsDone)
{ }

IoJob DiskPatterns::job(const DiskResult& disk, const PinnedDevice& pin, const VerifiedDevice& verified) const
{
    const CampaignPlan& plan = *m_context.plan;
    IoJob job;
    job.target = pin.node;
    job.verified = verified;
    job.timeLimitNs = std::min(plan.timeLimitNs ? plan.timeLimitNs : runNs, runNs); // as runSeconds() counts
    job.rampNs = std::min(plan.rampNs, rampNs);
    job.destroyData = true;
    const RegionRange region = regionRange(plan.region, disk.sizeBytes);
    job.offset = region.offset;
    job.length = region.length;
    return job;
}

void DiskPatterns::runStrided(DiskResult& disk, const std::atomic_bool* cancel)
{
    for (const std::uint32_t skip : {1u, 2u}) {
        std::optional<double>& figure = skip == 1 ? disk.access.skipOneBw : disk.access.skipTwoBw;
        if (figure || cancelled(cancel) || !disk.access.error.isEmpty()) {
            ++m_unitsDone;
            continue; // resumed, cancelled or failed
        }
        auto ok = verified(*m_context.gate, m_context.pinOf(disk.path));
        if (!ok) {
            disk.access.error = ok.error().message;
            ++m_unitsDone;
            continue;
        }
        IoJob strided = job(disk, *m_context.pinOf(disk.path), *ok);
        strided.pattern = IoPattern::Read;
        strided.blockSize = chunkBytes;
        strided.queueDepth = 8;
        strided.strideBlocks = 1;
        strided.skipBlocks = skip;
        CampaignProgress progress;
        progress.phase = CampaignPhase::Baseline;
        progress.configName = disk.label();
        progress.testName =
            QStringLiteral("read 512K, skip %1").arg(skip == 1 ? QStringLiteral("512K") : QStringLiteral("1M"));
        progress.say(skip == 1
                         ? QT_TRANSLATE_NOOP("CampaignProgress", "measuring %1 alone: reads that skip a chunk")
                         : QT_TRANSLATE_NOOP("CampaignProgress", "measuring %1 alone: reads that skip two chunks"),
                     {disk.label()});
        m_context.report(progress);
        const IoResult run = m_context.runJob(strided, progress, cancel, nullptr);
        if (run.status == IoStatus::Completed && run.bandwidth() > 0) {
            figure = run.bandwidth();
            disk.access.chunkBytes = chunkBytes;
        } else if (run.status == IoStatus::Failed) {
            disk.access.error = run.error ? run.error->message : QStringLiteral("a strided read failed");
        }
        ++m_unitsDone;
    }
}

void DiskPatterns::runRandom(IoPattern pattern, int queueDepth, const std::atomic_bool* cancel)
{
    const auto figureOf = [&](DiskResult& disk) -> std::optional<double>& {
        if (pattern == IoPattern::RandWrite) {
            return queueDepth == 1 ? disk.access.randWriteQd1 : disk.access.randWriteQd32;
        }
        return queueDepth == 1 ? disk.access.randReadQd1 : disk.access.randReadQd32;
    };
    QList<IoJob> jobs;
    QList<DiskResult*> disks;
    for (DiskResult& disk : m_context.results->disks) {
        if (!disk.readBw || figureOf(disk) || !disk.access.error.isEmpty()) {
            continue; // not measured alone, resumed, or failed
        }
        // The gate right before the raw writes, for every disk, as the disks measured together are.
        auto ok = verified(*m_context.gate, m_context.pinOf(disk.path));
        if (!ok) {
            disk.access.error = ok.error().message;
            continue;
        }
        IoJob random = job(disk, *m_context.pinOf(disk.path), *ok);
        random.pattern = pattern;
        random.blockSize = 4096;
        random.queueDepth = queueDepth;
        random.flushAfter = pattern == IoPattern::RandWrite; // the next test must not wait for the cache
        jobs.append(random);
        disks.append(&disk);
    }
    ++m_unitsDone;
    if (jobs.isEmpty() || cancelled(cancel)) {
        return;
    }
    CampaignProgress progress;
    progress.phase = CampaignPhase::Baseline;
    DisksTogether all;
    all.scope = DisksTogether::Scope::Pool;
    for (const DiskResult* disk : std::as_const(disks)) {
        all.disks.append(disk->path);
    }
    progress.configName = all.name();
    progress.testName = QStringLiteral("RND4K QD%1 %2").arg(QString::number(queueDepth), patternName(pattern));
    progress.say(QT_TRANSLATE_NOOP("CampaignProgress", "measuring every disk at once: %1, %2 disks"),
                 {progress.testName, QString::number(jobs.size())});
    m_context.report(progress);
    const QList<IoResult> runs = m_context.runIoTogether(jobs, cancel, [&](const IoProgress& p) {
        progress.follow(p, jobs.value(p.stalledJob).target);
        m_context.report(progress);
    });
    for (qsizetype i = 0; i < runs.size() && i < disks.size(); ++i) {
        const IoResult& run = runs.at(i);
        if (run.status == IoStatus::Completed && run.iops() > 0) {
            figureOf(*disks.at(i)) = run.iops();
        } else if (run.status == IoStatus::Failed) {
            disks.at(i)->access.error = QStringLiteral("%1: %2").arg(
                progress.testName, run.error ? run.error->message : QStringLiteral("failed"));
        }
    }
}

void DiskPatterns::run(const std::atomic_bool* cancel)
{
    for (DiskResult& disk : m_context.results->disks) {
        if (!disk.readBw) {
            m_unitsDone += 2; // its own read failed: nothing to compare a strided read with
            continue;
        }
        runStrided(disk, cancel);
    }
    if (auto saved = m_context.save(); !saved) {
        return;
    }
    runRandom(IoPattern::RandRead, 1, cancel);
    runRandom(IoPattern::RandRead, randomQueueDepth, cancel);
    runRandom(IoPattern::RandWrite, 1, cancel);
    runRandom(IoPattern::RandWrite, randomQueueDepth, cancel);
    // A failed save stops the campaign at its next save, as the baselines' does.
    (void)m_context.save();
}

} // namespace RaidBench

#include "campaign/diskpatterns.h"

#include "plan/testregion.h"
#include "results/diskstogether.h"
#include "util/cancelflag.h"
#include "util/errorcodes.h"

#include <algorithm>

namespace RaidBench {

namespace {

constexpr std::uint64_t stridedNs = 2'000'000'000ull;
constexpr std::uint64_t stridedRampNs = 500'000'000ull;
// A random run counts thousands of requests in a second, a hard disk's at QD1 about a hundred.
constexpr std::uint64_t randomNs = 1'000'000'000ull;
constexpr std::uint64_t randomRampNs = 250'000'000ull;

Result<VerifiedDevice> verified(const DeviceGate& gate, const PinnedDevice* pin)
{
    return pin ? gate.verify(*pin, DeviceGate::Use::Create)
               : Result<VerifiedDevice>(makeError(ErrorCode::deviceChanged, QStringLiteral("not checked")));
}

std::uint64_t runLimitNs(const CampaignPlan& plan, std::uint64_t cap)
{
    return std::min(plan.timeLimitNs ? plan.timeLimitNs : cap, cap);
}

/// The figure a random run fills: alone at QD1 or QD32, or at QD32 with every disk at once.
std::optional<double>& randomFigure(DiskAccess& access, IoPattern pattern, int queueDepth, bool together)
{
    const bool write = pattern == IoPattern::RandWrite;
    if (together) {
        return write ? access.randWriteTogether : access.randReadTogether;
    }
    if (write) {
        return queueDepth == 1 ? access.randWriteQd1 : access.randWriteQd32;
    }
    return queueDepth == 1 ? access.randReadQd1 : access.randReadQd32;
}

QString randomTestName(IoPattern pattern, int queueDepth)
{
    return QStringLiteral("RND4K QD%1 %2").arg(QString::number(queueDepth), patternName(pattern));
}

} // namespace

double DiskPatterns::seconds(const CampaignPlan& plan, int disks)
{
    const double strided = double(runLimitNs(plan, stridedNs) + std::min(plan.rampNs, stridedRampNs)) / 1e9;
    const double random = double(runLimitNs(plan, randomNs) + std::min(plan.rampNs, randomRampNs)) / 1e9;
    return 2 * disks * strided + double(units(disks) - 2 * disks) * random;
}

DiskPatterns::DiskPatterns(DiskBaselines::Context context)
    : m_context(std::move(context))
    , m_unitsDone(*m_context.unitsDone)
{ }

IoJob DiskPatterns::job(Kind kind, const DiskResult& disk, const PinnedDevice& pin,
                        const VerifiedDevice& verified) const
{
    const CampaignPlan& plan = *m_context.plan;
    IoJob job;
    job.target = pin.node;
    job.verified = verified;
    // As seconds() counts them.
    job.timeLimitNs = runLimitNs(plan, kind == Kind::Strided ? stridedNs : randomNs);
    job.rampNs = std::min(plan.rampNs, kind == Kind::Strided ? stridedRampNs : randomRampNs);
    job.destroyData = true;
    const RegionRange region = regionRange(plan.region, disk.sizeBytes);
    job.offset = region.offset;
    job.length = region.length;
    return job;
}

std::optional<IoJob> DiskPatterns::nextAlone(Kind kind, DiskResult& disk, bool done, const std::atomic_bool* cancel)
{
    if (done || cancelled(cancel) || !disk.access.error.isEmpty()) {
        ++m_unitsDone;
        return std::nullopt; // resumed, cancelled or failed
    }
    auto ok = verified(*m_context.gate, m_context.campaign->pinOf(disk.path));
    if (!ok) {
        disk.access.error = ok.error().message;
        ++m_unitsDone;
        return std::nullopt;
    }
    return job(kind, disk, *m_context.campaign->pinOf(disk.path), *ok);
}

void DiskPatterns::runStrided(DiskResult& disk, const std::atomic_bool* cancel)
{
    for (const std::uint32_t skip : {1u, 2u}) {
        std::optional<double>& figure = skip == 1 ? disk.access.skipOneBw : disk.access.skipTwoBw;
        std::optional<IoJob> next = nextAlone(Kind::Strided, disk, figure.has_value(), cancel);
        if (!next) {
            continue;
        }
        IoJob& strided = *next;
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
        m_context.campaign->report(progress);
        const IoResult run = m_context.campaign->runJob(strided, progress, cancel, nullptr);
        if (run.status == IoStatus::Completed && run.bandwidth() > 0) {
            figure = run.bandwidth();
            disk.access.chunkBytes = chunkBytes;
        } else if (run.status == IoStatus::Failed) {
            disk.access.error = run.error ? run.error->message : QStringLiteral("a strided read failed");
        }
        ++m_unitsDone;
    }
}

void DiskPatterns::runRandomAlone(DiskResult& disk, const std::atomic_bool* cancel)
{
    for (const IoPattern pattern : {IoPattern::RandRead, IoPattern::RandWrite}) {
        for (const int queueDepth : {1, randomQueueDepth}) {
            std::optional<double>& figure = randomFigure(disk.access, pattern, queueDepth, false);
            std::optional<IoJob> next = nextAlone(Kind::Random, disk, figure.has_value(), cancel);
            if (!next) {
                continue;
            }
            IoJob& random = *next;
            random.pattern = pattern;
            random.blockSize = 4096;
            random.queueDepth = queueDepth;
            random.flushAfter = pattern == IoPattern::RandWrite; // the next run must not wait for the cache
            CampaignProgress progress;
            progress.phase = CampaignPhase::Baseline;
            progress.configName = disk.label();
            progress.testName = randomTestName(pattern, queueDepth);
            progress.say(QT_TRANSLATE_NOOP("CampaignProgress", "measuring %1 alone: %2"),
                         {disk.label(), progress.testName});
            m_context.campaign->report(progress);
            const IoResult run = m_context.campaign->runJob(random, progress, cancel, nullptr);
            if (run.status == IoStatus::Completed && run.iops() > 0) {
                figure = run.iops();
            } else if (run.status == IoStatus::Failed) {
                disk.access.error = QStringLiteral("%1: %2").arg(
                    progress.testName, run.error ? run.error->message : QStringLiteral("failed"));
            }
            ++m_unitsDone;
        }
    }
}

void DiskPatterns::runRandomTogether(IoPattern pattern, const std::atomic_bool* cancel)
{
    QList<IoJob> jobs;
    QList<DiskResult*> disks;
    for (DiskResult& disk : m_context.results->disks) {
        if (!disk.readBw || randomFigure(disk.access, pattern, randomQueueDepth, true) ||
            !disk.access.error.isEmpty()) {
            continue; // not measured alone, resumed, or failed
        }
        // The gate right before the raw writes, for every disk, as the disks measured together are.
        auto ok = verified(*m_context.gate, m_context.campaign->pinOf(disk.path));
        if (!ok) {
            disk.access.error = ok.error().message;
            continue;
        }
        IoJob random = job(Kind::Random, disk, *m_context.campaign->pinOf(disk.path), *ok);
        random.pattern = pattern;
        random.blockSize = 4096;
        random.queueDepth = randomQueueDepth;
        random.flushAfter = pattern == IoPattern::RandWrite;
        jobs.append(random);
        disks.append(&disk);
    }
    ++m_unitsDone;
    if (jobs.size() < 2 || cancelled(cancel)) {
        return; // one disk together is that disk alone
    }
    CampaignProgress progress;
    progress.phase = CampaignPhase::Baseline;
    DisksTogether all;
    all.scope = DisksTogether::Scope::Pool;
    for (const DiskResult* disk : std::as_const(disks)) {
        all.disks.append(disk->path);
    }
    progress.configName = all.name();
    progress.testName = randomTestName(pattern, randomQueueDepth);
    progress.say(QT_TRANSLATE_NOOP("CampaignProgress", "measuring every disk at once: %1, %2 disks"),
                 {progress.testName, QString::number(jobs.size())});
    m_context.campaign->report(progress);
    const QList<IoResult> runs = m_context.campaign->machine().runIoTogether(jobs, cancel, [&](const IoProgress& p) {
        progress.follow(p, jobs.value(p.stalledJob).target);
        m_context.campaign->report(progress);
    });
    for (qsizetype i = 0; i < runs.size() && i < disks.size(); ++i) {
        const IoResult& run = runs.at(i);
        if (run.status == IoStatus::Completed && run.iops() > 0) {
            randomFigure(disks.at(i)->access, pattern, randomQueueDepth, true) = run.iops();
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
            m_unitsDone += 2 + 4; // its own read failed: nothing to compare a strided read with
            continue;
        }
        runStrided(disk, cancel);
        runRandomAlone(disk, cancel);
    }
    if (auto saved = m_context.campaign->save(); !saved) {
        return;
    }
    if (m_context.results->disks.size() > 1) {
        runRandomTogether(IoPattern::RandRead, cancel);
        runRandomTogether(IoPattern::RandWrite, cancel);
    }
    // A failed save stops the campaign at its next save, as the baselines' does.
    (void)m_context.campaign->save();
}

} // namespace RaidBench

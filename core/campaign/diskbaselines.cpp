#include "campaign/diskbaselines.h"

#include "util/cancelflag.h"
#include "util/errorcodes.h"
#include "util/units.h"

#include <algorithm>

namespace RaidBench {

DiskBaselines::DiskBaselines(Context context)
    : m_context(std::move(context))
    , m_plan(*m_context.plan)
    , m_results(*m_context.results)
    , m_unitsDone(*m_context.unitsDone)
    , m_unitsTotal(*m_context.unitsTotal)
{ }

IoResult DiskBaselines::runJob(const IoJob& job, CampaignProgress progress, const std::atomic_bool* cancel,
                               SettleWatch* settle)
{
    return m_context.campaign->runJob(job, progress, cancel, settle);
}

const PinnedDevice* DiskBaselines::pinOf(const QString& path) const
{
    return m_context.campaign->pinOf(path);
}

/// A sustained write's longest run, whatever the plan's time: an hour.
constexpr std::uint64_t maxSustainedNs = 3600'000'000'000ull;

std::optional<SettleWatch> DiskBaselines::sustainedLimits(IoJob& job, const TestSpec& spec, const CampaignPlan& plan)
{
    // From the first byte with no ramp (the burst is what a cache takes), until the rate holds still for
    // the plan's time (two seconds at least) after half a minute of writing (a cache that takes longer
    // than that at its burst rate needs the test's size), or the size the test gives; at most ten times
    // the plan's time, two minutes at least and an hour at most.
    job.offset = 0;
    job.length = 0;
    job.rampNs = 0;
    job.sizeLimit = spec.sustainedBytes;
    job.timeLimitNs = std::clamp<std::uint64_t>(10 * plan.timeLimitNs, 120'000'000'000ull, maxSustainedNs);
    if (spec.sustainedBytes) {
        return std::nullopt;
    }
    const std::uint64_t window = std::max<std::uint64_t>(plan.timeLimitNs, 2'000'000'000ull);
    return SettleWatch(window, std::max<std::uint64_t>(2 * window, 30'000'000'000ull));
}

const TestSpec* DiskBaselines::sustainedTest(const CampaignPlan& plan)
{
    for (const TestSpec& spec : plan.tests) {
        if (spec.sustained) {
            return &spec;
        }
    }
    return nullptr;
}

void DiskBaselines::runSustained(const std::atomic_bool* cancel)
{
    // With a sustained write in the plan, each disk alone too: whether it has a cache that fills, and
    // what it writes once it has.
    const TestSpec* spec = sustainedTest(m_plan);
    for (DiskResult& disk : m_results.disks) {
        ++m_unitsDone;
        if ((disk.sustained.measured && !disk.sustained.interrupted) || cancelled(cancel)) {
            continue; // resumed, or cancelled
        }
        const PinnedDevice* pin = pinOf(disk.path);
        auto ok = pin ? m_context.gate->verify(*pin, DeviceGate::Use::Create)
                      : Result<VerifiedDevice>(makeError(ErrorCode::deviceChanged, QStringLiteral("not checked")));
        if (!ok) {
            disk.sustained = SustainedWrite();
            disk.sustained.interrupted = true;
            disk.sustained.error = ok.error().message;
            continue;
        }
        IoJob job;
        job.target = pin->node;
        job.verified = *ok;
        job.pattern = IoPattern::Write;
        job.blockSize = spec->blockSize;
        job.queueDepth = spec->queueDepth;
        job.destroyData = true;
        job.flushAfter = true;
        std::optional<SettleWatch> settle = sustainedLimits(job, *spec, m_plan);
        CampaignProgress progress;
        progress.phase = CampaignPhase::Baseline;
        progress.configName = disk.label();
        progress.testName = spec->name;
        if (spec->sustainedBytes) {
            progress.say(QT_TRANSLATE_NOOP("CampaignProgress", "measuring %1 alone: %2, %3 written"),
                         {disk.label(), spec->name, Units::formatBytesBinary(double(spec->sustainedBytes))});
        } else {
            progress.say(QT_TRANSLATE_NOOP("CampaignProgress", "measuring %1 alone: %2, until the rate settles"),
                         {disk.label(), spec->name});
        }
        m_context.campaign->report(progress);
        const IoResult run = runJob(job, progress, cancel, settle ? &*settle : nullptr);
        // A cancelled or failed one keeps what it measured, as any run does, marked so: its steady rate
        // never settled, and a resumed run measures it again. Its error is its own, not the baselines'.
        disk.sustained = SustainedWrite::fromSamples(run.samples);
        disk.sustained.interrupted = run.status != IoStatus::Completed;
        if (run.status == IoStatus::Failed) {
            disk.sustained.error = run.error ? run.error->message : QStringLiteral("the sustained write failed");
        }
        if (auto saved = m_context.campaign->save(); !saved) {
            return;
        }
    }
}

IoJob DiskBaselines::baselineJob(const PinnedDevice& pin, const VerifiedDevice& verified, IoPattern pattern,
                                 std::uint64_t diskBytes) const
{
    IoJob job;
    job.target = pin.node;
    job.verified = verified;
    job.pattern = pattern;
    job.blockSize = 1u << 20;
    job.queueDepth = 8;
    job.timeLimitNs = m_plan.timeLimitNs;
    job.sizeLimit = m_plan.sizeLimit;
    job.rampNs = m_plan.rampNs;
    job.destroyData = true;
    job.flushAfter = true; // the read that follows must not wait for the write's cache
    const RegionRange region = regionRange(m_plan.region, diskBytes);
    job.offset = region.offset;
    job.length = region.length;
    job.zones = region.zones;
    return job;
}

std::optional<SettleWatch> DiskBaselines::baselineSettle() const
{
    // Over a region of several zones the rate is steady only over a whole cycle of them: the plan's time.
    if (!m_plan.settleBaselines || m_plan.region == TestRegion::Spread) {
        return std::nullopt;
    }
    // A second of steady rate after a second at least: a disk's sequential rate, which the model needs.
    constexpr std::uint64_t second = 1'000'000'000ull;
    return SettleWatch(second, second);
}

void DiskBaselines::runAlone(const std::atomic_bool* cancel)
{
    for (DiskResult& disk : m_results.disks) {
        if (disk.writeBw && disk.readBw) {
            m_unitsDone += 2;
            continue; // resumed
        }
        const PinnedDevice* pin = pinOf(disk.path);
        for (const IoPattern pattern : {IoPattern::Write, IoPattern::Read}) {
            if (cancelled(cancel)) {
                return;
            }
            // The gate right before the raw write: the node is still the disk that was confirmed.
            auto ok = pin ? m_context.gate->verify(*pin, DeviceGate::Use::Create)
                          : Result<VerifiedDevice>(makeError(ErrorCode::deviceChanged, QStringLiteral("not checked")));
            if (!ok) {
                disk.baselineError = ok.error().message;
                m_unitsDone += 2;
                break;
            }
            const IoJob job = baselineJob(*pin, *ok, pattern, disk.sizeBytes);
            CampaignProgress progress;
            progress.phase = CampaignPhase::Baseline;
            progress.configName = disk.label();
            progress.testName = QStringLiteral("SEQ1M QD8 %1").arg(patternName(pattern));
            progress.say(QT_TRANSLATE_NOOP("CampaignProgress", "measuring %1 alone: %2"),
                         {disk.label(), progress.testName});
            m_context.campaign->report(progress);
            std::optional<SettleWatch> settle = baselineSettle();
            const IoResult result = runJob(job, progress, cancel, settle ? &*settle : nullptr);
            if (result.status == IoStatus::Completed) {
                (pattern == IoPattern::Write ? disk.writeBw : disk.readBw) = result.bandwidth();
            } else if (result.status == IoStatus::Failed) {
                disk.baselineError = result.error ? result.error->message : QStringLiteral("failed");
            }
            (pattern == IoPattern::Write ? disk.writeRun : disk.readRun) = result;
            ++m_unitsDone;
        }
    }
}

void DiskBaselines::runTogether(const std::atomic_bool* cancel)
{
    if (cancelled(cancel)) {
        return; // the groups would be of the disks measured so far; a resume makes them whole
    }
    // The groups of the disks measured alone; a resumed run keeps the figures of a group it measured
    // already (the same disks), and measures again one that failed.
    QList<DisksTogether> groups = togetherGroups(m_results.disks);
    for (DisksTogether& group : groups) {
        for (const DisksTogether& before : std::as_const(m_results.together)) {
            if (before.scope == group.scope && before.disks == group.disks && before.error.isEmpty()) {
                group.writeBw = before.writeBw;
                group.readBw = before.readBw;
            }
        }
    }
    // The count planned every group of all the disks; a disk whose baseline failed is in none of these.
    m_unitsTotal += 2 * (int(groups.size()) - int(togetherGroups(m_results.disks, false).size()));
    m_results.together = groups;
    for (DisksTogether& group : m_results.together) {
        for (const IoPattern pattern : {IoPattern::Write, IoPattern::Read}) {
            std::optional<double>& measured = pattern == IoPattern::Write ? group.writeBw : group.readBw;
            if (measured || !group.error.isEmpty() || cancelled(cancel)) {
                ++m_unitsDone;
                continue; // resumed, failed or cancelled
            }
            QList<IoJob> jobs = togetherJobs(group, pattern);
            if (!group.error.isEmpty()) {
                ++m_unitsDone;
                continue;
            }
            // Settling, the disks run together for a short time: their summed progress, each job's
            // reported at its own moments, never held within 10 % over a second in the lab.
            if (m_plan.settleBaselines) {
                for (IoJob& job : jobs) {
                    job.timeLimitNs = std::min(job.timeLimitNs, CampaignPlan::settledTogetherNs);
                }
            }
            CampaignProgress progress;
            progress.phase = CampaignPhase::Baseline;
            progress.configName = group.name();
            progress.testName = QStringLiteral("SEQ1M QD8 %1 together").arg(patternName(pattern));
            // A whole sentence per scope and direction, so a translation orders its own words.
            const QString count = QString::number(jobs.size());
            const bool write = pattern == IoPattern::Write;
            if (group.scope == DisksTogether::Scope::Controller) {
                progress.say(write ? QT_TRANSLATE_NOOP("CampaignProgress",
                                                       "measuring controller %1 together: %2 disks at once, write")
                                   : QT_TRANSLATE_NOOP("CampaignProgress",
                                                       "measuring controller %1 together: %2 disks at once, read"),
                             {group.controller, count});
            } else {
                progress.say(
                    write
                        ? QT_TRANSLATE_NOOP("CampaignProgress", "measuring all disks together: %1 disks at once, write")
                        : QT_TRANSLATE_NOOP("CampaignProgress", "measuring all disks together: %1 disks at once, read"),
                    {count});
            }
            m_context.campaign->report(progress);
            // The disks' progress as one (IoTogether::run): their rates summed, and the disk that
            // has stopped answering the longest, if one has.
            const QList<IoResult> runs =
                m_context.campaign->machine().runIoTogether(jobs, cancel, [&](const IoProgress& p) {
                    progress.follow(p, jobs.value(p.stalledJob).target);
                    m_context.campaign->report(progress);
                });
            bool complete = true;
            for (qsizetype i = 0; i < runs.size(); ++i) {
                const IoResult& run = runs.at(i);
                if (run.status == IoStatus::Failed && group.error.isEmpty()) {
                    group.error = QStringLiteral("%1 (%2): %3")
                                      .arg(group.disks.value(i), patternName(pattern),
                                           run.error ? run.error->message : QStringLiteral("failed"));
                }
                complete = complete && run.status == IoStatus::Completed;
            }
            if (complete) {
                measured = overlappedBandwidth(runs);
                if (!measured && group.error.isEmpty()) {
                    group.error =
                        QStringLiteral("the disks did not run at the same time (%1)").arg(patternName(pattern));
                }
            }
            ++m_unitsDone;
        }
        if (auto saved = m_context.campaign->save(); !saved) {
            return;
        }
    }
}

QList<IoJob> DiskBaselines::togetherJobs(DisksTogether& group, IoPattern pattern) const
{
    // The gate right before the raw writes, every disk of the group from one look at the system
    // (DeviceGate::verifyAll), and the check fresh when the writes start: a pass that took longer than
    // two seconds, a quarter of a second a disk for more than eight, eight seconds at most (a disk slow
    // to answer), is made again. Checking reads the disks' sysfs, holders and signatures: 24 disks
    // checked one at a time took more than two seconds on the lab's emulated CPU.
    const qint64 freshMs = std::clamp<qint64>(250 * qint64(group.disks.size()), 2000, 8000);
    QList<DeviceGate::PinUse> pins;
    QList<std::uint64_t> sizes;
    for (const QString& path : std::as_const(group.disks)) {
        const PinnedDevice* pin = pinOf(path);
        const DiskResult* disk = m_results.disk(path);
        if (!pin || !disk) {
            group.error = QStringLiteral("%1: not checked").arg(path);
            return {};
        }
        pins.append({*pin, DeviceGate::Use::Create});
        sizes.append(disk->sizeBytes);
    }
    for (int pass = 0; pass < 2; ++pass) {
        const double started = m_context.campaign->machine().seconds();
        auto verified = m_context.gate->verifyAll(pins);
        if (!verified) {
            group.error = verified.error().message;
            // Which disk it was, checked alone (a failure: the time is no matter).
            for (qsizetype i = 0; i < pins.size(); ++i) {
                if (auto alone = m_context.gate->verify(pins.at(i).pin, DeviceGate::Use::Create); !alone) {
                    group.error = QStringLiteral("%1: %2").arg(group.disks.at(i), alone.error().message);
                    break;
                }
            }
            return {};
        }
        if ((m_context.campaign->machine().seconds() - started) * 1000.0 <= double(freshMs)) {
            QList<IoJob> jobs;
            for (qsizetype i = 0; i < pins.size(); ++i) {
                jobs.append(baselineJob(pins.at(i).pin, verified->at(i), pattern, sizes.at(i)));
            }
            return jobs;
        }
    }
    group.error = QStringLiteral("checking the %1 disks took longer than %2 s twice: not measured together")
                      .arg(group.disks.size())
                      .arg(double(freshMs) / 1000.0);
    return {};
}

void DiskBaselines::runSurfaces(const std::atomic_bool* cancel)
{
    const SurfaceSpec& spec = m_plan.surface;
    for (DiskResult& disk : m_results.disks) {
        const int start = m_unitsDone;
        if (disk.surface.pointsPlanned != int(spec.offsets(disk.sizeBytes).size())) {
            disk.surface = DiskSurface(); // points of another plan's scan lie elsewhere: read this one's
        }
        if (cancelled(cancel) || disk.surface.complete()) {
            m_unitsDone += spec.points;
            continue; // resumed
        }
        const PinnedDevice* pin = pinOf(disk.path);
        CampaignProgress progress;
        progress.phase = CampaignPhase::Baseline;
        progress.configName = disk.label();
        const SurfaceScanner scanner(spec, disk.sizeBytes);
        scanner.scan(
            disk.surface,
            [&](IoJob job) -> Result<IoResult> {
                // Read only, but still the disk that was confirmed: the gate right before each point.
                auto ok = pin
                    ? m_context.gate->verify(*pin, DeviceGate::Use::Create)
                    : Result<VerifiedDevice>(makeError(ErrorCode::deviceChanged, QStringLiteral("not checked")));
                if (!ok) {
                    return ok.error();
                }
                job.target = pin->node;
                job.verified = *ok;
                return runJob(job, progress, cancel);
            },
            [&](int point, int points, std::uint64_t offset) {
                progress.testName = QStringLiteral("surface %1/%2").arg(point + 1).arg(points);
                progress.say(QT_TRANSLATE_NOOP("CampaignProgress",
                                               "reading %1 across its surface: point %2 of %3, at %4 % (%5)"),
                             {disk.label(), QString::number(point + 1), QString::number(points),
                              QString::number(points > 1 ? qRound(100.0 * point / (points - 1)) : 0),
                              Units::formatBytesDecimal(double(offset))});
                m_unitsDone = start + point;
                m_context.campaign->report(progress);
            },
            cancel);
        m_unitsDone = start + spec.points; // the points never read (a failure, a small disk) as well
        if (auto ok = m_context.campaign->save(); !ok) {
            return;
        }
    }
}

} // namespace RaidBench

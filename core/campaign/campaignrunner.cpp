#include "campaign/campaignrunner.h"

#include "campaign/configurationrun.h"
#include "campaign/diskbaselines.h"
#include "campaign/hostinfo.h"
#include "campaign/progresscount.h"
#include "disks/diskscanner.h"
#include "disks/healthprobe.h"
#include "engine/iotogether.h"
#include "layout/arrayanalysis.h"
#include "layout/presets.h"
#include "layout/stripes.h"
#include "results/analysis.h"
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

bool hasParity(const ArraySpec& spec)
{
    if (isParityLevel(spec.level) && !spec.isLeaf()) {
        return true;
    }
    return std::any_of(spec.children.begin(), spec.children.end(),
                       [](const ArraySpec& child) { return hasParity(child); });
}

/// Every parity array of the tree that does not set its own stripe cache gets `stripes`.
void applyStripeCache(ArraySpec& spec, int stripes)
{
    if (isParityLevel(spec.level) && !spec.isLeaf() && spec.stripeCachePages == 0) {
        spec.stripeCachePages = stripes;
    }
    for (ArraySpec& child : spec.children) {
        applyStripeCache(child, stripes);
    }
}

} // namespace

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

CampaignRunner::CampaignRunner(CampaignPlan plan, Options options, Callbacks callbacks)
    : m_plan(std::move(plan))
    , m_options(std::move(options))
    , m_callbacks(std::move(callbacks))
    , m_sink(m_options.resultsPath, m_options.fallbackDirectory, m_options.resultsMode)
{
    if (!m_options.wallClock) {
        m_options.wallClock = [] { return QDateTime::currentDateTimeUtc(); };
    }
    // One monotonic clock for the runner and md's progress (a drill compares times from both): a test
    // that gives one of them gives both.
    if (!m_options.clock) {
        m_options.clock =
            m_options.syncClock ? m_options.syncClock : SyncFollower::Clock([] { return double(monotonicNs()) / 1e9; });
    }
    if (!m_options.syncClock) {
        m_options.syncClock = m_options.clock;
    }
    // Nothing measured is lost: a full disk under the results file sends them elsewhere.
    m_sink.setMovedHandler([this](const Error& why, const QString& fallback) {
        CampaignProgress progress;
        progress.phase = CampaignPhase::Save;
        progress.message = QStringLiteral("%1; the results go to %2 from now on").arg(why.message, fallback);
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
            const Result<Disk> found = inspectDisk(pin.node);
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
    if (m_callbacks.progress) {
        progress.overall = std::min(1.0, double(m_unitsDone) / std::max(1, m_unitsTotal));
        progress.configCount = int(m_results.configs.size());
        m_callbacks.progress(progress);
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
    QList<PresetDisk> presetDisks;
    auto disks = pinDisks(presetDisks);
    if (!disks) {
        return disks.error();
    }
    if (auto same = checkExpectedDisks(*disks); !same) {
        return same;
    }
    auto configs = expandConfigurations(presetDisks);
    if (!configs) {
        return configs.error();
    }
    if (auto ok = startResults(*disks, *configs); !ok) {
        return ok;
    }
    m_results.raidbenchVersion = QStringLiteral(RAIDBENCH_VERSION);
    m_results.plan = m_plan.toJson();
    m_results.assumeCleanReason = assumeCleanReason();
    m_prepared = true;
    return {};
}

Result<QList<DiskResult>> CampaignRunner::pinDisks(QList<PresetDisk>& presetDisks)
{
    QList<DiskResult> disks;
    m_pins.clear();
    for (const QString& path : m_plan.disks) {
        // The gate, once: from here on the campaign runs on the pinned node, never on `path` again.
        auto pin = m_options.executor.gate->pin(path, DeviceGate::Use::Create);
        if (!pin) {
            return Error {pin.error().code, QStringLiteral("disk %1: %2").arg(path, pin.error().message)};
        }
        for (const PinnedDevice& other : std::as_const(m_pins)) {
            if (other.node == pin->node) {
                return makeError(
                    ErrorCode::invalidPlan,
                    QStringLiteral("%1 and %2 are the same disk (%3)").arg(other.requested, path, pin->node));
            }
        }
        m_pins.append(*pin);
        const auto disk = inspectDisk(pin->node);
        DiskResult result;
        result.path = path;
        result.stablePath = pin->stablePath;
        result.name = pin->name;
        result.model = pin->model;
        result.serial = pin->serial;
        result.controller = disk ? disk->controller : QString();
        result.transport = disk ? disk->transport : QString();
        result.sizeBytes = pin->sizeBytes;
        disks.append(result);
        presetDisks.append({path, pin->sizeBytes, result.controller, pin->model});
    }
    return disks;
}

Result<std::optional<DrillResult>> CampaignRunner::plannedDrill(const ConfigSpec& config, const ArraySpec& spec) const
{
    // Only on layouts that survive a failed disk (one that asks for it itself is refused).
    const DrillSpec drill = m_plan.drillFor(config);
    if (!drill.enabled) {
        return std::optional<DrillResult>();
    }
    DrillResult planned;
    planned.spec = drill;
    QString skip;
    if (analyzeSpec(spec).failuresGuaranteed < 1) {
        skip = QStringLiteral("%1 survives no failed disk, so there is nothing to drill").arg(spec.describe());
    } else if (!drill.member.isEmpty() && !spec.leafDevices().contains(drill.member)) {
        skip = QStringLiteral("%1 is not one of its disks").arg(drill.member);
    }
    if (!skip.isEmpty() && config.drill) {
        return makeError(ErrorCode::invalidPlan, QStringLiteral("configuration %1: drill: %2").arg(config.name, skip));
    }
    planned.status = skip.isEmpty() ? RunState::Pending : RunState::Skipped;
    planned.error = skip;
    return std::optional<DrillResult>(planned);
}

Result<QList<ConfigResult>> CampaignRunner::expandConfigurations(const QList<PresetDisk>& presetDisks) const
{
    QList<ConfigResult> configs;
    QList<ConfigSpec> wanted = m_plan.configurations;
    if (m_plan.allConfigurations) {
        wanted.clear();
        for (const QString& name : presetsFor(presetDisks)) {
            wanted.append(ConfigSpec {name, name, {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt});
        }
    }
    // "both" measures a configuration twice: every member's cache on, then off.
    QList<std::pair<ConfigSpec, WriteCacheMode>> expanded;
    for (const ConfigSpec& config : std::as_const(wanted)) {
        const WriteCacheMode mode = config.writeCache.value_or(m_plan.writeCache);
        if (mode == WriteCacheMode::Both) {
            for (const WriteCacheMode state : {WriteCacheMode::On, WriteCacheMode::Off}) {
                ConfigSpec copy = config;
                copy.name = QStringLiteral("%1 (cache %2)").arg(config.name, writeCacheModeName(state));
                expanded.append({copy, state});
            }
        } else {
            expanded.append({config, mode});
        }
    }
    QStringList expandedNames;
    int group = 0;
    for (const auto& [config, cacheMode] : std::as_const(expanded)) {
        ConfigResult result;
        result.name = config.name;
        result.writeCacheMode = cacheMode;
        result.preset = config.preset;
        result.requestedFilesystem = config.filesystem.value_or(m_plan.filesystem);
        if (!config.preset.isEmpty()) {
            auto spec = makePreset(config.preset, presetDisks);
            if (!spec) {
                return Error {spec.error().code,
                              QStringLiteral("configuration %1: %2").arg(config.name, spec.error().message)};
            }
            result.spec = *spec;
        } else {
            result.spec = config.spec;
            for (const QString& device : config.spec.leafDevices()) {
                if (!m_plan.disks.contains(device)) {
                    return makeError(ErrorCode::invalidPlan,
                                     QStringLiteral("configuration %1 uses %2, which is not among the plan's disks")
                                         .arg(config.name, device));
                }
            }
        }
        // md's stripe cache: the plan's (or the configuration's) for every parity array without its own.
        const QList<int> caches = config.stripeCaches.value_or(m_plan.stripeCaches);
        if (config.stripeCaches && !hasParity(result.spec)) {
            return makeError(ErrorCode::invalidPlan,
                             QStringLiteral("configuration %1: stripe_cache: %2 has no RAID4/5/6 array")
                                 .arg(config.name, result.spec.describe()));
        }
        const QList<SpecIssue> issues = validateSpec(result.spec);
        if (hasErrors(issues)) {
            return makeError(ErrorCode::invalidPlan,
                             QStringLiteral("configuration %1: %2").arg(config.name, firstError(issues)));
        }
        for (const SpecIssue& issue : issues) {
            result.warnings.append(issue.message);
        }
        // What runs is what the build makes: chunks left to RaidBench written out.
        result.spec = withResolvedChunks(result.spec);
        auto drill = plannedDrill(config, result.spec);
        if (!drill) {
            return drill.error();
        }
        result.drill = *drill;
        // A sweep: one configuration per stripe cache, all on one array (built once, the cache set
        // before each one's tests); the file tests and the drill run with the first.
        const bool sweep = caches.size() > 1 && hasParity(result.spec);
        for (qsizetype k = 0; k < (sweep ? caches.size() : 1); ++k) {
            ConfigResult entry = result;
            if (!caches.isEmpty() && hasParity(result.spec)) {
                entry.stripeCache = caches.at(k);
                applyStripeCache(entry.spec, entry.stripeCache);
            }
            if (sweep) {
                entry.buildGroup = group;
                const QString suffix = QStringLiteral("stripe cache %1").arg(entry.stripeCache);
                // "raid5 (cache on)" of a write cache measured both ways becomes "raid5 (cache on, stripe cache 256)".
                entry.name = cacheMode != WriteCacheMode::AsIs &&
                        config.name.endsWith(QStringLiteral(" (cache %1)").arg(writeCacheModeName(cacheMode)))
                    ? config.name.left(config.name.size() - 1) + QStringLiteral(", ") + suffix + QLatin1Char(')')
                    : QStringLiteral("%1 (%2)").arg(config.name, suffix);
                if (k > 0) {
                    entry.drill.reset();
                }
            }
            if (expandedNames.contains(entry.name)) {
                return makeError(ErrorCode::invalidPlan,
                                 QStringLiteral("two configurations are called '%1' once write caches and stripe "
                                                "caches are expanded: rename one")
                                     .arg(entry.name));
            }
            expandedNames.append(entry.name);
            configs.append(entry);
        }
        ++group;
    }
    return configs;
}

Result<void> CampaignRunner::startResults(const QList<DiskResult>& disks, const QList<ConfigResult>& configs)
{
    if (m_options.resume && QFileInfo::exists(m_options.resultsPath)) {
        auto previous = CampaignResults::load(m_options.resultsPath);
        if (!previous) {
            return previous.error();
        }
        if (auto ok = checkResume(*previous, disks, configs); !ok) {
            return ok;
        }
        m_results = *previous;
        for (const ConfigResult& config : configs) {
            if (ConfigResult* existing = m_results.config(config.name)) {
                // What runs again is what the plan says, on the disks that were just checked.
                if (existing->status != RunState::Completed) {
                    existing->spec = config.spec;
                    existing->preset = config.preset;
                    existing->drill = config.drill;
                }
                existing->requestedFilesystem = config.requestedFilesystem;
                existing->writeCacheMode = config.writeCacheMode;
                existing->buildGroup = config.buildGroup;
                existing->stripeCache = config.stripeCache;
            } else {
                m_results.configs.append(config);
            }
        }
        for (int i = 0; i < m_results.disks.size(); ++i) {
            DiskResult& disk = m_results.disks[i];
            const DiskResult& now = disks.at(i);
            disk.path = now.path;
            disk.name = now.name;
            disk.stablePath = now.stablePath;
            disk.controller = now.controller;
            disk.transport = now.transport;
        }
    } else {
        m_results = CampaignResults {};
        m_results.created = m_options.wallClock().toUTC().toString(Qt::ISODate);
        m_results.disks = disks;
        m_results.configs = configs;
    }
    return {};
}

Result<void> CampaignRunner::checkExpectedDisks(const QList<DiskResult>& disks) const
{
    if (m_plan.expectedDisks.isEmpty()) {
        return {};
    }
    if (m_plan.expectedDisks.size() != disks.size()) {
        return makeError(ErrorCode::invalidPlan,
                         QStringLiteral("the plan expects %1 disks and lists %2")
                             .arg(m_plan.expectedDisks.size())
                             .arg(disks.size()));
    }
    for (qsizetype i = 0; i < disks.size(); ++i) {
        const ExpectedDisk& was = m_plan.expectedDisks.at(i);
        const DiskResult& now = disks.at(i);
        if (was.serial != now.serial || was.sizeBytes != now.sizeBytes || was.model != now.model) {
            return makeError(ErrorCode::deviceChanged,
                             QStringLiteral("%1 is not the disk measured before (now %2, serial %3; was %4, serial "
                                            "%5): nothing was built")
                                 .arg(now.path, now.model, now.serial, was.model.left(64), was.serial.left(64)));
        }
    }
    return {};
}

Result<void> CampaignRunner::checkResume(const CampaignResults& previous, const QList<DiskResult>& disks,
                                         const QList<ConfigResult>& configs) const
{
    auto mismatch = [&](const QString& why) {
        return makeError(ErrorCode::resumeMismatch,
                         QStringLiteral("cannot resume from %1: %2").arg(m_options.resultsPath, why));
    };
    // The previous results must be of these very disks, in this order: a resume touches only what was
    // checked and confirmed now, whatever the file says.
    if (previous.disks.size() != disks.size()) {
        return mismatch(QStringLiteral("it has %1 disks, the plan %2").arg(previous.disks.size()).arg(disks.size()));
    }
    for (int i = 0; i < disks.size(); ++i) {
        const DiskResult& was = previous.disks.at(i);
        const DiskResult& now = disks.at(i);
        if (was.path != now.path) {
            return mismatch(QStringLiteral("its disk %1 is not the plan's %2").arg(was.path.left(200), now.path));
        }
        if (was.serial != now.serial || was.sizeBytes != now.sizeBytes || was.model != now.model) {
            return mismatch(QStringLiteral("%1 is another disk now (serial %2, was %3)")
                                .arg(now.path, now.serial, was.serial.left(64)));
        }
    }
    QSet<QString> names;
    for (const ConfigResult& config : previous.configs) {
        if (names.contains(config.name)) {
            return mismatch(QStringLiteral("configuration '%1' is in it twice").arg(config.name.left(64)));
        }
        names.insert(config.name);
        const bool planned =
            std::any_of(configs.cbegin(), configs.cend(), [&](const ConfigResult& c) { return c.name == config.name; });
        if (!planned) {
            return mismatch(QStringLiteral("configuration '%1' is not in the plan").arg(config.name.left(64)));
        }
        for (const QString& device : config.spec.leafDevices()) {
            if (!m_plan.disks.contains(device)) {
                return mismatch(QStringLiteral("configuration '%1' uses %2, which is not among the plan's disks")
                                    .arg(config.name.left(64), device.left(200)));
            }
        }
    }
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
    context.syncSleep = m_options.syncSleep;
    context.syncClock = m_options.syncClock;
    context.clock = m_options.clock;
    context.pins = &m_pins;
    context.pinOf = [this](const QString& path) { return pinOf(path); };
    context.report = [this](const CampaignProgress& progress) { report(progress); };
    context.saveAfterTest = [this] { saveAfterTest(); };
    context.commandLogged = m_callbacks.commandLogged;
    context.runJob = [this](const IoJob& job, CampaignProgress progress, const std::atomic_bool* cancel,
                            SettleWatch* settle) { return runJob(job, progress, cancel, settle); };
    context.inspectDisk = [this](const QString& node) { return inspectDisk(node); };
    context.mdDirectory = [this](const QString& device) { return mdDirectory(device); };
    context.readSync = [this](const QString& directory) { return readSync(directory); };
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
    context.pinOf = [this](const QString& path) { return pinOf(path); };
    context.runJob = [this](const IoJob& job, CampaignProgress progress, const std::atomic_bool* cancel,
                            SettleWatch* settle) { return runJob(job, progress, cancel, settle); };
    context.runIoTogether = [this](const QList<IoJob>& jobs, const std::atomic_bool* cancel,
                                   const IoEngine::ProgressCallback& progress) {
        return runIoTogether(jobs, cancel, progress);
    };
    context.report = [this](const CampaignProgress& progress) { report(progress); };
    context.save = [this] { return save(); };
    context.clock = m_options.clock;
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

void CampaignRunner::saveAfterTest()
{
    // A killed run keeps every test it finished, not only the configurations it finished. A failed save
    // has sent the results elsewhere already (save()); the next one tries again.
    if (auto ok = save(); !ok) {
        CampaignProgress progress;
        progress.phase = CampaignPhase::Save;
        progress.message = ok.error().message;
        report(progress);
    }
}

IoResult CampaignRunner::runIo(const IoJob& job, const std::atomic_bool* cancel,
                               const IoEngine::ProgressCallback& progress) const
{
    return m_options.runIo ? m_options.runIo(job, cancel, progress) : IoEngine::run(job, cancel, progress);
}

QList<IoResult> CampaignRunner::runIoTogether(const QList<IoJob>& jobs, const std::atomic_bool* cancel,
                                              const IoEngine::ProgressCallback& progress) const
{
    return m_options.runIoTogether ? m_options.runIoTogether(jobs, cancel, progress)
                                   : IoTogether::run(jobs, cancel, progress);
}

Result<Disk> CampaignRunner::inspectDisk(const QString& node) const
{
    return m_options.inspectDisk ? m_options.inspectDisk(node) : DiskScanner().inspect(node);
}

QString CampaignRunner::mdDirectory(const QString& device) const
{
    return m_options.mdDirectory ? m_options.mdDirectory(device) : mdSysDirectory(device);
}

MdSyncState CampaignRunner::readSync(const QString& mdDirectory) const
{
    return m_options.readSync ? m_options.readSync(mdDirectory) : MdSyncState::read(mdDirectory);
}

Result<void> CampaignRunner::save()
{
    m_results.updated = m_options.wallClock().toUTC().toString(Qt::ISODate);
    analyzeResults(m_results);
    auto saved = m_sink.write(QJsonDocument(m_results.toJson()).toJson(QJsonDocument::Indented));
    if (saved && m_callbacks.saved) {
        m_callbacks.saved(m_results);
    }
    return saved;
}

IoResult CampaignRunner::runJob(const IoJob& job, CampaignProgress progress, const std::atomic_bool* cancel,
                                SettleWatch* settle)
{
    const QString message = progress.message;
    if (!settle) {
        return runIo(job, cancel, [&](const IoProgress& p) {
            progress.follow(p, message, job.target);
            report(progress);
        });
    }
    // The run ends normally once the rate has settled; the user's cancel stays a cancel.
    std::atomic_bool settled = false;
    IoJob settling = job;
    settling.finish = &settled;
    IoResult result = runIo(settling, cancel, [&](const IoProgress& p) {
        progress.follow(p, message, job.target);
        report(progress);
        if (settle->add(p.elapsedNs, p.bytes)) {
            settled = true;
        }
    });
    if (result.status == IoStatus::Completed && settle->settled()) {
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
    done.message = runStateName(m_results.status);
    m_unitsDone = m_unitsTotal;
    report(done);
    return m_results;
}

} // namespace RaidBench

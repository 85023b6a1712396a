#include "campaign/campaignrunner.h"

#include "campaign/analysis.h"
#include "campaign/hostinfo.h"
#include "disks/diskscanner.h"
#include "engine/ioengine.h"
#include "layout/arrayanalysis.h"
#include "layout/presets.h"
#include "system/childprocess.h"
#include "util/errorcodes.h"
#include "util/units.h"
#include "version.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QSet>

#include <unistd.h>

namespace RaidBench {

namespace {

QString now()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
}

bool cancelled(const std::atomic_bool* cancel)
{
    return cancel && cancel->load();
}

} // namespace

CampaignRunner::CampaignRunner(CampaignPlan plan, Options options, Callbacks callbacks)
    : m_plan(std::move(plan))
    , m_options(std::move(options))
    , m_callbacks(std::move(callbacks))
{ }

QString CampaignRunner::assumeCleanReason()
{
    return QStringLiteral(
        "Arrays are created with --assume-clean: the member disks start blank, a benchmark reads "
        "only what it wrote, and md's initial resync would take hours on large disks (1.5 h per array "
        "on four 500 GB disks) while slowing every number measured during it.");
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
    QList<PresetDisk> presetDisks;
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
        const auto disk = DiskScanner().inspect(pin->node);
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
    QList<ConfigResult> configs;
    QList<ConfigSpec> wanted = m_plan.configurations;
    if (m_plan.allConfigurations) {
        wanted.clear();
        for (const QString& name : presetsFor(presetDisks)) {
            wanted.append(ConfigSpec {name, name, {}, std::nullopt});
        }
    }
    for (const ConfigSpec& config : wanted) {
        ConfigResult result;
        result.name = config.name;
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
        const QList<SpecIssue> issues = validateSpec(result.spec);
        if (hasErrors(issues)) {
            return makeError(ErrorCode::invalidPlan,
                             QStringLiteral("configuration %1: %2").arg(config.name, firstError(issues)));
        }
        configs.append(result);
    }
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
                if (existing->status != QLatin1String("completed")) {
                    existing->spec = config.spec;
                    existing->preset = config.preset;
                }
                existing->requestedFilesystem = config.requestedFilesystem;
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
        m_results.created = now();
        m_results.disks = disks;
        m_results.configs = configs;
    }
    m_results.raidbenchVersion = QStringLiteral(RAIDBENCH_VERSION);
    m_results.plan = m_plan.toJson();
    m_results.assumeCleanReason = assumeCleanReason();
    m_prepared = true;
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

QString CampaignRunner::fallbackResultsPath()
{
    // Not a name anyone can guess and take first (a directory there would stop the saving).
    return QStringLiteral("%1/raidbench-results-%2-%3.json")
        .arg(QDir::tempPath(), QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss")))
        .arg(QRandomGenerator::system()->generate(), 8, 16, QLatin1Char('0'));
}

void CampaignRunner::saveAfterTest()
{
    // A killed run keeps every test it finished, not only the configurations it finished. A failed save
    // has sent the results elsewhere already (save()); the next one tries again.
    if (auto ok = save(); !ok) {
        CampaignProgress progress;
        progress.phase = QStringLiteral("save");
        progress.message = ok.error().message;
        report(progress);
    }
}

Result<void> CampaignRunner::save()
{
    m_results.updated = now();
    analyzeResults(m_results);
    if (m_savedTo.isEmpty()) {
        m_savedTo = m_options.resultsPath;
    }
    auto saved = m_results.save(m_savedTo);
    if (!saved && m_savedTo == m_options.resultsPath) {
        // Nothing measured is lost: a full disk under the results file sends them elsewhere, and the
        // campaign goes on (each save writes a new file and renames it: the old one stays whole).
        const QString fallback = fallbackResultsPath();
        CampaignProgress progress;
        progress.phase = QStringLiteral("save");
        progress.message = QStringLiteral("%1; the results go to %2 from now on").arg(saved.error().message, fallback);
        report(progress);
        m_savedTo = fallback;
        saved = m_results.save(m_savedTo);
    }
    if (saved && m_callbacks.saved) {
        m_callbacks.saved(m_results);
    }
    return saved;
}

IoResult CampaignRunner::runJob(const IoJob& job, CampaignProgress progress, const std::atomic_bool* cancel)
{
    return IoEngine::run(job, cancel, [&](const IoProgress& p) {
        progress.fraction = p.fraction;
        progress.liveBwBytes = p.currentBwBytes;
        report(progress);
    });
}

void CampaignRunner::runBaselines(const std::atomic_bool* cancel)
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
            auto ok = pin ? m_options.executor.gate->verify(*pin, DeviceGate::Use::Create)
                          : Result<void>(makeError(ErrorCode::deviceChanged, QStringLiteral("not checked")));
            if (!ok) {
                disk.baselineError = ok.error().message;
                m_unitsDone += 2;
                break;
            }
            IoJob job;
            job.target = pin->node;
            job.pattern = pattern;
            job.blockSize = 1u << 20;
            job.queueDepth = 8;
            job.timeLimitNs = m_plan.timeLimitNs;
            job.sizeLimit = m_plan.sizeLimit;
            job.rampNs = m_plan.rampNs;
            job.destroyData = true;
            CampaignProgress progress;
            progress.phase = QStringLiteral("baseline");
            progress.configName = disk.label();
            progress.testName = QStringLiteral("SEQ1M QD8 %1").arg(patternName(pattern));
            progress.message = QStringLiteral("measuring %1 alone: %2").arg(disk.label(), progress.testName);
            report(progress);
            const IoResult result = runJob(job, progress, cancel);
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

void CampaignRunner::runTest(const QString& device, const TestSpec& spec, TestResult& result, CampaignProgress progress,
                             const std::atomic_bool* cancel, const ResourceMonitor* monitor)
{
    ResourceUse use;
    const QList<std::uint32_t> sizes =
        spec.kind == QLatin1String("sweep") ? spec.sweepSizes : QList<std::uint32_t> {spec.blockSize};
    for (const std::uint32_t size : sizes) {
        QList<IoResult> runs;
        for (int repeat = 1; repeat <= m_plan.repeats; ++repeat) {
            if (cancelled(cancel)) {
                result.status = QStringLiteral("cancelled");
                return;
            }
            IoJob job;
            job.target = device;
            job.pattern = spec.pattern;
            job.readPercent = spec.readPercent;
            job.blockSize = size;
            job.queueDepth = spec.queueDepth;
            job.timeLimitNs = m_plan.timeLimitNs;
            job.sizeLimit = m_plan.sizeLimit;
            job.rampNs = m_plan.rampNs;
            job.destroyData = true;
            progress.repeat = repeat;
            progress.repeats = m_plan.repeats;
            progress.testName = spec.kind == QLatin1String("sweep")
                ? QStringLiteral("%1, bs %2").arg(spec.name, Units::formatSizeCompact(size))
                : spec.name;
            progress.message = QStringLiteral("%1: %2 (%3/%4)")
                                   .arg(progress.configName, progress.testName)
                                   .arg(repeat)
                                   .arg(m_plan.repeats);
            report(progress);
            const ResourceSample before = monitor ? monitor->sample() : ResourceSample();
            const IoResult run = runJob(job, progress, cancel);
            if (monitor && run.status == IoStatus::Completed) {
                monitor->accumulate(before, monitor->sample(), use);
                result.resources = use;
            }
            result.runs.append(run);
            runs.append(run);
            if (run.status == IoStatus::Failed) {
                result.status = QStringLiteral("failed");
                result.error = run.error ? run.error->message : QStringLiteral("failed");
                return;
            }
            if (run.status == IoStatus::Cancelled) {
                result.status = QStringLiteral("cancelled");
                return;
            }
        }
        if (spec.kind == QLatin1String("sweep")) {
            result.sweep.append({size, RunSummary::of(runs)});
        }
    }
    if (spec.kind != QLatin1String("sweep")) {
        result.summary = RunSummary::of(result.runs);
    }
}

std::pair<int, int> CampaignRunner::commandUser() const
{
    if (geteuid() != 0) {
        return {-1, -1}; // we are the user already
    }
    for (const char* variable : {"SUDO_UID", "PKEXEC_UID", "RAIDBENCH_USER_UID"}) {
        bool ok = false;
        const int uid = qEnvironmentVariable(variable).toInt(&ok);
        if (ok && uid > 0) {
            // sudo says the group; pkexec does not: the user's own primary group, never their uid number.
            const int gid = qEnvironmentVariable("SUDO_GID").toInt(&ok);
            return {uid, ok && qstrcmp(variable, "SUDO_UID") == 0 ? gid : primaryGroupOf(uid)};
        }
    }
    return m_plan.commandAsRoot ? std::pair {-1, -1} : std::pair {65534, 65534}; // nobody, never root unasked
}

void CampaignRunner::runFileTests(ConfigResult& config, const BuiltArray& built, CampaignProgress progress,
                                  const std::atomic_bool* cancel)
{
    const FilesystemSpec fs = config.requestedFilesystem.value_or(m_plan.filesystem);
    const auto [uid, gid] = commandUser();
    progress.message = QStringLiteral("%1: making %2 on %3").arg(config.name, fs.type, built.device);
    report(progress);
    auto mounted = makeAndMount(*m_options.runner, fs, built.device, config.spec, built.plan.tag, uid, gid);
    if (!mounted) {
        for (const TestSpec& spec : m_plan.tests) {
            if (spec.isFileTest()) {
                TestResult result;
                result.spec = spec;
                result.status = QStringLiteral("failed");
                result.error = mounted.error().message;
                config.tests.append(result);
            }
        }
        return;
    }
    config.filesystem = mounted->toJson();
    config.filesystem.insert(QStringLiteral("mount_point"), mounted->mountPoint);
    for (const TestSpec& spec : m_plan.tests) {
        if (!spec.isFileTest()) {
            continue;
        }
        if (cancelled(cancel)) {
            break;
        }
        FileTestParams params = spec.file;
        params.directory = mounted->mountPoint;
        if (spec.kind == QLatin1String("command")) {
            params.uid = uid;
            params.gid = gid;
            params.commandDirectory = mounted->userDirectory;
        }
        progress.testName = spec.name;
        progress.message = QStringLiteral("%1: %2 on %3").arg(config.name, spec.name, fs.type);
        report(progress);
        const FileTestResult outcome = runFileTest(params, cancel);
        TestResult result;
        result.spec = spec;
        result.status = outcome.status;
        result.error = outcome.error;
        result.extra = outcome.toJson();
        result.extra.insert(QStringLiteral("filesystem"), fs.type);
        config.tests.append(result);
        m_unitsDone += 1;
        saveAfterTest();
    }
    // Never leave a mounted array behind, whatever happened above.
    if (auto ok = unmountFilesystem(*m_options.runner, *mounted); !ok) {
        config.error = ok.error().message;
    }
}

void CampaignRunner::runConfig(ConfigResult& config, int index, const std::atomic_bool* cancel)
{
    QElapsedTimer timer;
    timer.start();
    config.status = QStringLiteral("running");
    config.error.clear();
    config.tests.clear();
    config.commands.clear();
    CampaignProgress progress;
    progress.phase = QStringLiteral("build");
    progress.configIndex = index;
    progress.configName = config.name;
    progress.message = QStringLiteral("building %1 (%2)").arg(config.name, config.spec.describe());
    report(progress);

    auto pinned = DeviceGate::bindSpec(config.spec, m_pins);
    if (!pinned) {
        config.status = QStringLiteral("failed");
        config.error = pinned.error().message;
        return;
    }
    auto plan = pinnedBuild(*pinned, newBuildTag(), PlanOptions {udevIsRunning()});
    if (!plan) {
        config.status = QStringLiteral("failed");
        config.error = plan.error().message;
        return;
    }
    config.commands = plan->commandLines();
    BuildExecutor executor(*m_options.runner, m_options.executor,
                           {[&](const QString& message, double) {
                                CampaignProgress p = progress;
                                p.message = message;
                                report(p);
                            },
                            m_callbacks.commandLogged});
    auto built = executor.build(*plan, cancel);
    if (!built) {
        config.status =
            built.error().code == ErrorCode::cancelled ? QStringLiteral("cancelled") : QStringLiteral("failed");
        config.error = built.error().message;
        config.seconds = double(timer.elapsed()) / 1000.0;
        return;
    }
    config.device = built->device;
    if (!m_results.host.contains(QStringLiteral("kernel_parity"))) {
        // Printed when the xor and raid6 modules loaded: the first parity array of the boot.
        if (const QJsonObject parity = kernelParitySpeeds(); !parity.isEmpty()) {
            m_results.host.insert(QStringLiteral("kernel_parity"), parity);
        }
    }
    // How busy the member disks and md's threads are while each test runs: which one set the pace.
    QStringList memberNames;
    for (const PinnedDevice& pin : std::as_const(pinned->pins)) {
        memberNames.append(pin.name);
    }
    QStringList mdDevices;
    for (const BuildObject& object : std::as_const(built->objects)) {
        if (object.kind == QLatin1String("md")) {
            mdDevices.append(QFileInfo(object.device).canonicalFilePath().section(QLatin1Char('/'), -1));
        }
    }
    const ResourceMonitor monitor(memberNames, mdDevices);
    progress.phase = QStringLiteral("test");
    bool stop = false;
    for (const TestSpec& spec : m_plan.tests) {
        if (spec.isFileTest()) {
            continue; // after the raw-device tests, on a file system
        }
        TestResult result;
        result.spec = spec;
        runTest(built->device, spec, result, progress, cancel, &monitor);
        config.tests.append(result);
        m_unitsDone += m_plan.repeats;
        saveAfterTest();
        if (result.status == QLatin1String("cancelled")) {
            stop = true;
            break;
        }
    }
    if (!stop && m_plan.hasFileTests() && !cancelled(cancel)) {
        runFileTests(config, *built, progress, cancel);
    }
    progress.phase = QStringLiteral("teardown");
    progress.message = QStringLiteral("tearing down %1").arg(config.name);
    report(progress);
    const TeardownReport teardown = executor.teardown(*built);
    config.seconds = double(timer.elapsed()) / 1000.0;
    bool anyFailed = false;
    for (const TestResult& test : config.tests) {
        anyFailed = anyFailed || test.status == QLatin1String("failed");
    }
    if (cancelled(cancel)) {
        config.status = QStringLiteral("cancelled");
    } else if (!teardown.clean()) {
        config.status = QStringLiteral("failed");
        config.error = QStringLiteral("teardown: %1").arg(teardown.summary());
    } else if (!config.error.isEmpty()) {
        config.status = QStringLiteral("failed"); // e.g. the file system would not unmount
    } else if (anyFailed) {
        config.status = QStringLiteral("failed");
        for (const TestResult& test : config.tests) {
            if (test.status == QLatin1String("failed")) {
                config.error = QStringLiteral("%1: %2").arg(test.spec.name, test.error);
                break;
            }
        }
    } else {
        config.status = QStringLiteral("completed");
    }
}

Result<CampaignResults> CampaignRunner::run(const std::atomic_bool* cancel)
{
    if (!m_prepared) {
        if (auto ok = prepare(); !ok) {
            return ok.error();
        }
    }
    m_results.status = QStringLiteral("running");
    if (m_results.host.isEmpty()) {
        m_results.host = collectHostInfo(*m_options.runner);
    }
    const int testsPerConfig = m_plan.unitsPerConfiguration();
    m_unitsTotal =
        (m_plan.baselines ? 2 * int(m_results.disks.size()) : 0) + int(m_results.configs.size()) * testsPerConfig;
    m_unitsDone = 0;
    if (auto ok = save(); !ok) {
        return ok.error();
    }
    if (m_plan.baselines) {
        runBaselines(cancel);
        if (auto ok = save(); !ok) {
            return ok.error();
        }
    }
    for (int i = 0; i < m_results.configs.size(); ++i) {
        ConfigResult& config = m_results.configs[i];
        if (config.status == QLatin1String("completed")) {
            m_unitsDone += testsPerConfig;
            continue; // --resume
        }
        if (cancelled(cancel)) {
            break;
        }
        runConfig(config, i + 1, cancel);
        if (auto ok = save(); !ok) {
            return ok.error();
        }
    }
    m_results.status = cancelled(cancel) ? QStringLiteral("cancelled") : QStringLiteral("completed");
    if (auto ok = save(); !ok) {
        return ok.error();
    }
    CampaignProgress done;
    done.phase = QStringLiteral("done");
    done.message = m_results.status;
    m_unitsDone = m_unitsTotal;
    report(done);
    return m_results;
}

} // namespace RaidBench

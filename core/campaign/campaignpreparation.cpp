#include "campaign/campaignpreparation.h"

#include "layout/arrayanalysis.h"
#include "layout/stripes.h"
#include "util/errorcodes.h"

#include <QFileInfo>
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

CampaignPreparation::CampaignPreparation(const CampaignPlan& plan, Inputs inputs)
    : m_plan(plan)
    , m_inputs(std::move(inputs))
{ }

Result<CampaignPreparation::Prepared> CampaignPreparation::prepare()
{
    QList<PresetDisk> presetDisks;
    auto disks = pinDisks(presetDisks);
    if (!disks) {
        return disks.error();
    }
    if (auto same = checkExpectedDisks(*disks); !same) {
        return same.error();
    }
    auto configs = expandConfigurations(presetDisks);
    if (!configs) {
        return configs.error();
    }
    auto results = startResults(*disks, *configs);
    if (!results) {
        return results.error();
    }
    return Prepared {m_pins, *results};
}

Result<QList<DiskResult>> CampaignPreparation::pinDisks(QList<PresetDisk>& presetDisks)
{
    QList<DiskResult> disks;
    m_pins.clear();
    for (const QString& path : m_plan.disks) {
        // The gate, once: from here on the campaign runs on the pinned node, never on `path` again.
        auto pin = m_inputs.gate->pin(path, DeviceGate::Use::Create);
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
        const auto disk = m_inputs.system->inspectDisk(pin->node);
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

Result<std::optional<DrillResult>> CampaignPreparation::plannedDrill(const ConfigSpec& config,
                                                                     const ArraySpec& spec) const
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

QList<std::pair<ConfigSpec, WriteCacheMode>>
CampaignPreparation::wantedConfigurations(const QList<PresetDisk>& presetDisks) const
{
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
    return expanded;
}

Result<QList<ConfigResult>> CampaignPreparation::expandConfigurations(const QList<PresetDisk>& presetDisks) const
{
    QList<ConfigResult> configs;
    const QList<std::pair<ConfigSpec, WriteCacheMode>> expanded = wantedConfigurations(presetDisks);
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

Result<CampaignResults> CampaignPreparation::startResults(const QList<DiskResult>& disks,
                                                          const QList<ConfigResult>& configs) const
{
    CampaignResults results;
    if (m_inputs.resume && QFileInfo::exists(m_inputs.resultsPath)) {
        auto previous = CampaignResults::load(m_inputs.resultsPath);
        if (!previous) {
            return previous.error();
        }
        if (auto ok = checkResume(*previous, disks, configs); !ok) {
            return ok.error();
        }
        results = *previous;
        for (const ConfigResult& config : configs) {
            if (ConfigResult* existing = results.config(config.name)) {
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
                results.configs.append(config);
            }
        }
        for (int i = 0; i < results.disks.size(); ++i) {
            DiskResult& disk = results.disks[i];
            const DiskResult& now = disks.at(i);
            disk.path = now.path;
            disk.name = now.name;
            disk.stablePath = now.stablePath;
            disk.controller = now.controller;
            disk.transport = now.transport;
        }
    } else {
        results.created = m_inputs.system->wallClock().toUTC().toString(Qt::ISODate);
        results.disks = disks;
        results.configs = configs;
    }
    return results;
}

Result<void> CampaignPreparation::checkExpectedDisks(const QList<DiskResult>& disks) const
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

Result<void> CampaignPreparation::checkResume(const CampaignResults& previous, const QList<DiskResult>& disks,
                                              const QList<ConfigResult>& configs) const
{
    auto mismatch = [&](const QString& why) {
        return makeError(ErrorCode::resumeMismatch,
                         QStringLiteral("cannot resume from %1: %2").arg(m_inputs.resultsPath, why));
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

} // namespace RaidBench

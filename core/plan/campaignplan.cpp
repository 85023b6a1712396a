#include "plan/campaignplan.h"

#include "plan/planerror.h"
#include "util/errorcodes.h"
#include "util/units.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>

namespace RaidBench {

int CampaignPlan::unitsPerConfiguration() const
{
    int units = 0;
    for (const TestSpec& test : tests) {
        units += test.units(minRuns());
    }
    return std::max(1, units);
}

bool CampaignPlan::hasFileTests() const
{
    return std::any_of(tests.begin(), tests.end(), [](const TestSpec& test) { return test.isFileTest(); });
}

QJsonObject CampaignPlan::toJson() const
{
    QJsonArray configs;
    for (const ConfigSpec& config : configurations) {
        configs.append(config.toJson());
    }
    QJsonArray testArray;
    for (const TestSpec& test : tests) {
        testArray.append(test.toJson());
    }
    QJsonObject limits {{QStringLiteral("time"), QStringLiteral("%1ms").arg(timeLimitNs / 1'000'000)},
                        {QStringLiteral("ramp"), QStringLiteral("%1ms").arg(rampNs / 1'000'000)}};
    if (sizeLimit) {
        limits.insert(QStringLiteral("size"), Units::formatSizeCompact(sizeLimit));
    }
    QJsonObject json {
        {QStringLiteral("raidbench_plan"), version},
        {QStringLiteral("disks"), QJsonArray::fromStringList(disks)},
        {QStringLiteral("baselines"), baselines},
        {QStringLiteral("configurations"), allConfigurations ? QJsonValue(QStringLiteral("all")) : QJsonValue(configs)},
        {QStringLiteral("tests"), testArray},
        {QStringLiteral("repeats"), repeats},
        {QStringLiteral("limits"), limits},
        {QStringLiteral("allow_loop"), allowLoop},
        {QStringLiteral("filesystem"), filesystem.toJson()},
        {QStringLiteral("command_as_root"), commandAsRoot}};
    if (!together) {
        json.insert(QStringLiteral("together"), false); // written only when off: older versions know no such key
    }
    if (settleBaselines) {
        json.insert(QStringLiteral("baselines_settle"), true); // written only when on, as "together"
    }
    if (!patterns) {
        json.insert(QStringLiteral("patterns"), false); // written only when off, as "together"
    }
    if (diskRule) {
        // Resolved: the disks it chose here, and the rule that chose them.
        json.insert(QStringLiteral("disk_rule"), diskRule->toJson());
        if (disks.isEmpty()) {
            json.insert(QStringLiteral("disks"), diskRule->toJson());
        }
    }
    if (drill.enabled) {
        json.insert(QStringLiteral("drill"), drill.toJson());
    }
    if (stable.enabled()) {
        json.insert(QStringLiteral("stable"), stable.toJson());
    }
    if (resync == ResyncPolicy::Label) {
        json.insert(QStringLiteral("resync"), QStringLiteral("label")); // "wait" is the default
    }
    if (writeCache != WriteCacheMode::AsIs) {
        json.insert(QStringLiteral("write_cache"), writeCacheModeName(writeCache));
    }
    if (!stripeCaches.isEmpty()) {
        json.insert(QStringLiteral("stripe_cache"), stripeCachesJson(stripeCaches));
    }
    if (surface.enabled()) {
        json.insert(QStringLiteral("surface"), surface.toJson());
    }
    if (region != TestRegion::Start) {
        json.insert(QStringLiteral("region"), testRegionName(region));
    }
    if (!expectedDisks.isEmpty()) {
        QJsonArray expected;
        for (const ExpectedDisk& disk : expectedDisks) {
            expected.append(disk.toJson());
        }
        json.insert(QStringLiteral("expect_disks"), expected);
    }
    return json;
}

Result<void> CampaignPlan::resolveDisks(const QList<Disk>& scanned)
{
    if (!diskRule || !disks.isEmpty()) {
        return {};
    }
    auto chosen = diskRule->resolve(scanned, allowLoop);
    if (!chosen) {
        return chosen.error();
    }
    disks = *chosen;
    return {};
}

namespace {

/// "disks" (a list of paths) or "disk_rule"/"disks" as a rule.
Result<void> readDisks(const QJsonObject& json, CampaignPlan& plan)
{
    const QJsonValue ruleValue = json.contains(QStringLiteral("disk_rule")) ? json.value(QStringLiteral("disk_rule"))
                                                                            : json.value(QStringLiteral("disks"));
    if (ruleValue.isObject()) {
        auto rule = DiskRule::fromJson(ruleValue.toObject());
        if (!rule) {
            return rule.error();
        }
        plan.diskRule = *rule;
    }
    if (json.contains(QStringLiteral("disk_rule")) && !json.value(QStringLiteral("disk_rule")).isObject()) {
        return planError(QStringLiteral("\"disk_rule\" must be an object, as \"disks\" takes it"));
    }
    if (!json.value(QStringLiteral("disks")).isArray() && !json.value(QStringLiteral("disks")).isObject()) {
        return planError(QStringLiteral("\"disks\" must be a list of device paths, or a rule such as "
                                        "{\"select\": \"usable\", \"count\": 4}"));
    }
    for (const auto& disk : json.value(QStringLiteral("disks")).toArray()) {
        if (!disk.isString() || !disk.toString().startsWith(QLatin1String("/dev/"))) {
            return planError(QStringLiteral("disk '%1' is not a device path under /dev/")
                                 .arg(disk.toVariant().toString().left(200)));
        }
        if (plan.disks.contains(disk.toString())) {
            return planError(QStringLiteral("disk %1 is listed twice").arg(disk.toString()));
        }
        plan.disks.append(disk.toString());
    }
    if (plan.disks.isEmpty() && !plan.diskRule) {
        return planError(QStringLiteral("the plan lists no disks"));
    }
    return {};
}

/// "region", "surface" and "expect_disks".
Result<void> readRegionSurfaceAndExpected(const QJsonObject& json, CampaignPlan& plan)
{
    if (json.contains(QStringLiteral("region"))) {
        auto region = parseTestRegion(json.value(QStringLiteral("region")));
        if (!region) {
            return region.error();
        }
        plan.region = *region;
    }
    if (json.contains(QStringLiteral("surface"))) {
        auto surface = SurfaceSpec::fromJson(json.value(QStringLiteral("surface")));
        if (!surface) {
            return surface.error();
        }
        plan.surface = *surface;
    }
    if (json.contains(QStringLiteral("expect_disks"))) {
        const QJsonValue expected = json.value(QStringLiteral("expect_disks"));
        if (!expected.isArray() || plan.disks.isEmpty() || expected.toArray().size() != plan.disks.size()) {
            return planError(QStringLiteral("\"expect_disks\" needs a list of disks and one entry for each of them"));
        }
        for (qsizetype i = 0; i < plan.disks.size(); ++i) {
            auto disk = ExpectedDisk::fromJson(expected.toArray().at(i));
            if (!disk) {
                return disk.error();
            }
            if (disk->path != plan.disks.at(i)) {
                return planError(QStringLiteral("\"expect_disks\" entry %1 is %2, the plan's disk %1 is %3")
                                     .arg(i + 1)
                                     .arg(disk->path.left(200), plan.disks.at(i)));
            }
            plan.expectedDisks.append(*disk);
        }
    }
    return {};
}

/// "configurations": "all" (the default) or a list.
Result<void> readConfigurations(const QJsonObject& json, CampaignPlan& plan)
{
    const QJsonValue configs = json.value(QStringLiteral("configurations"));
    if (configs.isString() && configs.toString() == QLatin1String("all")) {
        plan.allConfigurations = true;
    } else if (configs.isArray()) {
        QStringList names;
        for (const auto& value : configs.toArray()) {
            auto config = ConfigSpec::fromJson(value);
            if (!config) {
                return config.error();
            }
            if (names.contains(config->name)) {
                return planError(QStringLiteral("two configurations are called '%1'").arg(config->name));
            }
            names.append(config->name);
            plan.configurations.append(*config);
        }
        if (plan.configurations.isEmpty() && !plan.baselines && !plan.surface.enabled()) {
            return planError(
                QStringLiteral("the plan has nothing to do: no configurations, no baselines and no surface scan"));
        }
    } else if (!configs.isUndefined()) {
        return planError(QStringLiteral("\"configurations\" is \"all\" or a list"));
    } else {
        plan.allConfigurations = true;
    }
    return {};
}

/// "limits" and the run's options: file system, drill, stable, write and stripe caches, resync.
Result<void> readLimitsAndOptions(const QJsonObject& json, CampaignPlan& plan)
{
    const QJsonObject limits = json.value(QStringLiteral("limits")).toObject();
    if (limits.contains(QStringLiteral("size"))) {
        auto size = Units::parseSize(limits.value(QStringLiteral("size")).toVariant().toString());
        if (!size) {
            return size.error();
        }
        plan.sizeLimit = *size;
    }
    if (limits.contains(QStringLiteral("time"))) {
        auto time = Units::parseDuration(limits.value(QStringLiteral("time")).toVariant().toString());
        if (!time) {
            return time.error();
        }
        plan.timeLimitNs = *time;
    }
    if (limits.contains(QStringLiteral("ramp"))) {
        auto ramp = Units::parseDuration(limits.value(QStringLiteral("ramp")).toVariant().toString());
        if (!ramp) {
            return ramp.error();
        }
        plan.rampNs = *ramp;
    }
    if (json.contains(QStringLiteral("filesystem"))) {
        auto fs = FilesystemSpec::fromJson(json.value(QStringLiteral("filesystem")));
        if (!fs) {
            return fs.error();
        }
        plan.filesystem = *fs;
    }
    plan.commandAsRoot = json.value(QStringLiteral("command_as_root")).toBool(false);
    if (json.contains(QStringLiteral("drill"))) {
        auto drill = DrillSpec::fromJson(json.value(QStringLiteral("drill")));
        if (!drill) {
            return drill.error();
        }
        plan.drill = *drill;
    }
    if (json.contains(QStringLiteral("stable"))) {
        auto stable = StableSpec::fromJson(json.value(QStringLiteral("stable")));
        if (!stable) {
            return stable.error();
        }
        plan.stable = *stable;
    }
    if (json.contains(QStringLiteral("write_cache"))) {
        auto mode = parseWriteCacheMode(json.value(QStringLiteral("write_cache")));
        if (!mode) {
            return mode.error();
        }
        plan.writeCache = *mode;
    }
    if (json.contains(QStringLiteral("stripe_cache"))) {
        auto caches = parseStripeCaches(json.value(QStringLiteral("stripe_cache")));
        if (!caches) {
            return caches.error();
        }
        plan.stripeCaches = *caches;
    }
    const QJsonValue resync = json.value(QStringLiteral("resync"));
    if (resync == QJsonValue(QStringLiteral("label"))) {
        plan.resync = ResyncPolicy::Label;
    } else if (!resync.isUndefined() && resync != QJsonValue(QStringLiteral("wait"))) {
        return planError(QStringLiteral("\"resync\" is \"wait\" (for an array's resync to finish before each test) "
                                        "or \"label\" (measure during it and mark the result)"));
    }
    return {};
}

/// A drill's foreground test is one RaidBench knows, and its member one of the plan's disks.
Result<void> checkDrills(const CampaignPlan& plan)
{
    QList<DrillSpec> drills {plan.drill};
    for (const ConfigSpec& config : std::as_const(plan.configurations)) {
        if (config.drill) {
            drills.append(*config.drill);
        }
    }
    for (const DrillSpec& drill : std::as_const(drills)) {
        if (!drill.underLoad.isEmpty()) {
            auto test = TestSpec::standard(drill.underLoad);
            if (!test) {
                return planError(QStringLiteral("drill: under_load: %1").arg(test.error().message));
            }
            if (test->kind != TestKind::Io || test->sustained) {
                return planError(QStringLiteral("drill: under_load is one I/O test (e.g. rnd4k-qd32-read), not the "
                                                "sweep, file test or sustained write '%1'")
                                     .arg(drill.underLoad));
            }
        }
        if (!drill.member.isEmpty() && !plan.disks.isEmpty() && !plan.disks.contains(drill.member)) {
            return planError(
                QStringLiteral("drill: member %1 is not among the plan's disks").arg(drill.member.left(200)));
        }
    }
    return {};
}

} // namespace

Result<CampaignPlan> CampaignPlan::fromJson(const QJsonObject& json)
{
    static const QStringList known {
        QStringLiteral("raidbench_plan"),   QStringLiteral("disks"),           QStringLiteral("baselines"),
        QStringLiteral("configurations"),   QStringLiteral("tests"),           QStringLiteral("repeats"),
        QStringLiteral("limits"),           QStringLiteral("allow_loop"),      QStringLiteral("comment"),
        QStringLiteral("filesystem"),       QStringLiteral("command_as_root"), QStringLiteral("drill"),
        QStringLiteral("stable"),           QStringLiteral("resync"),          QStringLiteral("write_cache"),
        QStringLiteral("disk_rule"),        QStringLiteral("stripe_cache"),    QStringLiteral("surface"),
        QStringLiteral("region"),           QStringLiteral("together"),        QStringLiteral("expect_disks"),
        QStringLiteral("baselines_settle"), QStringLiteral("patterns")};
    for (const QString& key : json.keys()) {
        if (!known.contains(key)) {
            return planError(QStringLiteral("unknown field '%1' in the plan").arg(key.left(64)));
        }
    }
    if (!json.value(QStringLiteral("raidbench_plan")).isDouble()) {
        return planError(QStringLiteral("not a RaidBench plan (no \"raidbench_plan\": 1)"));
    }
    const int fileVersion = json.value(QStringLiteral("raidbench_plan")).toInt();
    if (fileVersion > version) {
        return makeError(ErrorCode::futureVersion,
                         QStringLiteral("this plan is version %1; this RaidBench reads up to version %2 (upgrade it)")
                             .arg(fileVersion)
                             .arg(version));
    }
    if (fileVersion < 1) {
        return planError(QStringLiteral("plan version %1 is not valid").arg(fileVersion));
    }
    CampaignPlan plan;
    if (auto ok = readDisks(json, plan); !ok) {
        return ok.error();
    }
    plan.baselines = json.value(QStringLiteral("baselines")).toBool(true);
    if (json.contains(QStringLiteral("together"))) {
        if (!json.value(QStringLiteral("together")).isBool()) {
            return planError(QStringLiteral("\"together\" must be true or false"));
        }
        plan.together = json.value(QStringLiteral("together")).toBool();
    }
    if (json.contains(QStringLiteral("baselines_settle"))) {
        if (!json.value(QStringLiteral("baselines_settle")).isBool()) {
            return planError(QStringLiteral("\"baselines_settle\" must be true or false"));
        }
        plan.settleBaselines = json.value(QStringLiteral("baselines_settle")).toBool();
    }
    if (json.contains(QStringLiteral("patterns"))) {
        if (!json.value(QStringLiteral("patterns")).isBool()) {
            return planError(QStringLiteral("\"patterns\" must be true or false"));
        }
        plan.patterns = json.value(QStringLiteral("patterns")).toBool();
    }
    if (auto ok = readRegionSurfaceAndExpected(json, plan); !ok) {
        return ok.error();
    }
    plan.allowLoop = json.value(QStringLiteral("allow_loop")).toBool(false);
    if (auto ok = readConfigurations(json, plan); !ok) {
        return ok.error();
    }
    if (json.contains(QStringLiteral("tests"))) {
        if (!json.value(QStringLiteral("tests")).isArray()) {
            return planError(QStringLiteral("\"tests\" must be a list"));
        }
        for (const auto& value : json.value(QStringLiteral("tests")).toArray()) {
            auto test = TestSpec::fromJson(value);
            if (!test) {
                return test.error();
            }
            plan.tests.append(*test);
        }
    } else {
        plan.tests = TestSpec::defaults();
    }
    const QJsonValue repeats = json.value(QStringLiteral("repeats"));
    plan.repeats = repeats.isUndefined() ? 1 : repeats.toInt(0);
    if (plan.repeats < 1 || plan.repeats > 100) {
        return planError(QStringLiteral("repeats must be 1 to 100"));
    }
    if (auto ok = readLimitsAndOptions(json, plan); !ok) {
        return ok.error();
    }
    if (plan.stable.enabled() && plan.repeats > plan.stable.maxRepeats) {
        return planError(QStringLiteral("repeats %1 is more than stable's max_repeats %2: raise max_repeats or lower "
                                        "repeats")
                             .arg(plan.repeats)
                             .arg(plan.stable.maxRepeats));
    }
    if (plan.sizeLimit == 0 && plan.timeLimitNs == 0) {
        return planError(QStringLiteral("give each test a limit: limits.size or limits.time"));
    }
    if (auto ok = checkDrills(plan); !ok) {
        return ok.error();
    }
    return plan;
}

Result<CampaignPlan> CampaignPlan::load(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return makeError(ErrorCode::invalidPlan, QStringLiteral("cannot read %1: %2").arg(path, file.errorString()));
    }
    QJsonParseError error {};
    const QJsonDocument document = QJsonDocument::fromJson(file.read(4 << 20), &error);
    if (error.error != QJsonParseError::NoError || !document.isObject()) {
        return makeError(ErrorCode::invalidPlan,
                         QStringLiteral("%1 is not a JSON plan: %2").arg(path, error.errorString()));
    }
    return fromJson(document.object());
}

} // namespace RaidBench

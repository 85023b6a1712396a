#include "arrays/buildplan.h"

#include "arrays/mdassemblyguard.h"
#include "layout/arrayanalysis.h"
#include "layout/stripes.h"
#include "util/errorcodes.h"
#include "util/units.h"

#include <QFile>
#include <QJsonArray>
#include <QRandomGenerator>
#include <QRegularExpression>

namespace RaidBench {

namespace {

struct Planner
{
    QString tag;
    PlanOptions options;
    BuildPlan plan;
    int mdIndex = 0;
    int vgIndex = 0;

    QString lvm() const { return lvmConfig(options.udevRunning); }

    QString build(const ArraySpec& node)
    {
        if (node.isLeaf()) {
            plan.destroys.append(node.device);
            plan.steps.append(
                {{QT_TRANSLATE_NOOP("CampaignProgress", "wipe old signatures from %1"), {node.device}},
                 {QStringLiteral("wipefs"), QStringLiteral("--all"), QStringLiteral("--quiet"), node.device},
                 std::nullopt,
                 QString(),
                 QString(),
                 {}});
            plan.finalWipes.append(
                {QStringLiteral("wipefs"), QStringLiteral("--all"), QStringLiteral("--quiet"), node.device});
            return node.device;
        }
        QStringList members;
        for (const ArraySpec& child : node.children) {
            members.append(build(child));
        }
        if (node.level == ArrayLevel::LvmStripe) {
            return buildLvm(node, members);
        }
        return buildMd(node, members);
    }

    QString buildMd(const ArraySpec& node, const QStringList& members)
    {
        const QString name = QStringLiteral("raidbench-%1-%2").arg(tag).arg(mdIndex++);
        const QString device = QStringLiteral("/dev/md/") + name;
        const int spares = node.spares;
        // Its UUID is ours, chosen now: md is told to ignore any other device carrying it before the array
        // exists (MdAssemblyGuard).
        const QString uuid = MdAssemblyGuard::newUuid();
        QStringList argv {QStringLiteral("mdadm"),
                          QStringLiteral("--create"),
                          device,
                          QStringLiteral("--run"),
                          QStringLiteral("--name=") + name,
                          QStringLiteral("--uuid=") + uuid,
                          QStringLiteral("--level=") + levelName(node.level),
                          QStringLiteral("--raid-devices=%1").arg(members.size() - spares)};
        if (spares) {
            argv << QStringLiteral("--spare-devices=%1").arg(spares);
        }
        if (node.chunkBytes) {
            argv << QStringLiteral("--chunk=%1K").arg(node.chunkBytes / 1024);
        }
        if (!node.layout.isEmpty()) {
            argv << QStringLiteral("--layout=") + node.layout;
        }
        argv << QStringLiteral("--metadata=") + node.metadata;
        if (node.level != ArrayLevel::Raid0 && node.level != ArrayLevel::Linear) {
            argv << QStringLiteral("--bitmap=") + bitmapName(node.bitmap);
            if (node.assumeClean) {
                argv << QStringLiteral("--assume-clean");
            }
        }
        argv += members;
        BuildObject object {QStringLiteral("md"), name, device, members, {}, uuid};
        object.undo.append({QStringLiteral("mdadm"), QStringLiteral("--stop"), device});
        for (const QString& member : members) {
            object.undo.append({QStringLiteral("mdadm"), QStringLiteral("--zero-superblock"), member});
        }
        const bool resyncs = !node.assumeClean && node.level != ArrayLevel::Raid0 && node.level != ArrayLevel::Linear;
        plan.steps.append({{QT_TRANSLATE_NOOP("CampaignProgress", "create %1 %2 from %3"),
                            {levelName(node.level), name, members.join(QStringLiteral(", "))}},
                           argv,
                           object,
                           device,
                           resyncs ? device : QString(),
                           {}});
        if (isParityLevel(node.level) && node.stripeCachePages > 0) {
            // md starts every parity array with 256 stripes; a plan that asks for more (or fewer) sets it.
            const QString pages = QString::number(node.stripeCachePages);
            BuildStep tune;
            tune.description = {QT_TRANSLATE_NOOP("CampaignProgress", "set the stripe cache of %1 to %2 pages"),
                                {name, pages}};
            tune.mdAttribute = {device, QStringLiteral("md/stripe_cache_size"), pages};
            plan.steps.append(tune);
        }
        return device;
    }

    /// An lvm command that sees only `devices` (the volume group's own physical volumes): LVM never acts
    /// on a disk that merely claims to belong to a volume group of that name.
    QStringList lvmCommand(const QString& command, const QStringList& devices, const QStringList& arguments) const
    {
        QStringList argv {QStringLiteral("lvm"), command, QStringLiteral("--config"), lvm()};
        for (const QString& device : devices) {
            argv << QStringLiteral("--devices") << device;
        }
        return argv + arguments;
    }

    QString buildLvm(const ArraySpec& node, const QStringList& members)
    {
        const QString vg = vgIndex == 0 ? QStringLiteral("raidbench_%1").arg(tag)
                                        : QStringLiteral("raidbench_%1_%2").arg(tag).arg(vgIndex);
        ++vgIndex;
        const QString lv = vg + QStringLiteral("/bench");
        const QString device = QStringLiteral("/dev/") + lv;
        for (const QString& member : members) {
            BuildObject pv {QStringLiteral("pv"), member, member, {}, {}, {}};
            pv.undo.append(lvmCommand(QStringLiteral("pvremove"), {member},
                                      {QStringLiteral("-y"), QStringLiteral("-ff"), member}));
            plan.steps.append({{QT_TRANSLATE_NOOP("CampaignProgress", "make %1 an LVM physical volume"), {member}},
                               lvmCommand(QStringLiteral("pvcreate"), {member},
                                          {QStringLiteral("-y"), QStringLiteral("-ff"), member}),
                               pv,
                               QString(),
                               QString(),
                               {}});
        }
        BuildObject group {QStringLiteral("vg"), vg, QString(), members, {}, {}};
        group.undo.append(lvmCommand(QStringLiteral("vgremove"), members, {QStringLiteral("-f"), vg}));
        plan.steps.append({{QT_TRANSLATE_NOOP("CampaignProgress", "create volume group %1"), {vg}},
                           lvmCommand(QStringLiteral("vgcreate"), members, QStringList {vg} + members),
                           group,
                           QString(),
                           QString(),
                           {}});
        const std::uint64_t stripe = effectiveStripeSize(node);
        BuildObject volume {QStringLiteral("lv"), lv, device, {vg}, {}, {}};
        volume.undo.append(lvmCommand(QStringLiteral("lvremove"), members, {QStringLiteral("-f"), lv}));
        QStringList lvcreate {QStringLiteral("-y"), QStringLiteral("--wipesignatures"), QStringLiteral("y")};
        if (members.size() > 1) {
            lvcreate << QStringLiteral("--type") << QStringLiteral("striped") << QStringLiteral("-i")
                     << QString::number(members.size()) << QStringLiteral("-I")
                     << QStringLiteral("%1k").arg(stripe / 1024);
        }
        lvcreate << QStringLiteral("-l") << QStringLiteral("100%FREE") << QStringLiteral("-n")
                 << QStringLiteral("bench") << vg;
        plan.steps.append({{QT_TRANSLATE_NOOP("CampaignProgress", "create striped volume %1 over %2 devices"),
                            {lv, QString::number(members.size())}},
                           lvmCommand(QStringLiteral("lvcreate"), members, lvcreate),
                           volume,
                           device,
                           QString(),
                           {}});
        return device;
    }
};

} // namespace

QJsonObject BuildObject::toJson() const
{
    QJsonArray undoArray;
    for (const QStringList& argv : undo) {
        undoArray.append(QJsonArray::fromStringList(argv));
    }
    return QJsonObject {
        {QStringLiteral("kind"), kind},      {QStringLiteral("name"), name},
        {QStringLiteral("device"), device},  {QStringLiteral("members"), QJsonArray::fromStringList(members)},
        {QStringLiteral("undo"), undoArray}, {QStringLiteral("uuid"), uuid}};
}

BuildObject BuildObject::fromJson(const QJsonObject& json)
{
    BuildObject object;
    object.kind = json.value(QStringLiteral("kind")).toString();
    object.name = json.value(QStringLiteral("name")).toString();
    object.device = json.value(QStringLiteral("device")).toString();
    object.uuid = json.value(QStringLiteral("uuid")).toString();
    for (const auto& member : json.value(QStringLiteral("members")).toArray()) {
        object.members.append(member.toString());
    }
    for (const auto& argv : json.value(QStringLiteral("undo")).toArray()) {
        QStringList list;
        for (const auto& arg : argv.toArray()) {
            list.append(arg.toString());
        }
        object.undo.append(list);
    }
    return object;
}

QList<QStringList> BuildPlan::teardownCommands() const
{
    QList<QStringList> commands;
    for (auto it = steps.crbegin(); it != steps.crend(); ++it) {
        if (it->creates) {
            commands += it->creates->undo;
        }
    }
    commands += finalWipes;
    return commands;
}

QStringList BuildPlan::mdUuids() const
{
    QStringList uuids;
    for (const BuildStep& step : steps) {
        if (step.creates && step.creates->kind == QLatin1String("md") && !step.creates->uuid.isEmpty()) {
            uuids.append(step.creates->uuid);
        }
    }
    return uuids;
}

QString shellQuote(const QString& argument)
{
    static const QRegularExpression safe(QStringLiteral("^[A-Za-z0-9_@%+=:,./-]+$"));
    if (!argument.isEmpty() && safe.match(argument).hasMatch()) {
        return argument;
    }
    QString quoted = argument;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

QStringList BuildPlan::commandLines() const
{
    QStringList lines;
    for (const BuildStep& step : steps) {
        if (!step.mdAttribute.isEmpty()) {
            lines.append(QStringLiteral("echo %1 > /sys/block/$(basename $(readlink -f %2))/%3")
                             .arg(step.mdAttribute.value(2), step.mdAttribute.value(0), step.mdAttribute.value(1)));
            continue;
        }
        QStringList quoted;
        for (const QString& arg : step.argv) {
            quoted.append(shellQuote(arg));
        }
        lines.append(quoted.join(QLatin1Char(' ')));
    }
    return lines;
}

bool udevIsRunning()
{
    return QFile::exists(QStringLiteral("/run/udev/control"));
}

QString newBuildTag()
{
    // Eight hex digits: tags are made here, never by a client, and must not collide across sessions.
    return QString::number(QRandomGenerator::system()->bounded(0x10000000u, 0xffffffffu), 16);
}

QString lvmConfig(bool udevRunning)
{
    // Temporary volumes need no metadata backups (and /etc may be read-only, as in the lab).
    QString config = QStringLiteral("backup{backup=0 archive=0} devices{use_devicesfile=0}");
    if (!udevRunning) {
        config += QStringLiteral(" activation{udev_sync=0 udev_rules=0} devices{obtain_device_list_from_udev=0}");
    }
    return config;
}

Result<BuildPlan> planBuild(const ArraySpec& spec, const QString& tag, const PlanOptions& options)
{
    static const QRegularExpression tagRe(QStringLiteral("^[a-z0-9]{1,12}$"));
    if (!tagRe.match(tag).hasMatch()) {
        return makeError(ErrorCode::badTag,
                         QStringLiteral("tag '%1' must be 1 to 12 lowercase letters or digits").arg(tag.left(32)));
    }
    const QList<SpecIssue> issues = validateSpec(spec);
    if (hasErrors(issues)) {
        return makeError(ErrorCode::invalidSpec, firstError(issues));
    }
    Planner planner {tag, options, {}, 0, 0};
    planner.plan.tag = tag;
    // Chunks and stripe sizes left to RaidBench (a RAID0 or LVM over parity legs) are written out.
    planner.plan.spec = withResolvedChunks(spec);
    planner.plan.topDevice = planner.build(planner.plan.spec);
    return planner.plan;
}

} // namespace RaidBench

namespace RaidBench {

Result<BuildPlan> pinnedBuild(const PinnedSpec& pinned, const QString& tag, const PlanOptions& options)
{
    auto plan = planBuild(pinned.spec, tag, options);
    if (!plan) {
        return plan;
    }
    plan->pins = pinned.pins;
    for (PinnedDevice& pin : plan->pins) {
        pin.tag = tag; // which RaidBench signatures on it will be this build's own
        // An LVM label is its own only on the disks it makes physical volumes of.
        pin.lvmPv = std::any_of(plan->steps.cbegin(), plan->steps.cend(), [&pin](const BuildStep& step) {
            return step.creates && step.creates->kind == QLatin1String("pv") && step.creates->device == pin.node;
        });
    }
    return plan;
}

} // namespace RaidBench

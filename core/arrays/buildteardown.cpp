#include "arrays/buildexecutor.h"
#include "arrays/buildexecutor_p.h"
#include "arrays/lvmreport.h"
#include "arrays/mdstat.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QRegularExpression>
#include <QSet>

namespace RaidBench {

// Removing what a build made: a teardown, and the recovery of what ended runs left behind.

namespace {
constexpr int removeTimeoutMs = 120'000;

/// The tag in raidbench-TAG-N (md) or raidbench_TAG[_N] (volume group).
QString tagOfName(const QString& name)
{
    if (name.startsWith(QLatin1String("raidbench-"))) {
        return name.section(QLatin1Char('-'), 1, 1);
    }
    if (name.startsWith(QLatin1String("raidbench_"))) {
        return name.section(QLatin1Char('_'), 1, 1);
    }
    return {};
}
} // namespace

TeardownReport BuildExecutor::removeObjects(const QList<BuildObject>& objects, const QList<QStringList>& finalWipes,
                                            const QList<PinnedDevice>& pins)
{
    TeardownReport report;
    const QStringList own = objectDevices(objects);
    auto run = [&](const QString& description, const QStringList& argv) {
        if (auto ok = guard(argv, pins, own, nullptr); !ok) {
            report.skipped.append(
                QStringLiteral("%1 not run: %2").arg(argv.mid(0, 2).join(QLatin1Char(' ')), ok.error().message));
            return false;
        }
        const CommandResult result = runLogged(description, argv, removeTimeoutMs, nullptr);
        if (!result.ok()) {
            report.problems.append(
                QStringLiteral("%1: %2").arg(argv.mid(0, 2).join(QLatin1Char(' ')), result.summary()));
        }
        return result.ok();
    };
    for (auto it = objects.crbegin(); it != objects.crend(); ++it) {
        bool ok = true;
        for (const QStringList& argv : it->undo) {
            ok = run(QStringLiteral("remove %1 %2").arg(it->kind, it->name), argv) && ok;
        }
        if (ok) {
            report.removed.append(it->name);
        }
    }
    for (const QStringList& argv : finalWipes) {
        run(QStringLiteral("wipe %1").arg(argv.last()), argv);
    }
    return report;
}

TeardownReport BuildExecutor::teardown(const BuiltArray& array)
{
    report(QStringLiteral("tearing down %1").arg(array.device), 0);
    TeardownReport result = restoreWriteCaches(array);
    result.merge(removeObjects(array.objects, array.plan.finalWipes, array.plan.pins));
    if (result.clean()) {
        BuildJournal(m_options.journalDirectory, array.plan.tag).finish();
    }
    return result;
}

BuiltArray BuildExecutor::relocated(const JournalRecord& record, QStringList* notes) const
{
    BuiltArray array = BuiltArray::fromJournal(record);
    if (!m_options.gate) {
        return array;
    }
    QHash<QString, QString> moved;
    for (PinnedDevice& pin : array.plan.pins) {
        auto now = m_options.gate->relocate(pin);
        if (!now) {
            if (notes) {
                notes->append(now.error().message);
            }
            continue; // commands naming it fail the gate and are skipped
        }
        now->tag = pin.tag; // the build it belongs to: which signatures on it are its own
        if (now->node != pin.node) {
            if (notes) {
                notes->append(QStringLiteral("%1 is %2 now").arg(pin.describe(), now->node));
            }
            moved.insert(pin.node, now->node);
            pin = *now;
        }
    }
    if (moved.isEmpty()) {
        return array;
    }
    auto rewrite = [&](QStringList& argv) {
        for (QString& arg : argv) {
            arg = moved.value(arg, arg);
        }
    };
    for (BuildObject& object : array.objects) {
        for (QStringList& argv : object.undo) {
            rewrite(argv);
        }
        rewrite(object.members);
        object.device = moved.value(object.device, object.device);
    }
    for (QStringList& argv : array.plan.finalWipes) {
        rewrite(argv);
    }
    for (WriteCacheChange& change : array.writeCaches) {
        change.device = moved.value(change.device, change.device);
    }
    rewrite(array.plan.destroys);
    return array;
}

bool RecoverScope::allows(const JournalRecord& record) const
{
    if (record.owner.isAlive()) {
        return false; // a running RaidBench's arrays: never ours to remove
    }
    if (record.owner.program == QLatin1String("cli-array") && record.built && !includeKept) {
        return false; // built to stay: removed by its tag only (an interrupted build is a leftover)
    }
    if (root) {
        return true;
    }
    return record.owner.program == QLatin1String("helper") && clientUid >= 0 && record.owner.clientUid == clientUid;
}

TeardownReport BuildExecutor::recoverLeftovers(const RecoverScope& scope)
{
    TeardownReport total;
    const QList<JournalRecord> records = BuildJournal::readAll(m_options.journalDirectory);
    QSet<QString> protectedTags; // what this caller may not touch, journaled or not
    for (const JournalRecord& record : records) {
        if (!scope.allows(record)) {
            protectedTags.insert(record.tag);
        }
    }
    // 0. File systems the ended runs left mounted: nothing below can go while they stay.
    if (scope.root) {
        total.merge(unmountLeftovers(protectedTags));
    }
    // 1. What the journals of ended runs say, in reverse creation order. Commands for objects that are
    //    already gone fail harmlessly; they are not counted as problems.
    for (const JournalRecord& record : records) {
        if (protectedTags.contains(record.tag)) {
            continue;
        }
        QStringList notes;
        const BuiltArray array = relocated(record, &notes);
        // Write caches first: the only change a run makes that outlives its arrays. One that could not
        // be set back keeps the journal, for a later recover.
        TeardownReport caches = restoreWriteCaches(array);
        caches.skipped += caches.problems;
        caches.problems.clear();
        TeardownReport part = removeObjects(array.objects, array.plan.finalWipes, array.plan.pins);
        part.problems.clear();
        part.merge(caches);
        if (part.skipped.isEmpty()) {
            QFile::remove(record.path);
            BuildJournal::removeTemporaries(m_options.journalDirectory, record.tag);
            // Objects not running any more (after a reboot) are not "removed", their metadata is: say so.
            part.removed.append(
                QStringLiteral("what run %1 left on %2 disk(s)").arg(record.tag).arg(record.pins.size()));
        } else {
            part.skipped += notes; // the journal stays for a later recover
        }
        total.merge(part);
    }
    // What writes of journals cut short before this boot left: nothing reads them, and they name no
    // object (a journal is renamed into place before the object it adds is created).
    BuildJournal::removeTemporaries(m_options.journalDirectory);
    // 2. What no journal names (a journal lost with /run): only for root, never what another owns.
    if (scope.root) {
        total.merge(removeUnjournaled(protectedTags));
    }
    return total;
}

TeardownReport BuildExecutor::unmountLeftovers(const QSet<QString>& protectedTags)
{
    TeardownReport report;
    QFile mountinfo(m_options.procRoot + QStringLiteral("/self/mountinfo"));
    if (!mountinfo.open(QIODevice::ReadOnly)) {
        return report;
    }
    // Exactly RaidBench's own mount points (mnt-TAG-XXXXXX directly in the mount root, a directory only
    // root writes): nothing a user mounted inside one, whose path a user could change.
    static const QRegularExpression ours(QStringLiteral("^mnt-([0-9a-z]{1,12})-[A-Za-z0-9]{6}$"));
    QStringList points;
    for (const QString& line : QString::fromUtf8(mountinfo.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QString point = line.section(QLatin1Char(' '), 4, 4);
        if (!point.startsWith(m_options.mountRoot + QLatin1Char('/'))) {
            continue;
        }
        const QRegularExpressionMatch match = ours.match(point.mid(m_options.mountRoot.size() + 1));
        if (match.hasMatch() && !protectedTags.contains(match.captured(1)) && !points.contains(point)) {
            points.prepend(point); // the last mounted first
        }
    }
    for (const QString& point : std::as_const(points)) {
        // --no-canonicalize: the path is used as it is, nothing in it is followed.
        CommandResult result =
            runLogged(QStringLiteral("unmount %1").arg(point),
                      {QStringLiteral("umount"), QStringLiteral("--no-canonicalize"), point}, removeTimeoutMs, nullptr);
        if (!result.ok()) {
            // Something still has it open (a killed test's process): detach it, and whatever was mounted
            // inside it, so the array can go.
            result =
                runLogged(QStringLiteral("unmount %1").arg(point),
                          {QStringLiteral("umount"), QStringLiteral("--no-canonicalize"), QStringLiteral("-l"), point},
                          removeTimeoutMs, nullptr);
        }
        if (result.ok()) {
            QDir().rmdir(point);
            report.removed.append(QStringLiteral("mount %1").arg(point));
        } else {
            report.problems.append(QStringLiteral("umount %1: %2").arg(point, result.summary()));
        }
    }
    return report;
}

TeardownReport BuildExecutor::removeUnjournaled(const QSet<QString>& protectedTags)
{
    TeardownReport total;
    auto mdNameOf = [&](const QString& device) {
        const CommandResult detail =
            runLogged(QStringLiteral("inspect %1").arg(device),
                      {QStringLiteral("mdadm"), QStringLiteral("--detail"), QStringLiteral("--export"), device},
                      removeTimeoutMs, nullptr);
        return MdDetail::parse(detail.out).name().section(QLatin1Char(':'), -1);
    };
    auto ours = [&](const QString& name) {
        return !tagOfName(name).isEmpty() && !protectedTags.contains(tagOfName(name));
    };
    // A device that is no md array of ours: pinned by the gate (nothing else may use it) before RaidBench
    // removes its own metadata from it.
    auto removeFrom = [&](const QStringList& argv, const QString& device) {
        if (device.section(QLatin1Char('/'), -1).startsWith(QLatin1String("md"))) {
            if (!ours(mdNameOf(device))) {
                total.skipped.append(QStringLiteral("%1: not an array RaidBench made").arg(device));
                return;
            }
            TeardownReport part =
                removeObjects({BuildObject {QStringLiteral("md"), device, device, {}, {argv}}}, {}, {});
            part.removed.clear();
            total.merge(part);
            return;
        }
        if (!m_options.gate) {
            total.skipped.append(QStringLiteral("%1: no device gate").arg(device));
            return;
        }
        auto pin = m_options.gate->pin(device, DeviceGate::Use::Own);
        if (!pin) {
            total.skipped.append(
                QStringLiteral("%1 not run: %2").arg(argv.mid(0, 2).join(QLatin1Char(' ')), pin.error().message));
            return;
        }
        QStringList pinnedArgv = argv;
        pinnedArgv.last() = pin->node;
        TeardownReport part =
            removeObjects({BuildObject {QStringLiteral("member"), pin->node, {}, {}, {pinnedArgv}}}, {}, {*pin});
        part.removed.clear();
        total.merge(part);
    };
    // 2. Volume groups named raidbench_* (a journal may have been lost), and their physical volumes.
    const QString config = lvmConfig(udevIsRunning());
    const CommandResult vgs = runLogged(QStringLiteral("list volume groups"),
                                        {QStringLiteral("lvm"), QStringLiteral("vgs"), QStringLiteral("--config"),
                                         config, QStringLiteral("--reportformat"), QStringLiteral("json"),
                                         QStringLiteral("-o"), QStringLiteral("vg_name")},
                                        removeTimeoutMs, nullptr);
    if (vgs.ok()) {
        auto report = LvmReport::parse(vgs.out.toUtf8(), QStringLiteral("vg"));
        const QStringList groups = report ? report->column(QStringLiteral("vg_name")) : QStringList();
        const CommandResult pvs = runLogged(QStringLiteral("list physical volumes"),
                                            {QStringLiteral("lvm"), QStringLiteral("pvs"), QStringLiteral("--config"),
                                             config, QStringLiteral("--reportformat"), QStringLiteral("json"),
                                             QStringLiteral("-o"), QStringLiteral("pv_name,vg_name")},
                                            removeTimeoutMs, nullptr);
        const auto pvReport = LvmReport::parse(pvs.out.toUtf8(), QStringLiteral("pv"));
        for (const QString& vg : groups) {
            if (!vg.startsWith(QLatin1String("raidbench_")) || !ours(vg)) {
                continue;
            }
            const TeardownReport removed =
                removeObjects({BuildObject {QStringLiteral("vg"),
                                            vg,
                                            QString(),
                                            {},
                                            {{QStringLiteral("lvm"), QStringLiteral("vgremove"),
                                              QStringLiteral("--config"), config, QStringLiteral("-f"), vg}}}},
                              {}, {});
            total.merge(removed);
            if (!removed.clean() || !pvReport) {
                continue;
            }
            for (const auto& row : pvReport->rows) {
                if (row.value(QStringLiteral("vg_name")).toString() == vg) {
                    const QString pv = row.value(QStringLiteral("pv_name")).toString();
                    removeFrom({QStringLiteral("lvm"), QStringLiteral("pvremove"), QStringLiteral("--config"), config,
                                QStringLiteral("-y"), QStringLiteral("-ff"), pv},
                               pv);
                }
            }
        }
    }
    // 3. md arrays named raidbench-*: stop the top ones first (those no other array holds), then remove
    //    their superblocks from the members.
    for (int pass = 0; pass < 6; ++pass) {
        QFile mdstatFile(m_options.procRoot + QStringLiteral("/mdstat"));
        if (!mdstatFile.open(QIODevice::ReadOnly)) {
            break;
        }
        const MdStat stat = MdStat::parse(QString::fromUtf8(mdstatFile.readAll()));
        QSet<QString> heldByArray;
        for (const MdStatArray& array : stat.arrays) {
            for (const MdStatMember& member : array.members) {
                heldByArray.insert(member.name);
            }
        }
        bool stoppedAny = false;
        for (const MdStatArray& array : stat.arrays) {
            if (heldByArray.contains(array.name)) {
                continue;
            }
            const QString device = QStringLiteral("/dev/") + array.name;
            const QString name = mdNameOf(device);
            if (!name.startsWith(QLatin1String("raidbench-")) || !ours(name)) {
                continue; // never touch an array we did not make, nor one a running RaidBench uses
            }
            const TeardownReport stopped =
                removeObjects({BuildObject {QStringLiteral("md"),
                                            name,
                                            device,
                                            {},
                                            {{QStringLiteral("mdadm"), QStringLiteral("--stop"), device}}}},
                              {}, {});
            total.merge(stopped);
            if (!stopped.clean()) {
                continue;
            }
            stoppedAny = true;
            for (const MdStatMember& member : array.members) {
                const QString memberDevice = QStringLiteral("/dev/") + member.name;
                removeFrom({QStringLiteral("mdadm"), QStringLiteral("--zero-superblock"), memberDevice}, memberDevice);
            }
        }
        if (!stoppedAny) {
            break;
        }
    }
    return total;
}

} // namespace RaidBench

#include "arrays/leftoverrecovery.h"

#include "arrays/lvmreport.h"
#include "arrays/mdassemblyguard.h"
#include "disks/deviceusers.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

#include <functional>
#include <sys/stat.h>

namespace RaidBench {

namespace {
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

LeftoverRecovery::LeftoverRecovery(BuildExecutor& executor)
    : m_executor(executor)
    , m_options(executor.m_options)
{ }

TeardownReport LeftoverRecovery::run(const RecoverScope& scope)
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
        const BuiltArray array = m_executor.relocated(record, &notes);
        // Write caches first: the only change a run makes that outlives its arrays. One that could not
        // be set back keeps the journal, for a later recover.
        TeardownReport caches = m_executor.restoreWriteCaches(array);
        caches.skipped += caches.problems;
        caches.problems.clear();
        TeardownReport part = m_executor.removeObjects(array.objects, array.plan.finalWipes, array.plan.pins);
        part.problems.clear();
        part.merge(caches);
        if (part.skipped.isEmpty()) {
            part.merge(m_executor.removeAssemblyGuard(record.tag));
            QFile::remove(record.path);
            BuildJournal::removeTemporaries(m_options.journalDirectory, record.tag);
            // Objects not running any more (after a reboot) are not "removed", their metadata is: say so.
            part.removed.append(
                QStringLiteral("what run %1 left on %2 disk(s)").arg(record.tag, QString::number(record.pins.size())));
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
        QSet<QString> journaled;
        for (const JournalRecord& record : records) {
            journaled.insert(record.tag);
        }
        total.merge(removeUnjournaled(protectedTags, journaled));
        // The assembly guards of builds no journal names any more (one that ended as its guard was
        // written): they only name UUIDs nothing carries.
        QSet<QString> live;
        for (const JournalRecord& record : BuildJournal::readAll(m_options.journalDirectory)) {
            live.insert(record.tag);
        }
        for (const QString& guard : MdAssemblyGuard(m_options.etcRoot).removeStale(live)) {
            total.removed.append(QStringLiteral("md assembly guard %1").arg(guard));
        }
    }
    return total;
}

TeardownReport LeftoverRecovery::unmountLeftovers(const QSet<QString>& protectedTags)
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
        struct stat st
        { };
        const bool known = ::stat(QFile::encodeName(point).constData(), &st) == 0;
        // --no-canonicalize: the path is used as it is, nothing in it is followed.
        const CommandResult result =
            m_executor.runLogged(QStringLiteral("unmount %1").arg(point),
                                 {QStringLiteral("umount"), QStringLiteral("--no-canonicalize"), point},
                                 BuildExecutor::removeTimeoutMs, nullptr);
        if (result.ok()) {
            QDir().rmdir(point);
            report.removed.append(QStringLiteral("mount %1").arg(point));
        } else {
            // Never detached lazily (a process would go on writing through it to a disk the teardown
            // then wipes): it stays, with its array, and the problem names who holds it.
            report.problems.append(
                QStringLiteral("umount %1: %2; its array stays built and its disks held")
                    .arg(point, known ? DeviceUsers::mountHolders(std::uint64_t(st.st_dev)) : result.summary()));
        }
    }
    return report;
}

TeardownReport LeftoverRecovery::removeUnjournaled(const QSet<QString>& protectedTags, const QSet<QString>& journaled)
{
    TeardownReport total = reportUnjournaledGroups(protectedTags + journaled);
    // md arrays named raidbench-*: the top ones first (those no other array holds), each only when every
    // disk under it is one the gate checks as carrying nothing but RaidBench's own superblocks.
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
            const QString name = mdNameOf(QStringLiteral("/dev/") + array.name);
            const QString tag = tagOfName(name);
            if (!name.startsWith(QLatin1String("raidbench-")) || tag.isEmpty() || protectedTags.contains(tag) ||
                journaled.contains(tag)) {
                continue; // never an array we did not make, nor one a running RaidBench uses or a journal names
            }
            stoppedAny = removeUnjournaledArray(stat, array, name, total) || stoppedAny;
        }
        if (!stoppedAny) {
            break;
        }
    }
    return total;
}

QString LeftoverRecovery::mdNameOf(const QString& device)
{
    const CommandResult detail =
        m_executor.runLogged(QStringLiteral("inspect %1").arg(device),
                             {QStringLiteral("mdadm"), QStringLiteral("--detail"), QStringLiteral("--export"), device},
                             BuildExecutor::removeTimeoutMs, nullptr);
    return MdDetail::parse(detail.out).name().section(QLatin1Char(':'), -1);
}

TeardownReport LeftoverRecovery::reportUnjournaledGroups(const QSet<QString>& leave)
{
    // A volume group is LVM's word on which disks belong to it, and anyone who can attach a disk can
    // present one named raidbench_* that claims another's: none is removed by its name alone.
    TeardownReport report;
    const CommandResult vgs = m_executor.runLogged(
        QStringLiteral("list volume groups"),
        {QStringLiteral("lvm"), QStringLiteral("vgs"), QStringLiteral("--config"), lvmConfig(udevIsRunning()),
         QStringLiteral("--reportformat"), QStringLiteral("json"), QStringLiteral("-o"), QStringLiteral("vg_name")},
        BuildExecutor::removeTimeoutMs, nullptr);
    const auto groups = LvmReport::parse(vgs.out.toUtf8(), QStringLiteral("vg"));
    if (!vgs.ok() || !groups) {
        return report;
    }
    for (const QString& vg : groups->column(QStringLiteral("vg_name"))) {
        const QString tag = tagOfName(vg);
        if (vg.startsWith(QLatin1String("raidbench_")) && !tag.isEmpty() && !leave.contains(tag)) {
            report.skipped.append(QStringLiteral("volume group %1 is named like RaidBench's, but no journal names its "
                                                 "disks: left alone (if it is a leftover of yours, remove it with "
                                                 "vgremove)")
                                      .arg(vg.left(64)));
        }
    }
    return report;
}

bool LeftoverRecovery::removeUnjournaledArray(const MdStat& stat, const MdStatArray& array, const QString& name,
                                              TeardownReport& total)
{
    const QString tag = tagOfName(name);
    const QString path = QStringLiteral("/dev/md/") + name;
    auto skip = [&](const QString& why) {
        total.skipped.append(QStringLiteral("%1 (%2) not stopped: %3").arg(path, array.name, why));
        return false;
    };
    if (!m_options.gate) {
        return skip(QStringLiteral("no device gate"));
    }
    // The disks at the bottom of the array, through the arrays it is made of: each pinned as a disk of
    // the build `tag` (held by its arrays only, carrying only its signatures).
    QList<PinnedDevice> pins;
    std::function<bool(const MdStatArray&, int)> collect = [&](const MdStatArray& at, int depth) {
        for (const MdStatMember& member : at.members) {
            const MdStatArray* below = stat.find(member.name);
            if (below && depth < 4) {
                if (!collect(*below, depth + 1)) {
                    return false;
                }
                continue;
            }
            auto pin = m_options.gate->pin(QStringLiteral("/dev/") + member.name, DeviceGate::Use::Member, tag);
            if (!pin) {
                skip(pin.error().message);
                return false;
            }
            pins.append(*pin);
        }
        return true;
    };
    if (!collect(array, 0)) {
        return false;
    }
    auto stop = m_executor.guard({QStringLiteral("mdadm"), QStringLiteral("--stop"), path}, pins, {path}, nullptr,
                                 DeviceGate::Use::Own, {}, true);
    if (!stop) {
        return skip(stop.error().message);
    }
    const CommandResult stopped =
        m_executor.runLogged(QStringLiteral("remove md %1").arg(name), *stop, BuildExecutor::removeTimeoutMs, nullptr);
    if (!stopped.ok()) {
        total.problems.append(QStringLiteral("mdadm --stop %1: %2").arg(path, stopped.summary()));
        return false;
    }
    total.removed.append(name);
    // Its superblocks: on its disks, or on the arrays it was made of (stopped in a later pass).
    for (const MdStatMember& member : array.members) {
        QString target = QStringLiteral("/dev/") + member.name;
        QStringList own;
        if (stat.find(member.name)) {
            const QString leg = mdNameOf(target);
            if (tagOfName(leg) != tag) {
                total.skipped.append(QStringLiteral("%1: not an array of %2").arg(target, name));
                continue;
            }
            target = QStringLiteral("/dev/md/") + leg;
            own = {target};
        }
        auto zero = m_executor.guard({QStringLiteral("mdadm"), QStringLiteral("--zero-superblock"), target}, pins, own,
                                     nullptr, DeviceGate::Use::Own, {}, true);
        if (!zero) {
            total.skipped.append(
                QStringLiteral("mdadm --zero-superblock %1 not run: %2").arg(target, zero.error().message));
            continue;
        }
        const CommandResult zeroed =
            m_executor.runLogged(QStringLiteral("wipe %1").arg(target), *zero, BuildExecutor::removeTimeoutMs, nullptr);
        if (!zeroed.ok()) {
            total.problems.append(QStringLiteral("mdadm --zero-superblock %1: %2").arg(target, zeroed.summary()));
        }
    }
    return true;
}

} // namespace RaidBench

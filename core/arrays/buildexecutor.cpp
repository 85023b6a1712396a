#include "arrays/buildexecutor.h"

#include "arrays/lvmreport.h"
#include "arrays/mdstat.h"
#include "util/errorcodes.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QThread>

#include <sys/stat.h>

namespace RaidBench {

namespace {
constexpr int createTimeoutMs = 180'000;
constexpr int removeTimeoutMs = 120'000;

bool cancelled(const std::atomic_bool* cancel)
{
    return cancel && cancel->load();
}

/// The devices a build's own objects live on (md arrays, logical volumes, and PVs made of them).
QStringList objectDevices(const QList<BuildObject>& objects)
{
    QStringList devices;
    for (const BuildObject& object : objects) {
        if (object.kind == QLatin1String("md") || object.kind == QLatin1String("lv")) {
            devices.append(object.device);
        }
    }
    return devices;
}

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

QString TeardownReport::summary() const
{
    QString text = removed.isEmpty() ? QStringLiteral("removed nothing")
                                     : QStringLiteral("removed %1").arg(removed.join(QStringLiteral(", ")));
    if (problems.isEmpty() && skipped.isEmpty() && removed.isEmpty()) {
        return QStringLiteral("nothing to remove");
    }
    if (!problems.isEmpty()) {
        text += QStringLiteral("; problems: %1").arg(problems.join(QStringLiteral("; ")));
    }
    if (!skipped.isEmpty()) {
        text += QStringLiteral("; not touched: %1").arg(skipped.join(QStringLiteral("; ")));
    }
    return text;
}

void TeardownReport::merge(const TeardownReport& other)
{
    removed += other.removed;
    problems += other.problems;
    skipped += other.skipped;
}

BuiltArray BuiltArray::fromJournal(const JournalRecord& record)
{
    BuiltArray array;
    array.plan.tag = record.tag;
    array.plan.finalWipes = record.finalWipes;
    array.plan.pins = record.pins;
    for (const PinnedDevice& pin : record.pins) {
        array.plan.destroys.append(pin.node);
    }
    array.objects = record.objects;
    for (const BuildObject& object : record.objects) {
        if (object.kind == QLatin1String("md") || object.kind == QLatin1String("lv")) {
            array.device = object.device; // the last one made is the top
        }
    }
    return array;
}

BuildExecutor::BuildExecutor(CommandRunner& runner, Options options, Callbacks callbacks)
    : m_runner(runner)
    , m_options(std::move(options))
    , m_callbacks(std::move(callbacks))
{
    if (!m_options.deviceExists) {
        m_options.deviceExists = blockDeviceExists;
    }
}

bool BuildExecutor::blockDeviceExists(const QString& device)
{
    struct stat st
    { };
    return ::stat(QFile::encodeName(device).constData(), &st) == 0 && S_ISBLK(st.st_mode);
}

void BuildExecutor::report(const QString& message, double fraction)
{
    if (m_callbacks.progress) {
        m_callbacks.progress(message, fraction);
    }
}

CommandResult BuildExecutor::runLogged(const QString& description, const QStringList& argv, int timeoutMs,
                                       const std::atomic_bool* cancel)
{
    const CommandResult result = m_runner.run(argv, timeoutMs, cancel);
    if (m_callbacks.logged) {
        m_callbacks.logged(StepLog {description, argv, result});
    }
    return result;
}

Result<void> BuildExecutor::guard(const QStringList& argv, const QList<PinnedDevice>& pins,
                                  const QStringList& ownDevices, const QSet<QString>* firstTouch) const
{
    for (const QString& arg : argv.mid(1)) {
        if (!arg.startsWith(QLatin1String("/dev/"))) {
            continue;
        }
        const PinnedDevice* pin = nullptr;
        for (const PinnedDevice& candidate : pins) {
            if (candidate.node == arg) {
                pin = &candidate;
            }
        }
        if (!pin) {
            if (ownDevices.contains(arg)) {
                continue; // an object this build made, named by RaidBench under /dev/md or /dev/raidbench_*
            }
            return makeError(ErrorCode::deviceChanged,
                             QStringLiteral("%1 was never checked by the device gate; RaidBench does not touch it")
                                 .arg(arg.left(200)));
        }
        if (!m_options.gate) {
            return makeError(ErrorCode::internal, QStringLiteral("no device gate to check %1").arg(arg));
        }
        const auto use = firstTouch && firstTouch->contains(arg) ? DeviceGate::Use::Create : DeviceGate::Use::Own;
        if (auto ok = m_options.gate->verify(*pin, use); !ok) {
            return ok;
        }
    }
    return {};
}

Result<BuiltArray> BuildExecutor::build(const BuildPlan& plan, const std::atomic_bool* cancel)
{
    if (!m_options.gate) {
        return makeError(ErrorCode::internal, QStringLiteral("refusing to build: no device gate"));
    }
    // Every leaf was pinned by the gate, and each pin still holds right before the first step.
    for (const QString& device : plan.destroys) {
        const bool pinned = std::any_of(plan.pins.cbegin(), plan.pins.cend(),
                                        [&](const PinnedDevice& pin) { return pin.node == device; });
        if (!pinned) {
            return makeError(ErrorCode::deviceChanged,
                             QStringLiteral("refusing to build: %1 was never checked by the device gate").arg(device));
        }
    }
    for (const PinnedDevice& pin : plan.pins) {
        if (auto ok = m_options.gate->verify(pin, DeviceGate::Use::Create); !ok) {
            return Error {ok.error().code, QStringLiteral("refusing to build: %1").arg(ok.error().message)};
        }
    }
    BuildJournal journal(m_options.journalDirectory, plan.tag, m_options.program, m_options.clientUid);
    if (auto ok = journal.begin(plan.pins, plan.finalWipes); !ok) {
        return ok.error();
    }
    BuiltArray built;
    built.plan = plan;
    QList<BuildObject> planned;
    for (const BuildStep& step : plan.steps) {
        if (step.creates) {
            planned.append(*step.creates);
        }
    }
    const QStringList own = objectDevices(planned);
    QSet<QString> untouched(plan.destroys.cbegin(), plan.destroys.cend());
    QString failure;
    QString failureCode;
    bool halfCreated = false;
    const int total = int(plan.steps.size());
    for (int i = 0; i < total && failure.isEmpty(); ++i) {
        const BuildStep& step = plan.steps.at(i);
        if (cancelled(cancel)) {
            failure = QStringLiteral("cancelled");
            failureCode = ErrorCode::cancelled;
            break;
        }
        report(step.description, double(i) / total);
        if (step.mdAttribute.isEmpty()) {
            // The gate, right before the command: each leaf it names is still the device that was checked.
            if (auto ok = guard(step.argv, plan.pins, own, &untouched); !ok) {
                failure = QStringLiteral("%1 was not run: %2").arg(step.description, ok.error().message);
                failureCode = ok.error().code;
                break;
            }
        }
        if (step.creates) {
            // Journal first: if we die during the command, recovery still knows to undo it.
            if (auto ok = journal.add(*step.creates); !ok) {
                failure = ok.error().message;
                failureCode = ok.error().code;
                break;
            }
            built.objects.append(*step.creates);
        }
        CommandResult result;
        if (!step.mdAttribute.isEmpty()) {
            result = m_runner.writeMdAttribute(step.mdAttribute.value(0), step.mdAttribute.value(1),
                                               step.mdAttribute.value(2));
            if (m_callbacks.logged) {
                m_callbacks.logged(
                    StepLog {step.description, QStringList {QStringLiteral("sysfs")} + step.mdAttribute, result});
            }
        } else {
            for (const QString& arg : step.argv) {
                untouched.remove(arg);
            }
            result = runLogged(step.description, step.argv, createTimeoutMs, cancel);
        }
        if (!result.ok()) {
            halfCreated = step.creates.has_value();
            failure = QStringLiteral("%1 failed: %2").arg(step.description, result.summary());
            failureCode = result.cancelled ? ErrorCode::cancelled : ErrorCode::stepFailed;
            break;
        }
        if (!step.waitForDevice.isEmpty()) {
            QElapsedTimer timer;
            timer.start();
            while (!m_options.deviceExists(step.waitForDevice) && timer.elapsed() < m_options.deviceTimeoutMs &&
                   !cancelled(cancel)) {
                QThread::msleep(50);
            }
            if (!m_options.deviceExists(step.waitForDevice)) {
                failure = cancelled(cancel) ? QStringLiteral("cancelled")
                                            : QStringLiteral("the device node %1 never appeared (waited %2 s)")
                                                  .arg(step.waitForDevice)
                                                  .arg(m_options.deviceTimeoutMs / 1000);
                failureCode = cancelled(cancel) ? ErrorCode::cancelled : ErrorCode::noDeviceNode;
                break;
            }
        }
        if (!step.resyncDevice.isEmpty()) {
            if (auto ok = followResync(step.resyncDevice, cancel); !ok) {
                failure = ok.error().message;
                failureCode = ok.error().code;
            }
        }
    }
    if (failure.isEmpty()) {
        if (auto ok = journal.markBuilt(); !ok) {
            report(ok.error().message, 1.0); // the journal still names every object: recover finds it
        }
        built.device = plan.topDevice;
        report(QStringLiteral("built %1").arg(plan.topDevice), 1.0);
        return built;
    }
    report(QStringLiteral("removing what was created"), 1.0);
    if (halfCreated && !built.objects.isEmpty()) {
        // The failed command may have created part of its object, or nothing: undo it quietly first.
        removeObjects({built.objects.takeLast()}, {}, plan.pins);
    }
    // Only the leaves a command touched are wiped again: a build refused at its first step changes nothing.
    QList<QStringList> wipes;
    for (const QStringList& argv : plan.finalWipes) {
        if (!untouched.contains(argv.last())) {
            wipes.append(argv);
        }
    }
    const TeardownReport cleanup = removeObjects(built.objects, wipes, plan.pins);
    if (cleanup.clean()) {
        journal.finish();
    }
    const bool nothingDone = built.objects.isEmpty() && wipes.isEmpty();
    return makeError(failureCode,
                     nothingDone ? failure : QStringLiteral("%1; clean-up: %2").arg(failure, cleanup.summary()));
}

Result<void> BuildExecutor::followResync(const QString& device, const std::atomic_bool* cancel)
{
    const QString kernelName = QFileInfo(QFileInfo(device).canonicalFilePath()).fileName();
    for (;;) {
        QFile file(m_options.procRoot + QStringLiteral("/mdstat"));
        if (!file.open(QIODevice::ReadOnly)) {
            return {};
        }
        const MdStat stat = MdStat::parse(QString::fromUtf8(file.readAll()));
        const MdStatArray* array = stat.find(kernelName);
        if (!array || !array->sync) {
            report(QStringLiteral("%1 is in sync").arg(device), 1.0);
            return {};
        }
        const MdSync& sync = *array->sync;
        report(sync.delayed ? QStringLiteral("%1: %2 waiting").arg(device, sync.action)
                            : QStringLiteral("%1: %2 %3 % at %4 MB/s, %5 min left")
                                  .arg(device, sync.action)
                                  .arg(sync.percent, 0, 'f', 1)
                                  .arg(double(sync.speedKiBs) * 1024 / 1e6, 0, 'f', 1)
                                  .arg(sync.finishMinutes, 0, 'f', 1),
               sync.percent / 100.0);
        if (!m_options.waitForResync) {
            return {};
        }
        if (cancelled(cancel)) {
            return makeError(ErrorCode::cancelled, QStringLiteral("cancelled during the resync of %1").arg(device));
        }
        QThread::msleep(500);
    }
}

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
    const TeardownReport result = removeObjects(array.objects, array.plan.finalWipes, array.plan.pins);
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
        TeardownReport part = removeObjects(array.objects, array.plan.finalWipes, array.plan.pins);
        part.problems.clear();
        if (part.skipped.isEmpty()) {
            QFile::remove(record.path);
            // Objects not running any more (after a reboot) are not "removed", their metadata is: say so.
            part.removed.append(
                QStringLiteral("what run %1 left on %2 disk(s)").arg(record.tag).arg(record.pins.size()));
        } else {
            part.skipped += notes; // the journal stays for a later recover
        }
        total.merge(part);
    }
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

#include "arrays/buildexecutor.h"

#include "arrays/buildwritecaches.h"
#include "arrays/leftoverrecovery.h"
#include "arrays/mdassemblyguard.h"
#include "arrays/mdstat.h"
#include "util/cancelflag.h"
#include "util/errorcodes.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QThread>

#include <optional>
#include <sys/stat.h>

namespace RaidBench {

namespace {
constexpr int createTimeoutMs = 180'000;
/// A stop md refuses because the array is still claimed: asked again this often, this many times.
constexpr int busyRetryMs = 500;
constexpr int busyRetries = 20;

/// Whether `result` is md refusing to stop an array something still holds open. A process killed
/// with I/O in flight (a helper killed mid-test) holds it until the kernel has torn its io_uring
/// down, a moment after the process died.
bool stopRefusedBusy(const QStringList& argv, const CommandResult& result)
{
    return !result.ok() && argv.value(0) == QLatin1String("mdadm") && argv.value(1) == QLatin1String("--stop") &&
        (result.err.contains(QLatin1String("exclusive access")) || result.err.contains(QLatin1String("busy")));
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
    array.writeCaches = record.writeCaches;
    for (const BuildObject& object : record.objects) {
        if (object.kind == QLatin1String("md") || object.kind == QLatin1String("lv")) {
            array.device = object.device; // the last one made is the top
        }
    }
    return array;
}

BuildExecutor::BuildExecutor(CommandRunner& runner, Options options, BuildObserver* observer)
    : m_runner(runner)
    , m_options(std::move(options))
    , m_observer(observer)
{
    if (!m_options.machine) {
        m_options.machine = std::make_shared<LocalBuildMachine>();
    }
}

void BuildExecutor::report(const BuildMessage& message, double fraction)
{
    if (m_observer) {
        m_observer->progressed(message, fraction);
    }
}

CommandResult BuildExecutor::runLogged(const QString& description, const QStringList& argv, int timeoutMs,
                                       const std::atomic_bool* cancel)
{
    const CommandResult result = m_runner.run(argv, timeoutMs, cancel);
    if (m_observer) {
        m_observer->logged(StepLog {description, argv, result});
    }
    return result;
}

CommandResult BuildExecutor::runLogged(const QString& description, const GuardedCommand& command, int timeoutMs,
                                       const std::atomic_bool* cancel)
{
    const CommandResult result = m_runner.run(command, timeoutMs, cancel);
    if (m_observer) {
        m_observer->logged(StepLog {description, command.argv(), result});
    }
    return result;
}

Result<GuardedCommand> BuildExecutor::guard(const QStringList& argv, const QList<PinnedDevice>& pins,
                                            const QStringList& ownDevices, const QSet<QString>* firstTouch,
                                            DeviceGate::Use later, const QString& creating, bool takingDown) const
{
    if (!m_options.gate) {
        return makeError(ErrorCode::internal, QStringLiteral("no device gate to check %1").arg(argv.value(0)));
    }
    // The disks the command names are checked from one look at the system (DeviceGate::verifyAll), the
    // arrays of the build each on its own.
    QList<DeviceGate::PinUse> disks;
    QList<VerifiedDevice> verified;
    QSet<QString> seen;
    for (qsizetype i = 1; i < argv.size(); ++i) {
        const QString& arg = argv.at(i);
        if (!arg.startsWith(QLatin1String("/dev/")) || arg == creating || seen.contains(arg)) {
            continue;
        }
        // A disk LVM may see (--devices) may be held by the build's own logical volume meanwhile.
        const bool lvmSees = argv.at(i - 1) == QLatin1String("--devices");
        seen.insert(arg);
        const auto pin = std::find_if(pins.cbegin(), pins.cend(),
                                      [&](const PinnedDevice& candidate) { return candidate.node == arg; });
        if (pin != pins.cend()) {
            const auto use = firstTouch && firstTouch->contains(arg) ? DeviceGate::Use::Create
                : lvmSees                                            ? DeviceGate::Use::Member
                                                                     : later;
            disks.append({*pin, use});
            continue;
        }
        if (!ownDevices.contains(arg)) {
            return makeError(ErrorCode::deviceChanged,
                             QStringLiteral("%1 was never checked by the device gate; RaidBench does not touch it")
                                 .arg(arg.left(200)));
        }
        // An array this build made (named by RaidBench under /dev/md or /dev/raidbench_*): still made of
        // the build's own disks.
        auto checked = m_options.gate->verifyBuilt(arg, pins, takingDown);
        if (!checked) {
            return checked.error();
        }
        verified.append(*checked);
    }
    if (!disks.isEmpty()) {
        auto checked = m_options.gate->verifyAll(disks);
        if (!checked) {
            return checked.error();
        }
        verified += *checked;
    }
    return GuardedCommand::make(argv, verified, creating);
}

Result<VerifiedDevice> verifyTarget(const DeviceGate* gate, const BuiltArray& built)
{
    if (!gate) {
        return makeError(ErrorCode::internal, QStringLiteral("no device gate to check %1").arg(built.device));
    }
    for (const PinnedDevice& pin : built.plan.pins) {
        if (pin.node == built.device) {
            return gate->verify(pin, DeviceGate::Use::Own); // a configuration of one disk
        }
    }
    return gate->verifyBuilt(built.device, built.plan.pins);
}

Result<CommandResult> BuildExecutor::runOnBuilt(const BuiltArray& built, const QString& description,
                                                const QStringList& argv, const std::atomic_bool* cancel)
{
    auto command = guard(argv, built.plan.pins, objectDevices(built.objects), nullptr, DeviceGate::Use::Member);
    if (!command) {
        return Error {command.error().code,
                      QStringLiteral("%1 was not run: %2").arg(description, command.error().message)};
    }
    return runLogged(description, *command, createTimeoutMs, cancel);
}

Result<void> BuildExecutor::checkPins(const BuildPlan& plan) const
{
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
    return {};
}

Result<void> BuildExecutor::buildStep(const BuildStep& step, BuildProgress& progress, const std::atomic_bool* cancel)
{
    const BuildPlan& plan = progress.built.plan;
    QSet<QString>& untouched = progress.untouched;
    bool& halfCreated = progress.halfCreated;
    std::optional<GuardedCommand> command;
    if (step.mdAttribute.isEmpty()) {
        // The gate, right before the command: each leaf it names is still the device that was checked,
        // each array it names is still made of them.
        const bool makesArray = step.creates && step.creates->kind == QLatin1String("md");
        auto checked = guard(step.argv, plan.pins, progress.own, &untouched, DeviceGate::Use::Own,
                             makesArray ? step.creates->device : QString());
        if (!checked) {
            return Error {checked.error().code == ErrorCode::notFound ? ErrorCode::deviceChanged : checked.error().code,
                          QStringLiteral("%1 was not run: %2").arg(step.description.text(), checked.error().message)};
        }
        command = *checked;
    }
    if (step.creates) {
        // Journal first: if we die during the command, recovery still knows to undo it.
        if (auto ok = progress.journal.add(*step.creates); !ok) {
            return ok.error();
        }
        progress.built.objects.append(*step.creates);
    }
    CommandResult result;
    if (!step.mdAttribute.isEmpty()) {
        result =
            m_runner.writeMdAttribute(step.mdAttribute.value(0), step.mdAttribute.value(1), step.mdAttribute.value(2));
        if (m_observer) {
            m_observer->logged(
                StepLog {step.description.text(), QStringList {QStringLiteral("sysfs")} + step.mdAttribute, result});
        }
    } else {
        for (const QString& arg : step.argv) {
            untouched.remove(arg);
        }
        result = runLogged(step.description.text(), *command, createTimeoutMs, cancel);
    }
    if (!result.ok()) {
        halfCreated = step.creates.has_value();
        return Error {result.cancelled ? ErrorCode::cancelled : ErrorCode::stepFailed,
                      QStringLiteral("%1 failed: %2").arg(step.description.text(), result.summary())};
    }
    if (!step.waitForDevice.isEmpty()) {
        QElapsedTimer timer;
        timer.start();
        while (!m_options.machine->deviceExists(step.waitForDevice) && timer.elapsed() < m_options.deviceTimeoutMs &&
               !cancelled(cancel)) {
            QThread::msleep(50);
        }
        if (!m_options.machine->deviceExists(step.waitForDevice)) {
            return cancelled(cancel)
                ? Error {ErrorCode::cancelled, QStringLiteral("cancelled")}
                : Error {ErrorCode::noDeviceNode,
                         QStringLiteral("the device node %1 never appeared (waited %2 s)")
                             .arg(step.waitForDevice, QString::number(m_options.deviceTimeoutMs / 1000))};
        }
    }
    if (!step.resyncDevice.isEmpty()) {
        if (auto ok = followResync(step.resyncDevice, cancel); !ok) {
            return ok.error();
        }
    }
    return {};
}

Error BuildExecutor::undoFailedBuild(BuildProgress& progress, const Error& failure)
{
    const BuildPlan& plan = progress.built.plan;
    BuiltArray& built = progress.built;
    report({QT_TRANSLATE_NOOP("CampaignProgress", "removing what was created"), {}}, 1.0);
    if (progress.halfCreated && !built.objects.isEmpty()) {
        // The failed command may have created part of its object, or nothing: undo it quietly first.
        removeObjects({built.objects.takeLast()}, {}, plan.pins);
    }
    // Only the leaves a command touched are wiped again: a build refused at its first step changes nothing.
    QList<QStringList> wipes;
    for (const QStringList& argv : plan.finalWipes) {
        if (!progress.untouched.contains(argv.last())) {
            wipes.append(argv);
        }
    }
    TeardownReport cleanup = removeObjects(built.objects, wipes, plan.pins);
    if (cleanup.clean()) {
        cleanup.merge(removeAssemblyGuard(plan.tag));
        progress.journal.finish();
    }
    const bool nothingDone = built.objects.isEmpty() && wipes.isEmpty();
    return Error {failure.code,
                  nothingDone ? failure.message
                              : QStringLiteral("%1; clean-up: %2").arg(failure.message, cleanup.summary())};
}

Result<BuiltArray> BuildExecutor::build(const BuildPlan& plan, const std::atomic_bool* cancel)
{
    if (!m_options.gate) {
        return makeError(ErrorCode::internal, QStringLiteral("refusing to build: no device gate"));
    }
    if (auto pinned = checkPins(plan); !pinned) {
        return pinned.error();
    }
    BuildJournal journal(m_options.journalDirectory, plan.tag, m_options.program, m_options.clientUid);
    if (auto ok = journal.begin(plan.pins, plan.finalWipes); !ok) {
        return ok.error();
    }
    if (auto guarded = guardAssembly(plan); !guarded) {
        journal.finish();
        return guarded.error();
    }
    QList<BuildObject> planned;
    for (const BuildStep& step : plan.steps) {
        if (step.creates) {
            planned.append(*step.creates);
        }
    }
    BuildProgress progress {
        journal, {}, objectDevices(planned), QSet<QString>(plan.destroys.cbegin(), plan.destroys.cend())};
    progress.built.plan = plan;
    const int total = int(plan.steps.size());
    for (int i = 0; i < total; ++i) {
        if (cancelled(cancel)) {
            return undoFailedBuild(progress, Error {ErrorCode::cancelled, QStringLiteral("cancelled")});
        }
        report(plan.steps.at(i).description, double(i) / total);
        if (auto done = buildStep(plan.steps.at(i), progress, cancel); !done) {
            return undoFailedBuild(progress, done.error());
        }
    }
    if (auto ok = journal.markBuilt(); !ok) {
        report(BuildMessage::asIs(ok.error().message), 1.0); // the journal still names every object: recover finds it
    }
    progress.built.device = plan.topDevice;
    report({QT_TRANSLATE_NOOP("CampaignProgress", "built %1"), {plan.topDevice}}, 1.0);
    return progress.built;
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
            report({QT_TRANSLATE_NOOP("CampaignProgress", "%1 is in sync"), {device}}, 1.0);
            return {};
        }
        const MdSync& sync = *array->sync;
        report(sync.delayed
                   ? BuildMessage {QT_TRANSLATE_NOOP("CampaignProgress", "%1: %2 waiting"), {device, sync.action}}
                   : BuildMessage {QT_TRANSLATE_NOOP("CampaignProgress", "%1: %2 %3 % at %4 MB/s, %5 min left"),
                                   {device, sync.action, QString::number(sync.percent, 'f', 1),
                                    QString::number(double(sync.speedKiBs) * 1024 / 1e6, 'f', 1),
                                    QString::number(sync.finishMinutes, 'f', 1)}},
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

Result<WriteCacheState> BuildExecutor::setWriteCache(BuiltArray& built, const PinnedDevice& pin, bool on)
{
    return BuildWriteCaches(m_runner, m_options, m_observer).set(built, pin, on);
}

TeardownReport BuildExecutor::restoreWriteCaches(const BuiltArray& built)
{
    return BuildWriteCaches(m_runner, m_options, m_observer).restore(built);
}

TeardownReport BuildExecutor::removeObjects(const QList<BuildObject>& objects, const QList<QStringList>& finalWipes,
                                            const QList<PinnedDevice>& pins)
{
    TeardownReport report;
    const QStringList own = objectDevices(objects);
    auto run = [&](const QString& description, const QStringList& argv) {
        auto command = guard(argv, pins, own, nullptr, DeviceGate::Use::Own, {}, true);
        if (!command && command.error().code == ErrorCode::notFound) {
            return true; // an array of the build that is gone already (stopped, or a reboot): nothing to do
        }
        if (!command) {
            report.skipped.append(
                QStringLiteral("%1 not run: %2").arg(argv.mid(0, 2).join(QLatin1Char(' ')), command.error().message));
            return false;
        }
        CommandResult result = runLogged(description, *command, BuildExecutor::removeTimeoutMs, nullptr);
        for (int attempt = 0; attempt < busyRetries && stopRefusedBusy(argv, result); ++attempt) {
            QThread::msleep(busyRetryMs);
            // Checked again right before the command, as every command that names a device is.
            auto again = guard(argv, pins, own, nullptr, DeviceGate::Use::Own, {}, true);
            if (!again && again.error().code == ErrorCode::notFound) {
                return true; // it went meanwhile
            }
            if (!again) {
                report.skipped.append(
                    QStringLiteral("%1 not run: %2").arg(argv.mid(0, 2).join(QLatin1Char(' ')), again.error().message));
                return false;
            }
            result = runLogged(description, *again, BuildExecutor::removeTimeoutMs, nullptr);
        }
        if (stopRefusedBusy(argv, result)) {
            // Still held: not an array that is gone. Said (a recover keeps the journal for a later one).
            report.skipped.append(QStringLiteral("%1: still held open after %2 s: %3")
                                      .arg(argv.join(QLatin1Char(' ')),
                                           QString::number(busyRetries * busyRetryMs / 1000), result.summary()));
        } else if (!result.ok()) {
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
    report({QT_TRANSLATE_NOOP("CampaignProgress", "tearing down %1"), {array.device}}, 0);
    TeardownReport result = restoreWriteCaches(array);
    result.merge(removeObjects(array.objects, array.plan.finalWipes, array.plan.pins));
    if (result.clean()) {
        // Its arrays are gone: md may assemble their UUIDs again (nothing carries them any more).
        result.merge(removeAssemblyGuard(array.plan.tag));
        BuildJournal(m_options.journalDirectory, array.plan.tag).finish();
    }
    return result;
}

Result<void> BuildExecutor::guardAssembly(const BuildPlan& plan)
{
    const QStringList uuids = plan.mdUuids();
    if (uuids.isEmpty()) {
        return {};
    }
    auto installed = MdAssemblyGuard(m_options.etcRoot).install(plan.tag, uuids);
    if (installed) {
        return {};
    }
    if (m_options.machine->assemblyRuns()) {
        return makeError(ErrorCode::stepFailed,
                         QStringLiteral("refusing to build: md's automatic assembly could add another device to the "
                                        "new arrays and cannot be kept off them (%1)")
                             .arg(installed.error().message));
    }
    // No udev here (the lab, a container): nothing assembles arrays on its own.
    report({QT_TRANSLATE_NOOP("CampaignProgress",
                              "md's configuration cannot be written (%1); no udev runs here to assemble arrays"),
            {installed.error().message}},
           0);
    return {};
}

TeardownReport BuildExecutor::removeAssemblyGuard(const QString& tag) const
{
    TeardownReport report;
    if (auto removed = MdAssemblyGuard(m_options.etcRoot).remove(tag); !removed) {
        report.problems.append(removed.error().message);
    }
    return report;
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

TeardownReport BuildExecutor::recoverLeftovers(const RecoverScope& scope)
{
    return LeftoverRecovery(*this).run(scope);
}

} // namespace RaidBench

#include "arrays/buildwritecaches.h"

#include "disks/healthprobe.h"
#include "util/errorcodes.h"

#include <QDir>
#include <QRegularExpression>

#include <sys/sysmacros.h>

namespace RaidBench {

namespace {

/// The gate's word on a leaf of a built array: a member of its own md arrays, or (LVM straight on
/// the disk) carrying only the build's own signatures.
Result<VerifiedDevice> checkLeaf(const DeviceGate& gate, const PinnedDevice& pin)
{
    Result<VerifiedDevice> member = gate.verify(pin, DeviceGate::Use::Member);
    if (member) {
        return member;
    }
    Result<VerifiedDevice> own = gate.verify(pin, DeviceGate::Use::Own);
    return own ? own : member;
}

const PinnedDevice* findPin(const BuiltArray& built, const QString& node)
{
    for (const PinnedDevice& pin : built.plan.pins) {
        if (pin.node == node) {
            return &pin;
        }
    }
    return nullptr;
}

/// The disk behind a pin, for its cache tool: still the node and device number that were pinned, and
/// for NVMe, whose volatile write cache is the controller's, only when every namespace of that
/// controller is a disk of this build (or another disk's cache would change with it).
Result<Disk> lookAt(const BuildExecutor::Options& options, const BuiltArray& built, const PinnedDevice& pin)
{
    Result<Disk> disk = options.machine->inspectDisk(pin.node);
    if (!disk) {
        return makeError(ErrorCode::writeCacheFailed,
                         QStringLiteral("cannot look at %1: %2").arg(pin.describe(), disk.error().message));
    }
    const QString pinned = QStringLiteral("%1:%2").arg(major(dev_t(pin.rdev))).arg(minor(dev_t(pin.rdev)));
    if (disk->path != pin.node || (!disk->devNumber.isEmpty() && disk->devNumber != pinned)) {
        return makeError(ErrorCode::deviceChanged, QStringLiteral("%1 is another device now").arg(pin.describe()));
    }
    if (disk->transport == QLatin1String("nvme")) {
        static const QRegularExpression controller(QStringLiteral("^nvme\\d+$"));
        static const QRegularExpression nameSpace(QStringLiteral("^nvme\\d+n\\d+$"));
        if (!controller.match(disk->port).hasMatch()) {
            return makeError(ErrorCode::writeCacheFailed,
                             QStringLiteral("cannot tell which NVMe controller %1 is on").arg(pin.describe()));
        }
        const QStringList names = QDir(QStringLiteral("/sys/class/nvme/") + disk->port).entryList(QDir::Dirs);
        for (const QString& name : names) {
            if (!nameSpace.match(name).hasMatch()) {
                continue;
            }
            bool ours = false;
            for (const PinnedDevice& other : built.plan.pins) {
                ours = ours || other.name == name;
            }
            if (!ours) {
                return makeError(ErrorCode::writeCacheFailed,
                                 QStringLiteral("the write cache of %1 is its controller's, shared with %2, which is "
                                                "not a disk of this layout")
                                     .arg(pin.describe(), name));
            }
        }
    }
    return disk;
}

} // namespace

BuildWriteCaches::BuildWriteCaches(CommandRunner& runner, const BuildExecutor::Options& options,
                                   BuildObserver* observer)
    : m_runner(runner)
    , m_options(options)
    , m_observer(observer)
{ }

Result<WriteCacheState> BuildWriteCaches::set(BuiltArray& built, const PinnedDevice& pin, bool on)
{
    const QString wanted = on ? QStringLiteral("on") : QStringLiteral("off");
    const PinnedDevice* own = findPin(built, pin.node);
    if (!m_options.gate || !own) {
        return makeError(ErrorCode::writeCacheFailed,
                         QStringLiteral("%1 is not a disk of this build").arg(pin.describe()));
    }
    // The build's own pin carries its tag: which md arrays may hold the disk.
    if (Result<VerifiedDevice> checked = checkLeaf(*m_options.gate, *own); !checked) {
        return checked.error();
    }
    Result<Disk> disk = lookAt(m_options, built, *own);
    if (!disk) {
        return disk.error();
    }
    const WriteCacheState before = HealthProbe::readWriteCache(*disk, m_runner);
    if (before.state == cacheStateFor(on)) {
        return before;
    }
    if (before.state == CacheState::Unknown) {
        return makeError(
            ErrorCode::writeCacheFailed,
            QStringLiteral("cannot turn the write cache of %1 %2: %3").arg(own->describe(), wanted, before.reason));
    }
    if (!before.changeable) {
        return makeError(ErrorCode::writeCacheFailed,
                         QStringLiteral("%1 does not let its write cache be changed").arg(own->describe()));
    }
    const WriteCacheChange change {own->node, before.on()};
    if (Result<void> journaled = BuildJournal::addWriteCacheChange(m_options.journalDirectory, built.plan.tag, change);
        !journaled) {
        return journaled.error();
    }
    bool known = false;
    for (const WriteCacheChange& earlier : std::as_const(built.writeCaches)) {
        known = known || earlier.device == change.device; // the first original is the one to restore
    }
    if (!known) {
        built.writeCaches.append(change);
    }
    // Checked again right before the change, as every command that names a disk is.
    Result<VerifiedDevice> checked = checkLeaf(*m_options.gate, *own);
    if (!checked) {
        return checked.error();
    }
    StepLog log {QStringLiteral("turn the write cache of %1 %2").arg(own->node, wanted), {}, {}};
    Result<WriteCacheState> now = HealthProbe::setWriteCache(*checked, *disk, on, m_runner);
    log.result.started = true;
    log.result.exitCode = now ? 0 : 1;
    log.result.err = now ? QString() : now.error().message;
    if (m_observer) {
        m_observer->logged(log);
    }
    return now;
}

TeardownReport BuildWriteCaches::restore(const BuiltArray& built)
{
    TeardownReport report;
    for (const WriteCacheChange& change : built.writeCaches) {
        const QString original = change.originalOn ? QStringLiteral("on") : QStringLiteral("off");
        const QString what = QStringLiteral("write cache of %1 back %2").arg(change.device, original);
        const PinnedDevice* pin = findPin(built, change.device);
        if (!pin || !m_options.gate) {
            report.skipped.append(QStringLiteral("%1: not a disk of this build").arg(what));
            continue;
        }
        if (Result<VerifiedDevice> checked = checkLeaf(*m_options.gate, *pin); !checked) {
            report.skipped.append(QStringLiteral("%1: %2").arg(what, checked.error().message));
            continue;
        }
        Result<Disk> disk = lookAt(m_options, built, *pin);
        if (!disk) {
            report.skipped.append(QStringLiteral("%1: %2").arg(what, disk.error().message));
            continue;
        }
        const WriteCacheState now = HealthProbe::readWriteCache(*disk, m_runner);
        if (now.state == cacheStateFor(change.originalOn)) {
            report.removed.append(what);
            continue;
        }
        Result<VerifiedDevice> checked = checkLeaf(*m_options.gate, *pin);
        if (!checked) {
            report.skipped.append(QStringLiteral("%1: %2").arg(what, checked.error().message));
            continue;
        }
        Result<WriteCacheState> restored = HealthProbe::setWriteCache(*checked, *disk, change.originalOn, m_runner);
        if (restored) {
            report.removed.append(what);
        } else {
            report.problems.append(restored.error().message);
        }
    }
    return report;
}

} // namespace RaidBench

#include "arrays/buildexecutor.h"
#include "disks/diskscanner.h"
#include "disks/healthprobe.h"
#include "util/errorcodes.h"

namespace RaidBench {

namespace {

/// The gate's word on a leaf of a built array: a member of its own md arrays, or (LVM straight on
/// the disk) carrying only the build's own signatures.
Result<void> checkLeaf(const DeviceGate& gate, const PinnedDevice& pin)
{
    Result<void> member = gate.verify(pin, DeviceGate::Use::Member);
    if (member) {
        return member;
    }
    Result<void> own = gate.verify(pin, DeviceGate::Use::Own);
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

} // namespace

Result<WriteCacheState> BuildExecutor::setWriteCache(BuiltArray& built, const PinnedDevice& pin, bool on)
{
    const QString wanted = on ? QStringLiteral("on") : QStringLiteral("off");
    const PinnedDevice* own = findPin(built, pin.node);
    if (!m_options.gate || !own) {
        return makeError(ErrorCode::writeCacheFailed,
                         QStringLiteral("%1 is not a disk of this build").arg(pin.describe()));
    }
    // The build's own pin carries its tag: which md arrays may hold the disk.
    if (Result<void> checked = checkLeaf(*m_options.gate, *own); !checked) {
        return checked.error();
    }
    Result<Disk> disk = DiskScanner().inspect(pin.node);
    if (!disk) {
        return makeError(ErrorCode::writeCacheFailed,
                         QStringLiteral("cannot look at %1: %2").arg(pin.describe(), disk.error().message));
    }
    const WriteCacheState before = HealthProbe::readWriteCache(*disk, m_runner);
    if (before.state == wanted) {
        return before;
    }
    if (before.state == QLatin1String("unknown")) {
        return makeError(
            ErrorCode::writeCacheFailed,
            QStringLiteral("cannot turn the write cache of %1 %2: %3").arg(pin.describe(), wanted, before.reason));
    }
    if (!before.changeable) {
        return makeError(ErrorCode::writeCacheFailed,
                         QStringLiteral("%1 does not let its write cache be changed").arg(pin.describe()));
    }
    const WriteCacheChange change {pin.node, before.on()};
    if (Result<void> journaled = BuildJournal::addWriteCacheChange(m_options.journalDirectory, built.plan.tag, change);
        !journaled) {
        return journaled.error();
    }
    built.writeCaches.append(change);
    StepLog log {QStringLiteral("turn the write cache of %1 %2").arg(pin.node, wanted), {}, {}};
    Result<WriteCacheState> now = HealthProbe::setWriteCache(*disk, on, m_runner);
    log.result.started = true;
    log.result.exitCode = now ? 0 : 1;
    log.result.err = now ? QString() : now.error().message;
    if (m_callbacks.logged) {
        m_callbacks.logged(log);
    }
    return now;
}

TeardownReport BuildExecutor::restoreWriteCaches(const BuiltArray& built)
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
        if (Result<void> checked = checkLeaf(*m_options.gate, *pin); !checked) {
            report.skipped.append(QStringLiteral("%1: %2").arg(what, checked.error().message));
            continue;
        }
        Result<Disk> disk = DiskScanner().inspect(pin->node);
        if (!disk) {
            report.skipped.append(QStringLiteral("%1: %2").arg(what, disk.error().message));
            continue;
        }
        const WriteCacheState now = HealthProbe::readWriteCache(*disk, m_runner);
        if (now.state == original) {
            report.removed.append(what);
            continue;
        }
        Result<WriteCacheState> restored = HealthProbe::setWriteCache(*disk, change.originalOn, m_runner);
        if (restored) {
            report.removed.append(what);
        } else {
            report.problems.append(restored.error().message);
        }
    }
    return report;
}

} // namespace RaidBench

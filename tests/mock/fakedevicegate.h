#pragma once

#include "../common/confirmed.h"
#include "disks/confirmeddisk.h"
#include "disks/devicegate.h"
#include "disks/systemdevicegate.h"

#include <QHash>
#include <QJsonArray>
#include <QSet>
#include <QStringList>

#include <mutex>
#include <sys/sysmacros.h>

namespace RaidBench::Test {

/// A device gate for tests that run commands through a RecordingCommandRunner: the named pretend
/// devices pin to themselves; a test can mark one as busy or as another device now (what a real
/// gate sees when a disk is mounted or swapped); every other path meets the real gate.
class FakeDeviceGate final : public DeviceGate
{
public:
    explicit FakeDeviceGate(QStringList devices, bool allowLoop = false)
        : m_devices(std::move(devices))
        , m_real(SystemDeviceGate::withLoop(allowLoop))
    { }

    Result<PinnedDevice> pin(const QString& path, Use use, const QString& tag = {}) const override
    {
        if (!m_devices.contains(path)) {
            return m_real.pin(path, use, tag);
        }
        if (auto ok = problem(path); !ok) {
            return ok.error();
        }
        PinnedDevice pin = fakePin(path);
        pin.tag = tag;
        return pin;
    }

    /// The pin a pretend device gets: its identity, as a user confirming it would see it.
    static PinnedDevice fakePin(const QString& path)
    {
        PinnedDevice pin;
        pin.requested = path;
        pin.node = path;
        pin.name = path.section(QLatin1Char('/'), -1);
        pin.rdev = makedev(240, (qHash(path) & 0xffff) | 1);
        pin.kind = QStringLiteral("disk");
        pin.serial = QStringLiteral("FAKE-") + pin.name;
        pin.sizeBytes = 1ull << 40;
        return pin;
    }
    /// `confirm_destroy` for pretend devices (by their identity) and real ones (scanned now).
    static QJsonArray confirmed(const QStringList& paths, const QStringList& pretend)
    {
        QJsonArray entries;
        for (const QString& path : paths) {
            if (pretend.contains(path)) {
                entries.append(ConfirmedDisk::fromPin(fakePin(path)).toJson());
            } else {
                entries.append(confirmedNow({path}).first());
            }
        }
        return entries;
    }

    Result<PinnedDevice> relocate(const PinnedDevice& pin) const override
    {
        if (!m_devices.contains(pin.node)) {
            return m_real.relocate(pin);
        }
        std::lock_guard lock(m_mutex);
        if (m_moved.contains(pin.node)) {
            PinnedDevice moved = pin;
            moved.node = m_moved.value(pin.node);
            return moved;
        }
        if (m_changed.contains(pin.node)) {
            return makeError(ErrorCode::deviceChanged, QStringLiteral("%1 is not there any more").arg(pin.node));
        }
        return pin;
    }

    /// From now on `node` is in use (mounted, held...).
    void setBusy(const QString& node)
    {
        std::lock_guard lock(m_mutex);
        m_busy.insert(node);
    }
    /// From now on `node` is another device (a disk swapped, a link re-pointed).
    void setChanged(const QString& node)
    {
        std::lock_guard lock(m_mutex);
        m_changed.insert(node);
    }
    /// After a "reboot": the device pinned at `from` is found at `to`.
    void setMoved(const QString& from, const QString& to)
    {
        std::lock_guard lock(m_mutex);
        m_moved.insert(from, to);
        if (!m_devices.contains(to)) {
            m_devices.append(to);
        }
    }
    /// Every verify() so far: "NODE create" or "NODE own".
    QStringList verified() const
    {
        std::lock_guard lock(m_mutex);
        return m_verified;
    }

    /// Every verifyBuilt() so far: the array paths.
    QStringList verifiedArrays() const
    {
        std::lock_guard lock(m_mutex);
        return m_verifiedArrays;
    }

protected:
    Result<void> check(const PinnedDevice& pin, Use use) const override
    {
        {
            std::lock_guard lock(m_mutex);
            m_verified.append(QStringLiteral("%1 %2").arg(pin.node,
                                                          use == Use::Create       ? "create"
                                                              : use == Use::Member ? "member"
                                                                                   : "own"));
        }
        if (!m_devices.contains(pin.node)) {
            auto real = m_real.verify(pin, use);
            return real ? Result<void>() : Result<void>(real.error());
        }
        return problem(pin.node);
    }

    /// An array path RaidBench names is the build's while it runs (the real gate walks its disks in sysfs:
    /// a running array still holds the disks it was made of, whatever a link says now). A path marked gone
    /// is not found; one marked foreign holds a disk that is not one of the pins.
    Result<BuiltNode> checkBuilt(const QString& path, const QList<PinnedDevice>&, bool) const override
    {
        std::lock_guard lock(m_mutex);
        m_verifiedArrays.append(path);
        if (m_gone.contains(path)) {
            return makeError(ErrorCode::notFound, QStringLiteral("%1 is not running").arg(path));
        }
        if (m_foreign.contains(path)) {
            return makeError(ErrorCode::deviceChanged,
                             QStringLiteral("%1 holds /dev/sdz, which this build did not pin").arg(path));
        }
        if (!path.startsWith(QLatin1String("/dev/md/raidbench-")) &&
            !path.startsWith(QLatin1String("/dev/raidbench_"))) {
            return makeError(ErrorCode::badPath, QStringLiteral("%1 is not an array RaidBench names").arg(path));
        }
        return BuiltNode {path, qHash(path) | 1};
    }

public:
    /// From now on the array at `path` is not running.
    void setGone(const QString& path)
    {
        std::lock_guard lock(m_mutex);
        m_gone.insert(path);
    }
    /// From now on the array at `path` holds a disk the build never pinned.
    void setForeign(const QString& path)
    {
        std::lock_guard lock(m_mutex);
        m_foreign.insert(path);
    }

private:
    Result<void> problem(const QString& node) const
    {
        std::lock_guard lock(m_mutex);
        if (m_changed.contains(node)) {
            return makeError(ErrorCode::deviceChanged, QStringLiteral("%1 is another device now").arg(node));
        }
        if (m_busy.contains(node)) {
            return makeError(ErrorCode::deviceInUse,
                             QStringLiteral("%1 must not be written: mounted at /home").arg(node));
        }
        return {};
    }

    QStringList m_devices;
    SystemDeviceGate m_real;
    mutable std::mutex m_mutex;
    QSet<QString> m_busy;
    QSet<QString> m_changed;
    QHash<QString, QString> m_moved;
    mutable QStringList m_verified;
    mutable QStringList m_verifiedArrays;
    QSet<QString> m_gone;
    QSet<QString> m_foreign;
};

} // namespace RaidBench::Test

#pragma once

#include "disks/devicegate.h"

#include <QHash>
#include <QSet>
#include <QStringList>

#include <mutex>

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

    Result<PinnedDevice> pin(const QString& path, Use use) const override
    {
        if (!m_devices.contains(path)) {
            return m_real.pin(path, use);
        }
        if (auto ok = problem(path); !ok) {
            return ok.error();
        }
        PinnedDevice pin;
        pin.requested = path;
        pin.node = path;
        pin.name = path.section(QLatin1Char('/'), -1);
        pin.rdev = qHash(path) | 1;
        pin.kind = QStringLiteral("disk");
        pin.serial = QStringLiteral("FAKE-") + pin.name;
        pin.sizeBytes = 1ull << 40;
        return pin;
    }

    Result<void> verify(const PinnedDevice& pin, Use use) const override
    {
        {
            std::lock_guard lock(m_mutex);
            m_verified.append(QStringLiteral("%1 %2").arg(pin.node, use == Use::Create ? "create" : "own"));
        }
        if (!m_devices.contains(pin.node)) {
            return m_real.verify(pin, use);
        }
        return problem(pin.node);
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
};

} // namespace RaidBench::Test

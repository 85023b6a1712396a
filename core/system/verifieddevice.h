#pragma once

#include <QString>

#include <cstdint>

namespace RaidBench {

class DeviceGate;

/// A block device the device gate checked just now (a pinned disk still the one pinned and safe for
/// its use, or an array this build made whose every disk is one of its pins). Only DeviceGate makes
/// one: the engine writes a block device, and the command runner runs a command that writes one, only
/// with it in hand. Take it right before the write; it says nothing about later.
class VerifiedDevice
{
public:
    /// The path as commands name it (/dev/sdb, /dev/md/raidbench-TAG-0).
    const QString& path() const { return m_path; }
    /// The device node it resolved to when checked (/dev/sdb, /dev/md127).
    const QString& node() const { return m_node; }
    /// Its device number when checked: what an open of `path` must find (fstat's st_rdev).
    std::uint64_t rdev() const { return m_rdev; }
    /// Whether `argument` names this device.
    bool names(const QString& argument) const { return argument == m_path || argument == m_node; }

private:
    friend class DeviceGate;
    VerifiedDevice(QString path, QString node, std::uint64_t rdev)
        : m_path(std::move(path))
        , m_node(std::move(node))
        , m_rdev(rdev)
    { }

    QString m_path;
    QString m_node;
    std::uint64_t m_rdev = 0;
};

} // namespace RaidBench

#pragma once

#include "lab/labspec.h"
#include "util/result.h"

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <cstdint>

namespace RaidBench {

/// How to run the lab.
struct LabOptions
{
    QList<LabDiskSpec> disks;
    QString outDir; ///< shared read-write at the same path inside the VM; empty = none
    std::uint64_t timeoutNs = 0; ///< whole run; 0 = no limit
    std::uint64_t bootTimeoutNs = 180'000'000'000ull;
    QString accel = QStringLiteral("auto"); ///< auto, kvm or tcg
    int memoryMiB = 1024;
    /// Virtual CPUs; 0 = QemuCommandLine::defaultCpus() for the accelerator chosen.
    int cpus = 0;
    QString agent; ///< raidbench-cli to run inside the VM; empty = the one beside this program
    QString cacheDir; ///< empty = LabImage::defaultCacheDir()
    QString workRoot; ///< where the disk files go; empty = LabDisks::defaultWorkRoot()
    QStringList environment; ///< extra NAME=VALUE for the command
    /// The guest's port 22 forwarded from 127.0.0.1:sshPort on this machine (qemu user networking,
    /// restricted: the guest reaches nothing else); 0 = no network.
    int sshPort = 0;
    QString hostname; ///< the guest's host name; empty = raidbench-lab (letters, digits, '-')
    /// Files put in the control directory before boot (mode 0600, root's), which the command inside
    /// sees as /run/raidbench-lab/NAME: keys, a server configuration.
    QList<QPair<QString, QByteArray>> controlFiles;

    /// What can be said wrong of them before anything starts: no disks, a host name, an ssh port or a
    /// control file name that cannot be, an unknown accelerator.
    Result<void> check() const;
};

} // namespace RaidBench

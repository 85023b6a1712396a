#pragma once

#include "lab/labmachine.h"

#include <QString>
#include <QStringList>

namespace RaidBench {

/// The lab VM's qemu command line: the machine (accelerator, CPUs, memory, the kernel and its boot
/// image), the host's root and the lab's directories over 9p, the agent's serial ports, and every disk
/// with its controller, throttles, fault injector and SCSI identity.
class QemuCommandLine
{
public:
    /// The virtual CPUs a VM gets when the options leave it open: two under KVM, one under TCG.
    static int defaultCpus(const QString& accel);
    /// The qemu command line for these options (exposed for tests and for --dry-run style output).
    static QStringList arguments(const LabOptions& options, const QString& accel, const QString& kernel,
                                 const QString& initramfs, const QString& workDir, const QString& agent);
    /// arguments()' disks: their controllers, throttle groups, images (or modelled disks' servers),
    /// fault injectors and SCSI devices.
    static QStringList diskArguments(const LabOptions& options, const QString& workDir);
    /// The block node a disk's device sits on: its controller's throttle, else its own, else its fault
    /// injector, else the raw image.
    static QString topNode(const LabDiskSpec& disk);
};

} // namespace RaidBench

#pragma once

#include "lab/labspec.h"
#include "util/result.h"

#include <QList>
#include <QString>

#include <cstdint>
#include <memory>
#include <vector>

class QProcess;

namespace RaidBench {

/// The virtual disks of one lab VM, as files in its work directory: each disk's image, allocated up
/// front, a faulty disk's error rules for qemu's blkdebug, and for a disk with a hard disk or SSD model
/// an nbdkit serving its image through RaidBench's filter (disks/diskN.sock). The servers stop when it
/// is destroyed; the files go with the work directory, which LabMachine removes.
class LabDisks
{
public:
    LabDisks(QList<LabDiskSpec> disks, QString workDir);
    ~LabDisks();
    LabDisks(const LabDisks&) = delete;
    LabDisks& operator=(const LabDisks&) = delete;

    /// Checks that the disks fit, creates their files in workDir/disks and starts their servers. An
    /// error says what is missing (room, nbdkit, the filter); what was made is left for the work
    /// directory's removal and stop().
    Result<void> create();
    /// Stops the disk servers.
    void stop();

    /// Pulls `disk` out of the running VM whose QMP socket is `qmpSocket`, or puts it back with the
    /// same node, serial, model and WWN on its controller.
    static Result<void> hotplug(const QString& qmpSocket, const LabDiskSpec& disk, bool plug);
    /// The nbdkit filter that serves modelled disks: beside the programs (a build's lib/), else the
    /// installed one.
    static QString diskFilter();
    /// Where the disk files of `diskBytes` go: $RAIDBENCH_LAB_DIR; else memory (/dev/shm) when it takes
    /// direct I/O and holds them with room to spare, since a first write to a preallocated file on a disk
    /// costs the host's file system work the throttle does not see (a 100 MB/s disk measured 50-90 on
    /// its first pass); else /var/tmp.
    static QString defaultWorkRoot(std::uint64_t diskBytes);
    static std::uint64_t totalBytes(const QList<LabDiskSpec>& disks);

private:
    Result<void> createImage(const LabDiskSpec& disk) const;
    Result<void> startServer(const LabDiskSpec& disk);

    QList<LabDiskSpec> m_disks;
    QString m_workDir;
    std::vector<std::unique_ptr<QProcess>> m_servers; ///< one nbdkit per modelled disk
};

} // namespace RaidBench

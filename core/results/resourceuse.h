#pragma once

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>

namespace RaidBench {

/// What set a measurement's pace. Files carry it as a word (boundName): "disks", "md-thread", "cpu",
/// "none", "sync-speed-max" (a rebuild held at md's limit); an older file's missing word is Unknown.
enum class Bound { Unknown, None, Disks, MdThread, Cpu, SyncSpeedMax };

QString boundName(Bound bound);
Bound parseBound(const QString& name);

/// What bounded a measurement: how busy each member disk was (the kernel's io_ticks: the share of
/// the time the disk had a request in flight), how much of a core each of the array's md kernel
/// threads used (md does a parity or mirror array's work in one thread per array), and how busy the
/// machine's CPUs were, over the time the test ran.
struct ResourceUse
{
    double seconds = 0;
    QList<std::pair<QString, double>> diskBusy; ///< sdc -> 0.99 (share of the time)
    QList<std::pair<QString, double>> threadCpu; ///< md127_raid6 -> 0.97 (share of one core)
    double cpuBusy = 0; ///< share of all cores
    int cpus = 1;
    /// Bytes the member disks read and wrote (the block layer's sector counts), and what the test itself
    /// read and wrote on the array: a write test whose members read is writing partial stripes (md reads
    /// old data or parity before it can write new parity).
    double memberReadBytes = 0;
    double memberWriteBytes = 0;
    double testReadBytes = 0;
    double testWriteBytes = 0;
    /// What set the pace (None: neither saturated, the queue depth or each request's latency did);
    /// see docs/analysis.md.
    Bound boundBy = Bound::Unknown;
    /// What the members read per byte they wrote during a write-only test: 0 for full-stripe writes, 0.5
    /// when md reads one chunk for every two it writes; null when the test read too or nothing was counted.
    std::optional<double> partialStripeReads() const;
    /// Whether a write-only test wrote partial stripes: its members read at least 5 % of what they wrote
    /// (a full-stripe write reads nothing; the odd metadata or bitmap read stays far below that).
    bool wrotePartialStripes() const;
    QString explanation; ///< the same in words, with the figures

    QJsonObject toJson() const;
    static std::optional<ResourceUse> fromJson(const QJsonObject& json);
};

/// Counters read at one moment, for ResourceUse over an interval.
struct ResourceSample
{
    qint64 monotonicNs = 0;
    QHash<QString, double> diskBusyS; ///< io_ticks of /sys/class/block/NAME/stat, in seconds
    QHash<QString, double> diskReadBytes; ///< sectors read, in bytes
    QHash<QString, double> diskWriteBytes; ///< sectors written, in bytes
    QHash<QString, double> threadCpuS; ///< utime + stime of each thread, in seconds
    double cpuBusyS = 0; ///< /proc/stat's first line: everything but idle and iowait
    double cpuTotalS = 0;
};

/// Samples the counters of an array's member disks (kernel names, sdc) and of its md kernel threads
/// (those named after the array's md devices: md127 -> md127_raid6). `root` replaces / for tests on
/// a fixture tree. Missing counters are left out, never an error: the measurement does not depend
/// on them.
class ResourceMonitor
{
public:
    ResourceMonitor(const QStringList& disks, const QStringList& mdDevices, const QString& root = QString());

    ResourceSample sample() const;
    const QStringList& disks() const { return m_disks; }
    const QStringList& threads() const;

    /// The use between two samples, accumulated into `into` (several runs of one test add up), with
    /// the bytes the test read and wrote on the array meanwhile.
    void accumulate(const ResourceSample& before, const ResourceSample& after, ResourceUse& into,
                    double testReadBytes = 0, double testWriteBytes = 0) const;
    /// Fills boundBy and explanation from the figures.
    static void classify(ResourceUse& use);

private:
    QString m_root;
    QStringList m_disks;
    QList<std::pair<QString, QString>> m_threads; ///< thread name, its /proc/PID/stat
    QStringList m_threadNames;
    double m_tick = 100;
};

/// The kernel's own parity speeds, as it printed them when the xor and raid6 modules loaded
/// ("xor: using function: prefetch64-sse (830 MB/sec)", "raid6: using algorithm sse2x4 gen() 1210
/// MB/s"), from `log` (the kernel log's text). Empty when the log has none of those lines.
QJsonObject parseKernelParitySpeeds(const QString& log);
/// The kernel's parity speeds in words, for reports: "The kernel's own parity code: xor 830 MB/s
/// (prefetch64-sse), RAID6 syndrome 1210 MB/s (sse2x4), as it measured them when the modules loaded."
QString kernelParityText(const QJsonObject& speeds);
/// The same from this machine's kernel log (needs root or a readable log); empty when unreadable.
QJsonObject kernelParitySpeeds();

} // namespace RaidBench

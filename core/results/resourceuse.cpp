#include "resourceuse.h"

#include "util/enumwords.h"
#include "util/monotonicclock.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>
#include <array>
#include <sys/klog.h>
#include <time.h>
#include <unistd.h>
#include <utility>
#include <vector>

namespace RaidBench {

namespace {

constexpr EnumWords<Bound, 5> boundWords {{{Bound::None, "none"},
                                           {Bound::Disks, "disks"},
                                           {Bound::MdThread, "md-thread"},
                                           {Bound::Cpu, "cpu"},
                                           {Bound::SyncSpeedMax, "sync-speed-max"}}};

} // namespace

QString boundName(Bound bound)
{
    return enumWord(boundWords, bound);
}

Bound parseBound(const QString& name)
{
    return enumFromWord(boundWords, name).value_or(Bound::Unknown);
}

namespace {

constexpr double saturated = 0.85; ///< a resource this busy (or busier) is what set the pace
constexpr double partialStripeShare = 0.05; ///< see ResourceUse::wrotePartialStripes()

QByteArray readSmall(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.read(4096) : QByteArray();
}

QString percent(double share)
{
    return QStringLiteral("%1 %").arg(qRound(share * 100));
}

QJsonArray namedShares(const QList<std::pair<QString, double>>& shares, const char* key)
{
    QJsonArray array;
    for (const auto& [name, share] : shares) {
        array.append(QJsonObject {{QStringLiteral("name"), name}, {QLatin1String(key), share}});
    }
    return array;
}

QList<std::pair<QString, double>> namedShares(const QJsonArray& array, const char* key)
{
    QList<std::pair<QString, double>> shares;
    for (const QJsonValue& value : array) {
        const QJsonObject entry = value.toObject();
        shares.append({entry.value(QStringLiteral("name")).toString(), entry.value(QLatin1String(key)).toDouble()});
    }
    return shares;
}

} // namespace

QJsonObject ResourceUse::toJson() const
{
    return {{QStringLiteral("seconds"), seconds},
            {QStringLiteral("disks"), namedShares(diskBusy, "busy")},
            {QStringLiteral("threads"), namedShares(threadCpu, "cpu")},
            {QStringLiteral("cpu_busy"), cpuBusy},
            {QStringLiteral("cpus"), cpus},
            {QStringLiteral("member_read_bytes"), memberReadBytes},
            {QStringLiteral("member_write_bytes"), memberWriteBytes},
            {QStringLiteral("test_read_bytes"), testReadBytes},
            {QStringLiteral("test_write_bytes"), testWriteBytes},
            {QStringLiteral("bound_by"), boundName(boundBy)},
            {QStringLiteral("explanation"), explanation}};
}

std::optional<double> ResourceUse::partialStripeReads() const
{
    if (testWriteBytes <= 0 || testReadBytes > 0 || memberWriteBytes <= 0) {
        return std::nullopt;
    }
    return memberReadBytes / memberWriteBytes;
}

bool ResourceUse::wrotePartialStripes() const
{
    const auto reads = partialStripeReads();
    return reads && *reads >= partialStripeShare;
}

std::optional<ResourceUse> ResourceUse::fromJson(const QJsonObject& json)
{
    if (json.isEmpty()) {
        return std::nullopt;
    }
    ResourceUse use;
    use.seconds = json.value(QStringLiteral("seconds")).toDouble();
    use.diskBusy = namedShares(json.value(QStringLiteral("disks")).toArray(), "busy");
    use.threadCpu = namedShares(json.value(QStringLiteral("threads")).toArray(), "cpu");
    use.cpuBusy = json.value(QStringLiteral("cpu_busy")).toDouble();
    use.cpus = std::max(1, json.value(QStringLiteral("cpus")).toInt(1));
    use.memberReadBytes = json.value(QStringLiteral("member_read_bytes")).toDouble();
    use.memberWriteBytes = json.value(QStringLiteral("member_write_bytes")).toDouble();
    use.testReadBytes = json.value(QStringLiteral("test_read_bytes")).toDouble();
    use.testWriteBytes = json.value(QStringLiteral("test_write_bytes")).toDouble();
    use.boundBy = parseBound(json.value(QStringLiteral("bound_by")).toString());
    use.explanation = json.value(QStringLiteral("explanation")).toString();
    return use;
}

ResourceMonitor::ResourceMonitor(const QStringList& disks, const QStringList& mdDevices, const QString& root)
    : m_root(root)
    , m_disks(disks)
{
    const long tick = sysconf(_SC_CLK_TCK);
    m_tick = tick > 0 ? double(tick) : 100.0;
    // md names its kernel threads after the array: md127_raid6, md127_raid1, md127_raid10 (raid0
    // and linear have none; the I/O runs in the caller).
    QStringList prefixes;
    for (const QString& device : mdDevices) {
        prefixes.append(device.section(QLatin1Char('/'), -1) + QLatin1Char('_'));
    }
    if (prefixes.isEmpty()) {
        return;
    }
    const QDir proc(m_root + QStringLiteral("/proc"));
    for (const QString& pid : proc.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        bool numeric = false;
        pid.toInt(&numeric);
        if (!numeric) {
            continue;
        }
        const QString comm = QString::fromUtf8(readSmall(proc.filePath(pid + QStringLiteral("/comm")))).trimmed();
        for (const QString& prefix : std::as_const(prefixes)) {
            if (comm.startsWith(prefix)) {
                m_threads.append({comm, proc.filePath(pid + QStringLiteral("/stat"))});
                m_threadNames.append(comm);
            }
        }
    }
}

const QStringList& ResourceMonitor::threads() const
{
    return m_threadNames;
}

ResourceSample ResourceMonitor::sample() const
{
    ResourceSample sample;
    sample.monotonicNs = qint64(monotonicNs());
    for (const QString& disk : m_disks) {
        // Field 10 of the block layer's stat: milliseconds with at least one request in flight.
        const QList<QByteArray> fields =
            readSmall(m_root + QStringLiteral("/sys/class/block/") + disk + QStringLiteral("/stat"))
                .simplified()
                .split(' ');
        if (fields.size() >= 10) {
            sample.diskBusyS.insert(disk, fields.at(9).toDouble() / 1000.0);
            // Fields 3 and 7: sectors read and written, always of 512 bytes whatever the disk's own.
            sample.diskReadBytes.insert(disk, fields.at(2).toDouble() * 512);
            sample.diskWriteBytes.insert(disk, fields.at(6).toDouble() * 512);
        }
    }
    for (const auto& [name, statPath] : m_threads) {
        // After the ")" that ends the command name: state is field 3, utime 14, stime 15.
        const QByteArray stat = readSmall(statPath);
        const qsizetype close = stat.lastIndexOf(')');
        const QList<QByteArray> fields = stat.mid(close + 1).simplified().split(' ');
        if (close > 0 && fields.size() > 12) {
            sample.threadCpuS.insert(name, (fields.at(11).toDouble() + fields.at(12).toDouble()) / m_tick);
        }
    }
    // cpu user nice system idle iowait irq softirq steal (guest time is inside user already).
    const QByteArray procStat = readSmall(m_root + QStringLiteral("/proc/stat"));
    const QList<QByteArray> cpu = procStat.left(procStat.indexOf('\n')).simplified().split(' ');
    if (cpu.size() >= 9 && cpu.first() == "cpu") {
        double total = 0;
        for (int i = 1; i <= 8; ++i) {
            total += cpu.at(i).toDouble();
        }
        sample.cpuTotalS = total / m_tick;
        sample.cpuBusyS = (total - cpu.at(4).toDouble() - cpu.at(5).toDouble()) / m_tick;
    }
    return sample;
}

void ResourceMonitor::accumulate(const ResourceSample& before, const ResourceSample& after, ResourceUse& into,
                                 double testReadBytes, double testWriteBytes) const
{
    const double seconds = double(after.monotonicNs - before.monotonicNs) / 1e9;
    if (seconds <= 0) {
        return;
    }
    const double total = into.seconds + seconds;
    // Shares are time-weighted over every interval added so far.
    const auto add = [&](QList<std::pair<QString, double>>& shares, const QString& name, double busySeconds) {
        for (auto& [known, share] : shares) {
            if (known == name) {
                share = (share * into.seconds + busySeconds) / total;
                return;
            }
        }
        shares.append({name, busySeconds / total});
    };
    for (const QString& disk : m_disks) {
        if (before.diskBusyS.contains(disk) && after.diskBusyS.contains(disk)) {
            add(into.diskBusy, disk,
                std::clamp(after.diskBusyS.value(disk) - before.diskBusyS.value(disk), 0.0, seconds));
            into.memberReadBytes += std::max(0.0, after.diskReadBytes.value(disk) - before.diskReadBytes.value(disk));
            into.memberWriteBytes +=
                std::max(0.0, after.diskWriteBytes.value(disk) - before.diskWriteBytes.value(disk));
        }
    }
    for (const QString& thread : m_threadNames) {
        if (before.threadCpuS.contains(thread) && after.threadCpuS.contains(thread)) {
            add(into.threadCpu, thread,
                std::clamp(after.threadCpuS.value(thread) - before.threadCpuS.value(thread), 0.0, seconds));
        }
    }
    const double cpuTotal = after.cpuTotalS - before.cpuTotalS;
    if (cpuTotal > 0) {
        const double busy = std::clamp((after.cpuBusyS - before.cpuBusyS) / cpuTotal, 0.0, 1.0);
        into.cpuBusy = (into.cpuBusy * into.seconds + busy * seconds) / total;
        into.cpus = std::max(1, qRound(cpuTotal / seconds));
    }
    into.testReadBytes += testReadBytes;
    into.testWriteBytes += testWriteBytes;
    into.seconds = total;
    classify(into);
}

void ResourceMonitor::classify(ResourceUse& use)
{
    // The busiest of the three, when it is near its limit; a disk cannot be busier than all the
    // time, a thread than one core, the machine than all its cores.
    const auto busiest = [](const QList<std::pair<QString, double>>& shares) {
        std::pair<QString, double> top;
        for (const auto& entry : shares) {
            top = entry.second > top.second ? entry : top;
        }
        return top;
    };
    const auto [disk, diskShare] = busiest(use.diskBusy);
    const auto [thread, threadShare] = busiest(use.threadCpu);
    const QString cores = use.cpus == 1
        ? QStringLiteral("its one core %1 busy").arg(percent(use.cpuBusy))
        : QStringLiteral("all %1 cores %2 busy").arg(use.cpus).arg(percent(use.cpuBusy));
    if (diskShare >= saturated && diskShare >= threadShare && diskShare >= use.cpuBusy) {
        QStringList busy;
        for (const auto& [name, share] : use.diskBusy) {
            if (share >= saturated) {
                busy.append(QStringLiteral("%1 %2").arg(name, percent(share)));
            }
        }
        use.boundBy = Bound::Disks;
        use.explanation = QStringLiteral("the disks: busy %1 of the time").arg(busy.join(QStringLiteral(", ")));
    } else if (threadShare >= saturated && threadShare >= use.cpuBusy) {
        use.boundBy = Bound::MdThread;
        use.explanation = QStringLiteral("the CPU: md's kernel thread for the array (%1) used %2 of a core; "
                                         "the disks were busy %3 at most")
                              .arg(thread, percent(threadShare), percent(diskShare));
    } else if (use.cpuBusy >= saturated) {
        use.boundBy = Bound::Cpu;
        use.explanation = QStringLiteral("the CPU: %1; the disks were busy %2 at most").arg(cores, percent(diskShare));
    } else {
        use.boundBy = Bound::None;
        QString cpu = cores;
        if (!thread.isEmpty()) {
            cpu = QStringLiteral("%1 %2 of a core, %3").arg(thread, percent(threadShare), cores);
        }
        use.explanation = disk.isEmpty()
            ? QStringLiteral("no resource was saturated (CPU: %1)").arg(cpu)
            : QStringLiteral("neither the disks (busiest: %1 %2) nor the CPU (%3) was saturated: the queue depth "
                             "or each request's latency set the pace")
                  .arg(disk, percent(diskShare), cpu);
    }
    // A write test whose members read: md had to read old data or parity before writing new parity.
    if (use.wrotePartialStripes()) {
        use.explanation += QStringLiteral("; partial stripes: the member disks read %1 MB while writing %2 MB for a "
                                          "test that only wrote (md reads old data or parity before it can write a "
                                          "stripe the write does not fill)")
                               .arg(qRound(use.memberReadBytes / 1e6))
                               .arg(qRound(use.memberWriteBytes / 1e6));
    }
}

QJsonObject parseKernelParitySpeeds(const QString& log)
{
    QJsonObject speeds;
    const auto last = [&](const QRegularExpression& pattern) {
        QRegularExpressionMatch found;
        QRegularExpressionMatchIterator it = pattern.globalMatch(log);
        while (it.hasNext()) {
            found = it.next();
        }
        return found;
    };
    static const QRegularExpression xorFunction(QStringLiteral("xor: using function: (\\S+) \\((\\d+) MB/sec\\)"));
    static const QRegularExpression xorBest(
        QStringLiteral("xor: automatically using best checksumming function\\s+(\\S+)"));
    static const QRegularExpression raid6Gen(QStringLiteral("raid6: using algorithm (\\S+) gen\\(\\) (\\d+) MB/s"));
    static const QRegularExpression raid6Xor(QStringLiteral("raid6: \\.+ xor\\(\\) (\\d+) MB/s"));
    if (const QRegularExpressionMatch match = last(xorFunction); match.hasMatch()) {
        speeds.insert(QStringLiteral("xor_function"), match.captured(1));
        speeds.insert(QStringLiteral("xor_mbps"), match.captured(2).toDouble());
    } else if (const QRegularExpressionMatch best = last(xorBest); best.hasMatch()) {
        speeds.insert(QStringLiteral("xor_function"), best.captured(1));
    }
    if (const QRegularExpressionMatch match = last(raid6Gen); match.hasMatch()) {
        speeds.insert(QStringLiteral("raid6_algorithm"), match.captured(1));
        speeds.insert(QStringLiteral("raid6_gen_mbps"), match.captured(2).toDouble());
    }
    if (const QRegularExpressionMatch match = last(raid6Xor); match.hasMatch()) {
        speeds.insert(QStringLiteral("raid6_xor_mbps"), match.captured(1).toDouble());
    }
    return speeds;
}

QString kernelParityText(const QJsonObject& speeds)
{
    QStringList parts;
    const auto part = [&](const char* what, const char* speedKey, const char* nameKey) {
        const double mbps = speeds.value(QLatin1String(speedKey)).toDouble();
        const QString name = speeds.value(QLatin1String(nameKey)).toString();
        if (mbps > 0) {
            parts.append(name.isEmpty()
                             ? QStringLiteral("%1 %2 MB/s").arg(QLatin1String(what)).arg(mbps)
                             : QStringLiteral("%1 %2 MB/s (%3)").arg(QLatin1String(what)).arg(mbps).arg(name));
        } else if (!name.isEmpty()) {
            parts.append(QStringLiteral("%1 %2").arg(QLatin1String(what), name));
        }
    };
    part("xor", "xor_mbps", "xor_function");
    part("RAID6 syndrome", "raid6_gen_mbps", "raid6_algorithm");
    part("RAID6 xor", "raid6_xor_mbps", "");
    return parts.isEmpty()
        ? QString()
        : QStringLiteral("The kernel's own parity code: %1, as it measured them when its modules loaded.")
              .arg(parts.join(QStringLiteral(", ")));
}

QJsonObject kernelParitySpeeds()
{
    constexpr int readAll = 3; // SYSLOG_ACTION_READ_ALL
    constexpr int sizeBuffer = 10; // SYSLOG_ACTION_SIZE_BUFFER
    const int size = klogctl(sizeBuffer, nullptr, 0);
    if (size <= 0) {
        return {};
    }
    std::vector<char> buffer(std::size_t(size) + 1);
    const int got = klogctl(readAll, buffer.data(), size);
    return got > 0 ? parseKernelParitySpeeds(QString::fromUtf8(buffer.data(), got)) : QJsonObject();
}

} // namespace RaidBench

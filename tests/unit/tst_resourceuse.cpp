// What bounded a measurement, from a fixture /proc and /sys: how busy the disks, md's thread and the
// CPUs were. The real counters are read in the lab (tst_campaign_lab prints them for every preset).

#include "results/resourceuse.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace RaidBench;

class TstResourceUse : public QObject
{
    Q_OBJECT

    QTemporaryDir m_root;

    void write(const QString& path, const QByteArray& text)
    {
        QVERIFY(QDir().mkpath(QFileInfo(m_root.filePath(path)).path()));
        QFile file(m_root.filePath(path));
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(text);
    }

    /// Counters as the kernel shows them: io_ticks (ms) in field 10, utime and stime (ticks) in 14
    /// and 15 of a thread whose name has a space and a ")" in it, /proc/stat's cpu line (ticks).
    void setCounters(int sdcTicksMs, int sddTicksMs, long threadTicks, long cpuBusyTicks, long cpuIdleTicks)
    {
        const auto blockStat = [](int ioTicks) -> QByteArray {
            return QByteArray("    1000        0   200000     500     2000        0  4096000   90000        0   ") +
                QByteArray::number(ioTicks) + "   95000\n";
        };
        write(QStringLiteral("sys/class/block/sdc/stat"), blockStat(sdcTicksMs));
        write(QStringLiteral("sys/class/block/sdd/stat"), blockStat(sddTicksMs));
        write(QStringLiteral("proc/412/comm"), "md127_raid6\n");
        write(QStringLiteral("proc/412/stat"),
              "412 (md127_raid6) S 2 0 0 0 -1 2129984 0 0 0 0 0 " + QByteArray::number(threadTicks) +
                  " 0 0 20 0 1 0 120 0 0\n");
        write(QStringLiteral("proc/413/comm"), "kworker/0:1 (x)\n");
        write(QStringLiteral("proc/413/stat"), "413 (kworker/0:1 (x)) I 2 0 0 0 -1 0 0 0 0 0 500 500 0 0\n");
        write(QStringLiteral("proc/stat"),
              "cpu  " + QByteArray::number(cpuBusyTicks) + " 0 0 " + QByteArray::number(cpuIdleTicks) +
                  " 0 0 0 0 0 0\ncpu0 1 0 0 1 0 0 0 0 0 0\n");
    }

private Q_SLOTS:
    void disksThreadsAndCpuOverARun()
    {
        const double tick = double(sysconf(_SC_CLK_TCK));
        setCounters(1000, 1000, 0, 0, 0);
        const ResourceMonitor monitor({QStringLiteral("sdc"), QStringLiteral("sdd")}, {QStringLiteral("/dev/md127")},
                                      m_root.path());
        QCOMPARE(monitor.threads(), QStringList {QStringLiteral("md127_raid6")}); // not the kworker
        ResourceSample before = monitor.sample();
        QCOMPARE(before.diskBusyS.value(QStringLiteral("sdc")), 1.0);
        // Ten seconds: sdc busy 9.9 s, sdd 6 s, md's thread 4 s of CPU, two cores 40 % busy.
        setCounters(1000 + 9900, 1000 + 6000, long(4 * tick), long(8 * tick), long(12 * tick));
        ResourceSample after = monitor.sample();
        after.monotonicNs = before.monotonicNs + 10'000'000'000;
        ResourceUse use;
        monitor.accumulate(before, after, use);
        QCOMPARE(use.seconds, 10.0);
        QCOMPARE(use.diskBusy.size(), 2);
        QVERIFY(qFuzzyCompare(use.diskBusy.at(0).second, 0.99));
        QVERIFY(qFuzzyCompare(use.diskBusy.at(1).second, 0.6));
        QCOMPARE(use.threadCpu.size(), 1);
        QVERIFY(qFuzzyCompare(use.threadCpu.at(0).second, 0.4));
        QVERIFY(qFuzzyCompare(use.cpuBusy, 0.4));
        QCOMPARE(use.cpus, 2);
        QCOMPARE(use.boundBy, Bound::Disks);
        QCOMPARE(use.explanation, QStringLiteral("the disks: busy sdc 99 % of the time"));

        // A second run of the same test, ten seconds with md's thread at 97 % of a core and the
        // disks half busy: over both runs neither is near its limit.
        before = after;
        setCounters(10900 + 5100, 7000 + 5000, long(4 * tick + 9.7 * tick), long(8 * tick + 10 * tick),
                    long(12 * tick + 10 * tick));
        after = monitor.sample();
        after.monotonicNs = before.monotonicNs + 10'000'000'000;
        monitor.accumulate(before, after, use);
        QCOMPARE(use.seconds, 20.0);
        QVERIFY(qFuzzyCompare(use.diskBusy.at(0).second, (9.9 + 5.1) / 20.0));
        QVERIFY(qFuzzyCompare(use.threadCpu.at(0).second, (4.0 + 9.7) / 20.0));
        QCOMPARE(use.boundBy, Bound::None); // 75 % and 68.5 %: neither saturated
        QVERIFY2(use.explanation.contains(QLatin1String("busiest: sdc 75 %")), qPrintable(use.explanation));

        // The JSON keeps all of it.
        const std::optional<ResourceUse> back = ResourceUse::fromJson(use.toJson());
        QVERIFY(back);
        QCOMPARE(back->boundBy, use.boundBy);
        QCOMPARE(back->explanation, use.explanation);
        QCOMPARE(back->diskBusy, use.diskBusy);
        QCOMPARE(back->threadCpu, use.threadCpu);
        QVERIFY(!ResourceUse::fromJson({}));
    }

    void partialStripesFromTheMembersReads()
    {
        // A write test: the members read 1 GB and wrote 4 GB meanwhile (fields 3 and 7, sectors of 512
        // bytes whatever the disk's own): md read before writing, a quarter of what it wrote.
        const auto stat = [](qint64 readSectors, qint64 writtenSectors) -> QByteArray {
            return QByteArray("    1000        0 ") + QByteArray::number(readSectors) + "     500     2000        0 " +
                QByteArray::number(writtenSectors) + "   90000        0   9000   95000\n";
        };
        write(QStringLiteral("sys/class/block/sdc/stat"), stat(0, 0));
        write(QStringLiteral("sys/class/block/sdd/stat"), stat(0, 0));
        const ResourceMonitor monitor({QStringLiteral("sdc"), QStringLiteral("sdd")}, {}, m_root.path());
        const ResourceSample before = monitor.sample();
        write(QStringLiteral("sys/class/block/sdc/stat"), stat(1'000'000'000 / 512, 2'000'000'000 / 512));
        write(QStringLiteral("sys/class/block/sdd/stat"), stat(0, 2'000'000'000 / 512));
        ResourceSample after = monitor.sample();
        after.monotonicNs = before.monotonicNs + 10'000'000'000;
        ResourceUse use;
        monitor.accumulate(before, after, use, 0, 3e9);
        QCOMPARE(use.memberReadBytes, 1e9);
        QCOMPARE(use.memberWriteBytes, 4e9);
        QCOMPARE(*use.partialStripeReads(), 0.25);
        QVERIFY(use.wrotePartialStripes());
        QVERIFY2(
            use.explanation.contains(QLatin1String(
                "partial stripes: the member disks read 1000 MB while writing 4000 MB for a test that only wrote")),
            qPrintable(use.explanation));
        const std::optional<ResourceUse> back = ResourceUse::fromJson(use.toJson());
        QVERIFY(back && back->wrotePartialStripes());
        // A test that read as well proves nothing about stripes; a full-stripe write reads nothing.
        ResourceUse mixed;
        monitor.accumulate(before, after, mixed, 1e9, 3e9);
        QVERIFY(!mixed.partialStripeReads() && !mixed.wrotePartialStripes());
        QVERIFY(!mixed.explanation.contains(QLatin1String("partial")));
        write(QStringLiteral("sys/class/block/sdc/stat"), stat(0, 2'000'000'000 / 512));
        ResourceSample full = monitor.sample();
        full.monotonicNs = after.monotonicNs;
        ResourceUse whole;
        monitor.accumulate(before, full, whole, 0, 3e9);
        QCOMPARE(*whole.partialStripeReads(), 0.0);
        QVERIFY(!whole.wrotePartialStripes());
    }

    void oneCore()
    {
        // A machine of one core (the lab's VM): its core, not "all 1 cores".
        ResourceUse use;
        use.seconds = 10;
        use.cpus = 1;
        use.diskBusy = {{QStringLiteral("sdc"), 0.4}};
        use.cpuBusy = 0.99;
        ResourceMonitor::classify(use);
        QCOMPARE(use.explanation, QStringLiteral("the CPU: its one core 99 % busy; the disks were busy 40 % at most"));
    }

    void classification_data()
    {
        QTest::addColumn<double>("disk");
        QTest::addColumn<double>("thread");
        QTest::addColumn<double>("cpu");
        QTest::addColumn<QString>("bound");
        QTest::addColumn<QString>("words");
        QTest::newRow("disks") << 0.99 << 0.63 << 0.5 << "disks"
                               << "the disks: busy sdc 99 % of the time";
        QTest::newRow("md thread") << 0.70 << 0.97 << 0.6 << "md-thread"
                                   << "the CPU: md's kernel thread for the array (md127_raid6) used 97 % of a "
                                      "core; the disks were busy 70 % at most";
        QTest::newRow("all cores") << 0.40 << 0.30 << 0.95 << "cpu"
                                   << "the CPU: all 2 cores 95 % busy; the disks were busy 40 % at most";
        QTest::newRow("neither") << 0.50 << 0.30 << 0.20 << "none"
                                 << "neither the disks (busiest: sdc 50 %) nor the CPU (md127_raid6 30 % of a core, "
                                    "all 2 cores 20 % busy) was saturated: the queue depth or each request's latency "
                                    "set the pace";
    }

    void classification()
    {
        QFETCH(double, disk);
        QFETCH(double, thread);
        QFETCH(double, cpu);
        ResourceUse use;
        use.seconds = 10;
        use.cpus = 2;
        use.diskBusy = {{QStringLiteral("sdc"), disk}, {QStringLiteral("sdd"), disk - 0.3}};
        use.threadCpu = {{QStringLiteral("md127_raid6"), thread}};
        use.cpuBusy = cpu;
        ResourceMonitor::classify(use);
        QTEST(boundName(use.boundBy), "bound");
        QTEST(use.explanation, "words");
    }

    void missingCountersAreLeftOut()
    {
        // A disk that went away, a thread that ended: no figure, no error.
        const ResourceMonitor monitor({QStringLiteral("sdz")}, {QStringLiteral("md9")}, m_root.path());
        QVERIFY(monitor.threads().isEmpty());
        const ResourceSample sample = monitor.sample();
        QVERIFY(sample.diskBusyS.isEmpty());
        ResourceUse use;
        ResourceSample later = sample;
        later.monotonicNs += 1'000'000'000;
        monitor.accumulate(sample, later, use);
        QVERIFY(use.diskBusy.isEmpty());
        QCOMPARE(use.boundBy, Bound::None);
    }

    void kernelParitySpeedsFromTheLog()
    {
        // Recorded in the lab VM (Debian 12's 6.1 kernel under TCG) when raid456 loaded.
        const QString log = QStringLiteral("<6>[    4.974938] async_tx: api initialized (async)\n"
                                           "<6>[    4.992801] xor: measuring software checksum speed\n"
                                           "<6>[    4.998000]    prefetch64-sse  :   830 MB/sec\n"
                                           "<6>[    5.006584] xor: using function: prefetch64-sse (830 MB/sec)\n"
                                           "<6>[    5.097876] raid6: sse2x4   gen()  1210 MB/s\n"
                                           "<6>[    5.165855] raid6: sse2x2   gen()  1045 MB/s\n"
                                           "<6>[    5.234007] raid6: using algorithm sse2x4 gen() 1210 MB/s\n"
                                           "<6>[    5.301956] raid6: .... xor() 765 MB/s, rmw enabled\n"
                                           "<6>[    5.302144] raid6: using intx1 recovery algorithm\n");
        const QJsonObject speeds = parseKernelParitySpeeds(log);
        QCOMPARE(speeds.value(QStringLiteral("xor_function")).toString(), QStringLiteral("prefetch64-sse"));
        QCOMPARE(speeds.value(QStringLiteral("xor_mbps")).toDouble(), 830.0);
        QCOMPARE(speeds.value(QStringLiteral("raid6_algorithm")).toString(), QStringLiteral("sse2x4"));
        QCOMPARE(speeds.value(QStringLiteral("raid6_gen_mbps")).toDouble(), 1210.0);
        QCOMPARE(speeds.value(QStringLiteral("raid6_xor_mbps")).toDouble(), 765.0);
        // Older kernels name the function without a speed; a log without the lines gives nothing.
        QCOMPARE(
            parseKernelParitySpeeds(QStringLiteral("xor: automatically using best checksumming function   avx  \n"))
                .value(QStringLiteral("xor_function"))
                .toString(),
            QStringLiteral("avx"));
        QVERIFY(parseKernelParitySpeeds(QStringLiteral("md: raid1 personality registered\n")).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstResourceUse)
#include "tst_resourceuse.moc"

#include "lab/cpioarchive.h"
#include "lab/diskmodel.h"
#include "lab/labdisks.h"
#include "lab/labimage.h"
#include "lab/labmachine.h"
#include "lab/labspec.h"
#include "lab/qemucommandline.h"
#include "util/errorcodes.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace RaidBench;

/// The lab's pure parts: spec parsing, the qemu command line, module order, the boot archive.
class TestLab final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parseSpec_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<int>("count");
        QTest::addColumn<QString>("canonical");
        QTest::newRow("two fast, two slow") << "2x2G@105,2x2G@38" << 4 << "2G@105,2G@105,2G@38,2G@38";
        QTest::newRow("hard disks") << "2x1G@105:iops=150" << 2 << "1G@105:iops=150,1G@105:iops=150";
        QTest::newRow("iops only, and a fault") << "1G:fail-read=1M:iops=80" << 1 << "1G:iops=80:fail-read=1M";
        QTest::newRow("unthrottled") << "3x1G" << 3 << "1G,1G,1G";
        QTest::newRow("read differs") << "1G@100/200" << 1 << "1G@100/200";
        QTest::newRow("fault") << "1G:fail-write=100M" << 1 << "1G:fail-write=100M";
        QTest::newRow("read fault and speed") << "512M@50:fail-read=1M" << 1 << "512M@50:fail-read=1M";
        QTest::newRow("decimal speed") << "1G@12.5" << 1 << "1G@12.5";
    }
    void parseSpec()
    {
        QFETCH(QString, spec);
        QFETCH(int, count);
        QFETCH(QString, canonical);
        const auto disks = parseLabSpec(spec);
        QVERIFY2(disks.ok(), qPrintable(disks.ok() ? QString() : disks.error().message));
        QCOMPARE(disks->size(), count);
        QCOMPARE(formatLabSpec(*disks), canonical);
        for (int i = 0; i < disks->size(); ++i) {
            QCOMPARE(disks->at(i).index, i);
            QCOMPARE(disks->at(i).serial(), QStringLiteral("RBLAB%1").arg(i + 1, 4, 10, QLatin1Char('0')));
            QVERIFY(disks->at(i).model().size() <= 16);
        }
    }

    void badSpecs_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("zero disks") << "0x1G"
                                    << "at least 1";
        QTest::newRow("zero speed") << "1G@0"
                                    << "more than 0";
        QTest::newRow("bad unit") << "1Q"
                                  << "1Q";
        QTest::newRow("speed not a number") << "2G@abc"
                                            << "abc";
        QTest::newRow("empty") << ""
                               << "no disks";
        QTest::newRow("empty item") << "1G,,1G"
                                    << "expected";
        QTest::newRow("tiny") << "1k"
                              << "between 16M and 16T";
        QTest::newRow("fault beyond disk") << "1G:fail-write=2G"
                                           << "inside the disk";
        QTest::newRow("unknown option") << "1G:explode=1M"
                                        << "unknown option 'explode'";
        QTest::newRow("iops zero") << "1G:iops=0"
                                   << "from 1 to";
        QTest::newRow("iops not a number") << "1G:iops=fast"
                                           << "iops=fast";
        QTest::newRow("iops twice") << "1G:iops=1:iops=2"
                                    << "twice";
        QTest::newRow("two faults") << "1G:fail-read=1M:fail-write=1M"
                                    << "one fault";
        QTest::newRow("option without value") << "1G:iops"
                                              << "needs a value";
        QTest::newRow("option with an empty value") << "1G:fail-read="
                                                    << "needs a value";
        QTest::newRow("unknown model") << "1G:nvme"
                                       << "unknown disk model 'nvme': a lab disk is hdd, ssd or flat";
        QTest::newRow("empty option") << "1G::iops=1"
                                      << "empty option";
        QTest::newRow("too many") << "40x1G"
                                  << "at most 32";
        QTest::newRow("inner faster") << "1G:hdd:inner=200"
                                      << "inner zone (200 MB/s) cannot be faster";
        QTest::newRow("zero rpm") << "1G:hdd:rpm=0"
                                  << "rpm=0 must be a number from 1000";
        QTest::newRow("cache larger than disk") << "1G:ssd:cache=2G"
                                                << "no larger than the disk";
        QTest::newRow("iops on a model") << "1G:hdd:iops=100"
                                         << "a model's seeks";
        QTest::newRow("rpm without model") << "1G:rpm=5400"
                                           << "rpm= belongs to a hard disk (add :hdd)";
        QTest::newRow("steady on a hard disk") << "1G:hdd:steady=50"
                                               << "steady= belongs to an SSD (add :ssd)";
        QTest::newRow("two models") << "1G:hdd:ssd"
                                    << "one model per disk";
        QTest::newRow("hdd two rates") << "1G@100/120:hdd"
                                       << "one rate";
        QTest::newRow("steady above burst") << "1G@100/200:ssd:steady=150"
                                            << "cannot be above the burst rate";
    }

    void diskModels()
    {
        // The spec: a model, its parameters, its product string, and the text back.
        const auto hdd = parseLabSpec(QStringLiteral("2x2G@150:hdd:inner=80:rpm=5400"));
        QVERIFY2(hdd.ok(), qPrintable(hdd.ok() ? QString() : hdd.error().message));
        const DiskModelParams& h = hdd->first().diskModel;
        QCOMPARE(h.kind, DiskKind::Hdd);
        QCOMPARE(h.outerMBps, 150.0);
        QCOMPARE(h.innerMBps, 80.0);
        QCOMPARE(h.rpm, 5400.0);
        QCOMPARE(hdd->first().writeMBps, 0.0); // no qemu throttle under a model
        QCOMPARE(hdd->first().model(), QStringLiteral("VHDD 150-80 5400"));
        const auto again = parseLabSpec(formatLabSpec(*hdd));
        QVERIFY2(again.ok(), qPrintable(formatLabSpec(*hdd)));
        QCOMPARE(again->first().diskModel.toConfig(), h.toConfig());
        // @OUTER alone scales the inner zone with it: 105 -> 55 is the default's ratio.
        const auto scaled = parseLabSpec(QStringLiteral("1G@210:hdd"));
        QVERIFY(scaled.ok());
        QCOMPARE(qRound(scaled->first().diskModel.innerMBps), 110);
        const auto ssd = parseLabSpec(QStringLiteral("1G@300/350:ssd:cache=256M:steady=90"));
        QVERIFY2(ssd.ok(), qPrintable(ssd.ok() ? QString() : ssd.error().message));
        QCOMPARE(ssd->first().diskModel.burstMBps, 300.0);
        QCOMPARE(ssd->first().diskModel.readMBps, 350.0);
        QCOMPARE(ssd->first().diskModel.steadyMBps, 90.0);
        QCOMPARE(ssd->first().diskModel.cacheBytes, 256ull << 20);
        QCOMPARE(ssd->first().model(), QStringLiteral("VSSD W300 R350"));
        QVERIFY(parseLabSpec(formatLabSpec(*ssd)).ok());
        // qemu reaches a modelled disk over its nbdkit socket.
        LabOptions options;
        options.disks = *hdd;
        const QString args =
            QemuCommandLine::arguments(options, QStringLiteral("tcg"), QStringLiteral("/k"), QStringLiteral("/i"),
                                       QStringLiteral("/w"), QStringLiteral("/a"))
                .join(QLatin1Char(' '));
        QVERIFY2(args.contains(
                     QStringLiteral("driver=nbd,node-name=file0,server.type=unix,server.path=/w/disks/disk0.sock")),
                 qPrintable(args));
        QVERIFY(!args.contains(QLatin1String("throttle-group")));
    }

    void hardDiskTiming()
    {
        DiskModelParams params = DiskModelParams::defaults(DiskKind::Hdd, 1000ull * 1000 * 1000);
        DiskModel disk(params);
        // Zones: 105 MB/s at the start, 80 in the middle, 55 at the end.
        QCOMPARE(qRound(disk.mediaRate(0) / 1e6), 105);
        QCOMPARE(qRound(disk.mediaRate(500'000'000) / 1e6), 80);
        QCOMPARE(qRound(disk.mediaRate(1'000'000'000) / 1e6), 55);
        // Sequential reads one after the other, each arriving when the last completed: the zone's rate.
        double t = 10;
        const std::uint32_t mib = 1 << 20;
        t = disk.read(0, mib, t); // the first one seeks
        const double start = t;
        for (int i = 1; i <= 100; ++i) {
            t = disk.read(std::uint64_t(i) * mib, mib, t + 0.0002); // the guest's own time between requests
        }
        const double expectedRate = disk.mediaRate(std::uint64_t(mib) * 51) / 1e6; // the middle of what was read
        QVERIFY2(std::abs(100.0 * mib / (t - start) / 1e6 - expectedRate) < expectedRate * 0.01,
                 qPrintable(QString::number(t - start)));
        // A random 4 KiB read: a seek, half a rotation (4.17 ms at 7200 rpm), the transfer.
        const double seek = disk.seekSeconds(0.3);
        QVERIFY(seek > disk.seekSeconds(0.01) && seek < disk.seekSeconds(1.0));
        QCOMPARE(qRound(disk.seekSeconds(1.0) * 1e4), qRound((1.0 + 7.5 * 15 / 8) * 10)); // full stroke
        const double before = t;
        const double done = disk.read(700'000'000, 4096, before);
        const double expected = disk.seekSeconds(std::abs(700e6 - 101.0 * mib) / 1e9) + 60.0 / 7200 / 2 +
            4096 / disk.mediaRate(700'000'000);
        QVERIFY2(std::abs((done - before) - expected) < 1e-9, qPrintable(QString::number(done - before)));
        // The write cache on: a write completes at the link's speed; a flush waits for the media.
        const double w = disk.write(100'000'000, mib, false, done);
        QVERIFY(w - done < 0.002);
        const double flushed = disk.flush(w);
        QVERIFY2(flushed - w > 0.005, qPrintable(QString::number(flushed - w)));
        // The cache off (FUA): the write takes the media's time, and a flush has nothing left to wait for.
        const double fua = disk.write(100'000'000 + mib, mib, true, flushed);
        QVERIFY(fua - flushed > 1.0 * mib / disk.mediaRate(100'000'000) * 0.99);
        QCOMPARE(disk.flush(fua), fua);
        // A sequential write that finds the media idle waits for its sector to come round.
        const double late = fua + 0.001;
        const double next = disk.write(100'000'000 + 2 * mib, 4096, true, late);
        QVERIFY2(next - late > 60.0 / 7200 - 0.0011, qPrintable(QString::number(next - late)));
    }

    void ssdTiming()
    {
        DiskModelParams params = DiskModelParams::defaults(DiskKind::Ssd, 1024ull << 20);
        params.burstMBps = 400;
        params.steadyMBps = 100;
        params.cacheBytes = 100'000'000;
        DiskModel disk(params);
        // 100 MB at 400 MB/s, then at 100 MB/s.
        double t = 5;
        for (int i = 0; i < 100; ++i) {
            t = disk.write(std::uint64_t(i) * 1'000'000, 1'000'000, false, t);
        }
        QVERIFY2(std::abs((t - 5) - 0.25) < 0.001, qPrintable(QString::number(t - 5)));
        const double full = t;
        for (int i = 100; i < 150; ++i) {
            t = disk.write(std::uint64_t(i) * 1'000'000, 1'000'000, false, t);
        }
        QVERIFY2(std::abs((t - full) - 0.5) < 0.001, qPrintable(QString::number(t - full)));
        // Idle for 0.31 s: 31 MB folded, so the next 30 MB go at the burst rate again.
        t += 0.31;
        const double rested = t;
        for (int i = 0; i < 30; ++i) {
            t = disk.write(std::uint64_t(i) * 1'000'000, 1'000'000, false, t);
        }
        QVERIFY2(std::abs((t - rested) - 0.075) < 0.001, qPrintable(QString::number(t - rested)));
        // A 4 KiB read: the latency, flat.
        QVERIFY(std::abs(disk.read(0, 4096, 100) - 100 - (60e-6 + 4096 / 540e6)) < 1e-9);
    }
    void badSpecs()
    {
        QFETCH(QString, spec);
        QFETCH(QString, mentions);
        const auto disks = parseLabSpec(spec);
        QVERIFY(!disks.ok());
        QCOMPARE(disks.error().code, QStringLiteral("invalid-lab-spec"));
        QVERIFY2(disks.error().message.contains(mentions), qPrintable(disks.error().message));
    }

    void controllersRoundRobin()
    {
        const auto disks = parseLabSpec(QStringLiteral("6x1G"), 3);
        QVERIFY(disks.ok());
        QCOMPARE(disks->at(0).controller, 0);
        QCOMPARE(disks->at(1).controller, 1);
        QCOMPARE(disks->at(2).controller, 2);
        QCOMPARE(disks->at(3).controller, 0);
        // Every controller needs a disk.
        const auto tooMany = parseLabSpec(QStringLiteral("2x1G"), 3);
        QVERIFY(!tooMany.ok());
        QCOMPARE(tooMany.error().code, QStringLiteral("invalid-lab-spec"));
        QVERIFY2(tooMany.error().message.contains(QLatin1String("3 controllers for 2 disk(s)")),
                 qPrintable(tooMany.error().message));
        QVERIFY(!parseLabSpec(QStringLiteral("4x1G"), 9).ok());
        QVERIFY(parseLabSpec(QStringLiteral("3x1G"), 3).ok());
    }

    void controllersWithALimitShareOneThrottle()
    {
        const auto shape = parseLabControllers(QStringLiteral("2@150"));
        QVERIFY(shape.ok());
        QCOMPARE(shape->count, 2);
        QCOMPARE(shape->mbps, 150.0);
        for (const char* bad : {"0", "9", "x", "2@", "2@0", "2@fast", "@100"}) {
            const auto refused = parseLabControllers(QLatin1String(bad));
            QVERIFY2(!refused.ok(), bad);
            QCOMPARE(refused.error().code, QStringLiteral("invalid-lab-spec"));
        }
        const auto disks = parseLabSpec(QStringLiteral("4x1G@100"), shape->count, shape->mbps);
        QVERIFY(disks.ok());
        LabOptions options;
        options.disks = *disks;
        const QString args = QemuCommandLine::arguments(options, QStringLiteral("tcg"), QStringLiteral("/k"),
                                                        QStringLiteral("/i"), QStringLiteral("/w"), QStringLiteral("a"))
                                 .join(QLatin1Char(' '));
        // One group per controller, each disk's own throttle below it, the device on top of both.
        QCOMPARE(args.count(QStringLiteral("throttle-group,id=shared")), 2);
        QVERIFY(args.contains(QStringLiteral("throttle-group,id=shared1,x-bps-total=150000000")));
        QVERIFY(
            args.contains(QStringLiteral("driver=throttle,node-name=controller3,throttle-group=shared1,file=limit3")));
        QVERIFY(args.contains(QStringLiteral("bus=scsi1.0,channel=0,scsi-id=3,lun=0,drive=controller3,")));
        // Without a limit nothing is shared.
        options.disks = *parseLabSpec(QStringLiteral("4x1G@100"), 2);
        QVERIFY(!QemuCommandLine::arguments(options, QStringLiteral("tcg"), QStringLiteral("/k"), QStringLiteral("/i"),
                                            QStringLiteral("/w"), QStringLiteral("a"))
                     .join(QLatin1Char(' '))
                     .contains(QStringLiteral("shared")));
    }

    void diskFilesGoWhereTheyFit()
    {
        // Memory when it holds them with room to spare and takes direct I/O, else /var/tmp; the
        // environment variable always wins.
        const QByteArray saved = qgetenv("RAIDBENCH_LAB_DIR");
        qunsetenv("RAIDBENCH_LAB_DIR");
        QCOMPARE(LabDisks::defaultWorkRoot(1ull << 50), QStringLiteral("/var/tmp"));
        const QString small = LabDisks::defaultWorkRoot(16ull << 20);
        QVERIFY2(small == QLatin1String("/dev/shm") || small == QLatin1String("/var/tmp"), qPrintable(small));
        qputenv("RAIDBENCH_LAB_DIR", "/srv/lab");
        QCOMPARE(LabDisks::defaultWorkRoot(16ull << 20), QStringLiteral("/srv/lab"));
        if (saved.isNull()) {
            qunsetenv("RAIDBENCH_LAB_DIR");
        } else {
            qputenv("RAIDBENCH_LAB_DIR", saved);
        }
    }

    void qemuCommandLine()
    {
        LabOptions options;
        options.disks = *parseLabSpec(QStringLiteral("1G@105/200,1G:fail-write=100M,1G:iops=150"), 2);
        options.outDir = QStringLiteral("/tmp/out");
        const QStringList args = QemuCommandLine::arguments(options, QStringLiteral("tcg"), QStringLiteral("/boot/k"),
                                                            QStringLiteral("/c/i.cpio"), QStringLiteral("/w"),
                                                            QStringLiteral("/b/raidbench-cli"));
        const QString all = args.join(QLatin1Char(' '));
        QVERIFY(all.contains(QStringLiteral("-accel tcg")));
        QVERIFY(all.contains(QStringLiteral("x-bps-write=105000000,x-bps-read=200000000")));
        // One speed for both: reads and writes share it, as on a real disk (md's read-modify-write costs).
        LabOptions shared;
        shared.disks = *parseLabSpec(QStringLiteral("1G@38:iops=150"));
        const QString one = QemuCommandLine::arguments(shared, QStringLiteral("tcg"), QStringLiteral("/boot/k"),
                                                       QStringLiteral("/c/i.cpio"), QStringLiteral("/w"),
                                                       QStringLiteral("/b/raidbench-cli"))
                                .join(QLatin1Char(' '));
        QVERIFY2(one.contains(QStringLiteral("throttle-group,id=throttle0,x-iops-total=150,x-bps-total=38000000")),
                 qPrintable(one));
        QVERIFY(!one.contains(QLatin1String("x-bps-write")));
        QVERIFY(all.contains(QStringLiteral("path=/,security_model=none,readonly=on,multidevs=remap")));
        QVERIFY(all.contains(QStringLiteral("path=/tmp/out,")));
        QVERIFY(all.contains(QStringLiteral("rb_out=/tmp/out")));
        QVERIFY(all.contains(QStringLiteral("rb_agent=/b/raidbench-cli")));
        QVERIFY(all.contains(QStringLiteral(" no_timer_check ")));
        QVERIFY(all.contains(QStringLiteral("driver=blkdebug,node-name=fault1,config=/w/disks/disk1.blkdebug")));
        QVERIFY(all.contains(QStringLiteral("virtio-scsi-pci,id=scsi1,event_idx=off")));
        QVERIFY(all.contains(QStringLiteral("bus=scsi1.0,channel=0,scsi-id=1")));
        QVERIFY(all.contains(QStringLiteral("serial=RBLAB0001,vendor=RAIDBNCH,product=VDISK W105 R200")));
        QVERIFY(all.contains(QStringLiteral("name=raidbench.stdin")));
        // The unthrottled disk has no throttle node; the throttled one sits on top of its raw node.
        QVERIFY(!all.contains(QStringLiteral("throttle-group,id=throttle1")));
        QVERIFY(all.contains(QStringLiteral("throttle-group,id=throttle2,x-iops-total=150 ")) ||
                all.contains(QStringLiteral("throttle-group,id=throttle2,x-iops-total=150")));
        QVERIFY(all.contains(QStringLiteral("driver=throttle,node-name=limit0,throttle-group=throttle0,file=raw0")));
        // One virtual CPU under TCG, two under KVM, unless the options say.
        QCOMPARE(args.at(args.indexOf(QStringLiteral("-smp")) + 1), QStringLiteral("1"));
        const QStringList kvm = QemuCommandLine::arguments(options, QStringLiteral("kvm"), QStringLiteral("/boot/k"),
                                                           QStringLiteral("/c/i.cpio"), QStringLiteral("/w"),
                                                           QStringLiteral("/b/raidbench-cli"));
        QCOMPARE(kvm.at(kvm.indexOf(QStringLiteral("-smp")) + 1), QStringLiteral("2"));
        LabOptions three = options;
        three.cpus = 3;
        const QStringList chosen = QemuCommandLine::arguments(three, QStringLiteral("tcg"), QStringLiteral("/boot/k"),
                                                              QStringLiteral("/c/i.cpio"), QStringLiteral("/w"),
                                                              QStringLiteral("/b/raidbench-cli"));
        QCOMPARE(chosen.at(chosen.indexOf(QStringLiteral("-smp")) + 1), QStringLiteral("3"));
        // Arguments are argv entries, never one shell string.
        QVERIFY(args.contains(QStringLiteral("-kernel")));
        QCOMPARE(args.at(args.indexOf(QStringLiteral("-kernel")) + 1), QStringLiteral("/boot/k"));
        // No network unless asked for.
        QVERIFY(!args.contains(QStringLiteral("-netdev")));
        QVERIFY(!all.contains(QStringLiteral("rb_net")));

        // ssh-host: only 127.0.0.1:PORT reaches the guest's port 22, and the guest reaches nothing.
        options.sshPort = 2201;
        options.hostname = QStringLiteral("lab-host-1");
        const QStringList net = QemuCommandLine::arguments(options, QStringLiteral("tcg"), QStringLiteral("/boot/k"),
                                                           QStringLiteral("/c/i.cpio"), QStringLiteral("/w"),
                                                           QStringLiteral("/b/raidbench-cli"));
        QCOMPARE(net.at(net.indexOf(QStringLiteral("-netdev")) + 1),
                 QStringLiteral("user,id=net0,restrict=on,hostfwd=tcp:127.0.0.1:2201-:22"));
        QCOMPARE(net.count(QStringLiteral("-netdev")), 1);
        const QString append = net.at(net.indexOf(QStringLiteral("-append")) + 1);
        QVERIFY(append.contains(QStringLiteral(" rb_net=1")) &&
                append.contains(QStringLiteral(" rb_hostname=lab-host-1")));
    }

    void modulesLoadInDependencyOrder()
    {
        const QString dir = QStringLiteral(RAIDBENCH_TEST_DATA "/modules/6.1.0-99-test");
        const auto order = LabImage::resolveModules(dir, {QStringLiteral("raid456"), QStringLiteral("raid0")});
        QVERIFY2(order.ok(), qPrintable(order.ok() ? QString() : order.error().message));
        auto at = [&](const char* name) {
            for (int i = 0; i < order->size(); ++i) {
                if (order->at(i).endsWith(QLatin1String(name))) {
                    return i;
                }
            }
            return -1;
        };
        QVERIFY(at("/raid456.ko") >= 0);
        QVERIFY(at("/md-mod.ko") < at("/raid456.ko"));
        QVERIFY(at("/md-mod.ko") < at("/raid0.ko"));
        QVERIFY(at("/async_tx.ko") < at("/async_xor.ko"));
        QVERIFY(at("/async_pq.ko") < at("/async_raid6_recov.ko"));
        // The soft dependency: crc32c before libcrc32c, and the portable implementation.
        QVERIFY(at("/crc32c_generic.ko") >= 0);
        QVERIFY(at("/crc32c_generic.ko") < at("/libcrc32c.ko"));
        QCOMPARE(at("/crc32c-intel.ko"), -1);
        QCOMPARE(order->count(QStringLiteral("kernel/drivers/md/md-mod.ko")), 1);

        const auto missing = LabImage::resolveModules(dir, {QStringLiteral("no_such_module")});
        QVERIFY(!missing.ok());
        QVERIFY(missing.error().message.contains(QStringLiteral("no_such_module")));
        QVERIFY(missing.error().message.contains(QStringLiteral("linux-image-amd64")));
    }

    void findsNewestKernelWithMd()
    {
        QTemporaryDir root;
        QVERIFY(root.isValid());
        const QString boot = root.filePath(QStringLiteral("boot"));
        const QString modules = root.filePath(QStringLiteral("modules"));
        for (const char* version : {"6.1.0-10-amd64", "6.1.0-57-amd64", "6.5.0-1-amd64"}) {
            QDir().mkpath(modules + QLatin1Char('/') + QLatin1String(version) + QStringLiteral("/kernel/drivers/md"));
        }
        QDir().mkpath(boot);
        auto touch = [](const QString& path) {
            QFile f(path);
            return f.open(QIODevice::WriteOnly);
        };
        // 6.5 has an image but no md modules; 6.1.0-57 has both; 6.1.0-10 has both but is older.
        QVERIFY(touch(boot + QStringLiteral("/vmlinuz-6.5.0-1-amd64")));
        QVERIFY(touch(boot + QStringLiteral("/vmlinuz-6.1.0-57-amd64")));
        QVERIFY(touch(boot + QStringLiteral("/vmlinuz-6.1.0-10-amd64")));
        QVERIFY(touch(modules + QStringLiteral("/6.1.0-57-amd64/kernel/drivers/md/md-mod.ko")));
        QVERIFY(touch(modules + QStringLiteral("/6.1.0-10-amd64/kernel/drivers/md/md-mod.ko")));
        const auto kernel = LabImage::findKernel(boot, modules);
        QVERIFY(kernel.ok());
        QCOMPARE(kernel->version, QStringLiteral("6.1.0-57-amd64"));
        QCOMPARE(kernel->image, boot + QStringLiteral("/vmlinuz-6.1.0-57-amd64"));

        const auto none = LabImage::findKernel(boot, root.filePath(QStringLiteral("empty")));
        QVERIFY(!none.ok());
        QCOMPARE(none.error().code, QStringLiteral("lab-no-kernel"));
        QVERIFY(none.error().message.contains(QStringLiteral("linux-image-amd64")));
    }

    void cpioArchiveIsNewc()
    {
        CpioArchive archive;
        archive.addDirectory(QStringLiteral("bin"));
        archive.addFile(QStringLiteral("bin/hello"), QByteArray("hi!\n"), 0755);
        archive.addCharDevice(QStringLiteral("dev/console"), 5, 1);
        const QByteArray data = archive.finish();
        QCOMPARE(data.size() % 512, 0);
        // Walk the entries back: magic, name, data, all 4-byte aligned.
        QStringList names;
        qsizetype at = 0;
        while (at + 110 <= data.size()) {
            QCOMPARE(data.mid(at, 6), QByteArray("070701"));
            bool ok = false;
            const qsizetype fileSize = data.mid(at + 54, 8).toLongLong(&ok, 16);
            const qsizetype nameSize = data.mid(at + 94, 8).toLongLong(&ok, 16);
            const QString name = QString::fromLatin1(data.mid(at + 110, nameSize - 1));
            names.append(name);
            qsizetype dataAt = (at + 110 + nameSize + 3) & ~qsizetype(3);
            if (name == QLatin1String("bin/hello")) {
                QCOMPARE(data.mid(dataAt, fileSize), QByteArray("hi!\n"));
                QCOMPARE(data.mid(at + 14, 8).toUInt(&ok, 16), 0100755u);
            }
            if (name == QLatin1String("dev/console")) {
                QCOMPARE(data.mid(at + 78, 8).toUInt(&ok, 16), 5u);
            }
            if (name == QLatin1String("TRAILER!!!")) {
                break;
            }
            at = (dataAt + fileSize + 3) & ~qsizetype(3);
        }
        QCOMPARE(names,
                 (QStringList {QStringLiteral("bin"), QStringLiteral("bin/hello"), QStringLiteral("dev/console"),
                               QStringLiteral("TRAILER!!!")}));
    }

    void refusesBadSshHostOptions()
    {
        // Checked before anything is made or started.
        const auto refused = [](const std::function<void(LabOptions&)>& change) {
            LabOptions options;
            options.disks = *parseLabSpec(QStringLiteral("1G"));
            change(options);
            LabMachine lab(options);
            const auto started = lab.start({QStringLiteral("true")});
            return !started.ok() && started.error().code == ErrorCode::invalidLabSpec;
        };
        QVERIFY(refused([](LabOptions& o) { o.hostname = QStringLiteral("lab host"); }));
        QVERIFY(refused([](LabOptions& o) { o.hostname = QStringLiteral("lab\n"); }));
        QVERIFY(refused([](LabOptions& o) { o.hostname = QStringLiteral("-lab"); }));
        QVERIFY(refused([](LabOptions& o) { o.sshPort = 70000; }));
        QVERIFY(refused([](LabOptions& o) { o.controlFiles = {{QStringLiteral("../etc/passwd"), QByteArray("x")}}; }));
        QVERIFY(refused([](LabOptions& o) { o.controlFiles = {{QStringLiteral("request.json"), QByteArray("{}")}}; }));
        QVERIFY(refused([](LabOptions& o) { o.controlFiles = {{QStringLiteral(".hidden"), QByteArray("x")}}; }));
    }

    void initScriptMountsAndPowersOff()
    {
        const QString init = LabImage::initScript();
        QVERIFY(init.startsWith(QStringLiteral("#!/bin/busybox sh")));
        QVERIFY(init.contains(QStringLiteral("multidevs")) == false); // a qemu option, not a mount option
        QVERIFY(init.contains(QStringLiteral("trans=virtio,version=9p2000.L,ro")));
        QVERIFY(init.contains(QStringLiteral("lab agent /run/raidbench-lab")));
        // reports name the lab (or the name ssh-host gives it), not "(none)"
        QVERIFY(init.contains(QStringLiteral("hostname \"${rb_hostname:-raidbench-lab}\"")));
        QVERIFY(init.contains(QStringLiteral("ip addr add 10.0.2.15/24 dev eth0")));
        QVERIFY(init.contains(QStringLiteral("cache=loose hostroot"))); // the read-only host root is cached
        QVERIFY(init.trimmed().endsWith(QStringLiteral("poweroff -f")));
        // A build under /tmp stays visible under the VM's fresh /tmp.
        QVERIFY(init.contains(QStringLiteral("mount -o bind /mnt/keep")));
        LabOptions options;
        options.disks = *parseLabSpec(QStringLiteral("64M"));
        const QString args =
            QemuCommandLine::arguments(options, QStringLiteral("tcg"), QStringLiteral("/k"), QStringLiteral("/i"),
                                       QStringLiteral("/w"), QStringLiteral("/tmp/clone/build/bin/raidbench-cli"))
                .join(QLatin1Char(' '));
        QVERIFY(args.contains(QStringLiteral("rb_keep=/tmp/clone/build/bin")));
    }
};

QTEST_GUILESS_MAIN(TestLab)
#include "tst_lab.moc"

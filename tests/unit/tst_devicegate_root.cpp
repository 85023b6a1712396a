#include "../common/loopdevice.h"
#include "disks/devicegate.h"
#include "disks/systemdevicegate.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <fcntl.h>
#include <memory>
#include <mutex>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

using namespace RaidBench;
using RaidBench::Test::LoopDevice;

/// The device gate on this machine's real /dev with loop devices: pins, and every way a pinned
/// device can stop being the one that was checked. Label `root`.
class TestDeviceGateRoot final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_links; ///< a root-owned directory under /dev with links, like /dev/disk/by-id

    static SystemDeviceGate gate() { return SystemDeviceGate::withLoop(true); }

    /// The paths a gate probed for signatures (its probe runs in a worker thread).
    struct ProbeLog
    {
        std::shared_ptr<QStringList> paths = std::make_shared<QStringList>();
        std::shared_ptr<std::mutex> mutex = std::make_shared<std::mutex>();

        QSet<QString> taken()
        {
            std::lock_guard lock(*mutex);
            const QSet<QString> seen(paths->cbegin(), paths->cend());
            paths->clear();
            return seen;
        }
    };
    /// A gate on the real /dev (loop devices allowed) that writes every probe into `log`.
    static SystemDeviceGate recordingGate(const ProbeLog& log)
    {
        SystemDeviceGate::Options options;
        options.eligibility.allowLoop = true;
        options.probe = [log](const QString& path) {
            {
                std::lock_guard lock(*log.mutex);
                log.paths->append(path);
            }
            return probeWithBlkid(path);
        };
        return SystemDeviceGate(options);
    }

    static bool run(const QString& program, const QStringList& args)
    {
        QProcess process;
        process.start(program, args);
        return process.waitForFinished(30000) && process.exitStatus() == QProcess::NormalExit &&
            process.exitCode() == 0;
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (!LoopDevice::canUse()) {
            QSKIP("needs root and loop devices");
        }
        QVERIFY(m_dir.isValid());
        m_links = QStringLiteral("/dev/rbtest-gate-%1").arg(getpid());
        QVERIFY(QDir().mkpath(m_links));
        QVERIFY(::chmod(QFile::encodeName(m_links).constData(), 0755) == 0);
    }
    void cleanupTestCase()
    {
        if (!m_links.isEmpty()) {
            QDir(m_links).removeRecursively();
        }
    }

    void aCheckReadsOnlyItsOwnDevice()
    {
        // Every other disk stays asleep and unread: a pin and a verify probe their device alone.
        LoopDevice mine(m_dir.path(), 16 << 20);
        LoopDevice other(m_dir.path(), 16 << 20);
        QVERIFY(mine.ok() && other.ok());
        ProbeLog probed;
        const SystemDeviceGate recording = recordingGate(probed);
        const auto pin = recording.pin(mine.device());
        QVERIFY2(pin.ok(), qPrintable(pin.ok() ? QString() : pin.error().message));
        QVERIFY(recording.verify(*pin, DeviceGate::Use::Create).ok());
        QCOMPARE(probed.taken(), QSet<QString>({mine.device()}));
    }

    void severalDisksAreCheckedFromOneLook()
    {
        // One command over several disks (mdadm --create, wipefs): each checked as verify() checks it,
        // from one look at the system, and only they are probed.
        LoopDevice first(m_dir.path(), 16 << 20);
        LoopDevice second(m_dir.path(), 16 << 20);
        LoopDevice other(m_dir.path(), 16 << 20);
        QVERIFY(first.ok() && second.ok() && other.ok());
        ProbeLog probed;
        const SystemDeviceGate recording = recordingGate(probed);
        const auto one = recording.pin(first.device());
        const auto two = recording.pin(second.device());
        QVERIFY(one.ok() && two.ok());
        probed.taken();
        const auto both = recording.verifyAll({{*two, DeviceGate::Use::Create}, {*one, DeviceGate::Use::Own}});
        QVERIFY2(both.ok(), qPrintable(both.ok() ? QString() : both.error().message));
        QCOMPARE(both->size(), 2);
        QCOMPARE(both->at(0).node(), second.device()); // in the order asked
        QCOMPARE(both->at(1).node(), first.device());
        QCOMPARE(probed.taken(), QSet<QString>({first.device(), second.device()}));

        // One of them held open for writing: refused as verify() refuses it alone, naming that disk.
        QProcess holder;
        holder.start(
            QStringLiteral("sh"),
            {QStringLiteral("-c"), QStringLiteral("exec 3<>\"$0\"; echo ready; exec sleep 30"), second.device()});
        QVERIFY(holder.waitForReadyRead(5000));
        const auto held = recording.verifyAll({{*one, DeviceGate::Use::Create}, {*two, DeviceGate::Use::Create}});
        const auto alone = recording.verify(*two, DeviceGate::Use::Create);
        holder.kill();
        holder.waitForFinished(5000);
        QVERIFY(!held.ok() && !alone.ok());
        QCOMPARE(held.error().code, alone.error().code);
        QVERIFY2(held.error().message.contains(second.device()), qPrintable(held.error().message));

        // One of them another device now: device-changed, as alone.
        const QString image = m_dir.filePath(QStringLiteral("swapped.img"));
        QFile file(image);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.resize(16 << 20));
        file.close();
        QVERIFY(run(QStringLiteral("losetup"), {QStringLiteral("-d"), first.device()}));
        QVERIFY(run(QStringLiteral("losetup"), {first.device(), image}));
        const auto swapped = recording.verifyAll({{*two, DeviceGate::Use::Create}, {*one, DeviceGate::Use::Create}});
        QVERIFY(run(QStringLiteral("losetup"), {QStringLiteral("-d"), first.device()}));
        QVERIFY(run(QStringLiteral("losetup"), {first.device(), first.file()})); // for LoopDevice's clean-up
        QVERIFY(!swapped.ok());
        QCOMPARE(swapped.error().code, QStringLiteral("device-changed"));
        QVERIFY2(swapped.error().message.contains(QStringLiteral("another device")),
                 qPrintable(swapped.error().message));
    }

    void aHungDeviceFailsItsOwnCheckInTime()
    {
        // A disk whose reads never come back: its check fails within the limit, another disk's passes.
        LoopDevice hung(m_dir.path(), 16 << 20);
        LoopDevice fine(m_dir.path(), 16 << 20);
        QVERIFY(hung.ok() && fine.ok());
        SystemDeviceGate::Options options;
        options.eligibility.allowLoop = true;
        options.probeTimeoutMs = 300;
        const QString stuck = hung.device();
        options.probe = [stuck](const QString& path) {
            if (path == stuck) {
                QThread::sleep(3); // as a read that the kernel has not given up on yet
            }
            return probeWithBlkid(path);
        };
        const SystemDeviceGate gate(options);
        QElapsedTimer clock;
        clock.start();
        const auto refused = gate.pin(hung.device());
        QVERIFY(clock.elapsed() < 2000);
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error().message.contains(QStringLiteral("did not answer")),
                 qPrintable(refused.error().message));
        clock.restart();
        QVERIFY(gate.pin(fine.device()).ok());
        QVERIFY(clock.elapsed() < 2000);
        QThread::sleep(3); // the stuck probe ends before its loop device goes
    }

    void aPartitionMovedIsAnotherDevice()
    {
        // Repartitioned since the pin: a partition of the same size at another place is not the one checked.
        const QString image = m_dir.filePath(QStringLiteral("moved.img"));
        {
            QFile file(image);
            QVERIFY(file.open(QIODevice::WriteOnly) && file.resize(32 << 20));
        }
        QVERIFY(LoopDevice::writePartitionTable(image, 2048, 16384));
        QProcess losetup;
        losetup.start(QStringLiteral("losetup"),
                      {QStringLiteral("-f"), QStringLiteral("-P"), QStringLiteral("--show"), image});
        QVERIFY(losetup.waitForFinished(10000));
        const QString loop = QString::fromLocal8Bit(losetup.readAllStandardOutput()).trimmed();
        QVERIFY(!loop.isEmpty());
        run(QStringLiteral("partx"), {QStringLiteral("-a"), loop}); // the kernel does not always scan at once
        const QString partition = loop + QStringLiteral("p1");
        QVERIFY(QTest::qWaitFor([&] { return QFile::exists(partition); }, 5000));
        const auto pin = gate().pin(partition);
        QVERIFY2(pin.ok(), qPrintable(pin.ok() ? QString() : pin.error().message));
        QCOMPARE(pin->partitionNumber, 1);
        QCOMPARE(pin->startSector, 2048ull);
        QVERIFY(gate().verify(*pin, DeviceGate::Use::Create).ok());
        QVERIFY(LoopDevice::writePartitionTable(image, 20480, 16384));
        run(QStringLiteral("partx"), {QStringLiteral("-u"), loop});
        const auto moved = gate().verify(*pin, DeviceGate::Use::Create);
        run(QStringLiteral("losetup"), {QStringLiteral("-d"), loop});
        QVERIFY(!moved.ok());
        QCOMPARE(moved.error().code, QStringLiteral("device-changed"));
    }

    void pinsALoopDeviceByItsNodeAndIdentity()
    {
        LoopDevice loop(m_dir.path(), 16 << 20);
        QVERIFY(loop.ok());
        QVERIFY(QFile::link(loop.device(), m_links + QStringLiteral("/by-link")));
        const auto pin = gate().pin(m_links + QStringLiteral("/by-link"));
        QVERIFY2(pin.ok(), qPrintable(pin.ok() ? QString() : pin.error().message));
        QCOMPARE(pin->node, loop.device());
        QCOMPARE(pin->requested, m_links + QStringLiteral("/by-link"));
        QCOMPARE(pin->kind, QStringLiteral("loop"));
        QCOMPARE(pin->sizeBytes, 16ull << 20);
        QCOMPARE(pin->backingFile, loop.file());
        struct stat st
        { };
        QVERIFY(::stat(QFile::encodeName(loop.device()).constData(), &st) == 0);
        QCOMPARE(pin->rdev, std::uint64_t(st.st_rdev));
        QVERIFY(gate().verify(*pin, DeviceGate::Use::Create).ok());
        QVERIFY(gate().verify(*pin, DeviceGate::Use::Own).ok());
        // Re-pointing the link afterwards changes nothing: the pin names the node.
        QFile::remove(m_links + QStringLiteral("/by-link"));
        QVERIFY(QFile::link(QStringLiteral("/dev/null"), m_links + QStringLiteral("/by-link")));
        QVERIFY(gate().verify(*pin, DeviceGate::Use::Create).ok());
        QFile::remove(m_links + QStringLiteral("/by-link"));
    }

    void loopDevicesOnlyWhenAllowed()
    {
        LoopDevice loop(m_dir.path(), 16 << 20);
        QVERIFY(loop.ok());
        const auto refused = SystemDeviceGate::withLoop(false).pin(loop.device());
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().code, QStringLiteral("device-in-use"));
        QVERIFY(refused.error().message.contains(QStringLiteral("loop device")));
    }

    void aSwappedDiskIsNotThePin()
    {
        LoopDevice loop(m_dir.path(), 16 << 20);
        QVERIFY(loop.ok());
        const auto pin = gate().pin(loop.device());
        QVERIFY(pin.ok());
        // Another disk in the same bay: the same node and number, another file behind it.
        const QString other = m_dir.filePath(QStringLiteral("other.img"));
        QFile file(other);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.resize(16 << 20));
        file.close();
        QVERIFY(run(QStringLiteral("losetup"), {QStringLiteral("-d"), loop.device()}));
        QVERIFY(run(QStringLiteral("losetup"), {loop.device(), other}));
        const auto changed = gate().verify(*pin, DeviceGate::Use::Own);
        QVERIFY(!changed.ok());
        QCOMPARE(changed.error().code, QStringLiteral("device-changed"));
        QVERIFY2(changed.error().message.contains(QStringLiteral("another device")),
                 qPrintable(changed.error().message));
        QVERIFY(run(QStringLiteral("losetup"), {QStringLiteral("-d"), loop.device()}));
        QVERIFY(run(QStringLiteral("losetup"), {loop.device(), loop.file()})); // for LoopDevice's clean-up
    }

    void aResizedDiskIsNotThePin()
    {
        LoopDevice loop(m_dir.path(), 16 << 20);
        QVERIFY(loop.ok());
        const auto pin = gate().pin(loop.device());
        QVERIFY(pin.ok());
        QFile file(loop.file());
        QVERIFY(file.resize(32 << 20));
        QVERIFY(run(QStringLiteral("losetup"), {QStringLiteral("-c"), loop.device()}));
        const auto changed = gate().verify(*pin, DeviceGate::Use::Create);
        QVERIFY(!changed.ok());
        QCOMPARE(changed.error().code, QStringLiteral("device-changed"));
    }

    void aDiskFoundElsewhereIsRelocated()
    {
        LoopDevice loop(m_dir.path(), 16 << 20);
        QVERIFY(loop.ok());
        const auto pin = gate().pin(loop.device());
        QVERIFY(pin.ok());
        QCOMPARE(gate().relocate(*pin)->node, loop.device());
        // "After a reboot": the same file behind another loop device.
        QVERIFY(run(QStringLiteral("losetup"), {QStringLiteral("-d"), loop.device()}));
        LoopDevice placeholder(m_dir.path(), 1 << 20); // takes the old number, so the file moves
        QProcess losetup;
        losetup.start(QStringLiteral("losetup"), {QStringLiteral("-f"), QStringLiteral("--show"), loop.file()});
        QVERIFY(losetup.waitForFinished(10000));
        const QString moved = QString::fromLocal8Bit(losetup.readAllStandardOutput()).trimmed();
        QVERIFY(!moved.isEmpty());
        const auto found = gate().relocate(*pin);
        QVERIFY2(found.ok(), qPrintable(found.ok() ? QString() : found.error().message));
        QCOMPARE(found->node, moved);
        QVERIFY(gate().verify(*found, DeviceGate::Use::Own).ok());
        if (moved != loop.device()) {
            QVERIFY(!gate().verify(*pin, DeviceGate::Use::Own).ok()); // the old node is another device now
        }
        QVERIFY(run(QStringLiteral("losetup"), {QStringLiteral("-d"), moved}));
    }

    void busyMountedAndSignedDisksAreRefused()
    {
        LoopDevice loop(m_dir.path(), 32 << 20);
        QVERIFY(loop.ok());
        const auto pin = gate().pin(loop.device());
        QVERIFY(pin.ok());
        // Held open exclusively by someone else.
        const int fd = ::open(QFile::encodeName(loop.device()).constData(), O_RDONLY | O_EXCL);
        QVERIFY(fd >= 0);
        const auto held = gate().verify(*pin, DeviceGate::Use::Own);
        QVERIFY(!held.ok());
        QCOMPARE(held.error().code, QStringLiteral("device-in-use"));
        ::close(fd);
        // Someone else's file system appears on it: not to create on, and not ours to remove either.
        QVERIFY(run(QStringLiteral("mkfs.ext4"), {QStringLiteral("-q"), QStringLiteral("-F"), loop.device()}));
        const auto signed_ = gate().verify(*pin, DeviceGate::Use::Create);
        QVERIFY(!signed_.ok());
        QCOMPARE(signed_.error().code, QStringLiteral("device-in-use"));
        const auto foreign = gate().verify(*pin, DeviceGate::Use::Own);
        QVERIFY(!foreign.ok());
        QVERIFY2(foreign.error().message.contains(QStringLiteral("RaidBench did not write")),
                 qPrintable(foreign.error().message));
        // The file system RaidBench made for this build (its label): ours to remove.
        PinnedDevice ours = *pin;
        ours.tag = QStringLiteral("1a2b3c4d");
        QVERIFY(run(QStringLiteral("mkfs.ext4"),
                    {QStringLiteral("-q"), QStringLiteral("-F"), QStringLiteral("-L"), fileSystemLabel(ours.tag),
                     loop.device()}));
        QVERIFY(gate().verify(ours, DeviceGate::Use::Own).ok());
        PinnedDevice otherBuild = ours;
        otherBuild.tag = QStringLiteral("99999999");
        QVERIFY(!gate().verify(otherBuild, DeviceGate::Use::Own).ok());
        // Mounted: never.
        const QString point = m_dir.filePath(QStringLiteral("mnt"));
        QVERIFY(QDir().mkpath(point));
        QVERIFY(::mount(QFile::encodeName(loop.device()).constData(), QFile::encodeName(point).constData(), "ext4", 0,
                        nullptr) == 0);
        const auto mounted = gate().verify(*pin, DeviceGate::Use::Own);
        QVERIFY(::umount(QFile::encodeName(point).constData()) == 0);
        QVERIFY(!mounted.ok());
        QVERIFY2(mounted.error().message.contains(QStringLiteral("mounted")), qPrintable(mounted.error().message));
        const auto pinMounted = gate().pin(loop.device(), DeviceGate::Use::Own);
        QVERIFY(pinMounted.ok()); // unmounted again
    }

    void theSameDiskTwiceIsRefused()
    {
        LoopDevice loop(m_dir.path(), 16 << 20);
        QVERIFY(loop.ok());
        QVERIFY(QFile::link(loop.device(), m_links + QStringLiteral("/twice")));
        const ArraySpec spec = ArraySpec::node(
            ArrayLevel::Raid1, {ArraySpec::disk(loop.device()), ArraySpec::disk(m_links + QStringLiteral("/twice"))});
        const auto pinned = gate().pinSpec(spec);
        QFile::remove(m_links + QStringLiteral("/twice"));
        QVERIFY(!pinned.ok());
        QCOMPARE(pinned.error().code, QStringLiteral("invalid-spec"));
        QVERIFY(pinned.error().message.contains(QStringLiteral("same device")));
    }

    void anArrayIsCheckedByWhatIsStillUnderIt_data()
    {
        QTest::addColumn<QStringList>("members"); // name:major:minor, or name: for a member that is gone
        QTest::addColumn<bool>("accepted"); // to take it down
        QTest::addColumn<bool>("used"); // for a test or a write
        QTest::newRow("both disks ours") << QStringList {"sdg:8:96", "sdh:8:112"} << true << true;
        QTest::newRow("one pulled out while it ran") << QStringList {"sdg:8:96", "sdh:"} << true << false;
        QTest::newRow("every disk pulled out") << QStringList {"sdg:", "sdh:"} << false << false;
        QTest::newRow("a stranger beside a gone disk") << QStringList {"sda:8:0", "sdh:"} << false << false;
        QTest::newRow("ours under another number") << QStringList {"sdg:8:97", "sdh:8:112"} << false << false;
    }
    void anArrayIsCheckedByWhatIsStillUnderIt()
    {
        // A stand-in /dev and /sys: the array's node, its sysfs entry and the links to its members, one of
        // which may point at nothing, as md leaves a member that was unplugged until it is removed.
        QFETCH(QStringList, members);
        QFETCH(bool, accepted);
        QFETCH(bool, used);
        QTemporaryDir root;
        QVERIFY(root.isValid());
        const QString dev = root.filePath(QStringLiteral("dev"));
        const QString sys = root.filePath(QStringLiteral("sys"));
        QVERIFY(QDir().mkpath(dev + QStringLiteral("/md")));
        const QString node = dev + QStringLiteral("/md/raidbench-f05e6508-0");
        QVERIFY(::mknod(QFile::encodeName(node).constData(), S_IFBLK | 0600, makedev(9, 118)) == 0);
        const QString md = sys + QStringLiteral("/devices/virtual/block/md118");
        QVERIFY(QDir().mkpath(md + QStringLiteral("/slaves")));
        QVERIFY(QDir().mkpath(sys + QStringLiteral("/dev/block")));
        QVERIFY(QFile::link(md, sys + QStringLiteral("/dev/block/9:118")));
        auto write = [](const QString& path, const QString& text) {
            QFile file(path);
            return file.open(QIODevice::WriteOnly) && file.write(text.toUtf8()) == text.size();
        };
        QVERIFY(write(md + QStringLiteral("/dev"), QStringLiteral("9:118\n")));
        for (const QString& member : members) {
            const QStringList parts = member.split(QLatin1Char(':'));
            const QString disk = sys + QStringLiteral("/devices/pci0000:00/block/") + parts.first();
            if (parts.size() == 3) {
                QVERIFY(QDir().mkpath(disk));
                QVERIFY(write(disk + QStringLiteral("/dev"), parts.at(1) + QLatin1Char(':') + parts.at(2)));
            }
            QVERIFY(QFile::link(disk, md + QStringLiteral("/slaves/") + parts.first()));
        }
        PinnedDevice g;
        g.name = QStringLiteral("sdg");
        g.node = QStringLiteral("/dev/sdg");
        g.rdev = makedev(8, 96);
        PinnedDevice h = g;
        h.name = QStringLiteral("sdh");
        h.node = QStringLiteral("/dev/sdh");
        h.rdev = makedev(8, 112);
        SystemDeviceGate::Options options;
        options.devRoot = dev;
        options.sysRoot = sys;
        const auto checked = SystemDeviceGate(options).verifyBuilt(node, {g, h}, true);
        QVERIFY2(checked.ok() == accepted,
                 qPrintable(checked.ok() ? QStringLiteral("accepted") : checked.error().message));
        const auto forUse = SystemDeviceGate(options).verifyBuilt(node, {g, h});
        QVERIFY2(forUse.ok() == used, qPrintable(forUse.ok() ? QStringLiteral("used") : forUse.error().message));
    }
};

QTEST_GUILESS_MAIN(TestDeviceGateRoot)
#include "tst_devicegate_root.moc"

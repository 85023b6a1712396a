#include "disks/confirmeddisk.h"
#include "disks/devicegate.h"
#include "disks/systemdevicegate.h"

#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

using namespace RaidBench;

/// The device gate's path resolution on a private directory tree standing in for /dev (links,
/// directories others can write, loops, escapes), pins as JSON, and binding specs to pins. The real
/// devices are tst_devicegate_root's.
class TestDeviceGate final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_root;
    QString m_dev; ///< the stand-in for /dev

    Result<QString> resolve(const QString& relative) const
    {
        return SystemDeviceGate::resolveTrusted(m_dev + relative, m_dev, getuid());
    }

    void link(const QString& target, const QString& name) const { QVERIFY(QFile::link(target, m_dev + name)); }

    /// A 4 TB disk at /dev/sdb (8:16), pinned from `requested`, with `serial`.
    static PinnedDevice sdbPin(const QString& requested, const QString& serial)
    {
        PinnedDevice pin;
        pin.requested = requested;
        pin.node = QStringLiteral("/dev/sdb");
        pin.name = QStringLiteral("sdb");
        pin.rdev = makedev(8, 16);
        pin.kind = QStringLiteral("disk");
        pin.model = QStringLiteral("WDC WD40EFRX");
        pin.serial = serial;
        pin.sizeBytes = 4000787030016ull;
        return pin;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_root.isValid());
        m_dev = m_root.filePath(QStringLiteral("dev"));
        QVERIFY(QDir().mkpath(m_dev + QStringLiteral("/disk/by-id")));
        for (const QString& dir :
             QStringList {m_dev, m_dev + QStringLiteral("/disk"), m_dev + QStringLiteral("/disk/by-id")}) {
            QVERIFY(::chmod(QFile::encodeName(dir).constData(), 0755) == 0);
        }
        QFile node(m_dev + QStringLiteral("/sdb"));
        QVERIFY(node.open(QIODevice::WriteOnly));
        node.close();
        link(QStringLiteral("../../sdb"), QStringLiteral("/disk/by-id/ata-DISK_1"));
        link(m_dev + QStringLiteral("/sdb"), QStringLiteral("/absolute-to-sdb"));
        link(QStringLiteral("disk/by-id/ata-DISK_1"), QStringLiteral("/chain"));
        link(QStringLiteral("/etc/shadow"), QStringLiteral("/out-absolute"));
        link(QStringLiteral("../../etc/secret-name"), QStringLiteral("/out-relative"));
        link(QStringLiteral("loop-b"), QStringLiteral("/loop-a"));
        link(QStringLiteral("loop-a"), QStringLiteral("/loop-b"));
        link(QStringLiteral("nothing-here"), QStringLiteral("/dangling"));
        QVERIFY(QDir().mkpath(m_dev + QStringLiteral("/shm")));
        QVERIFY(::chmod(QFile::encodeName(m_dev + QStringLiteral("/shm")).constData(), 01777) == 0);
        link(QStringLiteral("../sdb"), QStringLiteral("/shm/planted"));
        link(QStringLiteral("shm/planted"), QStringLiteral("/via-shm"));
        QVERIFY(QDir().mkpath(m_dev + QStringLiteral("/group")));
        QVERIFY(::chmod(QFile::encodeName(m_dev + QStringLiteral("/group")).constData(), 0775) == 0);
        if (getuid() == 0) {
            // A group other than root's may write it (root's own group is as trusted as root).
            QVERIFY(::chown(QFile::encodeName(m_dev + QStringLiteral("/group")).constData(), 0, 100) == 0);
        }
        link(QStringLiteral("../sdb"), QStringLiteral("/group/x"));
    }

    void followsLinksThatStayInside_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("the node") << QStringLiteral("/sdb");
        QTest::newRow("a by-id link") << QStringLiteral("/disk/by-id/ata-DISK_1");
        QTest::newRow("an absolute link") << QStringLiteral("/absolute-to-sdb");
        QTest::newRow("a chain of links") << QStringLiteral("/chain");
        QTest::newRow("double slashes and dots") << QStringLiteral("//disk/./by-id//ata-DISK_1");
    }
    void followsLinksThatStayInside()
    {
        QFETCH(QString, path);
        const auto resolved = resolve(path);
        QVERIFY2(resolved.ok(), qPrintable(resolved.ok() ? QString() : resolved.error().message));
        QCOMPARE(*resolved, m_dev + QStringLiteral("/sdb"));
    }

    void refusesWhatLeavesOrCanBeChanged_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("says");
        QTest::newRow("dot-dot") << QStringLiteral("/../etc/shadow") << "bad-path"
                                 << "'..'";
        QTest::newRow("dot-dot that comes back") << QStringLiteral("/disk/../sdb") << "bad-path"
                                                 << "'..'";
        QTest::newRow("absolute link out") << QStringLiteral("/out-absolute") << "bad-path"
                                           << "leads out";
        QTest::newRow("relative link out") << QStringLiteral("/out-relative") << "bad-path"
                                           << "leads out";
        QTest::newRow("a link loop") << QStringLiteral("/loop-a") << "bad-path"
                                     << "too many links";
        QTest::newRow("a dangling link") << QStringLiteral("/dangling") << "not-found"
                                         << "does not exist";
        QTest::newRow("missing") << QStringLiteral("/sdz") << "not-found"
                                 << "does not exist";
        QTest::newRow("through a world-writable directory") << QStringLiteral("/shm/planted") << "bad-path"
                                                            << "which anyone can change";
        QTest::newRow("a link into a world-writable directory") << QStringLiteral("/via-shm") << "bad-path"
                                                                << "which anyone can change";
        QTest::newRow("the world-writable directory itself") << QStringLiteral("/shm") << "bad-path"
                                                             << "anyone";
        QTest::newRow("through a group-writable directory") << QStringLiteral("/group/x") << "bad-path"
                                                            << "not only root";
        QTest::newRow("through a file") << QStringLiteral("/sdb/x") << "bad-path"
                                        << "not a directory";
    }
    void refusesWhatLeavesOrCanBeChanged()
    {
        QFETCH(QString, path);
        QFETCH(QString, code);
        QFETCH(QString, says);
        const auto resolved = resolve(path);
        QVERIFY2(!resolved.ok(), qPrintable(resolved.ok() ? *resolved : QString()));
        QCOMPARE(resolved.error().code, code);
        QVERIFY2(resolved.error().message.contains(says), qPrintable(resolved.error().message));
        // Nothing outside the tree is looked at, so nothing about it is told.
        QVERIFY2(!resolved.error().message.contains(QStringLiteral("shadow")) ||
                     path.contains(QStringLiteral("shadow")),
                 qPrintable(resolved.error().message));
        QVERIFY(!resolved.error().message.contains(QStringLiteral("secret-name")));
    }

    void refusesPathsOutsideAndMalformed_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("another tree") << QStringLiteral("/etc/passwd");
        QTest::newRow("relative") << QStringLiteral("sdb");
        QTest::newRow("empty") << QString();
        QTest::newRow("a prefix that is not the directory") << QStringLiteral("/devil/sdb");
        QTest::newRow("too long") << QString(QStringLiteral("/dev/") + QString(5000, QLatin1Char('a')));
        QTest::newRow("NUL") << QStringLiteral("/dev/sdb") + QChar(0) + QStringLiteral("x");
    }
    void refusesPathsOutsideAndMalformed()
    {
        QFETCH(QString, path);
        const auto resolved = SystemDeviceGate::resolveTrusted(path);
        QVERIFY(!resolved.ok());
        QCOMPARE(resolved.error().code, QStringLiteral("bad-path"));
    }

    void aDirectoryOfAnotherUserIsNotTrusted()
    {
        // The same tree, trusted for another uid: every directory is someone else's now.
        const auto resolved =
            SystemDeviceGate::resolveTrusted(m_dev + QStringLiteral("/disk/by-id/ata-DISK_1"), m_dev, getuid() + 1);
        QVERIFY(!resolved.ok());
        QCOMPARE(resolved.error().code, QStringLiteral("bad-path"));
        QVERIFY(resolved.error().message.contains(QStringLiteral("not only root")));
    }

    void pinsRoundTripAndCompare()
    {
        PinnedDevice pin = sdbPin(QStringLiteral("/dev/disk/by-id/ata-DISK_1"), QStringLiteral("WD-1234"));
        pin.wwn = QStringLiteral("0x50014ee2b1c2d3e4");
        const PinnedDevice back = PinnedDevice::fromJson(pin.toJson());
        QCOMPARE(back.rdev, pin.rdev);
        QCOMPARE(back.node, pin.node);
        QVERIFY(back.sameIdentity(pin));
        QVERIFY(pin.describe().contains(QStringLiteral("serial WD-1234")));
        PinnedDevice renamed = back;
        renamed.node = QStringLiteral("/dev/sdc");
        renamed.rdev = makedev(8, 32);
        QVERIFY2(renamed.sameIdentity(pin), "the same disk under another name after a reboot");
        PinnedDevice other = back;
        other.serial = QStringLiteral("WD-9999");
        QVERIFY(!other.sameIdentity(pin));
        PinnedDevice bigger = back;
        bigger.sizeBytes += 512;
        QVERIFY(!bigger.sameIdentity(pin));
        // Without serial, WWN or file, only the same number and name will do.
        PinnedDevice anonymous;
        anonymous.node = QStringLiteral("/dev/sdd");
        anonymous.name = QStringLiteral("sdd");
        anonymous.rdev = makedev(8, 48);
        anonymous.sizeBytes = 1000;
        PinnedDevice moved = anonymous;
        moved.rdev = makedev(8, 64);
        QVERIFY(anonymous.sameIdentity(anonymous));
        QVERIFY(!moved.sameIdentity(anonymous));
        PinnedDevice loop = anonymous;
        loop.backingFile = QStringLiteral("/var/tmp/a.img");
        PinnedDevice otherFile = loop;
        otherFile.backingFile = QStringLiteral("/var/tmp/b.img");
        QVERIFY(!otherFile.sameIdentity(loop));
    }

    void bindSpecUsesTheConfirmedPins()
    {
        PinnedDevice a;
        a.requested = QStringLiteral("/dev/disk/by-id/ata-A");
        a.node = QStringLiteral("/dev/sdb");
        a.rdev = 1;
        a.sizeBytes = 100;
        PinnedDevice b = a;
        b.requested = QStringLiteral("/dev/disk/by-id/ata-B");
        b.node = QStringLiteral("/dev/sdc");
        const ArraySpec mirror = ArraySpec::node(
            ArrayLevel::Raid1, {ArraySpec::disk(a.requested), ArraySpec::disk(QStringLiteral("/dev/sdc"))});
        const auto bound = DeviceGate::bindSpec(mirror, {a, b});
        QVERIFY(bound.ok());
        QCOMPARE(bound->spec.leafDevices(), (QStringList {"/dev/sdb", "/dev/sdc"}));
        QCOMPARE(bound->pins.size(), 2);
        const ArraySpec stranger = ArraySpec::node(
            ArrayLevel::Raid1, {ArraySpec::disk(a.requested), ArraySpec::disk(QStringLiteral("/dev/sda"))});
        const auto refused = DeviceGate::bindSpec(stranger, {a, b});
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().code, QStringLiteral("not-confirmed"));
        const ArraySpec twice =
            ArraySpec::node(ArrayLevel::Raid1, {ArraySpec::disk(a.requested), ArraySpec::disk(a.node)});
        const auto doubled = DeviceGate::bindSpec(twice, {a, b});
        QVERIFY(!doubled.ok());
        QCOMPARE(doubled.error().code, QStringLiteral("invalid-spec"));
    }

    void aConfirmationIsTheDiskAsTheUserSawIt()
    {
        const PinnedDevice pin = sdbPin(QStringLiteral("/dev/disk/by-id/ata-WDC_WD40-1"), QStringLiteral("WD-1"));
        const ConfirmedDisk confirmed = ConfirmedDisk::fromPin(pin);
        // Through the wire and back: the same identity.
        const auto back = ConfirmedDisk::fromJson(confirmed.toJson());
        QVERIFY(back.ok());
        QCOMPARE(back->toJson(), confirmed.toJson());
        QVERIFY(checkConfirmed({pin}, {*back}).ok());
        // By its node as well as by the path it was pinned from.
        ConfirmedDisk byNode = confirmed;
        byNode.path = pin.node;
        QVERIFY(checkConfirmed({pin}, {byNode}).ok());

        // Another disk under the same name: each difference named.
        PinnedDevice other = pin;
        other.rdev = makedev(8, 32);
        other.serial = QStringLiteral("WD-2");
        const auto changed = checkConfirmed({other}, {confirmed});
        QVERIFY(!changed.ok());
        QCOMPARE(changed.error().code, QStringLiteral("device-changed"));
        QVERIFY2(changed.error().message.contains(QStringLiteral("it is device 8:32 now, not the 8:16 confirmed")),
                 qPrintable(changed.error().message));
        QVERIFY(changed.error().message.contains(QStringLiteral("its serial is WD-2 now, not the WD-1 confirmed")));
        // A loop device: its backing file's inode too.
        PinnedDevice loop = pin;
        loop.kind = QStringLiteral("loop");
        loop.serial.clear();
        loop.backingFile = QStringLiteral("/var/tmp/disk.img");
        loop.backingInode = 1234;
        PinnedDevice replaced = loop;
        replaced.backingInode = 99;
        const auto swapped = checkConfirmed({replaced}, {ConfirmedDisk::fromPin(loop)});
        QVERIFY(!swapped.ok());
        QVERIFY(swapped.error().message.contains(QStringLiteral("inode 99 now, not the 1234 confirmed")));
        // Exactly the disks destroyed: one missing or one more is not confirmed.
        PinnedDevice second = other;
        second.requested = second.node = QStringLiteral("/dev/sdc");
        QCOMPARE(checkConfirmed({pin, second}, {confirmed}).error().code, QStringLiteral("not-confirmed"));
        QCOMPARE(checkConfirmed({pin}, {confirmed, ConfirmedDisk::fromPin(second)}).error().code,
                 QStringLiteral("not-confirmed"));
        // Text from a disk reaches a message visibly, never as a terminal's command.
        PinnedDevice strange = pin;
        strange.model = QStringLiteral("\x1b[8mhidden%2");
        QVERIFY(!checkConfirmed({strange}, {confirmed}).error().message.contains(QChar(0x1b)));
    }

    void aConfirmationIsReadStrictly_data()
    {
        QTest::addColumn<QJsonValue>("entry");
        QTest::addColumn<QString>("code");
        const QJsonObject good {{QStringLiteral("path"), QStringLiteral("/dev/sdb")},
                                {QStringLiteral("device"), QStringLiteral("8:16")},
                                {QStringLiteral("serial"), QStringLiteral("WD-1")},
                                {QStringLiteral("model"), QStringLiteral("WDC")},
                                {QStringLiteral("size_bytes"), 4000787030016.0}};
        auto with = [&](const QString& key, const QJsonValue& value) {
            QJsonObject entry = good;
            if (value.isUndefined()) {
                entry.remove(key);
            } else {
                entry.insert(key, value);
            }
            return QJsonValue(entry);
        };
        QTest::newRow("good") << QJsonValue(good) << QString();
        QTest::newRow("a bare path") << QJsonValue(QStringLiteral("/dev/sdb")) << "bad-type";
        QTest::newRow("no path") << with(QStringLiteral("path"), QJsonValue::Undefined) << "missing-field";
        QTest::newRow("no serial") << with(QStringLiteral("serial"), QJsonValue::Undefined) << "missing-field";
        QTest::newRow("an empty path") << with(QStringLiteral("path"), QString()) << "bad-argument";
        QTest::newRow("device 0:0") << with(QStringLiteral("device"), QStringLiteral("0:0")) << "bad-argument";
        QTest::newRow("device 8:16:1") << with(QStringLiteral("device"), QStringLiteral("8:16:1")) << "bad-argument";
        QTest::newRow("device beyond 20 bits")
            << with(QStringLiteral("device"), QStringLiteral("8:9999999")) << "bad-argument";
        QTest::newRow("a device as a number") << with(QStringLiteral("device"), 2064) << "bad-type";
        QTest::newRow("a size of NaN") << with(QStringLiteral("size_bytes"), std::nan("")) << "bad-argument";
        QTest::newRow("a size of 0") << with(QStringLiteral("size_bytes"), 0) << "bad-argument";
        QTest::newRow("a fractional size") << with(QStringLiteral("size_bytes"), 512.5) << "bad-argument";
        QTest::newRow("a size beyond 2^53") << with(QStringLiteral("size_bytes"), 1e17) << "bad-argument";
        QTest::newRow("an inode as a number") << with(QStringLiteral("backing_inode"), 12) << "bad-type";
        QTest::newRow("an inode of 21 digits")
            << with(QStringLiteral("backing_inode"), QStringLiteral("123456789012345678901")) << "bad-argument";
        QTest::newRow("a path of 5000 characters")
            << with(QStringLiteral("path"), QString(5000, QLatin1Char('a'))) << "bad-argument";
        QTest::newRow("an unknown field") << with(QStringLiteral("force"), true) << "unknown-field";
    }
    void aConfirmationIsReadStrictly()
    {
        QFETCH(QJsonValue, entry);
        QFETCH(QString, code);
        const auto read = ConfirmedDisk::fromJson(entry);
        QCOMPARE(read.ok() ? QString() : read.error().code, code);
    }
};

QTEST_GUILESS_MAIN(TestDeviceGate)
#include "tst_devicegate.moc"

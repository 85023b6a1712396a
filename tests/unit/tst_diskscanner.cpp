#include "../common/sysfsfixture.h"
#include "disks/controllers.h"
#include "disks/deviceusers.h"
#include "disks/diskscanner.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <functional>
#include <sys/stat.h>
#include <sys/sysmacros.h>

using namespace RaidBench;
using RaidBench::Test::SysfsFixture;

/// Discovery and the safety gate on fixture trees of real machines' layouts.
class TestDiskScanner final : public QObject
{
    Q_OBJECT

private:
    static QList<Disk> scan(const SysfsFixture& fixture, const EligibilityOptions& options = {})
    {
        return DiskScanner(fixture.sys(), fixture.proc(), fixture.dev(), fixture.probe()).scan(options);
    }

    /// A pointer into `disks`: a temporary list would leave it dangling, so only a named list will do.
    static const Disk* find(QList<Disk>&& disks, const QString& name) = delete;
    static const Disk* find(const QList<Disk>& disks, const QString& name)
    {
        for (const Disk& disk : disks) {
            if (disk.name == name) {
                return &disk;
            }
            for (const Disk& partition : disk.partitions) {
                if (partition.name == name) {
                    return &partition;
                }
            }
        }
        return nullptr;
    }

    static QStringList codes(const Disk& disk)
    {
        QStringList list;
        for (const auto& reason : disk.reasons) {
            if (!list.contains(reason.code)) {
                list.append(reason.code);
            }
        }
        list.sort();
        return list;
    }

    static QString fixturePath(const char* name)
    {
        return QStringLiteral(RAIDBENCH_TEST_DATA "/sysfs/") + QLatin1String(name) + QStringLiteral(".json");
    }

    /// Fixture trees are built once per test run (24 disks of sysfs take a while); tests that change
    /// a tree build their own.
    static const SysfsFixture& shared(const char* name)
    {
        static std::map<std::string, std::unique_ptr<SysfsFixture>> fixtures;
        auto& slot = fixtures[name];
        if (!slot) {
            slot = std::make_unique<SysfsFixture>(fixturePath(name));
        }
        return *slot;
    }

private Q_SLOTS:
    void desktop_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("eligible");
        QTest::addColumn<QStringList>("reasons");
        QTest::newRow("system SSD") << "sda" << false
                                    << QStringList {"mounted", "partition-table", "signature", "swap", "system-disk"};
        QTest::newRow("its root partition") << "sda2" << false << QStringList {"mounted", "signature", "system-disk"};
        QTest::newRow("its swap partition") << "sda3" << false << QStringList {"signature", "swap", "system-disk"};
        QTest::newRow("blank HDD") << "sdb" << true << QStringList {};
        QTest::newRow("NVMe with /home") << "nvme0n1" << false
                                         << QStringList {"mounted", "partition-table", "signature"};
        QTest::newRow("USB backup disk") << "sdc" << false << QStringList {"partition-table", "signature"};
        QTest::newRow("its NTFS partition") << "sdc1" << false << QStringList {"signature"};
        QTest::newRow("snap loop") << "loop0" << false << QStringList {"loop-device", "mounted", "signature"};
        QTest::newRow("zram swap") << "zram0" << false << QStringList {"swap", "virtual-device"};
        QTest::newRow("DVD drive") << "sr0" << false << QStringList {"virtual-device"};
    }
    void desktop()
    {
        QFETCH(QString, name);
        QFETCH(bool, eligible);
        QFETCH(QStringList, reasons);
        const SysfsFixture& fixture = shared("desktop");
        QVERIFY(fixture.ok());
        const QList<Disk> disks = scan(fixture);
        const Disk* disk = find(disks, name);
        QVERIFY(disk);
        QCOMPARE(codes(*disk), reasons);
        QCOMPARE(disk->eligible, eligible);
        for (const auto& reason : disk->reasons) {
            QVERIFY(!reason.message.isEmpty());
        }
    }

    void desktopIdentity()
    {
        const SysfsFixture& fixture = shared("desktop");
        const QList<Disk> disks = scan(fixture);
        const Disk* sdb = find(disks, QStringLiteral("sdb"));
        QCOMPARE(sdb->model, QStringLiteral("WDC WD40EFRX-68N32N0"));
        QCOMPARE(sdb->vendor, QStringLiteral("ATA"));
        QCOMPARE(sdb->serial, QStringLiteral("WD-WCC7K1ABCDEF")); // from udev's ata-MODEL_SERIAL link
        QCOMPARE(sdb->wwn, QStringLiteral("0x50014ee2b9a1c2d3"));
        QCOMPARE(sdb->stablePath, QStringLiteral("/dev/disk/by-id/ata-WDC_WD40EFRX-68N32N0_WD-WCC7K1ABCDEF"));
        QCOMPARE(sdb->sizeBytes, 7814037168ull * 512);
        QCOMPARE(sdb->physicalSectorSize, 4096u);
        QVERIFY(sdb->rotational);
        QCOMPARE(sdb->transport, QStringLiteral("sata"));
        QCOMPARE(sdb->controller, QStringLiteral("0000:00:17.0"));
        QCOMPARE(sdb->port, QStringLiteral("ata2"));

        const Disk* nvme = find(disks, QStringLiteral("nvme0n1"));
        QCOMPARE(nvme->transport, QStringLiteral("nvme"));
        QCOMPARE(nvme->controller, QStringLiteral("0000:3d:00.0"));
        QCOMPARE(nvme->model, QStringLiteral("Samsung SSD 970 EVO Plus 1TB"));
        QCOMPARE(nvme->serial, QStringLiteral("S4EWNX0R123456"));
        QCOMPARE(nvme->wwn, QStringLiteral("eui.0025385b91b2c3d4"));
        QVERIFY(!nvme->rotational);
        QCOMPARE(nvme->partitions.size(), 1);
        QCOMPARE(nvme->partitions.first().mountPoints, QStringList {QStringLiteral("/home")});

        const Disk* usb = find(disks, QStringLiteral("sdc"));
        QCOMPARE(usb->transport, QStringLiteral("usb"));
        QCOMPARE(usb->controller, QStringLiteral("0000:00:14.0"));
        QCOMPARE(usb->port, QStringLiteral("2-1"));
        QCOMPARE(usb->partitions.first().signatures.first().label, QStringLiteral("Backup"));

        const Disk* sda = find(disks, QStringLiteral("sda"));
        QVERIFY(sda->systemDisk);
        QCOMPARE(sda->partitions.size(), 3);
        QCOMPARE(find(disks, QStringLiteral("zram0"))->controller, QStringLiteral("virtual"));
    }

    void wipeWaivesSignaturesOnlyForThatDevice()
    {
        const SysfsFixture& fixture = shared("desktop");
        EligibilityOptions options;
        options.wipe = {QStringLiteral("/dev/sdc")};
        const QList<Disk> disks = scan(fixture, options);
        QVERIFY(find(disks, QStringLiteral("sdc"))->eligible);
        // Wiping never waives use: the system disk stays refused even when named.
        options.wipe = {QStringLiteral("/dev/sda"), QStringLiteral("nvme0n1")};
        const QList<Disk> again = scan(fixture, options);
        QVERIFY(!find(again, QStringLiteral("sda"))->eligible);
        QCOMPARE(codes(*find(again, QStringLiteral("sda"))), (QStringList {"mounted", "swap", "system-disk"}));
        QCOMPARE(codes(*find(again, QStringLiteral("nvme0n1"))), QStringList {"mounted"});
    }

    void loopAllowedAndMinimumSize()
    {
        const SysfsFixture& fixture = shared("desktop");
        EligibilityOptions options;
        options.allowLoop = true;
        options.minSizeBytes = 3ull << 40; // 3 TB: only the 4 TB HDD is big enough
        const QList<Disk> disks = scan(fixture, options);
        QVERIFY(!find(disks, QStringLiteral("loop0"))->hasReason(QStringLiteral("loop-device")));
        QVERIFY(find(disks, QStringLiteral("sdb"))->eligible);
        QVERIFY(find(disks, QStringLiteral("sdc"))->hasReason(QStringLiteral("too-small")));
    }

    void server_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QStringList>("reasons");
        QTest::newRow("blank data disk") << "sda" << QStringList {};
        QTest::newRow("old md member") << "sdc" << QStringList {"md-member"};
        QTest::newRow("LVM PV in use") << "sdd" << QStringList {"holders", "lvm-pv"};
        QTest::newRow("md RAID1 system SSD")
            << "sdy" << QStringList {"holders", "md-member", "partition-table", "system-disk"};
        QTest::newRow("its md partition") << "sdz1" << QStringList {"holders", "md-member", "system-disk"};
        QTest::newRow("the root array") << "md0" << QStringList {"mounted", "system-disk", "virtual-device"};
        QTest::newRow("the LV") << "dm-0" << QStringList {"mounted", "virtual-device"};
    }
    void server()
    {
        QFETCH(QString, name);
        QFETCH(QStringList, reasons);
        const SysfsFixture& fixture = shared("server");
        QVERIFY(fixture.ok());
        const QList<Disk> disks = scan(fixture);
        const Disk* disk = find(disks, name);
        QVERIFY(disk);
        QCOMPARE(codes(*disk), reasons);
        QCOMPARE(disk->eligible, reasons.isEmpty());
    }

    void serverControllers()
    {
        const SysfsFixture& fixture = shared("server");
        QList<Disk> data;
        for (const Disk& disk : scan(fixture)) {
            if (disk.transport == QLatin1String("sas")) {
                data.append(disk);
            }
        }
        QCOMPARE(data.size(), 24);
        const auto groups = groupByController(data);
        QCOMPARE(groups.size(), 3);
        QCOMPARE(groups.at(0).first, QStringLiteral("0000:02:00.0"));
        QCOMPARE(groups.at(1).first, QStringLiteral("0000:03:00.0"));
        QCOMPARE(groups.at(2).first, QStringLiteral("0000:81:00.0"));
        for (const auto& group : groups) {
            QCOMPARE(group.second.size(), 8);
        }
        QCOMPARE(data.first().port, QStringLiteral("0:0:0:0"));
        // Seed 000: a 3-disk array takes one disk from each controller; a 6-disk array two.
        const QList<Disk> spread = spreadAcrossControllers(data);
        QCOMPARE(spread.size(), 24);
        for (int i = 0; i + 2 < 24; i += 3) {
            const auto counts = disksPerController(spread.mid(i, 3));
            QCOMPARE(counts.size(), 3);
        }
        const auto six = disksPerController(spread.mid(0, 6));
        QCOMPARE(six.size(), 3);
        for (int count : six) {
            QCOMPARE(count, 2);
        }
        QCOMPARE(spread.at(0).name, QStringLiteral("sda"));
        QCOMPARE(spread.at(1).name, QStringLiteral("sdi"));
        QCOMPARE(spread.at(2).name, QStringLiteral("sdq"));
        QCOMPARE(spread.at(3).name, QStringLiteral("sdb"));
    }

    void special_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QStringList>("reasons");
        QTest::newRow("read-only") << "sda" << QStringList {"read-only"};
        QTest::newRow("empty GPT") << "sdb" << QStringList {"partition-table"};
        QTest::newRow("active md partition") << "sdc" << QStringList {"holders", "md-member", "partition-table"};
        QTest::newRow("swap partition") << "sdd" << QStringList {"partition-table", "signature", "swap"};
        QTest::newRow("small SSD is fine without a minimum") << "sde" << QStringList {};
        QTest::newRow("size unreadable") << "sdf" << QStringList {"empty", "scan-error"};
        QTest::newRow("bcache holder") << "sdg" << QStringList {"holders"};
        QTest::newRow("partition of an md array") << "md127p1" << QStringList {"virtual-device"};
        QTest::newRow("network block device") << "nbd0" << QStringList {"virtual-device"};
        QTest::newRow("partition of a network block device") << "nbd0p1" << QStringList {"virtual-device"};
        QTest::newRow("a Ceph image") << "rbd0" << QStringList {"virtual-device"};
        QTest::newRow("a DRBD replica") << "drbd0" << QStringList {"virtual-device"};
        QTest::newRow("a ZFS volume") << "zd0" << QStringList {"virtual-device"};
        QTest::newRow("a bcache device") << "bcache0" << QStringList {"virtual-device"};
    }
    void special()
    {
        QFETCH(QString, name);
        QFETCH(QStringList, reasons);
        const SysfsFixture& fixture = shared("special");
        QVERIFY(fixture.ok());
        const QList<Disk> disks = scan(fixture);
        const Disk* disk = find(disks, name);
        QVERIFY(disk);
        QCOMPARE(codes(*disk), reasons);
    }

    void aHungDiskFailsItsOwnProbeOnly()
    {
        // One disk whose reads hang: it is reported and refused within the limit, the others are read.
        const SysfsFixture& fixture = shared("special");
        const SignatureProbe recorded = fixture.probe();
        const SignatureProbe hanging = [recorded](const QString& path) {
            if (path.endsWith(QLatin1String("/sde"))) {
                QThread::sleep(2);
            }
            return recorded(path);
        };
        DiskScanner scanner(fixture.sys(), fixture.proc(), fixture.dev(), hanging);
        scanner.setProbeTimeout(200);
        QElapsedTimer clock;
        clock.start();
        const QList<Disk> disks = scanner.scan({});
        QVERIFY2(clock.elapsed() < 1500, qPrintable(QString::number(clock.elapsed())));
        const Disk* hung = find(disks, QStringLiteral("sde"));
        QVERIFY(hung);
        QVERIFY(!hung->eligible);
        QVERIFY(codes(*hung).contains(QStringLiteral("scan-error")));
        QVERIFY(hung->scanErrors.join(' ').contains(QStringLiteral("did not answer")));
        const Disk* swap = find(disks, QStringLiteral("sdd1"));
        QVERIFY(swap && !swap->signatures.isEmpty()); // the others were read
        QThread::sleep(2); // the stuck probe ends before the fixture goes
    }

    void mdMemberReasonNamesTheArray()
    {
        const SysfsFixture& fixture = shared("special");
        const QList<Disk> disks = scan(fixture);
        const Disk* disk = find(disks, QStringLiteral("sdc1"));
        QCOMPARE(disk->mdArray, QStringLiteral("md127"));
        bool named = false;
        for (const auto& reason : disk->reasons) {
            named =
                named || (reason.code == QLatin1String("md-member") && reason.message.contains(QLatin1String("md127")));
        }
        QVERIFY(named);
    }

    void jsonHasTheDocumentedFields()
    {
        const SysfsFixture& fixture = shared("desktop");
        const QList<Disk> disks = scan(fixture);
        const QJsonObject json = find(disks, QStringLiteral("sda"))->toJson();
        for (const char* key : {"name", "path", "stable_path", "model", "serial", "size_bytes", "rotational",
                                "transport", "controller", "eligible", "reasons", "partitions"}) {
            QVERIFY2(json.contains(QLatin1String(key)), key);
        }
        QCOMPARE(json.value(QStringLiteral("partitions")).toArray().size(), 3);
        const QJsonObject reason = json.value(QStringLiteral("reasons")).toArray().first().toObject();
        QVERIFY(reason.contains(QStringLiteral("code")) && reason.contains(QStringLiteral("message")));
    }

    void aReasonKeepsItsWordsForTheClient()
    {
        // sda's partition sda2 is mounted at /: the disk says so of its partition, in English for files,
        // with the template and its arguments beside it for a client in another language.
        const SysfsFixture& fixture = shared("desktop");
        const QList<Disk> disks = scan(fixture);
        const Disk* sda = find(disks, QStringLiteral("sda"));
        const DiskReason* ofPartition = nullptr;
        for (const DiskReason& reason : sda->reasons) {
            if (reason.code == QLatin1String("mounted") && !reason.outerTemplate.isEmpty()) {
                ofPartition = &reason;
            }
        }
        QVERIFY(ofPartition);
        QVERIFY2(ofPartition->message.startsWith(QStringLiteral("partition sda")) &&
                     ofPartition->message.contains(QStringLiteral(" mounted at /")),
                 qPrintable(ofPartition->message));
        QCOMPARE(ofPartition->messageTemplate, QStringLiteral("mounted at %1"));
        QCOMPARE(ofPartition->text(Audience::File), ofPartition->message);
        // Without a catalogue a person reads the same English, filled from the template.
        QCOMPARE(ofPartition->text(Audience::Person), ofPartition->message);
        // Through the helper's JSON and back, whole.
        QCOMPARE(DiskReason::fromJson(ofPartition->toJson()), *ofPartition);
        const Disk again = Disk::fromJson(sda->toJson());
        QCOMPARE(again.reasons, sda->reasons);

        // An older helper sends the message alone; a template too long or with too many arguments is not
        // filled: the message is said as it is.
        const DiskReason older =
            DiskReason::fromJson(QJsonObject {{QStringLiteral("code"), QStringLiteral("mounted")},
                                              {QStringLiteral("message"), QStringLiteral("mounted at /srv")}});
        QCOMPARE(older.text(Audience::Person), QStringLiteral("mounted at /srv"));
        QJsonObject tooMany = ofPartition->toJson();
        QJsonArray args;
        for (int i = 0; i < 10; ++i) {
            args.append(QStringLiteral("x"));
        }
        tooMany.insert(QStringLiteral("message_args"), args);
        QVERIFY(DiskReason::fromJson(tooMany).messageTemplate.isEmpty());
        QCOMPARE(DiskReason::fromJson(tooMany).text(Audience::Person), ofPartition->message);
        // A template that does not say the message, an argument of another type or missing, an outer
        // template without its argument or too long: the message alone.
        QJsonObject other = ofPartition->toJson();
        other.insert(QStringLiteral("message_template"), QStringLiteral("held by %1"));
        QVERIFY(DiskReason::fromJson(other).messageTemplate.isEmpty());
        QJsonObject notText = ofPartition->toJson();
        notText.insert(QStringLiteral("message_args"), QJsonArray {42});
        QVERIFY(DiskReason::fromJson(notText).messageTemplate.isEmpty());
        QJsonObject noArgs = ofPartition->toJson();
        noArgs.remove(QStringLiteral("message_args"));
        QVERIFY(DiskReason::fromJson(noArgs).messageTemplate.isEmpty());
        QJsonObject noOuterArg = ofPartition->toJson();
        noOuterArg.remove(QStringLiteral("outer_arg"));
        QVERIFY(DiskReason::fromJson(noOuterArg).messageTemplate.isEmpty());
        QJsonObject longOuter = ofPartition->toJson();
        longOuter.insert(QStringLiteral("outer_template"), QString(1001, QLatin1Char('b')));
        QVERIFY(DiskReason::fromJson(longOuter).outerTemplate.isEmpty());
        QCOMPARE(DiskReason::fromJson(longOuter).text(Audience::Person), ofPartition->message);
        QJsonObject outerAlone = DiskReason::asIs(QStringLiteral("mounted"), QStringLiteral("x")).toJson();
        outerAlone.insert(QStringLiteral("outer_template"), QStringLiteral("partition %1 %2"));
        QVERIFY(DiskReason::fromJson(outerAlone).outerTemplate.isEmpty());
        // A reason built here keeps every mount point, however long the list.
        const DiskReason many =
            DiskReason::make(QStringLiteral("mounted"), "mounted at %1", {QString(10000, QLatin1Char('/'))});
        QCOMPARE(many.message.size(), 10000 + 11);
        QJsonObject tooLong = ofPartition->toJson();
        tooLong.insert(QStringLiteral("message_template"), QString(1001, QLatin1Char('a')));
        QVERIFY(DiskReason::fromJson(tooLong).messageTemplate.isEmpty());
        // An argument holding a marker stays as it is; a template repeating a long argument stops at 4096.
        const DiskReason marker = DiskReason::make(QStringLiteral("mounted"), "mounted at %1", {QStringLiteral("/%2")});
        QCOMPARE(marker.text(Audience::Person), QStringLiteral("mounted at /%2"));
        QCOMPARE(fillTemplate(QStringLiteral("%1%1%1%1%1%1%1%1"), {QString(100000, QLatin1Char('m'))}).size(),
                 maxFilledText);
    }

    void inspectRefusesWhatIsNotABlockDevice()
    {
        SysfsFixture fixture(fixturePath("desktop"));
        const DiskScanner scanner(fixture.sys(), fixture.proc(), fixture.dev(), fixture.probe());
        QCOMPARE(scanner.inspect(QStringLiteral("/nonexistent/disk")).error().code, QStringLiteral("not-found"));
        QCOMPARE(scanner.inspect(QStringLiteral("/etc/passwd")).error().code, QStringLiteral("not-block-device"));
        QCOMPARE(scanner.inspect(QStringLiteral("/dev/null")).error().code, QStringLiteral("not-block-device"));
        const QString loop = fixture.root() + QStringLiteral("/loop-a");
        QFile::link(fixture.root() + QStringLiteral("/loop-b"), loop);
        QFile::link(loop, fixture.root() + QStringLiteral("/loop-b"));
        QCOMPARE(scanner.inspect(loop).error().code, QStringLiteral("bad-path"));
    }

    void vanishedAndUnreadableAreReportedPerDevice()
    {
        SysfsFixture fixture(fixturePath("desktop"));
        // A device whose /sys/block link dangles: it vanished between listing and reading.
        QFile::link(QStringLiteral("../devices/virtual/block/gone0"), fixture.sys() + QStringLiteral("/block/sdz"));
        const QList<Disk> disks = scan(fixture);
        const Disk* gone = find(disks, QStringLiteral("sdz"));
        QVERIFY(gone);
        QVERIFY(!gone->eligible);
        QVERIFY(gone->hasReason(QStringLiteral("scan-error")));
        QVERIFY(find(disks, QStringLiteral("sdb"))->eligible); // the scan went on
    }

    /// A block device of this machine (its node and number), which the fixture below names as its own
    /// disk: a process's descriptor and a loop device's backing file must lead to a real block device.
    static std::pair<QString, QString> realBlockDevice()
    {
        for (const QString& number :
             QDir(QStringLiteral("/sys/dev/block")).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System)) {
            QFile uevent(QStringLiteral("/sys/dev/block/%1/uevent").arg(number));
            if (!uevent.open(QIODevice::ReadOnly)) {
                continue;
            }
            for (const QByteArray& line : uevent.readAll().split('\n')) {
                if (line.startsWith("DEVNAME=")) {
                    const QString node = QStringLiteral("/dev/") + QString::fromLatin1(line.mid(8));
                    struct stat st
                    { };
                    if (::stat(QFile::encodeName(node).constData(), &st) == 0 && S_ISBLK(st.st_mode)) {
                        return {node, number};
                    }
                }
            }
        }
        return {};
    }
    /// A tree with one disk (this machine's `number`), a loop device backed by it, and processes that
    /// hold it: 4242 by a descriptor, 4343 by a mapping whose descriptor it closed, 4444 by nothing.
    static void writeUsersTree(const QString& root, const QString& node, const QString& number, int extraHolders = 0)
    {
        auto write = [&](const QString& path, const QByteArray& text) {
            QDir().mkpath(QFileInfo(root + path).path());
            QFile file(root + path);
            file.open(QIODevice::WriteOnly);
            file.write(text);
        };
        auto link = [&](const QString& target, const QString& path) {
            QDir().mkpath(QFileInfo(root + path).path());
            QFile::link(target, root + path);
        };
        write(QStringLiteral("/sys/devices/virtual/block/sdz/dev"), number.toLatin1() + '\n');
        write(QStringLiteral("/sys/devices/virtual/block/sdz/size"), "2097152\n");
        write(QStringLiteral("/sys/devices/virtual/block/sdz/ro"), "0\n");
        QDir().mkpath(root + QStringLiteral("/sys/devices/virtual/block/sdz/holders"));
        link(QStringLiteral("../devices/virtual/block/sdz"), QStringLiteral("/sys/block/sdz"));
        write(QStringLiteral("/sys/devices/virtual/block/loop7/dev"), "7:7\n");
        write(QStringLiteral("/sys/devices/virtual/block/loop7/size"), "1024\n");
        write(QStringLiteral("/sys/devices/virtual/block/loop7/ro"), "0\n");
        write(QStringLiteral("/sys/devices/virtual/block/loop7/loop/backing_file"), node.toLatin1() + '\n');
        link(QStringLiteral("../devices/virtual/block/loop7"), QStringLiteral("/sys/block/loop7"));
        write(QStringLiteral("/proc/self/mountinfo"), "");
        write(QStringLiteral("/proc/swaps"), "Filename Type Size Used Priority\n");
        write(QStringLiteral("/proc/4242/comm"), "qemu-system-x86\n");
        link(node, QStringLiteral("/proc/4242/fd/3"));
        link(QStringLiteral("pipe:[42]"), QStringLiteral("/proc/4242/fd/4"));
        write(QStringLiteral("/proc/4343/comm"), "python3\n");
        write(QStringLiteral("/proc/4343/maps"), "7f00-7f80 r--s 00000000 00:05 123 " + node.toLatin1() + "\n");
        link(node, QStringLiteral("/proc/4343/map_files/7f00-7f80"));
        write(QStringLiteral("/proc/4444/comm"), "bash\n");
        link(QStringLiteral("socket:[7]"), QStringLiteral("/proc/4444/fd/0"));
        for (int i = 0; i < extraHolders; ++i) {
            write(QStringLiteral("/proc/%1/comm").arg(5000 + i), "dd\n");
            link(node, QStringLiteral("/proc/%1/fd/0").arg(5000 + i));
        }
    }

    void usersWithoutAClaimMakeADiskInUse()
    {
        const auto [node, number] = realBlockDevice();
        if (node.isEmpty()) {
            QSKIP("no block device on this machine to point the fixture at");
        }
        QTemporaryDir dir;
        writeUsersTree(dir.path(), node, number);
        const QList<Disk> disks = DiskScanner(dir.filePath(QStringLiteral("sys")), dir.filePath(QStringLiteral("proc")),
                                              dir.filePath(QStringLiteral("dev")), SignatureProbe())
                                      .scan({});
        const Disk* disk = find(disks, QStringLiteral("sdz"));
        QVERIFY(disk);
        QVERIFY(!disk->eligible);
        QStringList messages;
        for (const DiskReason& reason : disk->reasons) {
            messages.append(reason.code + QLatin1Char(':') + reason.message);
        }
        QVERIFY2(messages.contains(QStringLiteral("open:open by qemu-system-x86 (pid 4242)")),
                 qPrintable(messages.join('|')));
        QVERIFY2(messages.contains(QStringLiteral("open:open by python3 (pid 4343)")), qPrintable(messages.join('|')));
        QVERIFY2(messages.contains(
                     QStringLiteral("loop-backing:backs loop device /dev/loop7 (which may hold a file system)")),
                 qPrintable(messages.join('|')));
        QVERIFY(!messages.join('|').contains(QStringLiteral("4444"))); // a pipe and a socket are no disk
        QCOMPARE(disk->users.size(), 3);
        // As the helper sends it and a client reads it back.
        QCOMPARE(Disk::fromJson(disk->toJson()).users, disk->users);
        // The loop device itself says what backs it.
        const Disk* loop = find(disks, QStringLiteral("loop7"));
        QVERIFY(loop);
        QCOMPARE(loop->backingFile, node);
    }

    void manyHoldersAreCountedAndThisProcessIsLeftOut()
    {
        const auto [node, number] = realBlockDevice();
        if (node.isEmpty()) {
            QSKIP("no block device on this machine to point the fixture at");
        }
        QTemporaryDir dir;
        writeUsersTree(dir.path(), node, number, 6);
        const QList<Disk> disks = DiskScanner(dir.filePath(QStringLiteral("sys")), dir.filePath(QStringLiteral("proc")),
                                              dir.filePath(QStringLiteral("dev")), SignatureProbe())
                                      .scan({});
        const Disk* disk = find(disks, QStringLiteral("sdz"));
        QVERIFY(disk);
        int named = 0;
        QString counted;
        for (const DiskReason& reason : disk->reasons) {
            named += reason.code == QLatin1String("open") && reason.message.contains(QLatin1String("(pid")) ? 1 : 0;
            counted += reason.message.contains(QLatin1String("more processes")) ? reason.message : QString();
        }
        QCOMPARE(named, 4);
        QCOMPARE(counted, QStringLiteral("open by 4 more processes"));
        // The process that looks is left out: the helper opens the disks it measures itself.
        const auto users = DeviceUsers(dir.filePath(QStringLiteral("sys")), dir.filePath(QStringLiteral("proc")),
                                       dir.filePath(QStringLiteral("dev")), 4242)
                               .find(5000);
        QVERIFY(users.ok());
        for (const QList<DeviceUse>& uses : *users) {
            for (const DeviceUse& use : uses) {
                QVERIFY(use.pid != 4242);
            }
        }
    }

    void whatTheKernelExportsIsInUse()
    {
        // The kernel's exports open a disk without claiming it: each found by its configfs or sysfs entry.
        const auto [node, number] = realBlockDevice();
        if (node.isEmpty()) {
            QSKIP("no block device on this machine to point the fixture at");
        }
        QTemporaryDir dir;
        writeUsersTree(dir.path(), node, number);
        auto write = [&](const QString& path, const QByteArray& text) {
            QDir().mkpath(QFileInfo(dir.path() + path).path());
            QFile file(dir.path() + path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(text);
        };
        const QByteArray nodeText = node.toLatin1();
        struct stat st
        { };
        QVERIFY(::stat(QFile::encodeName(node).constData(), &st) == 0);
        const QString sys = QStringLiteral("/sys");
        const QList<std::pair<QString, std::function<void()>>> exports {
            {QStringLiteral("NVMe-oF subsystem s1"),
             [&] {
                 write(sys + QStringLiteral("/kernel/config/nvmet/subsystems/s1/namespaces/1/enable"), "1\n");
                 write(sys + QStringLiteral("/kernel/config/nvmet/subsystems/s1/namespaces/1/device_path"), nodeText);
             }},
            {QStringLiteral("LIO backstore disk1"),
             [&] {
                 write(sys + QStringLiteral("/kernel/config/target/core/fileio_0/disk1/enable"), "1\n");
                 write(sys + QStringLiteral("/kernel/config/target/core/fileio_0/disk1/info"),
                       "Status: ACTIVATED  Max Queue Depth: 128\n        TCM FILEIO ID: 0        File: " + nodeText +
                           "  Size: 0  Mode: O_DSYNC\n");
             }},
            {QStringLiteral("USB mass-storage gadget g1"),
             [&] {
                 write(sys + QStringLiteral("/kernel/config/usb_gadget/g1/functions/mass_storage.0/lun.0/file"),
                       nodeText);
             }},
            {QStringLiteral("Xen guest disk vbd-1-51712"),
             [&] {
                 write(sys + QStringLiteral("/bus/xen-backend/devices/vbd-1-51712/physical_device"),
                       QByteArray::number(major(st.st_rdev), 16) + ':' + QByteArray::number(minor(st.st_rdev), 16));
             }},
        };
        for (const auto& [what, make] : exports) {
            make();
            const auto users = DeviceUsers(dir.filePath(QStringLiteral("sys")), dir.filePath(QStringLiteral("proc")),
                                           dir.filePath(QStringLiteral("dev")), 0)
                                   .find(5000);
            QVERIFY(users.ok());
            bool found = false;
            for (const DeviceUse& use : users->value(std::uint64_t(st.st_rdev))) {
                found = found ||
                    (use.kind == DeviceUse::Kind::Exported && use.name == what &&
                     use.reason().message == QStringLiteral("exported by the kernel (%1)").arg(what));
            }
            QVERIFY2(found, qPrintable(what));
        }
    }

    void processesInAFileSystemAreNamed()
    {
        // What keeps an unmount from succeeding: a directory, an open file, a mapping on the file system.
        QTemporaryDir dir;
        struct stat st
        { };
        QVERIFY(::stat(QFile::encodeName(dir.path()).constData(), &st) == 0);
        const QString proc = dir.filePath(QStringLiteral("proc"));
        QDir().mkpath(proc + QStringLiteral("/77/fd"));
        QFile comm(proc + QStringLiteral("/77/comm"));
        QVERIFY(comm.open(QIODevice::WriteOnly));
        comm.write("sleep\n");
        comm.close();
        QVERIFY(QFile::link(dir.path(), proc + QStringLiteral("/77/cwd")));
        QDir().mkpath(proc + QStringLiteral("/78/fd"));
        QVERIFY(QFile::link(QStringLiteral("/proc"), proc + QStringLiteral("/78/cwd"))); // another file system
        const auto users = DeviceUsers(QString(), proc, QString(), 0).onFileSystem(std::uint64_t(st.st_dev), 5000);
        QVERIFY(users.ok());
        QCOMPARE(users->size(), 1);
        QCOMPARE(users->first().reason().message, QStringLiteral("open by sleep (pid 77)"));
    }
};

QTEST_GUILESS_MAIN(TestDiskScanner)
#include "tst_diskscanner.moc"

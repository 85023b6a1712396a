#include "../mock/fakedevicegate.h"
#include "../mock/pretendbuildmachine.h"
#include "../mock/steplogwatcher.h"
#include "arrays/buildexecutor.h"
#include "arrays/lvmreport.h"
#include "arrays/mdassemblyguard.h"
#include "arrays/mdstat.h"
#include "layout/presets.h"
#include "system/guardedcommand.h"
#include "util/errorcodes.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <type_traits>

using namespace RaidBench;
using namespace RaidBench::Test;

/// Plans (argv snapshots), parsers on recorded outputs, and the executor against a recording runner.
class TestBuild final : public QObject
{
    Q_OBJECT

private:
    static bool touch(const QString& path)
    {
        QFile file(path);
        return file.open(QIODevice::WriteOnly) && file.write("{\"tag\":") == 7;
    }
    static QString data(const char* name)
    {
        QFile file(QStringLiteral(RAIDBENCH_TEST_DATA "/mdadm/") + QLatin1String(name));
        return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
    }

    static QList<PresetDisk> disks(int count)
    {
        QList<PresetDisk> list;
        for (int i = 0; i < count; ++i) {
            list.append({QStringLiteral("/dev/sd%1").arg(QChar('b' + i)), 1ull << 40, QStringLiteral("c0"), QString()});
        }
        return list;
    }

    static std::shared_ptr<FakeDeviceGate> fakeGate()
    {
        QStringList devices;
        for (const char* name : {"sda", "sdb", "sdc", "sdd", "sde", "sdf", "sdg", "sdh"}) {
            devices.append(QStringLiteral("/dev/") + QLatin1String(name));
        }
        return std::make_shared<FakeDeviceGate>(devices);
    }

    /// Where the builds of a test write md's configuration (never this machine's /etc).
    static QString testEtc()
    {
        static QTemporaryDir etc;
        return etc.path();
    }

    static BuildExecutor::Options testOptions(const QString& journalDir,
                                              std::shared_ptr<FakeDeviceGate> gate = fakeGate())
    {
        BuildExecutor::Options options;
        options.journalDirectory = journalDir;
        options.etcRoot = testEtc(); // md's configuration: the test's own
        options.procRoot = QStringLiteral("/nonexistent");
        options.machine = std::make_shared<PretendBuildMachine>();
        options.gate = std::move(gate);
        return options;
    }

    /// A disk's write cache as sdparm sees it: set and read back, every command recorded.
    class CacheRunner final : public CommandRunner
    {
    public:
        QHash<QString, bool> caches; ///< node -> on
        QSet<QString> refusing; ///< nodes whose cache cannot be changed
        QList<QStringList> commands;
        CommandResult execute(const QStringList& argv, int, const std::atomic_bool*) override
        {
            commands.append(argv);
            CommandResult result;
            result.started = true;
            result.exitCode = 0;
            if (argv.value(0) == QLatin1String("sdparm")) {
                const QString node = argv.last();
                if (argv.value(1).startsWith(QLatin1String("--set=WCE="))) {
                    if (refusing.contains(node)) {
                        result.exitCode = 5;
                        result.err = QStringLiteral("change_mode_page: failed setting page: Caching (SBC)");
                        return result;
                    }
                    caches[node] = argv.value(1).endsWith(QLatin1Char('1'));
                } else {
                    result.out = QStringLiteral("    %1: ATA  WDC WD40  0A81\nWCE  %2  [cha: y, def:  1]\n")
                                     .arg(node, caches.value(node) ? QStringLiteral("1") : QStringLiteral("0"));
                    result.exitCode = 5; // qemu's disks: no saved values, the current one printed anyway
                }
            }
            return result;
        }
        CommandResult writeMdAttribute(const QString&, const QString&, const QString&) override
        {
            return execute({QStringLiteral("sysfs")}, 0, nullptr);
        }
        CommandResult rescanDisk(const QString& device) override
        {
            return execute({QStringLiteral("rescan"), device}, 0, nullptr);
        }
    };

    /// md refusing to stop an array that a killed process's I/O still holds, `busyStops` times.
    class BusyStopRunner final : public CommandRunner
    {
    public:
        int busyStops = 0;
        QList<QStringList> commands;
        CommandResult execute(const QStringList& argv, int, const std::atomic_bool*) override
        {
            commands.append(argv);
            CommandResult result;
            result.started = true;
            result.exitCode = 0;
            if (argv.value(0) == QLatin1String("mdadm") && argv.value(1) == QLatin1String("--stop") && busyStops > 0) {
                --busyStops;
                result.exitCode = 1;
                result.err = QStringLiteral("mdadm: Cannot get exclusive access to %1:Perhaps a running process, "
                                            "mounted filesystem or active volume group?")
                                 .arg(argv.last());
            }
            return result;
        }
        CommandResult writeMdAttribute(const QString&, const QString&, const QString&) override
        {
            return execute({QStringLiteral("sysfs")}, 0, nullptr);
        }
        CommandResult rescanDisk(const QString& device) override
        {
            return execute({QStringLiteral("rescan"), device}, 0, nullptr);
        }
    };

    static BuildExecutor::Options cacheOptions(const QString& journalDir, std::shared_ptr<FakeDeviceGate> gate)
    {
        BuildExecutor::Options options = testOptions(journalDir, std::move(gate));
        auto machine = std::make_shared<PretendBuildMachine>();
        machine->disk = [](const QString& node) -> Result<Disk> {
            Disk disk;
            disk.name = node.section(QLatin1Char('/'), -1);
            disk.path = node;
            disk.kind = QStringLiteral("disk");
            disk.transport = QStringLiteral("sas");
            return disk;
        };
        options.machine = machine;
        return options;
    }

    /// A plan whose leaves the gate pinned, as every real build's are.
    static BuildPlan pinnedPlan(const ArraySpec& spec, const QString& tag, const DeviceGate& gate, bool udev = true)
    {
        auto pinned = gate.pinSpec(spec);
        if (!pinned) {
            qFatal("%s", qPrintable(pinned.error().message));
        }
        return *pinnedBuild(*pinned, tag, PlanOptions {udev});
    }

private Q_SLOTS:
    /// Command lines with each md UUID (random, the plan's own) written as UUID.
    static QStringList withUuidsNamed(QStringList lines)
    {
        static const QRegularExpression uuid(QStringLiteral("--uuid=[0-9a-f]{8}(:[0-9a-f]{8}){3} "));
        for (QString& line : lines) {
            line.replace(uuid, QStringLiteral("--uuid=UUID "));
        }
        return lines;
    }

    void raid5PlanSnapshot()
    {
        auto spec = makePreset(QStringLiteral("raid5"), disks(3));
        spec->chunkBytes = 256 * 1024;
        const auto plan = planBuild(*spec, QStringLiteral("t1"), PlanOptions {true});
        QVERIFY(plan.ok());
        QCOMPARE(withUuidsNamed(plan->commandLines()),
                 (QStringList {
                     "wipefs --all --quiet /dev/sdb", "wipefs --all --quiet /dev/sdc", "wipefs --all --quiet /dev/sdd",
                     "mdadm --create /dev/md/raidbench-t1-0 --run --name=raidbench-t1-0 --uuid=UUID --level=raid5 "
                     "--raid-devices=3 --chunk=256K --metadata=1.2 --bitmap=none --assume-clean /dev/sdb /dev/sdc "
                     "/dev/sdd"}));
        QCOMPARE(plan->topDevice, QStringLiteral("/dev/md/raidbench-t1-0"));
        QCOMPARE(plan->destroys, (QStringList {"/dev/sdb", "/dev/sdc", "/dev/sdd"}));
        QCOMPARE(plan->teardownCommands(),
                 (QList<QStringList> {{"mdadm", "--stop", "/dev/md/raidbench-t1-0"},
                                      {"mdadm", "--zero-superblock", "/dev/sdb"},
                                      {"mdadm", "--zero-superblock", "/dev/sdc"},
                                      {"mdadm", "--zero-superblock", "/dev/sdd"},
                                      {"wipefs", "--all", "--quiet", "/dev/sdb"},
                                      {"wipefs", "--all", "--quiet", "/dev/sdc"},
                                      {"wipefs", "--all", "--quiet", "/dev/sdd"}}));
    }

    void stripeCacheStepOnlyWhenAsked()
    {
        auto spec = makePreset(QStringLiteral("raid5"), disks(3));
        spec->stripeCachePages = 4096;
        const auto plan = planBuild(*spec, QStringLiteral("t1"), PlanOptions {true});
        QVERIFY(plan.ok());
        QCOMPARE(plan->commandLines().last(),
                 QStringLiteral("echo 4096 > /sys/block/$(basename $(readlink -f /dev/md/raidbench-t1-0))/md/"
                                "stripe_cache_size"));
        QCOMPARE(plan->steps.last().mdAttribute,
                 (QStringList {"/dev/md/raidbench-t1-0", "md/stripe_cache_size", "4096"}));
    }

    void nestedPlanIsBottomUpAndTeardownTopDown()
    {
        const auto spec = makePreset(QStringLiteral("raid50"), disks(6));
        const auto plan = planBuild(*spec, QStringLiteral("n5"), PlanOptions {true});
        QVERIFY(plan.ok());
        const QStringList lines = withUuidsNamed(plan->commandLines());
        QCOMPARE(lines.size(), 9); // 6 wipes, 3 creates; md keeps its own stripe cache
        // Each array its own UUID, chosen by the plan (md is told to ignore any other device with it).
        const QStringList uuids = plan->mdUuids();
        QCOMPARE(QSet<QString>(uuids.cbegin(), uuids.cend()).size(), 3);
        QVERIFY(lines[3].startsWith(QStringLiteral("mdadm --create /dev/md/raidbench-n5-0 ")));
        QVERIFY(lines[3].contains(QStringLiteral("--level=raid5 --raid-devices=3")));
        QVERIFY(lines[7].startsWith(QStringLiteral("mdadm --create /dev/md/raidbench-n5-1 ")));
        // The RAID0 on top gets a chunk that fills the legs' 1 MiB stripes (2 data disks x 512 KiB).
        QCOMPARE(lines[8],
                 QStringLiteral("mdadm --create /dev/md/raidbench-n5-2 --run --name=raidbench-n5-2 --uuid=UUID "
                                "--level=raid0 --raid-devices=2 --chunk=1024K --metadata=1.2 /dev/md/raidbench-n5-0 "
                                "/dev/md/raidbench-n5-1"));
        const QList<QStringList> teardown = plan->teardownCommands();
        QCOMPARE(teardown.first(), (QStringList {"mdadm", "--stop", "/dev/md/raidbench-n5-2"}));
        QCOMPARE(teardown.at(1), (QStringList {"mdadm", "--zero-superblock", "/dev/md/raidbench-n5-0"}));
        QCOMPARE(teardown.at(3), (QStringList {"mdadm", "--stop", "/dev/md/raidbench-n5-1"}));
    }

    void lvmPlanSnapshot()
    {
        const auto spec = makePreset(QStringLiteral("lvm-stripe-over-raid1"), disks(4));
        const auto plan = planBuild(*spec, QStringLiteral("lv"), PlanOptions {false});
        QVERIFY(plan.ok());
        const QString config =
            QStringLiteral("backup{backup=0 archive=0} devices{use_devicesfile=0} "
                           "activation{udev_sync=0 udev_rules=0} devices{obtain_device_list_from_udev=0}");
        // LVM sees only the build's own devices: a disk that claims to belong to raidbench_lv is not asked.
        const QStringList seen {"--devices", "/dev/md/raidbench-lv-0", "--devices", "/dev/md/raidbench-lv-1"};
        QCOMPARE(plan->steps.last().argv,
                 (QStringList {"lvm", "lvcreate", "--config", config} + seen +
                  QStringList {"-y", "--wipesignatures", "y", "--type", "striped", "-i", "2", "-I", "64k", "-l",
                               "100%FREE", "-n", "bench", "raidbench_lv"}));
        QCOMPARE(plan->topDevice, QStringLiteral("/dev/raidbench_lv/bench"));
        QCOMPARE(
            plan->teardownCommands().first(),
            (QStringList {"lvm", "lvremove", "--config", config} + seen + QStringList {"-f", "raidbench_lv/bench"}));
        for (const BuildStep& step : plan->steps) {
            if (step.argv.first() == QLatin1String("lvm")) {
                QVERIFY2(step.argv.contains(QStringLiteral("--devices")), qPrintable(step.argv.join(' ')));
            }
        }
        // Arguments are never one shell string: the config travels as one argv entry, shown quoted.
        QVERIFY(plan->commandLines().last().contains(QStringLiteral("--config '") + config + QLatin1Char('\'')));
    }

    void raid1HasNoChunkAndRaid0NoBitmap()
    {
        auto mirror = makePreset(QStringLiteral("raid1"), disks(2));
        const auto plan = planBuild(*mirror, QStringLiteral("m1"));
        QVERIFY(!plan->steps.last().argv.join(QLatin1Char(' ')).contains(QStringLiteral("--chunk")));
        auto stripe = makePreset(QStringLiteral("raid0"), disks(2));
        const auto plan0 = planBuild(*stripe, QStringLiteral("s0"));
        QVERIFY(!plan0->steps.last().argv.join(QLatin1Char(' ')).contains(QStringLiteral("--bitmap")));
        mirror->assumeClean = false;
        mirror->bitmap = Bitmap::Internal;
        const auto resync = planBuild(*mirror, QStringLiteral("m2"));
        QCOMPARE(resync->steps.last().resyncDevice, QStringLiteral("/dev/md/raidbench-m2-0"));
        QVERIFY(resync->steps.last().argv.contains(QStringLiteral("--bitmap=internal")));
        QVERIFY(!resync->steps.last().argv.contains(QStringLiteral("--assume-clean")));
    }

    void invalidSpecOrTagIsRefused()
    {
        ArraySpec bad = ArraySpec::node(ArrayLevel::Raid6, {ArraySpec::disk(QStringLiteral("/dev/sdb"))});
        QVERIFY(planBuild(bad, QStringLiteral("x")).error().message.contains(QStringLiteral("RAID6 needs at least 4")));
        const auto spec = makePreset(QStringLiteral("raid0"), disks(2));
        QCOMPARE(planBuild(*spec, QStringLiteral("a;rm -rf /")).error().code, QStringLiteral("bad-tag"));
    }

    void mdstatRecordedDuringRecovery()
    {
        const MdStat stat = MdStat::parse(data("mdstat-raid5-recovery.txt"));
        QCOMPARE(stat.personalities, (QStringList {"linear", "raid0", "raid1", "raid10", "raid6", "raid5", "raid4"}));
        QCOMPARE(stat.arrays.size(), 1);
        const MdStatArray& array = stat.arrays.first();
        QCOMPARE(array.name, QStringLiteral("md127"));
        QVERIFY(array.active);
        QCOMPARE(array.level, QStringLiteral("raid5"));
        QCOMPARE(array.members.size(), 3);
        QCOMPARE(array.members.at(0).name, QStringLiteral("sdc"));
        QCOMPARE(array.members.at(0).slot, 3);
        QCOMPARE(array.blocks, 522240ull);
        QCOMPARE(array.chunkKiB, 64ull);
        QCOMPARE(array.status, QStringLiteral("UU_"));
        QCOMPARE(array.raidDisks, 3);
        QCOMPARE(array.workingDisks, 2);
        QVERIFY(array.sync);
        QCOMPARE(array.sync->action, QStringLiteral("recovery"));
        QCOMPARE(array.sync->percent, 19.5);
        QCOMPARE(array.sync->speedKiBs, 51324ull);
        QCOMPARE(array.sync->totalBlocks, 261120ull);
    }

    void mdstatNestedAndOddStates()
    {
        const MdStat stat = MdStat::parse(data("mdstat-nested.txt"));
        QCOMPARE(stat.arrays.size(), 8);
        const MdStatArray* top = stat.find(QStringLiteral("md3"));
        QCOMPARE(top->level, QStringLiteral("raid0"));
        QCOMPARE(top->members.at(0).name, QStringLiteral("md2"));
        QCOMPARE(top->chunkKiB, 512ull);
        QVERIFY(stat.find(QStringLiteral("md1"))->members.at(2).faulty);
        QCOMPARE(stat.find(QStringLiteral("md1"))->status, QStringLiteral("_UU"));
        const MdStatArray* far = stat.find(QStringLiteral("md4"));
        QCOMPARE(far->sync->action, QStringLiteral("resync"));
        QCOMPARE(far->sync->percent, 8.8);
        QCOMPARE(far->sync->finishMinutes, 151.2);
        QVERIFY(stat.find(QStringLiteral("md5"))->sync->delayed);
        QVERIFY(stat.find(QStringLiteral("md5"))->members.at(4).spare);
        QVERIFY(stat.find(QStringLiteral("md6"))->readOnly);
        QCOMPARE(stat.find(QStringLiteral("md7"))->level, QStringLiteral("linear"));
        QVERIFY(!stat.find(QStringLiteral("md8"))->active);
        QVERIFY(stat.find(QStringLiteral("md8"))->level.isEmpty());
        QCOMPARE(stat.find(QStringLiteral("md8"))->members.first().name, QStringLiteral("sdv"));
        QVERIFY(MdStat::parse(QString()).arrays.isEmpty());
        QVERIFY(MdStat::parse(QStringLiteral("garbage\nmd0 : nonsense")).arrays.isEmpty());
    }

    void mdadmDetailExport()
    {
        const MdDetail detail = MdDetail::parse(data("detail-export-raid5.txt"));
        QCOMPARE(detail.level(), QStringLiteral("raid5"));
        QCOMPARE(detail.devices(), 3);
        QCOMPARE(detail.name(), QStringLiteral("(none):rb-r5"));
        QCOMPARE(detail.members().value(QStringLiteral("0")), QStringLiteral("/dev/sda"));
        QCOMPARE(detail.members().value(QStringLiteral("2")), QStringLiteral("/dev/sdc"));
    }

    void lvmReports()
    {
        const auto lvs = LvmReport::parse(data("lvs.json").toUtf8(), QStringLiteral("lv"));
        QVERIFY(lvs.ok());
        QCOMPARE(lvs->rows.size(), 1);
        QCOMPARE(lvs->rows.first().value(QStringLiteral("vg_name")).toString(), QStringLiteral("raidbench_t1"));
        QCOMPARE(lvs->rows.first().value(QStringLiteral("lv_size")).toULongLong(), 264241152ull);
        const auto vgs = LvmReport::parse(data("vgs.json").toUtf8(), QStringLiteral("vg"));
        QCOMPARE(vgs->column(QStringLiteral("vg_name")), QStringList {QStringLiteral("raidbench_t1")});
        const auto pvs = LvmReport::parse(data("pvs.json").toUtf8(), QStringLiteral("pv"));
        QCOMPARE(pvs->rows.first().value(QStringLiteral("pe_start")).toULongLong(), 1048576ull);
        QVERIFY(!LvmReport::parse("not json", QStringLiteral("lv")).ok());
        QVERIFY(!LvmReport::parse("{}", QStringLiteral("lv")).ok());
    }

    void failedStepTearsDownWhatWasCreated()
    {
        QTemporaryDir journals;
        const auto spec = makePreset(QStringLiteral("raid1+0"), disks(4));
        const auto gate = fakeGate();
        const BuildPlan plan = pinnedPlan(*spec, QStringLiteral("f3"), *gate);
        RecordingCommandRunner runner;
        CommandResult failure;
        failure.started = true;
        failure.exitCode = 1;
        failure.err = QStringLiteral("mdadm: cannot open /dev/sde: No such file or directory");
        // The second mirror fails: its member vanished.
        runner.answer({"mdadm", "--create", "/dev/md/raidbench-f3-1"}, failure);
        BuildExecutor executor(runner, testOptions(journals.path(), gate));
        const auto built = executor.build(plan);
        QVERIFY(!built.ok());
        QVERIFY2(built.error().message.contains(QStringLiteral("No such file or directory")),
                 qPrintable(built.error().message));
        QVERIFY(built.error().message.contains(QStringLiteral("clean-up: removed")));
        const QList<QStringList> commands = runner.commands();
        const qsizetype failedAt = commands.indexOf(plan.steps.at(5).argv);
        QVERIFY(failedAt > 0);
        // Nothing after the failing step was attempted, and the first mirror was removed.
        QVERIFY(!commands.contains(plan.steps.last().argv));
        const QList<QStringList> after = commands.mid(failedAt + 1);
        QVERIFY(after.contains(QStringList {"mdadm", "--stop", "/dev/md/raidbench-f3-0"}));
        // The failed create may have made part of its array: it is stopped too, first.
        const qsizetype halfMade = after.indexOf(QStringList {"mdadm", "--stop", "/dev/md/raidbench-f3-1"});
        QVERIFY2(halfMade >= 0, "the half-made array was not stopped");
        QVERIFY(halfMade < after.indexOf(QStringList {"mdadm", "--stop", "/dev/md/raidbench-f3-0"}));
        QVERIFY(after.contains(QStringList {"mdadm", "--zero-superblock", "/dev/sdb"}));
        QVERIFY(after.contains(QStringList {"wipefs", "--all", "--quiet", "/dev/sde"}));
        for (const QStringList& argv : after) {
            QVERIFY2(argv.first() != QLatin1String("mdadm") || argv.at(1) != QLatin1String("--create"),
                     "a create after the failure");
        }
        QVERIFY2(QDir(journals.path()).isEmpty(), "a cleaned-up build left its journal");
    }

    void journalIsWrittenBeforeEachObject()
    {
        QTemporaryDir journals;
        const auto spec = makePreset(QStringLiteral("raid5"), disks(3));
        const auto gate = fakeGate();
        const BuildPlan plan = pinnedPlan(*spec, QStringLiteral("j1"), *gate);
        RecordingCommandRunner runner;
        QString journalAtCreate;
        BuildExecutor::Options options = testOptions(journals.path(), gate);
        StepLogWatcher watcher([&](const StepLog& log) {
            if (log.argv.value(1) == QLatin1String("--create")) {
                QFile file(journals.filePath(QStringLiteral("journal-j1.json")));
                if (file.open(QIODevice::ReadOnly)) {
                    journalAtCreate = QString::fromUtf8(file.readAll());
                }
            }
        });
        BuildExecutor executor(runner, options, &watcher);
        const auto built = executor.build(plan);
        QVERIFY(built.ok());
        QVERIFY2(journalAtCreate.contains(QStringLiteral("raidbench-j1-0")),
                 "the journal did not name the array before mdadm ran");
        const auto records = BuildJournal::readAll(journals.path());
        QCOMPARE(records.size(), 1);
        QCOMPARE(records.first().objects.size(), 1);
        QCOMPARE(records.first().finalWipes.size(), 3);
        QCOMPARE(records.first().pins.size(), 3);
        QCOMPARE(records.first().pins.first().serial, QStringLiteral("FAKE-sdb"));
        QVERIFY(records.first().owner.isAlive());
        QVERIFY(records.first().owner.isCurrentProcess());
        // Every command that named a disk had the gate's word right before it: a create first, then own.
        const QStringList verified = gate->verified();
        QVERIFY2(verified.contains(QStringLiteral("/dev/sdb create")), qPrintable(verified.join(QLatin1Char(','))));
        QVERIFY2(verified.contains(QStringLiteral("/dev/sdb own")), qPrintable(verified.join(QLatin1Char(','))));
        // Only its owner may read the journal (it names the disks and the commands that undo the build).
        const QFileInfo journal(journals.filePath(QStringLiteral("journal-j1.json")));
        QVERIFY(journal.exists());
        QCOMPARE(
            journal.permissions() &
                (QFileDevice::ReadGroup | QFileDevice::ReadOther | QFileDevice::WriteGroup | QFileDevice::WriteOther),
            QFileDevice::Permissions());
        // A write of this journal cut short (killed between writing and renaming) goes with it.
        const QString cutShort = journals.filePath(QStringLiteral("journal-j1.json.tmp-Ab12Cd"));
        QVERIFY(touch(cutShort));
        const TeardownReport report = executor.teardown(*built);
        QVERIFY(report.clean());
        QVERIFY(BuildJournal::readAll(journals.path()).isEmpty());
        QVERIFY(!QFile::exists(cutShort));
    }

    void unsafeDiskStopsBeforeAnything()
    {
        QTemporaryDir journals;
        const auto spec = makePreset(QStringLiteral("raid1"), disks(2));
        const auto gate = fakeGate();
        const BuildPlan plan = pinnedPlan(*spec, QStringLiteral("u1"), *gate);
        gate->setBusy(QStringLiteral("/dev/sdc")); // mounted after it was checked
        RecordingCommandRunner runner;
        BuildExecutor executor(runner, testOptions(journals.path(), gate));
        const auto built = executor.build(plan);
        QVERIFY(!built.ok());
        QCOMPARE(built.error().code, QStringLiteral("device-in-use"));
        QVERIFY(built.error().message.contains(QStringLiteral("mounted at /home")));
        QVERIFY(runner.commands().isEmpty());
        QVERIFY(QDir(journals.path()).isEmpty());
    }

    void missingDeviceNodeFailsAndCleansUp()
    {
        QTemporaryDir journals;
        const auto spec = makePreset(QStringLiteral("raid0"), disks(2));
        const auto gate = fakeGate();
        const BuildPlan plan = pinnedPlan(*spec, QStringLiteral("d1"), *gate);
        RecordingCommandRunner runner;
        BuildExecutor::Options options = testOptions(journals.path(), gate);
        auto noNodes = std::make_shared<PretendBuildMachine>();
        noNodes->nodesAppear = false;
        options.machine = noNodes;
        options.deviceTimeoutMs = 200;
        BuildExecutor executor(runner, options);
        const auto built = executor.build(plan);
        QVERIFY(!built.ok());
        QCOMPARE(built.error().code, QStringLiteral("no-device-node"));
        QVERIFY(runner.commands().contains(QStringList {"mdadm", "--stop", "/dev/md/raidbench-d1-0"}));
    }

    void cancelStopsAndCleansUp()
    {
        QTemporaryDir journals;
        const auto spec = makePreset(QStringLiteral("raid1+0"), disks(4));
        const auto gate = fakeGate();
        const BuildPlan plan = pinnedPlan(*spec, QStringLiteral("c1"), *gate);
        RecordingCommandRunner runner;
        std::atomic_bool cancel {false};
        StepLogWatcher watcher([&](const StepLog& log) {
            if (log.argv.value(2) == QLatin1String("/dev/md/raidbench-c1-0")) {
                cancel.store(true);
            }
        });
        BuildExecutor executor(runner, testOptions(journals.path(), gate), &watcher);
        const auto built = executor.build(plan, &cancel);
        QVERIFY(!built.ok());
        QCOMPARE(built.error().code, QStringLiteral("cancelled"));
        QVERIFY(!runner.commands().contains(plan.steps.last().argv));
        QVERIFY(runner.commands().contains(QStringList {"mdadm", "--stop", "/dev/md/raidbench-c1-0"}));
    }

    void unpinnedPlanIsRefused()
    {
        QTemporaryDir journals;
        const auto spec = makePreset(QStringLiteral("raid1"), disks(2));
        const auto plan = planBuild(*spec, QStringLiteral("np")); // a dry-run plan: no pins
        RecordingCommandRunner runner;
        BuildExecutor executor(runner, testOptions(journals.path()));
        const auto built = executor.build(*plan);
        QVERIFY(!built.ok());
        QCOMPARE(built.error().code, QStringLiteral("device-changed"));
        QVERIFY(built.error().message.contains(QStringLiteral("never checked")));
        QVERIFY(runner.commands().isEmpty());
        QVERIFY(QDir(journals.path()).isEmpty());
        // A command that names a device the gate never saw is refused, whatever else is right.
        BuildPlan smuggled = pinnedPlan(*spec, QStringLiteral("sm"), *fakeGate());
        smuggled.steps.last().argv.append(QStringLiteral("/dev/vda"));
        const auto refused = executor.build(smuggled);
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error().message.contains(QStringLiteral("/dev/vda was never checked")),
                 qPrintable(refused.error().message));
        for (const QStringList& argv : runner.commands()) {
            QVERIFY2(!argv.contains(QStringLiteral("/dev/vda")), qPrintable(argv.join(QLatin1Char(' '))));
        }
    }

    void diskChangedMidBuildIsNeverTouched()
    {
        QTemporaryDir journals;
        const auto spec = makePreset(QStringLiteral("raid5"), disks(3));
        const auto gate = fakeGate();
        const BuildPlan plan = pinnedPlan(*spec, QStringLiteral("mb"), *gate);
        RecordingCommandRunner runner;
        // After the first disk's wipe, the third is swapped for another disk.
        StepLogWatcher watcher([&](const StepLog& log) {
            if (log.argv.last() == QLatin1String("/dev/sdb")) {
                gate->setChanged(QStringLiteral("/dev/sdd"));
            }
        });
        BuildExecutor executor(runner, testOptions(journals.path(), gate), &watcher);
        const auto built = executor.build(plan);
        QVERIFY(!built.ok());
        QCOMPARE(built.error().code, QStringLiteral("device-changed"));
        for (const QStringList& argv : runner.commands()) {
            QVERIFY2(!argv.contains(QStringLiteral("/dev/sdd")), qPrintable(argv.join(QLatin1Char(' '))));
        }
        // The disks that were touched are wiped again; the refused one and nothing else stays as it was.
        QVERIFY(runner.commands().count(QStringList {"wipefs", "--all", "--quiet", "/dev/sdb"}) == 2);
        QVERIFY(runner.commands().count(QStringList {"wipefs", "--all", "--quiet", "/dev/sdc"}) == 2);
    }

    void teardownSkipsADiskThatChangedAndKeepsTheJournal()
    {
        QTemporaryDir journals;
        const auto spec = makePreset(QStringLiteral("raid1"), disks(2));
        const auto gate = fakeGate();
        const BuildPlan plan = pinnedPlan(*spec, QStringLiteral("tc"), *gate);
        RecordingCommandRunner runner;
        BuildExecutor executor(runner, testOptions(journals.path(), gate));
        const auto built = executor.build(plan);
        QVERIFY(built.ok());
        // The link the user gave now leads elsewhere, or the disk was pulled and another put in its bay.
        gate->setChanged(QStringLiteral("/dev/sdc"));
        const qsizetype before = runner.commands().size();
        const TeardownReport report = executor.teardown(*built);
        QVERIFY(!report.clean());
        QVERIFY2(report.skipped.join(QLatin1Char(';')).contains(QStringLiteral("/dev/sdc is another device")),
                 qPrintable(report.summary()));
        const QList<QStringList> after = runner.commands().mid(before);
        QVERIFY(after.contains(QStringList {"mdadm", "--stop", "/dev/md/raidbench-tc-0"}));
        QVERIFY(after.contains(QStringList {"wipefs", "--all", "--quiet", "/dev/sdb"}));
        for (const QStringList& argv : after) {
            QVERIFY2(!argv.contains(QStringLiteral("/dev/sdc")), qPrintable(argv.join(QLatin1Char(' '))));
        }
        QCOMPARE(BuildJournal::readAll(journals.path()).size(), 1); // for a later recover
    }

    void recoveryLeavesRunningSessionsAlone()
    {
        QTemporaryDir journals;
        const auto spec = makePreset(QStringLiteral("raid1"), disks(2));
        const auto gate = fakeGate();
        RecordingCommandRunner runner;
        BuildExecutor executor(runner, testOptions(journals.path(), gate));
        // A live session's build (this process), and one whose owner ended.
        QVERIFY(executor.build(pinnedPlan(*spec, QStringLiteral("live"), *gate)).ok());
        QProcess ended;
        ended.start(QStringLiteral("true"));
        QVERIFY(ended.waitForFinished());
        const auto second = makePreset(
            QStringLiteral("raid1"),
            {{QStringLiteral("/dev/sde"), 1ull << 40, {}, {}}, {QStringLiteral("/dev/sdf"), 1ull << 40, {}, {}}});
        QVERIFY(executor.build(pinnedPlan(*second, QStringLiteral("gone"), *gate)).ok());
        const QString goneJournal = journals.filePath(QStringLiteral("journal-gone.json"));
        QFile file(goneJournal);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QByteArray text = file.readAll();
        file.close();
        text.replace(QByteArray(QByteArray("\"pid\": ") + QByteArray::number(QCoreApplication::applicationPid())),
                     QByteArray(QByteArray("\"pid\": ") + QByteArray::number(ended.processId())));
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(text);
        file.close();
        // After a reboot the disks of the ended run came back under other names.
        gate->setMoved(QStringLiteral("/dev/sde"), QStringLiteral("/dev/sdg"));
        // What writes of journals cut short left: the ended run's and one of an earlier boot go; the
        // live session's and one of this boot whose writer may still run stay.
        const QString endedTemp = journals.filePath(QStringLiteral("journal-gone.json.tmp-x1Y2z3"));
        const QString liveTemp = journals.filePath(QStringLiteral("journal-live.json.tmp-a1B2c3"));
        const QString earlierBoot = journals.filePath(QStringLiteral("journal-cut.json.tmp-Q9w8E7"));
        const QString thisBoot = journals.filePath(QStringLiteral("journal-new.json.tmp-R5t6Y7"));
        // An earlier RaidBench wrote journals with QSaveFile: on a directory without O_TMPFILE (the lab's
        // share, in a power cut there) its temporary is JOURNAL.XXXXXX.
        const QString earlierVersion = journals.filePath(QStringLiteral("journal-cut.json.NXtsue"));
        for (const QString& path : {endedTemp, liveTemp, earlierBoot, thisBoot, earlierVersion}) {
            QVERIFY(touch(path));
        }
        for (const QString& path : {earlierBoot, earlierVersion}) {
            QFile old(path);
            QVERIFY(old.open(QIODevice::ReadWrite));
            QVERIFY(old.setFileTime(QDateTime::fromSecsSinceEpoch(86400), QFileDevice::FileModificationTime));
        }
        const qsizetype before = runner.commands().size();
        const TeardownReport report = executor.recoverLeftovers();
        const QList<QStringList> after = runner.commands().mid(before);
        QVERIFY2(after.contains(QStringList {"mdadm", "--zero-superblock", "/dev/sdg"}), qPrintable(report.summary()));
        QVERIFY(after.contains(QStringList {"wipefs", "--all", "--quiet", "/dev/sdf"}));
        for (const QStringList& argv : after) {
            QVERIFY2(!argv.contains(QStringLiteral("/dev/md/raidbench-live-0")) &&
                         !argv.contains(QStringLiteral("/dev/sdb")) && !argv.contains(QStringLiteral("/dev/sde")),
                     qPrintable(argv.join(QLatin1Char(' '))));
        }
        QVERIFY(!QFile::exists(goneJournal));
        QVERIFY(QFile::exists(journals.filePath(QStringLiteral("journal-live.json"))));
        QVERIFY(!QFile::exists(endedTemp) && !QFile::exists(earlierBoot) && !QFile::exists(earlierVersion));
        QVERIFY(QFile::exists(liveTemp) && QFile::exists(thisBoot));
    }

    void aStopRefusedWhileTheArrayIsHeldIsAskedAgain()
    {
        // A helper killed mid-test holds the array until the kernel has torn its I/O down: md refuses
        // the stop for a moment. The teardown (and recover, which removes the same way) asks again, each
        // time after the gate's check, and then removes the rest.
        QTemporaryDir journals;
        const auto spec = makePreset(QStringLiteral("raid1"), disks(2));
        const auto gate = fakeGate();
        const BuildPlan plan = pinnedPlan(*spec, QStringLiteral("bs"), *gate);
        BusyStopRunner runner;
        BuildExecutor executor(runner, testOptions(journals.path(), gate));
        auto built = executor.build(plan);
        QVERIFY(built.ok());
        runner.busyStops = 2;
        runner.commands.clear();
        const TeardownReport report = executor.teardown(*built);
        QVERIFY2(report.clean(), qPrintable(report.summary()));
        int stops = 0;
        for (const QStringList& argv : runner.commands) {
            stops += argv.value(1) == QLatin1String("--stop") ? 1 : 0;
        }
        QCOMPARE(stops, 3);
        QVERIFY(runner.commands.last().contains(QStringLiteral("--zero-superblock")) ||
                runner.commands.last().first() == QLatin1String("wipefs"));
        QVERIFY(BuildJournal::readAll(journals.path()).isEmpty());
        // Another refusal (not a held array) is not asked again: it is a problem, and the journal stays.
        auto again = executor.build(pinnedPlan(*spec, QStringLiteral("bt"), *gate));
        QVERIFY(again.ok());
        runner.commands.clear();
        runner.busyStops = 0;
        RecordingCommandRunner refusing;
        CommandResult invalid;
        invalid.started = true;
        invalid.exitCode = 1;
        invalid.err = QStringLiteral("mdadm: stopping failed: Invalid argument");
        refusing.answer({QStringLiteral("mdadm"), QStringLiteral("--stop")}, invalid);
        BuildExecutor other(refusing, testOptions(journals.path(), gate));
        const TeardownReport failed = other.teardown(*again);
        QVERIFY(!failed.clean());
        int refusedStops = 0;
        for (const QStringList& argv : refusing.commands()) {
            refusedStops += argv.value(1) == QLatin1String("--stop") ? 1 : 0;
        }
        QCOMPARE(refusedStops, 1);
    }

    void writeCacheIsJournaledAndSetBack()
    {
        QTemporaryDir journals;
        const auto spec = makePreset(QStringLiteral("raid1"), disks(2));
        const auto gate = fakeGate();
        const BuildPlan plan = pinnedPlan(*spec, QStringLiteral("wc"), *gate);
        CacheRunner runner;
        runner.caches = {{QStringLiteral("/dev/sdb"), true}, {QStringLiteral("/dev/sdc"), false}};
        BuildExecutor executor(runner, cacheOptions(journals.path(), gate));
        auto built = executor.build(plan);
        QVERIFY(built.ok());
        for (const PinnedDevice& pin : built->plan.pins) {
            const auto set = executor.setWriteCache(*built, pin, false);
            QVERIFY2(set.ok(), qPrintable(set.ok() ? QString() : set.error().message));
            QCOMPARE(set->state, CacheState::Off);
        }
        QVERIFY(!runner.caches.value(QStringLiteral("/dev/sdb")));
        // Only the disk that changed is journaled, with what it was; the other was off already.
        QCOMPARE(built->writeCaches.size(), 1);
        const QList<JournalRecord> records = BuildJournal::readAll(journals.path());
        QCOMPARE(records.size(), 1);
        QCOMPARE(records.first().writeCaches.size(), 1);
        QCOMPARE(records.first().writeCaches.first().device, QStringLiteral("/dev/sdb"));
        QVERIFY(records.first().writeCaches.first().originalOn);
        QCOMPARE(BuiltArray::fromJournal(records.first()).writeCaches.size(), 1);
        // The kernel re-reads the disk after each change; never the saved page (--save).
        QVERIFY(runner.commands.contains(QStringList {"rescan", "/dev/sdb"}));
        for (const QStringList& argv : runner.commands) {
            QVERIFY(!argv.contains(QStringLiteral("--save")));
        }
        // Teardown sets it back before the arrays go.
        const TeardownReport report = executor.teardown(*built);
        QVERIFY2(report.clean(), qPrintable(report.summary()));
        QVERIFY(runner.caches.value(QStringLiteral("/dev/sdb")));
        QVERIFY(!runner.caches.value(QStringLiteral("/dev/sdc")));
        qsizetype restore = -1;
        qsizetype stop = -1;
        for (qsizetype i = 0; i < runner.commands.size(); ++i) {
            const QStringList& argv = runner.commands.at(i);
            if (argv == QStringList {"sdparm", "--set=WCE=1", "/dev/sdb"}) {
                restore = i;
            }
            if (argv.value(1) == QLatin1String("--stop") && stop < 0) {
                stop = i;
            }
        }
        QVERIFY(restore >= 0 && stop > restore);
        QVERIFY(QDir(journals.path()).isEmpty());
    }

    void writeCacheRefusedOrChangedDiskIsLeftAlone()
    {
        QTemporaryDir journals;
        const auto spec = makePreset(QStringLiteral("raid1"), disks(2));
        const auto gate = fakeGate();
        const BuildPlan plan = pinnedPlan(*spec, QStringLiteral("wr"), *gate);
        CacheRunner runner;
        runner.caches = {{QStringLiteral("/dev/sdb"), true}, {QStringLiteral("/dev/sdc"), true}};
        runner.refusing.insert(QStringLiteral("/dev/sdc"));
        BuildExecutor executor(runner, cacheOptions(journals.path(), gate));
        auto built = executor.build(plan);
        QVERIFY(built.ok());
        // A disk that refuses: a clear error naming it.
        const auto refused = executor.setWriteCache(*built, built->plan.pins.at(1), false);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().code, ErrorCode::writeCacheFailed);
        QVERIFY2(refused.error().message.contains(QStringLiteral("/dev/sdc")), qPrintable(refused.error().message));
        // A disk that is another one now: not touched at all.
        gate->setChanged(QStringLiteral("/dev/sdb"));
        const qsizetype before = runner.commands.size();
        const auto changed = executor.setWriteCache(*built, built->plan.pins.at(0), false);
        QVERIFY(!changed.ok());
        QCOMPARE(changed.error().code, ErrorCode::deviceChanged);
        QCOMPARE(runner.commands.size(), before);
        QVERIFY(runner.caches.value(QStringLiteral("/dev/sdb")));
        // A pin that is not the build's: refused before anything.
        PinnedDevice stranger = built->plan.pins.at(0);
        stranger.node = QStringLiteral("/dev/sdh");
        QVERIFY(!executor.setWriteCache(*built, stranger, false).ok());
        QCOMPARE(runner.commands.size(), before);
    }

    void journalsOthersCanWriteAreNotRead()
    {
        QTemporaryDir journals;
        const auto spec = makePreset(QStringLiteral("raid1"), disks(2));
        const auto gate = fakeGate();
        RecordingCommandRunner runner;
        BuildExecutor executor(runner, testOptions(journals.path(), gate));
        QVERIFY(executor.build(pinnedPlan(*spec, QStringLiteral("pl"), *gate)).ok());
        QCOMPARE(BuildJournal::readAll(journals.path()).size(), 1);
        // A journal's commands run as root: a directory or file anyone else can write is ignored.
        QFile::setPermissions(journals.filePath(QStringLiteral("journal-pl.json")),
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::WriteOther);
        QVERIFY(BuildJournal::readAll(journals.path()).isEmpty());
        QFile::setPermissions(journals.filePath(QStringLiteral("journal-pl.json")),
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        QVERIFY(QFile::setPermissions(journals.path(),
                                      QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner |
                                          QFileDevice::WriteGroup | QFileDevice::ExeGroup));
        QVERIFY(BuildJournal::readAll(journals.path()).isEmpty());
        // And a second build cannot take a tag whose journal exists.
        QFile::setPermissions(journals.path(),
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        const auto again = executor.build(pinnedPlan(*spec, QStringLiteral("pl"), *gate));
        QVERIFY(!again.ok());
        QCOMPARE(again.error().code, QStringLiteral("duplicate-tag"));
    }

    void recoveryTouchesOnlyOurArrays()
    {
        QTemporaryDir root;
        QDir().mkpath(root.filePath(QStringLiteral("proc")));
        QFile mdstat(root.filePath(QStringLiteral("proc/mdstat")));
        QVERIFY(mdstat.open(QIODevice::WriteOnly));
        mdstat.write(
            "Personalities : [raid1] [raid0]\n"
            "md125 : active raid0 md126[1] md127[0]\n      1000 blocks super 1.2 512k chunks\n\n"
            "md126 : active raid1 sdd[1] sdc[0]\n      500 blocks super 1.2 [2/2] [UU]\n\n"
            "md127 : active raid1 sdb[1] sda[0]\n      500 blocks super 1.2 [2/2] [UU]\n\n"
            "md0 : active raid1 sdy1[1] sdz1[0]\n      500 blocks super 1.2 [2/2] [UU]\n\nunused devices: <none>\n");
        mdstat.close();
        RecordingCommandRunner runner;
        auto named = [](const QString& name) {
            CommandResult result;
            result.started = true;
            result.exitCode = 0;
            result.out = QStringLiteral("MD_LEVEL=raid1\nMD_NAME=host:%1\n").arg(name);
            return result;
        };
        runner.answer({"mdadm", "--detail", "--export", "/dev/md125"}, named(QStringLiteral("raidbench-ab-2")));
        runner.answer({"mdadm", "--detail", "--export", "/dev/md126"}, named(QStringLiteral("raidbench-ab-1")));
        runner.answer({"mdadm", "--detail", "--export", "/dev/md127"}, named(QStringLiteral("raidbench-ab-0")));
        runner.answer({"mdadm", "--detail", "--export", "/dev/md0"}, named(QStringLiteral("root")));
        CommandResult vgs;
        vgs.started = true;
        vgs.exitCode = 0;
        vgs.out = QStringLiteral("{\"report\":[{\"vg\":[{\"vg_name\":\"raidbench_ab\"},{\"vg_name\":\"home\"}]}]}");
        runner.answer({"lvm", "vgs"}, vgs);
        QTemporaryDir journals;
        BuildExecutor::Options options = testOptions(journals.path());
        options.procRoot = root.filePath(QStringLiteral("proc"));
        BuildExecutor executor(runner, options);
        const TeardownReport report = executor.recoverLeftovers();
        const QList<QStringList> commands = runner.commands();
        // Ours by name and by disks: stopped by its own name, its superblocks wiped on the legs it was made of.
        QVERIFY(commands.contains(QStringList {"mdadm", "--stop", "/dev/md/raidbench-ab-2"}));
        QVERIFY(commands.contains(QStringList {"mdadm", "--zero-superblock", "/dev/md/raidbench-ab-1"}));
        QVERIFY(commands.contains(QStringList {"mdadm", "--zero-superblock", "/dev/md/raidbench-ab-0"}));
        QVERIFY(!commands.contains(QStringList {"mdadm", "--stop", "/dev/md0"}));
        QVERIFY(!commands.contains(QStringList {"mdadm", "--zero-superblock", "/dev/sdy1"}));
        for (const QStringList& argv : commands) {
            QVERIFY2(!argv.contains(QStringLiteral("home")), "recovery touched a volume group it did not make");
            // A volume group is LVM's word on its disks, and any disk may claim to be in raidbench_ab.
            QVERIFY2(argv.value(1) != QLatin1String("vgremove") && argv.value(1) != QLatin1String("pvremove"),
                     qPrintable(argv.join(QLatin1Char(' '))));
        }
        QVERIFY(report.removed.contains(QStringLiteral("raidbench-ab-2")));
        QVERIFY2(report.skipped.join(QLatin1Char(';')).contains(QStringLiteral("volume group raidbench_ab")),
                 qPrintable(report.summary()));
    }

    void aWriteWithoutTheGateCannotBeWritten()
    {
        // By construction: a checked device and a command built from checked devices come only from the gate.
        static_assert(!std::is_constructible_v<VerifiedDevice, QString, QString, std::uint64_t>);
        static_assert(!std::is_constructible_v<GuardedCommand, QStringList>);
        // A plain argv that could write a disk is refused by the runner without being run.
        RecordingCommandRunner runner;
        for (const QStringList& argv : QList<QStringList> {{"wipefs", "--all", "/dev/sdb"},
                                                           {"mdadm", "--create", "/dev/md/x", "/dev/sdb"},
                                                           {"mdadm", "--zero-superblock", "/dev/sdb"},
                                                           {"lvm", "vgremove", "-f", "raidbench_x"},
                                                           {"mkfs.ext4", "-F", "/dev/sdb"},
                                                           {"dd", "if=/dev/zero", "of=/dev/sdb"},
                                                           {"blockdev", "--setra", "0", "/dev/sdb"}}) {
            const CommandResult result = runner.run(argv, 1000);
            QVERIFY2(!result.started && result.err.contains(QStringLiteral("device gate")),
                     qPrintable(argv.join(QLatin1Char(' '))));
        }
        QVERIFY(runner.commands().isEmpty());
        // Reading is not writing: these run.
        QVERIFY(runner.run({"mdadm", "--detail", "--export", "/dev/md127"}, 1000).started);
        QVERIFY(runner.run({"lvm", "pvs", "--reportformat", "json"}, 1000).started);
        // A command made of checked devices names only those, and lvm only with --devices.
        const auto gate = fakeGate();
        const auto sdb = gate->pin(QStringLiteral("/dev/sdb"), DeviceGate::Use::Create);
        QVERIFY(sdb.ok());
        const auto checked = gate->verify(*sdb, DeviceGate::Use::Create);
        QVERIFY(checked.ok());
        QVERIFY(GuardedCommand::make({"wipefs", "--all", "/dev/sdb"}, {*checked}).ok());
        QVERIFY(!GuardedCommand::make({"wipefs", "--all", "/dev/sdc"}, {*checked}).ok());
        QVERIFY(!GuardedCommand::make({"dd", "if=/dev/zero", "of=/dev/sdc"}, {*checked}).ok());
        QVERIFY(!GuardedCommand::make({"lvm", "pvremove", "-ff", "/dev/sdb"}, {*checked}).ok());
        QVERIFY(GuardedCommand::make({"lvm", "pvremove", "--devices", "/dev/sdb", "-ff", "/dev/sdb"}, {*checked}).ok());
        QVERIFY(!GuardedCommand::make({"mdadm", "--create", "/dev/md/other", "/dev/sdb"}, {*checked},
                                      QStringLiteral("/dev/md/other"))
                     .ok());
        QVERIFY(GuardedCommand::make({"mdadm", "--create", "/dev/md/raidbench-ab-0", "/dev/sdb"}, {*checked},
                                     QStringLiteral("/dev/md/raidbench-ab-0"))
                    .ok());
        // A gate that says no: the build stops before the command.
        gate->setChanged(QStringLiteral("/dev/sdb"));
        QVERIFY(!gate->verify(*sdb, DeviceGate::Use::Create).ok());
    }

    void aBuildKeepsMdAssemblyOffItsArrays()
    {
        QTemporaryDir journals;
        const QString etc = journals.filePath(QStringLiteral("etc"));
        QDir().mkpath(etc + QStringLiteral("/mdadm"));
        QFile conf(etc + QStringLiteral("/mdadm/mdadm.conf"));
        QVERIFY(conf.open(QIODevice::WriteOnly));
        conf.close();
        const auto spec = makePreset(QStringLiteral("raid1+0"), disks(4));
        const auto gate = fakeGate();
        const BuildPlan plan = pinnedPlan(*spec, QStringLiteral("g1"), *gate);
        RecordingCommandRunner runner;
        const QString guard = etc + QStringLiteral("/mdadm.conf.d/raidbench-g1.conf");
        // Written before the first array exists.
        bool guardedBeforeCreate = false;
        BuildExecutor::Options options = testOptions(journals.path(), gate);
        options.etcRoot = etc;
        StepLogWatcher watcher([&](const StepLog& log) {
            if (log.argv.value(1) == QLatin1String("--create") && !guardedBeforeCreate) {
                guardedBeforeCreate = QFile::exists(guard);
            }
        });
        BuildExecutor executor(runner, options, &watcher);
        const auto built = executor.build(plan);
        QVERIFY2(built.ok(), qPrintable(built.ok() ? QString() : built.error().message));
        QVERIFY(guardedBeforeCreate);
        QFile written(guard);
        QVERIFY(written.open(QIODevice::ReadOnly));
        const QString text = QString::fromLatin1(written.readAll());
        for (const QString& uuid : plan.mdUuids()) {
            QVERIFY2(text.contains(QStringLiteral("ARRAY <ignore> UUID=") + uuid + QLatin1Char('\n')),
                     qPrintable(text));
        }
        QCOMPARE(text.count(QStringLiteral("ARRAY <ignore>")), 3);
        QVERIFY(QFile::exists(etc + QStringLiteral("/mdadm/mdadm.conf.d/raidbench-g1.conf")));
        // Gone with the arrays.
        QVERIFY(executor.teardown(*built).clean());
        QVERIFY(!QFile::exists(guard));
        QVERIFY(!QFile::exists(etc + QStringLiteral("/mdadm/mdadm.conf.d/raidbench-g1.conf")));
    }

    void aBuildRefusesWhereAssemblyRunsUnguarded()
    {
        QTemporaryDir journals;
        // mdadm's configuration directory cannot be made (a file stands where it would be).
        const QString etc = journals.filePath(QStringLiteral("etc"));
        QDir().mkpath(etc);
        QFile blocker(etc + QStringLiteral("/mdadm"));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        const auto spec = makePreset(QStringLiteral("raid1"), disks(2));
        const auto gate = fakeGate();
        const BuildPlan plan = pinnedPlan(*spec, QStringLiteral("g2"), *gate);
        RecordingCommandRunner runner;
        BuildExecutor::Options options = testOptions(journals.path(), gate);
        options.etcRoot = etc;
        auto machine = std::make_shared<PretendBuildMachine>();
        machine->udev = true;
        options.machine = machine;
        const auto refused = BuildExecutor(runner, options).build(plan);
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error().message.contains(QStringLiteral("automatic assembly")),
                 qPrintable(refused.error().message));
        QVERIFY(runner.commands().isEmpty()); // nothing touched
        QVERIFY(BuildJournal::readAll(journals.path()).isEmpty());
        // Where nothing assembles arrays on its own (no udev), the build goes on and says so.
        machine->udev = false;
        const auto built = BuildExecutor(runner, options).build(plan);
        QVERIFY(built.ok());
    }

    void theGuardGoesWhereEveryMdadmReadsIt()
    {
        QTemporaryDir dir;
        const MdAssemblyGuard guard(dir.path());
        // Debian's mdadm reads /etc/mdadm/mdadm.conf.d, upstream's /etc/mdadm.conf.d: whichever this is.
        const QString debian = dir.path() + QStringLiteral("/mdadm/mdadm.conf.d");
        const QString upstream = dir.path() + QStringLiteral("/mdadm.conf.d");
        QCOMPARE(guard.directories(), (QStringList {debian, upstream}));
        // An admin's existing directory keeps its mode.
        QVERIFY(QDir().mkpath(upstream));
        QVERIFY(
            QFile::setPermissions(upstream, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner));
        QVERIFY(guard.install(QStringLiteral("ab12"), {MdAssemblyGuard::newUuid()}).ok());
        for (const QString& directory : {debian, upstream}) {
            QVERIFY2(QFile::exists(directory + QStringLiteral("/raidbench-ab12.conf")), qPrintable(directory));
        }
        QCOMPARE(QFileInfo(upstream).permissions() & (QFileDevice::ReadOther | QFileDevice::ExeOther),
                 QFileDevice::Permissions());
        QVERIFY(guard.install(QStringLiteral("cd34"), {MdAssemblyGuard::newUuid()}).ok());
        // A stale one (no journal names its build) is removed from both; a live one stays.
        QCOMPARE(guard.removeStale({QStringLiteral("cd34")}).size(), 2);
        QVERIFY(!QFile::exists(debian + QStringLiteral("/raidbench-ab12.conf")));
        QVERIFY(!QFile::exists(upstream + QStringLiteral("/raidbench-ab12.conf")));
        QVERIFY(QFile::exists(upstream + QStringLiteral("/raidbench-cd34.conf")));
        QVERIFY(guard.remove(QStringLiteral("cd34")).ok());
        // What is not a tag or a UUID is refused, and nothing is written.
        QVERIFY(!guard.install(QStringLiteral("../x"), {MdAssemblyGuard::newUuid()}).ok());
        QVERIFY(!guard.install(QStringLiteral("ef56"), {QStringLiteral("x\nAUTO +all")}).ok());
        QVERIFY(QDir(upstream).entryList(QDir::Files).isEmpty());
        QVERIFY(QDir(debian).entryList(QDir::Files).isEmpty());
        // A directory others may write is no place for root's guard: refused, and none stays behind.
        QVERIFY(QFile::setPermissions(upstream, QFileDevice::Permissions(0x7777)));
        QVERIFY(!guard.install(QStringLiteral("gh78"), {MdAssemblyGuard::newUuid()}).ok());
        QVERIFY(!QFile::exists(debian + QStringLiteral("/raidbench-gh78.conf")));
    }

    void recoveryLeavesAnArrayWithAForeignDisk()
    {
        // An array named like ours that holds a disk the gate refuses (mounted elsewhere, or not a disk we
        // could have built on) is not stopped: recover never acts on a name alone.
        QTemporaryDir root;
        QDir().mkpath(root.filePath(QStringLiteral("proc")));
        QFile mdstat(root.filePath(QStringLiteral("proc/mdstat")));
        QVERIFY(mdstat.open(QIODevice::WriteOnly));
        mdstat.write("Personalities : [raid1]\n"
                     "md127 : active raid1 sdb[1] sdc[0]\n      500 blocks super 1.2 [2/2] [UU]\n\n"
                     "unused devices: <none>\n");
        mdstat.close();
        RecordingCommandRunner runner;
        CommandResult named;
        named.started = true;
        named.exitCode = 0;
        named.out = QStringLiteral("MD_LEVEL=raid1\nMD_NAME=host:raidbench-zz-0\n");
        runner.answer({"mdadm", "--detail", "--export", "/dev/md127"}, named);
        QTemporaryDir journals;
        const auto gate = fakeGate();
        gate->setBusy(QStringLiteral("/dev/sdc"));
        BuildExecutor::Options options = testOptions(journals.path(), gate);
        options.procRoot = root.filePath(QStringLiteral("proc"));
        BuildExecutor executor(runner, options);
        const TeardownReport report = executor.recoverLeftovers();
        for (const QStringList& argv : runner.commands()) {
            QVERIFY2(argv.value(1) != QLatin1String("--stop") && argv.value(1) != QLatin1String("--zero-superblock"),
                     qPrintable(argv.join(QLatin1Char(' '))));
        }
        QVERIFY2(report.skipped.join(QLatin1Char(';')).contains(QStringLiteral("raidbench-zz-0")),
                 qPrintable(report.summary()));
    }
};

QTEST_GUILESS_MAIN(TestBuild)
#include "tst_build.moc"

#include "../common/benchrow.h"
#include "../common/cli.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace RaidBench::Test;

/// The virtual lab for real: qemu boots, disks appear with their identities, throttles hold,
/// faults fire, output comes back, and nothing is left behind, even when the CLI is killed.
class TestLabVm final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_work; // RAIDBENCH_LAB_DIR: where the lab puts its disk files
    QTemporaryDir m_out;

    QStringList env() const { return {QStringLiteral("RAIDBENCH_LAB_DIR=") + m_work.path()}; }
    /// For a boot this test makes hang or panic on purpose: the suite's boot count keeps it apart from
    /// a hang nobody asked for.
    QStringList provokedEnv() const
    {
        return env() +
            QStringList {QStringLiteral("RAIDBENCH_LAB_BOOT_LABEL=%1 (on purpose)")
                             .arg(qEnvironmentVariable("RAIDBENCH_LAB_BOOT_LABEL", QStringLiteral("tst_lab_vm")))};
    }

    QStringList leftInWorkDir() const
    {
        return QDir(m_work.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
    }

    bool workDirEmpty() const
    {
        const QStringList left = leftInWorkDir();
        if (!left.isEmpty()) {
            qWarning("left in %s: %s", qPrintable(m_work.path()), qPrintable(left.join(QLatin1Char(' '))));
        }
        return left.isEmpty();
    }

    static QJsonObject readJson(const QString& path)
    {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            return {};
        }
        return QJsonDocument::fromJson(file.readAll()).object();
    }

    static bool qemuRunningFor(const QString& dir)
    {
        for (const QString& pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
            QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(pid));
            if (cmdline.open(QIODevice::ReadOnly) && cmdline.readAll().contains(dir.toLocal8Bit())) {
                return true;
            }
        }
        return false;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_work.isValid());
        QVERIFY(m_out.isValid());
        const CliRun check = runCli({QStringLiteral("lab"), QStringLiteral("check")}, 60000);
        if (check.exitCode != 0) {
            QSKIP(qPrintable(QStringLiteral("the lab cannot run here:\n") + check.out));
        }
    }

    /// One boot, many checks: stdin/stdout, md personalities, LVM, disk identities, throttle accuracy
    /// at two speeds, an injected write fault, and results written under --out.
    void oneBootManyChecks()
    {
        const QString out = m_out.path();
        // Disk 1: 50 MB/s both ways; disk 2: 100 write / 150 read; disk 3: fails writes from 100 MiB;
        // disk 4: a hard disk's 150 requests a second.
        const QString script = QStringLiteral(R"SH(
read line; echo "echo:$line"
cat /proc/mdstat > mdstat
lvm version > lvm-version 2>&1; echo $? > lvm-rc
for d in /sys/block/sd*; do
  echo "$(basename $d) $(cat $d/size) $(cat $d/device/model) $(tail -c +5 $d/device/vpd_pg80 | tr -d ' ')"
done > disks
cat /sys/kernel/mm/transparent_hugepage/enabled > thp
for serial in RBLAB0001 RBLAB0002; do
  dev=$(readlink -f /dev/disk/by-id/scsi-*_$serial)
  for rw in write read; do
    cat /sys/block/$(basename $dev)/stat > stat-$serial-$rw-before
    raidbench-cli bench --target $dev --rw $rw --bs 1M --qd 8 --size 256M --ramp 1s --destroy-data --json > bench-$serial-$rw.json
    cat /sys/block/$(basename $dev)/stat > stat-$serial-$rw-after
  done
done
dev=$(readlink -f /dev/disk/by-id/scsi-*_RBLAB0004)
for rw in randread randwrite; do
  raidbench-cli bench --target $dev --rw $rw --bs 4k --qd 32 --time 4s --ramp 1s --destroy-data --json > iops-$rw.json
done
dev=$(readlink -f /dev/disk/by-id/scsi-*_RBLAB0003)
raidbench-cli bench --target $dev --rw write --bs 1M --qd 8 --size 512M --destroy-data --json > fault.json 2> fault.err
echo $? > fault-rc
)SH");
        QElapsedTimer timer;
        timer.start();
        const CliRun run =
            runCli({QStringLiteral("lab"), QStringLiteral("run"), QStringLiteral("--disks"),
                    QStringLiteral("1G@50,1G@100/150,1G:fail-write=100M,1G@150:iops=150"), QStringLiteral("--out"), out,
                    QStringLiteral("--"), QStringLiteral("sh"), QStringLiteral("-c"), script},
                   600000, QStringLiteral("raidbench-cli"), "hello lab\n", env());
        qInfo("lab run took %.1f s; stderr:\n%s", timer.elapsed() / 1000.0, qPrintable(run.err));
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains(QStringLiteral("echo:hello lab")));
        const QRegularExpression upIn(QStringLiteral("up in ([0-9.]+) s \\((TCG|KVM)"));
        const auto boot = upIn.match(run.err);
        QVERIFY(boot.hasMatch());
        qInfo("boot: %s s with %s", qPrintable(boot.captured(1)), qPrintable(boot.captured(2)));

        QFile mdstat(out + QStringLiteral("/mdstat"));
        QVERIFY(mdstat.open(QIODevice::ReadOnly));
        const QByteArray personalities = mdstat.readAll();
        for (const char* level : {"[raid0]", "[raid1]", "[raid10]", "[raid4]", "[raid5]", "[raid6]", "[linear]"}) {
            QVERIFY2(personalities.contains(level), level);
        }
        QFile lvmRc(out + QStringLiteral("/lvm-rc"));
        QVERIFY(lvmRc.open(QIODevice::ReadOnly));
        QCOMPARE(lvmRc.readAll().trimmed(), QByteArray("0"));

        QFile disks(out + QStringLiteral("/disks"));
        QVERIFY(disks.open(QIODevice::ReadOnly));
        QString diskList;
        for (const QString& line : QString::fromUtf8(disks.readAll()).split(QLatin1Char('\n'))) {
            diskList += line.simplified() + QLatin1Char('\n'); // sysfs pads SCSI model strings with spaces
        }
        QCOMPARE(diskList.count(QStringLiteral(" 2097152 ")), 4); // 1 GiB in 512-byte sectors
        QVERIFY(diskList.contains(QStringLiteral("VDISK W50 R50 RBLAB0001")));
        QVERIFY(diskList.contains(QStringLiteral("VDISK W100 R150 RBLAB0002")));
        QVERIFY(diskList.contains(QStringLiteral("VDISK RBLAB0003")));

        struct Expect
        {
            const char* file;
            double mbps;
        };
        QFile thp(out + QStringLiteral("/thp"));
        QVERIFY(thp.open(QIODevice::ReadOnly));
        const bool thpOffered = !thp.readAll().contains("[never]");
        QString table = QStringLiteral("disk/pattern        expected MB/s  measured MB/s  error\n");
        for (const Expect& e : {Expect {"bench-RBLAB0001-write", 50}, Expect {"bench-RBLAB0001-read", 50},
                                Expect {"bench-RBLAB0002-write", 100}, Expect {"bench-RBLAB0002-read", 150}}) {
            const QJsonObject result =
                readJson(out + QLatin1Char('/') + QLatin1String(e.file) + QStringLiteral(".json"));
            QVERIFY2(result.value(QStringLiteral("error")).isNull(), e.file);
            QVERIFY(result.value(QStringLiteral("bytes")).toDouble() >= 256.0 * 1024 * 1024);
            const double measured = result.value(QStringLiteral("bw_bytes")).toDouble() / 1e6;
            const double error = (measured - e.mbps) / e.mbps;
            table += QStringLiteral("%1  %2  %3  %4 %\n")
                         .arg(QLatin1String(e.file), -18)
                         .arg(e.mbps, 13, 'f', 1)
                         .arg(measured, 13, 'f', 1)
                         .arg(error * 100, 5, 'f', 1);
            // The lab's ground truth, with a tolerance the host cannot break. A throttle is a ceiling, so
            // a busy host mostly makes a disk slower; but qemu's bucket lets a burst of a tenth of a
            // second's worth through whenever the guest paused long enough for it to drain, and on a run
            // of under two seconds that shows: beside three other lab VMs a 150 MB/s read measured 163.4
            // (1.09), where alone it measures 150.0 three times in three. What CI decides is that the
            // throttle is there and is this disk's: a missing one (about 650 MB/s under TCG), a factor
            // of two or another disk's figure lands outside half to 1.25 of it. How close it came is a
            // benchmark row (tests/bench/lab-speed).
            QVERIFY2(error <= 0.25 && error >= -0.5, qPrintable(table));
            benchRow({QStringLiteral("baselines"), QStringLiteral("lab throttle ") + QLatin1String(e.file).mid(6),
                      measured, e.mbps, 0.95, 1.05, QStringLiteral("MB/s")});
            // The engine's 1 MiB buffers are in transparent huge pages in the VM's kernel too (unless it
            // has them off), and the average request the disk saw is printed beside it.
            const double hugeBytes = result.value(QStringLiteral("huge_page_bytes")).toDouble();
            if (thpOffered) {
                QCOMPARE(hugeBytes, 8.0 * 1024 * 1024);
            }
            const QString name = QLatin1String(e.file).mid(6); // "RBLAB0001-write"
            const bool write = name.endsWith(QStringLiteral("write"));
            const auto stat = [&](const char* when) {
                QFile f(out + QStringLiteral("/stat-%1-%2").arg(name, QLatin1String(when)));
                return f.open(QIODevice::ReadOnly) ? f.readAll().simplified().split(' ') : QList<QByteArray>();
            };
            const QList<QByteArray> before = stat("before");
            const QList<QByteArray> after = stat("after");
            const int ios = write ? 4 : 0;
            const int sectors = write ? 6 : 2;
            const double requests = after.value(ios).toDouble() - before.value(ios).toDouble();
            if (requests > 0) {
                qInfo("%s: %.0f KiB per request at the disk, huge pages %.0f MiB", qPrintable(name),
                      (after.value(sectors).toDouble() - before.value(sectors).toDouble()) / 2 / requests,
                      hugeBytes / 1048576);
            }
        }
        // The request limit: random 4 KiB at queue depth 32 gets 150 a second, reads and writes alike.
        for (const char* rw : {"randread", "randwrite"}) {
            const QJsonObject result = readJson(out + QStringLiteral("/iops-%1.json").arg(QLatin1String(rw)));
            QVERIFY2(result.value(QStringLiteral("error")).isNull(), rw);
            const double iops = result.value(QStringLiteral("iops")).toDouble();
            const double error = (iops - 150) / 150;
            table += QStringLiteral("%1  %2  %3  %4 %\n")
                         .arg(QStringLiteral("iops-%1").arg(QLatin1String(rw)), -18)
                         .arg(150.0, 13, 'f', 1)
                         .arg(iops, 13, 'f', 1)
                         .arg(error * 100, 5, 'f', 1);
            // As above: CI decides that the request limit is there (a missing one runs thousands a
            // second), not how close a busy host lets it come; that is the benchmark row.
            QVERIFY2(error <= 0.25 && error >= -0.5, qPrintable(table));
            benchRow({QStringLiteral("baselines"), QStringLiteral("lab request limit ") + QLatin1String(rw), iops, 150,
                      0.90, 1.10, QStringLiteral("IOPS")});
        }
        qInfo("throttle accuracy (MB/s, and requests a second for iops-*):\n%s", qPrintable(table));

        QFile faultRc(out + QStringLiteral("/fault-rc"));
        QVERIFY(faultRc.open(QIODevice::ReadOnly));
        QCOMPARE(faultRc.readAll().trimmed(), QByteArray("1"));
        const QJsonObject fault = readJson(out + QStringLiteral("/fault.json"));
        const QJsonObject error = fault.value(QStringLiteral("error")).toObject();
        QCOMPARE(error.value(QStringLiteral("code")).toString(), QStringLiteral("eio"));
        QCOMPARE(error.value(QStringLiteral("errno")).toInt(), 5);
        const double offset = error.value(QStringLiteral("offset")).toDouble();
        const double injected = 100.0 * 1024 * 1024;
        QVERIFY2(std::abs(offset - injected) <= 1024 * 1024, qPrintable(QString::number(offset)));
        // The partial result is kept: everything before the fault is counted. (Writes issued while the
        // kernel retries the failing one may complete beyond it; they count too.)
        QVERIFY(fault.value(QStringLiteral("bytes")).toDouble() >= injected - 8 * 1024 * 1024);
        QVERIFY(fault.value(QStringLiteral("bytes")).toDouble() < 512.0 * 1024 * 1024);
        QCOMPARE(fault.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));

        QVERIFY2(workDirEmpty(), "the lab left its disk files behind");
    }

    void commandExitCodeAndMissingCommand()
    {
        CliRun run =
            runCli({QStringLiteral("lab"), QStringLiteral("run"), QStringLiteral("--quiet"), QStringLiteral("--disks"),
                    QStringLiteral("64M"), QStringLiteral("--"), QStringLiteral("raidbench-no-such-program")},
                   300000, QStringLiteral("raidbench-cli"), {}, env());
        QCOMPARE(run.exitCode, 127);
        QVERIFY(run.err.contains(QStringLiteral("cannot run raidbench-no-such-program")));
        QVERIFY(workDirEmpty());
    }

    void killedCliLeavesNothingBehind()
    {
        QProcess cli;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("RAIDBENCH_LAB_DIR"), m_work.path());
        cli.setProcessEnvironment(environment);
        cli.start(binary(QStringLiteral("raidbench-cli")),
                  {QStringLiteral("lab"), QStringLiteral("run"), QStringLiteral("--disks"), QStringLiteral("2x1G"),
                   QStringLiteral("--"), QStringLiteral("sleep"), QStringLiteral("600")});
        QVERIFY(cli.waitForStarted());
        QElapsedTimer timer;
        timer.start();
        QByteArray err;
        while (!err.contains("up in") && timer.elapsed() < 180000) {
            cli.waitForReadyRead(1000);
            err += cli.readAllStandardError();
        }
        QVERIFY2(err.contains("up in"), err.constData());
        const QStringList labDirs = QDir(m_work.path()).entryList({QStringLiteral("raidbench-lab-*")}, QDir::Dirs);
        QCOMPARE(labDirs.size(), 1);
        const QString labDir = m_work.path() + QLatin1Char('/') + labDirs.first();
        QVERIFY(QFile::exists(labDir + QStringLiteral("/disks/disk0.img")));
        QVERIFY(qemuRunningFor(labDir));
        ::kill(pid_t(cli.processId()), SIGKILL);
        cli.waitForFinished();
        // The reaper kills qemu and removes the directory with the disk files.
        QTRY_VERIFY_WITH_TIMEOUT(!qemuRunningFor(labDir), 15000);
        QTRY_VERIFY_WITH_TIMEOUT(leftInWorkDir().isEmpty(), 30000);
    }

    void bootTimeoutKillsAndSaysWhere()
    {
        const CliRun run = runCli({QStringLiteral("lab"), QStringLiteral("run"), QStringLiteral("--disks"),
                                   QStringLiteral("64M"), QStringLiteral("--boot-timeout"), QStringLiteral("2s"),
                                   QStringLiteral("--"), QStringLiteral("true")},
                                  120000, QStringLiteral("raidbench-cli"), {}, provokedEnv());
        QCOMPARE(run.exitCode, 125);
        // A boot that makes no progress within half the bound is given up and tried once more, and the
        // error says both.
        QVERIFY2(run.err.contains(QStringLiteral("booting it again (once)")), qPrintable(run.err));
        QVERIFY2(run.err.contains(QStringLiteral("did not come up within")) &&
                     run.err.contains(QStringLiteral("the second boot")),
                 qPrintable(run.err));
        QVERIFY2(workDirEmpty(), "a VM that timed out left files behind");
    }

    void aPanicBeforeBootIsBootedAgainOnce()
    {
        // A qemu that gives the kernel an initramfs init that does not exist: the kernel panics before the
        // VM comes up, on both boots. The lab boots once more, then says what the first boot did.
        QTemporaryDir bin;
        QVERIFY(bin.isValid());
        const QString qemu = QStandardPaths::findExecutable(QStringLiteral("qemu-system-x86_64"));
        QVERIFY(!qemu.isEmpty());
        QFile wrapper(bin.filePath(QStringLiteral("qemu-system-x86_64")));
        QVERIFY(wrapper.open(QIODevice::WriteOnly));
        wrapper.write(QStringLiteral("#!/bin/bash\nargs=(); append=0\n"
                                     "for a in \"$@\"; do\n"
                                     "  [ $append = 1 ] && a=\"$a rdinit=/nonexistent\"; append=0\n"
                                     "  [ \"$a\" = -append ] && append=1\n  args+=(\"$a\")\ndone\n"
                                     "exec %1 \"${args[@]}\"\n")
                          .arg(qemu)
                          .toUtf8());
        wrapper.close();
        QVERIFY(wrapper.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        const CliRun run = runCli(
            {QStringLiteral("lab"), QStringLiteral("run"), QStringLiteral("--disks"), QStringLiteral("64M"),
             QStringLiteral("--"), QStringLiteral("true")},
            180000, QStringLiteral("raidbench-cli"), {},
            provokedEnv() + QStringList {QStringLiteral("PATH=%1:%2").arg(bin.path(), qEnvironmentVariable("PATH"))});
        QCOMPARE(run.exitCode, 125);
        QVERIFY2(run.err.contains(QStringLiteral("panicked while booting (Kernel panic - not syncing")) &&
                     run.err.contains(QStringLiteral("booting it again (once)")),
                 qPrintable(run.err));
        QVERIFY2(run.err.contains(QStringLiteral("the VM stopped before it came up (the first boot panicked")),
                 qPrintable(run.err));
        QVERIFY2(workDirEmpty(), "a VM that panicked left files behind");
    }

    void aDiskModelWithoutNbdkitIsRefused()
    {
        // A PATH with qemu and no nbdkit: the modelled disk is refused before the VM starts, in words
        // that say what to install, and nothing is left behind.
        QTemporaryDir bin;
        QVERIFY(bin.isValid());
        const QString qemu = QStandardPaths::findExecutable(QStringLiteral("qemu-system-x86_64"));
        QVERIFY(!qemu.isEmpty());
        QVERIFY(QFile::link(qemu, bin.filePath(QStringLiteral("qemu-system-x86_64"))));
        const CliRun run = runCli(
            {QStringLiteral("lab"), QStringLiteral("run"), QStringLiteral("--quiet"), QStringLiteral("--disks"),
             QStringLiteral("64M,64M:hdd"), QStringLiteral("--"), QStringLiteral("true")},
            120000, QStringLiteral("raidbench-cli"), {}, env() + QStringList {QStringLiteral("PATH=") + bin.path()});
        QCOMPARE(run.exitCode, 125);
        QVERIFY2(run.err.contains(QStringLiteral("disk 2 is a hard disk model, which needs nbdkit")),
                 qPrintable(run.err));
        QVERIFY2(workDirEmpty(), "a refused model left files behind");
    }

    void badSpecsGiveOneClearLine_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("0x1G") << "0x1G" << 2 << "0x1G";
        QTest::newRow("1G@0") << "1G@0" << 2 << "1G@0";
        QTest::newRow("1Q") << "1Q" << 2 << "1Q";
        QTest::newRow("2G@abc") << "2G@abc" << 2 << "abc";
        QTest::newRow("hdd without rpm") << "1G:hdd:rpm=0" << 2 << "rpm=0";
        QTest::newRow("ssd cache above its size") << "1G:ssd:cache=2G" << 2 << "no larger than the disk";
        QTest::newRow("above free space") << "2x16T" << 125 << "free";
    }
    void badSpecsGiveOneClearLine()
    {
        QFETCH(QString, spec);
        QFETCH(int, exitCode);
        QFETCH(QString, mentions);
        const CliRun run = runCli({QStringLiteral("lab"), QStringLiteral("run"), QStringLiteral("--quiet"),
                                   QStringLiteral("--disks"), spec, QStringLiteral("--"), QStringLiteral("true")},
                                  60000, QStringLiteral("raidbench-cli"), {}, env());
        QCOMPARE(run.exitCode, exitCode);
        const QStringList lines = run.err.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1);
        QVERIFY2(lines.first().contains(mentions), qPrintable(run.err));
        QVERIFY(workDirEmpty());
    }
};

QTEST_GUILESS_MAIN(TestLabVm)
#include "tst_lab_vm.moc"

#include "../common/benchrow.h"
#include "../common/cli.h"
#include "../common/labfiles.h"
#include "../common/labshell.h"
#include "results/campaignresults.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace RaidBench;
using namespace RaidBench::Test;

/// Nested parity layouts for real, in one boot of 14 lab disks on three controllers:
/// - on eight disks at 30 MB/s (reads and writes sharing it), RAID50 and RAID60 with a top chunk that
///   cuts every write into partial stripes and with the one RaidBench chooses, each under md's own
///   stripe cache and a large one (a sweep: both on one array), and LVM striping over RAID5 legs: each
///   with the model's prediction and what bound it, the misaligned ones warned of and writing partial
///   stripes, the aligned ones not, and the sweep's cache set back before the teardown;
/// - on six unthrottled disks, where the emulated CPU is the bound: a RAID5 and a RAID50, each
///   predicted from the rate md's threads showed on the other;
/// - the three SCSI hosts, and RAID60 and RAID10 surviving the loss of any one controller by
///   RaidBench's own computation (RAID5 not).
/// How close each came to its prediction, and how much faster the aligned layouts wrote, are benchmark
/// rows (tests/bench/lab-speed): the host's load decides them as much as md does.
class TestParityLab final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_out;

    static QString slowDisk(int i)
    {
        return QStringLiteral("/dev/disk/by-id/scsi-RAIDBNCH_VDISK_W30_R30_RBLAB%1").arg(i, 4, 10, QLatin1Char('0'));
    }
    static QString fastDisk(int i)
    {
        return QStringLiteral("/dev/disk/by-id/scsi-RAIDBNCH_VDISK_RBLAB%1").arg(i, 4, 10, QLatin1Char('0'));
    }
    static QJsonObject leaf(const QString& disk)
    {
        return {{QStringLiteral("level"), QStringLiteral("disk")}, {QStringLiteral("device"), disk}};
    }
    static QJsonObject node(const QString& level, const QStringList& disks)
    {
        QJsonArray children;
        for (const QString& disk : disks) {
            children.append(leaf(disk));
        }
        return {{QStringLiteral("level"), level}, {QStringLiteral("children"), children}};
    }
    /// A striping top (raid0 or lvm-stripe) over two parity legs; `chunk` empty = RaidBench's choice.
    static QJsonObject nested(const QString& top, const QString& leg, const QStringList& first,
                              const QStringList& second, const QString& chunk = {})
    {
        QJsonObject spec {{QStringLiteral("level"), top},
                          {QStringLiteral("children"), QJsonArray {node(leg, first), node(leg, second)}}};
        if (!chunk.isEmpty()) {
            spec.insert(top == QLatin1String("raid0") ? QStringLiteral("chunk") : QStringLiteral("stripe_size"), chunk);
        }
        return spec;
    }
    static QStringList range(QString (*disk)(int), int from, int to)
    {
        QStringList disks;
        for (int i = from; i <= to; ++i) {
            disks.append(disk(i));
        }
        return disks;
    }
    void writePlan(const QString& name, const QStringList& disks, const QJsonArray& configs)
    {
        const QJsonObject plan {{QStringLiteral("raidbench_plan"), 1},
                                {QStringLiteral("disks"), QJsonArray::fromStringList(disks)},
                                {QStringLiteral("configurations"), configs},
                                {QStringLiteral("patterns"), false}, // tst_campaign_lab measures them
                                {QStringLiteral("tests"), QJsonArray {QStringLiteral("seq1m-qd8-write")}},
                                {QStringLiteral("repeats"), 2},
                                {QStringLiteral("limits"),
                                 QJsonObject {{QStringLiteral("time"), QStringLiteral("1s")},
                                              {QStringLiteral("ramp"), QStringLiteral("250ms")}}}};
        QVERIFY(writeJson(m_out.filePath(name), plan));
    }
    QString read(const QString& name) const { return readText(m_out.filePath(name)); }
    static QJsonObject config(const QString& name, const QJsonObject& spec, const QJsonValue& stripeCache = {})
    {
        QJsonObject object {{QStringLiteral("name"), name}, {QStringLiteral("spec"), spec}};
        if (!stripeCache.isUndefined() && !stripeCache.isNull()) {
            object.insert(QStringLiteral("stripe_cache"), stripeCache);
        }
        return object;
    }

    /// The share the members read of what they wrote during the write test (partial stripes), or -1.
    static double partialReads(const ConfigResult& result)
    {
        const TestResult* test = result.sequentialTest(true);
        return test && test->resources ? test->resources->partialStripeReads().value_or(-1) : -1;
    }

    /// What the measurement says bound a layout's sequential write, in words, when it names one.
    static QString boundOf(const ConfigResult& result)
    {
        const TestResult* test = result.sequentialTest(true);
        if (!test || !test->resources || test->resources->explanation.isEmpty()) {
            return {};
        }
        if (test->resources->wrotePartialStripes()) {
            return QStringLiteral("partial stripes (members read %1 of what they wrote)")
                .arg(partialReads(result), 0, 'f', 2);
        }
        return test->resources->explanation;
    }

private Q_SLOTS:
    void nestedParityLayouts()
    {
        QVERIFY(m_out.isValid());
        const QStringList slow = range(slowDisk, 1, 8);
        const QJsonArray sweep {256, 4096};
        writePlan(
            QStringLiteral("table.json"), slow,
            QJsonArray {
                config(QStringLiteral("raid50 512k"),
                       nested(QStringLiteral("raid0"), QStringLiteral("raid5"), slow.mid(0, 3), slow.mid(3, 3),
                              QStringLiteral("512k")),
                       sweep),
                config(QStringLiteral("raid50"),
                       nested(QStringLiteral("raid0"), QStringLiteral("raid5"), slow.mid(0, 3), slow.mid(3, 3)), sweep),
                config(QStringLiteral("raid60 512k"),
                       nested(QStringLiteral("raid0"), QStringLiteral("raid6"), slow.mid(0, 4), slow.mid(4, 4),
                              QStringLiteral("512k")),
                       sweep),
                config(QStringLiteral("raid60"),
                       nested(QStringLiteral("raid0"), QStringLiteral("raid6"), slow.mid(0, 4), slow.mid(4, 4)), sweep),
                config(QStringLiteral("lvm over raid5"),
                       nested(QStringLiteral("lvm-stripe"), QStringLiteral("raid5"), slow.mid(0, 3), slow.mid(3, 3))),
            });
        const QStringList fast = range(fastDisk, 9, 14);
        writePlan(QStringLiteral("cpu.json"), fast,
                  QJsonArray {config(QStringLiteral("raid5"), node(QStringLiteral("raid5"), fast.mid(0, 3))),
                              config(QStringLiteral("raid50"),
                                     nested(QStringLiteral("raid0"), QStringLiteral("raid5"), fast.mid(0, 3),
                                            fast.mid(3, 3)))});
        // The dry run of a RAID50 with a 512 KiB chunk on top says why it will write slowly; the same
        // tree with RaidBench's chunk says nothing.
        QVERIFY(writeJson(m_out.filePath(QStringLiteral("misaligned.json")),
                          nested(QStringLiteral("raid0"), QStringLiteral("raid5"), slow.mid(0, 3), slow.mid(3, 3),
                                 QStringLiteral("512k"))));
        QVERIFY(writeJson(m_out.filePath(QStringLiteral("aligned.json")),
                          nested(QStringLiteral("raid0"), QStringLiteral("raid5"), slow.mid(0, 3), slow.mid(3, 3))));
        QStringList twelve = slow;
        twelve += fast.mid(0, 4);
        const QString script = QStringLiteral(R"SH(
ls /sys/class/scsi_host > hosts.txt
raidbench-cli disks --json > disks.json 2> disks.err
for preset in raid60 raid10 raid5; do
  raidbench-cli array create --preset $preset --disks @TWELVE@ --dry-run > dry-$preset.out 2>&1; echo $? > dry-$preset.rc
done
for tree in misaligned aligned; do
  raidbench-cli array create --spec $tree.json --dry-run > dry-$tree.out 2>&1; echo $? > dry-$tree.rc
done
start=$(date +%s)
raidbench-cli run table.json --out table-results.json --yes > table.out 2> table.err; echo $? > table.rc
raidbench-cli run cpu.json --out cpu-results.json --yes > cpu.out 2> cpu.err; echo $? > cpu.rc
echo $(( $(date +%s) - start )) > run.seconds
check_clean after.txt
)SH")
                                   .replace(QLatin1String("@TWELVE@"), twelve.join(QLatin1Char(',')));
        const CliRun run = runCli(QStringList {QStringLiteral("lab"), QStringLiteral("run"), QStringLiteral("--quiet"),
                                               QStringLiteral("--disks"), QStringLiteral("8x512M@30,6x512M"),
                                               QStringLiteral("--controllers"), QStringLiteral("3"),
                                               QStringLiteral("--out"), m_out.path(), QStringLiteral("--")} +
                                      labShell(script),
                                  1200000);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        qInfo("the campaigns inside the VM took %s s", qPrintable(read(QStringLiteral("run.seconds")).trimmed()));

        // Three SCSI hosts, one controller each in RaidBench's own scan.
        QCOMPARE(read(QStringLiteral("hosts.txt")).split(QLatin1Char('\n'), Qt::SkipEmptyParts).size(), 3);
        QSet<QString> controllers;
        for (const QJsonValue& disk : QJsonDocument::fromJson(read(QStringLiteral("disks.json")).toUtf8()).array()) {
            if (disk.toObject().value(QStringLiteral("serial")).toString().startsWith(QLatin1String("RBLAB"))) {
                controllers.insert(disk.toObject().value(QStringLiteral("controller")).toString());
            }
        }
        QVERIFY2(controllers.size() == 3, qPrintable(read(QStringLiteral("disks.json")).left(2000)));
        // RAID60 (two legs of six, two disks of each controller) and RAID10 (copies on neighbours,
        // which take turns over the controllers) lose at most two disks of a leg and one of a pair.
        for (const char* preset : {"raid60", "raid10", "raid5"}) {
            const QString out = read(QStringLiteral("dry-%1.out").arg(QLatin1String(preset)));
            qInfo("%s: %s", preset, qPrintable(out.section(QLatin1Char('\n'), 0, 1).simplified()));
            QVERIFY2(read(QStringLiteral("dry-%1.rc").arg(QLatin1String(preset))).trimmed() == QLatin1String("0"),
                     qPrintable(out));
            const bool survives = qstrcmp(preset, "raid5") != 0;
            QVERIFY2(out.contains(QLatin1String("survives losing any one of its 3 controllers")) == survives,
                     qPrintable(out));
        }
        for (const char* tree : {"misaligned", "aligned"}) {
            QVERIFY2(read(QStringLiteral("dry-%1.rc").arg(QLatin1String(tree))).trimmed() == QLatin1String("0"),
                     qPrintable(read(QStringLiteral("dry-%1.out").arg(QLatin1String(tree)))));
        }
        const QString misalignedDry = read(QStringLiteral("dry-misaligned.out"));
        QVERIFY2(misalignedDry.contains(QLatin1String("warning: RAID0: every write to a leg is a partial stripe: "
                                                      "expect about half the write speed")) &&
                     misalignedDry.contains(QLatin1String("use a 1 MiB top chunk")),
                 qPrintable(misalignedDry));
        const QString alignedDry = read(QStringLiteral("dry-aligned.out"));
        QVERIFY2(!alignedDry.contains(QLatin1String("warning:")) && alignedDry.contains(QLatin1String("--chunk=1024")),
                 qPrintable(alignedDry));
        QVERIFY2(read(QStringLiteral("dry-raid60.out")).contains(QLatin1String("raid0(raid6(6) x 2)")),
                 qPrintable(read(QStringLiteral("dry-raid60.out"))));

        // The table: top chunk against stripe cache, for RAID50 and RAID60.
        QVERIFY2(read(QStringLiteral("table.rc")).trimmed() == QLatin1String("0"),
                 qPrintable(read(QStringLiteral("table.err")).right(3000)));
        auto table = CampaignResults::load(m_out.filePath(QStringLiteral("table-results.json")));
        QVERIFY2(table.ok(), qPrintable(table.ok() ? QString() : table.error().message));
        QCOMPARE(table->configs.size(), 9);
        for (const ConfigResult& result : table->configs) {
            QVERIFY2(result.status == RunState::Completed, qPrintable(result.name + QLatin1Char(' ') + result.error));
            const QString how = boundOf(result);
            const TestResult* test = result.sequentialTest(true);
            qInfo("| %-36s | %6.1f MB/s | predicted %6.1f (%s) | %.2f | partial-stripe reads %.2f | %s |",
                  qPrintable(result.name), result.sequentialWrite().value_or(0) / 1e6,
                  result.predictedWrite.value_or(0) / 1e6, qPrintable(result.predictedWriteBound),
                  result.measuredOverPredicted.value_or(0), partialReads(result), qPrintable(how));
            QVERIFY2(!how.isEmpty() && result.predictedWrite.value_or(0) > 0, qPrintable(result.name));
            QVERIFY(test && test->resources);
            // Within 15 % of the model, or below it for a reason the measurement names (partial stripes,
            // md's thread, the CPU): a benchmark row.
            benchRow({QStringLiteral("parity"), result.name, result.sequentialWrite().value_or(0) / 1e6,
                      result.predictedWrite.value_or(0) / 1e6, 0.85, 1.15, QStringLiteral("MB/s")});
        }
        for (const QString& level : {QStringLiteral("raid50"), QStringLiteral("raid60")}) {
            const ConfigResult* misaligned = table->configs.data();
            const ConfigResult* aligned = misaligned;
            for (const ConfigResult& result : table->configs) {
                if (result.name == level + QStringLiteral(" 512k (stripe cache 256)")) {
                    misaligned = &result;
                }
                if (result.name == level + QStringLiteral(" (stripe cache 256)")) {
                    aligned = &result;
                }
            }
            QVERIFY(misaligned != aligned);
            // The chunk RaidBench chose fills the legs' stripes: 1 MiB on top of 2 data disks x 512 KiB,
            // nothing read, the model's full-stripe speed, and clearly faster than 512 KiB on top.
            QVERIFY2(aligned->commands.join(QLatin1Char('\n'))
                         .contains(QLatin1String("--level=raid0 --raid-devices=2 --chunk=1024K")),
                     qPrintable(aligned->commands.join(QLatin1Char('\n'))));
            // Full stripes: the disks bound it (alone, or together where a loaded host measured them below
            // their sum: "shared"), or the CPU where md's threads showed a lower rate (a busy host shows one),
            // never partial stripes.
            QVERIFY2(aligned->predictedWriteBound == QLatin1String("disks") ||
                         aligned->predictedWriteBound == QLatin1String("shared") ||
                         aligned->predictedWriteBound == QLatin1String("cpu"),
                     qPrintable(aligned->predictedWriteBound));
            QVERIFY2(partialReads(*aligned) >= 0 && !aligned->sequentialTest(true)->resources->wrotePartialStripes(),
                     qPrintable(aligned->name));
            QVERIFY(aligned->measuredOverPredicted.has_value());
            QVERIFY(aligned->warnings.isEmpty());
            benchRow({QStringLiteral("parity"), level + QStringLiteral(" aligned / 512k on top"),
                      *aligned->sequentialWrite() / 1e6, *misaligned->sequentialWrite() / 1e6, 1.15, 99.0,
                      QStringLiteral("MB/s")});
            // 512 KiB on top: flagged, predicted as partial stripes under md's own cache, and read. The CPU
            // bound comes from the rates md's threads showed in this run, so on a busy host it can fall
            // below the partial-stripe figure and name the CPU instead (the model's choice between the two
            // is tst_campaign's, on fixed rates); never the disks.
            QVERIFY2(misaligned->predictedWriteBound == QLatin1String("partial-stripes") ||
                         misaligned->predictedWriteBound == QLatin1String("cpu"),
                     qPrintable(misaligned->predictedWriteBound));
            QVERIFY2(misaligned->warnings.value(0).contains(QLatin1String("every write to a leg is a partial stripe")),
                     qPrintable(misaligned->warnings.join(QLatin1Char(' '))));
            QVERIFY2(misaligned->sequentialTest(true)->resources->wrotePartialStripes(), qPrintable(misaligned->name));
        }
        // The sweep: both caches measured on one build, the large one set before its tests, and the
        // build's cache set back before the teardown (the first one's commands end with it).
        const ConfigResult* first = table->config(QStringLiteral("raid50 512k (stripe cache 256)"));
        const ConfigResult* second = table->config(QStringLiteral("raid50 512k (stripe cache 4096)"));
        QVERIFY(first && second);
        QCOMPARE(first->stripeCache, 256);
        QCOMPARE(second->stripeCache, 4096);
        QCOMPARE(first->device, second->device);
        // Each its own time: the build counts for the first, the teardown for the second.
        qInfo("sweep times: %.1f s (with the build), %.1f s (with the teardown)", first->seconds, second->seconds);
        QVERIFY(first->seconds > 0 && second->seconds > 0);
        QVERIFY(second->commands.last().startsWith(QLatin1String("echo 4096 > ")));
        QVERIFY2(first->commands.last().startsWith(QLatin1String("echo 256 > ")),
                 qPrintable(first->commands.join(QLatin1Char('\n'))));
        // LVM: RaidBench's stripe size fills the legs (LVM's own 64 KiB would not: tst_stripes).
        const ConfigResult* lvm = table->config(QStringLiteral("lvm over raid5"));
        QVERIFY(lvm);
        QVERIFY(lvm->commands.join(QLatin1Char(' ')).contains(QLatin1String("-I 1024k")));
        QVERIFY(lvm->warnings.isEmpty());
        QVERIFY2(lvm->predictedWriteBound == QLatin1String("disks") || lvm->predictedWriteBound == QLatin1String("cpu"),
                 qPrintable(lvm->predictedWriteBound));
        QVERIFY2(partialReads(*lvm) >= 0 && !lvm->sequentialTest(true)->resources->wrotePartialStripes(), "lvm");

        // Unthrottled disks: the emulated CPU bounds parity, and the model says so from the rate md's
        // thread showed on the RAID5 alone.
        QVERIFY2(read(QStringLiteral("cpu.rc")).trimmed() == QLatin1String("0"),
                 qPrintable(read(QStringLiteral("cpu.err")).right(3000)));
        auto cpu = CampaignResults::load(m_out.filePath(QStringLiteral("cpu-results.json")));
        QVERIFY(cpu.ok());
        for (const ConfigResult& result : cpu->configs) {
            QVERIFY2(result.status == RunState::Completed, qPrintable(result.error));
            // The disks alone (hundreds of MB/s each here) would predict several times the figure; the
            // CPU bound, from md's rate on the other layout, explains most of it. The emulator's own I/O
            // thread shares the host's two cores with the virtual CPUs, so the guest's cores never all
            // reach 100 % (83-96 % busy was seen) and a RAID50 measured 0.75-0.81 of the bound: a third
            // under it is allowed. The other way has no such limit in the emulator: each emulated CPU
            // runs slower while the other is busy too, so the RAID50's two md threads showed 192.5 MB/s
            // a core in one CI run and 133.6 in another, where the RAID5's one thread alone wrote 250
            // and 253 (1.16 and 1.90 of the bound their rate gave).
            const double measuredMBps = result.sequentialWrite().value_or(0) / 1e6;
            const double predictedMBps = result.predictedWrite.value_or(0) / 1e6;
            const TestResult* test = result.sequentialTest(true);
            qInfo("| %-10s (unthrottled) | %6.1f MB/s | predicted %6.1f (%s: %s) | %.2f | limited by %s |",
                  qPrintable(result.name), measuredMBps, predictedMBps, qPrintable(result.predictedWriteBound),
                  qPrintable(result.predictedWriteNote), result.measuredOverPredicted.value_or(0),
                  test && test->resources ? qPrintable(test->resources->explanation) : "?");
            // Which bound is lower is the host's business too: unthrottled, the disks' own speeds are the
            // emulator's as well, and a clean-clone CI run measured them low enough beside three other VMs
            // that the disks bounded the RAID5 (204.7 predicted, 216.0 measured). The model names one of the
            // two, and the CPU's with md's measured rate (tst_campaign decides the choice on fixed rates).
            QVERIFY2(result.predictedWriteBound == QLatin1String("cpu") ||
                         result.predictedWriteBound == QLatin1String("disks"),
                     qPrintable(result.predictedWriteBound));
            if (result.predictedWriteBound == QLatin1String("cpu")) {
                QVERIFY2(result.predictedWriteNote.contains(QLatin1String("md's threads handled")),
                         qPrintable(result.predictedWriteNote));
            }
            // How close to the CPU's bound is the emulator's business (see above): a benchmark row. What
            // CI checks is that the measurement names what bound it.
            benchRow({QStringLiteral("parity"), result.name + QStringLiteral(" (unthrottled, CPU bound)"), measuredMBps,
                      predictedMBps, 0.65, 1.15, QStringLiteral("MB/s")});
            QVERIFY2(measuredMBps > 0 && test && test->resources, qPrintable(result.name));
            QVERIFY2(QStringList({"disks", "md-thread", "cpu", "none"}).contains(boundName(test->resources->boundBy)) &&
                         !test->resources->explanation.isEmpty(),
                     qPrintable(test->resources->explanation));
        }

        const QString after = read(QStringLiteral("after.txt"));
        QVERIFY2(!after.contains(QLatin1String(" : active")), qPrintable(after));
        QVERIFY2(
            after.section(QStringLiteral("--- dm"), 1).section(QStringLiteral("--- wipefs"), 0, 0).trimmed().isEmpty(),
            qPrintable(after));
        QVERIFY2(after.section(QStringLiteral("--- wipefs"), 1).trimmed().isEmpty(), qPrintable(after));
    }
};

QTEST_GUILESS_MAIN(TestParityLab)
#include "tst_parity_lab.moc"

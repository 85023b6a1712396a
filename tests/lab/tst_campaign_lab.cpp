#include "../common/benchrow.h"
#include "../common/cli.h"
#include "../common/labfiles.h"
#include "../common/labshell.h"
#include "../common/stablerule.h"
#include "answer/recommend.h"
#include "exports/exports.h"
#include "results/campaignresults.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace RaidBench;
using namespace RaidBench::Test;

/// The campaign for real on two fast and two slow disks in the lab: the two slow disks and only they
/// are flagged, every layout has the model's predictions and what limited it, the answer follows
/// what was measured, nothing is left behind, and a cancel keeps what was measured. In the same boot,
/// on two more disks limited to 4000 requests a second: a queue-depth sweep has every depth, a 70/30
/// mixed test splits its bytes 70/30, repeat-until-stable keeps its rule on steady runs and on runs a
/// writer disturbs; on two small slow ones, a test waits for (or is labelled during) a resync. One boot.
/// How fast things went (baselines against the throttles, the model's accuracy, the sweep against the
/// limit, how many runs stable mode took) is printed as benchmark rows: tests/bench/lab-speed.
class TestCampaignLab final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_out;
    static constexpr double iopsLimit = 4000; ///< each of disks 5 and 6

    static QString iopsDisk(int i)
    {
        return QStringLiteral("/dev/disk/by-id/scsi-RAIDBNCH_VDISK_RBLAB%1").arg(i, 4, 10, QLatin1Char('0'));
    }
    static QJsonObject layout(const QString& name, const QString& level, const QStringList& disks,
                              bool assumeClean = true)
    {
        QJsonArray children;
        for (const QString& disk : disks) {
            children.append(
                QJsonObject {{QStringLiteral("level"), QStringLiteral("disk")}, {QStringLiteral("device"), disk}});
        }
        QJsonObject spec {{QStringLiteral("level"), level}, {QStringLiteral("children"), children}};
        if (!assumeClean) {
            spec.insert(QStringLiteral("assume_clean"), false);
        }
        return level == QLatin1String("disk")
            ? QJsonObject {{QStringLiteral("name"), name},
                           {QStringLiteral("spec"),
                            QJsonObject {{QStringLiteral("level"), QStringLiteral("disk")},
                                         {QStringLiteral("device"), disks.first()}}}}
            : QJsonObject {{QStringLiteral("name"), name}, {QStringLiteral("spec"), spec}};
    }
    void writeMeasurePlan(const QString& name, const QStringList& disks, const QJsonArray& configs,
                          const QJsonArray& tests, const QJsonObject& extra)
    {
        QJsonObject plan {{QStringLiteral("raidbench_plan"), 1},
                          {QStringLiteral("disks"), QJsonArray::fromStringList(disks)},
                          {QStringLiteral("baselines"), false},
                          {QStringLiteral("configurations"), configs},
                          {QStringLiteral("tests"), tests},
                          {QStringLiteral("repeats"), 1},
                          {QStringLiteral("limits"),
                           QJsonObject {{QStringLiteral("time"), QStringLiteral("1s")},
                                        {QStringLiteral("ramp"), QStringLiteral("250ms")}}}};
        for (auto it = extra.begin(); it != extra.end(); ++it) {
            plan.insert(it.key(), it.value());
        }
        QVERIFY(writeJson(m_out.filePath(name), plan));
    }

    QString read(const QString& name) const { return readText(m_out.filePath(name)); }

    static QString diskPath(int i, int mbps)
    {
        return QStringLiteral("/dev/disk/by-id/scsi-RAIDBNCH_VDISK_W%1_R%1_RBLAB%2")
            .arg(mbps)
            .arg(i, 4, 10, QLatin1Char('0'));
    }

    void writePlan(const QString& name, const QJsonValue& configs, const QStringList& tests)
    {
        QJsonObject plan {{QStringLiteral("raidbench_plan"), 1},
                          {QStringLiteral("disks"),
                           QJsonArray {diskPath(1, 105), diskPath(2, 105), diskPath(3, 38), diskPath(4, 38)}},
                          {QStringLiteral("configurations"), configs},
                          {QStringLiteral("repeats"), 1},
                          {QStringLiteral("limits"),
                           QJsonObject {{QStringLiteral("time"), QStringLiteral("1s")},
                                        {QStringLiteral("ramp"), QStringLiteral("250ms")}}}};
        if (!tests.isEmpty()) {
            plan.insert(QStringLiteral("tests"), QJsonArray::fromStringList(tests));
        }
        QVERIFY(writeJson(m_out.filePath(name), plan));
    }

    /// The last lines each command of the script wrote to its error log, for a VM that ran out of time.
    QString lastLinesOfEachLog() const
    {
        QString text;
        for (const QString& name : QDir(m_out.path()).entryList({QStringLiteral("*.err")}, QDir::Files)) {
            const QStringList lines = read(name).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
            text += QStringLiteral("--- %1, its last lines:\n%2\n")
                        .arg(name, lines.mid(std::max<qsizetype>(0, lines.size() - 4)).join(QLatin1Char('\n')));
        }
        return text;
    }

private Q_SLOTS:
    void demoCampaignAndCancel()
    {
        QVERIFY(m_out.isValid());
        writePlan(QStringLiteral("plan.json"), QStringLiteral("all"), {});
        writePlan(QStringLiteral("cancel-plan.json"), QJsonArray {QStringLiteral("raid0"), QStringLiteral("raid10")},
                  {QStringLiteral("seq1m-qd8-write"), QStringLiteral("seq1m-qd8-read")});
        const QStringList fast {iopsDisk(5), iopsDisk(6)};
        writeMeasurePlan(QStringLiteral("sweep.json"), fast,
                         QJsonArray {layout(QStringLiteral("one disk"), QStringLiteral("disk"), {fast.first()}),
                                     layout(QStringLiteral("raid0"), QStringLiteral("raid0"), fast),
                                     layout(QStringLiteral("raid1"), QStringLiteral("raid1"), fast)},
                         QJsonArray {QJsonObject {{QStringLiteral("kind"), QStringLiteral("qd-sweep")},
                                                  {QStringLiteral("rw"), QStringLiteral("randread")},
                                                  {QStringLiteral("bs"), QStringLiteral("4k")},
                                                  {QStringLiteral("max_qd"), 32}},
                                     QJsonObject {{QStringLiteral("rw"), QStringLiteral("randrw")},
                                                  {QStringLiteral("rwmixread"), 70},
                                                  {QStringLiteral("bs"), QStringLiteral("4k")},
                                                  {QStringLiteral("qd"), 16}}},
                         {});
        const QJsonArray raid0 {layout(QStringLiteral("raid0"), QStringLiteral("raid0"), fast)};
        writeMeasurePlan(QStringLiteral("steady.json"), fast, raid0, QJsonArray {QStringLiteral("rnd4k-qd32-read")},
                         {{QStringLiteral("stable"),
                           QJsonObject {{QStringLiteral("cv_max"), 0.03}, {QStringLiteral("max_repeats"), 6}}}});
        writeMeasurePlan(QStringLiteral("noisy.json"), fast, raid0, QJsonArray {QStringLiteral("rnd4k-qd32-read")},
                         {{QStringLiteral("repeats"), 3},
                          {QStringLiteral("stable"),
                           QJsonObject {{QStringLiteral("cv_max"), 0.03}, {QStringLiteral("max_repeats"), 5}}}});
        // A resync at 38 MB/s on two small disks of their own: waited for in 7 s, where the 1 GiB pair
        // took 27.
        const QStringList slow {diskPath(7, 38), diskPath(8, 38)};
        const QJsonArray resyncing {layout(QStringLiteral("raid1"), QStringLiteral("raid1"), slow, false)};
        writeMeasurePlan(QStringLiteral("resync-wait.json"), slow, resyncing,
                         QJsonArray {QStringLiteral("seq1m-qd8-read")}, {});
        writeMeasurePlan(QStringLiteral("resync-label.json"), slow, resyncing,
                         QJsonArray {QStringLiteral("seq1m-qd8-read")},
                         {{QStringLiteral("resync"), QStringLiteral("label")}});
        const QString script = QStringLiteral(R"SH(
watchdog 1000
start=$(date +%s)
mark campaign
raidbench-cli run plan.json --out results.json --yes > run.out 2> run.err; echo $? > run.rc
echo $(( $(date +%s) - start )) > run.seconds
check_clean run.after
mark cancel
raidbench-cli run cancel-plan.json --out cancel.json --yes > cancel.out 2> cancel.err &
pid=$!
# raid0 measured, torn down and saved; raid10 begun
wait_for 600 log_has cancel.err '[2/2] ' || mark "cancel: no '[2/2]' after 600 s"
nap 3
kill -INT $pid; wait $pid; echo $? > cancel.rc
check_clean cancel.after
# Measurement depth, on disks 5 and 6 (4000 requests a second each) and 7 and 8 (38 MB/s).
mark sweep
raidbench-cli run sweep.json --out sweep-results.json --yes > sweep.out 2> sweep.err; echo $? > sweep.rc
mark steady
raidbench-cli run steady.json --out steady-results.json --yes > steady.out 2> steady.err; echo $? > steady.rc
mark noisy
raidbench-cli run noisy.json --out noisy-results.json --yes > noisy.out 2> noisy.err & pid=$!
# Four writers on the array in bursts of 0.5 to 2 s, pauses of 0.5 to 2 s: no two runs see the same load.
first_md() { local f; md=; for f in /dev/md/raidbench-*; do [ -e "$f" ] && { md=$f; return 0; }; done; return 1; }
wait_for 60 first_md
bursts=0
while kill -0 $pid 2>/dev/null && [ -n "$md" ]; do
  on=$(( RANDOM % 16 + 5 )); off=$(( RANDOM % 16 + 5 ))
  writers=""
  for w in 1 2 3 4; do
    timeout $((on / 10)).$((on % 10)) dd if=/dev/zero of=$md bs=4k count=100000 seek=$((w * 20000)) oflag=direct 2>/dev/null &
    writers="$writers $!"
  done
  wait $writers; bursts=$((bursts+1)); nap $((off / 10)).$((off % 10))
done
wait $pid; echo $? > noisy.rc; echo $bursts > noisy.bursts
mark resync-wait
raidbench-cli run resync-wait.json --out resync-wait-results.json --yes > resync-wait.out 2> resync-wait.err; echo $? > resync-wait.rc
mark resync-label
raidbench-cli run resync-label.json --out resync-label-results.json --yes > resync-label.out 2> resync-label.err; echo $? > resync-label.rc
check_clean measure.after
kill $rb_watchdog 2>/dev/null || :
mark done
)SH");
        // The disk files on the host's disk, not in memory: the queue-depth sweep needs disks that take
        // time to answer one request (in memory one disk did 3849 of its 4000 a second at QD1, so no
        // rise with the depth was left to see). The other disks have request limits too: without one a
        // flat disk answers random 4K as fast as the emulated processor goes (about 10,000 a second,
        // for which qemu took 1.4 of the host's two cores), so each random run would measure the
        // processor and take it from the tests running beside this one.
        const CliRun run =
            runCli(QStringList {QStringLiteral("lab"), QStringLiteral("run"), QStringLiteral("--quiet"),
                                QStringLiteral("--disks"),
                                QStringLiteral("2x1G@105:iops=1000,2x1G@38:iops=1000,2x256M:iops=4000,2x256M@38"),
                                QStringLiteral("--out"), m_out.path(), QStringLiteral("--")} +
                       labShell(script),
                   1200000, QStringLiteral("raidbench-cli"), {}, {QStringLiteral("RAIDBENCH_LAB_DIR=/var/tmp")});
        QVERIFY2(run.exitCode == 0,
                 qPrintable(run.err + QStringLiteral("\nWhere the time went (the VM's clock):\n") +
                            read(QStringLiteral("phases")) + lastLinesOfEachLog() +
                            QStringLiteral("--- the VM after 1000 s:\n") + read(QStringLiteral("watchdog"))));
        qInfo("campaign inside the VM took %s s", qPrintable(read(QStringLiteral("run.seconds")).trimmed()));
        QVERIFY2(read(QStringLiteral("run.rc")).trimmed() == QLatin1String("0"),
                 qPrintable(read(QStringLiteral("run.err")).right(3000)));

        const auto results = CampaignResults::load(m_out.filePath(QStringLiteral("results.json")));
        QVERIFY2(results.ok(), qPrintable(results.ok() ? QString() : results.error().message));
        QCOMPARE(results->status, RunState::Completed);
        QCOMPARE(results->disks.size(), 4);
        for (const DiskResult& disk : results->disks) {
            const double throttle =
                disk.serial.endsWith(QLatin1String("1")) || disk.serial.endsWith(QLatin1String("2")) ? 105e6 : 38e6;
            QVERIFY(disk.writeBw && disk.readBw && *disk.writeBw > 0 && *disk.readBw > 0);
            // Against the throttles: a benchmark row (tst_lab_vm holds the lab's ground truth).
            benchRow({QStringLiteral("baselines"), disk.serial + QStringLiteral(" write"), *disk.writeBw / 1e6,
                      throttle / 1e6, 0.93, 1.07, QStringLiteral("MB/s")});
            benchRow({QStringLiteral("baselines"), disk.serial + QStringLiteral(" read"), *disk.readBw / 1e6,
                      throttle / 1e6, 0.93, 1.07, QStringLiteral("MB/s")});
            // The two 38 MB/s disks, and only they, are slow.
            QCOMPARE(disk.slow, throttle < 50e6);
            // The access patterns, for real through the engine and the gate: every figure there. The
            // lab's flat disks skip for free (a throttle counts bytes, not positions) and their random
            // speed is the request limit's: how close is a benchmark row, not a test.
            QVERIFY2(disk.access.complete() && disk.access.error.isEmpty(), qPrintable(disk.access.error));
            // Four disks: each one's share of random 4K with every disk at once, too.
            QVERIFY(disk.access.randReadTogether && disk.access.randWriteTogether);
            QCOMPARE(disk.access.chunkBytes, 512u << 10);
            benchRow({QStringLiteral("patterns"), disk.serial + QStringLiteral(" read skipping a chunk after each"),
                      *disk.access.skipOneBw / 1e6, *disk.readBw / 1e6, 0.90, 1.10, QStringLiteral("MB/s")});
        }
        QStringList presets;
        for (const ConfigResult& config : results->configs) {
            presets.append(config.name);
            QVERIFY2(config.status == RunState::Completed,
                     qPrintable(config.name + QStringLiteral(": ") + config.error));
            QCOMPARE(config.tests.size(), 5);
            const double measured = config.sequentialWrite().value_or(0);
            const double predicted = config.predictedWrite.value_or(0);
            const double measuredRead = config.sequentialRead().value_or(0);
            const double predictedRead = config.predictedRead.value_or(0);
            qInfo("%-22s write %6.1f MB/s, predicted %6.1f (%.2f); read %6.1f MB/s, predicted %6.1f (%.2f)",
                  qPrintable(config.name), measured / 1e6, predicted / 1e6, predicted > 0 ? measured / predicted : 0.0,
                  measuredRead / 1e6, predictedRead / 1e6, predictedRead > 0 ? measuredRead / predictedRead : 0.0);
            // How close the model came is measured, not asserted: it depends on the host's load as much as
            // on RaidBench (a RAID5 read at 0.81 of the model beside another lab test in a CI run), so
            // CI checks that every prediction is there and the benchmark keeps the ratios.
            QVERIFY2(predicted > 0 && predictedRead > 0, qPrintable(config.name));
            // Every write run keeps its ramp and the flush after it: what the disks wrote through their
            // caches is there beside the figure (how close to it is the disks' business, not asserted).
            const TestResult* writeTest = config.sequentialTest(true);
            QVERIFY2(writeTest && writeTest->summary.writtenThroughMedian, qPrintable(config.name));
            QVERIFY(writeTest->runs.first().rampElapsedNs > 0 && writeTest->runs.first().rampBytesWritten > 0);
            qInfo("%-22s write %6.1f MB/s, written through the caches %6.1f", qPrintable(config.name), measured / 1e6,
                  *writeTest->summary.writtenThroughMedian / 1e6);
            // Random speed predicted for every layout from the disks' patterns, and measured beside it.
            QVERIFY2(config.predictedRandomRead.value_or(0) > 0 && config.predictedRandomWrite.value_or(0) > 0,
                     qPrintable(config.name));
            if (const auto randomWrite = config.randomIops(true)) {
                benchRow({QStringLiteral("random model"), config.name + QStringLiteral(" write"), *randomWrite,
                          *config.predictedRandomWrite, 0.80, 1.20, QStringLiteral("IOPS")});
            }
            const bool parityWrite = config.name == QLatin1String("raid5") || config.name == QLatin1String("raid6");
            const bool mirrorRead = config.name == QLatin1String("raid1");
            benchRow({QStringLiteral("model"), config.name + QStringLiteral(" write"), measured / 1e6, predicted / 1e6,
                      parityWrite ? 0.75 : 0.90, 1.10, QStringLiteral("MB/s")});
            benchRow({QStringLiteral("model"), config.name + QStringLiteral(" read"), measuredRead / 1e6,
                      predictedRead / 1e6, 0.90, mirrorRead ? 99.0 : 1.10, QStringLiteral("MB/s")});
            if (config.predictedWriteRange) {
                const auto [low, high] = *config.predictedWriteRange;
                qInfo("%-22s write range %6.1f-%6.1f MB/s", qPrintable(config.name), low / 1e6, high / 1e6);
                QVERIFY2(low < predicted && predicted < high, qPrintable(config.name));
            }
            // Only the write that crosses stripes has a range here.
            QCOMPARE(config.predictedWriteRange.has_value(), config.name == QLatin1String("raid5"));
            QVERIFY(config.measuredOverPredictedRead.has_value());
            // What limited each sequential figure, from the kernel's counters while the test ran: one
            // figure per member disk, md's thread where the level has one (not raid0, not a lone disk).
            for (const TestResult* test : {config.sequentialTest(true), config.sequentialTest(false)}) {
                QVERIFY2(test && test->resources, qPrintable(config.name));
                const ResourceUse& use = *test->resources;
                qInfo("%-22s %-16s limited by %s", qPrintable(config.name), qPrintable(test->spec.name),
                      qPrintable(use.explanation));
                QCOMPARE(use.diskBusy.size(), config.spec.leafDevices().size());
                const bool mdThread = config.name != QLatin1String("single") && config.name != QLatin1String("raid0");
                QVERIFY2(use.threadCpu.isEmpty() != mdThread, qPrintable(config.name));
                QVERIFY(use.seconds > 0.5 && use.cpus >= 1);
                for (const auto& [name, share] : use.diskBusy + use.threadCpu) {
                    QVERIFY2(share >= 0 && share <= 1.0, qPrintable(name));
                }
            }
            const bool parity = config.name == QLatin1String("raid5") || config.name == QLatin1String("raid6");
            if (parity && measured < 0.90 * predicted) {
                // Below the disks' model: said in words, whichever resource it was. A slow member busy
                // nearly all the time here means md made it do more than the model counts (reads for
                // a read-modify-write), not that the CPU held it back.
                const ResourceUse& use = *config.sequentialTest(true)->resources;
                QVERIFY2(QStringList({"disks", "md-thread", "cpu", "none"}).contains(boundName(use.boundBy)) &&
                             !use.explanation.isEmpty(),
                         qPrintable(config.name));
            }
            bool slowNamed = config.spec.leafDevices().size() == 1;
            for (const QString& link : config.weakestLink) {
                slowNamed = slowNamed || link.contains(QLatin1String("slow"));
            }
            QVERIFY2(slowNamed, qPrintable(config.name));
        }
        // raid5 loaded the kernel's parity code, which printed its own speeds.
        const QJsonObject parity = results->host.value(QStringLiteral("kernel_parity")).toObject();
        qInfo("%s", qPrintable(kernelParityText(parity)));
        QVERIFY2(parity.value(QStringLiteral("xor_mbps")).toDouble() > 0, qPrintable(QJsonDocument(parity).toJson()));
        QCOMPARE(presets,
                 (QStringList {"single", "raid0", "raid1", "raid5", "raid6", "raid10", "raid0+1", "raid1+0",
                               "lvm-stripe-over-raid1"}));
        // The answer on these real measurements: the report ends with it, the CLI gives the same one,
        // and each layout's place follows what was measured.
        const QString report = resultsToMarkdown(*results);
        QVERIFY(
            report.mid(report.lastIndexOf(QLatin1String("\n## "))).startsWith(QLatin1String("\n## Recommendation")));
        const Recommendation answer = recommend(*results, Requirements::defaults());
        QCOMPARE(answer.ranked.size(), 7); // all but raid0 and the single disk survive a failure
        QVERIFY2(report.contains(QStringLiteral("**%1**").arg(answer.summary)), qPrintable(answer.summary));
        const Test::CliRun cli =
            Test::runCli({QStringLiteral("report"), m_out.filePath(QStringLiteral("results.json")),
                          QStringLiteral("--recommend"), QStringLiteral("weight=seq-read"), QStringLiteral("--json")});
        QCOMPARE(cli.exitCode, 0);
        const QJsonArray ranked =
            QJsonDocument::fromJson(cli.out.toUtf8()).object().value(QStringLiteral("ranked")).toArray();
        QCOMPARE(ranked.size(), results->configs.size());
        double bestRead = 0;
        QString fastestReader;
        for (const ConfigResult& config : results->configs) {
            if (config.sequentialRead().value_or(0) > bestRead) {
                bestRead = *config.sequentialRead();
                fastestReader = config.name;
            }
        }
        // Scores a half point apart tie and the one keeping more space ranks first: the fastest reader
        // is first, or ties with the first.
        QCOMPARE(qRound(ranked.first().toObject().value(QStringLiteral("score")).toDouble()), 100);
        bool fastestOnTop = false;
        for (const QJsonValue& layout : ranked) {
            fastestOnTop = fastestOnTop ||
                (layout.toObject().value(QStringLiteral("name")).toString() == fastestReader &&
                 qRound(layout.toObject().value(QStringLiteral("score")).toDouble()) == 100);
        }
        QVERIFY2(fastestOnTop, qPrintable(cli.out));
        qInfo("recommendation for the defaults: %s", qPrintable(answer.summary));
        const QString after = read(QStringLiteral("run.after"));
        QVERIFY2(!after.contains(QLatin1String(" : active")), qPrintable(after));
        QVERIFY2(
            after.section(QStringLiteral("--- dm"), 1).section(QStringLiteral("--- wipefs"), 0, 0).trimmed().isEmpty(),
            qPrintable(after));
        QVERIFY2(after.section(QStringLiteral("--- wipefs"), 1).trimmed().isEmpty(), qPrintable(after));

        QCOMPARE(read(QStringLiteral("cancel.rc")).trimmed(), QStringLiteral("130"));
        const auto cancelled = CampaignResults::load(m_out.filePath(QStringLiteral("cancel.json")));
        QVERIFY(cancelled.ok());
        QCOMPARE(cancelled->status, RunState::Cancelled);
        QCOMPARE(cancelled->configs.at(0).status, RunState::Completed);
        QVERIFY(cancelled->configs.at(0).sequentialWrite().has_value());
        QCOMPARE(cancelled->configs.at(1).status, RunState::Cancelled);
        const QString cancelAfter = read(QStringLiteral("cancel.after"));
        QVERIFY2(!cancelAfter.contains(QLatin1String(" : active")), qPrintable(cancelAfter));
        QVERIFY2(cancelAfter.section(QStringLiteral("--- wipefs"), 1).trimmed().isEmpty(), qPrintable(cancelAfter));
    }

    /// The second half of the same boot's script (run by demoCampaignAndCancel).
    void measurementDepth()
    {
        for (const char* name : {"sweep", "steady", "noisy", "resync-wait", "resync-label"}) {
            QVERIFY2(read(QStringLiteral("%1.rc").arg(QLatin1String(name))).trimmed() == QLatin1String("0"),
                     qPrintable(QStringLiteral("%1: %2").arg(
                         QLatin1String(name), read(QStringLiteral("%1.err").arg(QLatin1String(name))).right(2000))));
        }
        // The queue-depth sweep: IOPS rise with the depth and flatten at the disks' limit, one disk at
        // 4000 requests a second, two striped at twice that; two mirrored read from both.
        const auto sweep = CampaignResults::load(m_out.filePath(QStringLiteral("sweep-results.json")));
        QVERIFY(sweep.ok());
        for (const ConfigResult& config : sweep->configs) {
            QCOMPARE(config.status, RunState::Completed);
            const TestResult* test = config.test(QStringLiteral("qd-sweep-rnd4k-read"));
            QVERIFY(test);
            QCOMPARE(test->depthSweep.size(), 6);
            const double limit = config.name == QLatin1String("one disk") ? iopsLimit : 2 * iopsLimit;
            QStringList points;
            double top = 0;
            for (const auto& [depth, point] : test->depthSweep) {
                points.append(QStringLiteral("QD%1 %2 IOPS p50 %3 us p99 %4 us")
                                  .arg(depth)
                                  .arg(point.iopsMedian, 0, 'f', 0)
                                  .arg(point.latP50Median / 1000, 0, 'f', 0)
                                  .arg(point.latP99Median / 1000, 0, 'f', 0));
                top = std::max(top, point.iopsMedian);
            }
            qInfo("%-8s (limit %.0f): %s", qPrintable(config.name), limit,
                  qPrintable(points.join(QStringLiteral(", "))));
            const auto& first = test->depthSweep.first().second;
            const auto& last = test->depthSweep.last().second;
            // How the IOPS rise and flatten at the limit is the host's speed as much as RaidBench's (the
            // emulated CPU manages about 11,000 requests a second, so the raid0 pair at 8000 reaches its
            // limit between QD16 and QD32), so it is a benchmark row: the top and the deepest point
            // against the limit (raid1: both mirrors serve reads, how evenly is md's choice), and how
            // much longer a request waits at QD32 than at QD4 (past the limit, depth buys latency: 8x
            // at a flat limit).
            const bool mirror = config.name == QLatin1String("raid1");
            benchRow({QStringLiteral("sweep"), config.name + QStringLiteral(" top IOPS"), top, limit,
                      mirror ? 0.625 : 0.90, 1.10, QStringLiteral("IOPS")});
            benchRow({QStringLiteral("sweep"), config.name + QStringLiteral(" QD32 IOPS"), last.iopsMedian, limit,
                      mirror ? 0.56 : 0.90, 1.10, QStringLiteral("IOPS")});
            benchRow({QStringLiteral("sweep"), config.name + QStringLiteral(" p50 QD32/QD4"),
                      last.latP50Median / test->depthSweep.at(2).second.latP50Median, 8.0, 0.375, 1.25,
                      QStringLiteral("x")});
            // What CI checks: every depth measured in order, each with its IOPS and a p99 at or above
            // its p50.
            QList<int> depths;
            for (const auto& [depth, point] : test->depthSweep) {
                depths.append(depth);
                QVERIFY2(point.iopsMedian > 0 && point.latP50Median > 0 && point.latP99Median >= point.latP50Median,
                         qPrintable(config.name));
            }
            QCOMPARE(depths, (QList<int> {1, 2, 4, 8, 16, 32}));
            QVERIFY(first.iopsMedian > 0);
            // The 70/30 mix: its bytes split 70/30 within 2 %, reads and writes each timed.
            const TestResult* mixed = config.test(QStringLiteral("rnd4k-qd16-rw"));
            QVERIFY(mixed && !mixed->runs.isEmpty());
            const IoResult& run = mixed->runs.first();
            const double share = double(run.read.bytes) / double(run.bytes);
            qInfo("%-8s randrw 70/30: %.1f %% of bytes read, read p99 %.0f us, write p99 %.0f us",
                  qPrintable(config.name), share * 100, run.read.latency.p99 / 1000.0, run.write.latency.p99 / 1000.0);
            QVERIFY2(std::abs(share - 0.70) <= mixTolerance(0.70, run.read.ios + run.write.ios),
                     qPrintable(QStringLiteral("%1: %2 of %3 requests")
                                    .arg(config.name)
                                    .arg(share)
                                    .arg(run.read.ios + run.write.ios)));
            QVERIFY(run.read.latency.p99 > 0 && run.write.latency.p99 > 0);
        }
        // Repeat until stable: the rule kept on steady runs (two when the host is quiet; four, at a CV of
        // 2.9 %, once on a busy one; six at 31 % once beside another VM) and on runs a writer disturbs
        // (the most allowed and flagged; bursts that happened not to disturb them end early, unflagged).
        // How many runs each took is the host's doing: a benchmark row.
        const auto steady = CampaignResults::load(m_out.filePath(QStringLiteral("steady-results.json")));
        QVERIFY(steady.ok());
        const TestResult& calm = steady->configs.first().tests.first();
        qInfo("steady: %d runs, CV %.2f %%", int(calm.runs.size()), calm.summary.cv * 100);
        const QString calmBroken = stableRuleBroken(calm, 0.03, 2, 6);
        QVERIFY2(calmBroken.isEmpty(), qPrintable(calmBroken));
        benchRow({QStringLiteral("stable"), QStringLiteral("steady runs"), double(calm.runs.size()), 2, 1.0, 2.0,
                  QStringLiteral("runs")});
        const auto noisy = CampaignResults::load(m_out.filePath(QStringLiteral("noisy-results.json")));
        QVERIFY(noisy.ok());
        const TestResult& disturbed = noisy->configs.first().tests.first();
        QStringList iops;
        for (const IoResult& r : disturbed.runs) {
            iops.append(QString::number(r.iops(), 'f', 0));
        }
        qInfo("with a writer in bursts (%s bursts): %d runs (%s IOPS), CV %.1f %%",
              qPrintable(read(QStringLiteral("noisy.bursts")).trimmed()), int(disturbed.runs.size()),
              qPrintable(iops.join(QStringLiteral(", "))), disturbed.summary.cv * 100);
        const QString noisyBroken = stableRuleBroken(disturbed, 0.03, 3, 5);
        QVERIFY2(noisyBroken.isEmpty(), qPrintable(noisyBroken));
        benchRow({QStringLiteral("stable"), QStringLiteral("disturbed runs"), double(disturbed.runs.size()), 5, 1.0,
                  1.0, QStringLiteral("runs")});
        if (disturbed.summary.unstable) {
            QVERIFY(resultsToMarkdown(*noisy).contains(QLatin1String("**unstable**")));
        } else {
            qWarning("the bursts did not disturb the runs enough to test the flag here (tst_measure_root does)");
        }
        // A resyncing array: waited for (the progress says so, the result is not labelled) or labelled.
        const QString waited = read(QStringLiteral("resync-wait.err"));
        QVERIFY2(waited.contains(QLatin1String("waiting for")) && waited.contains(QLatin1String("resync")),
                 qPrintable(waited.right(2000)));
        const auto afterWait = CampaignResults::load(m_out.filePath(QStringLiteral("resync-wait-results.json")));
        QVERIFY(afterWait.ok());
        QVERIFY(!afterWait->configs.first().tests.first().duringResync);
        const auto labelled = CampaignResults::load(m_out.filePath(QStringLiteral("resync-label-results.json")));
        QVERIFY(labelled.ok());
        QVERIFY(labelled->configs.first().tests.first().duringResync);
        QVERIFY(!read(QStringLiteral("resync-label.err")).contains(QLatin1String("waiting for")));
        const QString after = read(QStringLiteral("measure.after"));
        QVERIFY2(!after.contains(QLatin1String(" : active")), qPrintable(after));
        QVERIFY2(after.section(QStringLiteral("--- wipefs"), 1).trimmed().isEmpty(), qPrintable(after));
    }
};

QTEST_GUILESS_MAIN(TestCampaignLab)
#include "tst_campaign_lab.moc"

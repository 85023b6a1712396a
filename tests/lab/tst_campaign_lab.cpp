#include "../common/cli.h"
#include "campaign/campaignresults.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace RaidBench;
using namespace RaidBench::Test;

/// The campaign for real on two fast and two slow disks in the lab: baselines match the throttles,
/// the two slow disks and only they are flagged, the model predicts each layout's sequential write and
/// read within 10 % (a plain mirror's read at least its floor), nothing is left behind, and a cancel
/// keeps what was measured. One boot.
class TestCampaignLab final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_out;

    QString read(const QString& name) const
    {
        QFile file(m_out.filePath(name));
        return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
    }

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
                           QJsonObject {{QStringLiteral("time"), QStringLiteral("1500ms")},
                                        {QStringLiteral("ramp"), QStringLiteral("500ms")}}}};
        if (!tests.isEmpty()) {
            plan.insert(QStringLiteral("tests"), QJsonArray::fromStringList(tests));
        }
        QFile file(m_out.filePath(name));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QJsonDocument(plan).toJson());
    }

private Q_SLOTS:
    void demoCampaignAndCancel()
    {
        QVERIFY(m_out.isValid());
        writePlan(QStringLiteral("plan.json"), QStringLiteral("all"), {});
        writePlan(QStringLiteral("cancel-plan.json"), QJsonArray {QStringLiteral("raid0"), QStringLiteral("raid10")},
                  {QStringLiteral("seq1m-qd8-write"), QStringLiteral("seq1m-qd8-read")});
        const QString script = QStringLiteral(R"SH(
members() { for i in 1 2 3 4; do readlink -f /dev/disk/by-id/scsi-RAIDBNCH_*_RBLAB000$i; done; }
check_clean() {
  { cat /proc/mdstat; echo "--- dm"; ls /dev/mapper | grep -v '^control$'; echo "--- wipefs"; wipefs --noheadings $(members); } > $1
}
start=$(date +%s)
raidbench-cli run plan.json --out results.json --yes > run.out 2> run.err; echo $? > run.rc
echo $(( $(date +%s) - start )) > run.seconds
check_clean run.after
raidbench-cli run cancel-plan.json --out cancel.json --yes > cancel.out 2> cancel.err &
pid=$!
for t in $(seq 900); do
  raidbench-cli report cancel.json --csv 2>/dev/null | grep -q '^raid0,[^,]*,completed' && break
  sleep 0.2
done
sleep 3
kill -INT $pid; wait $pid; echo $? > cancel.rc
check_clean cancel.after
)SH");
        const CliRun run =
            runCli({QStringLiteral("lab"), QStringLiteral("run"), QStringLiteral("--quiet"), QStringLiteral("--disks"),
                    QStringLiteral("2x1G@105,2x1G@38"), QStringLiteral("--out"), m_out.path(), QStringLiteral("--"),
                    QStringLiteral("sh"), QStringLiteral("-c"), script},
                   1200000);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        qInfo("campaign inside the VM took %s s", qPrintable(read(QStringLiteral("run.seconds")).trimmed()));
        QVERIFY2(read(QStringLiteral("run.rc")).trimmed() == QLatin1String("0"),
                 qPrintable(read(QStringLiteral("run.err")).right(3000)));

        const auto results = CampaignResults::load(m_out.filePath(QStringLiteral("results.json")));
        QVERIFY2(results.ok(), qPrintable(results.ok() ? QString() : results.error().message));
        QCOMPARE(results->status, QStringLiteral("completed"));
        QCOMPARE(results->disks.size(), 4);
        for (const DiskResult& disk : results->disks) {
            const double throttle =
                disk.serial.endsWith(QLatin1String("1")) || disk.serial.endsWith(QLatin1String("2")) ? 105e6 : 38e6;
            QVERIFY(disk.writeBw && disk.readBw);
            qInfo("%s baseline: write %.1f MB/s, read %.1f MB/s (throttle %.0f)", qPrintable(disk.serial),
                  *disk.writeBw / 1e6, *disk.readBw / 1e6, throttle / 1e6);
            QVERIFY2(std::abs(*disk.writeBw - throttle) <= 0.07 * throttle, qPrintable(disk.serial));
            QVERIFY2(std::abs(*disk.readBw - throttle) <= 0.07 * throttle, qPrintable(disk.serial));
            // The two 38 MB/s disks, and only they, are slow.
            QCOMPARE(disk.slow, throttle < 50e6);
        }
        QStringList presets;
        for (const ConfigResult& config : results->configs) {
            presets.append(config.name);
            QVERIFY2(config.status == QLatin1String("completed"),
                     qPrintable(config.name + QStringLiteral(": ") + config.error));
            QCOMPARE(config.tests.size(), 5);
            const double measured = config.sequentialWrite().value_or(0);
            const double predicted = config.predictedWrite.value_or(0);
            const double measuredRead = config.sequentialRead().value_or(0);
            const double predictedRead = config.predictedRead.value_or(0);
            qInfo("%-22s write %6.1f MB/s, predicted %6.1f (%.2f); read %6.1f MB/s, predicted %6.1f (%.2f)",
                  qPrintable(config.name), measured / 1e6, predicted / 1e6, predicted > 0 ? measured / predicted : 0.0,
                  measuredRead / 1e6, predictedRead / 1e6, predictedRead > 0 ? measuredRead / predictedRead : 0.0);
            // Parity writes also cost CPU, and the lab's emulated CPU is slow: under a busy host they
            // may fall to 0.80 of the disks' model (docs/analysis.md); everything else within 10 %.
            const bool parity = config.name == QLatin1String("raid5") || config.name == QLatin1String("raid6");
            QVERIFY2(predicted > 0 && measured <= 1.10 * predicted && measured >= (parity ? 0.80 : 0.90) * predicted,
                     qPrintable(config.name));
            QVERIFY(config.measuredOverPredictedRead.has_value());
            if (config.name == QLatin1String("raid1")) {
                // md's choice of mirror for a read stream varies: the model gives the floor.
                QVERIFY2(measuredRead >= 0.90 * predictedRead, qPrintable(config.name));
            } else {
                QVERIFY2(predictedRead > 0 && std::abs(measuredRead - predictedRead) <= 0.10 * predictedRead,
                         qPrintable(config.name));
            }
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
                QVERIFY(use.seconds > 1.0 && use.cpus >= 1);
                for (const auto& [name, share] : use.diskBusy + use.threadCpu) {
                    QVERIFY2(share >= 0 && share <= 1.0, qPrintable(name));
                }
            }
            if (parity && measured < 0.90 * predicted) {
                // Below the disks' model: said in words, whichever resource it was. A slow member busy
                // nearly all the time here means md made it do more than the model counts (reads for
                // a read-modify-write), not that the CPU held it back.
                const ResourceUse& use = *config.sequentialTest(true)->resources;
                QVERIFY2(QStringList({"disks", "md-thread", "cpu", "none"}).contains(use.boundBy) &&
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
        const QString after = read(QStringLiteral("run.after"));
        QVERIFY2(!after.contains(QLatin1String(" : active")), qPrintable(after));
        QVERIFY2(
            after.section(QStringLiteral("--- dm"), 1).section(QStringLiteral("--- wipefs"), 0, 0).trimmed().isEmpty(),
            qPrintable(after));
        QVERIFY2(after.section(QStringLiteral("--- wipefs"), 1).trimmed().isEmpty(), qPrintable(after));

        QCOMPARE(read(QStringLiteral("cancel.rc")).trimmed(), QStringLiteral("130"));
        const auto cancelled = CampaignResults::load(m_out.filePath(QStringLiteral("cancel.json")));
        QVERIFY(cancelled.ok());
        QCOMPARE(cancelled->status, QStringLiteral("cancelled"));
        QCOMPARE(cancelled->configs.at(0).status, QStringLiteral("completed"));
        QVERIFY(cancelled->configs.at(0).sequentialWrite().has_value());
        QCOMPARE(cancelled->configs.at(1).status, QStringLiteral("cancelled"));
        const QString cancelAfter = read(QStringLiteral("cancel.after"));
        QVERIFY2(!cancelAfter.contains(QLatin1String(" : active")), qPrintable(cancelAfter));
        QVERIFY2(cancelAfter.section(QStringLiteral("--- wipefs"), 1).trimmed().isEmpty(), qPrintable(cancelAfter));
    }
};

QTEST_GUILESS_MAIN(TestCampaignLab)
#include "tst_campaign_lab.moc"

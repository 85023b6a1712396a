#include "../common/benchrow.h"
#include "../common/cli.h"
#include "../common/labfiles.h"
#include "fs/filetests.h"
#include "results/campaignresults.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace RaidBench;
using namespace RaidBench::Test;

/// File-system workloads in a campaign, for real: RAID1 and RAID0 on two lab disks, on ext4 and on XFS,
/// with the bonnie-like file test, small files and a user command; nothing mounted or assembled after.
class TestFsLab final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_out;

    QString read(const QString& name) const { return readText(m_out.filePath(name)); }

    static double phaseBw(const ConfigResult& config, const QString& kind, const QString& phase)
    {
        for (const TestResult& test : config.tests) {
            if (testKindName(test.spec.kind) == kind) {
                for (const FilePhase& p : (test.file ? test.file->phases : QList<FilePhase>())) {
                    if (p.name == phase) {
                        return p.bwBytes();
                    }
                }
            }
        }
        return 0;
    }

private Q_SLOTS:
    void fileTestsOnExt4AndXfs()
    {
        QVERIFY(m_out.isValid());
        const QString d1 = QStringLiteral("/dev/disk/by-id/scsi-RAIDBNCH_VDISK_W100_R100_RBLAB0001");
        const QString d2 = QStringLiteral("/dev/disk/by-id/scsi-RAIDBNCH_VDISK_W100_R100_RBLAB0002");
        QJsonArray configs;
        for (const char* fs : {"ext4", "xfs"}) {
            for (const char* level : {"raid1", "raid0"}) {
                configs.append(QJsonObject {
                    {QStringLiteral("name"), QStringLiteral("%1-%2").arg(QLatin1String(level), QLatin1String(fs))},
                    {QStringLiteral("preset"), QLatin1String(level)},
                    {QStringLiteral("filesystem"), QLatin1String(fs)}});
            }
        }
        const QJsonObject plan {
            {QStringLiteral("raidbench_plan"), 1},
            {QStringLiteral("disks"), QJsonArray {d1, d2}},
            {QStringLiteral("baselines"), false},
            {QStringLiteral("configurations"), configs},
            {QStringLiteral("tests"),
             QJsonArray {
                 QJsonObject {{QStringLiteral("kind"), QStringLiteral("file-seq")},
                              {QStringLiteral("size"), QStringLiteral("128M")},
                              {QStringLiteral("direct"), true}},
                 QJsonObject {{QStringLiteral("kind"), QStringLiteral("small-files")},
                              {QStringLiteral("files"), 500},
                              {QStringLiteral("directories"), 4}},
                 QJsonObject {{QStringLiteral("kind"), QStringLiteral("command")},
                              {QStringLiteral("argv"),
                               QJsonArray {QStringLiteral("sh"), QStringLiteral("-c"),
                                           QStringLiteral("dd if=/dev/zero of=f bs=1M count=32 conv=fdatasync")}},
                              {QStringLiteral("repeats"), 2}}}},
            {QStringLiteral("limits"), QJsonObject {{QStringLiteral("time"), QStringLiteral("2s")}}}};
        QVERIFY(writeJson(m_out.filePath(QStringLiteral("plan.json")), plan));
        const QString script = QStringLiteral(R"SH(
raidbench-cli run plan.json --out results.json --yes > run.out 2> run.err; echo $? > run.rc
{ cat /proc/mdstat; echo "--- mounts"; grep -E '/run/raidbench/|/dev/md' /proc/mounts; echo "--- dm"; ls /dev/mapper | grep -v '^control$'; } > after
raidbench-cli report results.json --md > report.md
)SH");
        const CliRun run =
            runCli({QStringLiteral("lab"), QStringLiteral("run"), QStringLiteral("--quiet"), QStringLiteral("--disks"),
                    QStringLiteral("2x1G@100"), QStringLiteral("--out"), m_out.path(), QStringLiteral("--"),
                    QStringLiteral("sh"), QStringLiteral("-c"), script},
                   1200000);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY2(read(QStringLiteral("run.rc")).trimmed() == QLatin1String("0"),
                 qPrintable(read(QStringLiteral("run.err")).right(3000)));
        const auto results = CampaignResults::load(m_out.filePath(QStringLiteral("results.json")));
        QVERIFY(results.ok());
        QCOMPARE(results->configs.size(), 4);
        for (const ConfigResult& config : results->configs) {
            QVERIFY2(config.status == RunState::Completed,
                     qPrintable(config.name + QStringLiteral(": ") + config.error));
            QCOMPARE(config.tests.size(), 3);
            const QString fs = config.name.section(QLatin1Char('-'), 1);
            QCOMPARE(config.filesystem.value(QStringLiteral("type")).toString(), fs);
            QVERIFY(config.filesystem.value(QStringLiteral("mkfs_command"))
                        .toString()
                        .startsWith(QStringLiteral("mkfs.") + fs));
            for (const TestResult& test : config.tests) {
                QVERIFY2(test.status == RunState::Completed,
                         qPrintable(config.name + QStringLiteral(" ") + testKindName(test.spec.kind) +
                                    QStringLiteral(": ") + test.error));
                const FileTestResult outcome = test.file.value_or(FileTestResult {});
                QVERIFY(!outcome.phases.isEmpty());
                for (const FilePhase& phase : outcome.phases) {
                    QVERIFY2(phase.seconds > 0 && phase.ops > 0,
                             qPrintable(config.name + QStringLiteral(" ") + phase.name));
                }
                if (test.spec.kind == TestKind::SmallFiles) {
                    QCOMPARE(outcome.phases.size(), 8);
                    QCOMPARE(outcome.phases.first().ops, 500ull);
                }
                if (test.spec.kind == TestKind::Command) {
                    QCOMPARE(outcome.details.value(QStringLiteral("runs")).toArray().size(), 2);
                    QCOMPARE(outcome.details.value(QStringLiteral("uid")).toInt(), 65534); // never root unasked
                    QVERIFY(outcome.details.value(QStringLiteral("caches_dropped")).toBool());
                }
            }
        }
        for (const char* fs : {"ext4", "xfs"}) {
            const ConfigResult* raid0 = nullptr;
            const ConfigResult* raid1 = nullptr;
            for (const ConfigResult& config : results->configs) {
                if (config.name == QStringLiteral("raid0-%1").arg(QLatin1String(fs))) {
                    raid0 = &config;
                }
                if (config.name == QStringLiteral("raid1-%1").arg(QLatin1String(fs))) {
                    raid1 = &config;
                }
            }
            const double write0 = phaseBw(*raid0, QStringLiteral("file-seq"), QStringLiteral("write"));
            const double write1 = phaseBw(*raid1, QStringLiteral("file-seq"), QStringLiteral("write"));
            qInfo("%s: file-seq write raid0 %.1f MB/s, raid1 %.1f MB/s", fs, write0 / 1e6, write1 / 1e6);
            // The throttles make raid0 about twice raid1; under TCG the guest CPU can cap raid0 well
            // below that on a busy host: a benchmark row, not a CI check.
            QVERIFY2(write0 > 0 && write1 > 0, fs);
            benchRow({QStringLiteral("file systems"),
                      QStringLiteral("%1 file-seq write raid0 / raid1").arg(QLatin1String(fs)), write0 / 1e6,
                      write1 / 1e6, 1.15, 2.2, QStringLiteral("MB/s")});
        }
        const QString after = read(QStringLiteral("after"));
        QVERIFY2(!after.contains(QLatin1String(" : active")), qPrintable(after));
        QVERIFY2(
            after.section(QStringLiteral("--- mounts"), 1).section(QStringLiteral("--- dm"), 0, 0).trimmed().isEmpty(),
            qPrintable(after));
        QVERIFY(read(QStringLiteral("report.md")).contains(QStringLiteral("## File system tests (bonnie-like)")));
    }
};

QTEST_GUILESS_MAIN(TestFsLab)
#include "tst_fs_lab.moc"

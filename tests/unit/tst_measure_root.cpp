#include "../common/cli.h"
#include "../common/loopdevice.h"
#include "../common/stablerule.h"
#include "exports/exports.h"
#include "results/campaignresults.h"
#include "util/statistics.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace RaidBench;
using namespace RaidBench::Test;

/// The measurement options of a campaign, for real on a loop device with `raidbench-cli run` (one
/// configuration, the disk on its own, so no md is needed): a queue-depth sweep, a mixed test kept apart
/// by direction, repeat-until-stable stopping early or flagging, and a sweep cancelled half-way keeping
/// its points. Label `root`. The lab test runs them on md arrays.
class TestMeasureRoot final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<LoopDevice> m_loop;

    QString writePlan(const QString& name, const QJsonArray& tests, const QJsonObject& extra,
                      const QString& time = QStringLiteral("300ms"))
    {
        QJsonObject plan {
            {QStringLiteral("raidbench_plan"), 1},
            {QStringLiteral("disks"), QJsonArray {m_loop->device()}},
            {QStringLiteral("allow_loop"), true},
            {QStringLiteral("baselines"), false},
            {QStringLiteral("configurations"), QJsonArray {QStringLiteral("single")}},
            {QStringLiteral("tests"), tests},
            {QStringLiteral("limits"),
             QJsonObject {{QStringLiteral("time"), time}, {QStringLiteral("ramp"), QStringLiteral("0s")}}}};
        for (auto it = extra.begin(); it != extra.end(); ++it) {
            plan.insert(it.key(), it.value());
        }
        const QString path = m_dir.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly)) {
            return {};
        }
        file.write(QJsonDocument(plan).toJson());
        return path;
    }

    std::optional<CampaignResults> run(const QString& plan, const QString& out)
    {
        const CliRun cli =
            runCli({QStringLiteral("run"), plan, QStringLiteral("--out"), out, QStringLiteral("--yes")}, 120000);
        if (cli.exitCode != 0) {
            qWarning("%s\n%s", qPrintable(cli.out.right(2000)), qPrintable(cli.err.right(2000)));
            return std::nullopt;
        }
        auto results = CampaignResults::load(out);
        if (!results) {
            qWarning("%s", qPrintable(results.error().message));
            return std::nullopt;
        }
        return *results;
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (!LoopDevice::canUse()) {
            QSKIP("needs root and loop devices");
        }
        QVERIFY(m_dir.isValid());
        m_loop = std::make_unique<LoopDevice>(QStringLiteral("/dev/shm"), 128ll << 20);
        QVERIFY(m_loop->ok());
    }
    void cleanupTestCase() { m_loop.reset(); }

    void queueDepthSweepAndMixedTest()
    {
        const QString plan = writePlan(QStringLiteral("sweep.json"),
                                       QJsonArray {QJsonObject {{QStringLiteral("kind"), QStringLiteral("qd-sweep")},
                                                                {QStringLiteral("rw"), QStringLiteral("randread")},
                                                                {QStringLiteral("bs"), QStringLiteral("4k")},
                                                                {QStringLiteral("max_qd"), 16}},
                                                   QJsonObject {{QStringLiteral("rw"), QStringLiteral("randrw")},
                                                                {QStringLiteral("rwmixread"), 70},
                                                                {QStringLiteral("bs"), QStringLiteral("4k")},
                                                                {QStringLiteral("qd"), 8}}},
                                       {});
        const auto results = run(plan, m_dir.filePath(QStringLiteral("sweep-results.json")));
        QVERIFY(results);
        const ConfigResult& config = results->configs.first();
        QCOMPARE(config.status, RunState::Completed);
        const TestResult* sweep = config.test(QStringLiteral("qd-sweep-rnd4k-read"));
        QVERIFY(sweep);
        QCOMPARE(sweep->depthSweep.size(), 5);
        QList<int> depths;
        for (const auto& [depth, point] : sweep->depthSweep) {
            depths.append(depth);
            QCOMPARE(point.runs, 1);
            QVERIFY(point.iopsMedian > 0 && point.bwMedian > 0);
            QVERIFY(point.latP50Median > 0 && point.latP99Median >= point.latP50Median);
        }
        QCOMPARE(depths, (QList<int> {1, 2, 4, 8, 16}));
        QCOMPARE(sweep->runs.size(), 5);
        for (int i = 0; i < sweep->runs.size(); ++i) {
            QCOMPARE(sweep->runs.at(i).job.queueDepth, depths.at(i));
        }

        const TestResult* mixed = config.test(QStringLiteral("rnd4k-qd8-rw"));
        QVERIFY(mixed);
        const IoResult& run = mixed->runs.first();
        QCOMPARE(run.read.bytes + run.write.bytes, run.bytes);
        const double share = double(run.read.bytes) / double(run.bytes);
        QVERIFY2(qAbs(share - 0.70) <= mixTolerance(0.70, run.read.ios + run.write.ios),
                 qPrintable(QStringLiteral("%1 of %2 requests").arg(share).arg(run.read.ios + run.write.ios)));
        QVERIFY(run.read.latency.p99 > 0 && run.write.latency.p99 > 0);
        QCOMPARE(run.latencyTiming, QStringLiteral("per-io"));
    }

    void stableModeStopsEarlyOrFlags()
    {
        const QJsonArray tests {QStringLiteral("rnd4k-qd32-read")};
        // A bound a quiet host meets at once: two runs (the fewest) and done. A stall of the host between
        // two runs can make even these vary more (a CI run took five), so what is checked is the rule:
        // stopped at the first run after which the runs agreed within the bound.
        const QString loose =
            writePlan(QStringLiteral("loose.json"), tests,
                      {{QStringLiteral("stable"),
                        QJsonObject {{QStringLiteral("cv_max"), 0.99}, {QStringLiteral("max_repeats"), 6}}}});
        const auto early = run(loose, m_dir.filePath(QStringLiteral("loose-results.json")));
        QVERIFY(early);
        const TestResult& stable = early->configs.first().tests.first();
        const QString broken = stableRuleBroken(stable, 0.99, 2, 6);
        QVERIFY2(broken.isEmpty(), qPrintable(broken));
        QVERIFY(stable.summary.runs >= 2);
        if (stable.runs.size() > 2) {
            qWarning("the loose bound took %d runs: the host stalled between them", int(stable.runs.size()));
        }
        // A bound no run can meet: every allowed run, then flagged, with the spread it measured.
        const QString tight =
            writePlan(QStringLiteral("tight.json"), tests,
                      {{QStringLiteral("stable"),
                        QJsonObject {{QStringLiteral("cv_max"), 1e-9}, {QStringLiteral("max_repeats"), 4}}}});
        const auto capped = run(tight, m_dir.filePath(QStringLiteral("tight-results.json")));
        QVERIFY(capped);
        const TestResult& unstable = capped->configs.first().tests.first();
        QCOMPARE(unstable.runs.size(), 4);
        const QString brokenTight = stableRuleBroken(unstable, 1e-9, 2, 4);
        QVERIFY2(brokenTight.isEmpty(), qPrintable(brokenTight));
        QVERIFY(unstable.summary.unstable);
        QList<double> bandwidths;
        for (const IoResult& r : unstable.runs) {
            bandwidths.append(r.bandwidth());
        }
        QVERIFY(unstable.summary.cv > 0);
        QVERIFY(qAbs(unstable.summary.cv - coefficientOfVariation(bandwidths)) < 1e-9);
        // The reports say it.
        const QString markdown = resultsToMarkdown(*capped);
        QVERIFY2(markdown.contains(QStringLiteral("unstable")), qPrintable(markdown.left(3000)));
    }

    void cancelledSweepKeepsItsPoints()
    {
        const QString plan =
            writePlan(QStringLiteral("cancel.json"),
                      QJsonArray {QJsonObject {{QStringLiteral("kind"), QStringLiteral("qd-sweep")},
                                               {QStringLiteral("rw"), QStringLiteral("randread")},
                                               {QStringLiteral("depths"), QJsonArray {1, 2, 4, 8, 16, 32}}}},
                      {}, QStringLiteral("1s"));
        const QString out = m_dir.filePath(QStringLiteral("cancel-results.json"));
        QProcess process;
        process.setProcessChannelMode(QProcess::MergedChannels);
        process.start(binary(QStringLiteral("raidbench-cli")),
                      {QStringLiteral("run"), plan, QStringLiteral("--out"), out, QStringLiteral("--yes")});
        QVERIFY(process.waitForStarted());
        // Cancelled once two points of one second each are done, while the third runs (however long
        // the start took on a loaded host).
        QByteArray printed;
        QDeadlineTimer deadline(60000);
        while (!printed.contains("QD 4 (") && !deadline.hasExpired() && process.state() == QProcess::Running) {
            process.waitForReadyRead(200);
            printed += process.readAll();
        }
        QVERIFY2(printed.contains("QD 4 ("), printed.constData());
        ::kill(pid_t(process.processId()), SIGINT);
        QVERIFY(process.waitForFinished(20000));
        QCOMPARE(process.exitCode(), 130);
        auto results = CampaignResults::load(out);
        QVERIFY2(results.ok(), qPrintable(results.ok() ? QString() : results.error().message));
        const TestResult& sweep = results->configs.first().tests.first();
        QCOMPARE(sweep.status, RunState::Cancelled);
        QVERIFY2(sweep.depthSweep.size() >= 2 && sweep.depthSweep.size() < 6,
                 qPrintable(QString::number(sweep.depthSweep.size())));
        for (const auto& [depth, point] : sweep.depthSweep) {
            QCOMPARE(point.runs, 1);
            QVERIFY(point.iopsMedian > 0);
        }
    }
};

QTEST_GUILESS_MAIN(TestMeasureRoot)
#include "tst_measure_root.moc"

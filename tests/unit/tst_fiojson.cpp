#include "engine/ioengine.h"
#include "exports/exports.h"
#include "exports/fiojson.h"
#include "results/campaignresults.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace RaidBench;

/// fio's own tools read our fio exports, and our import reads fio's json and json+. The exports are of
/// real engine runs on a file; the imports are fio 3.33's own output (tests/data/fio, recorded with
/// fio on tmpfs: several jobs, json+, --group_reporting with global options, plain json after a note).
class TestFioJson final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    static QByteArray readAll(const QString& path)
    {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }

    /// One short real run of the engine on a file of its own.
    IoResult run(const QString& name, IoPattern pattern, std::uint32_t bs, int qd, bool dsync = false)
    {
        IoJob job;
        job.target = m_dir.filePath(name);
        job.pattern = pattern;
        job.blockSize = bs;
        job.queueDepth = qd;
        job.dsync = dsync;
        job.readPercent = 70;
        job.timeLimitNs = 250'000'000;
        job.sizeLimit = 0;
        job.length = 16u << 20;
        job.direct = true;
        return IoEngine::run(job);
    }

    static QJsonObject firstJob(const QJsonObject& fio)
    {
        return fio.value(QStringLiteral("jobs")).toArray().first().toObject();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // The files the reads read: written once, whole.
        for (const char* name : {"seqread", "randread", "randrw"}) {
            IoJob fill;
            fill.target = m_dir.filePath(QLatin1String(name));
            fill.pattern = IoPattern::Write;
            fill.sizeLimit = 16u << 20;
            fill.length = 16u << 20;
            QCOMPARE(IoEngine::run(fill).status, IoStatus::Completed);
        }
    }

    void fiosOwnToolReadsEveryExport_data()
    {
        QTest::addColumn<int>("pattern");
        QTest::addColumn<int>("bs");
        QTest::addColumn<int>("qd");
        QTest::addColumn<bool>("dsync");
        QTest::addColumn<int>("runs");
        QTest::newRow("seqread") << int(IoPattern::Read) << (1 << 20) << 8 << false << 1;
        QTest::newRow("seqwrite") << int(IoPattern::Write) << (64 << 10) << 1 << false << 1;
        QTest::newRow("randread") << int(IoPattern::RandRead) << 4096 << 32 << false << 2;
        QTest::newRow("randrw") << int(IoPattern::RandReadWrite) << 4096 << 16 << false << 1;
        QTest::newRow("dsync") << int(IoPattern::Write) << 4096 << 1 << true << 1;
    }
    void fiosOwnToolReadsEveryExport()
    {
        QFETCH(int, pattern);
        QFETCH(int, bs);
        QFETCH(int, qd);
        QFETCH(bool, dsync);
        QFETCH(int, runs);
        const QString tool = QStandardPaths::findExecutable(QStringLiteral("fio_jsonplus_clat2csv"));
        QVERIFY2(!tool.isEmpty(), "fio_jsonplus_clat2csv (from fio) is not installed");
        const QString tag = QLatin1String(QTest::currentDataTag());
        TestResult test;
        test.spec.kind = TestKind::Io;
        test.spec.name = tag;
        test.spec.pattern = IoPattern(pattern);
        test.spec.blockSize = std::uint32_t(bs);
        test.spec.queueDepth = qd;
        for (int i = 0; i < runs; ++i) {
            const IoResult result = run(tag, IoPattern(pattern), std::uint32_t(bs), qd, dsync);
            QCOMPARE(result.status, IoStatus::Completed);
            QVERIFY(result.ios > 0);
            test.runs.append(result);
        }
        test.summary = RunSummary::of(test.runs);
        ConfigResult config;
        config.name = QStringLiteral("raid5");
        config.status = RunState::Completed;
        config.spec = ArraySpec::disk(m_dir.filePath(tag));
        config.tests.append(test);
        CampaignResults results;
        results.created = QStringLiteral("2026-12-04T20:00:00Z");
        results.configs.append(config);
        QTemporaryDir out;
        const auto count = exportFioJson(results, out.path());
        QVERIFY2(count.ok(), qPrintable(count.ok() ? QString() : count.error().message));
        QCOMPARE(*count, 1);
        const QString file = out.filePath(QStringLiteral("raid5-%1.json").arg(test.spec.id()));
        const QJsonObject fio = QJsonDocument::fromJson(readAll(file)).object();
        QVERIFY2(!fio.isEmpty(), qPrintable(file));

        // fio's layout: the keys its tools read first.
        for (const char* key : {"fio version", "timestamp", "timestamp_ms", "time", "jobs"}) {
            QVERIFY2(fio.contains(QLatin1String(key)), key);
        }
        const QJsonArray jobs = fio.value(QStringLiteral("jobs")).toArray();
        QCOMPARE(jobs.size(), runs);
        for (const QJsonValue& value : jobs) {
            const QJsonObject job = value.toObject();
            const QJsonObject options = job.value(QStringLiteral("job options")).toObject();
            for (const char* key : {"rw", "bs", "ioengine", "direct", "size", "runtime", "filename"}) {
                QVERIFY2(options.contains(QLatin1String(key)), key);
            }
            QCOMPARE(options.value(QStringLiteral("rw")).toString(), patternName(IoPattern(pattern)));
            if (options.value(QStringLiteral("ioengine")).toString() == QLatin1String("io_uring")) {
                QCOMPARE(options.value(QStringLiteral("iodepth")).toString(), QString::number(qd));
            }
            if (dsync) {
                QCOMPARE(options.value(QStringLiteral("sync")).toString(), QStringLiteral("dsync"));
            }
            for (const char* key : {"read", "write", "trim", "sync", "iodepth_level", "usr_cpu", "sys_cpu",
                                    "latency_ns", "latency_us", "latency_ms", "job_runtime"}) {
                QVERIFY2(job.contains(QLatin1String(key)), key);
            }
            std::uint64_t ios = 0;
            for (const char* direction : {"read", "write"}) {
                const QJsonObject side = job.value(QLatin1String(direction)).toObject();
                for (const char* key : {"io_bytes", "bw_bytes", "bw", "iops", "runtime", "total_ios", "slat_ns",
                                        "clat_ns", "lat_ns", "bw_min", "bw_max", "bw_mean", "iops_mean"}) {
                    QVERIFY2(side.contains(QLatin1String(key)), key);
                }
                const QJsonObject clat = side.value(QStringLiteral("clat_ns")).toObject();
                const auto total = std::uint64_t(side.value(QStringLiteral("total_ios")).toDouble());
                ios += total;
                if (total == 0) {
                    continue;
                }
                // json+: the histogram's counts add up to every I/O; fio's percentiles are there.
                std::uint64_t binned = 0;
                for (const QJsonValue count : clat.value(QStringLiteral("bins")).toObject()) {
                    binned += std::uint64_t(count.toDouble());
                }
                QCOMPARE(binned, total);
                QCOMPARE(std::uint64_t(clat.value(QStringLiteral("N")).toDouble()), total);
                const QJsonObject percentiles = clat.value(QStringLiteral("percentile")).toObject();
                QVERIFY(percentiles.contains(QStringLiteral("50.000000")));
                QVERIFY(percentiles.contains(QStringLiteral("99.990000")));
                QVERIFY(percentiles.value(QStringLiteral("50.000000")).toDouble() <=
                        percentiles.value(QStringLiteral("99.000000")).toDouble());
            }
            double share = 0;
            for (const QJsonValue level : job.value(QStringLiteral("iodepth_level")).toObject()) {
                share += level.toDouble();
            }
            QCOMPARE(share, 100.0);
            QVERIFY(ios > 0);
            QCOMPARE(job.value(QStringLiteral("read")).toObject().value(QStringLiteral("total_ios")).toDouble() > 0,
                     patternReads(IoPattern(pattern)));
        }

        // fio's own tool: the CSV, then its check that the CSV holds every bin of the JSON.
        QProcess convert;
        convert.setProcessChannelMode(QProcess::MergedChannels);
        const QString stub = out.filePath(QStringLiteral("clat.csv"));
        // Debian's python3, which the tool is packaged for (a python3 of one's own may lack its `six`).
        convert.start(QStringLiteral("/usr/bin/python3"), {tool, file, stub});
        QVERIFY(convert.waitForFinished(60000));
        QVERIFY2(convert.exitStatus() == QProcess::NormalExit && convert.exitCode() == 0,
                 convert.readAll().constData());
        const QString csv = QString::fromUtf8(readAll(out.filePath(QStringLiteral("clat_job0.csv"))));
        QVERIFY2(csv.startsWith(QLatin1String("nsec, read_slat_ns_count")), qPrintable(csv.left(200)));
        QVERIFY(csv.count(QLatin1Char('\n')) > 2);
        QProcess validate;
        validate.setProcessChannelMode(QProcess::MergedChannels);
        validate.start(QStringLiteral("/usr/bin/python3"), {tool, QStringLiteral("--validate"), file, stub});
        QVERIFY(validate.waitForFinished(60000));
        const QByteArray said = validate.readAll();
        QVERIFY2(validate.exitCode() == 0 && said.contains("validated"), said.constData());
    }

    void importsFiosOwnOutput_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<QList<int>>("blockSizes");
        // fio --name=mixed --rw=randrw --rwmixread=70 --bs=4k --iodepth=4 --name=seqwrite --rw=write --bs=64k
        QTest::newRow("two jobs, json+") << QStringLiteral("two-jobs.json+")
                                         << QStringList {QStringLiteral("fio mixed write"),
                                                         QStringLiteral("fio mixed read"),
                                                         QStringLiteral("fio seqwrite write")}
                                         << QList<int> {4096, 4096, 65536};
        // A job file: bs and rw in [global], numjobs=2, --group_reporting: one job for the group.
        QTest::newRow("group reporting") << QStringLiteral("group-reporting.json+")
                                         << QStringList {QStringLiteral("fio r read (2 jobs)")} << QList<int> {4096};
        // Plain json, after the note fio prints first.
        QTest::newRow("json after a note") << QStringLiteral("one-job.json")
                                           << QStringList {QStringLiteral("fio seqread read")} << QList<int> {1 << 20};
    }
    void importsFiosOwnOutput()
    {
        QFETCH(QString, file);
        QFETCH(QStringList, names);
        QFETCH(QList<int>, blockSizes);
        const QByteArray json = readAll(QStringLiteral(RAIDBENCH_TEST_DATA "/fio/") + file);
        QVERIFY(!json.isEmpty());
        CampaignResults results;
        const auto imported = importFioJson(results, json, QStringLiteral("fio: ") + file);
        QVERIFY2(imported.ok(), qPrintable(imported.ok() ? QString() : imported.error().message));
        QCOMPARE(results.configs.size(), 1);
        const QList<TestResult>& tests = results.configs.first().tests;
        QStringList got;
        for (const TestResult& test : tests) {
            got.append(test.spec.name);
            QCOMPARE(test.source, QStringLiteral("fio"));
            QVERIFY(test.summary.bwMedian > 0);
            QVERIFY2(test.summary.latP50Median > 0, qPrintable(test.spec.name));
            QVERIFY(test.summary.latP99Median >= test.summary.latP50Median);
        }
        QCOMPARE(got, names);
        for (qsizetype i = 0; i < tests.size(); ++i) {
            QCOMPARE(int(tests.at(i).spec.blockSize), blockSizes.at(i));
        }
        // fio's figures as fio gave them.
        const QJsonObject fio = QJsonDocument::fromJson(json.mid(json.indexOf('{'))).object();
        const QJsonObject first = firstJob(fio);
        const bool writes =
            first.value(QStringLiteral("write")).toObject().value(QStringLiteral("bw_bytes")).toDouble() > 0;
        QCOMPARE(tests.first().summary.bwMedian,
                 first.value(writes ? QStringLiteral("write") : QStringLiteral("read"))
                     .toObject()
                     .value(QStringLiteral("bw_bytes"))
                     .toDouble());
    }

    void refusesWhatIsNotFiosOutput()
    {
        CampaignResults results;
        QVERIFY(!importFioJson(results, "not json", QStringLiteral("x")).ok());
        QVERIFY(!importFioJson(results, R"({"fio version": "fio-3.33", "jobs": []})", QStringLiteral("x")).ok());
        QVERIFY(results.configs.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestFioJson)
#include "tst_fiojson.moc"

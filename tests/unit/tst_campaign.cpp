#include "../common/cli.h"
#include "../common/resultsfixture.h"
#include "answer/compare.h"
#include "answer/quickanswer.h"
#include "answer/quickanswerflow.h"
#include "campaign/progresscount.h"
#include "engine/ioengine.h"
#include "engine/referencecommands.h"
#include "exports/exports.h"
#include "layout/presets.h"
#include "model/analysis.h"
#include "model/throughputmodel.h"
#include "plan/campaignplan.h"
#include "results/campaignresults.h"
#include "results/resultsfolder.h"
#include "util/atomicfile.h"
#include "util/statistics.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <sys/wait.h>
#include <unistd.h>

using namespace RaidBench;
using RaidBench::Test::CliRun;
using RaidBench::Test::runCli;

/// Plans, the throughput model, the relative table, slow disks, exports and the atomic results file.
class TestCampaign final : public QObject
{
    Q_OBJECT

private:
    /// RFC 4180 fields: commas inside double quotes, "" for a quote.
    static QStringList csvFields(const QString& line)
    {
        QStringList fields;
        QString field;
        bool quoted = false;
        for (qsizetype i = 0; i < line.size(); ++i) {
            const QChar c = line.at(i);
            if (quoted && c == QLatin1Char('"') && i + 1 < line.size() && line.at(i + 1) == QLatin1Char('"')) {
                field += c;
                ++i;
            } else if (c == QLatin1Char('"')) {
                quoted = !quoted;
            } else if (c == QLatin1Char(',') && !quoted) {
                fields.append(field);
                field.clear();
            } else {
                field += c;
            }
        }
        fields.append(field);
        return fields;
    }

    static QJsonObject planJson(const QString& extra = QString())
    {
        return QJsonDocument::fromJson(
                   QStringLiteral("{\"raidbench_plan\":1,\"disks\":[\"/dev/sdb\",\"/dev/sdc\",\"/dev/sdd\"]%1}")
                       .arg(extra)
                       .toUtf8())
            .object();
    }

    /// Results whose disks /dev/sd<letter> were measured at what `baseline` gives them.
    template <typename Baseline>
    static CampaignResults disksMeasured(const QString& letters, const Baseline& baseline)
    {
        CampaignResults results;
        for (const QChar letter : letters) {
            DiskResult disk;
            disk.path = QStringLiteral("/dev/sd") + letter;
            disk.writeBw = baseline(disk.path)->first;
            disk.readBw = baseline(disk.path)->second;
            results.disks.append(disk);
        }
        return results;
    }

    static IoResult run(double mbps, IoPattern pattern = IoPattern::Write)
    {
        IoResult result;
        result.job.pattern = pattern;
        result.job.blockSize = 1 << 20;
        result.status = IoStatus::Completed;
        result.elapsedNs = 1'000'000'000;
        result.bytes = std::uint64_t(mbps * 1e6);
        (patternWrites(pattern) ? result.bytesWritten : result.bytesRead) = result.bytes;
        result.ios = result.bytes / (1 << 20);
        result.latency.p50 = 8'000'000;
        result.latency.p99 = 20'000'000;
        result.fioCommand = QStringLiteral("fio --name=raidbench");
        return result;
    }

    /// A configuration whose SEQ1M QD8 write went at `mbps`, with md's threads and the machine's CPU as
    /// measured over its 2 s.
    static ConfigResult parityWrite(const QString& name, const ArraySpec& spec, double mbps,
                                    const QList<std::pair<QString, double>>& threads, double cpuBusy)
    {
        ConfigResult config;
        config.name = name;
        config.spec = spec;
        config.status = RunState::Completed;
        TestResult write;
        write.spec = *TestSpec::standard(QStringLiteral("seq1m-qd8-write"));
        write.runs = {run(mbps)};
        write.summary = RunSummary::of(write.runs);
        ResourceUse use;
        use.seconds = 2;
        use.threadCpu = threads;
        use.cpuBusy = cpuBusy;
        use.cpus = 2;
        write.resources = use;
        config.tests = {write};
        return config;
    }

    /// Seed 002's pool: two disks at 105 MB/s, two at 38.
    static CampaignResults seed002()
    {
        CampaignResults results;
        const double speeds[] = {105, 105, 38, 38};
        for (int i = 0; i < 4; ++i) {
            DiskResult disk;
            disk.path = QStringLiteral("/dev/sd%1").arg(QChar('a' + i));
            disk.name = disk.path.mid(5);
            disk.model = i < 2 ? QStringLiteral("ST3500320AS") : QStringLiteral("HDP725050GLA360");
            disk.sizeBytes = 500'000'000'000ull;
            disk.controller = QStringLiteral("0000:00:1f.2");
            disk.writeBw = speeds[i] * 1e6;
            disk.readBw = speeds[i] * 1e6;
            results.disks.append(disk);
        }
        QList<PresetDisk> disks;
        for (const DiskResult& disk : results.disks) {
            disks.append({disk.path, disk.sizeBytes, disk.controller, disk.model});
        }
        for (const char* preset : {"raid0", "raid5", "raid10"}) {
            ConfigResult config;
            config.name = QLatin1String(preset);
            config.preset = config.name;
            config.spec = *makePreset(config.name, disks);
            config.status = RunState::Completed;
            TestResult write;
            write.spec = *TestSpec::standard(QStringLiteral("seq1m-qd8-write"));
            write.runs = {run(150), run(140), run(160)};
            write.summary = RunSummary::of(write.runs);
            TestResult read;
            read.spec = *TestSpec::standard(QStringLiteral("seq1m-qd8-read"));
            read.runs = {run(200, IoPattern::Read)};
            read.summary = RunSummary::of(read.runs);
            config.tests = {write, read};
            results.configs.append(config);
        }
        analyzeResults(results);
        return results;
    }

private Q_SLOTS:
    void resultsFolderNamesAndLists()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QDateTime when(QDate(2026, 11, 30), QTime(21, 5, 7));
        // Names sort by date and carry nothing a shell or file manager trips on.
        QCOMPARE(ResultsFolder::fileName(when, QStringLiteral("nas01"), QStringLiteral("raid0-raid5")),
                 QStringLiteral("2026-11-30_210507_nas01_raid0-raid5.json"));
        QCOMPARE(ResultsFolder::fileName(when, QStringLiteral("(none)"), QStringLiteral("../../etc/x y")),
                 QStringLiteral("2026-11-30_210507_none_etc-x-y.json"));
        QCOMPARE(ResultsFolder::fileName(when, QString(), QString()),
                 QStringLiteral("2026-11-30_210507_host_plan.json"));
        // Made on demand, private, and never the same path twice.
        const QString folder = dir.filePath(QStringLiteral("a/b/results"));
        auto first = ResultsFolder::create(folder, when, QStringLiteral("h"), QStringLiteral("p"));
        auto second = ResultsFolder::create(folder, when, QStringLiteral("h"), QStringLiteral("p"));
        QVERIFY(first.ok() && second.ok());
        QCOMPARE(QFileInfo(*first).fileName(), QStringLiteral("2026-11-30_210507_h_p.json"));
        QCOMPARE(QFileInfo(*second).fileName(), QStringLiteral("2026-11-30_210507_h_p-2.json"));
        QCOMPARE(QFileInfo(folder).permissions() & (QFile::ReadOther | QFile::WriteOther | QFile::ExeOther),
                 QFile::Permissions());
        // A folder that cannot be made: an error that says where.
        QFile blocker(dir.filePath(QStringLiteral("file")));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        auto refused = ResultsFolder::create(blocker.fileName() + QStringLiteral("/results"), when, {}, {});
        QVERIFY(!refused.ok());
        QVERIFY(refused.error().message.contains(blocker.fileName()));
        // Listed newest first; an empty placeholder and a corrupt file are listed as unreadable.
        QVERIFY(seed002().save(*first).ok());
        QFile corrupt(folder + QStringLiteral("/corrupt.json"));
        QVERIFY(corrupt.open(QIODevice::WriteOnly));
        corrupt.write("{\"configs\": [");
        corrupt.close();
        const auto entries = ResultsFolder::list(folder);
        QCOMPARE(entries.size(), 3);
        int readable = 0;
        for (const ResultsFolder::Entry& entry : entries) {
            if (entry.readable) {
                ++readable;
                QCOMPARE(entry.path, *first);
                QCOMPARE(entry.configurations, 3);
            } else {
                QVERIFY(!entry.error.isEmpty());
            }
        }
        QCOMPARE(readable, 1);
        QVERIFY(ResultsFolder::list(dir.filePath(QStringLiteral("missing"))).isEmpty());
    }

    void smallFilesTestByItsNewAndOldName()
    {
        const auto current = TestSpec::standard(QStringLiteral("small-files-100k"));
        const auto saved = TestSpec::standard(QStringLiteral("small-files-seed001")); // plans saved before
        QVERIFY(current.ok() && saved.ok());
        QCOMPARE(current->file.files, 100000);
        QCOMPARE(current->file.smallFileSize, std::uint64_t(1024));
        QCOMPARE(saved->toJson(), current->toJson());
        QVERIFY(!current->name.contains(QLatin1String("seed")));
    }

    void planDefaults()
    {
        const auto plan = CampaignPlan::fromJson(planJson());
        QVERIFY2(plan.ok(), qPrintable(plan.ok() ? QString() : plan.error().message));
        QVERIFY(plan->allConfigurations);
        QVERIFY(plan->baselines);
        QCOMPARE(plan->repeats, 1);
        QStringList ids;
        for (const TestSpec& test : plan->tests) {
            ids.append(test.id());
        }
        QCOMPARE(ids,
                 (QStringList {"seq1m-qd8-write", "seq1m-qd8-read", "rnd4k-qd32-write", "rnd4k-qd32-read",
                               "seq1m-qd1-write"}));
        QCOMPARE(plan->tests.at(2).queueDepth, 32);
        QCOMPARE(plan->tests.at(2).blockSize, 4096u);
        QCOMPARE(plan->tests.at(4).name, QStringLiteral("dd bs=1M write (SEQ1M QD1)"));
    }

    void progressCountIsTheRunnersUnits()
    {
        // Three disks, the default tests (5, each run at least twice to check they agree), all
        // layouts: 2 units a disk, 2 per group measured together, the access patterns (two strided
        // reads and four random runs a disk, two random runs of every disk at once), each
        // configuration's runs.
        const auto plan =
            CampaignPlan::fromJson(planJson(QStringLiteral(",\"limits\":{\"time\":\"2s\",\"ramp\":\"1s\"}")));
        QVERIFY2(plan.ok(), qPrintable(plan.ok() ? QString() : plan.error().message));
        const int perConfig = plan->unitsPerConfiguration();
        QVERIFY(perConfig >= 5);
        const ProgressCount count = ProgressCount::forPlan(*plan, -1, 3, 4);
        QVERIFY(count.hasDisksRow());
        const int disks = 3 * 2 + 2 * 3 + (3 * 6 + 2);
        QCOMPARE(count.disksUnits(), disks);
        QCOMPARE(count.rowUnits(), (QList<int> {disks, perConfig, perConfig, perConfig, perConfig}));
        QCOMPARE(count.total(), disks + 4 * perConfig);
        QCOMPARE(count.unitSeconds(), 3.0);
        // Rows fill in order: the disks' row first, then each configuration's.
        QCOMPARE(count.rowFraction(0, disks / 2.0), 0.5);
        QCOMPARE(count.rowFraction(1, disks / 2.0), 0.0);
        QCOMPARE(count.rowFraction(1, disks + perConfig / 2.0), 0.5);
        QCOMPARE(count.rowFraction(0, 1000), 1.0);
        QCOMPARE(count.rowFraction(9, 10), 0.0);
        // Time left: units at their planned time, 10 s a configuration until one has shown its own.
        // The access patterns' strided runs take 2 s and a ramp of at most 0.5 s (half a second less
        // each), the random ones 1 s and 0.25 s (1.75 s less).
        const double patternsShorter = 3 * 2 * 0.5 + (3 * 4 + 2) * 1.75;
        QCOMPARE(count.remainingSeconds(0, 0, 0), count.total() * 3.0 - patternsShorter + 4 * 10);
        const double done = disks + perConfig;
        // One configuration done after its units' time plus 30 s: 30 s each for the three left.
        QCOMPARE(count.plannedSeconds(done), done * 3.0 - patternsShorter);
        QCOMPARE(count.remainingSeconds(done, 1, done * 3.0 - patternsShorter + 30),
                 (count.total() - done) * 3.0 + 3 * 30);
        // Without baselines or surface scans there is no disks' row; no together without baselines.
        const auto bare = CampaignPlan::fromJson(planJson(QStringLiteral(",\"baselines\":false")));
        QVERIFY(bare.ok());
        const ProgressCount none = ProgressCount::forPlan(*bare, -1, 3);
        QVERIFY(!none.hasDisksRow());
        QCOMPARE(none.total(), int(bare->configurations.size()) * bare->unitsPerConfiguration());
    }

    void planFull()
    {
        const auto plan = CampaignPlan::fromJson(planJson(QStringLiteral(
            ",\"configurations\":[\"raid5\",{\"name\":\"mirror\",\"spec\":{\"level\":\"raid1\",\"children\":["
            "{\"level\":\"disk\",\"device\":\"/dev/sdb\"},{\"level\":\"disk\",\"device\":\"/dev/sdc\"}]}}],"
            "\"tests\":[\"seq1m-qd8-write\",\"bs-sweep-read\",{\"name\":\"mixed\",\"rw\":\"randrw\",\"bs\":\"8k\","
            "\"qd\":16,\"rwmixread\":70}],"
            "\"repeats\":5,\"limits\":{\"size\":\"2G\",\"time\":\"20s\",\"ramp\":\"2s\"}")));
        QVERIFY2(plan.ok(), qPrintable(plan.ok() ? QString() : plan.error().message));
        QCOMPARE(plan->configurations.size(), 2);
        QCOMPARE(plan->configurations.at(1).spec.describe(), QStringLiteral("raid1(2)"));
        QCOMPARE(plan->tests.at(1).kind, TestKind::Sweep);
        QCOMPARE(plan->tests.at(1).sweepSizes.size(), 6);
        QCOMPARE(plan->tests.at(2).readPercent, 70);
        QCOMPARE(plan->repeats, 5);
        QCOMPARE(plan->sizeLimit, 2ull << 30);
        QCOMPARE(plan->timeLimitNs, 20'000'000'000ull);
        // Round trip through JSON.
        const auto again = CampaignPlan::fromJson(plan->toJson());
        QVERIFY(again.ok());
        QCOMPARE(again->toJson(), plan->toJson());
    }

    void planMeasurementOptions()
    {
        const auto plan = CampaignPlan::fromJson(planJson(QStringLiteral(
            ",\"tests\":[\"qd-sweep-rnd4k-read\",{\"kind\":\"qd-sweep\",\"rw\":\"randwrite\",\"bs\":\"8k\","
            "\"max_qd\":24},{\"kind\":\"qd-sweep\",\"rw\":\"randrw\",\"rwmixread\":70,\"depths\":[8,1,2]}],"
            "\"repeats\":2,\"stable\":{\"cv_max\":0.05,\"max_repeats\":6},\"resync\":\"label\"")));
        QVERIFY2(plan.ok(), qPrintable(plan.ok() ? QString() : plan.error().message));
        QCOMPARE(plan->tests.at(0).id(), QStringLiteral("qd-sweep-rnd4k-read"));
        QCOMPARE(plan->tests.at(0).sweepDepths, (QList<int> {1, 2, 4, 8, 16, 32, 64}));
        QCOMPARE(plan->tests.at(1).sweepDepths, (QList<int> {1, 2, 4, 8, 16, 24}));
        QCOMPARE(plan->tests.at(1).id(), QStringLiteral("qd-sweep-rnd8k-write"));
        QCOMPARE(plan->tests.at(2).sweepDepths, (QList<int> {1, 2, 8}));
        QCOMPARE(plan->tests.at(2).readPercent, 70);
        QVERIFY(plan->tests.at(2).isSweep() && !plan->tests.at(2).isFileTest());
        QVERIFY(plan->stable.enabled());
        QCOMPARE(plan->stable.cvMax, 0.05);
        QCOMPARE(plan->maxRuns(), 6);
        QCOMPARE(plan->minRuns(), 2); // the plan's two repeats before the spread is judged
        QCOMPARE(plan->resync, ResyncPolicy::Label);
        // Progress counts each point's fewest runs: 7 + 6 + 3 points, 2 runs each.
        QCOMPARE(plan->unitsPerConfiguration(), (7 + 6 + 3) * 2);
        const auto again = CampaignPlan::fromJson(plan->toJson());
        QVERIFY(again.ok());
        QCOMPARE(again->toJson(), plan->toJson());
        // Without "stable", a test runs exactly `repeats` times and the plan waits for resyncs.
        const auto plain = CampaignPlan::fromJson(planJson(QStringLiteral(",\"repeats\":2")));
        QVERIFY(plain.ok());
        QVERIFY(!plain->stable.enabled());
        QCOMPARE(plain->minRuns(), 2);
        QCOMPARE(plain->maxRuns(), 2);
        QCOMPARE(plain->resync, ResyncPolicy::Wait);
    }

    void coefficientOfVariationAndStableSummaries()
    {
        QCOMPARE(coefficientOfVariation({}), 0.0);
        QCOMPARE(coefficientOfVariation({5}), 0.0);
        QCOMPARE(coefficientOfVariation({4, 4, 4}), 0.0);
        // mean 10, sample standard deviation sqrt(((-2)^2 + 0 + 2^2) / 2) = 2: cv 0.2
        QVERIFY(qAbs(coefficientOfVariation({8, 10, 12}) - 0.2) < 1e-12);
        QList<IoResult> runs;
        for (double bw : {100e6, 110e6, 90e6}) {
            IoResult run;
            run.elapsedNs = 1'000'000'000;
            run.bytes = std::uint64_t(bw);
            runs.append(run);
        }
        RunSummary summary = RunSummary::of(runs);
        QVERIFY(qAbs(summary.cv - 0.1) < 1e-9);
        summary.unstable = true;
        const RunSummary back = RunSummary::fromJson(summary.toJson());
        QCOMPARE(back.cv, summary.cv);
        QVERIFY(back.unstable);
    }

    void planWriteCacheAndFlushBoundTests()
    {
        const auto plan = CampaignPlan::fromJson(planJson(QStringLiteral(
            ",\"configurations\":[\"raid5\",{\"name\":\"fast\",\"preset\":\"raid0\",\"write_cache\":\"on\"}],"
            "\"write_cache\":\"both\",\"tests\":[\"seq1m-qd1-write-dsync\",\"rnd4k-qd1-write-dsync\","
            "{\"rw\":\"randwrite\",\"bs\":\"16k\",\"qd\":4,\"sync\":\"dsync\"},{\"rw\":\"write\",\"sync\":\"none\"}"
            "]")));
        QVERIFY2(plan.ok(), qPrintable(plan.ok() ? QString() : plan.error().message));
        QCOMPARE(plan->writeCache, WriteCacheMode::Both);
        QVERIFY(!plan->configurations.at(0).writeCache);
        QCOMPARE(plan->configurations.at(1).writeCache, std::optional<WriteCacheMode>(WriteCacheMode::On));
        QCOMPARE(plan->tests.at(0).id(), QStringLiteral("seq1m-qd1-write-dsync"));
        QCOMPARE(plan->tests.at(1).id(), QStringLiteral("rnd4k-qd1-write-dsync"));
        QCOMPARE(plan->tests.at(0).name, QStringLiteral("SEQ1M QD1 write, each write flushed"));
        QVERIFY(plan->tests.at(0).dsync && plan->tests.at(1).dsync && plan->tests.at(2).dsync);
        QCOMPARE(plan->tests.at(2).id(), QStringLiteral("rnd16k-qd4-write-dsync"));
        QVERIFY(!plan->tests.at(3).dsync);
        QCOMPARE(plan->tests.at(3).id(), QStringLiteral("seq1m-qd1-write"));
        const auto again = CampaignPlan::fromJson(plan->toJson());
        QVERIFY(again.ok());
        QCOMPARE(again->toJson(), plan->toJson());
        QCOMPARE(plan->toJson().value(QStringLiteral("write_cache")).toString(), QStringLiteral("both"));
        // The default is as the disks have it, and it is not written out.
        const auto plain = CampaignPlan::fromJson(planJson());
        QVERIFY(plain.ok());
        QCOMPARE(plain->writeCache, WriteCacheMode::AsIs);
        QVERIFY(!plain->toJson().contains(QStringLiteral("write_cache")));
        // The engine job of a flush-bound test opens the device with O_DSYNC; fio and dd say so too.
        IoJob job;
        job.target = QStringLiteral("/dev/sdb");
        job.pattern = IoPattern::Write;
        job.dsync = true;
        QVERIFY(ReferenceCommands::fio(job, 1u << 30, false, false).contains(QStringLiteral("--sync=dsync")));
        QVERIFY(ReferenceCommands::dd(job, 1u << 30).contains(QStringLiteral("oflag=direct,dsync")));
        const auto decoded = IoJob::fromJson(job.toJson());
        QVERIFY(decoded.ok() && decoded->dsync);
    }

    void documentedExamplePlansParse()
    {
        const QDir examples(QStringLiteral(QT_TESTCASE_SOURCEDIR "/../../docs/examples"));
        const QStringList plans = examples.entryList({QStringLiteral("*.json")}, QDir::Files);
        QVERIFY(plans.contains(QStringLiteral("write-cache-both.json")));
        for (const QString& name : plans) {
            const auto plan = CampaignPlan::load(examples.filePath(name));
            QVERIFY2(plan.ok(),
                     qPrintable(name + QStringLiteral(": ") + (plan.ok() ? QString() : plan.error().message)));
        }
    }

    void planErrors_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("write_cache unknown")
            << "{\"raidbench_plan\":1,\"disks\":[\"/dev/sdb\"],\"write_cache\":\"fast\"}"
            << "write_cache 'fast'";
        QTest::newRow("write_cache not text") << "{\"raidbench_plan\":1,\"disks\":[\"/dev/sdb\"],\"write_cache\":true}"
                                              << "\"both\"";
        QTest::newRow("write_cache of a configuration")
            << "{\"raidbench_plan\":1,\"disks\":[\"/dev/sdb\"],\"configurations\":[{\"name\":\"x\",\"preset\":"
               "\"single\",\"write_cache\":\"maybe\"}]}"
            << "configuration 'x'";
        QTest::newRow("together not a yes or no")
            << "{\"raidbench_plan\":1,\"disks\":[\"/dev/sdb\"],\"together\":\"yes\"}"
            << "\"together\" must be true or false";
        QTest::newRow("baselines_settle not a yes or no")
            << "{\"raidbench_plan\":1,\"disks\":[\"/dev/sdb\"],\"baselines_settle\":1}"
            << "\"baselines_settle\" must be true or false";
        QTest::newRow("dsync on a read test")
            << "{\"raidbench_plan\":1,\"disks\":[\"/dev/sdb\"],\"tests\":[{\"rw\":\"randread\",\"sync\":\"dsync\"}]}"
            << "only to tests that write";
        QTest::newRow("sync unknown")
            << "{\"raidbench_plan\":1,\"disks\":[\"/dev/sdb\"],\"tests\":[{\"rw\":\"write\",\"sync\":\"fsync\"}]}"
            << "sync 'fsync'";
        QTest::newRow("not a plan") << "{\"disks\":[\"/dev/sdb\"]}"
                                    << "raidbench_plan";
        QTest::newRow("future") << "{\"raidbench_plan\":9,\"disks\":[\"/dev/sdb\"]}"
                                << "version 9";
        QTest::newRow("unknown field") << "{\"raidbench_plan\":1,\"disks\":[\"/dev/sdb\"],\"turbo\":true}"
                                       << "turbo";
        QTest::newRow("no disks") << "{\"raidbench_plan\":1,\"disks\":[]}"
                                  << "no disks";
        QTest::newRow("not a device") << "{\"raidbench_plan\":1,\"disks\":[\"/etc/passwd\"]}"
                                      << "/etc/passwd";
        QTest::newRow("disk twice") << "{\"raidbench_plan\":1,\"disks\":[\"/dev/sdb\",\"/dev/sdb\"]}"
                                    << "twice";
        QTest::newRow("unknown preset")
            << "{\"raidbench_plan\":1,\"disks\":[\"/dev/sdb\"],\"configurations\":[\"raid7\"]}"
            << "raid7";
        QTest::newRow("bad test") << "{\"raidbench_plan\":1,\"disks\":[\"/dev/sdb\"],\"tests\":[\"fastest\"]}"
                                  << "fastest";
        QTest::newRow("bad block size")
            << "{\"raidbench_plan\":1,\"disks\":[\"/dev/sdb\"],\"tests\":[{\"rw\":\"read\",\"bs\":\"1000\"}]}"
            << "1000";
        QTest::newRow("repeats") << "{\"raidbench_plan\":1,\"disks\":[\"/dev/sdb\"],\"repeats\":0}"
                                 << "repeats";
        QTest::newRow("no limits") << "{\"raidbench_plan\":1,\"disks\":[\"/dev/sdb\"],\"limits\":{\"time\":\"0s\"}}"
                                   << "limit";
        QTest::newRow("bad spec") << "{\"raidbench_plan\":1,\"disks\":[\"/dev/"
                                     "sdb\"],\"configurations\":[{\"name\":\"x\",\"spec\":{\"level\":\"raid9\"}}]}"
                                  << "raid9";
        const QString head = QStringLiteral("{\"raidbench_plan\":1,\"disks\":[\"/dev/sdb\"],");
        QTest::newRow("qd 0") << head + "\"tests\":[{\"rw\":\"read\",\"qd\":0}]}"
                              << "queue depth 0";
        QTest::newRow("qd 257") << head + "\"tests\":[{\"rw\":\"read\",\"qd\":257}]}"
                                << "queue depth 257";
        QTest::newRow("qd fraction") << head + "\"tests\":[{\"rw\":\"read\",\"qd\":1.5}]}"
                                     << "queue depth 1.5";
        QTest::newRow("sweep qd 0") << head +
                "\"tests\":[{\"kind\":\"qd-sweep\",\"rw\":\"randread\",\"depths\":[1,0]}]}"
                                    << "queue depth 0";
        QTest::newRow("sweep max_qd 300")
            << head + "\"tests\":[{\"kind\":\"qd-sweep\",\"rw\":\"randread\",\"max_qd\":300}]}"
            << "queue depth 300";
        QTest::newRow("sweep no points") << head +
                "\"tests\":[{\"kind\":\"qd-sweep\",\"rw\":\"randread\",\"depths\":[]}]}"
                                         << "no points";
        QTest::newRow("sweep neither") << head + "\"tests\":[{\"kind\":\"qd-sweep\",\"rw\":\"randread\"}]}"
                                       << "max_qd";
        QTest::newRow("sweep twice") << head +
                "\"tests\":[{\"kind\":\"qd-sweep\",\"rw\":\"randread\",\"depths\":[4,4]}]}"
                                     << "twice";
        QTest::newRow("bs sweep no points")
            << head + "\"tests\":[{\"kind\":\"sweep\",\"rw\":\"read\",\"block_sizes\":[]}]}"
            << "no points";
        QTest::newRow("depths on io") << head + "\"tests\":[{\"rw\":\"read\",\"depths\":[1,2]}]}"
                                      << "qd-sweep";
        QTest::newRow("mix 101") << head + "\"tests\":[{\"rw\":\"randrw\",\"rwmixread\":101}]}"
                                 << "rwmixread 101";
        QTest::newRow("mix -1") << head + "\"tests\":[{\"rw\":\"randrw\",\"rwmixread\":-1}]}"
                                << "rwmixread -1";
        QTest::newRow("mix on read") << head + "\"tests\":[{\"rw\":\"read\",\"rwmixread\":70}]}"
                                     << "only to rw and randrw";
        QTest::newRow("cv 0") << head + "\"stable\":{\"cv_max\":0}}"
                              << "cv_max 0";
        QTest::newRow("cv negative") << head + "\"stable\":{\"cv_max\":-0.1}}"
                                     << "cv_max -0.1";
        QTest::newRow("cv text") << head + "\"stable\":{\"cv_max\":\"3%\"}}"
                                 << "cv_max 3%";
        QTest::newRow("max_repeats 1") << head + "\"stable\":{\"cv_max\":0.03,\"max_repeats\":1}}"
                                       << "max_repeats 1";
        QTest::newRow("stable unknown") << head + "\"stable\":{\"cv\":0.03}}"
                                        << "unknown field 'cv'";
        QTest::newRow("stable not object") << head + "\"stable\":true}"
                                           << "\"stable\" is an object";
        QTest::newRow("resync") << head + "\"resync\":\"ignore\"}"
                                << "\"resync\" is \"wait\"";
        QTest::newRow("qd text") << head + "\"tests\":[{\"rw\":\"read\",\"qd\":\"8\"}]}"
                                 << "must be a number";
        QTest::newRow("depths not a list")
            << head + "\"tests\":[{\"kind\":\"qd-sweep\",\"rw\":\"randread\",\"depths\":\"1,2,4\"}]}"
            << "\"depths\" must be a list";
        QTest::newRow("block_sizes on io") << head + "\"tests\":[{\"rw\":\"read\",\"block_sizes\":[\"4k\"]}]}"
                                           << "belongs to a sweep test";
        QTest::newRow("bs on sweep") << head + "\"tests\":[{\"kind\":\"sweep\",\"rw\":\"read\",\"bs\":\"4k\"}]}"
                                     << "not \"bs\"";
        QTest::newRow("repeats above max_repeats")
            << head + "\"repeats\":5,\"stable\":{\"cv_max\":0.03,\"max_repeats\":4}}"
            << "more than stable's max_repeats";
        QTest::newRow("under_load sweep") << head + "\"drill\":{\"under_load\":\"qd-sweep-rnd4k-read\"}}"
                                          << "under_load is one I/O test";
        QTest::newRow("duplicate names")
            << "{\"raidbench_plan\":1,\"disks\":[\"/dev/sdb\",\"/dev/sdc\"],\"configurations\":[\"raid0\",\"raid0\"]}"
            << "two configurations";
        QTest::newRow("stripe cache below md's range") << head + "\"stripe_cache\":16}"
                                                       << "outside md's range of 17 to 32768";
        QTest::newRow("stripe cache above md's range") << head + "\"stripe_cache\":[256,40000]}"
                                                       << "stripe_cache 40000";
        QTest::newRow("stripe cache text") << head + "\"stripe_cache\":\"4096; reboot\"}"
                                           << "outside md's range";
        QTest::newRow("stripe cache fraction") << head + "\"stripe_cache\":1024.5}"
                                               << "stripe_cache 1024.5";
        QTest::newRow("stripe cache twice") << head + "\"stripe_cache\":[256,256]}"
                                            << "lists 256 twice";
        QTest::newRow("stripe cache empty sweep") << head + "\"stripe_cache\":[]}"
                                                  << "a list of 1 to 8";
        QTest::newRow("stripe cache sweep of nine") << head + "\"stripe_cache\":[17,32,64,128,256,512,1024,2048,4096]}"
                                                    << "a list of 1 to 8";
        QTest::newRow("stripe cache of a configuration")
            << "{\"raidbench_plan\":1,\"disks\":[\"/dev/sdb\"],\"configurations\":[{\"name\":\"x\",\"preset\":"
               "\"single\",\"stripe_cache\":0}]}"
            << "configuration 'x'";
        QTest::newRow("unknown field in a configuration")
            << "{\"raidbench_plan\":1,\"disks\":[\"/dev/sdb\"],\"configurations\":[{\"name\":\"x\",\"preset\":"
               "\"single\",\"stripe_cahce\":4096}]}"
            << "unknown field 'stripe_cahce' in a configuration";
    }

    void stripeCachePlans()
    {
        const QString head =
            QStringLiteral("{\"raidbench_plan\":1,\"disks\":[\"/dev/sdb\",\"/dev/sdc\",\"/dev/sdd\"],");
        const auto one = CampaignPlan::fromJson(
            QJsonDocument::fromJson((head + QStringLiteral("\"stripe_cache\":4096}")).toUtf8()).object());
        QVERIFY(one.ok());
        QCOMPARE(one->stripeCaches, (QList<int> {4096}));
        QCOMPARE(one->toJson().value(QStringLiteral("stripe_cache")).toInt(), 4096);
        const auto sweep = CampaignPlan::fromJson(
            QJsonDocument::fromJson(
                (head +
                 QStringLiteral("\"stripe_cache\":[256,1024,4096],\"configurations\":[{\"name\":\"r5\","
                                "\"preset\":\"raid5\",\"stripe_cache\":[512,2048]}]}"))
                    .toUtf8())
                .object());
        QVERIFY(sweep.ok());
        QCOMPARE(sweep->stripeCaches, (QList<int> {256, 1024, 4096}));
        QCOMPARE(sweep->configurations.first().stripeCaches.value_or(QList<int> {}), (QList<int> {512, 2048}));
        const auto again = CampaignPlan::fromJson(sweep->toJson());
        QVERIFY(again.ok());
        QCOMPARE(again->toJson(), sweep->toJson());
        // Left out: md's own, and nothing is written.
        const auto plain = CampaignPlan::fromJson(
            QJsonDocument::fromJson((head + QStringLiteral("\"repeats\":1}")).toUtf8()).object());
        QVERIFY(plain.ok() && plain->stripeCaches.isEmpty());
        QVERIFY(!plain->toJson().contains(QStringLiteral("stripe_cache")));
    }
    void planErrors()
    {
        QFETCH(QString, json);
        QFETCH(QString, mentions);
        const auto plan = CampaignPlan::fromJson(QJsonDocument::fromJson(json.toUtf8()).object());
        QVERIFY(!plan.ok());
        QVERIFY2(plan.error().message.contains(mentions), qPrintable(plan.error().message));
    }

    void modelPredictions_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<double>("write");
        QTest::addColumn<double>("read");
        // Disks: a,b at 100 write / 200 read; c,d at 50 / 80 (MB/s).
        auto leaves = [](const QString& devices) {
            QStringList items;
            for (const QString& d : devices.split(QLatin1Char(','))) {
                items.append(QStringLiteral("{\"level\":\"disk\",\"device\":\"/dev/sd%1\"}").arg(d));
            }
            return items.join(QLatin1Char(','));
        };
        QTest::newRow("single") << "{\"level\":\"disk\",\"device\":\"/dev/sdc\"}" << 50.0 << 80.0;
        QTest::newRow("raid0 fast") << QStringLiteral("{\"level\":\"raid0\",\"children\":[%1]}").arg(leaves("a,b"))
                                    << 200.0 << 400.0;
        QTest::newRow("raid0 mixed: n x slowest")
            << QStringLiteral("{\"level\":\"raid0\",\"children\":[%1]}").arg(leaves("a,b,c,d")) << 200.0 << 320.0;
        QTest::newRow("linear: first member")
            << QStringLiteral("{\"level\":\"linear\",\"children\":[%1]}").arg(leaves("c,a")) << 50.0 << 80.0;
        // One read stream stays on one mirror and moves between the first two at random moments
        // (raid1.c read_balance): about as long on each, the mean of their speeds.
        QTest::newRow("raid1: the mean of its first two members")
            << QStringLiteral("{\"level\":\"raid1\",\"children\":[%1]}").arg(leaves("a,c")) << 50.0 << 140.0;
        QTest::newRow("raid1: a third member is not read")
            << QStringLiteral("{\"level\":\"raid1\",\"children\":[%1]}").arg(leaves("c,d,a")) << 50.0 << 80.0;
        QTest::newRow("raid0+1: the mean of its two stripes")
            << QStringLiteral("{\"level\":\"raid1\",\"children\":[{\"level\":\"raid0\",\"children\":[%1]},{"
                              "\"level\":\"raid0\",\"children\":[%2]}]}")
                   .arg(leaves("a,b"), leaves("c,d"))
            << 100.0 << 280.0;
        QTest::newRow("raid5(3): writes (n-1) x slowest, reads n x")
            << QStringLiteral("{\"level\":\"raid5\",\"children\":[%1]}").arg(leaves("a,b,c")) << 100.0 << 240.0;
        // 1 MiB writes across 1.5 MiB stripes: md reads before it writes (halfway from the floor of 0.5
        // to full stripes).
        QTest::newRow("raid5(4): partial stripes, 3/4 x (n-1) x slowest")
            << QStringLiteral("{\"level\":\"raid5\",\"children\":[%1]}").arg(leaves("a,b,c,d")) << 112.5 << 320.0;
        QTest::newRow("raid4") << QStringLiteral("{\"level\":\"raid4\",\"children\":[%1]}").arg(leaves("a,b,c"))
                               << 100.0 << 160.0;
        QTest::newRow("raid6: writes (n-2) x slowest, reads n x")
            << QStringLiteral("{\"level\":\"raid6\",\"children\":[%1]}").arg(leaves("a,b,c,d")) << 100.0 << 320.0;
        QTest::newRow("raid10 n2: sets (a,b) and (c,d), the slower set x 2")
            << QStringLiteral("{\"level\":\"raid10\",\"layout\":\"n2\",\"children\":[%1]}").arg(leaves("a,b,c,d"))
            << 100.0 << 320.0;
        QTest::newRow("raid10 n2: sets (a,c) and (b,d) read at their sums")
            << QStringLiteral("{\"level\":\"raid10\",\"layout\":\"n2\",\"children\":[%1]}").arg(leaves("a,c,b,d"))
            << 100.0 << 560.0;
        // The pairs (a,b), (b,c), (c,a) share members: each piece to an idle copy, all three at their
        // own speeds together.
        QTest::newRow("raid10 n2 on three disks: the sum")
            << QStringLiteral("{\"level\":\"raid10\",\"layout\":\"n2\",\"children\":[%1]}").arg(leaves("a,b,c")) << 75.0
            << 480.0;
        QTest::newRow("raid10 f2 reads like raid0")
            << QStringLiteral("{\"level\":\"raid10\",\"layout\":\"f2\",\"children\":[%1]}").arg(leaves("a,b,c,d"))
            << 100.0 << 320.0;
        QTest::newRow("lvm stripe") << QStringLiteral("{\"level\":\"lvm-stripe\",\"children\":[%1]}").arg(leaves("a,b"))
                                    << 200.0 << 400.0;
        QTest::newRow("raid1+0 nested") << QStringLiteral(
                                               "{\"level\":\"raid0\",\"children\":[{\"level\":\"raid1\",\"children\":[%"
                                               "1]},{\"level\":\"raid1\",\"children\":[%2]}]}")
                                               .arg(leaves("a,b"), leaves("c,d"))
                                        << 100.0 << 160.0;
        // Each mirror on its 200 or its 80 at any moment, the stripe at the slower one's pace: 80, and 200
        // a quarter of the time, 110 a member on average.
        QTest::newRow("lvm over mirrors: the slowest at each moment")
            << QStringLiteral("{\"level\":\"lvm-stripe\",\"children\":[{\"level\":\"raid1\",\"children\":[%1]},{"
                              "\"level\":\"raid1\",\"children\":[%2]}]}")
                   .arg(leaves("a,c"), leaves("b,d"))
            << 100.0 << 220.0;
        QTest::newRow("raid50") << QStringLiteral("{\"level\":\"raid0\",\"children\":[{\"level\":\"raid5\","
                                                  "\"children\":[%1]},{\"level\":\"raid5\",\"children\":[%2]}]}")
                                       .arg(leaves("a,b,c"), leaves("d,e,f"))
                                << 0.0 << 0.0;
    }
    void modelPredictions()
    {
        QFETCH(QString, json);
        QFETCH(double, write);
        QFETCH(double, read);
        const auto spec = ArraySpec::fromJson(QJsonDocument::fromJson(json.toUtf8()).object());
        QVERIFY(spec.ok());
        const auto baseline = [](const QString& device) -> std::optional<std::pair<double, double>> {
            if (device == QLatin1String("/dev/sda") || device == QLatin1String("/dev/sdb")) {
                return std::pair {100e6, 200e6};
            }
            if (device == QLatin1String("/dev/sdc") || device == QLatin1String("/dev/sdd")) {
                return std::pair {50e6, 80e6};
            }
            return std::nullopt; // unmeasured disk: no prediction
        };
        const ThroughputPrediction prediction = predictThroughput(*spec, baseline);
        if (write == 0) {
            QVERIFY(!prediction.write.has_value());
            return;
        }
        QCOMPARE(*prediction.write / 1e6, write);
        QCOMPARE(*prediction.read / 1e6, read);
    }

    void mirrorReadsGoAtOneCopysPace()
    {
        // a at 200 MB/s read, c at 80: md keeps a run's stream on the copy its first read went to, any
        // member of the mirror (the lab: 59.0 and 101.9 MB/s on two runs of a mirror of 60 and 103 MB/s).
        const auto baseline = [](const QString& device) -> std::optional<std::pair<double, double>> {
            const bool fast = device == QLatin1String("/dev/sda") || device == QLatin1String("/dev/sdb");
            return fast ? std::pair {100e6, 200e6} : std::pair {50e6, 80e6};
        };
        const auto mirror = [](const QString& letters) {
            ArraySpec node;
            node.level = ArrayLevel::Raid1;
            for (const QChar letter : letters) {
                node.children.append(ArraySpec::disk(QStringLiteral("/dev/sd") + letter));
            }
            return node;
        };
        const auto range = [&](const ArraySpec& spec) {
            const ThroughputPrediction prediction = predictThroughput(spec, baseline);
            return prediction.readIsRange()
                ? std::pair {qRound(*prediction.readLow / 1e6), qRound(*prediction.readHigh / 1e6)}
                : std::pair {0, 0};
        };
        QCOMPARE(range(mirror(QStringLiteral("ac"))), (std::pair {80, 200}));
        // The figure stays the first two's mean; a third member can serve a run too.
        QCOMPARE(range(mirror(QStringLiteral("cda"))), (std::pair {80, 200}));
        QVERIFY(
            predictThroughput(mirror(QStringLiteral("cda")), baseline).readNote.contains(QLatin1String("one copy")));
        // Copies of one speed: one figure, no range, no note.
        QCOMPARE(range(mirror(QStringLiteral("ab"))), (std::pair {0, 0}));
        QVERIFY(predictThroughput(mirror(QStringLiteral("ab")), baseline).readNote.isEmpty());
        // A stripe over two such mirrors: both on their slow copy, or both on their fast one.
        ArraySpec stripe;
        stripe.level = ArrayLevel::Raid0;
        stripe.children = {mirror(QStringLiteral("ac")), mirror(QStringLiteral("bd"))};
        QCOMPARE(range(stripe), (std::pair {160, 400}));
        QCOMPARE(qRound(*predictThroughput(stripe, baseline).read / 1e6), 220);
        // A mirror of two stripes: the slow stripe or the fast one.
        ArraySpec fastStripe;
        fastStripe.level = ArrayLevel::Raid0;
        fastStripe.children = {ArraySpec::disk(QStringLiteral("/dev/sda")),
                               ArraySpec::disk(QStringLiteral("/dev/sdb"))};
        ArraySpec slowStripe = fastStripe;
        slowStripe.children = {ArraySpec::disk(QStringLiteral("/dev/sdc")),
                               ArraySpec::disk(QStringLiteral("/dev/sdd"))};
        ArraySpec mirrored;
        mirrored.level = ArrayLevel::Raid1;
        mirrored.children = {slowStripe, fastStripe};
        QCOMPARE(range(mirrored), (std::pair {160, 400}));
        // No mirror, no range: a RAID5 over unequal disks reads at n x the slowest.
        ArraySpec parity = mirror(QStringLiteral("abc"));
        parity.level = ArrayLevel::Raid5;
        QCOMPARE(range(parity), (std::pair {0, 0}));
        // Near copies on disks that pay for a skip: the note says the figure counts them at full speed.
        ArraySpec near = mirror(QStringLiteral("abcd"));
        near.level = ArrayLevel::Raid10;
        near.layout = QStringLiteral("n2");
        ModelContext seeking;
        seeking.gapOne.insert(QStringLiteral("/dev/sdc"), 0.8);
        QVERIFY2(predictThroughput(near, baseline, seeking).readNote.contains(QLatin1String("skip costs 80 %")),
                 qPrintable(predictThroughput(near, baseline, seeking).readNote));
        QVERIFY(predictThroughput(near, baseline).readNote.isEmpty());
        // The range travels with the results: saved, read back, in the CSV and in the report's words.
        CampaignResults results = disksMeasured(QStringLiteral("ac"), baseline);
        ConfigResult config;
        config.name = QStringLiteral("raid1");
        config.spec = mirror(QStringLiteral("ac"));
        config.status = RunState::Completed;
        results.configs.append(config);
        analyzeResults(results);
        const auto reread = CampaignResults::fromJson(results.toJson());
        QVERIFY(reread.ok());
        QCOMPARE(reread->configs.first().predictedReadRange->first, 80e6);
        QCOMPARE(reread->configs.first().predictedReadRange->second, 200e6);
        QVERIFY(resultsToCsv(results).contains(QLatin1String(",80.0,200.0")));
        const QString md = resultsToMarkdown(results);
        QVERIFY2(md.contains(QLatin1String("## What the reads ask of the disks")) &&
                     md.contains(QLatin1String("| raid1 | 140.0 (80.0-200.0) | a run reads its stream from one copy")),
                 qPrintable(md));
    }

    void nearCopiesOverAnOddCountReadAtTheSum()
    {
        // Five disks, three at 120, one at 110, one at 45 MB/s: a RAID10 of near copies read 513 MB/s in
        // the lab (the sum is 515), a RAID1 over them reads at its first two members' (129 measured).
        const QList<double> speeds {120, 120, 120, 110, 45};
        const auto baseline = [&](const QString& device) -> std::optional<std::pair<double, double>> {
            const int i = device.back().unicode() - 'a';
            return std::pair {speeds.value(i) * 1e6, speeds.value(i) * 1e6};
        };
        ArraySpec node;
        for (const QChar letter : QStringLiteral("abcde")) {
            node.children.append(ArraySpec::disk(QStringLiteral("/dev/sd") + letter));
        }
        node.level = ArrayLevel::Raid10;
        node.layout = QStringLiteral("n2");
        QCOMPARE(qRound(*predictThroughput(node, baseline).read / 1e6), 515);
        // Three copies over five: still every member at its own speed.
        node.layout = QStringLiteral("n3");
        QCOMPARE(qRound(*predictThroughput(node, baseline).read / 1e6), 515);
        // Far copies are read from the first: raid0 over the five, the slowest setting the pace.
        node.layout = QStringLiteral("f2");
        QCOMPARE(qRound(*predictThroughput(node, baseline).read / 1e6), 225);
        node.level = ArrayLevel::Raid1;
        QCOMPARE(qRound(*predictThroughput(node, baseline).read / 1e6), 120);
    }

    void aPoolThatIsItsControllersNamesThem()
    {
        // 24 disks of 100 MB/s on three controllers of 300: all of them reach 900 together, what the
        // controllers reach, so the controllers are named as the bound (the pool adds no ceiling), and
        // RAID0 over the 24 is predicted at 900.
        CampaignResults results;
        ArraySpec raid0;
        raid0.level = ArrayLevel::Raid0;
        for (int i = 0; i < 24; ++i) {
            DiskResult disk;
            disk.path = QStringLiteral("/dev/disk/by-id/d%1").arg(i);
            disk.controller = QStringLiteral("0000:00:0%1.0").arg(6 + i / 8);
            disk.writeBw = 100e6;
            disk.readBw = 100e6;
            results.disks.append(disk);
            raid0.children.append(ArraySpec::disk(disk.path));
        }
        QList<DisksTogether> groups = togetherGroups(results.disks);
        QCOMPARE(groups.size(), 4);
        for (int i = 0; i < 3; ++i) {
            groups[i].writeBw = groups[i].readBw = 301e6;
        }
        groups[3].writeBw = groups[3].readBw = 900.5e6;
        ModelContext context;
        context.together = groups;
        const ThroughputPrediction prediction = predictThroughput(raid0, baselineLookup(results), context);
        QVERIFY(std::abs(*prediction.write / 1e6 - 903) < 1);
        QCOMPARE(prediction.writeBound, QStringLiteral("shared"));
        QVERIFY2(prediction.writeNote.contains(QLatin1String("controller 0000:00:0")),
                 qPrintable(prediction.writeNote));
        // A pool below its controllers (a bus behind them at 600) is a ceiling of its own, and named.
        context.together[3].writeBw = 600e6;
        const ThroughputPrediction bus = predictThroughput(raid0, baselineLookup(results), context);
        QVERIFY(std::abs(*bus.write / 1e6 - 600) < 1);
        QVERIFY2(bus.writeNote.contains(QLatin1String("all 24 disks")), qPrintable(bus.writeNote));
    }

    void disksTogetherBoundTheLayouts()
    {
        // Four disks of 100 MB/s, two per controller; controller B carries 120 MB/s for its two.
        CampaignResults results;
        for (const QString& name :
             {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("d")}) {
            DiskResult disk;
            disk.path = QStringLiteral("/dev/sd") + name;
            disk.controller =
                name == QLatin1String("a") || name == QLatin1String("b") ? QStringLiteral("A") : QStringLiteral("B");
            disk.writeBw = 100e6;
            disk.readBw = 100e6;
            results.disks.append(disk);
        }
        QList<DisksTogether> groups = togetherGroups(results.disks);
        QCOMPARE(groups.size(), 3);
        QCOMPARE(groups.at(0).name(), QStringLiteral("controller A"));
        QCOMPARE(groups.at(1).disks, (QStringList {"/dev/sdc", "/dev/sdd"}));
        QCOMPARE(groups.at(2).scope, DisksTogether::Scope::Pool);
        QCOMPARE(*groups.at(2).aloneWriteBw, 400e6);
        groups[0].writeBw = groups[0].readBw = 195e6;
        groups[1].writeBw = groups[1].readBw = 120e6;
        groups[2].writeBw = groups[2].readBw = 310e6;
        QVERIFY(!groups.at(0).limited());
        QVERIFY(groups.at(1).limited());
        QCOMPARE(groups.at(1).describe(),
                 QStringLiteral("controller B: 2 disks write 120.0 MB/s together, 60 % of "
                                "their sum; 2 disks read 120.0 MB/s together, 60 % of their "
                                "sum"));
        results.together = groups;
        const CampaignResults back = *CampaignResults::fromJson(results.toJson());
        QCOMPARE(back.together.size(), 3);
        QCOMPARE(back.together.at(1).controller, QStringLiteral("B"));
        QCOMPARE(*back.together.at(1).share(true), 0.6);

        ModelContext context;
        context.together = groups;
        const auto baseline = baselineLookup(results);
        auto spec = [](ArrayLevel level, const QString& letters) {
            ArraySpec node;
            node.level = level;
            for (const QChar letter : letters) {
                node.children.append(ArraySpec::disk(QStringLiteral("/dev/sd") + letter));
            }
            return node;
        };
        // RAID0 over all four: each disk a quarter; controller B's pair carries half at 120: 240.
        const ThroughputPrediction raid0 =
            predictThroughput(spec(ArrayLevel::Raid0, QStringLiteral("abcd")), baseline, context);
        QCOMPARE(qRound(*raid0.write / 1e6), 240);
        QCOMPARE(qRound(*raid0.read / 1e6), 240);
        QCOMPARE(raid0.writeBound, QStringLiteral("shared"));
        QCOMPARE(raid0.readBound, QStringLiteral("shared"));
        QVERIFY2(raid0.writeNote.contains(QLatin1String(
                     "controller B writes 120.0 MB/s together, 60.0 MB/s for each of the 2 disks this layout loads")),
                 qPrintable(raid0.writeNote));
        // A mirror over controller B writes everything twice through it: 60; it reads from its first.
        const ThroughputPrediction mirror =
            predictThroughput(spec(ArrayLevel::Raid1, QStringLiteral("cd")), baseline, context);
        QCOMPARE(qRound(*mirror.write / 1e6), 60);
        QCOMPARE(qRound(*mirror.read / 1e6), 100);
        QCOMPARE(mirror.readBound, QStringLiteral("disks"));
        // A near layout's reads go wherever a copy is idle: the ceiling caps what the disks behind it give
        // at once, in the flow over the copy sets. Sets (a,c) and (b,d): all four at once read 200 + 120.
        ArraySpec near = spec(ArrayLevel::Raid10, QStringLiteral("acbd"));
        near.layout = QStringLiteral("n2");
        const ThroughputPrediction flow = predictThroughput(near, baseline, context);
        QCOMPARE(qRound(*flow.read / 1e6), 310);
        QCOMPARE(flow.readBound, QStringLiteral("shared"));
        QVERIFY2(flow.readNote.contains(QLatin1String("controller B reads 120.0 MB/s together")),
                 qPrintable(flow.readNote));
        // Sets (a,b) and (c,d): the second set is all behind controller B.
        near = spec(ArrayLevel::Raid10, QStringLiteral("abcd"));
        near.layout = QStringLiteral("n2");
        QCOMPARE(qRound(*predictThroughput(near, baseline, context).read / 1e6), 240);
        // Controller A reached 97.5 % of its sum: no ceiling, its disks at their own pace.
        const ThroughputPrediction fast =
            predictThroughput(spec(ArrayLevel::Raid0, QStringLiteral("ab")), baseline, context);
        QCOMPARE(qRound(*fast.write / 1e6), 200);
        QCOMPARE(fast.writeBound, QStringLiteral("disks"));
        // The ceiling is shared by load, not by speed: a 100 and a 50 MB/s disk behind 60 MB/s each get 30
        // of a stripe's even load, so RAID0 over them writes 60 (slowed in proportion to their speeds it
        // would be 2 x 20 = 40).
        CampaignResults uneven = results;
        uneven.disks[3].writeBw = 50e6;
        ModelContext unevenContext;
        unevenContext.together = {groups.at(1)};
        unevenContext.together[0].writeBw = 60e6;
        const ThroughputPrediction shared =
            predictThroughput(spec(ArrayLevel::Raid0, QStringLiteral("cd")), baselineLookup(uneven), unevenContext);
        QCOMPARE(qRound(*shared.write / 1e6), 60);
        // A disk that failed its baseline is not measured together; one controller is only the pool.
        results.disks[3].writeBw.reset();
        QCOMPARE(togetherGroups(results.disks).size(), 2);
        for (DiskResult& disk : results.disks) {
            disk.controller = QStringLiteral("A");
        }
        QCOMPARE(togetherGroups(results.disks, false).size(), 1);
    }

    void quickAnswerBuildsWhatTheModelAlonePutsFirst()
    {
        Recommendation ranking;
        RankedLayout built;
        built.name = QStringLiteral("raid50");
        RankedLayout predicted;
        predicted.name = QStringLiteral("raid10");
        predicted.predicted = true;
        ranking.ranked = {predicted, built};
        QCOMPARE(QuickAnswer::unbuiltFirst(ranking), QStringLiteral("raid10"));
        QCOMPARE(QuickAnswer::choose(ranking, 1), QStringList {QStringLiteral("raid10")});
        ranking.ranked = {built, predicted};
        QVERIFY(QuickAnswer::unbuiltFirst(ranking).isEmpty());
        QVERIFY(QuickAnswer::unbuiltFirst(Recommendation()).isEmpty());
        CampaignResults first;
        first.configs.append(ConfigResult());
        first.configs.last().name = QStringLiteral("raid50");
        CampaignResults more;
        more.configs.append(ConfigResult());
        more.configs.last().name = QStringLiteral("raid10");
        more.status = RunState::Completed;
        const CampaignResults both = QuickAnswer::withConfigs(first, more);
        QCOMPARE(both.configs.size(), 2);
        QCOMPARE(both.configs.at(1).name, QStringLiteral("raid10"));
        QCOMPARE(both.status, RunState::Completed);
        // Nothing built: no estimate, and the text says the answer is the model's alone.
        QuickAnswer none;
        QCOMPARE(none.fullEstimateSeconds(), 0.0);
        QVERIFY(none.toText().startsWith(QStringLiteral("Nothing was built")));
    }

    void quickAnswerFlowMeasuresBuildsAndAnswers()
    {
        // The flow the window drives: the disks first, then the best two layouts the model ranked, then
        // the answer; a build the helper refuses after layouts were measured still ends in an answer.
        const CampaignResults demo = Test::labDemoResults();
        CampaignPlan base;
        for (const DiskResult& disk : demo.disks) {
            base.disks.append(disk.path);
        }
        QuickAnswerFlow flow(base, Requirements::defaults());
        QVERIFY(flow.measurePlan().baselines);
        QCOMPARE(flow.measurePlan().configurations.size(), 0);
        QCOMPARE(flow.measurePlan().tests.size(), QuickAnswer::modelledTests().size());
        CampaignResults measured = demo;
        measured.configs.clear();
        measured.status = RunState::Completed;
        QuickAnswerFlow::Step step = flow.runCompleted(analysed(measured));
        QCOMPARE(step.next, QuickAnswerFlow::Step::Next::Build);
        QCOMPARE(step.names.size(), QuickAnswer::defaultVerify);
        QVERIFY(!step.extra);
        QCOMPARE(step.plan.configurations.size(), step.names.size());
        QVERIFY(!flow.buildRefused(step).has_value()); // nothing built yet: the run ends as any other
        flow.buildStarted(step);
        QVERIFY(flow.building());
        CampaignResults built = demo;
        built.disks.clear();
        built.configs.clear();
        for (const ConfigResult& config : demo.configs) {
            if (step.names.contains(config.name)) {
                built.configs.append(config);
            }
        }
        QCOMPARE(built.configs.size(), step.names.size());
        built.status = RunState::Completed;
        // While it runs, the window shows the disks with the layouts built so far.
        QCOMPARE(flow.shown(built).disks.size(), demo.disks.size());
        step = flow.runCompleted(built);
        if (step.next == QuickAnswerFlow::Step::Next::Build) {
            QVERIFY(step.extra);
            const auto refused = flow.buildRefused(step);
            QVERIFY(refused.has_value());
            step = *refused;
        }
        QCOMPARE(step.next, QuickAnswerFlow::Step::Next::Finish);
        const QuickAnswer answer = QuickAnswer::fromJson(step.results.quickAnswer);
        QCOMPARE(answer.verified.size(), QuickAnswer::defaultVerify);
        QVERIFY(!answer.firstAfter.isEmpty());
        QCOMPARE(step.results.disks.size(), demo.disks.size());
    }

    void quickAnswerEndsTheDisksRunsOnceSettled()
    {
        // The quick answer's disks run until their rate settles; the plan says so, and says it again
        // after a trip through JSON (the helper reads it there). A full campaign's do not.
        CampaignPlan base;
        base.disks = {QStringLiteral("/dev/sdb"), QStringLiteral("/dev/sdc")};
        base.timeLimitNs = 10'000'000'000ull;
        QVERIFY(!base.settleBaselines);
        QVERIFY(!base.toJson().contains(QStringLiteral("baselines_settle")));
        const CampaignPlan measure = QuickAnswer::measurePlan(base);
        QVERIFY(measure.settleBaselines);
        const auto reread = CampaignPlan::fromJson(measure.toJson());
        QVERIFY(reread.ok());
        QVERIFY(reread->settleBaselines);
        // Two disks whose four runs ended after 1.2 s of the plan's 10, and one group measured together
        // both ways for 2 s: a full campaign spends 4 x 8.8 s more on them alone, and 2 x 8 together.
        CampaignResults measured;
        for (const QString& path : base.disks) {
            DiskResult disk;
            disk.path = path;
            IoResult run;
            run.status = IoStatus::Completed;
            run.elapsedNs = 1'200'000'000ull;
            disk.writeRun = run;
            disk.readRun = run;
            measured.disks.append(disk);
        }
        DisksTogether group;
        group.disks = base.disks;
        group.writeBw = 200e6;
        group.readBw = 200e6;
        measured.together = {group};
        QVERIFY(std::abs(QuickAnswer::savedBySettling(measured, measure) - (4 * 8.8 + 2 * 8)) < 1e-6);
        QCOMPARE(QuickAnswer::savedBySettling(measured, base), 0.0);
        // The estimate of the full campaign counts them, and the file keeps them.
        QuickAnswer quick;
        quick.measureSeconds = 20;
        quick.settledSeconds = QuickAnswer::savedBySettling(measured, measure);
        quick.verifySeconds = 60;
        quick.layouts = 4;
        quick.verified = {VerifiedLayout(), VerifiedLayout()};
        QVERIFY(std::abs(quick.fullEstimateSeconds() - (20 + 4 * 8.8 + 2 * 8 + 4 * 30)) < 1e-6);
        QCOMPARE(QuickAnswer::fromJson(quick.toJson()).settledSeconds, quick.settledSeconds);
    }

    void quickAnswerComparesRandomSpeedToo()
    {
        QuickAnswer quick;
        quick.layouts = 3;
        VerifiedLayout built;
        built.name = QStringLiteral("raid10");
        built.predictedRank = 1;
        built.status = RunState::Completed;
        built.predictedWrite = 200e6;
        built.measuredWrite = 190e6;
        built.predictedRead = 400e6;
        built.measuredRead = 380e6;
        built.predictedRandomWrite = 1000;
        built.measuredRandomWrite = 900;
        built.predictedRandomRead = 2000;
        quick.verified = {built};
        const QuickAnswer back = QuickAnswer::fromJson(quick.toJson());
        QCOMPARE(back.verified.size(), 1);
        QCOMPARE(back.verified.first().measuredRandomWrite, std::optional<double>(900));
        QCOMPARE(back.verified.first().predictedRandomRead, std::optional<double>(2000));
        QVERIFY(!back.verified.first().measuredRandomRead);
        QCOMPARE(*back.verified.first().randomRatio(true), 0.9);
        QVERIFY(!back.verified.first().randomRatio(false)); // not measured: no ratio
        const QString text = back.toText();
        QVERIFY2(text.contains(QStringLiteral("Random 4K at QD32, built and measured, against the model (IOPS)")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("     900       1000   0.90")), qPrintable(text));
        // Without a random figure anywhere, the table is not printed.
        quick.verified.first().predictedRandomWrite.reset();
        quick.verified.first().measuredRandomWrite.reset();
        quick.verified.first().predictedRandomRead.reset();
        QVERIFY(!quick.toText().contains(QStringLiteral("Random 4K")));
    }

    void partialStripesGiveARange()
    {
        const auto baseline = [](const QString& device) -> std::optional<std::pair<double, double>> {
            const bool fast = device == QLatin1String("/dev/sda") || device == QLatin1String("/dev/sdb");
            return std::pair {fast ? 100e6 : 50e6, fast ? 200e6 : 80e6};
        };
        auto disks = [](const QString& letters) {
            ArraySpec node;
            for (const QChar letter : letters) {
                node.children.append(ArraySpec::disk(QStringLiteral("/dev/sd") + letter));
            }
            return node;
        };
        // 1 MiB writes across a 4-disk RAID5's 1.5 MiB stripes: halfway from the floor (md gathers none:
        // half of 3 x 50) to full stripes (all of them), in a band of a fifth either side.
        ArraySpec raid5 = disks(QStringLiteral("abcd"));
        raid5.level = ArrayLevel::Raid5;
        const ThroughputPrediction crossing = predictThroughput(raid5, baseline);
        QVERIFY(crossing.writeIsRange());
        QCOMPARE(qRound(*crossing.writeLow / 1e6), 90);
        QCOMPARE(qRound(*crossing.write / 1e6), 113);
        QCOMPARE(qRound(*crossing.writeHigh / 1e6), 135);
        QVERIFY2(crossing.writeNote.contains(QLatin1String("from 90.0 MB/s to 135.0 MB/s")),
                 qPrintable(crossing.writeNote));
        // One write in flight: md gathers nothing, the floor is the figure.
        ModelContext one;
        one.stream.inFlight = 1;
        const ThroughputPrediction alone = predictThroughput(raid5, baseline, one);
        QVERIFY(!alone.writeIsRange());
        QCOMPARE(qRound(*alone.write / 1e6), 75);
        QCOMPARE(*alone.writeLow, *alone.write);
        // Full stripes (a 4-disk RAID6: 2 x 512 KiB) and a RAID50 whose top chunk fills its legs: one figure.
        ArraySpec raid6 = raid5;
        raid6.level = ArrayLevel::Raid6;
        QVERIFY(!predictThroughput(raid6, baseline).writeIsRange());
        ArraySpec leg1 = disks(QStringLiteral("abc"));
        leg1.level = ArrayLevel::Raid5;
        ArraySpec leg2 = disks(QStringLiteral("def"));
        leg2.level = ArrayLevel::Raid5;
        ArraySpec raid50;
        raid50.level = ArrayLevel::Raid0;
        raid50.children = {leg1, leg2};
        QVERIFY(!predictThroughput(raid50, baseline).writeIsRange());
        // The same RAID50 with 512 KiB on top, under md's own stripe cache: partial stripes md may
        // gather, the range composed through the RAID0 (2 legs x 2 data disks x 50 MB/s at most).
        raid50.chunkBytes = 512 * 1024;
        const ThroughputPrediction misaligned = predictThroughput(raid50, baseline);
        QVERIFY(misaligned.writeIsRange());
        QCOMPARE(qRound(*misaligned.writeHigh / 1e6), 180); // 0.9 of full stripes: 1.2 x the figure
        QVERIFY(*misaligned.writeLow < *misaligned.write && *misaligned.write < *misaligned.writeHigh);
        // The CPU bounds the figure and each end of its band on md's work there: this RAID5 writes 4/3
        // member bytes per byte for full stripes, and at the floor 5/3 and reads 1 (tst_stripes). At its
        // figure (0.75 of full speed) md is a third of the way to the floor, at the band's ends (0.6,
        // 0.9) two thirds and a ninth: work 13/9 + 1.6/3, 14/9 + 1.6 x 2/3, 37/27 + 1.6/9 (a read
        // costs 1.6 writes). 60 MB/s of that work a core: 30.3, from 22.9 to 38.8.
        const auto work = [](double towardFloor) { return 4.0 / 3 + towardFloor / 3 + towardFloor * mdReadWork; };
        ModelContext cpu;
        cpu.parityRate = 60e6;
        const ThroughputPrediction slowCpu = predictThroughput(raid5, baseline, cpu);
        QCOMPARE(slowCpu.writeBound, QStringLiteral("cpu"));
        QVERIFY(slowCpu.writeIsRange());
        QVERIFY(std::abs(*slowCpu.write - 60e6 / work(1.0 / 3)) < 1);
        QVERIFY(std::abs(*slowCpu.writeLow - 60e6 / work(2.0 / 3)) < 1);
        QVERIFY(std::abs(*slowCpu.writeHigh - 60e6 / work(1.0 / 9)) < 1);
        QCOMPARE(qRound(*slowCpu.write / 1e5), 303);
        // A rate that bounds the figure at 120, above the disks' 112.5: the disks' band stands.
        cpu.parityRate = 120e6 * work(1.0 / 3);
        const ThroughputPrediction capped = predictThroughput(raid5, baseline, cpu);
        QVERIFY(capped.writeIsRange());
        QCOMPARE(capped.writeBound, QStringLiteral("partial-stripes"));
        QCOMPARE(qRound(*capped.writeLow / 1e6), 90);
        QCOMPARE(qRound(*capped.write / 1e6), 113);
        QCOMPARE(qRound(*capped.writeHigh / 1e6), 135);
        // The range travels with the results: saved, read back, in the CSV and the report.
        CampaignResults results = disksMeasured(QStringLiteral("abcd"), baseline);
        ConfigResult config;
        config.name = QStringLiteral("raid5");
        config.spec = raid5;
        config.status = RunState::Completed;
        results.configs.append(config);
        analyzeResults(results);
        QVERIFY(results.configs.first().predictedWriteRange.has_value());
        const auto reread = CampaignResults::fromJson(results.toJson());
        QVERIFY(reread.ok());
        QCOMPARE(reread->configs.first().predictedWriteRange->first, 90e6);
        QCOMPARE(reread->configs.first().predictedWriteRange->second, 135e6);
        QVERIFY(resultsToCsv(results).contains(QLatin1String(",90.0,135.0")));
        QVERIFY2(resultsToMarkdown(results).contains(QLatin1String("| 112.5 (90.0-135.0) |")),
                 qPrintable(resultsToMarkdown(results)));
    }

    void countedWorkOnlyWhereParityThreadsDidIt()
    {
        // A RAID5 over three mirrors wrote 300 MB/s with its thread at half a core; its disks counted
        // 3000 MB written in 2 s, but half of that is the mirrors' copies, not the RAID5 thread's work.
        // The rate is the model's: 300 x 1.5 (full stripes of two data legs and a parity) / 0.5 = 900.
        const auto config = [&](const QString& name, const ArraySpec& spec) {
            ConfigResult result = parityWrite(name, spec, 300, {{QStringLiteral("md127_raid5"), 0.5}}, 0.5);
            result.tests.first().resources->memberWriteBytes = 3000e6;
            return result;
        };
        ArraySpec overMirrors;
        overMirrors.level = ArrayLevel::Raid5;
        for (int leg = 0; leg < 3; ++leg) {
            ArraySpec mirror;
            mirror.level = ArrayLevel::Raid1;
            mirror.children = {ArraySpec::disk(QStringLiteral("/dev/sd%1").arg(QChar('a' + 2 * leg))),
                               ArraySpec::disk(QStringLiteral("/dev/sd%1").arg(QChar('b' + 2 * leg)))};
            overMirrors.children.append(mirror);
        }
        CampaignResults results;
        results.configs = {config(QStringLiteral("raid5 over mirrors"), overMirrors)};
        QCOMPARE(modelContext(results).parityRate, 900e6);
        // A RAID5 over three disks: what its disks counted is all its thread's work, 3000 MB in a second
        // of a core.
        ArraySpec plain;
        plain.level = ArrayLevel::Raid5;
        for (const QChar letter : QStringLiteral("abc")) {
            plain.children.append(ArraySpec::disk(QStringLiteral("/dev/sd") + letter));
        }
        results.configs = {config(QStringLiteral("raid5"), plain)};
        QCOMPARE(modelContext(results).parityRate, 3000e6);
    }

    void cpuBoundsParityWrites()
    {
        // Six fast disks (1000 MB/s) and three parity layouts on them, with md's threads measured: the
        // RAID5 alone wrote 300 MB/s with its thread at 0.75 of a core (400 MB/s a core, 600 of its members'
        // bytes), the CPUs 2.
        CampaignResults results;
        results.host.insert(QStringLiteral("cpus"), 2);
        results.host.insert(
            QStringLiteral("kernel_parity"),
            QJsonObject {{QStringLiteral("xor_mbps"), 900.0}, {QStringLiteral("raid6_gen_mbps"), 1400.0}});
        QList<PresetDisk> disks;
        for (int i = 0; i < 6; ++i) {
            DiskResult disk;
            disk.path = QStringLiteral("/dev/sd%1").arg(QChar('a' + i));
            disk.sizeBytes = 1'000'000'000'000ull;
            disk.writeBw = 1000e6;
            disk.readBw = 1000e6;
            results.disks.append(disk);
            disks.append({disk.path, disk.sizeBytes, QString(), QString()});
        }
        const auto add = [&](const QString& name, const ArraySpec& spec, double mbps,
                             const QList<std::pair<QString, double>>& threads, double cpuBusy) {
            results.configs.append(parityWrite(name, spec, mbps, threads, cpuBusy));
        };
        QList<PresetDisk> three = disks.mid(0, 3);
        add(QStringLiteral("raid5"), *makePreset(QStringLiteral("raid5"), three), 300,
            {{QStringLiteral("md127_raid5"), 0.75}}, 0.5);
        add(QStringLiteral("raid50"), *makePreset(QStringLiteral("raid50"), disks), 500,
            {{QStringLiteral("md126_raid5"), 0.6}, {QStringLiteral("md125_raid5"), 0.6}}, 0.8);
        add(QStringLiteral("raid6"), *makePreset(QStringLiteral("raid6"), disks.mid(0, 4)), 200,
            {{QStringLiteral("md124_raid6"), 0.5}}, 0.4);
        // The RAID50's members were counted: they wrote 1500 MB and read 300 MB in its 2 s, 1.2 cores of
        // md's threads: (1500 + 1.6 x 300) / 2.4 = 825 MB/s of work a core. The others were not, so
        // their work is the model's: the RAID5's 1.5 member bytes a byte (600 a core) and the RAID6's 2
        // (800).
        results.configs[1].tests.first().resources->memberWriteBytes = 1500e6;
        results.configs[1].tests.first().resources->memberReadBytes = 300e6;
        analyzeResults(results);
        // The RAID5 is predicted from the others' rates, never its own: RAID5 and RAID6 cost md the same,
        // so the median of 825 and 800, each byte 1.5 of work: 541.7 MB/s, one array, at most a core,
        // below its disks' 2000.
        const ConfigResult* raid5 = results.config(QStringLiteral("raid5"));
        QCOMPARE(raid5->predictedWriteBound, QStringLiteral("cpu"));
        QVERIFY2(std::abs(*raid5->predictedWrite / 1e6 - 812.5 / 1.5) < 1,
                 qPrintable(QString::number(*raid5->predictedWrite)));
        QVERIFY2(raid5->predictedWriteNote.contains(QLatin1String("one parity array")),
                 qPrintable(raid5->predictedWriteNote));
        QVERIFY2(raid5->predictedWriteNote.contains(
                     QLatin1String("md's threads handled 812.5 MB/s of their members' writes and reads per core, "
                                   "a read counting 1.6 times, in 2 other parity layouts of this run")),
                 qPrintable(raid5->predictedWriteNote));
        // The RAID50 from the median of 600 and 800: two threads, each with half the writes (0.75 of
        // work a byte), and the machine's two cores shared with the rest of the I/O, which took
        // (0.5 x 2 - 0.75) / 300 and (0.4 x 2 - 0.5) / 200 of a core per MB/s in the others (their median).
        const ConfigResult* raid50 = results.config(QStringLiteral("raid50"));
        QCOMPARE(raid50->predictedWriteBound, QStringLiteral("cpu"));
        const double coresPerMB = 2 * 0.75 / 700 + (0.25 / 300 + 0.3 / 200) / 2;
        QVERIFY2(std::abs(*raid50->predictedWrite / 1e6 - 2.0 / coresPerMB) < 1,
                 qPrintable(QString::number(*raid50->predictedWrite / 1e6)));
        QVERIFY(
            raid50->predictedWriteNote.contains(QLatin1String("2 parity arrays, one md thread each, sharing 2 cores")));
        // The RAID6 from the RAID5s' (the median of 600 and 825), each byte 2 of work on its four members:
        // 356 MB/s, below its disks' 2000.
        const ConfigResult* raid6 = results.config(QStringLiteral("raid6"));
        QCOMPARE(raid6->predictedWriteBound, QStringLiteral("cpu"));
        QVERIFY2(std::abs(*raid6->predictedWrite / 1e6 - 712.5 / 2) < 1,
                 qPrintable(QString::number(*raid6->predictedWrite / 1e6)));
        // With only the RAID6 measured, the kernel's own speeds are no longer needed for either kind.
        CampaignResults onlyRaid6 = results;
        onlyRaid6.configs.removeIf([](const ConfigResult& c) { return c.name != QLatin1String("raid6"); });
        onlyRaid6.configs.append(results.configs.first());
        onlyRaid6.configs.last().tests.first().resources.reset();
        analyzeResults(onlyRaid6);
        const QString borrowed = onlyRaid6.config(QStringLiteral("raid5"))->predictedWriteNote;
        QVERIFY2(borrowed.contains(QLatin1String("800.0 MB/s of their members' writes and reads per core")) &&
                     borrowed.contains(QLatin1String("in one other parity layout of this run")) &&
                     !borrowed.contains(QLatin1String("kernel's own parity code")),
                 qPrintable(borrowed));
        // Nothing measured at all: the kernel's own syndrome speed (1400 MB/s a core) is the ceiling, and
        // with the machine's two cores it bounds the RAID6 below its disks' 2000 MB/s.
        CampaignResults kernelOnly = results;
        for (ConfigResult& config : kernelOnly.configs) {
            config.tests.first().resources.reset();
        }
        analyzeResults(kernelOnly);
        const ConfigResult* kernelRaid6 = kernelOnly.config(QStringLiteral("raid6"));
        QCOMPARE(kernelRaid6->predictedWriteBound, QStringLiteral("cpu"));
        QVERIFY2(kernelRaid6->predictedWriteNote.contains(QLatin1String("at most the kernel's own parity code")),
                 qPrintable(kernelRaid6->predictedWriteNote));
        QVERIFY(*kernelRaid6->predictedWrite < 2000e6);
        // Without measured threads or the kernel's speeds: the disks' model alone.
        CampaignResults bare = results;
        bare.host.remove(QStringLiteral("kernel_parity"));
        for (ConfigResult& config : bare.configs) {
            config.tests.first().resources.reset();
        }
        analyzeResults(bare);
        QCOMPARE(bare.config(QStringLiteral("raid5"))->predictedWriteBound, QStringLiteral("disks"));
        QCOMPARE(*bare.config(QStringLiteral("raid5"))->predictedWrite, 2000e6);
    }

    void slowDisksAndRelativeTable()
    {
        const CampaignResults results = seed002();
        // The median disk is a real disk, named: of four, the faster of the two in the middle (sda, 105 MB/s);
        // 38 is 36 % of it: both slow, only they.
        QCOMPARE(medianDisk(results, true), &results.disks.at(0));
        QCOMPARE(medianDisk(results, false), &results.disks.at(0));
        QVERIFY(!results.disks.at(0).slow);
        QVERIFY(!results.disks.at(1).slow);
        QVERIFY(results.disks.at(2).slow);
        QVERIFY(results.disks.at(3).slow);
        QVERIFY2(results.disks.at(2).slowReason.contains(
                     QStringLiteral("38.0 MB/s write, 36 % of the median disk (sda at 105.0 MB/s)")),
                 qPrintable(results.disks.at(2).slowReason));
        const ConfigResult& raid0 = results.configs.at(0);
        QCOMPARE(*raid0.sequentialWrite(), 150e6); // median of 140, 150, 160
        QCOMPARE(qRound(*raid0.relativeWritePct), 143); // 150 / 105
        QCOMPARE(qRound(*raid0.relativeReadPct), 190); // 200 / 105
        QCOMPARE(*raid0.predictedWrite, 4 * 38e6);
        QCOMPARE(qRound(*raid0.measuredOverPredicted * 100), 99);
        QCOMPARE(raid0.weakestLink.size(), 2);
        QVERIFY(raid0.weakestLink.first().contains(QStringLiteral("HDP725050GLA360")));
        QCOMPARE(qRound(results.configs.at(1).spacePct), 75);
        QCOMPARE(results.configs.at(2).failuresGuaranteed, 1);
        const RunSummary summary = raid0.tests.first().summary;
        QCOMPARE(summary.runs, 3);
        QCOMPARE(summary.bwMin, 140e6);
        QCOMPARE(summary.bwMax, 160e6);
        QCOMPARE(summary.bwMean, 150e6);
    }

    void resultsJsonRoundTrip()
    {
        const CampaignResults results = seed002();
        const QJsonObject json = results.toJson();
        // The field names tools and charts rely on.
        const QJsonObject disk = json.value(QStringLiteral("disks")).toArray().first().toObject();
        QVERIFY(disk.value(QStringLiteral("baseline")).toObject().contains(QStringLiteral("write_bw_bytes")));
        QVERIFY(disk.value(QStringLiteral("baseline")).toObject().contains(QStringLiteral("read_bw_bytes")));
        QVERIFY(disk.contains(QStringLiteral("slow")));
        const QJsonObject config = json.value(QStringLiteral("configs")).toArray().first().toObject();
        for (const char* key : {"name", "status", "space_pct", "tests", "relative", "predicted"}) {
            QVERIFY2(config.contains(QLatin1String(key)), key);
        }
        const QJsonObject test = config.value(QStringLiteral("tests")).toArray().first().toObject();
        QCOMPARE(test.value(QStringLiteral("kind")).toString(), QStringLiteral("io"));
        QCOMPARE(test.value(QStringLiteral("summary")).toObject().value(QStringLiteral("bw_bytes_median")).toDouble(),
                 150e6);
        QVERIFY(config.value(QStringLiteral("relative")).toObject().contains(QStringLiteral("write_pct")));
        QVERIFY(config.value(QStringLiteral("predicted")).toObject().contains(QStringLiteral("read_bw_bytes")));
        const auto back = CampaignResults::fromJson(json);
        QVERIFY2(back.ok(), qPrintable(back.ok() ? QString() : back.error().message));
        QCOMPARE(back->toJson(), json);
    }

    void badResultsFiles()
    {
        QTemporaryDir dir;
        auto write = [&](const char* name, const QByteArray& data) {
            QFile file(dir.filePath(QLatin1String(name)));
            file.open(QIODevice::WriteOnly);
            file.write(data);
            return file.fileName();
        };
        QVERIFY(CampaignResults::load(write("corrupt.json", "{\"raidbench_results\": 1, \"configs\": ["))
                    .error()
                    .message.contains(QStringLiteral("corrupt")));
        QCOMPARE(
            CampaignResults::load(write("future.json", "{\"raidbench_results\": 7, \"configs\": [], \"disks\": []}"))
                .error()
                .code,
            QStringLiteral("future-version"));
        QVERIFY(!CampaignResults::load(write("other.json", "{\"hello\": 1}")).ok());
        QVERIFY(!CampaignResults::load(dir.filePath(QStringLiteral("missing.json"))).ok());
        QVERIFY(!CampaignResults::load(
                     write("badstatus.json",
                           "{\"raidbench_results\":1,\"disks\":[],\"configs\":[{\"name\":\"x\",\"status\":\"great\","
                           "\"spec\":{\"level\":\"disk\",\"device\":\"/dev/sda\"}}]}"))
                     .ok());
    }

    void atomicWriteSurvivesACrash()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("results.json"));
        const QByteArray first = QJsonDocument(seed002().toJson()).toJson();
        QVERIFY(writeFileAtomically(path, first).ok());
        const pid_t child = fork();
        if (child == 0) {
            // The crash: the new file is fully written and synced, but the process dies before rename.
            const auto ignored = writeFileAtomically(
                path, QByteArray("{\"raidbench_results\": 1, \"configs\": [{\"half"), [] { _exit(3); });
            Q_UNUSED(ignored);
            _exit(0);
        }
        int status = 0;
        waitpid(child, &status, 0);
        QCOMPARE(WEXITSTATUS(status), 3);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), first);
        QVERIFY(CampaignResults::load(path).ok());
    }

    void csvRoundTrip()
    {
        const CampaignResults results = seed002();
        const QStringList lines = resultsToCsv(results).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1 + 3 * 2);
        const QStringList header = csvFields(lines.first());
        const int median = int(header.indexOf(QStringLiteral("bw_mbps_median")));
        const int config = int(header.indexOf(QStringLiteral("configuration")));
        const int test = int(header.indexOf(QStringLiteral("test_id")));
        QVERIFY(median > 0);
        const QStringList row = csvFields(lines.at(1));
        QCOMPARE(row.size(), header.size());
        QCOMPARE(row.at(config), QStringLiteral("raid0"));
        QCOMPARE(row.at(test), QStringLiteral("seq1m-qd8-write"));
        QCOMPARE(row.at(median).toDouble(), 150.0);
        QCOMPARE(row.at(header.indexOf(QStringLiteral("bw_mbps_min"))).toDouble(), 140.0);
        QCOMPARE(row.at(header.indexOf(QStringLiteral("predicted_write_mbps"))).toDouble(), 152.0);
        QVERIFY(row.at(header.indexOf(QStringLiteral("weakest_link")))
                    .contains(QStringLiteral("slow: 38.0 MB/s write, 38.0 MB/s read")));
    }

    void csvCellsAreNeverFormulas()
    {
        // A configuration is named by whoever wrote the plan: in a spreadsheet it stays text.
        CampaignResults results = seed002();
        results.configs.first().name = QStringLiteral("=HYPERLINK(\"http://x\",\"raid0\")");
        const QStringList lines = resultsToCsv(results).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        const QStringList header = csvFields(lines.first());
        const QStringList row = csvFields(lines.at(1));
        QCOMPARE(row.at(header.indexOf(QStringLiteral("configuration"))),
                 QStringLiteral("'=HYPERLINK(\"http://x\",\"raid0\")"));
        for (const QString& line : lines) {
            for (const QString& cell : csvFields(line)) {
                bool number = false;
                cell.toDouble(&number);
                QVERIFY2(number || !cell.startsWith(QLatin1Char('=')), qPrintable(cell));
            }
        }
    }

    void fioJsonRoundTrip()
    {
        CampaignResults results = seed002();
        QTemporaryDir dir;
        const auto count = exportFioJson(results, dir.path());
        QVERIFY(count.ok());
        QCOMPARE(*count, 6);
        QFile file(dir.filePath(QStringLiteral("raid5-seq1m-qd8-write.json")));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray json = file.readAll();
        const QJsonObject job =
            QJsonDocument::fromJson(json).object().value(QStringLiteral("jobs")).toArray().first().toObject();
        QCOMPARE(job.value(QStringLiteral("write")).toObject().value(QStringLiteral("bw_bytes")).toDouble(), 150e6);
        QVERIFY(job.value(QStringLiteral("write"))
                    .toObject()
                    .value(QStringLiteral("clat_ns"))
                    .toObject()
                    .contains(QStringLiteral("percentile")));
        QCOMPARE(job.value(QStringLiteral("read")).toObject().value(QStringLiteral("bw_bytes")).toDouble(), 0.0);
        // And back in, as fio's own numbers beside ours.
        QVERIFY(importFioJson(results, "fio-3.33 notes before the JSON\n" + json, QStringLiteral("raid5")).ok());
        const ConfigResult* raid5 = results.config(QStringLiteral("raid5"));
        QCOMPARE(raid5->tests.size(), 2 + 3); // one fio job per run
        QCOMPARE(raid5->tests.last().source, QStringLiteral("fio"));
        QCOMPARE(raid5->tests.at(2).summary.bwMedian, 150e6);
        QCOMPARE(raid5->tests.last().summary.bwMedian, 160e6);
        QVERIFY(resultsToMarkdown(results).contains(QStringLiteral("[fio]")));
        QVERIFY(resultsToCsv(results).contains(QStringLiteral(",fio,")));
        QVERIFY(!importFioJson(results, "not json", QStringLiteral("x")).ok());
    }

    void comparingResultsFiles()
    {
        // Three runs of the same disks: configurations grouped by name, in the order of the files,
        // each file's own analysis, the disks of all with their label.
        QTemporaryDir dir;
        CampaignResults before = seed002();
        CampaignResults after = seed002();
        after.configs.removeIf([](const ConfigResult& config) { return config.name == QLatin1String("raid0"); });
        const QStringList paths {dir.filePath(QStringLiteral("before.json")),
                                 dir.filePath(QStringLiteral("after.json")),
                                 dir.filePath(QStringLiteral("later.json"))};
        QVERIFY(before.save(paths.at(0)).ok());
        QVERIFY(after.save(paths.at(1)).ok());
        QVERIFY(before.save(paths.at(2)).ok());
        QCOMPARE(compareLabels(paths), (QStringList {"before", "after", "later"}));
        QCOMPARE(compareLabels({QStringLiteral("/a/r.json"), QStringLiteral("/b/r.json")}), (QStringList {"a", "b"}));
        QCOMPARE(compareLabels({QStringLiteral("/a/r.json"), QStringLiteral("/a/r.json")}), (QStringList {"1", "2"}));
        const CampaignResults merged = compareResults(
            {{before, QStringLiteral("before")}, {after, QStringLiteral("after")}, {before, QStringLiteral("later")}});
        QStringList names;
        for (const ConfigResult& config : merged.configs) {
            names.append(config.name);
        }
        const qsizetype raid5 = names.indexOf(QStringLiteral("raid5 · before"));
        QVERIFY(raid5 >= 0);
        QCOMPARE(names.mid(raid5, 3), (QStringList {"raid5 · before", "raid5 · after", "raid5 · later"}));
        QCOMPARE(names.count(QStringLiteral("raid0 · after")), 0); // only where it was measured
        QCOMPARE(merged.disks.size(), 3 * before.disks.size());
        QVERIFY(merged.disks.first().name.endsWith(QStringLiteral(" · before")));

        // The same from the command line, as Markdown.
        const CliRun compared =
            runCli({QStringLiteral("report"), QStringLiteral("--compare"), paths.at(0), paths.at(1)});
        QCOMPARE(compared.exitCode, 0);
        QVERIFY2(compared.out.contains(QStringLiteral("| raid5 · before |")) &&
                     compared.out.contains(QStringLiteral("| raid5 · after |")),
                 qPrintable(compared.out.left(2000)));
        const CliRun one = runCli({QStringLiteral("report"), QStringLiteral("--compare"), paths.at(0)});
        QCOMPARE(one.exitCode, 2);
        QVERIFY2(one.err.contains(QStringLiteral("two or more results files")), qPrintable(one.err));
        const CliRun two = runCli({QStringLiteral("report"), paths.at(0), paths.at(1)});
        QCOMPARE(two.exitCode, 2);
    }

    void markdownHasTheSeedTables()
    {
        const QString md = resultsToMarkdown(seed002());
        QVERIFY(md.contains(QStringLiteral("## Disks on their own")));
        QVERIFY(md.contains(QStringLiteral("**slow**: 38.0 MB/s write, 36 %")));
        QVERIFY(md.contains(QStringLiteral("## Relative to one disk")));
        QVERIFY(md.contains(QStringLiteral("| raid5 | 4 | 143 % | 190 % | 75 % | 1 | one controller |")));
        QVERIFY(
            md.contains(QStringLiteral("| raid0 | raid0(4) | completed | 150.0 (140.0-160.0, CV 6.7 %) | 200.0 |")));
    }
};

QTEST_GUILESS_MAIN(TestCampaign)
#include "tst_campaign.moc"

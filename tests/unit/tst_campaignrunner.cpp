#include "../mock/fakedevicegate.h"
#include "../mock/pretendbuildmachine.h"
#include "campaign/campaignrunner.h"
#include "util/errorcodes.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <mutex>

using namespace RaidBench;
using RaidBench::Test::FakeDeviceGate;
using RaidBench::Test::PretendBuildMachine;

/// Whole campaigns in-process: the real runner, build executor, journal and results file, with the
/// commands recorded (RecordingCommandRunner), a gate over pretend disks (FakeDeviceGate) and an engine
/// that answers each job at once. What the lab tests check on kernel md, this checks in a second: the
/// order of the steps, what is saved, a failed build, a cancel.
class TestCampaignRunner : public QObject
{
    Q_OBJECT

private:
    /// The machine the fixture's campaigns run on: each part a test sets, this machine's otherwise.
    struct RecordedSystem final : LocalCampaignSystem
    {
        std::function<IoResult(const IoJob&, const IoEngine::ProgressCallback&)> io;
        std::function<QList<IoResult>(const QList<IoJob>&, const IoEngine::ProgressCallback&)> together;
        std::function<Result<Disk>(const QString&)> inspect;
        std::function<QString(const QString&)> md;
        std::function<MdSyncState(const QString&)> sync;
        std::function<void(int)> sleep;
        std::function<double()> clock;
        std::function<QDateTime()> wall;

        IoResult runIo(const IoJob& job, const std::atomic_bool* cancel,
                       const IoEngine::ProgressCallback& progress) const override
        {
            return io ? io(job, progress) : LocalCampaignSystem::runIo(job, cancel, progress);
        }
        QList<IoResult> runIoTogether(const QList<IoJob>& jobs, const std::atomic_bool* cancel,
                                      const IoEngine::ProgressCallback& progress) const override
        {
            return together ? together(jobs, progress) : LocalCampaignSystem::runIoTogether(jobs, cancel, progress);
        }
        Result<Disk> inspectDisk(const QString& node) const override
        {
            return inspect ? inspect(node) : LocalCampaignSystem::inspectDisk(node);
        }
        QString mdDirectory(const QString& device) const override
        {
            return md ? md(device) : LocalCampaignSystem::mdDirectory(device);
        }
        MdSyncState readSync(const QString& directory) const override
        {
            return sync ? sync(directory) : LocalCampaignSystem::readSync(directory);
        }
        void sleepMs(int milliseconds) const override
        {
            sleep ? sleep(milliseconds) : LocalCampaignSystem::sleepMs(milliseconds);
        }
        double seconds() const override { return clock ? clock() : LocalCampaignSystem::seconds(); }
        QDateTime wallClock() const override { return wall ? wall() : LocalCampaignSystem::wallClock(); }
    };

    /// A campaign's progress, commands and saves, each to a function a test sets.
    struct Watcher final : CampaignObserver
    {
        std::function<void(const CampaignProgress&)> progress;
        std::function<void(const CampaignResults&)> save;

        void progressed(const CampaignProgress& p) override
        {
            if (progress) {
                progress(p);
            }
        }
        void saved(const CampaignResults& results) override
        {
            if (save) {
                save(results);
            }
        }
    };

    static constexpr double writeMBps = 120;
    static constexpr double readMBps = 150;

    /// One campaign's parts, all in a temporary directory.
    struct Fixture
    {
        QTemporaryDir dir;
        RecordingCommandRunner runner;
        std::shared_ptr<FakeDeviceGate> gate = std::make_shared<FakeDeviceGate>(
            QStringList {QStringLiteral("/dev/sdb"), QStringLiteral("/dev/sdc"), QStringLiteral("/dev/sdd")});
        std::mutex mutex;
        QStringList jobs; ///< each job's target and pattern, in order
        std::function<void()> afterJob; ///< runs after each job (a test's cancel)
        std::shared_ptr<RecordedSystem> system = std::make_shared<RecordedSystem>();
        std::atomic_bool cancel = false;

        QString resultsPath() const { return dir.filePath(QStringLiteral("results.json")); }

        IoResult answer(const IoJob& job)
        {
            {
                std::lock_guard lock(mutex);
                jobs.append(QStringLiteral("%1 %2").arg(job.target, patternName(job.pattern)));
            }
            IoResult result;
            result.job = job;
            result.status = IoStatus::Completed;
            result.elapsedNs = 1'000'000'000;
            const bool writes = patternWrites(job.pattern);
            result.bytes = std::uint64_t((writes ? writeMBps : readMBps) * 1e6);
            (writes ? result.bytesWritten : result.bytesRead) = result.bytes;
            result.ios = result.bytes / job.blockSize;
            result.latency.p50 = 1'000'000;
            result.latency.p99 = 2'000'000;
            if (afterJob) {
                afterJob();
            }
            return result;
        }

        CampaignRunner::Options options()
        {
            CampaignRunner::Options options;
            options.resultsPath = resultsPath();
            options.fallbackDirectory = dir.filePath(QStringLiteral("fallback"));
            options.runner = &runner;
            options.executor.journalDirectory = dir.filePath(QStringLiteral("journal"));
            options.executor.etcRoot = dir.filePath(QStringLiteral("etc"));
            options.executor.procRoot = QStringLiteral("/nonexistent");
            options.executor.machine = std::make_shared<PretendBuildMachine>();
            options.executor.gate = gate;
            options.system = system;
            system->io = [this](const IoJob& job, const IoEngine::ProgressCallback&) { return answer(job); };
            system->together = [this](const QList<IoJob>& jobs, const IoEngine::ProgressCallback&) {
                QList<IoResult> results;
                for (const IoJob& job : jobs) {
                    results.append(answer(job));
                }
                return results;
            };
            system->inspect = [](const QString& node) -> Result<Disk> {
                Disk disk;
                disk.path = node;
                disk.name = node.section(QLatin1Char('/'), -1);
                disk.controller = QStringLiteral("0000:00:05.0");
                disk.transport = QStringLiteral("sata");
                return disk;
            };
            return options;
        }
    };

    static CampaignPlan plan(const QString& configurations = QStringLiteral("[\"raid0\",\"raid1\"]"))
    {
        const QString text =
            QStringLiteral("{\"raidbench_plan\":1,\"disks\":[\"/dev/sdb\",\"/dev/sdc\"],\"configurations\":%1,"
                           "\"tests\":[\"seq1m-qd8-write\",\"seq1m-qd8-read\"],\"limits\":{\"time\":\"1s\"}}")
                .arg(configurations);
        auto parsed = CampaignPlan::fromJson(QJsonDocument::fromJson(text.toUtf8()).object());
        if (!parsed) {
            qFatal("the test's plan does not parse: %s", qPrintable(parsed.error().message));
        }
        return *parsed;
    }

    static int count(const QList<QStringList>& commands, const QStringList& prefix)
    {
        int found = 0;
        for (const QStringList& argv : commands) {
            found += argv.mid(0, prefix.size()) == prefix ? 1 : 0;
        }
        return found;
    }

private Q_SLOTS:
    void aWholeCampaignRunsInProcess()
    {
        Fixture f;
        QList<CampaignPhase> phases;
        int saves = 0;
        Watcher watcher;
        watcher.progress = [&](const CampaignProgress& progress) {
            if (phases.isEmpty() || phases.last() != progress.phase) {
                phases.append(progress.phase);
            }
        };
        watcher.save = [&](const CampaignResults&) { ++saves; };
        CampaignRunner runner(plan(), f.options(), &watcher);
        const Result<void> prepared = runner.prepare();
        QVERIFY2(prepared.ok(), qPrintable(prepared.ok() ? QString() : prepared.error().message));
        const Result<CampaignResults> results = runner.run(&f.cancel);
        QVERIFY2(results.ok(), qPrintable(results.ok() ? QString() : results.error().message));
        QCOMPARE(results->status, RunState::Completed);

        // Each disk alone, then together (one controller: the pool once), then each configuration.
        QCOMPARE(results->disks.size(), 2);
        for (const DiskResult& disk : results->disks) {
            QCOMPARE(disk.writeBw.value_or(0), writeMBps * 1e6);
            QCOMPARE(disk.readBw.value_or(0), readMBps * 1e6);
            QCOMPARE(disk.controller, QStringLiteral("0000:00:05.0"));
        }
        QCOMPARE(results->configs.size(), 2);
        for (const ConfigResult& config : results->configs) {
            QVERIFY2(config.status == RunState::Completed, qPrintable(config.name + QLatin1Char(' ') + config.error));
            QCOMPARE(config.tests.size(), 2);
            for (const TestResult& test : config.tests) {
                QCOMPARE(test.status, RunState::Completed);
                QVERIFY(test.summary.runs >= 1);
                QCOMPARE(test.summary.bwMedian, (patternWrites(test.spec.pattern) ? writeMBps : readMBps) * 1e6);
            }
            QVERIFY(!config.commands.isEmpty());
        }
        // Every array built was torn down, and nothing is left in the journal.
        const QList<QStringList> commands = f.runner.commands();
        QCOMPARE(count(commands, {QStringLiteral("mdadm"), QStringLiteral("--create")}), 2);
        QCOMPARE(count(commands, {QStringLiteral("mdadm"), QStringLiteral("--stop")}), 2);
        QVERIFY(QDir(f.dir.filePath(QStringLiteral("journal"))).entryList(QDir::Files).isEmpty());
        // The steps in order, ending once; saved after every test at least, and the file is whole.
        QCOMPARE(phases.first(), CampaignPhase::Baseline);
        QCOMPARE(phases.last(), CampaignPhase::Done);
        QCOMPARE(phases.count(CampaignPhase::Build), 2);
        QCOMPARE(phases.count(CampaignPhase::Teardown), 2);
        QVERIFY(!phases.contains(CampaignPhase::Save)); // nothing went wrong saving
        QVERIFY(saves >= 4);
        const auto saved = CampaignResults::load(f.resultsPath());
        QVERIFY(saved.ok());
        QCOMPARE(saved->configs.size(), 2);
        QCOMPARE(saved->configs.at(1).status, RunState::Completed);
        QCOMPARE(runner.savedTo(), f.resultsPath());
        // The disks' jobs ran on the pinned disks, the configurations' on their arrays.
        QVERIFY(f.jobs.first().startsWith(QLatin1String("/dev/sd")));
        QVERIFY(f.jobs.last().startsWith(QLatin1String("/dev/md")));
    }

    void aFailedBuildIsRecordedAndTheCampaignGoesOn()
    {
        Fixture f;
        CommandResult refused;
        refused.started = true;
        refused.exitCode = 1;
        refused.err = QStringLiteral("mdadm: device /dev/sdb not suitable for any style of array");
        f.runner.answer({QStringLiteral("mdadm"), QStringLiteral("--create")}, refused);
        CampaignRunner runner(plan(), f.options());
        QVERIFY(runner.prepare().ok());
        const Result<CampaignResults> results = runner.run(&f.cancel);
        QVERIFY(results.ok());
        QCOMPARE(results->status, RunState::Completed); // the campaign ran to its end
        for (const ConfigResult& config : results->configs) {
            QCOMPARE(config.status, RunState::Failed);
            QVERIFY2(config.error.contains(QLatin1String("not suitable")), qPrintable(config.error));
            QVERIFY(config.tests.isEmpty());
        }
        // The disks' own measurements are kept, and nothing the failed builds began is left.
        QVERIFY(results->disks.first().writeBw.has_value());
        QVERIFY(QDir(f.dir.filePath(QStringLiteral("journal"))).entryList(QDir::Files).isEmpty());
    }

    void aCancelStopsAtOnceAndTearsDown()
    {
        Fixture f;
        // Cancelled during the first configuration's first test: its array still goes.
        f.afterJob = [&f] {
            if (f.jobs.last().startsWith(QLatin1String("/dev/md"))) {
                f.cancel = true;
            }
        };
        CampaignRunner runner(plan(), f.options());
        QVERIFY(runner.prepare().ok());
        const Result<CampaignResults> results = runner.run(&f.cancel);
        QVERIFY(results.ok());
        QCOMPARE(results->status, RunState::Cancelled);
        QCOMPARE(results->configs.at(0).status, RunState::Cancelled);
        QVERIFY(results->configs.at(1).status != RunState::Completed);
        const QList<QStringList> commands = f.runner.commands();
        QCOMPARE(count(commands, {QStringLiteral("mdadm"), QStringLiteral("--create")}), 1);
        QCOMPARE(count(commands, {QStringLiteral("mdadm"), QStringLiteral("--stop")}), 1);
        QVERIFY(QDir(f.dir.filePath(QStringLiteral("journal"))).entryList(QDir::Files).isEmpty());
        // What was measured before the cancel is kept in the file.
        const auto saved = CampaignResults::load(f.resultsPath());
        QVERIFY(saved.ok());
        QCOMPARE(saved->status, RunState::Cancelled);
        QVERIFY(saved->disks.first().writeBw.has_value());
    }

    void aFailureDrillRunsItsStepsInProcess()
    {
        // raid1 with the drill: a member failed, the tests on the degraded array, the member removed,
        // wiped and added back, the rebuild followed from md's (recorded) states to its end.
        Fixture f;
        CampaignRunner::Options options = f.options();
        double clock = 0;
        int recovering = 0;
        QStringList readFrom;
        f.system->md = [](const QString& device) {
            return QStringLiteral("/sys/test/%1/md").arg(device.section(QLatin1Char('/'), -1));
        };
        f.system->sync = [&](const QString& directory) {
            readFrom.append(directory);
            const bool added =
                std::any_of(f.runner.commands().cbegin(), f.runner.commands().cend(),
                            [](const QStringList& argv) { return argv.contains(QStringLiteral("--add")); });
            if (added && directory.startsWith(QLatin1String("/sys/test/")) && recovering < 5) {
                ++recovering;
                return MdSyncState::parse(QStringLiteral("recover"), QStringLiteral("%1 / 1000").arg(recovering * 200),
                                          QStringLiteral("1000"), QStringLiteral("1"));
            }
            return MdSyncState::parse(QStringLiteral("idle"), QStringLiteral("none"), QStringLiteral("0"),
                                      QStringLiteral("0"));
        };
        f.system->sleep = [&](int milliseconds) { clock += milliseconds / 1000.0; };
        f.system->clock = [&] { return clock; };
        auto drillPlan = CampaignPlan::fromJson(
            QJsonDocument::fromJson(
                "{\"raidbench_plan\":1,\"disks\":[\"/dev/sdb\",\"/dev/sdc\"],\"configurations\":[\"raid1\"],"
                "\"tests\":[\"seq1m-qd8-write\",\"seq1m-qd8-read\"],\"limits\":{\"time\":\"1s\"},\"drill\":true}")
                .object());
        QVERIFY2(drillPlan.ok(), qPrintable(drillPlan.ok() ? QString() : drillPlan.error().message));
        CampaignRunner runner(*drillPlan, options);
        QVERIFY(runner.prepare().ok());
        const Result<CampaignResults> results = runner.run(&f.cancel);
        QVERIFY(results.ok());
        const ConfigResult& config = results->configs.first();
        QVERIFY2(config.drill.has_value(), "the drill was not planned");
        QVERIFY2(config.drill->status == RunState::Completed, qPrintable(config.drill->error));
        // The steps, in order, each on the array the build made.
        const QList<QStringList> commands = f.runner.commands();
        const auto at = [&](const QString& step) {
            for (qsizetype i = 0; i < commands.size(); ++i) {
                if (commands.at(i).size() > 3 && commands.at(i).at(0) == QLatin1String("mdadm") &&
                    commands.at(i).at(1) == QLatin1String("--manage") && commands.at(i).at(3) == step) {
                    return i;
                }
            }
            return qsizetype(-1);
        };
        QVERIFY(at(QStringLiteral("--fail")) > 0);
        QVERIFY(at(QStringLiteral("--fail")) < at(QStringLiteral("--remove")));
        QVERIFY(at(QStringLiteral("--remove")) < at(QStringLiteral("--add")));
        QVERIFY(at(QStringLiteral("--add")) <
                commands.indexOf(QStringList {QStringLiteral("mdadm"), QStringLiteral("--stop"),
                                              commands.at(at(QStringLiteral("--add"))).at(2)}));
        QVERIFY(!config.drill->degraded.isEmpty());
        QVERIFY(config.drill->rebuild.has_value());
        QVERIFY(config.drill->rebuild->completed);
        QCOMPARE(config.drill->rebuild->bytes, std::uint64_t(1000) * 512);
        QVERIFY(config.drill->rebuild->seconds > 0);
        QVERIFY(
            readFrom.contains(QStringLiteral("/sys/test/%1/md")
                                  .arg(commands.at(at(QStringLiteral("--add"))).at(2).section(QLatin1Char('/'), -1))));
    }

    void theResourceMonitorReadsTheCountersItIsGiven()
    {
        // A tree of /sys and /proc counters that each fake run moves as a busy disk would: every
        // member busy all the time, writing; the cores idle. Each test then names the disks as its
        // bound, from these counters and no others.
        Fixture f;
        const QDir root(f.dir.filePath(QStringLiteral("root")));
        QVERIFY(root.mkpath(QStringLiteral("proc")));
        double busyMs = 0;
        const auto writeCounters = [&] {
            for (const QString& disk : QStringList {QStringLiteral("sdb"), QStringLiteral("sdc")}) {
                QVERIFY(root.mkpath(QStringLiteral("sys/class/block/") + disk));
                QFile stat(root.filePath(QStringLiteral("sys/class/block/%1/stat").arg(disk)));
                QVERIFY(stat.open(QIODevice::WriteOnly | QIODevice::Truncate));
                // reads merged sectors ticks writes merged sectors ticks in_flight io_ticks ...
                stat.write(QStringLiteral("0 0 0 0 100 0 %1 0 0 %2 0\n").arg(busyMs * 100).arg(busyMs).toUtf8());
            }
            QFile cpu(root.filePath(QStringLiteral("proc/stat")));
            QVERIFY(cpu.open(QIODevice::WriteOnly | QIODevice::Truncate));
            cpu.write(QStringLiteral("cpu 0 0 0 %1 0 0 0 0 0 0\n").arg(busyMs / 10).toUtf8());
        };
        writeCounters();
        f.afterJob = [&] {
            busyMs += 60'000; // more than the run lasted: the monitor counts it as busy the whole time
            writeCounters();
        };
        CampaignRunner::Options options = f.options();
        options.monitorRoot = root.path();
        CampaignRunner runner(plan(QStringLiteral("[\"raid1\"]")), options);
        QVERIFY(runner.prepare());
        auto results = runner.run();
        QVERIFY(results);
        const ConfigResult& config = results->configs.first();
        QCOMPARE(config.tests.size(), 2);
        for (const TestResult& test : config.tests) {
            QVERIFY(test.resources);
            QCOMPARE(test.resources->boundBy, Bound::Disks);
            QStringList busy;
            for (const auto& [disk, share] : test.resources->diskBusy) {
                QCOMPARE(share, 1.0);
                busy.append(disk);
            }
            QCOMPARE(busy, (QStringList {QStringLiteral("sdb"), QStringLiteral("sdc")}));
            QVERIFY(test.resources->memberWriteBytes > 0);
            QCOMPARE(test.resources->cpuBusy, 0.0);
        }
    }

    void aDiskThatStopsAnsweringIsSaidWhileTheRunWaits()
    {
        // The engine says how long its I/O has been in flight with none completing; past 30 s the
        // progress says so, in steps of ten seconds (a line each where lines print only on change).
        Fixture f;
        CampaignRunner::Options options = f.options();
        f.system->io = [&](const IoJob& job, const IoEngine::ProgressCallback& progress) {
            for (const std::uint64_t seconds : {0, 29, 31, 45, 52}) {
                IoProgress p;
                p.stalledNs = seconds * 1'000'000'000ull;
                progress(p);
            }
            return f.answer(job);
        };
        // The disks measured together: the engine reports their progress as one, with the longest stall
        // (IoProgress::stalledJob names whose: the second disk's here, which the words must name).
        QString secondDisk;
        f.system->together = [&](const QList<IoJob>& jobs, const IoEngine::ProgressCallback& progress) {
            secondDisk = jobs.value(1).target;
            IoProgress p;
            p.stalledNs = 45'000'000'000ull;
            p.stalledJob = 1;
            progress(p);
            QList<IoResult> results;
            for (const IoJob& job : jobs) {
                results.append(f.answer(job));
            }
            return results;
        };
        QStringList messages;
        QStringList together;
        Watcher watcher;
        watcher.progress = [&](const CampaignProgress& progress) {
            if (progress.phase == CampaignPhase::Test && (messages.isEmpty() || messages.last() != progress.message)) {
                messages.append(progress.message);
            }
            if (progress.phase == CampaignPhase::Baseline && progress.testName.endsWith(QLatin1String("together"))) {
                together.append(progress.message);
            }
        };
        CampaignRunner runner(plan(QStringLiteral("[\"raid1\"]")), options, &watcher);
        QVERIFY(runner.prepare());
        QVERIFY(runner.run());
        QVERIFY(messages.size() >= 3);
        QVERIFY2(!messages.at(0).contains(QLatin1String("no I/O")), qPrintable(messages.at(0)));
        QVERIFY2(messages.at(1).contains(QRegularExpression(
                     QStringLiteral("no I/O on /dev/md/\\S+ has completed for 30 s: a disk is not answering"))),
                 qPrintable(messages.at(1)));
        QVERIFY2(messages.at(2).contains(QLatin1String("has completed for 40 s")), qPrintable(messages.at(2)));
        QVERIFY2(messages.at(2).startsWith(messages.at(0)), qPrintable(messages.at(2)));
        QVERIFY(!together.isEmpty());
        QVERIFY2(together.last().contains(QRegularExpression(
                     QStringLiteral("together: .* - no I/O on /dev/sd[a-z]+ has completed for 40 s"))),
                 qPrintable(together.join(QLatin1Char('\n'))));
        QVERIFY(secondDisk.startsWith(QLatin1String("/dev/sd")));
        QVERIFY2(together.last().contains(QStringLiteral("no I/O on %1 has").arg(secondDisk)),
                 qPrintable(together.last()));
    }

    void aFullDiskSendsTheResultsElsewhere()
    {
        Fixture f;
        const CampaignRunner::Options options = f.options();
        QList<QString> told;
        Watcher watcher;
        watcher.progress = [&](const CampaignProgress& progress) {
            if (progress.phase == CampaignPhase::Save) {
                told.append(progress.message);
            }
        };
        CampaignRunner watched(plan(QStringLiteral("[\"raid1\"]")), options, &watcher);
        // A directory where the results file goes: every write of it fails, as on a full disk.
        QVERIFY(QDir().mkpath(f.resultsPath()));
        QVERIFY(watched.prepare().ok());
        const Result<CampaignResults> results = watched.run(&f.cancel);
        QVERIFY(results.ok());
        QCOMPARE(told.size(), 1);
        QVERIFY2(told.first().contains(QLatin1String("from now on")), qPrintable(told.first()));
        QVERIFY(watched.savedTo() != f.resultsPath());
        QVERIFY(watched.savedTo().startsWith(f.dir.filePath(QStringLiteral("fallback"))));
        const auto saved = CampaignResults::load(watched.savedTo());
        QVERIFY(saved.ok());
        QCOMPARE(saved->configs.first().status, RunState::Completed);
    }

    void theClocksAreTheOnesItIsGiven()
    {
        // Each configuration's time is taken on the clock the runner is given, and the results are
        // stamped with its wall clock: a job here takes three seconds of that clock, and nothing else
        // moves it.
        Fixture f;
        double seconds = 0;
        f.afterJob = [&] { seconds += 3; };
        CampaignRunner::Options options = f.options();
        const QDateTime stamp(QDate(2026, 1, 2), QTime(3, 4, 5), Qt::UTC);
        f.system->wall = [&] { return stamp; };
        f.system->clock = [&] { return seconds; };
        CampaignRunner runner(plan(QStringLiteral("[\"raid1\"]")), options);
        QVERIFY(runner.prepare().ok());
        const Result<CampaignResults> results = runner.run(&f.cancel);
        QVERIFY(results.ok());
        QCOMPARE(results->created, QStringLiteral("2026-01-02T03:04:05Z"));
        QCOMPARE(results->updated, results->created);
        const ConfigResult& config = results->configs.first();
        QCOMPARE(config.status, RunState::Completed);
        const qsizetype onArray = f.jobs.filter(QRegularExpression(QStringLiteral("^/dev/md"))).size();
        QVERIFY(onArray >= 2);
        QCOMPARE(config.seconds, 3.0 * double(onArray));
    }
};

QTEST_GUILESS_MAIN(TestCampaignRunner)
#include "tst_campaignrunner.moc"

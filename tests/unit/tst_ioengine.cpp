#include "engine/blockbuffers.h"
#include "engine/ioengine.h"
#include "engine/iorunner.h"
#include "engine/ioscheduler.h"
#include "engine/iostats.h"
#include "engine/iotogether.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>

#include <sys/stat.h>
#include <thread>

using namespace RaidBench;

class TestIoEngine final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString path(const QString& name) const { return m_dir.filePath(name); }

    static IoJob job(const QString& target, IoPattern pattern, std::uint32_t bs, int qd, std::uint64_t size)
    {
        IoJob j;
        j.target = target;
        j.pattern = pattern;
        j.blockSize = bs;
        j.queueDepth = qd;
        j.sizeLimit = size;
        return j;
    }

    /// Whether this kernel hands out transparent huge pages to a mapping that asks (madvise or always).
    static bool transparentHugePagesOffered()
    {
        QFile mode(QStringLiteral("/sys/kernel/mm/transparent_hugepage/enabled"));
        return mode.open(QIODevice::ReadOnly) && !mode.readAll().contains("[never]");
    }

    static QByteArray readAll(const QString& file)
    {
        QFile f(file);
        if (!f.open(QIODevice::ReadOnly)) {
            return {};
        }
        return f.readAll();
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void writesExactByteCount_data()
    {
        QTest::addColumn<bool>("sync");
        QTest::addColumn<bool>("direct");
        QTest::addColumn<int>("qd");
        QTest::newRow("io_uring direct qd4") << false << true << 4;
        QTest::newRow("io_uring buffered qd8") << false << false << 8;
        QTest::newRow("sync direct") << true << true << 1;
        QTest::newRow("sync buffered") << true << false << 1;
    }
    void aShortTailJoinsTheLastSample()
    {
        constexpr std::uint64_t ms = 1'000'000;
        constexpr std::uint32_t mib = 1 << 20;
        // 10 MiB every 100 ms for 300 ms, then the 8 MiB in flight completes 20 ms after the last sample.
        IoStats stats(0);
        stats.begin(0);
        for (int i = 1; i <= 3; ++i) {
            for (int k = 0; k < 10; ++k) {
                stats.complete(ms, mib, true);
            }
            QVERIFY(stats.tick(std::uint64_t(i) * 100 * ms).sampled);
        }
        for (int k = 0; k < 8; ++k) {
            stats.complete(ms, mib, true);
        }
        stats.finish(320 * ms);
        IoResult result;
        stats.fill(result);
        QCOMPARE(result.samples.size(), std::size_t(3));
        // 18 MiB over the last 120 ms, not 8 MiB in 20 ms (419 MB/s).
        QCOMPARE(result.samples.back().tNs, 320 * ms);
        QCOMPARE(result.samples.back().bytes, std::uint64_t(18) * mib);
        QVERIFY(qAbs(result.samples.back().bwBytes - 18.0 * mib / 0.120) < 1.0);
        std::uint64_t total = 0;
        for (const IoSample& sample : result.samples) {
            total += sample.bytes;
        }
        QCOMPARE(total, result.bytes);

        // A tail of half an interval or more is a sample of its own.
        IoStats longer(0);
        longer.begin(0);
        longer.complete(ms, mib, true);
        QVERIFY(longer.tick(100 * ms).sampled);
        longer.complete(ms, mib, true);
        longer.finish(160 * ms);
        IoResult second;
        longer.fill(second);
        QCOMPARE(second.samples.size(), std::size_t(2));
        QCOMPARE(second.samples.back().bytes, std::uint64_t(mib));
    }

    void writesExactByteCount()
    {
        QFETCH(bool, sync);
        QFETCH(bool, direct);
        QFETCH(int, qd);
        const QString file =
            path(QStringLiteral("exact-%1").arg(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_')));
        IoJob j = job(file, IoPattern::Write, 64 * 1024, qd, 8u << 20);
        j.forceSync = sync;
        j.direct = direct;
        const IoResult r = IoEngine::run(j);
        QVERIFY2(r.status == IoStatus::Completed, qPrintable(r.error ? r.error->message : QString()));
        QCOMPARE(r.bytes, 8ull << 20);
        QCOMPARE(r.bytesWritten, 8ull << 20);
        QCOMPARE(r.ios, 128ull);
        QCOMPARE(r.ioPath, sync ? QStringLiteral("sync") : QStringLiteral("io_uring"));
        QCOMPARE(r.effectiveQueueDepth, qd);
        QVERIFY(r.createdFile);
        QCOMPARE(QFileInfo(file).size(), qint64(8 << 20));
        QVERIFY(r.elapsedNs > 0);
        QVERIFY(r.latency.min > 0 && r.latency.min <= r.latency.p50 && r.latency.p50 <= r.latency.max);
        QVERIFY(r.fioCommand.contains(QStringLiteral("--rw=write")));
        QVERIFY(r.ddCommand.startsWith(QStringLiteral("dd ")));
        QVERIFY(r.ddCommand.contains(QStringLiteral("count=128")));
    }

    void zerosReadBackAsZeros()
    {
        const QString file = path(QStringLiteral("zeros"));
        IoJob j = job(file, IoPattern::Write, 128 * 1024, 4, 4u << 20);
        j.data = DataPattern::Zeros;
        QCOMPARE(IoEngine::run(j).status, IoStatus::Completed);
        const QByteArray data = readAll(file);
        QCOMPARE(data.size(), 4 << 20);
        QCOMPARE(data.count('\0'), data.size());
    }

    void randomBlocksDifferAndLandWhereWritten()
    {
        const QString file = path(QStringLiteral("random"));
        IoJob j = job(file, IoPattern::Write, 16 * 1024, 8, 4u << 20);
        j.seed = 0x1234567890abcdefull;
        QCOMPARE(IoEngine::run(j).status, IoStatus::Completed);
        const QByteArray data = readAll(file);
        QCOMPARE(data.size(), 4 << 20);
        QSet<QByteArray> hashes;
        for (int at = 0; at < data.size(); at += 4096) {
            const QByteArray piece = data.mid(at, 4096);
            hashes.insert(QCryptographicHash::hash(piece, QCryptographicHash::Sha1));
            std::uint64_t word = 0;
            std::memcpy(&word, piece.constData(), sizeof(word));
            // Every 4 KiB piece carries its own offset: the data landed where the engine meant it to.
            QCOMPARE(word, j.seed ^ std::uint64_t(at));
        }
        QCOMPARE(hashes.size(), (4 << 20) / 4096);
        // Incompressible: zlib cannot shrink a block (zeros or a repeated pattern would shrink to almost
        // nothing). Each block, not a run of them: the queue's buffers are reused, so two neighbouring
        // blocks written from the same buffer differ only in their stamps, and a compressor whose window
        // holds both finds that (fio's scramble_buffers has the same property). Which buffer lands next
        // to which depends on the order of completions, so a whole-file ratio varied with the machine's
        // load (98.5 % once under a busy CI); a block's does not.
        for (int at = 0; at < data.size(); at += 16 * 1024) {
            const QByteArray compressed = qCompress(data.mid(at, 16 * 1024), 9);
            QVERIFY2(compressed.size() > 16 * 1024 * 99 / 100,
                     qPrintable(QStringLiteral("block at %1: %2 bytes").arg(at).arg(compressed.size())));
        }
    }

    void readsBackWhatWasWritten()
    {
        const QString file = path(QStringLiteral("readback"));
        QCOMPARE(IoEngine::run(job(file, IoPattern::Write, 1 << 20, 4, 16u << 20)).status, IoStatus::Completed);
        IoJob read = job(file, IoPattern::Read, 1 << 20, 4, 0);
        const IoResult r = IoEngine::run(read);
        QCOMPARE(r.status, IoStatus::Completed);
        QVERIFY(!r.createdFile);
        QCOMPARE(r.bytes, 16ull << 20);
        QCOMPARE(r.bytesRead, 16ull << 20);
        QVERIFY(r.ddCommand.contains(QStringLiteral("iflag=direct")));
    }

    void readOfNewFileLaysItOutFirst()
    {
        const QString file = path(QStringLiteral("layout"));
        const IoResult r = IoEngine::run(job(file, IoPattern::RandRead, 4096, 16, 2u << 20));
        QCOMPARE(r.status, IoStatus::Completed);
        QVERIFY(r.createdFile);
        QVERIFY(r.notes.join(QLatin1Char(' ')).contains(QStringLiteral("before reading")));
        struct stat st
        { };
        QCOMPARE(::stat(QFile::encodeName(file).constData(), &st), 0);
        QVERIFY2(st.st_blocks * 512 >= 2 << 20, "the new file was left sparse; reads would see holes");
    }

    void existingFileIsNeverTruncated()
    {
        const QString file = path(QStringLiteral("existing"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(1 << 20, 'x'));
        f.close();
        const IoResult r = IoEngine::run(job(file, IoPattern::Write, 64 * 1024, 1, 128 * 1024));
        QCOMPARE(r.status, IoStatus::Completed);
        QVERIFY(!r.createdFile);
        QCOMPARE(QFileInfo(file).size(), qint64(1 << 20));
    }

    void timeLimitHonouredAndSequentialWraps()
    {
        const QString file = path(QStringLiteral("timed"));
        QCOMPARE(IoEngine::run(job(file, IoPattern::Write, 1 << 20, 1, 4u << 20)).status, IoStatus::Completed);
        IoJob j = job(file, IoPattern::Read, 64 * 1024, 4, 0);
        j.direct = false; // page cache: fast enough to wrap around a 4 MiB file many times
        j.timeLimitNs = 400'000'000;
        QElapsedTimer timer;
        timer.start();
        const IoResult r = IoEngine::run(j);
        QCOMPARE(r.status, IoStatus::Completed);
        QVERIFY2(r.elapsedNs >= 400'000'000 && r.elapsedNs < 700'000'000, qPrintable(QString::number(r.elapsedNs)));
        QVERIFY2(r.bytes > (4u << 20), "a time-based sequential run did not wrap around");
        QVERIFY(timer.elapsed() < 2000);
        // A sample about every 100 ms, each at least 100 ms after the previous one.
        QVERIFY2(r.samples.size() >= 3 && r.samples.size() <= 6, qPrintable(QString::number(r.samples.size())));
        for (std::size_t i = 1; i + 1 < r.samples.size(); ++i) {
            QVERIFY(r.samples[i].tNs - r.samples[i - 1].tNs >= 100'000'000);
        }
        std::uint64_t sampled = 0;
        for (const auto& s : r.samples) {
            sampled += s.bytes;
        }
        QCOMPARE(sampled, r.bytes);
    }

    void runsTogetherAddUpOnlyTheirCommonTime()
    {
        // Two reads at once, each its own thread: both measured.
        QList<IoJob> jobs;
        for (const char* name : {"together-a", "together-b"}) {
            const QString file = path(QLatin1String(name));
            QCOMPARE(IoEngine::run(job(file, IoPattern::Write, 1 << 20, 1, 4u << 20)).status, IoStatus::Completed);
            IoJob j = job(file, IoPattern::Read, 64 * 1024, 4, 0);
            j.direct = false;
            j.timeLimitNs = 400'000'000;
            jobs.append(j);
        }
        // Their progress comes as one, on this thread, while they run: both jobs' bytes in it.
        const std::thread::id caller = std::this_thread::get_id();
        int reports = 0;
        bool onCaller = true;
        std::uint64_t lastBytes = 0;
        const QList<IoResult> runs = IoTogether::run(jobs, nullptr, [&](const IoProgress& p) {
            ++reports;
            onCaller = onCaller && std::this_thread::get_id() == caller;
            lastBytes = p.bytes;
            QVERIFY(p.stalledJob == 0 || p.stalledJob == 1); // a job of this run (a gap of a poll may name either)
        });
        QCOMPARE(runs.size(), 2);
        std::uint64_t total = 0;
        for (const IoResult& run : runs) {
            QCOMPARE(run.status, IoStatus::Completed);
            QVERIFY(run.measureStartNs > 0);
            total += run.bytes;
        }
        QVERIFY(reports >= 2);
        QVERIFY(onCaller);
        QVERIFY(lastBytes > std::max(runs.at(0).bytes, runs.at(1).bytes) / 2);
        QVERIFY(lastBytes <= total);
        // (Whether they overlapped depends on the host's load: the made-up runs below check the figure.)
        const auto together = overlappedBandwidth(runs);
        QVERIFY(!together || *together > 0);

        // Made up: a run of 100 MB/s for 1 s, and one of 100 MB/s that started half a second later.
        // Together they moved 200 MB/s for the half second they shared, not the sum of 2 x 100 over
        // their own times; runs that never met, or one that measured nothing, give no figure.
        auto made = [](std::uint64_t start) {
            IoResult run;
            run.measureStartNs = start;
            run.elapsedNs = 1'000'000'000;
            run.bytes = 100'000'000;
            for (std::uint64_t t = 100'000'000; t <= 1'000'000'000; t += 100'000'000) {
                run.samples.push_back(IoSample {t, 10'000'000, 100e6});
            }
            return run;
        };
        QCOMPARE(qRound(*overlappedBandwidth({made(1'000'000'000), made(1'500'000'000)}) / 1e6), 200);
        QVERIFY(!overlappedBandwidth({made(1'000'000'000), made(5'000'000'000)}));
        QVERIFY(!overlappedBandwidth({made(1'000'000'000), IoResult()}));
        IoResult skewed = made(1'500'000'000);
        for (IoSample& sample : skewed.samples) {
            sample.bytes = sample.tNs <= 500'000'000 ? 2'000'000 : 18'000'000; // slow together, fast alone
        }
        QCOMPARE(qRound(*overlappedBandwidth({made(1'000'000'000), skewed}) / 1e6), 120);
    }

    void rampIsNotMeasured()
    {
        const QString file = path(QStringLiteral("ramp"));
        QCOMPARE(IoEngine::run(job(file, IoPattern::Write, 1 << 20, 1, 4u << 20)).status, IoStatus::Completed);
        IoJob j = job(file, IoPattern::Read, 64 * 1024, 1, 0);
        j.direct = false;
        j.rampNs = 300'000'000;
        j.timeLimitNs = 300'000'000;
        QElapsedTimer timer;
        timer.start();
        const IoResult r = IoEngine::run(j);
        QCOMPARE(r.status, IoStatus::Completed);
        QVERIFY(timer.elapsed() >= 600);
        QVERIFY2(r.elapsedNs >= 300'000'000 && r.elapsedNs < 500'000'000, qPrintable(QString::number(r.elapsedNs)));
        QVERIFY(r.fioCommand.contains(QStringLiteral("--ramp_time=")));
    }

    void cancelReturnsWithin100ms()
    {
        const QString file = path(QStringLiteral("cancel"));
        QCOMPARE(IoEngine::run(job(file, IoPattern::Write, 1 << 20, 1, 8u << 20)).status, IoStatus::Completed);
        IoJob j = job(file, IoPattern::RandRead, 4096, 8, 0);
        j.timeLimitNs = 30'000'000'000ull;
        std::atomic_bool cancel {false};
        IoResult result;
        std::atomic<qint64> returnedAt {0};
        QElapsedTimer clock;
        clock.start();
        std::thread worker([&] {
            result = IoEngine::run(j, &cancel);
            returnedAt = clock.nsecsElapsed();
        });
        QTest::qSleep(300);
        const qint64 cancelledAt = clock.nsecsElapsed();
        cancel.store(true);
        worker.join();
        const double latencyMs = double(returnedAt - cancelledAt) / 1e6;
        qInfo("cancel latency: %.1f ms", latencyMs);
        QVERIFY2(latencyMs < 100, qPrintable(QStringLiteral("%1 ms").arg(latencyMs)));
        QCOMPARE(result.status, IoStatus::Cancelled);
        QVERIFY(result.bytes > 0);
        QVERIFY(!result.error);
    }

    void aFinishEndsNormallyAndACancelSkipsTheFlush()
    {
        // A finish (a sustained write whose rate settled) ends the run as its time limit would, and the
        // write cache is flushed after it; a cancel stops at once, with no flush (a stalled disk's flush
        // has no time limit).
        const QString file = path(QStringLiteral("finish"));
        QCOMPARE(IoEngine::run(job(file, IoPattern::Write, 1 << 20, 1, 8u << 20)).status, IoStatus::Completed);
        for (const bool asCancel : {false, true}) {
            IoJob j = job(file, IoPattern::Write, 1 << 20, 4, 0);
            j.flushAfter = true;
            j.timeLimitNs = 30'000'000'000ull;
            std::atomic_bool stop {false};
            if (!asCancel) {
                j.finish = &stop;
            }
            IoResult result;
            std::thread worker([&] { result = IoEngine::run(j, asCancel ? &stop : nullptr); });
            QTest::qSleep(300);
            stop.store(true);
            worker.join();
            QCOMPARE(result.status, asCancel ? IoStatus::Cancelled : IoStatus::Completed);
            QVERIFY(result.bytes > 0);
            QVERIFY(result.elapsedNs < 5'000'000'000ull);
            QCOMPARE(result.flushAfterNs > 0, !asCancel);
        }
    }

    void aWriteKeepsItsRampForWhatPassedTheCaches()
    {
        // The ramp's writes and time are kept apart from the figures, and with the flush after the run
        // they make the rate the media took: every byte over the time until the flush ended.
        const QString file = path(QStringLiteral("through"));
        QCOMPARE(IoEngine::run(job(file, IoPattern::Write, 1 << 20, 1, 8u << 20)).status, IoStatus::Completed);
        IoJob j = job(file, IoPattern::Write, 64 * 1024, 2, 0);
        j.rampNs = 100'000'000;
        j.timeLimitNs = 300'000'000;
        j.flushAfter = true;
        const IoResult result = IoEngine::run(j);
        QCOMPARE(result.status, IoStatus::Completed);
        QVERIFY(result.rampElapsedNs >= 100'000'000 && result.rampElapsedNs < 1'000'000'000);
        QVERIFY(result.rampBytesWritten > 0);
        QVERIFY(result.flushAfterNs > 0);
        const std::optional<double> through = result.writtenThroughBw();
        QVERIFY(through.has_value());
        const double expected = double(result.rampBytesWritten + result.bytesWritten) * 1e9 /
            double(result.rampElapsedNs + result.elapsedNs + result.flushAfterNs);
        QCOMPARE(*through, expected);
        // Kept in the results, and read back.
        const auto reread = IoResult::fromJson(result.toJson());
        QVERIFY(reread.ok());
        QCOMPARE(reread->rampBytesWritten, result.rampBytesWritten);
        QCOMPARE(reread->rampElapsedNs, result.rampElapsedNs);
        QCOMPARE(*reread->writtenThroughBw(), *through);
        // No flush after it, or a read: no such figure.
        j.flushAfter = false;
        QVERIFY(!IoEngine::run(j).writtenThroughBw());
        IoJob read = job(file, IoPattern::Read, 64 * 1024, 2, 0);
        read.timeLimitNs = 200'000'000;
        read.flushAfter = true;
        QVERIFY(!IoEngine::run(read).writtenThroughBw());
    }

    void progressAtMostEvery100ms()
    {
        const QString file = path(QStringLiteral("progress"));
        QCOMPARE(IoEngine::run(job(file, IoPattern::Write, 1 << 20, 1, 4u << 20)).status, IoStatus::Completed);
        IoJob j = job(file, IoPattern::Read, 64 * 1024, 2, 0);
        j.direct = false;
        j.timeLimitNs = 500'000'000;
        std::vector<IoProgress> reports;
        QElapsedTimer clock;
        std::vector<qint64> times;
        clock.start();
        IoEngine::run(j, nullptr, [&](const IoProgress& p) {
            reports.push_back(p);
            times.push_back(clock.nsecsElapsed());
        });
        QVERIFY(reports.size() >= 3 && reports.size() <= 6);
        for (std::size_t i = 1; i < times.size(); ++i) {
            QVERIFY(times[i] - times[i - 1] >= 99'000'000);
            QVERIFY(reports[i].bytes >= reports[i - 1].bytes);
            QVERIFY(reports[i].fraction >= reports[i - 1].fraction);
        }
    }

    void mixedPatternHonoursReadPercentage()
    {
        const QString file = path(QStringLiteral("mixed"));
        IoJob j = job(file, IoPattern::RandReadWrite, 4096, 16, 32u << 20);
        j.readPercent = 70;
        const IoResult r = IoEngine::run(j);
        QCOMPARE(r.status, IoStatus::Completed);
        QCOMPARE(r.bytesRead + r.bytesWritten, r.bytes);
        const double share = double(r.bytesRead) / double(r.bytes);
        QVERIFY2(share > 0.67 && share < 0.73, qPrintable(QString::number(share)));
        QVERIFY(r.ddCommand.isEmpty());
        QVERIFY(r.fioCommand.contains(QStringLiteral("--rwmixread=70")));
        // Reads and writes are kept apart, each with its own count and latency; together they are the total.
        QCOMPARE(r.read.bytes, r.bytesRead);
        QCOMPARE(r.write.bytes, r.bytesWritten);
        QCOMPARE(r.read.ios + r.write.ios, r.ios);
        QCOMPARE(r.read.bytes, r.read.ios * 4096);
        QVERIFY(r.read.latency.p50 > 0 && r.write.latency.p50 > 0);
        QVERIFY(r.latency.min == std::min(r.read.latency.min, r.write.latency.min));
        QVERIFY(r.latency.max == std::max(r.read.latency.max, r.write.latency.max));
        QVERIFY(r.latency.p50 >= std::min(r.read.latency.p50, r.write.latency.p50));
        QVERIFY(r.latency.p50 <= std::max(r.read.latency.p50, r.write.latency.p50));
        QVERIFY(qAbs(r.bandwidth(r.read) + r.bandwidth(r.write) - r.bandwidth()) < 1.0);
        const QJsonObject json = r.toJson(false);
        for (const char* side : {"read", "write"}) {
            const QJsonObject part = json.value(QLatin1String(side)).toObject();
            for (const char* key : {"bytes", "ios", "bw_bytes", "iops", "lat_ns"}) {
                QVERIFY2(part.contains(QLatin1String(key)), key);
            }
        }
        QCOMPARE(json.value(QStringLiteral("latency_timing")).toString(), QStringLiteral("per-io"));
        const auto back = IoResult::fromJson(json);
        QVERIFY(back.ok());
        QCOMPARE(back->write.latency.p99, r.write.latency.p99);
        QCOMPARE(back->read.ios, r.read.ios);
    }

    void olderResultsSayTheirLatencyWasBatchTimed()
    {
        IoJob j = job(path(QStringLiteral("old")), IoPattern::Write, 4096, 1, 64 << 10);
        QJsonObject json = IoEngine::run(j).toJson(false);
        json.remove(QStringLiteral("latency_timing"));
        json.remove(QStringLiteral("read"));
        json.remove(QStringLiteral("write"));
        const auto back = IoResult::fromJson(json);
        QVERIFY(back.ok());
        QCOMPARE(back->latencyTiming, QStringLiteral("batch"));
        QCOMPARE(back->write.bytes, std::uint64_t(64 << 10));
        QCOMPARE(back->read.bytes, std::uint64_t(0));
        // Saved again as it was: no read/write parts with latencies nobody measured.
        const QJsonObject again = back->toJson(false);
        QVERIFY(!again.contains(QStringLiteral("read")) && !again.contains(QStringLiteral("write")));
        QCOMPARE(again.value(QStringLiteral("latency_timing")).toString(), QStringLiteral("batch"));
    }

    void eachCompletionIsTimedOnItsOwn()
    {
        // At QD 16 the I/Os of one batch complete at different moments: per-I/O timing gives them
        // different latencies, where one clock read per batch would give many the same value.
        IoJob j = job(path(QStringLiteral("perio")), IoPattern::RandRead, 4096, 16, 16u << 20);
        const IoResult r = IoEngine::run(j);
        QCOMPARE(r.status, IoStatus::Completed);
        if (r.ioPath != QLatin1String("io_uring")) {
            QSKIP("io_uring is not available here");
        }
        QVERIFY(r.latency.min < r.latency.p50);
        QVERIFY(r.latency.p50 <= r.latency.p99);
        // Little's law: the mean latency of a run at depth QD is about QD / IOPS.
        const double little = 16.0 / r.iops() * 1e9;
        QVERIFY2(r.latency.mean > 0.5 * little && r.latency.mean < 1.5 * little,
                 qPrintable(QStringLiteral("mean %1 ns, QD/IOPS %2 ns").arg(r.latency.mean).arg(little)));
    }

    void refusals_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<int>("pattern");
        QTest::addColumn<quint32>("bs");
        QTest::addColumn<quint64>("offset");
        QTest::addColumn<quint64>("size");
        QTest::addColumn<QString>("code");
        QTest::newRow("directory") << QStringLiteral("@dir") << int(IoPattern::Read) << 4096u << quint64(0)
                                   << quint64(0) << "is-directory";
        QTest::newRow("missing directory") << QStringLiteral("@dir/no/such/dir/file") << int(IoPattern::Write) << 4096u
                                           << quint64(0) << quint64(1 << 20) << "not-found";
        QTest::newRow("missing device") << QStringLiteral("/dev/raidbench-no-such-disk") << int(IoPattern::Read)
                                        << 4096u << quint64(0) << quint64(1 << 20) << "not-found";
        QTest::newRow("new file without size") << QStringLiteral("@dir/nosize") << int(IoPattern::Write) << 4096u
                                               << quint64(0) << quint64(0) << "size-required";
        QTest::newRow("character device") << QStringLiteral("/dev/null") << int(IoPattern::Read) << 4096u << quint64(0)
                                          << quint64(0) << "invalid-target";
        QTest::newRow("block size not multiple of 512") << QStringLiteral("@dir/bs") << int(IoPattern::Write) << 1000u
                                                        << quint64(0) << quint64(1 << 20) << "invalid-block-size";
        QTest::newRow("block size too large") << QStringLiteral("@dir/bs") << int(IoPattern::Write) << (128u << 20)
                                              << quint64(0) << quint64(1 << 30) << "invalid-block-size";
        QTest::newRow("misaligned offset for O_DIRECT") << QStringLiteral("@dir/misaligned") << int(IoPattern::Write)
                                                        << 4096u << quint64(100) << quint64(1 << 20) << "misaligned";
        QTest::newRow("size below one block") << QStringLiteral("@dir/small") << int(IoPattern::Write) << 4096u
                                              << quint64(0) << quint64(100) << "invalid-size";
    }
    void refusals()
    {
        QFETCH(QString, target);
        QFETCH(int, pattern);
        QFETCH(quint32, bs);
        QFETCH(quint64, offset);
        QFETCH(quint64, size);
        QFETCH(QString, code);
        target.replace(QStringLiteral("@dir"), m_dir.path());
        IoJob j = job(target, IoPattern(pattern), bs, 1, size);
        j.offset = offset;
        const IoResult r = IoEngine::run(j);
        QCOMPARE(r.status, IoStatus::Failed);
        QVERIFY(r.error);
        QCOMPARE(r.error->code, code);
        QVERIFY(!r.error->message.isEmpty());
        QCOMPARE(r.bytes, 0ull);
        if (target.startsWith(m_dir.path())) {
            QVERIFY2(!QFileInfo(target).isFile(), "a refused job left a file behind");
        }
    }

    /// A test spread across the range reads its parts in turn, 64 MiB at a time, each going on where it
    /// left off and wrapping within itself; random patterns and a single part are as before.
    void spreadVisitsEachPartInTurn()
    {
        IoJob j = job(QStringLiteral("/dev/null"), IoPattern::Read, 1u << 20, 8, 0);
        j.timeLimitNs = 1'000'000'000;
        j.zones = 8;
        constexpr std::uint64_t mib = 1ull << 20;
        const std::uint64_t start = 4 * mib;
        IoScheduler scheduler(j, start, 1024 * mib, 1); // eight parts of 128 MiB
        IoRequest request;
        QList<std::uint64_t> offsets;
        for (int i = 0; i < 8 * 64 * 3; ++i) { // three rounds of eight 64 MiB visits
            QVERIFY(scheduler.next(request));
            QCOMPARE(request.length, std::uint32_t(mib));
            offsets.append(request.offset);
        }
        for (int zone = 0; zone < 8; ++zone) {
            const int visit = zone * 64;
            QCOMPARE(offsets.at(visit), start + zone * 128 * mib); // first round: the part's start
            QCOMPARE(offsets.at(visit + 63), start + (zone * 128 + 63) * mib); // 64 MiB in a row
            QCOMPARE(offsets.at(512 + visit), start + (zone * 128 + 64) * mib); // second: where it left off
            QCOMPARE(offsets.at(1024 + visit), start + zone * 128 * mib); // third: wrapped in the part
        }
        // Every request lies in the range.
        for (const std::uint64_t offset : std::as_const(offsets)) {
            QVERIFY(offset >= start && offset + mib <= start + 1024 * mib);
        }
        // Too small a range for its parts: one sequential pass, as zones = 1.
        IoScheduler small(j, 0, 4 * mib, 1);
        for (std::uint64_t i = 0; i < 6; ++i) {
            QVERIFY(small.next(request));
            QCOMPARE(request.offset, (i % 4) * mib);
        }
        // Out of range: refused before anything runs.
        for (const std::uint32_t zones : {0u, IoJob::maxZones + 1}) {
            j.zones = zones;
            QVERIFY(!j.validate().ok());
            QCOMPARE(j.validate().error().code, QStringLiteral("invalid-range"));
        }
        j.zones = 8;
        QCOMPARE(IoJob::fromJson(j.toJson())->zones, 8u);
        QJsonObject hostile = j.toJson();
        hostile.insert(QStringLiteral("zones"), 1e30);
        QVERIFY(!IoJob::fromJson(hostile).ok() || !IoJob::fromJson(hostile)->validate().ok());
    }

    /// A stride skips its gap after every so many blocks, in one pass and within each part of a spread
    /// test; bad strides are refused before anything runs.
    void strideSkipsItsGaps()
    {
        constexpr std::uint64_t kib = 1024;
        IoJob j = job(QStringLiteral("/dev/null"), IoPattern::Read, 512 * kib, 8, 0);
        j.timeLimitNs = 1'000'000'000;
        j.strideBlocks = 2;
        j.skipBlocks = 1;
        QVERIFY(j.validate().ok());
        IoScheduler scheduler(j, 0, 6 * 512 * kib, 1);
        IoRequest request;
        QList<std::uint64_t> offsets;
        for (int i = 0; i < 6; ++i) {
            QVERIFY(scheduler.next(request));
            offsets.append(request.offset / (512 * kib));
        }
        QCOMPARE(offsets, (QList<std::uint64_t> {0, 1, 3, 4, 0, 1})); // blocks 2 and 5 skipped, then wraps
        j.zones = 2;
        IoScheduler spread(j, 0, 1024 * 1024 * kib, 1);
        QVERIFY(spread.next(request));
        QCOMPARE(request.offset, 0ull);
        QVERIFY(spread.next(request));
        QCOMPARE(request.offset, 512 * kib);
        QVERIFY(spread.next(request));
        QCOMPARE(request.offset, 3 * 512 * kib);
        QCOMPARE(IoJob::fromJson(j.toJson())->strideBlocks, 2u);
        QCOMPARE(IoJob::fromJson(j.toJson())->skipBlocks, 1u);
        const auto refused = [](IoJob bad) {
            const auto checked = IoJob::fromJson(bad.toJson());
            return !bad.validate().ok() && (!checked.ok() || !checked->validate().ok());
        };
        IoJob bad = j;
        bad.skipBlocks = 0; // a stride without a gap
        QVERIFY(refused(bad));
        bad = j;
        bad.strideBlocks = IoJob::maxStride + 1;
        QVERIFY(refused(bad));
        bad = j;
        bad.pattern = IoPattern::RandRead;
        QVERIFY(refused(bad));
        QJsonObject hostile = j.toJson();
        hostile.insert(QStringLiteral("skip_blocks"), 1.5);
        QVERIFY(!IoJob::fromJson(hostile)->validate().ok());
        hostile.insert(QStringLiteral("skip_blocks"), -1);
        QVERIFY(!IoJob::fromJson(hostile)->validate().ok());
        // Run for real on a file: the rate counts the blocks read, not the gaps.
        IoJob file = job(path(QStringLiteral("stride")), IoPattern::Write, 64 * kib, 4, 4 << 20);
        QCOMPARE(IoEngine::run(file).status, IoStatus::Completed);
        file.pattern = IoPattern::Read;
        file.sizeLimit = 1 << 20;
        file.strideBlocks = 1;
        file.skipBlocks = 3;
        const IoResult strided = IoEngine::run(file);
        QCOMPARE(strided.status, IoStatus::Completed);
        QCOMPARE(strided.bytes, 1ull << 20);
        QVERIFY(strided.fioCommand.contains(QStringLiteral("rw=read:192k")));
    }

    void misalignedOffsetWorksBuffered()
    {
        IoJob j = job(path(QStringLiteral("buffered-offset")), IoPattern::Write, 4096, 1, 64 * 1024);
        j.offset = 100;
        j.direct = false;
        const IoResult r = IoEngine::run(j);
        QCOMPARE(r.status, IoStatus::Completed);
        QVERIFY(r.ddCommand.contains(QStringLiteral("seek_bytes")));
    }

    void blockDeviceWriteNeedsDestroyData()
    {
        QString device;
        for (const QString& name : QDir(QStringLiteral("/dev")).entryList(QDir::System)) {
            struct stat st
            { };
            const QString candidate = QStringLiteral("/dev/") + name;
            if (::stat(QFile::encodeName(candidate).constData(), &st) == 0 && S_ISBLK(st.st_mode)) {
                device = candidate;
                break;
            }
        }
        if (device.isEmpty()) {
            QSKIP("no block device node on this machine");
        }
        // The refusal happens before the device is opened, so this is safe on any machine's disk.
        const IoResult r = IoEngine::run(job(device, IoPattern::Write, 1 << 20, 1, 1 << 20));
        QCOMPARE(r.status, IoStatus::Failed);
        QCOMPARE(r.error->code, QStringLiteral("destroy-data-required"));
        QVERIFY(r.error->message.contains(device));
        QCOMPARE(r.bytes, 0ull);
    }

    void largeBlocksGetHugePageBuffers()
    {
        constexpr std::uintptr_t hugePage = 2u << 20;
        BlockBuffers small;
        QVERIFY(small.allocate(32, 4096, DataPattern::Random, 7));
        QCOMPARE(reinterpret_cast<std::uintptr_t>(small.buffer(0)) % 4096, std::uintptr_t(0));
        QCOMPARE(small.hugePageBytes(), std::uint64_t(0)); // 128 KiB of 4 KiB blocks: not worth a huge page
        BlockBuffers large;
        QVERIFY(large.allocate(3, 1u << 20, DataPattern::Random, 7));
        QCOMPARE(reinterpret_cast<std::uintptr_t>(large.buffer(0)) % hugePage, std::uintptr_t(0));
        // The padding for the alignment must not shift or overlap the buffers, and their data is random.
        QCOMPARE(large.buffer(2) - large.buffer(0), std::ptrdiff_t(2u << 20));
        QVERIFY(QByteArray(large.buffer(0), 4096) != QByteArray(large.buffer(1), 4096));
        QVERIFY(QByteArray(large.buffer(2) + (1u << 20) - 4096, 4096) != QByteArray(4096, '\0'));
        if (!transparentHugePagesOffered()) {
            QSKIP("transparent huge pages are off on this machine ([never]); the buffers are 4 KiB pages");
        }
        QVERIFY2(large.hugePageBytes() >= hugePage, qPrintable(QString::number(large.hugePageBytes())));
        QVERIFY(large.hugePageBytes() <= 3u << 20);
        // The engine says what it got, in its result and its JSON.
        const IoResult r = IoEngine::run(job(path(QStringLiteral("huge")), IoPattern::Write, 1u << 20, 4, 8u << 20));
        QCOMPARE(r.status, IoStatus::Completed);
        QCOMPARE(r.hugePageBytes, std::uint64_t(4u << 20));
        const auto back = IoResult::fromJson(r.toJson());
        QVERIFY(back.ok());
        QCOMPARE(back->hugePageBytes, r.hugePageBytes);
    }

    void jsonRoundTrip()
    {
        IoJob j = job(path(QStringLiteral("json")), IoPattern::RandWrite, 4096, 4, 1 << 20);
        const IoResult r = IoEngine::run(j);
        const QJsonObject json = r.toJson();
        for (const char* key : {"bw_bytes", "iops", "bytes", "elapsed_ns", "lat_ns", "cpu", "io_path", "samples",
                                "fio_command", "dd_command", "error"}) {
            QVERIFY2(json.contains(QLatin1String(key)), key);
        }
        for (const char* key : {"min", "p50", "p90", "p99", "p999", "max"}) {
            QVERIFY(json.value(QStringLiteral("lat_ns")).toObject().contains(QLatin1String(key)));
        }
        const auto back = IoResult::fromJson(QJsonDocument::fromJson(QJsonDocument(json).toJson()).object());
        QVERIFY(back.ok());
        QCOMPARE(back->bytes, r.bytes);
        QCOMPARE(back->latency.p99, r.latency.p99);
        QCOMPARE(back->samples.size(), r.samples.size());
        QCOMPARE(back->job.pattern, IoPattern::RandWrite);
        QCOMPARE(back->fioCommand, r.fioCommand);
    }

    void runnerReportsThroughSignals()
    {
        auto* runner = new IoRunner(job(path(QStringLiteral("runner")), IoPattern::Write, 1 << 20, 2, 4u << 20));
        QSignalSpy succeeded(runner, &IoRunner::succeeded);
        QSignalSpy started(runner, &IoRunner::started);
        QThreadPool::globalInstance()->start(runner);
        QVERIFY(succeeded.wait(10000));
        QCOMPARE(started.count(), 1);
        QCOMPARE(succeeded.first().first().value<IoResult>().bytes, 4ull << 20);
    }
};

QTEST_GUILESS_MAIN(TestIoEngine)
#include "tst_ioengine.moc"

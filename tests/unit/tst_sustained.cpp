#include "exports/exports.h"
#include "plan/campaignplan.h"
#include "results/campaignresults.h"
#include "results/sustainedwrite.h"

#include <QJsonDocument>
#include <QTest>

using namespace RaidBench;

/// The sustained write test's analysis: a burst, a drop, a steady rate, from a run's 100 ms samples;
/// when a running write has settled; what a plan may ask. The lab runs it on an SSD model
/// (tst_diskmodels_lab).
class TestSustained final : public QObject
{
    Q_OBJECT

private:
    /// 100 ms samples of a disk writing at `burst` bytes/s until `cache` bytes, then at `steady`.
    static std::vector<IoSample> samples(double burst, double steady, double cache, double seconds)
    {
        std::vector<IoSample> list;
        double written = 0;
        for (int i = 1; i <= int(seconds * 10); ++i) {
            const double t0 = (i - 1) * 0.1;
            const double burstEnd = cache / burst;
            double bytes = 0;
            if (t0 + 0.1 <= burstEnd) {
                bytes = burst * 0.1;
            } else if (t0 >= burstEnd) {
                bytes = steady * 0.1;
            } else {
                bytes = burst * (burstEnd - t0) + steady * (t0 + 0.1 - burstEnd);
            }
            written += bytes;
            list.push_back({std::uint64_t(i) * 100'000'000ull, std::uint64_t(bytes), bytes * 10});
        }
        return list;
    }

private Q_SLOTS:
    void findsTheDrop()
    {
        // An SSD: 500 MB/s for 192 MiB (0.40 s), then 120.
        const SustainedWrite ssd = SustainedWrite::fromSamples(samples(500e6, 120e6, 192.0 * 1048576, 10));
        QVERIFY(ssd.measured);
        QVERIFY(ssd.dropped);
        QVERIFY2(qAbs(ssd.burstBw / 500e6 - 1) < 0.02, qPrintable(QString::number(ssd.burstBw)));
        QVERIFY2(qAbs(ssd.steadyBw / 120e6 - 1) < 0.02, qPrintable(QString::number(ssd.steadyBw)));
        QVERIFY2(qAbs(double(ssd.dropAtBytes) / (192.0 * 1048576) - 1) < 0.03,
                 qPrintable(QString::number(ssd.dropAtBytes)));
        QVERIFY(ssd.summary().endsWith(QLatin1String("then 120.0 MB/s: a cache filled")));
        // A later drop, in the middle of an interval.
        const SustainedWrite later = SustainedWrite::fromSamples(samples(150e6, 40e6, 500.0 * 1048576, 20));
        QVERIFY(later.dropped);
        QVERIFY2(qAbs(double(later.dropAtBytes) / (500.0 * 1048576) - 1) < 0.02,
                 qPrintable(QString::number(later.dropAtBytes)));
        QVERIFY(qAbs(later.dropAtSeconds - 500.0 * 1048576 / 150e6) < 0.05);
        // A disk without such a cache, and one that falls a little (a hard disk's zones): no drop.
        const SustainedWrite flat = SustainedWrite::fromSamples(samples(105e6, 105e6, 0, 10));
        QVERIFY(flat.measured);
        QVERIFY(!flat.dropped);
        QVERIFY(flat.summary().startsWith(QLatin1String("105.0 MB/s throughout")));
        QVERIFY(!SustainedWrite::fromSamples(samples(105e6, 95e6, 50e6, 10)).dropped);
        // After the drop the rate swings (garbage collection): 10 and 120 MB/s in turn, below halfway
        // only on average. The drop is still where the cache filled, not at the end of the run.
        std::vector<IoSample> swinging = samples(150e6, 65e6, 300.0 * 1048576, 12);
        for (IoSample& sample : swinging) {
            if (sample.tNs > 2'200'000'000ull) {
                sample.bytes = (sample.tNs / 100'000'000ull) % 2 ? 12'000'000 : 1'000'000;
                sample.bwBytes = double(sample.bytes) * 10;
            }
        }
        const SustainedWrite swung = SustainedWrite::fromSamples(swinging);
        QVERIFY(swung.dropped);
        QVERIFY2(swung.dropAtSeconds < 2.5, qPrintable(QString::number(swung.dropAtSeconds)));
        // The host (or the disk's housekeeping) pauses during the burst: at its very start, and in its
        // middle. Neither is the drop, and the burst is the rate the disk ran at around them.
        for (const double pauseAt : {0.0, 0.3}) {
            std::vector<IoSample> paused = samples(150e6, 40e6, 192.0 * 1048576, 6);
            // Two intervals with nothing done, the rest shifted 200 ms later.
            std::vector<IoSample> shifted;
            std::uint64_t written = 0;
            for (const IoSample& sample : paused) {
                if (shifted.size() == std::size_t(pauseAt * 10)) {
                    for (int k = 0; k < 2; ++k) {
                        shifted.push_back({std::uint64_t(shifted.size() + 1) * 100'000'000ull, 0, 0});
                    }
                }
                written += sample.bytes;
                shifted.push_back({std::uint64_t(shifted.size() + 1) * 100'000'000ull, sample.bytes, sample.bwBytes});
            }
            const SustainedWrite stalled = SustainedWrite::fromSamples(shifted);
            QVERIFY(stalled.dropped);
            QVERIFY2(qAbs(double(stalled.dropAtBytes) / (192.0 * 1048576) - 1) < 0.03,
                     qPrintable(QStringLiteral("pause at %1 s: drop at %2").arg(pauseAt).arg(stalled.dropAtBytes)));
            QVERIFY2(qAbs(stalled.steadyBw / 40e6 - 1) < 0.03, qPrintable(QString::number(stalled.steadyBw)));
            QVERIFY(written > 0);
        }
        // Too short to say.
        QVERIFY(!SustainedWrite::fromSamples(samples(500e6, 120e6, 1e6, 0.5)).measured);
        QVERIFY(!SustainedWrite::fromSamples({}).measured);
        // Kept in the results.
        const SustainedWrite back = SustainedWrite::fromJson(ssd.toJson());
        QCOMPARE(back.dropped, true);
        QCOMPARE(back.dropAtBytes, ssd.dropAtBytes);
        QCOMPARE(back.steadyBw, ssd.steadyBw);
        QVERIFY(!back.interrupted);
        // A run cancelled or failed keeps what it measured, marked so, and says it in its summary.
        SustainedWrite cut = ssd;
        cut.interrupted = true;
        cut.error = QStringLiteral("Input/output error at 2 GB");
        const SustainedWrite cutBack = SustainedWrite::fromJson(cut.toJson());
        QVERIFY(cutBack.interrupted);
        QCOMPARE(cutBack.error, cut.error);
        QVERIFY2(cutBack.summary().endsWith(QLatin1String("(it failed: Input/output error at 2 GB)")),
                 qPrintable(cutBack.summary()));
        cut.error.clear();
        QVERIFY(cut.summary().endsWith(QLatin1String("(stopped before the rate settled)")));
    }

    void settlesOnceTheRateHolds()
    {
        // 500 MB/s for 2 s, then 120: not settled in the burst before the minimum, settled once the steady
        // rate held for the window.
        SettleWatch watch(2'000'000'000ull, 4'000'000'000ull);
        double bytes = 0;
        std::uint64_t settledAt = 0;
        for (std::uint64_t ns = 100'000'000ull; ns <= 20'000'000'000ull; ns += 100'000'000ull) {
            bytes += (ns <= 2'000'000'000ull ? 500e6 : 120e6) * 0.1;
            if (watch.add(ns, std::uint64_t(bytes)) && !settledAt) {
                settledAt = ns;
            }
        }
        QVERIFY(watch.settled());
        QVERIFY2(settledAt >= 4'000'000'000ull && settledAt <= 4'300'000'000ull,
                 qPrintable(QString::number(settledAt)));
        // A rate that keeps swinging never settles.
        SettleWatch swinging(2'000'000'000ull, 4'000'000'000ull);
        bytes = 0;
        for (std::uint64_t ns = 100'000'000ull; ns <= 20'000'000'000ull; ns += 100'000'000ull) {
            bytes += ((ns / 500'000'000ull) % 2 ? 200e6 : 100e6) * 0.1;
            QVERIFY(!swinging.add(ns, std::uint64_t(bytes)));
        }
    }

    void planTests()
    {
        auto standard = TestSpec::fromJson(QStringLiteral("seq1m-qd8-write-sustained"));
        QVERIFY(standard.ok());
        QVERIFY(standard->sustained);
        QCOMPARE(standard->sustainedBytes, 0ull);
        QCOMPARE(standard->id(), QStringLiteral("seq1m-qd8-write-sustained"));
        auto sized = TestSpec::fromJson(QJsonObject {{QStringLiteral("rw"), QStringLiteral("write")},
                                                     {QStringLiteral("bs"), QStringLiteral("1M")},
                                                     {QStringLiteral("qd"), 8},
                                                     {QStringLiteral("sustained"), QStringLiteral("2G")}});
        QVERIFY2(sized.ok(), qPrintable(sized.ok() ? QString() : sized.error().message));
        QCOMPARE(sized->sustainedBytes, 2ull << 30);
        auto again = TestSpec::fromJson(sized->toJson());
        QVERIFY(again.ok());
        QCOMPARE(again->sustainedBytes, 2ull << 30);
        for (const QJsonObject& bad :
             {QJsonObject {{QStringLiteral("rw"), QStringLiteral("read")}, {QStringLiteral("sustained"), true}},
              QJsonObject {{QStringLiteral("rw"), QStringLiteral("randwrite")}, {QStringLiteral("sustained"), true}},
              QJsonObject {{QStringLiteral("rw"), QStringLiteral("write")},
                           {QStringLiteral("sustained"), QStringLiteral("1M")}},
              QJsonObject {{QStringLiteral("rw"), QStringLiteral("write")},
                           {QStringLiteral("sustained"), QStringLiteral("lots")}}}) {
            auto refused = TestSpec::fromJson(bad);
            QVERIFY2(!refused.ok(), qPrintable(QJsonDocument(bad).toJson()));
            QVERIFY(refused.error().message.contains(QLatin1String("sustained")));
        }
        // The analysis travels with the test's results.
        TestResult result;
        result.spec = *standard;
        result.sustained = SustainedWrite::fromSamples(samples(500e6, 120e6, 192.0 * 1048576, 10));
        auto back = TestResult::fromJson(result.toJson(false));
        QVERIFY(back.ok());
        QVERIFY(back->sustained.dropped);
        QCOMPARE(back->sustained.dropAtBytes, result.sustained.dropAtBytes);
        // A disk's own (its baseline), and the report's note on it.
        DiskResult disk;
        disk.path = QStringLiteral("/dev/sdb");
        disk.sustained = result.sustained;
        const DiskResult diskBack = DiskResult::fromJson(disk.toJson());
        QVERIFY(diskBack.sustained.dropped);
        QCOMPARE(diskBack.sustained.steadyBw, disk.sustained.steadyBw);
        QVERIFY(
            !DiskResult {}.toJson().value(QStringLiteral("baseline")).toObject().contains(QStringLiteral("sustained")));
        CampaignResults results;
        results.disks = {disk};
        QVERIFY(resultsToMarkdown(results).contains(QLatin1String("sustained write: 500.0 MB/s for the first")));
    }
};

QTEST_GUILESS_MAIN(TestSustained)
#include "tst_sustained.moc"

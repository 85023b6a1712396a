#include "engine/latencyhistogram.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

using namespace RaidBench;

class TestLatencyHistogram final : public QObject
{
    Q_OBJECT

private:
    static std::uint64_t nearestRank(const std::vector<std::uint64_t>& sorted, double percent)
    {
        const std::size_t rank = std::max<std::size_t>(1, std::size_t(std::ceil(percent / 100.0 * sorted.size())));
        return sorted[rank - 1];
    }

private Q_SLOTS:
    void bucketsAreContiguous()
    {
        for (int i = 1; i < LatencyHistogram::bucketCount - 64; ++i) {
            QCOMPARE(LatencyHistogram::bucketLow(i), LatencyHistogram::bucketHigh(i - 1) + 1);
        }
        for (std::uint64_t v : {0ull, 1ull, 127ull, 128ull, 129ull, 1000ull, 123456789ull, 1ull << 40, ~0ull}) {
            const int index = LatencyHistogram::bucketIndex(v);
            QVERIFY(index < LatencyHistogram::bucketCount);
            QVERIFY(LatencyHistogram::bucketLow(index) <= v);
            QVERIFY(LatencyHistogram::bucketHigh(index) >= v);
        }
    }

    void percentilesMatchSortedReference_data()
    {
        QTest::addColumn<QString>("distribution");
        QTest::addColumn<int>("count");
        QTest::newRow("lognormal 100k") << "lognormal" << 100000;
        QTest::newRow("uniform 10k") << "uniform" << 10000;
        QTest::newRow("bimodal 50k") << "bimodal" << 50000;
        QTest::newRow("tiny values") << "tiny" << 1000;
        QTest::newRow("single") << "uniform" << 1;
    }
    void percentilesMatchSortedReference()
    {
        QFETCH(QString, distribution);
        QFETCH(int, count);
        std::mt19937_64 generator(42);
        std::lognormal_distribution<double> lognormal(11.0, 1.2); // around 60 us, long tail
        std::uniform_int_distribution<std::uint64_t> uniform(1000, 20'000'000);
        std::uniform_int_distribution<std::uint64_t> tiny(0, 200);
        std::vector<std::uint64_t> values;
        LatencyHistogram histogram;
        for (int i = 0; i < count; ++i) {
            std::uint64_t v = 0;
            if (distribution == QLatin1String("lognormal")) {
                v = std::uint64_t(lognormal(generator));
            } else if (distribution == QLatin1String("bimodal")) {
                v = (i % 10 == 0) ? 8'000'000 + uniform(generator) % 1000 : 90'000 + uniform(generator) % 5000;
            } else if (distribution == QLatin1String("tiny")) {
                v = tiny(generator);
            } else {
                v = uniform(generator);
            }
            values.push_back(v);
            histogram.record(v);
        }
        std::sort(values.begin(), values.end());
        QCOMPARE(histogram.count(), std::uint64_t(count));
        QCOMPARE(histogram.min(), values.front());
        QCOMPARE(histogram.max(), values.back());
        for (double p : {1.0, 50.0, 90.0, 99.0, 99.9, 100.0}) {
            const double expected = double(nearestRank(values, p));
            const double got = double(histogram.percentile(p));
            // Within one sub-bucket: 1/64 of the value (exact below 128 ns).
            const double tolerance = std::max(1.0, expected / 64.0);
            QVERIFY2(std::fabs(got - expected) <= tolerance,
                     qPrintable(QStringLiteral("p%1: got %2, expected %3").arg(p).arg(got).arg(expected)));
        }
    }

    void mergeAndClear()
    {
        LatencyHistogram a;
        LatencyHistogram b;
        a.record(100);
        b.record(1'000'000, 3);
        a.merge(b);
        QCOMPARE(a.count(), 4ull);
        QCOMPARE(a.min(), 100ull);
        QCOMPARE(a.max(), 1'000'000ull);
        QVERIFY(std::fabs(a.percentile(50) - 1'000'000.0) <= 1'000'000.0 / 64);
        a.clear();
        QCOMPARE(a.count(), 0ull);
        QCOMPARE(a.percentile(50), 0ull);
        QCOMPARE(a.min(), 0ull);
    }
};

QTEST_GUILESS_MAIN(TestLatencyHistogram)
#include "tst_latencyhistogram.moc"

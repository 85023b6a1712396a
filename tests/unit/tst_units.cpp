#include "util/units.h"

#include <QTest>

using namespace RaidBench;

class TestUnits final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parseSize_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<quint64>("bytes");
        QTest::newRow("bytes") << "512" << true << quint64(512);
        QTest::newRow("k") << "4k" << true << quint64(4096);
        QTest::newRow("K") << "4K" << true << quint64(4096);
        QTest::newRow("M") << "1M" << true << quint64(1048576);
        QTest::newRow("G") << "1G" << true << quint64(1073741824);
        QTest::newRow("T") << "2T" << true << quint64(2199023255552ull);
        QTest::newRow("MiB") << "16MiB" << true << quint64(16777216);
        QTest::newRow("MB binary like dd") << "1MB" << true << quint64(1048576);
        QTest::newRow("spaces") << " 8 k " << true << quint64(8192);
        QTest::newRow("zero") << "0" << true << quint64(0);
        QTest::newRow("empty") << "" << false << quint64(0);
        QTest::newRow("negative") << "-1M" << false << quint64(0);
        QTest::newRow("fraction") << "1.5G" << false << quint64(0);
        QTest::newRow("unknown suffix") << "1Q" << false << quint64(0);
        QTest::newRow("word") << "abc" << false << quint64(0);
        QTest::newRow("overflow") << "99999999999999999999" << false << quint64(0);
        QTest::newRow("shift overflow") << "20000000P" << false << quint64(0);
        QTest::newRow("two numbers") << "1 2" << false << quint64(0);
    }
    void parseSize()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        QFETCH(quint64, bytes);
        const auto result = Units::parseSize(text);
        QCOMPARE(result.ok(), valid);
        if (valid) {
            QCOMPARE(quint64(*result), bytes);
        } else {
            QCOMPARE(result.error().code, QStringLiteral("invalid-size"));
            QVERIFY(result.error().message.contains(text.trimmed().isEmpty() ? QStringLiteral("''") : text));
        }
    }

    void parseDuration_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<quint64>("ns");
        QTest::newRow("bare seconds") << "3" << true << quint64(3'000'000'000ull);
        QTest::newRow("s") << "10s" << true << quint64(10'000'000'000ull);
        QTest::newRow("ms") << "500ms" << true << quint64(500'000'000ull);
        QTest::newRow("us") << "250us" << true << quint64(250'000ull);
        QTest::newRow("m") << "2m" << true << quint64(120'000'000'000ull);
        QTest::newRow("h") << "1h" << true << quint64(3'600'000'000'000ull);
        QTest::newRow("fraction") << "1.5s" << true << quint64(1'500'000'000ull);
        QTest::newRow("negative") << "-3s" << false << quint64(0);
        QTest::newRow("unknown unit") << "3x" << false << quint64(0);
        QTest::newRow("empty") << "" << false << quint64(0);
        QTest::newRow("too long") << "99999999999h" << false << quint64(0);
    }
    void parseDuration()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        QFETCH(quint64, ns);
        const auto result = Units::parseDuration(text);
        QCOMPARE(result.ok(), valid);
        if (valid) {
            QCOMPARE(quint64(*result), ns);
        } else {
            QCOMPARE(result.error().code, QStringLiteral("invalid-duration"));
        }
    }

    void formatting()
    {
        QCOMPARE(Units::formatSizeCompact(1048576), QStringLiteral("1M"));
        QCOMPARE(Units::formatSizeCompact(4096), QStringLiteral("4k"));
        QCOMPARE(Units::formatSizeCompact(1000), QStringLiteral("1000"));
        QCOMPARE(Units::formatSizeCompact(3u << 20), QStringLiteral("3M"));
        QCOMPARE(Units::formatMBps(105'000'000), QStringLiteral("105.0 MB/s"));
        QCOMPARE(Units::formatBytesDecimal(1073741824.0), QStringLiteral("1.07 GB"));
        QCOMPARE(Units::formatBytesBinary(1073741824.0), QStringLiteral("1.00 GiB"));
        QCOMPARE(Units::formatDuration(1'500'000'000ull), QStringLiteral("1.500 s"));
        QCOMPARE(Units::formatDuration(850), QStringLiteral("850 ns"));
    }
};

QTEST_GUILESS_MAIN(TestUnits)
#include "tst_units.moc"

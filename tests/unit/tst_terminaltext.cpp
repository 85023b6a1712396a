#include "util/terminaltext.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace RaidBench;

/// Strings from disks, files and other hosts on their way to a terminal or a spreadsheet.
class TestTerminalText final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void controlsShownVisibly_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("shown");
        QTest::newRow("plain") << QStringLiteral("WDC WD40EFRX") << QStringLiteral("WDC WD40EFRX");
        QTest::newRow("hide the rest") << QStringLiteral("SN1\x1b[8m") << QStringLiteral("SN1\\x1b[8m");
        QTest::newRow("C1 CSI") << QStringLiteral("a") + QChar(0x9b) + QStringLiteral("2J")
                                << QStringLiteral("a\\x9b2J");
        QTest::newRow("DEL and BEL") << QStringLiteral("a\x7f\x07") << QStringLiteral("a\\x7f\\x07");
        QTest::newRow("carriage return") << QStringLiteral("ok\rFAKE") << QStringLiteral("ok\\x0dFAKE");
        QTest::newRow("newline in a field") << QStringLiteral("a\nb") << QStringLiteral("a\\x0ab");
        QTest::newRow("right-to-left override")
            << QStringLiteral("ab") + QChar(0x202e) + QStringLiteral("cd") << QStringLiteral("ab\\u{202e}cd");
        QTest::newRow("zero width space") << QStringLiteral("a") + QChar(0x200b) << QStringLiteral("a\\u{200b}");
        QTest::newRow("accented letters stay") << QStringLiteral("Disco rápido ñ") << QStringLiteral("Disco rápido ñ");
    }
    void controlsShownVisibly()
    {
        QFETCH(QString, text);
        QFETCH(QString, shown);
        QCOMPARE(terminalSafe(text), shown);
    }

    void messagesKeepTheirLines()
    {
        QCOMPARE(terminalSafe(QStringLiteral("one\n\ttwo\x1b]0;title\x07"), true),
                 QStringLiteral("one\n\ttwo\\x1b]0;title\\x07"));
    }

    void jsonStaysJson()
    {
        const QString model = QStringLiteral("M") + QChar(0x9b) + QStringLiteral("8m\x1b[2J") + QChar(0x202e);
        const QJsonDocument document(QJsonObject {{QStringLiteral("model"), model}});
        const QString shown = terminalSafeJson(QString::fromUtf8(document.toJson()));
        for (const QChar c : shown) {
            QVERIFY2(c.unicode() >= 0x20 || c == QLatin1Char('\n'), qPrintable(shown));
            QVERIFY(c.unicode() < 0x7f || c.unicode() >= 0xa0);
            QVERIFY(c.category() != QChar::Other_Format);
        }
        QJsonParseError error;
        const QJsonDocument back = QJsonDocument::fromJson(shown.toUtf8(), &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(back.object().value(QStringLiteral("model")).toString(), model);
    }

    void spreadsheetCells_data()
    {
        QTest::addColumn<QString>("cell");
        QTest::addColumn<QString>("written");
        QTest::newRow("formula") << QStringLiteral("=HYPERLINK(\"http://x\")")
                                 << QStringLiteral("'=HYPERLINK(\"http://x\")");
        QTest::newRow("plus") << QStringLiteral("+cmd|' /C calc'!A0") << QStringLiteral("'+cmd|' /C calc'!A0");
        QTest::newRow("minus text") << QStringLiteral("-2+3+cmd") << QStringLiteral("'-2+3+cmd");
        QTest::newRow("at") << QStringLiteral("@SUM(1)") << QStringLiteral("'@SUM(1)");
        QTest::newRow("tab") << QStringLiteral("\t=1") << QStringLiteral("'\t=1");
        QTest::newRow("negative number") << QStringLiteral("-3.5") << QStringLiteral("-3.5");
        QTest::newRow("name") << QStringLiteral("raid5 (4 disks)") << QStringLiteral("raid5 (4 disks)");
        QTest::newRow("empty") << QString() << QString();
    }
    void spreadsheetCells()
    {
        QFETCH(QString, cell);
        QFETCH(QString, written);
        QCOMPARE(spreadsheetSafe(cell), written);
    }
};

QTEST_GUILESS_MAIN(TestTerminalText)
#include "tst_terminaltext.moc"

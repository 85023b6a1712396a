#include "../common/cli.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace RaidBench::Test;

/// What another host says, as raidbench-cli prints it: a far side (a remote helper, a USB bridge's
/// serial it passes on) names its disks itself, and none of its words may drive the user's terminal.
class TestCliFarSide final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_ssh;

    /// Control characters a terminal acts on: C0 (but newline and tab), DEL, C1.
    static bool drivesATerminal(const QString& text)
    {
        for (const QChar c : text) {
            const char16_t code = c.unicode();
            if ((code < 0x20 && code != u'\n' && code != u'\t') || code == 0x7f || (code >= 0x80 && code < 0xa0) ||
                code == 0x202e) {
                return true;
            }
        }
        return false;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // A stand-in for ssh that is a hostile far side: it speaks the helper protocol and reports one disk
        // whose model and serial carry escape sequences (hide the rest of the line, clear the screen,
        // reverse the text).
        m_ssh = QStringLiteral(RAIDBENCH_TEST_DATA "/helper/hostile-far-side.sh");
        QVERIFY(QFileInfo(m_ssh).isExecutable());
    }

    void aFarSidesWordsAreShownNotObeyed()
    {
        const CliRun run =
            runCli({QStringLiteral("disks"), QStringLiteral("--no-health"), QStringLiteral("--host"),
                    QStringLiteral("admin@storage1")},
                   30000, QStringLiteral("raidbench-cli"), {}, {QStringLiteral("RAIDBENCH_SSH=") + m_ssh});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY2(!drivesATerminal(run.out), qPrintable(run.out));
        QVERIFY2(!drivesATerminal(run.err), qPrintable(run.err));
        QVERIFY2(run.out.contains(QStringLiteral("WD\\x1b[8mHIDDEN")), qPrintable(run.out));
        QVERIFY2(run.out.contains(QStringLiteral("\\x1b]0;owned\\x07")), qPrintable(run.out));
    }

    void jsonStaysJsonAndInert()
    {
        const CliRun run =
            runCli({QStringLiteral("disks"), QStringLiteral("--no-health"), QStringLiteral("--json"),
                    QStringLiteral("--host"), QStringLiteral("admin@storage1")},
                   30000, QStringLiteral("raidbench-cli"), {}, {QStringLiteral("RAIDBENCH_SSH=") + m_ssh});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY2(!drivesATerminal(run.out), qPrintable(run.out));
        QJsonParseError error {};
        const QJsonArray disks = QJsonDocument::fromJson(run.out.toUtf8(), &error).array();
        QCOMPARE(error.error, QJsonParseError::NoError);
        // What the far side said, whole, for a program that reads it.
        QCOMPARE(disks.first().toObject().value(QStringLiteral("serial")).toString(),
                 QStringLiteral("S1") + QChar(0x9b) + QStringLiteral("2J") + QChar(0x202e) + QStringLiteral("evil"));
    }
};

QTEST_GUILESS_MAIN(TestCliFarSide)
#include "tst_cli_farside.moc"

#include "../common/cli.h"
#include "../common/resultsfixture.h"
#include "results/diskhistory.h"
#include "results/resultsfolder.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace RaidBench;
using namespace RaidBench::Test;

/// The results library: a folder of results files listed (corrupt and newer ones with the reason),
/// removed safely, and each disk's own speed across them (`raidbench-cli disks --history`).
class TestResultsLibrary final : public QObject
{
    Q_OBJECT

private:
    static CampaignResults demo() { return labDemoResults(false); }

    /// Three runs of the same four disks a month apart; in the last, RBLAB0003 writes at 30 instead of 38
    /// MB/s (21 % slower) and RBLAB0001 reads 8 % slower (within the 10 % allowed).
    static void writeThreeRuns(const QString& folder)
    {
        const QStringList dates {QStringLiteral("2026-09-01T10:00:00Z"), QStringLiteral("2026-10-01T10:00:00Z"),
                                 QStringLiteral("2026-11-01T10:00:00Z")};
        for (int i = 0; i < dates.size(); ++i) {
            CampaignResults results = demo();
            results.created = dates.at(i);
            results.host.insert(QStringLiteral("hostname"), QStringLiteral("store1"));
            if (i == 2) {
                for (DiskResult& disk : results.disks) {
                    if (disk.serial == QLatin1String("RBLAB0003")) {
                        disk.writeBw = 30.0e6;
                    }
                    if (disk.serial == QLatin1String("RBLAB0001")) {
                        disk.readBw = *disk.readBw * 0.92;
                    }
                }
            }
            QVERIFY(results.save(QStringLiteral("%1/run-%2.json").arg(folder).arg(i + 1)));
        }
    }

private Q_SLOTS:
    void historyFlagsTheDiskThatGotSlower()
    {
        QTemporaryDir folder;
        writeThreeRuns(folder.path());
        const HistoryScan scan = scanHistory(folder.path());
        QVERIFY(scan.unreadable.isEmpty());
        QCOMPARE(scan.disks.size(), 4);
        for (const DiskHistory& history : scan.disks) {
            QCOMPARE(history.points.size(), 3);
            QVERIFY(history.points.first().when < history.points.last().when);
            QCOMPARE(history.dropped, history.serial == QLatin1String("RBLAB0003"));
        }
        const QList<DiskHistory> slow = historiesOf(scan, QStringLiteral("RBLAB0003"));
        QCOMPARE(slow.size(), 1);
        QCOMPARE(qRound(*slow.first().writeChangePct), -21);
        QVERIFY2(slow.first().dropNote.startsWith(QLatin1String("write 30.0 MB/s on 2026-11-01, 21 % below its first")),
                 qPrintable(slow.first().dropNote));
        const QList<DiskHistory> fine = historiesOf(scan, QStringLiteral("RBLAB0001"));
        QCOMPARE(qRound(*fine.first().readChangePct), -8);
        QVERIFY(!fine.first().dropped);
    }

    void historyKeepsDisksApartByModelAndSkipsWhatItCannotRead()
    {
        QTemporaryDir folder;
        writeThreeRuns(folder.path());
        // A lab run whose disk 0003 had another speed (another model string): another disk.
        CampaignResults other = demo();
        for (DiskResult& disk : other.disks) {
            disk.model = QStringLiteral("VDISK W200 R200");
        }
        QVERIFY(other.save(folder.filePath(QStringLiteral("other.json"))));
        QFile corrupt(folder.filePath(QStringLiteral("corrupt.json")));
        QVERIFY(corrupt.open(QIODevice::WriteOnly));
        corrupt.write("{\"raidbench_results\": 1, \"configs\": [");
        corrupt.close();
        const HistoryScan scan = scanHistory(folder.path());
        QCOMPARE(historiesOf(scan, QStringLiteral("RBLAB0003")).size(), 2);
        QCOMPARE(scan.unreadable.size(), 1);
        QVERIFY(scan.unreadable.first().startsWith(QLatin1String("corrupt.json: ")));
    }

    void cliShowsTheHistory()
    {
        QTemporaryDir folder;
        writeThreeRuns(folder.path());
        const CliRun text = runCli({QStringLiteral("disks"), QStringLiteral("--history"), QStringLiteral("RBLAB0003"),
                                    QStringLiteral("--results-dir"), folder.path()});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains(QLatin1String("VDISK W38 R38, serial RBLAB0003: 3 measurements")),
                 qPrintable(text.out));
        QVERIFY2(text.out.contains(QLatin1String("SLOWER: write 30.0 MB/s on 2026-11-01, 21 % below its first")),
                 qPrintable(text.out));
        QVERIFY(text.out.contains(QLatin1String("store1, run-3.json")));
        const CliRun json = runCli({QStringLiteral("disks"), QStringLiteral("--history"), QStringLiteral("RBLAB0001"),
                                    QStringLiteral("--results-dir"), folder.path(), QStringLiteral("--json")});
        QCOMPARE(json.exitCode, 0);
        const QJsonArray array = QJsonDocument::fromJson(json.out.toUtf8()).array();
        QCOMPARE(array.size(), 1);
        QCOMPARE(array.first().toObject().value(QStringLiteral("dropped")).toBool(), false);
        QCOMPARE(array.first().toObject().value(QStringLiteral("points")).toArray().size(), 3);
        // An unknown serial says which serials have a history; an empty folder says nothing was measured.
        const CliRun unknown = runCli({QStringLiteral("disks"), QStringLiteral("--history"), QStringLiteral("NOPE"),
                                       QStringLiteral("--results-dir"), folder.path()});
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY2(unknown.err.contains(QLatin1String("no results file in")) &&
                     unknown.err.contains(QLatin1String("RBLAB0001, RBLAB0002, RBLAB0003, RBLAB0004")),
                 qPrintable(unknown.err));
        const CliRun missing = runCli({QStringLiteral("disks"), QStringLiteral("--history"), QStringLiteral("X"),
                                       QStringLiteral("--results-dir"), folder.filePath(QStringLiteral("nope"))});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY(missing.err.contains(QLatin1String("no results folder at")));
        const CliRun misuse = runCli({QStringLiteral("disks"), QStringLiteral("--results-dir"), folder.path()});
        QCOMPARE(misuse.exitCode, 2);
    }

    void listingSaysWhatEachFileIs()
    {
        QTemporaryDir folder;
        writeThreeRuns(folder.path());
        QFile newer(folder.filePath(QStringLiteral("newer.json")));
        QVERIFY(newer.open(QIODevice::WriteOnly));
        newer.write(R"({"raidbench_results": 99, "configs": [], "disks": []})");
        newer.close();
        QFile garbage(folder.filePath(QStringLiteral("garbage.json")));
        QVERIFY(garbage.open(QIODevice::WriteOnly));
        garbage.write("\x01\x02not json");
        garbage.close();
        const QList<ResultsFolder::Entry> entries = ResultsFolder::list(folder.path(), 1000);
        QCOMPARE(entries.size(), 5);
        int readable = 0;
        for (const ResultsFolder::Entry& entry : entries) {
            QVERIFY(entry.sizeBytes > 0);
            if (entry.path.endsWith(QLatin1String("newer.json"))) {
                QVERIFY(!entry.readable);
                QVERIFY2(entry.error.contains(QLatin1String("upgrade")), qPrintable(entry.error));
            } else if (entry.path.endsWith(QLatin1String("garbage.json"))) {
                QVERIFY(!entry.readable);
                QVERIFY(!entry.error.isEmpty());
            } else {
                ++readable;
                QVERIFY(entry.readable);
                QCOMPARE(entry.host, QStringLiteral("store1"));
                QCOMPARE(entry.layouts.size(), 9);
                QCOMPARE(entry.layouts.first(), QStringLiteral("single"));
                QCOMPARE(entry.diskModels.size(), 4);
                QVERIFY(entry.created.isValid());
            }
        }
        QCOMPARE(readable, 3);
    }

    void removeTakesOnlyResultsFilesOfTheFolder()
    {
        QTemporaryDir folder;
        QTemporaryDir elsewhere;
        writeThreeRuns(folder.path());
        QFile outside(elsewhere.filePath(QStringLiteral("keep.json")));
        QVERIFY(outside.open(QIODevice::WriteOnly));
        outside.write("{}");
        outside.close();
        QVERIFY(QFile::link(outside.fileName(), folder.filePath(QStringLiteral("link.json"))));
        const QString first = folder.filePath(QStringLiteral("run-1.json"));
        // A link, a file elsewhere and a path with .. are refused, and nothing of the list goes.
        const QString throughDots =
            folder.filePath(QStringLiteral("../%1/keep.json").arg(QFileInfo(elsewhere.path()).fileName()));
        QVERIFY(QFileInfo(throughDots).isFile());
        for (const QString& bad : {folder.filePath(QStringLiteral("link.json")), outside.fileName(), throughDots,
                                   folder.filePath(QStringLiteral("missing.json"))}) {
            const auto refused = ResultsFolder::remove(folder.path(), {first, bad});
            QVERIFY(!refused);
            QVERIFY(QFile::exists(first));
        }
        QVERIFY(QFile::exists(outside.fileName()));
        const auto removed =
            ResultsFolder::remove(folder.path(), {first, folder.filePath(QStringLiteral("run-2.json"))});
        QVERIFY(removed);
        QCOMPARE(*removed, 2);
        QVERIFY(!QFile::exists(first));
        QVERIFY(QFile::exists(folder.filePath(QStringLiteral("run-3.json"))));
    }
};

QTEST_GUILESS_MAIN(TestResultsLibrary)
#include "tst_resultslibrary.moc"

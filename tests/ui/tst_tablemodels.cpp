// The window's table models without their pages: each passes QAbstractItemModelTester through a
// fill, a refill and an empty fill, and its proxy sorts numbers as numbers.

#include "../common/resultsfixture.h"
#include "answer/recommend.h"
#include "diskstodestroymodel.h"
#include "results/excludedlayoutsmodel.h"
#include "results/librarymodel.h"
#include "results/rankedlayoutsmodel.h"
#include "results/resultstable.h"
#include "results/resultstablemodel.h"
#include "runqueuemodel.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace RaidBench;
using namespace RaidBench::Ui;

class TstTableModels final : public QObject
{
    Q_OBJECT

    static QString text(const QAbstractItemModel& model, int row, int column, int role = Qt::DisplayRole)
    {
        return model.index(row, column).data(role).toString();
    }

private Q_SLOTS:
    void theResultsTableSortsNumbersAsNumbers()
    {
        ResultsTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const CampaignResults results = Test::labDemoResults();
        model.setResults(results);
        QCOMPARE(model.rowCount(), int(results.configs.size()));
        QCOMPARE(model.columnCount(), int(ResultsTableModel::TableColumns));
        for (int column = 0; column < model.columnCount(); ++column) {
            QVERIFY(!model.headerData(column, Qt::Horizontal).toString().isEmpty());
        }
        // Every configuration's row, in plan order, with its disks.
        for (int row = 0; row < results.configs.size(); ++row) {
            QCOMPARE(text(model, row, ResultsTableModel::ColumnName), results.configs.at(row).name);
            QCOMPARE(
                model.index(row, ResultsTableModel::ColumnWrite).data(ResultsTableModel::LeavesRole).toStringList(),
                results.configs.at(row).spec.leafDevices());
        }
        // Sorted by the proxy on SortRole: "1.234,5" and "25 %" as numbers, a missing figure lowest.
        QSortFilterProxyModel proxy;
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&model);
        proxy.setSortRole(ResultsTableModel::SortRole);
        for (const int column : {int(ResultsTableModel::ColumnWrite), int(ResultsTableModel::ColumnSpace),
                                 int(ResultsTableModel::ColumnRandomRead), int(ResultsTableModel::ColumnWritePct)}) {
            proxy.sort(column, Qt::DescendingOrder);
            for (int row = 1; row < proxy.rowCount(); ++row) {
                QVERIFY2(proxy.index(row - 1, column).data(ResultsTableModel::SortRole).toDouble() >=
                             proxy.index(row, column).data(ResultsTableModel::SortRole).toDouble(),
                         qPrintable(QStringLiteral("column %1 row %2").arg(column).arg(row)));
            }
        }
        proxy.sort(ResultsTableModel::ColumnSpace, Qt::AscendingOrder);
        QCOMPARE(text(proxy, 0, ResultsTableModel::ColumnSpace), QStringLiteral("25 %"));
        // Marking a disk bolds the rows holding it and nothing else; empty clears.
        const QString disk = results.configs.first().spec.leafDevices().first();
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        const QStringList marked = model.markDisk(disk);
        QCOMPARE(changed.size(), 1);
        QVERIFY(!marked.isEmpty());
        for (int row = 0; row < model.rowCount(); ++row) {
            const bool holds = results.configs.at(row).spec.leafDevices().contains(disk);
            QCOMPARE(model.index(row, ResultsTableModel::ColumnName).data(Qt::FontRole).value<QFont>().bold(), holds);
            QCOMPARE(marked.contains(results.configs.at(row).name), holds);
        }
        QVERIFY(model.markDisk(QString()).isEmpty());
        QVERIFY(!model.index(0, ResultsTableModel::ColumnName).data(Qt::FontRole).isValid());
        // Filled again, and emptied.
        model.setResults(results);
        model.setResults(CampaignResults());
        QCOMPARE(model.rowCount(), 0);
    }

    void aWriteTheCachesHeldIsMarkedBesideItsFigure()
    {
        // One layout's write ended with the disks' caches still holding a third of it, another's passed
        // them: only the first is marked, and its tooltip says what was written through.
        CampaignResults results = Test::labDemoResults();
        QVERIFY(results.configs.size() >= 2);
        const auto setThrough = [](ConfigResult& config, double share) {
            for (TestResult& test : config.tests) {
                if (&test == config.sequentialTest(true)) {
                    test.summary.writtenThroughMedian = share * test.summary.bwMedian;
                    return true;
                }
            }
            return false;
        };
        QVERIFY(setThrough(results.configs[0], 0.66));
        QVERIFY(setThrough(results.configs[1], 0.99));
        ResultsTableModel model;
        model.setResults(results);
        const QString held = text(model, 0, ResultsTableModel::ColumnWrite);
        QVERIFY2(held.endsWith(QLatin1String(" *")), qPrintable(held));
        const QString tip = text(model, 0, ResultsTableModel::ColumnWrite, Qt::ToolTipRole);
        QVERIFY2(tip.contains(QLatin1String("write caches")) && tip.contains(QLatin1String("MB/s")), qPrintable(tip));
        QVERIFY(!text(model, 1, ResultsTableModel::ColumnWrite).endsWith(QLatin1String(" *")));
        QVERIFY(!text(model, 1, ResultsTableModel::ColumnWrite, Qt::ToolTipRole).contains(QLatin1String("caches")));
    }

    void theResultsViewKeepsPlanOrderUntilAHeaderIsClicked()
    {
        ResultsTable table;
        const CampaignResults results = Test::labDemoResults();
        table.fill(results);
        for (int row = 0; row < results.configs.size(); ++row) {
            QCOMPARE(table.text(row, ResultsTableModel::ColumnName), results.configs.at(row).name);
        }
        table.sortByColumn(ResultsTableModel::ColumnWrite, Qt::DescendingOrder);
        QCOMPARE(table.text(0, ResultsTableModel::ColumnName), QStringLiteral("raid0"));
    }

    void theRunQueueCountsUpAndNeverBack()
    {
        RunQueueModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRows(
            {QStringLiteral("Each disk on its own (4 disks)"), QStringLiteral("raid0"), QStringLiteral("raid5")});
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.state(1), QStringLiteral("waiting"));
        QCOMPARE(model.percent(1), 0);
        model.setState(1, QStringLiteral("building"));
        model.setPercent(1, 40, true);
        model.setPercent(1, 20, true); // a late report does not move the bar back
        QCOMPARE(model.percent(1), 40);
        QCOMPARE(model.index(1, RunQueueModel::ColumnProgress).data(RunQueueModel::PercentRole).toInt(), 40);
        QCOMPARE(text(model, 1, RunQueueModel::ColumnState), QStringLiteral("building"));
        model.setPercent(1, 250);
        QCOMPARE(model.percent(1), 100);
        // Rows that do not exist change nothing.
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setPercent(7, 50);
        model.setState(-1, QStringLiteral("done"));
        QCOMPARE(changed.size(), 0);
        QCOMPARE(model.percent(7), 0);
        model.setRows({});
        QCOMPARE(model.rowCount(), 0);
    }

    void theAnswerTablesShowTheRecommendation()
    {
        RankedLayoutsModel ranked;
        ExcludedLayoutsModel excluded;
        QAbstractItemModelTester rankedTester(&ranked, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester excludedTester(&excluded, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const Recommendation answer =
            recommend(Test::labDemoResults(), Requirements::defaults(), true, Audience::Person);
        QVERIFY(!answer.ranked.isEmpty());
        QVERIFY(!answer.excluded.isEmpty());
        ranked.setLayouts(answer.ranked);
        excluded.setLayouts(answer.excluded);
        QCOMPARE(ranked.rowCount(), int(answer.ranked.size()));
        QCOMPARE(text(ranked, 0, RankedLayoutsModel::ColumnRank), QStringLiteral("1"));
        QCOMPARE(text(ranked, 0, RankedLayoutsModel::ColumnLayout), answer.ranked.first().name);
        QCOMPARE(text(ranked, 0, RankedLayoutsModel::ColumnScore),
                 QString::number(qRound(answer.ranked.first().score)));
        QCOMPARE(text(ranked, 0, RankedLayoutsModel::ColumnWhy, Qt::ToolTipRole), answer.ranked.first().why);
        QCOMPARE(excluded.rowCount(), int(answer.excluded.size()));
        QCOMPARE(text(excluded, 0, ExcludedLayoutsModel::ColumnWhy), answer.excluded.first().why);
        // A predicted layout says so.
        RankedLayout predicted = answer.ranked.first();
        predicted.predicted = true;
        ranked.setLayouts({predicted});
        QVERIFY(text(ranked, 0, RankedLayoutsModel::ColumnLayout).contains(QLatin1String("predicted, not run")));
        ranked.setLayouts({});
        excluded.setLayouts({});
        QCOMPARE(ranked.rowCount() + excluded.rowCount(), 0);
    }

    void theLibraryGreysAFileItCannotRead()
    {
        ResultsLibraryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        ResultsFolder::Entry good;
        good.path = QStringLiteral("/results/run-1.json");
        good.readable = true;
        good.status = RunState::Completed;
        good.host = QStringLiteral("store2");
        good.disks = 4;
        good.created = QDateTime(QDate(2026, 11, 1), QTime(10, 0), Qt::UTC);
        good.sizeBytes = 2'000'000;
        good.layouts = {QStringLiteral("raid0"), QStringLiteral("raid5")};
        good.diskModels = {QStringLiteral("A"), QStringLiteral("A"), QStringLiteral("B")};
        ResultsFolder::Entry bad;
        bad.path = QStringLiteral("/results/newer.json");
        bad.modified = QDateTime(QDate(2026, 12, 1), QTime(10, 0), Qt::UTC);
        bad.sizeBytes = 40;
        bad.error = QStringLiteral("written by a newer RaidBench");
        model.setEntries({bad, good});
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(text(model, 1, ResultsLibraryModel::ColumnHost), QStringLiteral("store2"));
        QCOMPARE(text(model, 1, ResultsLibraryModel::ColumnDisks, Qt::ToolTipRole), QStringLiteral("2 x A, B"));
        QCOMPARE(text(model, 1, ResultsLibraryModel::ColumnLayouts), QStringLiteral("raid0, raid5"));
        QCOMPARE(text(model, 0, ResultsLibraryModel::ColumnStatus), QStringLiteral("unreadable"));
        QVERIFY(text(model, 0, ResultsLibraryModel::ColumnLayouts).contains(QLatin1String("newer.json: written by")));
        QVERIFY(model.index(0, ResultsLibraryModel::ColumnHost).data(Qt::ForegroundRole).isValid());
        QVERIFY(!model.index(1, ResultsLibraryModel::ColumnHost).data(Qt::ForegroundRole).isValid());
        QCOMPARE(model.index(0, ResultsLibraryModel::ColumnSize).data(ResultsLibraryModel::PathRole).toString(),
                 bad.path);
        // By size, the bytes decide, not the text.
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(ResultsLibraryModel::SortRole);
        proxy.sort(ResultsLibraryModel::ColumnSize, Qt::DescendingOrder);
        QCOMPARE(proxy.index(0, 0).data(ResultsLibraryModel::PathRole).toString(), good.path);
        proxy.sort(ResultsLibraryModel::ColumnDate, Qt::AscendingOrder);
        QCOMPARE(proxy.index(0, 0).data(ResultsLibraryModel::PathRole).toString(), good.path);
        model.setEntries({});
        QCOMPARE(proxy.rowCount(), 0);
    }

    void theDisksToDestroyAreNamedBySerial()
    {
        Disk disk;
        disk.path = QStringLiteral("/dev/sdb");
        disk.vendor = QStringLiteral("WDC");
        disk.model = QStringLiteral("WD20EARS");
        disk.serial = QStringLiteral("WD-123");
        disk.sizeBytes = 2'000'000'000'000;
        DisksToDestroyModel model({disk, disk});
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(text(model, 0, DisksToDestroyModel::ColumnModel), QStringLiteral("WDC WD20EARS"));
        QCOMPARE(text(model, 1, DisksToDestroyModel::ColumnSerial), QStringLiteral("WD-123"));
        QCOMPARE(text(model, 0, DisksToDestroyModel::ColumnSize), QStringLiteral("2.00 TB"));
        QCOMPARE(model.headerData(DisksToDestroyModel::ColumnSerial, Qt::Horizontal).toString(),
                 QStringLiteral("Serial"));
    }
};

QTEST_MAIN(TstTableModels)
#include "tst_tablemodels.moc"

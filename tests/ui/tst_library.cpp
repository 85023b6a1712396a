// The results library (offscreen): every results file of the results folder listed with date, host,
// disks and layouts, the unreadable ones (cut short, from a newer RaidBench) with their reason and
// never a crash, the folder's size shown, two or more compared, one opened, some removed.

#include "model/analysis.h"
#include "results/librarydialog.h"
#include "results/resultsfiles.h"
#include "results/resultspage.h"

#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace RaidBench;
using namespace RaidBench::Ui;

class TestLibrary final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_folder;

    static void writeFile(const QString& path, const QByteArray& data)
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(data);
    }

    void fillFolder()
    {
        auto demo = CampaignResults::load(QStringLiteral(RAIDBENCH_TEST_DATA "/results/lab-demo.json"));
        QVERIFY(demo);
        const QStringList hosts {QStringLiteral("store1"), QStringLiteral("store2"), QStringLiteral("store1")};
        for (int i = 0; i < hosts.size(); ++i) {
            CampaignResults results = *demo;
            results.created = QStringLiteral("2026-1%1-01T10:00:00Z").arg(i);
            results.host.insert(QStringLiteral("hostname"), hosts.at(i));
            QVERIFY(results.save(m_folder.filePath(QStringLiteral("run-%1.json").arg(i))));
        }
        writeFile(m_folder.filePath(QStringLiteral("cut-short.json")), R"({"raidbench_results": 1, "configs": [)");
        writeFile(m_folder.filePath(QStringLiteral("newer.json")), R"({"raidbench_results": 7, "configs": []})");
    }

    static int rowOf(const ResultsLibraryDialog& dialog, const QString& fileName)
    {
        for (int row = 0; row < dialog.table()->model()->rowCount(); ++row) {
            if (dialog.table()
                    ->model()
                    ->index(row, 0)
                    .data(ResultsLibraryModel::PathRole)
                    .toString()
                    .endsWith(fileName)) {
                return row;
            }
        }
        return -1;
    }

    static QString cell(const ResultsLibraryDialog& dialog, int row, int column, int role = Qt::DisplayRole)
    {
        return dialog.table()->model()->index(row, column).data(role).toString();
    }

    static void selectRows(const ResultsLibraryDialog& dialog, const QList<int>& rows)
    {
        dialog.table()->clearSelection();
        for (const int row : rows) {
            dialog.table()->selectionModel()->select(dialog.table()->model()->index(row, 0),
                                                     QItemSelectionModel::Select | QItemSelectionModel::Rows);
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qputenv("RAIDBENCH_RESULTS_DIR", QFile::encodeName(m_folder.path()));
        fillFolder();
    }

    void listsEveryFileAndWhyOneCannotBeRead()
    {
        ResultsLibraryDialog dialog(m_folder.path());
        QSignalSpy loaded(&dialog, &ResultsLibraryDialog::loaded);
        QVERIFY(loaded.wait(10000));
        QCOMPARE(dialog.table()->model()->rowCount(), 5);
        QVERIFY2(dialog.summaryLabel()->text().startsWith(QLatin1String("5 results file")),
                 qPrintable(dialog.summaryLabel()->text()));
        QVERIFY(dialog.summaryLabel()->text().contains(QLatin1String("in all")));
        QVERIFY(dialog.summaryLabel()->text().contains(QLatin1String("2 cannot be read")));
        const int run = rowOf(dialog, QStringLiteral("run-1.json"));
        QCOMPARE(cell(dialog, run, ResultsLibraryDialog::ColumnHost), QStringLiteral("store2"));
        QCOMPARE(cell(dialog, run, ResultsLibraryDialog::ColumnDisks), QStringLiteral("4 disk(s)"));
        QCOMPARE(cell(dialog, run, ResultsLibraryDialog::ColumnDisks, Qt::ToolTipRole),
                 QStringLiteral("2 x VDISK W105 R105, 2 x VDISK W38 R38"));
        QVERIFY(cell(dialog, run, ResultsLibraryDialog::ColumnLayouts)
                    .startsWith(QLatin1String("single, raid0, raid1, raid5")));
        QVERIFY(cell(dialog, run, ResultsLibraryDialog::ColumnDate).startsWith(QLatin1String("2026-11-01")));
        const int newer = rowOf(dialog, QStringLiteral("newer.json"));
        QCOMPARE(cell(dialog, newer, ResultsLibraryDialog::ColumnStatus), QStringLiteral("unreadable"));
        QVERIFY2(cell(dialog, newer, ResultsLibraryDialog::ColumnLayouts).contains(QLatin1String("upgrade")),
                 qPrintable(cell(dialog, newer, ResultsLibraryDialog::ColumnLayouts)));
        QCOMPARE(cell(dialog, rowOf(dialog, QStringLiteral("cut-short.json")), ResultsLibraryDialog::ColumnStatus),
                 QStringLiteral("unreadable"));
        // An unreadable file cannot be opened or compared, only removed.
        selectRows(dialog, {newer});
        QVERIFY(!dialog.openButton()->isEnabled());
        QVERIFY(dialog.removeButton()->isEnabled());
        selectRows(dialog, {newer, run});
        QVERIFY(!dialog.compareButton()->isEnabled());
    }

    void comparesAndOpensOnTheResultsPage()
    {
        ResultsPage page;
        page.show();
        ResultsLibraryDialog* dialog = page.files()->openLibrary();
        QSignalSpy loaded(dialog, &ResultsLibraryDialog::loaded);
        QVERIFY(loaded.wait(10000));
        const QList<int> rows {rowOf(*dialog, QStringLiteral("run-0.json")),
                               rowOf(*dialog, QStringLiteral("run-1.json")),
                               rowOf(*dialog, QStringLiteral("run-2.json"))};
        selectRows(*dialog, rows);
        QVERIFY(dialog->compareButton()->isEnabled());
        QVERIFY(!dialog->openButton()->isEnabled());
        dialog->compareButton()->click();
        QCOMPARE(page.results().comparedLabels.size(), 3);
        QCOMPARE(page.results().configs.size(), 27);
        QVERIFY2(page.results().configs.first().name.startsWith(QStringLiteral("single · ")),
                 qPrintable(page.results().configs.first().name));
        QTRY_VERIFY(!dialog->isVisible() || dialog->isHidden());

        ResultsLibraryDialog* again = page.files()->openLibrary();
        QSignalSpy reloaded(again, &ResultsLibraryDialog::loaded);
        QVERIFY(reloaded.wait(10000));
        selectRows(*again, {rowOf(*again, QStringLiteral("run-2.json"))});
        QVERIFY(again->openButton()->isEnabled());
        again->openButton()->click();
        QTRY_COMPARE(page.files()->currentFile(), m_folder.filePath(QStringLiteral("run-2.json")));
        QCOMPARE(page.results().configs.size(), 9);
        QVERIFY(page.results().comparedLabels.isEmpty());
    }

    void removesOnlyWhatWasChosen()
    {
        ResultsLibraryDialog dialog(m_folder.path());
        QSignalSpy loaded(&dialog, &ResultsLibraryDialog::loaded);
        QVERIFY(loaded.wait(10000));
        QSignalSpy message(&dialog, &ResultsLibraryDialog::message);
        selectRows(dialog, {rowOf(dialog, QStringLiteral("newer.json")), rowOf(dialog, QStringLiteral("run-0.json"))});
        dialog.removeFiles(dialog.selectedPaths());
        QCOMPARE(message.count(), 1);
        QCOMPARE(message.first().first().toString(), QStringLiteral("Removed 2 results file(s)."));
        QVERIFY(loaded.wait(10000));
        QCOMPARE(dialog.table()->model()->rowCount(), 3);
        QVERIFY(!QFile::exists(m_folder.filePath(QStringLiteral("run-0.json"))));
        QVERIFY(QFile::exists(m_folder.filePath(QStringLiteral("run-1.json"))));
        // A file that went away under the list removes nothing else and says so.
        QFile::remove(m_folder.filePath(QStringLiteral("run-1.json")));
        dialog.removeFiles(
            {m_folder.filePath(QStringLiteral("run-1.json")), m_folder.filePath(QStringLiteral("run-2.json"))});
        QCOMPARE(message.count(), 2);
        QVERIFY(message.last().first().toString().contains(QLatin1String("nothing was removed")));
        QVERIFY(QFile::exists(m_folder.filePath(QStringLiteral("run-2.json"))));
    }
};

QTEST_MAIN(TestLibrary)
#include "tst_library.moc"

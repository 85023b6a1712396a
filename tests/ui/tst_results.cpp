// The results pages and exports, offscreen: every chart read back from its QChart series against
// the results file it came from (a real lab campaign, tests/data/results/lab-demo.json, plus
// repeats, sweeps, a command and a failure added here), ordering and paging (a thousand
// configurations), the disk highlight, exports (PNG, SVG, PDF, CSV, JSON, HTML), compare mode,
// files that cannot be opened, the headless command line and the report in a real browser.

#include "../common/resultsfixture.h"
#include "answer/compare.h"
#include "exports/exports.h"
#include "fs/filetests.h"
#include "mainwindow.h"
#include "model/analysis.h"
#include "results/chartexport.h"
#include "results/charthover.h"
#include "results/htmlreport.h"
#include "results/reportwriter.h"
#include "results/resultcharts.h"
#include "results/resultsfiles.h"
#include "results/resultspage.h"
#include "stallwatchdog.h"
#include "util/units.h"

#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QDir>
#include <QDropEvent>
#include <QElapsedTimer>
#include <QFile>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QGraphicsView>
#include <QImage>
#include <QJsonDocument>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QMimeData>
#include <QProcess>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>
#include <QToolTip>
#include <QUrl>
#include <QValueAxis>
#include <QXmlStreamReader>

#include <cmath>
#include <functional>
#include <memory>
#include <set>
#include <tuple>

using namespace RaidBench;
using namespace RaidBench::Ui;

namespace {

const QString fixture = QStringLiteral(RAIDBENCH_TEST_DATA "/results/lab-demo.json");

CampaignResults load()
{
    auto results = CampaignResults::load(fixture);
    if (!results) {
        qFatal("cannot load %s: %s", qPrintable(fixture), qPrintable(results.error().message));
    }
    analyzeResults(*results);
    return *results;
}

/// The fixture with what a lab demo does not have: three repeats of raid0's tests, block-size
/// sweeps on raid0 and raid5, a user command on raid1, a failure drill on raid10, and a configuration
/// that failed.
CampaignResults enriched()
{
    CampaignResults results = load();
    // The first disk read across its surface: a hard disk's fall from start to end.
    if (!results.disks.isEmpty()) {
        Test::scannedLikeAHardDisk(results.disks.first());
    }
    ConfigResult* raid0 = results.config(QStringLiteral("raid0"));
    for (TestResult& test : raid0->tests) {
        if (test.runs.isEmpty()) {
            continue;
        }
        IoResult slower = test.runs.first();
        slower.bytes = test.runs.first().bytes * 9 / 10;
        IoResult faster = test.runs.first();
        faster.bytes = test.runs.first().bytes * 11 / 10;
        test.runs = {slower, test.runs.first(), faster};
        test.summary = RunSummary::of(test.runs);
    }
    for (const QString& name : {QStringLiteral("raid0"), QStringLiteral("raid5")}) {
        ConfigResult* config = results.config(name);
        TestResult sweep;
        sweep.spec.kind = TestKind::Sweep;
        sweep.spec.name = QStringLiteral("sweep write");
        sweep.spec.pattern = IoPattern::Write;
        sweep.spec.sweepSizes = {4096, 65536, 1u << 20, 4u << 20};
        for (const std::uint32_t bs : sweep.spec.sweepSizes) {
            RunSummary summary;
            summary.runs = 1;
            summary.bwMedian = summary.bwMin = summary.bwMax = summary.bwMean =
                double(bs) / double(4u << 20) * (name == QLatin1String("raid0") ? 150e6 : 90e6) + 10e6;
            sweep.sweep.append({bs, summary});
        }
        config->tests.append(sweep);
    }
    // A queue-depth sweep on three layouts: IOPS rising and flattening at a layout's own ceiling,
    // latency taking off past it.
    for (const auto& [name, ceiling] :
         {std::pair {QStringLiteral("raid0"), 40000.0}, std::pair {QStringLiteral("raid5"), 25000.0},
          std::pair {QStringLiteral("raid10"), 32000.0}}) {
        ConfigResult* config = results.config(name);
        auto spec = TestSpec::standard(QStringLiteral("qd-sweep-rnd4k-read"));
        TestResult sweep;
        sweep.spec = *spec;
        for (const int depth : sweep.spec.sweepDepths) {
            RunSummary point;
            point.runs = 3;
            point.iopsMedian = ceiling * depth / (depth + 4.0);
            point.bwMedian = point.bwMin = point.bwMax = point.bwMean = point.iopsMedian * 4096;
            point.latP50Median = depth / point.iopsMedian * 1e9;
            point.latP99Median = point.latP50Median * 2.5;
            point.cv = 0.01;
            sweep.depthSweep.append({depth, point});
        }
        config->tests.append(sweep);
    }
    // raid5's sequential write never settled, and raid1's sequential read ran while it resynced.
    for (TestResult& test : results.config(QStringLiteral("raid5"))->tests) {
        if (test.spec.id() == QLatin1String("seq1m-qd8-write") && !test.runs.isEmpty()) {
            IoResult slower = test.runs.first();
            slower.bytes = slower.bytes * 8 / 10;
            test.runs = {slower, test.runs.first(), test.runs.first(), slower};
            test.summary = RunSummary::of(test.runs);
            test.summary.unstable = true;
        }
    }
    for (TestResult& test : results.config(QStringLiteral("raid1"))->tests) {
        if (test.spec.id() == QLatin1String("seq1m-qd8-read")) {
            test.duringResync = true;
        }
    }
    ConfigResult* raid1 = results.config(QStringLiteral("raid1"));
    TestResult command;
    command.spec.kind = TestKind::Command;
    command.spec.name = QStringLiteral("tar xf linux.tar");
    command.spec.file.kind = TestKind::Command;
    command.spec.file.argv = {QStringLiteral("tar"), QStringLiteral("xf"), QStringLiteral("linux.tar")};
    command.spec.file.repeats = 3;
    FileTestResult outcome;
    outcome.kind = TestKind::Command;
    outcome.status = RunState::Completed;
    outcome.details.insert(QStringLiteral("summary"),
                           QJsonObject {{QStringLiteral("min_s"), 11.5},
                                        {QStringLiteral("median_s"), 12.25},
                                        {QStringLiteral("max_s"), 14.0}});
    command.file = outcome;
    raid1->tests.append(command);
    // A failure drill on raid10: degraded tests and a rebuild.
    ConfigResult* raid10 = results.config(QStringLiteral("raid10"));
    DrillResult drill;
    drill.status = RunState::Completed;
    for (TestResult degraded : raid10->tests) {
        degraded.summary.bwMedian *= 0.7;
        drill.degraded.append(degraded);
    }
    RebuildResult rebuild;
    rebuild.kind = QStringLiteral("rebuild");
    rebuild.seconds = 30;
    rebuild.bytes = 2'000'000'000;
    rebuild.bw = rebuild.bytes / rebuild.seconds;
    rebuild.completed = true;
    for (int second = 0; second <= 30; ++second) {
        rebuild.timeline.append({double(second), second / 30.0, second ? 66e6 : 0});
    }
    drill.rebuild = rebuild;
    raid10->drill = drill;
    ConfigResult failed = *results.config(QStringLiteral("raid6"));
    failed.name = QStringLiteral("raid6-f");
    failed.status = RunState::Failed;
    failed.error = QStringLiteral("mdadm: cannot open /dev/sdb: Device or resource busy");
    failed.tests.clear();
    results.configs.append(failed);
    analyzeResults(results);
    return results;
}

template <typename T>
QList<T*> seriesOf(QChart* chart)
{
    QList<T*> found;
    for (QAbstractSeries* series : chart->series()) {
        if (auto* typed = qobject_cast<T*>(series)) {
            found.append(typed);
        }
    }
    return found;
}

QStringList categoriesOf(QChart* chart)
{
    for (QAbstractAxis* axis : chart->axes(Qt::Horizontal)) {
        if (auto* categories = qobject_cast<QBarCategoryAxis*>(axis)) {
            return categories->categories();
        }
    }
    return {};
}

QBarSet* setNamed(QChart* chart, const QString& name)
{
    for (QBarSeries* bars : seriesOf<QBarSeries>(chart)) {
        for (QBarSet* set : bars->barSets()) {
            if (set->label() == name) {
                return set;
            }
        }
    }
    return nullptr;
}

std::unique_ptr<QChart> make(const QString& name, const CampaignResults& results, const ChartOptions& options = {})
{
    auto chart = Charts::make(name, results, options);
    if (!chart) {
        qWarning("%s: %s", qPrintable(name), qPrintable(chart.error().message));
        return {};
    }
    return std::unique_ptr<QChart>(*chart);
}

QString binary()
{
    return QStringLiteral(RAIDBENCH_TEST_BIN_DIR "/raidbench");
}

} // namespace

class TstResults : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_config;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_config.isValid());
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_config.path());
        QCoreApplication::setOrganizationName(QStringLiteral("RaidBenchTest"));
    }

    void comparisonChartHasTheResultsValues()
    {
        CampaignResults results = load();
        QCOMPARE(results.configs.size(), 9);
        auto chart = make(QStringLiteral("comparison"), results);
        QVERIFY(chart);
        // Categories: the configurations in plan order.
        QStringList names;
        for (const ConfigResult& config : results.configs) {
            names.append(config.name);
        }
        QCOMPARE(categoriesOf(chart.get()), names);
        // One bar set per sequential raw-device test (of the five: the random two are in IOPS, in the
        // table), each bar the median MB/s.
        const auto bars = seriesOf<QBarSeries>(chart.get());
        QCOMPARE(bars.size(), 1);
        QCOMPARE(ResultsModel::ioTests(results).size(), 5);
        QCOMPARE(bars.first()->barSets().size(), 3);
        for (QBarSet* set : bars.first()->barSets()) {
            QVERIFY2(!set->label().startsWith(QLatin1String("RND")), qPrintable(set->label()));
            QCOMPARE(set->count(), 9);
            for (int i = 0; i < results.configs.size(); ++i) {
                const TestResult* test = nullptr;
                for (const TestResult& candidate : results.configs.at(i).tests) {
                    test = candidate.spec.name == set->label() ? &candidate : test;
                }
                QVERIFY2(test, qPrintable(set->label()));
                QVERIFY(qFuzzyCompare(set->at(i), test->summary.bwMedian / 1e6));
            }
        }
        // Predicted markers at the model's value; the median disk's own speed as reference lines.
        bool predicted = false;
        for (QScatterSeries* scatter : seriesOf<QScatterSeries>(chart.get())) {
            if (scatter->name().contains(QLatin1String("predicted"))) {
                predicted = true;
                QVERIFY(scatter->count() > 0);
            }
        }
        QVERIFY(predicted);
        const auto medians = baselineMedians(results);
        QVERIFY(medians.first);
        bool reference = false;
        for (QLineSeries* line : seriesOf<QLineSeries>(chart.get())) {
            if (line->name().startsWith(QLatin1String("one disk, write"))) {
                reference = true;
                QVERIFY(qFuzzyCompare(line->at(0).y(), *medians.first / 1e6));
            }
        }
        QVERIFY(reference);
        const QScatterSeries* write = nullptr;
        for (QScatterSeries* scatter : seriesOf<QScatterSeries>(chart.get())) {
            write = scatter->name() == QLatin1String("predicted (dashed)") ? scatter : write;
        }
        QVERIFY(write);
        QVERIFY(qFuzzyCompare(write->at(1).y(), *results.config(QStringLiteral("raid0"))->predictedWrite / 1e6));
        // No repeats in the demo: no whiskers.
        for (QLineSeries* line : seriesOf<QLineSeries>(chart.get())) {
            QVERIFY(!line->name().contains(QLatin1String("min-max")));
        }
    }

    void repeatsGetWhiskersAndFailuresShow()
    {
        CampaignResults results = enriched();
        auto chart = make(QStringLiteral("comparison"), results);
        QVERIFY(chart);
        int whiskers = 0;
        for (QLineSeries* line : seriesOf<QLineSeries>(chart.get())) {
            if (!line->name().contains(QLatin1String("min-max"))) {
                continue;
            }
            ++whiskers;
            // raid0's repeated sequential tests, and raid5's unstable sequential write: random tests are
            // not on this chart (their MB/s would not show), they are in the table as IOPS.
            QVERIFY(line->name().startsWith(QLatin1String("raid0")) ||
                    line->name() == QLatin1String("raid5, SEQ1M QD8 write: min-max"));
            QVERIFY2(!line->name().contains(QLatin1String("RND")), qPrintable(line->name()));
            QCOMPARE(line->count(), 2);
            const ConfigResult* config = results.config(line->name().section(QLatin1Char(','), 0, 0));
            QVERIFY(config);
            for (const TestResult& test : config->tests) {
                if (line->name().contains(test.spec.name) && test.summary.runs > 1) {
                    QVERIFY(qFuzzyCompare(line->at(0).y(), test.summary.bwMin / 1e6));
                    QVERIFY(qFuzzyCompare(line->at(1).y(), test.summary.bwMax / 1e6));
                    QVERIFY(line->at(0).y() < line->at(1).y());
                }
            }
        }
        QCOMPARE(whiskers, 4); // raid0: SEQ1M write and read, dd; raid5: SEQ1M write
        QVERIFY(categoriesOf(chart.get()).contains(QStringLiteral("raid6-f (failed)")));
        ResultsPage page;
        page.show();
        page.setResults(results);
        QVERIFY(!page.problemsLabel()->isHidden());
        QVERIFY(page.problemsLabel()->text().contains(QLatin1String("Device or resource busy")));
        // The bonnie-like file-test table carries the command's median (min-max) for raid1.
        auto* fileTests = page.findChild<QTextBrowser*>(QStringLiteral("fileTests"));
        QVERIFY(fileTests);
        QVERIFY2(fileTests->toPlainText().contains(QLatin1String("12.25 (11.50-14.00)")),
                 qPrintable(fileTests->toPlainText()));
    }

    void orderAndPages()
    {
        CampaignResults results = load();
        ChartOptions options;
        options.order = ResultsOrder::Write;
        auto chart = make(QStringLiteral("comparison"), results, options);
        QVERIFY(chart);
        const QStringList categories = categoriesOf(chart.get());
        double previous = 1e300;
        for (const QString& name : categories) {
            const double write = results.config(name)->sequentialWrite().value_or(0);
            QVERIFY2(write <= previous, qPrintable(name));
            previous = write;
        }
        QCOMPARE(categories.first(), QStringLiteral("raid0"));

        // A thousand configurations: pages of 16, every page readable.
        CampaignResults many = results;
        many.configs.clear();
        for (int i = 0; i < 1000; ++i) {
            ConfigResult copy = results.configs.at(i % results.configs.size());
            copy.name = QStringLiteral("config-%1").arg(i, 4, 10, QLatin1Char('0'));
            many.configs.append(copy);
        }
        QCOMPARE(ResultsModel::pageCount(many, 16), 63);
        options = {};
        options.page = 62;
        auto last = make(QStringLiteral("comparison"), many, options);
        QVERIFY(last);
        QCOMPARE(categoriesOf(last.get()).size(), 1000 - 62 * 16);
        QCOMPARE(categoriesOf(last.get()).first(), QStringLiteral("config-0992"));
        QVERIFY(last->title().contains(QLatin1String("63")));
        ResultsPage page;
        page.resize(1100, 700);
        page.show();
        page.setResults(many);
        QCOMPARE(page.configTable()->rowCount(), 1000);
        QCOMPARE(categoriesOf(page.chart(QStringLiteral("comparison"))).size(), 16);
        page.setPage(10);
        QCOMPARE(categoriesOf(page.chart(QStringLiteral("comparison"))).first(), QStringLiteral("config-0160"));
    }

    void disksChartMarksSlowDisksAndClickHighlights()
    {
        CampaignResults results = load();
        // The demo's disks sit on one controller; put the slow pair on a second one.
        QCOMPARE(ResultsModel::controllers(results).size(), 1);
        for (DiskResult& disk : results.disks) {
            if (disk.model.contains(QLatin1String("W38"))) {
                disk.controller = QStringLiteral("0000:00:07.0");
            }
        }
        auto chart = make(QStringLiteral("disks"), results);
        QVERIFY(chart);
        QCOMPARE(categoriesOf(chart.get()).size(), results.disks.size());
        QBarSet* write = setNamed(chart.get(), QStringLiteral("write"));
        QVERIFY(write);
        int slow = 0;
        const QStringList categories = categoriesOf(chart.get());
        for (int i = 0; i < categories.size(); ++i) {
            const bool marked = categories.at(i).contains(QLatin1String("slow"));
            QCOMPARE(write->isBarSelected(i), marked);
            slow += marked ? 1 : 0;
        }
        QCOMPARE(slow, 2); // the two 38 MB/s disks
        // Controller groups: two controllers, named in the labels.
        QCOMPARE(ResultsModel::controllers(results).size(), 2);
        QVERIFY(categories.first().contains(QLatin1String("ctl 1")));
        QVERIFY(categories.last().contains(QLatin1String("ctl 2")));

        // Clicking a disk (as the bar's clicked signal does) marks every configuration holding it, without
        // touching the user's selection of rows.
        ResultsPage page;
        page.show();
        page.setResults(results);
        const DiskResult& disk = results.disks.first();
        const QString path = disk.stablePath.isEmpty() ? disk.path : disk.stablePath;
        page.configTable()->selectRow(0);
        page.highlightDisk(path);
        QCOMPARE(page.configTable()->selectionModel()->selectedRows().size(), 1);
        const auto markedRows = [&page] {
            QSet<QString> marked;
            for (int row = 0; row < page.configTable()->rowCount(); ++row) {
                const QModelIndex name = page.configTable()->model()->index(row, ResultsTableModel::ColumnName);
                if (name.data(Qt::FontRole).value<QFont>().bold()) {
                    marked.insert(name.data().toString());
                }
            }
            return marked;
        };
        const QSet<QString> selected = markedRows();
        QSet<QString> expected;
        for (const ConfigResult& config : results.configs) {
            if (config.spec.leafDevices().contains(path)) {
                expected.insert(config.name);
            }
        }
        QVERIFY(!expected.isEmpty());
        QCOMPARE(selected, expected);
        int marked = 0;
        for (const QString& category : categoriesOf(page.chart(QStringLiteral("comparison")))) {
            marked += category.startsWith(QStringLiteral("▶")) ? 1 : 0;
        }
        QCOMPARE(marked, expected.size());

        // The same through the disks chart's own clicked signal (what a mouse click on a bar sends):
        // clicking the highlighted disk again clears the highlight.
        QBarSeries* diskBars = seriesOf<QBarSeries>(page.chart(QStringLiteral("disks"))).value(0);
        QVERIFY(diskBars);
        int index = -1;
        const QStringList diskCategories = categoriesOf(page.chart(QStringLiteral("disks")));
        for (int i = 0; i < diskCategories.size(); ++i) {
            index = diskCategories.at(i).startsWith(disk.name) ? i : index;
        }
        QVERIFY(index >= 0);
        Q_EMIT diskBars->clicked(index, diskBars->barSets().first());
        QTRY_VERIFY(page.chartOptions().highlightDisk.isEmpty());
        QTRY_VERIFY(markedRows().isEmpty());
        diskBars = seriesOf<QBarSeries>(page.chart(QStringLiteral("disks"))).value(0);
        Q_EMIT diskBars->clicked(index, diskBars->barSets().first());
        QTRY_COMPARE(page.chartOptions().highlightDisk, path);
        QTRY_COMPARE(markedRows(), expected);
    }

    void hoverTextsNameWhatIsUnderThePointer()
    {
        // What the charts send when the pointer enters or leaves a bar.
        const CampaignResults results = load();
        ResultsPage page;
        page.show();
        page.setResults(results);
        QBarSeries* bars = seriesOf<QBarSeries>(page.chart(QStringLiteral("comparison"))).value(0);
        QVERIFY(bars);
        QBarSet* set = bars->barSets().first();
        const ConfigResult& config = results.configs.at(1);
        const TestResult* test = nullptr;
        for (const TestResult& candidate : config.tests) {
            test = candidate.spec.name == set->label() ? &candidate : test;
        }
        QVERIFY(test);
        Q_EMIT bars->hovered(true, 1, set);
        QTRY_VERIFY(QToolTip::isVisible());
        QCOMPARE(
            QToolTip::text(),
            QStringLiteral("%1 — %2: %3").arg(config.name, set->label(), Units::formatMBps(test->summary.bwMedian)));
        Q_EMIT bars->hovered(false, 1, set);
        QTRY_VERIFY(!QToolTip::isVisible());

        // A disk bar names the disk, its serial, controller and both speeds; a slow one says why.
        const QList<const DiskResult*> measured = ResultsModel::measuredDisks(results);
        int slowIndex = -1;
        for (int i = 0; i < measured.size(); ++i) {
            slowIndex = measured.at(i)->slow && slowIndex < 0 ? i : slowIndex;
        }
        QVERIFY(slowIndex >= 0);
        const DiskResult* disk = measured.at(slowIndex);
        QBarSeries* diskBars = seriesOf<QBarSeries>(page.chart(QStringLiteral("disks"))).value(0);
        QVERIFY(diskBars);
        Q_EMIT diskBars->hovered(true, slowIndex, diskBars->barSets().first());
        QTRY_VERIFY(QToolTip::isVisible());
        const QString text = QToolTip::text();
        QVERIFY2(text.contains(disk->serial), qPrintable(text));
        QVERIFY2(text.contains(disk->controller), qPrintable(text));
        QVERIFY2(text.contains(Units::formatMBps(*disk->writeBw)), qPrintable(text));
        QVERIFY2(text.contains(Units::formatMBps(*disk->readBw)), qPrintable(text));
        QVERIFY2(text.contains(disk->slowReason), qPrintable(text));
        QToolTip::hideText();

        // A line of a detail chart shows its nearest measured point: 70 KiB is nearest 64 KiB.
        ResultsPage details;
        details.show();
        details.setResults(enriched());
        details.showDetail(QStringLiteral("sweep"));
        QLineSeries* line = seriesOf<QLineSeries>(details.chart(QStringLiteral("sweep"))).value(0);
        QVERIFY(line);
        QPointF at64;
        for (const QPointF& point : line->points()) {
            at64 = qFuzzyCompare(point.x(), 64.0) ? point : at64;
        }
        QVERIFY(at64.y() > 0);
        Q_EMIT line->hovered(QPointF(70, 1), true);
        QTRY_VERIFY(QToolTip::isVisible());
        QCOMPARE(
            QToolTip::text(),
            ChartHover::text(line->name(), QStringLiteral("64 block size (KiB)"), at64.y(), QStringLiteral("MB/s")));
        QVERIFY2(QToolTip::text().startsWith(line->name() + QStringLiteral(" — 64 block size (KiB): ")),
                 qPrintable(QToolTip::text()));
        Q_EMIT line->hovered(QPointF(70, 1), false);
        QTRY_VERIFY(!QToolTip::isVisible());
        // A bar of a detail chart: its set, its category and its height.
        details.showDetail(QStringLiteral("latency"));
        QBarSeries* latency = seriesOf<QBarSeries>(details.chart(QStringLiteral("latency"))).value(0);
        QVERIFY(latency);
        QBarSet* percentile = latency->barSets().first();
        const QStringList categories = categoriesOf(details.chart(QStringLiteral("latency")));
        Q_EMIT latency->hovered(true, 0, percentile);
        QTRY_VERIFY(QToolTip::isVisible());
        QVERIFY2(QToolTip::text().startsWith(percentile->label() + QStringLiteral(" — ") + categories.value(0) +
                                             QStringLiteral(": ") + QLocale().toString(percentile->at(0), 'g', 4)),
                 qPrintable(QToolTip::text()));
        QToolTip::hideText();
    }

    void legendsAreNeverCut()
    {
        // Every legend entry of every chart reads in full, in a wide window and a narrow one: the text
        // the legend draws is the marker's whole label, never an elided "raid10-far…". Where one row
        // under the chart is too short the legend goes beside it.
        const auto drawnTexts = [](QGraphicsItem* item, QStringList& texts, const auto& self) -> void {
            if (auto* text = dynamic_cast<QGraphicsTextItem*>(item)) {
                texts.append(text->toPlainText());
            }
            for (QGraphicsItem* child : item->childItems()) {
                self(child, texts, self);
            }
        };
        const auto check = [&](QChart* chart, const QString& what) {
            QVERIFY2(chart, qPrintable(what));
            QStringList drawn;
            drawnTexts(chart->legend(), drawn, drawnTexts);
            int shown = 0;
            for (QLegendMarker* marker : chart->legend()->markers()) {
                if (!marker->isVisible() || marker->label().isEmpty()) {
                    continue;
                }
                ++shown;
                QVERIFY2(drawn.contains(marker->label()),
                         qPrintable(QStringLiteral("%1: \"%2\" is drawn as one of: %3")
                                        .arg(what, marker->label(), drawn.join(QLatin1String(" | ")))));
            }
            qInfo("%s at %d px: %d legend entries, none cut, legend %s", qPrintable(what), int(chart->size().width()),
                  shown, chart->legend()->alignment() == Qt::AlignBottom ? "below" : "beside");
        };
        // The test's results and a recorded lab run: eleven configurations, five tests each.
        for (const CampaignResults& results : {enriched(), load()}) {
            for (const QSize size : {QSize(1280, 800), QSize(1200, 700), QSize(800, 600)}) {
                ResultsPage page;
                page.resize(size);
                page.show();
                page.setResults(results);
                QVERIFY(QTest::qWaitForWindowExposed(&page));
                for (int tab = 0; tab < page.tabs()->count(); ++tab) {
                    page.tabs()->setCurrentIndex(tab);
                    for (const QString& name : {QStringLiteral("comparison"), QStringLiteral("disks")}) {
                        QChart* chart = page.chart(name);
                        if (chart && !chart->scene()->views().isEmpty() &&
                            chart->scene()->views().first()->isVisible()) {
                            QApplication::processEvents();
                            check(chart, name);
                        }
                    }
                    if (page.tabs()->tabText(tab).contains(QLatin1String("Details"))) {
                        for (const QString& name : {QStringLiteral("sweep"), QStringLiteral("timeline"),
                                                    QStringLiteral("latency"), QStringLiteral("command")}) {
                            page.showDetail(name);
                            QApplication::processEvents();
                            check(page.chart(name), name);
                        }
                    }
                }
            }
        }
    }

    void anExportedChartKeepsItsLegendAndLabelsWhole()
    {
        // An export draws a chart no window has shown: its legend markers are all invisible until then,
        // yet where its names do not fit one row the legend still goes beside the chart. And a long
        // configuration name stands upright under its bars, where Qt leaves out a slanted one that
        // reaches past the plot (the last column had no label).
        for (const auto& [width, alignment] :
             {std::pair {600.0, Qt::AlignRight}, std::pair {4000.0, Qt::AlignBottom}}) {
            auto built = Charts::comparison(load());
            QVERIFY(built.ok());
            std::unique_ptr<QChart> chart(*built);
            Charts::fitLegend(chart.get(), width);
            QCOMPARE(chart->legend()->alignment(), Qt::Alignment(alignment));
            const auto axes = chart->axes(Qt::Horizontal);
            auto* categories = axes.isEmpty() ? nullptr : qobject_cast<QBarCategoryAxis*>(axes.first());
            QVERIFY(categories);
            QVERIFY(categories->categories().contains(QStringLiteral("lvm-stripe-over-raid1")));
            QCOMPARE(categories->labelsAngle(), -90);
        }
    }

    void detailCharts()
    {
        CampaignResults results = enriched();
        auto sweep = make(QStringLiteral("sweep"), results);
        QVERIFY(sweep);
        QCOMPARE(seriesOf<QLineSeries>(sweep.get()).size(), 2);
        QVERIFY(qobject_cast<QLogValueAxis*>(sweep->axes(Qt::Horizontal).value(0)));
        const QLineSeries* raid0 = seriesOf<QLineSeries>(sweep.get()).first();
        QCOMPARE(raid0->count(), 4);
        QCOMPARE(raid0->at(0).x(), 4.0);
        QCOMPARE(raid0->at(3).x(), 4096.0);
        QVERIFY(qFuzzyCompare(raid0->at(3).y(), 160.0));

        auto timeline = make(QStringLiteral("timeline"), results);
        QVERIFY(timeline);
        QVERIFY(seriesOf<QLineSeries>(timeline.get()).size() >= 8);
        const ConfigResult* single = results.config(QStringLiteral("single"));
        const QString firstTest = ResultsModel::timelineTests(results).first();
        const IoResult& run = single->test(firstTest)->runs.first();
        const QLineSeries* line = seriesOf<QLineSeries>(timeline.get()).first();
        QCOMPARE(line->count(), int(run.samples.size()));
        QVERIFY(qFuzzyCompare(line->at(0).y(), run.samples.front().bwBytes / 1e6));

        const QStringList random = ResultsModel::latencyTests(results);
        QCOMPARE(random.size(), 2);
        ChartOptions options;
        options.test = random.last();
        auto latency = make(QStringLiteral("latency"), results, options);
        QVERIFY(latency);
        QBarSet* p99 = setNamed(latency.get(), QStringLiteral("p99"));
        QVERIFY(p99);
        // Microseconds, or milliseconds when the longest bar passes 10 000 µs.
        auto* latencyAxis = qobject_cast<QValueAxis*>(latency->axes(Qt::Vertical).value(0));
        QVERIFY(latencyAxis);
        double longestUs = 0;
        for (const QBarSet* set : seriesOf<QBarSeries>(latency.get()).first()->barSets()) {
            for (int i = 0; i < set->count(); ++i) {
                longestUs = std::max(longestUs, set->at(i));
            }
        }
        const bool inMs = latencyAxis->titleText() == QLatin1String("milliseconds");
        QVERIFY2(inMs || latencyAxis->titleText() == QLatin1String("microseconds"),
                 qPrintable(latencyAxis->titleText()));
        QVERIFY2(inMs ? longestUs * 1000 > 10000 : longestUs <= 10000, qPrintable(QString::number(longestUs)));
        QVERIFY(qFuzzyCompare(p99->at(0),
                              double(single->test(random.last())->runs.first().latency.p99) / (inMs ? 1e6 : 1e3)));
        QVERIFY(latency->title().contains(single->test(random.last())->spec.name));
        // A slow tail (400 ms): the axis in milliseconds, not up to 400000 µs.
        CampaignResults slow = results;
        for (ConfigResult& config : slow.configs) {
            for (TestResult& test : config.tests) {
                for (IoResult& one : test.runs) {
                    one.latency.p999 = 400'000'000; // ns
                }
            }
        }
        auto slowChart = make(QStringLiteral("latency"), slow, options);
        QVERIFY(slowChart);
        auto* slowAxis = qobject_cast<QValueAxis*>(slowChart->axes(Qt::Vertical).value(0));
        QVERIFY(slowAxis);
        QCOMPARE(slowAxis->titleText(), QStringLiteral("milliseconds"));
        QVERIFY(qFuzzyCompare(setNamed(slowChart.get(), QStringLiteral("p99.9"))->at(0), 400.0));
        QVERIFY(qFuzzyCompare(setNamed(slowChart.get(), QStringLiteral("p99"))->at(0),
                              double(single->test(random.last())->runs.first().latency.p99) / 1e6));
        QVERIFY(slowAxis->max() < 1000);

        auto command = make(QStringLiteral("command"), results);
        QVERIFY(command);
        QCOMPARE(categoriesOf(command.get()), QStringList {QStringLiteral("raid1")});
        QCOMPARE(setNamed(command.get(), QStringLiteral("median"))->at(0), 12.25);
        QCOMPARE(setNamed(command.get(), QStringLiteral("max"))->at(0), 14.0);

        // Nothing to draw is said, not drawn empty.
        const CampaignResults plain = load();
        auto none = Charts::make(QStringLiteral("sweep"), plain);
        QVERIFY(!none);
        QVERIFY(none.error().message.contains(QLatin1String("sweep")));
        auto unknown = Charts::make(QStringLiteral("pie"), plain);
        QVERIFY(!unknown);
        QCOMPARE(unknown.error().code, QStringLiteral("usage"));
    }

    void axesOnRoundNumbersAndTwentyColours()
    {
        // Ticks a reader can read: 0, 25, ... 150 for 126 MB/s, never 31, 63, 94, 126.
        const Charts::NiceScale mbps = Charts::niceScale(126);
        QCOMPARE(mbps.top, 150.0);
        QCOMPARE(mbps.step, 25.0);
        QCOMPARE(mbps.intervals, 6);
        for (const double largest : {0.37, 7.7, 10.0, 38.0, 105.0, 286.0, 1435.0, 98765.0}) {
            const Charts::NiceScale scale = Charts::niceScale(largest);
            QVERIFY2(scale.top >= largest && scale.intervals >= 1 && scale.intervals <= 6,
                     qPrintable(QString::number(largest)));
            const double mantissa = scale.step / std::pow(10.0, std::floor(std::log10(scale.step)));
            QVERIFY2(qFuzzyCompare(mantissa, 1.0) || qFuzzyCompare(mantissa, 2.0) || qFuzzyCompare(mantissa, 2.5) ||
                         qFuzzyCompare(mantissa, 5.0),
                     qPrintable(QString::number(scale.step)));
            QVERIFY(qFuzzyCompare(scale.top, scale.step * scale.intervals));
        }
        QCOMPARE(Charts::niceScale(0).top, 1.0); // nothing measured: an empty axis, not a crash
        // Twenty series, twenty colours.
        QSet<QRgb> colours;
        for (int i = 0; i < 20; ++i) {
            colours.insert(Charts::seriesColour(i).rgb());
        }
        QCOMPARE(colours.size(), 20);
        // Legend entries look like what is drawn (a line for a line), and the value axis is round.
        const CampaignResults results = enriched();
        auto chart = Charts::comparison(results);
        QVERIFY(chart.ok());
        std::unique_ptr<QChart> owned(*chart);
        int lines = 0;
        for (QLegendMarker* marker : owned->legend()->markers()) {
            if (marker->type() == QLegendMarker::LegendMarkerTypeBar) {
                QCOMPARE(marker->shape(), QLegend::MarkerShapeDefault); // a filled square in the bar's colour
            } else {
                QCOMPARE(marker->shape(), QLegend::MarkerShapeFromSeries); // a dashed line looks dashed
                ++lines;
            }
        }
        QVERIFY(lines >= 2);
        for (QAbstractAxis* axis : owned->axes(Qt::Vertical)) {
            if (auto* value = qobject_cast<QValueAxis*>(axis)) {
                const double step = (value->max() - value->min()) / (value->tickCount() - 1);
                const double mantissa = step / std::pow(10.0, std::floor(std::log10(step)));
                QVERIFY2(qFuzzyCompare(mantissa, 1.0) || qFuzzyCompare(mantissa, 2.0) || qFuzzyCompare(mantissa, 2.5) ||
                             qFuzzyCompare(mantissa, 5.0),
                         qPrintable(QString::number(step)));
            }
        }
    }

    void limitsNamedInTableHoverAndReport()
    {
        // What bounded each sequential figure: a word in the table, the figures on hover, a section of
        // the report with the kernel's own parity speeds.
        CampaignResults results = load();
        ConfigResult* raid6 = results.config(QStringLiteral("raid6"));
        QVERIFY(raid6);
        TestResult* write = const_cast<TestResult*>(raid6->sequentialTest(true));
        TestResult* read = const_cast<TestResult*>(raid6->sequentialTest(false));
        QVERIFY(write && read);
        ResourceUse cpuBound;
        cpuBound.seconds = 2;
        cpuBound.cpus = 2;
        cpuBound.diskBusy = {{QStringLiteral("sdc"), 0.7}};
        cpuBound.threadCpu = {{QStringLiteral("md127_raid6"), 0.97}};
        cpuBound.cpuBusy = 0.6;
        ResourceMonitor::classify(cpuBound);
        write->resources = cpuBound;
        ResourceUse diskBound = cpuBound;
        diskBound.diskBusy = {{QStringLiteral("sdc"), 0.99}};
        diskBound.threadCpu = {{QStringLiteral("md127_raid6"), 0.2}};
        ResourceMonitor::classify(diskBound);
        read->resources = diskBound;
        results.host.insert(QStringLiteral("kernel_parity"),
                            QJsonObject {{QStringLiteral("xor_function"), QStringLiteral("prefetch64-sse")},
                                         {QStringLiteral("xor_mbps"), 830},
                                         {QStringLiteral("raid6_algorithm"), QStringLiteral("sse2x4")},
                                         {QStringLiteral("raid6_gen_mbps"), 1210}});

        ResultsPage page;
        page.setResults(results);
        ResultsTable* table = page.configTable();
        int row = -1;
        for (int r = 0; r < table->rowCount(); ++r) {
            row = table->text(r, ResultsTable::Column::ColumnName) == QLatin1String("raid6") ? r : row;
        }
        QVERIFY(row >= 0);
        const QModelIndex limit = table->model()->index(row, ResultsTable::Column::ColumnLimit);
        QCOMPARE(limit.data().toString(), QStringLiteral("CPU (md thread) / disks"));
        const QString tip = limit.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QLatin1String("md127_raid6) used 97 % of a core")), qPrintable(tip));
        QVERIFY2(tip.contains(QLatin1String("busy sdc 99 % of the time")), qPrintable(tip));
        QCOMPARE(table->model()->headerData(ResultsTable::Column::ColumnLimit, Qt::Horizontal).toString(),
                 QStringLiteral("Limited by (write / read)"));
        // Configurations measured before this existed say nothing rather than guess.
        for (int r = 0; r < table->rowCount(); ++r) {
            if (r != row) {
                QCOMPARE(table->text(r, ResultsTable::Column::ColumnLimit), QStringLiteral("–"));
            }
        }

        const QString markdown = resultsToMarkdown(results);
        QVERIFY(markdown.contains(QLatin1String("## What limited each figure")));
        QVERIFY2(markdown.contains(QLatin1String("xor 830 MB/s (prefetch64-sse), RAID6 syndrome 1210 MB/s (sse2x4)")),
                 qPrintable(markdown));
        QVERIFY(
            markdown.contains(QStringLiteral("| raid6 | %1 | %2 |").arg(cpuBound.explanation, diskBound.explanation)));
        // Saved and loaded again, the figures stay.
        QTemporaryDir dir;
        QVERIFY(results.save(dir.filePath(QStringLiteral("r.json"))).ok());
        auto back = CampaignResults::load(dir.filePath(QStringLiteral("r.json")));
        QVERIFY(back.ok());
        QCOMPARE(back->config(QStringLiteral("raid6"))->sequentialTest(true)->resources->boundBy, Bound::MdThread);
    }

    void relativeTableSorts()
    {
        ResultsPage page;
        page.show();
        page.setResults(load());
        ResultsTable* table = page.configTable();
        QCOMPARE(table->rowCount(), 9);
        using C = ResultsTableModel;
        table->sortByColumn(C::ColumnWritePct, Qt::DescendingOrder);
        QCOMPARE(table->text(0, C::ColumnName), QStringLiteral("raid0"));
        table->sortByColumn(C::ColumnWrite, Qt::DescendingOrder); // absolute MB/s sort the same way
        QCOMPARE(table->text(0, C::ColumnName), QStringLiteral("raid0"));
        table->sortByColumn(C::ColumnSpace, Qt::DescendingOrder);
        QCOMPARE(table->text(0, C::ColumnSpace), QStringLiteral("100 %"));
        table->sortByColumn(C::ColumnSpace, Qt::AscendingOrder);
        QCOMPARE(table->text(0, C::ColumnSpace), QStringLiteral("25 %")); // raid1 over four disks
        // Absolute figures beside the percentages, random results as IOPS, and "one disk" in words.
        table->sortByColumn(C::ColumnRandomRead, Qt::DescendingOrder);
        QVERIFY(!table->text(0, C::ColumnRandomRead).contains(QLatin1String("MB/s")));
        QVERIFY(table->text(0, C::ColumnRandomRead) != QLatin1String("–"));
        QVERIFY(table->text(0, C::ColumnReadRatio) != QLatin1String("–"));
        QVERIFY2(page.oneDiskLabel()->text().contains(QLatin1String("median disk")),
                 qPrintable(page.oneDiskLabel()->text()));
        QVERIFY(page.oneDiskLabel()->text().contains(QLatin1String("slowest disk")));
        // These results hold no block-size sweep: Details opens on MB/s over time, not on nothing.
        QCOMPARE(page.detailName(), QStringLiteral("timeline"));
    }

    void exportsAreValidFiles()
    {
        CampaignResults results = enriched();
        ResultsPage page;
        page.show();
        page.setResults(results);
        QTemporaryDir dir;
        // PNG: decodable, exactly the size asked, the DPI recorded.
        const QString png = dir.filePath(QStringLiteral("c.png"));
        QVERIFY(page.files()->exportChart(QStringLiteral("comparison"), png, QSize(1600, 900), 192).ok());
        QImage image(png);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), QSize(1600, 900));
        QCOMPARE(qRound(image.dotsPerMeterX() * 0.0254), 192);
        // SVG: well-formed XML holding every configuration's name.
        const QString svg = dir.filePath(QStringLiteral("c.svg"));
        QVERIFY(page.files()->exportChart(QStringLiteral("comparison"), svg).ok());
        QFile svgFile(svg);
        QVERIFY(svgFile.open(QIODevice::ReadOnly));
        const QByteArray svgData = svgFile.readAll();
        QXmlStreamReader xml(svgData);
        while (!xml.atEnd()) {
            xml.readNext();
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        for (const ConfigResult& config : results.configs) {
            QVERIFY2(svgData.contains(config.name.toUtf8()), qPrintable(config.name));
        }
        // The caption the page shows under the chart travels with the picture: in the SVG as text,
        // in the PNG as a band of text below the chart, inside the size asked for.
        QVERIFY(svgData.contains("whiskers: min to max"));
        int inked = 0;
        for (int y = image.height() - 60; y < image.height(); ++y) {
            for (int x = 0; x < image.width() / 2; ++x) {
                inked += qGray(image.pixel(x, y)) < 128 ? 1 : 0;
            }
        }
        QVERIFY2(inked > 100, qPrintable(QString::number(inked)));
        // PDF: a PDF, and its text names the configurations.
        const QString pdf = dir.filePath(QStringLiteral("c.pdf"));
        QVERIFY(page.files()->exportChart(QStringLiteral("comparison"), pdf).ok());
        QFile pdfFile(pdf);
        QVERIFY(pdfFile.open(QIODevice::ReadOnly));
        QVERIFY(pdfFile.size() > 1000);
        QCOMPARE(pdfFile.read(4), QByteArray("%PDF"));
        if (!QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty()) {
            QProcess text;
            text.start(QStringLiteral("pdftotext"), {QStringLiteral("-raw"), pdf, QStringLiteral("-")});
            QVERIFY(text.waitForFinished(30000));
            const QByteArray words = text.readAllStandardOutput();
            for (const char* name : {"raid0", "raid5", "raid1+0"}) {
                QVERIFY2(words.contains(name), words.constData());
            }
        } else {
            qWarning("pdftotext is not installed (poppler-utils): the PDF's text is not checked");
        }
        // Every chart the results have, in every format.
        for (const QString& name : Charts::names()) {
            for (const char* suffix : {"png", "svg", "pdf"}) {
                const QString path = dir.filePath(QStringLiteral("%1.%2").arg(name, QLatin1String(suffix)));
                const auto exported = page.files()->exportChart(name, path);
                QVERIFY2(exported.ok(),
                         qPrintable(name + QLatin1Char(' ') + (exported ? QString() : exported.error().message)));
                QVERIFY(QFileInfo(path).size() > 500);
            }
        }
        // Refused: a format we do not write, a silly size; nothing is written.
        QVERIFY(!page.files()->exportChart(QStringLiteral("comparison"), dir.filePath(QStringLiteral("c.gif"))).ok());
        QVERIFY(
            !page.files()
                 ->exportChart(QStringLiteral("comparison"), dir.filePath(QStringLiteral("tiny.png")), QSize(10, 10))
                 .ok());
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("tiny.png"))));
        // Data: CSV with a row per configuration x test, JSON that loads back.
        const QString csv = dir.filePath(QStringLiteral("r.csv"));
        QVERIFY(page.files()->exportData(csv).ok());
        QFile csvFile(csv);
        QVERIFY(csvFile.open(QIODevice::ReadOnly));
        const QList<QByteArray> rows = csvFile.readAll().trimmed().split('\n');
        QVERIFY(rows.size() > 9 * 5);
        const QString json = dir.filePath(QStringLiteral("r.json"));
        QVERIFY(page.files()->exportData(json).ok());
        auto back = CampaignResults::load(json);
        QVERIFY2(back.ok(), qPrintable(back ? QString() : back.error().message));
        QCOMPARE(back->configs.size(), results.configs.size());
    }

    void twoHundredConfigurationsKeepTheWindowResponsive()
    {
        // 200 configurations, each with samples, latency and repeats: the file is opened and the HTML report
        // written as the menus do it, while the stall watchdog measures how late the event loop ran.
        const CampaignResults base = enriched();
        CampaignResults many = base;
        many.configs.clear();
        for (int i = 0; i < 200; ++i) {
            ConfigResult copy = base.configs.at(i % base.configs.size());
            copy.name = QStringLiteral("layout-%1").arg(i, 3, 10, QLatin1Char('0'));
            many.configs.append(copy);
        }
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("many.json"));
        QVERIFY(many.save(file));
        ResultsPage page;
        page.resize(1280, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));

        // The synchronous report, for scale: the time the window would freeze.
        QElapsedTimer clock;
        clock.start();
        const qsizetype syncSize = resultsToHtml(many).size();
        const qint64 syncMs = clock.elapsed();

        StallWatchdog watchdog;
        watchdog.start();
        QSignalSpy opened(&page, &ResultsPage::message);
        page.files()->openInBackground(file);
        QTRY_COMPARE_WITH_TIMEOUT(page.results().configs.size(), 200, 30000);
        const qint64 openStall = watchdog.longestStallMs();

        watchdog.start();
        const QString report = dir.filePath(QStringLiteral("many.html"));
        QSignalSpy written(page.files(), &ResultsFiles::reportWritten);
        // The event loop's turns, counted by a timer that fires on every one, at each step of the writer.
        int turns = 0;
        QTimer everyTurn;
        everyTurn.setInterval(0);
        connect(&everyTurn, &QTimer::timeout, this, [&turns] { ++turns; });
        everyTurn.start();
        QList<int> turnsAtStep;
        ReportWriter* writing = page.files()->exportReportInBackground(report);
        QVERIFY(writing);
        int steps = 0;
        connect(writing, &ReportWriter::progress, this, [&](int, int total) {
            turnsAtStep.append(turns);
            steps = total;
        });
        QVERIFY(!page.files()->exportReportInBackground(report)); // one at a time
        QVERIFY(written.wait(60000));
        everyTurn.stop();
        const qint64 reportStall = watchdog.longestStallMs();
        watchdog.stop();
        QCOMPARE(written.first().at(1).toString(), QString());
        QFile html(report);
        QVERIFY(html.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(html.readAll());
        QCOMPARE(text.size(), syncSize); // the same report as the synchronous one
        QVERIFY(text.contains(QLatin1String("layout-199")));
        QCOMPARE(text.count(QLatin1String("<figure>")), resultsToHtml(many).count(QLatin1String("<figure>")));
        qInfo("200 configurations: the report alone blocks for %lld ms; in the background the event loop was at "
              "most %lld ms late while opening and %lld ms while writing it",
              syncMs, openStall, reportStall);
        // Each step is one chart, and the window's events are handled between any two steps: what CI checks.
        // How long the longest step blocked (248 ms alone, against the whole report's time) is the host's
        // speed as much as ours (548 ms with four lab VMs beside it): printed above, not a CI margin.
        QVERIFY2(steps > 1 && turnsAtStep.size() >= steps - 1,
                 qPrintable(QStringLiteral("%1 of %2").arg(turnsAtStep.size()).arg(steps)));
        // A timer due on every turn of the event loop fired between the chart steps (Qt may run two queued
        // steps in one pass of its posted events, so not between every two); the last step writes the
        // page in a thread, with the loop free all along.
        const qsizetype charts = turnsAtStep.size() - 1;
        const int turnsWhileDrawing = turnsAtStep.at(charts - 1) - turnsAtStep.first();
        qInfo("%lld chart steps, the event loop turned %d times meanwhile", qlonglong(charts), turnsWhileDrawing);
        QVERIFY2(turnsWhileDrawing >= (charts - 1) / 2,
                 qPrintable(QStringLiteral("%1 turns in %2 steps").arg(turnsWhileDrawing).arg(charts)));

        // Cancelled: no file, and the page says so.
        const QString cancelled = dir.filePath(QStringLiteral("cancelled.html"));
        written.clear();
        ReportWriter* writer = page.files()->exportReportInBackground(cancelled);
        QVERIFY(writer);
        writer->cancel();
        QVERIFY(written.wait(30000));
        QVERIFY(!written.first().at(1).toString().isEmpty());
        QVERIFY(!QFile::exists(cancelled));
    }

    void queueDepthAndStabilityCharts()
    {
        const CampaignResults results = enriched();
        // Latency against IOPS: a p50 and a p99 line per layout, a point per queue depth.
        auto curve = make(QStringLiteral("qd-latency"), results);
        QVERIFY(curve);
        QVERIFY(curve->title().contains(QLatin1String("queue-depth sweep RND4K read")));
        const auto lines = seriesOf<QLineSeries>(curve.get());
        QCOMPARE(lines.size(), 6);
        QStringList names;
        for (const QLineSeries* line : lines) {
            names.append(line->name());
            QCOMPARE(line->count(), 7);
        }
        QVERIFY2(names.contains(QStringLiteral("raid0 p50")) && names.contains(QStringLiteral("raid10 p99")),
                 qPrintable(names.join(QStringLiteral(", "))));
        const QLineSeries* raid0 = lines.at(names.indexOf(QStringLiteral("raid0 p50")));
        // QD 1: 40000 x 1/5 IOPS at 1/8000 s; each deeper point further right and higher.
        QCOMPARE(raid0->at(0), QPointF(8000, 125));
        for (int i = 1; i < raid0->count(); ++i) {
            QVERIFY(raid0->at(i).x() > raid0->at(i - 1).x());
            QVERIFY(raid0->at(i).y() > raid0->at(i - 1).y());
        }
        // IOPS against queue depth: a line per layout on a log axis.
        auto iops = make(QStringLiteral("qd-iops"), results);
        QVERIFY(iops);
        const auto iopsLines = seriesOf<QLineSeries>(iops.get());
        QCOMPARE(iopsLines.size(), 3);
        QCOMPARE(iopsLines.first()->at(6), QPointF(64, 40000.0 * 64 / 68));
        // Results without a sweep: said so.
        auto none = Charts::make(QStringLiteral("qd-latency"), load());
        QVERIFY(!none.ok());
        QVERIFY(none.error().message.contains(QLatin1String("No queue-depth sweep")));
        // The comparison marks the unstable bar and the one measured during a resync.
        auto comparison = make(QStringLiteral("comparison"), results);
        QVERIFY(comparison);
        int unstable = -1;
        int resync = -1;
        for (const QScatterSeries* marks : seriesOf<QScatterSeries>(comparison.get())) {
            if (marks->name() == QLatin1String("unstable")) {
                unstable = marks->count();
            } else if (marks->name() == QLatin1String("during resync")) {
                resync = marks->count();
            }
        }
        QCOMPARE(unstable, 1);
        QCOMPARE(resync, 1);
        // The Details tab offers both charts and the sweep test; the table shows each layout's spread.
        ResultsPage page;
        page.setResults(results);
        auto* chooser = page.findChild<QComboBox*>(QStringLiteral("detailChooser"));
        QVERIFY(chooser);
        QVERIFY(chooser->findData(QStringLiteral("qd-latency")) >= 0 &&
                chooser->findData(QStringLiteral("qd-iops")) >= 0);
        auto* table = page.findChild<ResultsTable*>(QStringLiteral("resultsTable"));
        QVERIFY(table);
        bool sawUnstable = false;
        bool sawResync = false;
        for (int row = 0; row < table->rowCount(); ++row) {
            const QString spread = table->text(row, ResultsTableModel::ColumnSpread);
            sawUnstable = sawUnstable ||
                (table->text(row, ResultsTableModel::ColumnName) == QLatin1String("raid5") &&
                 spread.contains(QLatin1String("%, unstable")));
            sawResync = sawResync ||
                (table->text(row, ResultsTableModel::ColumnName) == QLatin1String("raid1") &&
                 spread.contains(QLatin1String("during resync")));
        }
        QVERIFY(sawUnstable);
        QVERIFY(sawResync);
        // The report has the sweep's table.
        const QString markdown = resultsToMarkdown(results);
        QVERIFY(markdown.contains(QLatin1String("## Queue-depth sweep")));
        QVERIFY(markdown.contains(QLatin1String("| raid0 | queue-depth sweep RND4K read | 64 | 37647 |")));
        QVERIFY(markdown.contains(QLatin1String("**unstable**")));
        QVERIFY(markdown.contains(QLatin1String("*during resync*")));
    }

    void queueDepthChartsFromARecordedLabRun()
    {
        // A real campaign in the lab: four disks limited to 1500 requests a second, one disk, raid0,
        // raid10 and raid5, random 4k reads and writes swept from QD 1 to 32.
        auto recorded = CampaignResults::load(QStringLiteral(RAIDBENCH_TEST_DATA "/results/qd-sweep-lab.json"));
        QVERIFY2(recorded.ok(), qPrintable(recorded.ok() ? QString() : recorded.error().message));
        analyzeResults(*recorded);
        QCOMPARE(ResultsModel::depthSweepTests(*recorded),
                 (QStringList {QStringLiteral("qd-sweep-rnd4k-read"), QStringLiteral("qd-sweep-rnd4k-write")}));
        ChartOptions writes;
        writes.test = QStringLiteral("qd-sweep-rnd4k-write");
        auto curve = Charts::make(QStringLiteral("qd-latency"), *recorded, writes);
        QVERIFY(curve.ok());
        std::unique_ptr<QChart> owned(*curve);
        QCOMPARE(seriesOf<QLineSeries>(owned.get()).size(), 8);
        auto iops = Charts::make(QStringLiteral("qd-iops"), *recorded, writes);
        QVERIFY(iops.ok());
        std::unique_ptr<QChart> ownedIops(*iops);
        double raid5Top = 0;
        double raid10Top = 0;
        for (const QLineSeries* line : seriesOf<QLineSeries>(ownedIops.get())) {
            QCOMPARE(line->count(), 6);
            for (int i = 0; i < line->count(); ++i) {
                (line->name() == QLatin1String("raid5") ? raid5Top : raid10Top) =
                    std::max(line->name() == QLatin1String("raid5") ? raid5Top : raid10Top, line->at(i).y());
            }
        }
        // RAID5's small random writes cost a read-modify-write: far fewer IOPS than the others'.
        QVERIFY2(raid5Top > 0 && raid5Top < 0.7 * raid10Top,
                 qPrintable(QStringLiteral("%1 %2").arg(raid5Top).arg(raid10Top)));
        // The page shows both and exports them, each for the test chosen.
        ResultsPage page;
        page.resize(1200, 800);
        page.setResults(*recorded);
        QTemporaryDir dir;
        for (const QString& name : {QStringLiteral("qd-latency"), QStringLiteral("qd-iops")}) {
            for (const char* suffix : {"png", "svg"}) {
                const QString path = dir.filePath(QStringLiteral("%1.%2").arg(name, QLatin1String(suffix)));
                const auto exported = page.files()->exportChart(name, path);
                QVERIFY2(exported.ok(), qPrintable(exported ? QString() : exported.error().message));
                QVERIFY(QFileInfo(path).size() > 2000);
            }
        }
        QFile svg(dir.filePath(QStringLiteral("qd-latency.svg")));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        const QByteArray text = svg.readAll();
        QVERIFY(text.contains("raid10 p99") && text.contains("one disk p50"));
        // The 70/30 mix in the report, its reads and writes apart.
        const QString markdown = resultsToMarkdown(*recorded);
        QVERIFY(markdown.contains(QLatin1String("## Mixed read and write")));
        QVERIFY(markdown.contains(QLatin1String("| raid10 | RND4K QD16")) ||
                markdown.contains(QLatin1String("| raid10 | rnd4k-qd16-rw")));
    }

    void failureDrillChartsAndReport()
    {
        CampaignResults results = load();
        ConfigResult* raid5 = results.config(QStringLiteral("raid5"));
        QVERIFY(raid5);
        const TestResult* healthy = raid5->sequentialTest(false);
        QVERIFY(healthy);
        DrillResult drill;
        drill.spec.enabled = true;
        drill.status = RunState::Completed;
        drill.failedArray = QStringLiteral("/dev/md/raidbench-ab12cd34-0");
        drill.failedMembers = {QStringLiteral("/dev/sdb")};
        TestResult degraded = *healthy;
        degraded.summary.bwMedian = healthy->summary.bwMedian * 0.6;
        drill.degraded = {degraded};
        RebuildResult rebuild;
        rebuild.kind = QStringLiteral("rebuild");
        rebuild.seconds = 9.4;
        rebuild.bytes = 535822336;
        rebuild.bw = rebuild.bytes / rebuild.seconds;
        rebuild.completed = true;
        rebuild.timeline = {{0, 0, 0}, {1, 0.1, 55e6}, {2, 0.22, 58e6}, {9.4, 1, 57e6}};
        rebuild.limitedBy = QStringLiteral("sdb (written, 99 % busy)");
        rebuild.estimateMemberBytes = 4'000'000'000'000ull;
        rebuild.estimateSeconds = 4e12 / rebuild.bw;
        drill.rebuild = rebuild;
        raid5->drill = drill;
        ConfigResult* raid0 = results.config(QStringLiteral("raid0"));
        QVERIFY(raid0);
        DrillResult skipped;
        skipped.status = RunState::Skipped;
        skipped.error = QStringLiteral("raid0(4) survives no failed disk, so there is nothing to drill");
        raid0->drill = skipped;

        // Healthy and degraded side by side, for the layouts that were drilled.
        auto failure = make(QStringLiteral("failure"), results);
        QVERIFY(failure);
        QCOMPARE(categoriesOf(failure.get()), QStringList {QStringLiteral("raid5")});
        const auto bars = seriesOf<QBarSeries>(failure.get());
        QCOMPARE(bars.size(), 1);
        QCOMPARE(bars.first()->barSets().size(), 2);
        QCOMPARE(bars.first()->barSets().at(0)->at(0), healthy->summary.bwMedian / 1e6);
        QCOMPARE(bars.first()->barSets().at(1)->at(0), healthy->summary.bwMedian * 0.6 / 1e6);
        // The rebuild over time: one line per layout, its points as measured.
        auto timeline = make(QStringLiteral("rebuild"), results);
        QVERIFY(timeline);
        const auto lines = seriesOf<QLineSeries>(timeline.get());
        QCOMPARE(lines.size(), 1);
        QCOMPARE(lines.first()->count(), 4);
        QCOMPARE(lines.first()->at(2), QPointF(2, 58));
        QVERIFY(lines.first()->name().contains(QLatin1String("9.4 s")));
        // Results without a drill: nothing to draw, said so.
        QVERIFY(!Charts::make(QStringLiteral("rebuild"), load()));

        const QString md = resultsToMarkdown(results);
        QVERIFY(md.contains(QLatin1String("## When a disk fails")));
        QVERIFY2(md.contains(QLatin1String("| raid5 | SEQ1M QD8 read |")),
                 qPrintable(md.section(QStringLiteral("## When a disk fails"), 1)));
        QVERIFY(md.contains(QLatin1String("limited by sdb (written, 99 % busy)")));
        static const QRegularExpression estimate(QStringLiteral("\\d+ h( \\d+ min)? for 4(\\.0+)? TB"));
        QVERIFY2(md.contains(estimate), qPrintable(md.section(QStringLiteral("## When a disk fails"), 1)));
        QVERIFY(md.contains(QLatin1String("raid0: raid0(4) survives no failed disk")));
        const QString csv = resultsToCsv(results);
        QVERIFY(csv.section(QLatin1Char('\n'), 0, 0)
                    .endsWith(QLatin1String(
                        "drill_seconds,drill_estimate_seconds,bw_cv,unstable,during_resync,write_cache,"
                        "stripe_cache,predicted_write_bound,partial_stripe_reads,predicted_write_low_mbps,"
                        "predicted_write_high_mbps,predicted_rand_write_iops,predicted_rand_read_iops,"
                        "predicted_read_low_mbps,predicted_read_high_mbps")));
        QVERIFY(csv.contains(QLatin1String(",degraded,")));
        QVERIFY(csv.contains(QLatin1String("rebuild,drill,")));
        QVERIFY(csv.contains(QLatin1String(",9.4,")));
        // The HTML report draws both charts.
        const QString html = resultsToHtml(results);
        QVERIFY(html.contains(Charts::title(QStringLiteral("failure")).toHtmlEscaped()));
        QVERIFY(html.contains(Charts::title(QStringLiteral("rebuild")).toHtmlEscaped()));
    }

    void htmlReportIsSelfContained()
    {
        CampaignResults results = enriched();
        const QString html = resultsToHtml(results);
        QVERIFY(html.startsWith(QLatin1String("<!DOCTYPE html>")));
        // Charts and tables fit a 1100 px page: valid CSS (no "100%%"), wide tables scroll in place.
        QVERIFY(!html.contains(QLatin1String("100%%")));
        QVERIFY(html.contains(QLatin1String("figure svg,figure img{max-width:100%;")));
        QVERIFY(html.contains(QLatin1String("overflow-x:auto")));
        QVERIFY(html.count(QLatin1String("<svg")) >= 5); // comparison, disks, sweep, timeline, latency, command
        // The surface chart and section of the disk read across its surface; the notes as a list.
        QVERIFY(html.contains(Charts::title(QStringLiteral("surface")).toHtmlEscaped()));
        QVERIFY(html.contains(QLatin1String("<h3>Each disk across its surface</h3>")));
        QVERIFY(html.contains(QLatin1String("<ul>\n<li>")));
        QVERIFY(!html.contains(QLatin1String("<p>- ")));
        for (const ConfigResult& config : results.configs) {
            QVERIFY2(html.contains(config.name.toHtmlEscaped()), qPrintable(config.name));
        }
        for (const DiskResult& disk : results.disks) {
            QVERIFY2(html.contains(disk.serial), qPrintable(disk.serial));
        }
        QVERIFY(html.contains(QLatin1String("mdadm --create")));
        QVERIFY(html.contains(QLatin1String("Device or resource busy")));
        // The answer first, as the window shows it: the recommendation before the charts and tables.
        const qsizetype answer = html.indexOf(QLatin1String("<h3>Recommendation</h3>"));
        QVERIFY2(answer > 0, "no recommendation in the report");
        QVERIFY2(answer < html.indexOf(QLatin1String("<h2>Charts</h2>")), "the recommendation comes after the charts");
        QCOMPARE(html.count(QLatin1String("<h3>Recommendation</h3>")), 1);
        QVERIFY(html.contains(results.host.value(QStringLiteral("kernel")).toString()));
        // Offline: no script, no stylesheet or image from elsewhere.
        QVERIFY(!html.contains(QLatin1String("<script")));
        QVERIFY(!html.contains(QLatin1String("<link")));
        QVERIFY(!html.contains(QLatin1String("src=\"http")));
        QVERIFY(!html.contains(QLatin1String("href=\"http")));
        QVERIFY(!html.contains(QLatin1String("url(http")));
    }

    void reportInARealBrowser()
    {
        QString browser = QStandardPaths::findExecutable(QStringLiteral("chromium"));
        if (browser.isEmpty()) {
            QSKIP("chromium is not installed (Debian package chromium)");
        }
        QTemporaryDir dir;
        const QString report = dir.filePath(QStringLiteral("report.html"));
        QVERIFY(writeHtmlReport(enriched(), report).ok());
        // Headless chromium now and then dies at start on a loaded machine (crashpad reports it,
        // nothing of the page is read yet): such a start is tried again, up to three times.
        int profiles = 0;
        const auto runBrowser = [&](const QStringList& arguments, const std::function<bool(const QProcess&)>& done,
                                    QByteArray& output) {
            for (int attempt = 1; attempt <= 3; ++attempt) {
                QProcess chromium;
                chromium.start(browser,
                               QStringList {QStringLiteral("--headless"), QStringLiteral("--no-sandbox"),
                                            QStringLiteral("--disable-gpu"), QStringLiteral("--disable-dev-shm-usage"),
                                            QStringLiteral("--hide-scrollbars"),
                                            QStringLiteral("--user-data-dir=") +
                                                dir.filePath(QStringLiteral("profile%1").arg(++profiles))} +
                                   arguments);
                if (!chromium.waitForFinished(120000)) {
                    chromium.kill();
                    chromium.waitForFinished();
                }
                output = chromium.readAllStandardOutput();
                const QByteArray errors = chromium.readAllStandardError();
                if (done(chromium)) {
                    return true;
                }
                qWarning("chromium attempt %d: exit %d (%s): %s", attempt, chromium.exitCode(),
                         chromium.exitStatus() == QProcess::CrashExit ? "crashed" : "exited",
                         errors.right(300).constData());
            }
            return false;
        };
        const QString shot = dir.filePath(QStringLiteral("shot.png"));
        QByteArray output;
        QVERIFY(runBrowser(
            {QStringLiteral("--window-size=1200,1600"), QStringLiteral("--screenshot=") + shot,
             QUrl::fromLocalFile(report).toString()},
            [&](const QProcess&) { return !QImage(shot).isNull(); }, output));
        const QImage image(shot);
        // Not blank: text, tables and charts give many colours on the page.
        std::set<QRgb> colours;
        for (int y = 0; y < image.height(); y += 3) {
            for (int x = 0; x < image.width(); x += 3) {
                colours.insert(image.pixel(x, y));
            }
        }
        QVERIFY2(colours.size() > 50, qPrintable(QString::number(colours.size())));

        // At 1100 px nothing scrolls sideways: a copy of the report that puts the page's scroll width
        // and the window's width into its title, read back from the browser's DOM.
        QFile file(report);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QString html = QString::fromUtf8(file.readAll());
        file.close();
        QVERIFY(html.contains(QLatin1String("</body>")));
        html.replace(QLatin1String("</body>"),
                     QLatin1String("<script>document.title = 'width ' + document.documentElement.scrollWidth + ' of ' "
                                   "+ window.innerWidth;</script></body>"));
        const QString probe = dir.filePath(QStringLiteral("probe.html"));
        QFile out(probe);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(html.toUtf8());
        out.close();
        static const QRegularExpression title(QStringLiteral("<title>width (\\d+) of (\\d+)</title>"));
        QVERIFY(runBrowser(
            {QStringLiteral("--window-size=1100,1600"), QStringLiteral("--dump-dom"),
             QUrl::fromLocalFile(probe).toString()},
            [&](const QProcess& chromium) {
                return chromium.exitStatus() == QProcess::NormalExit && chromium.exitCode() == 0;
            },
            output));
        const QRegularExpressionMatch widths = title.match(QString::fromUtf8(output));
        QVERIFY2(widths.hasMatch(), output.left(400).constData());
        const int scrollWidth = widths.captured(1).toInt();
        const int windowWidth = widths.captured(2).toInt();
        qInfo("report at a %d px window: %d px wide", windowWidth, scrollWidth);
        QCOMPARE(windowWidth, 1100);
        QVERIFY2(scrollWidth <= windowWidth, qPrintable(widths.captured(0)));
    }

    void compareGroupsMatchingNames()
    {
        CampaignResults before = load();
        CampaignResults after = load();
        // After replacing a slow disk, raid5 writes faster; raid6 was not measured again.
        after.configs.removeIf([](const ConfigResult& config) { return config.name == QLatin1String("raid6"); });
        const CampaignResults merged =
            compareResults({{before, QStringLiteral("before")}, {after, QStringLiteral("after")}});
        ChartOptions wide;
        wide.perPage = 40;
        auto chart = make(QStringLiteral("comparison"), merged, wide);
        QVERIFY(chart);
        const QStringList categories = categoriesOf(chart.get());
        QCOMPARE(categories.size(), 17);
        QCOMPARE(categories.at(0), QStringLiteral("single · before"));
        QCOMPARE(categories.at(1), QStringLiteral("single · after"));
        const qsizetype raid5 = categories.indexOf(QStringLiteral("raid5 · before"));
        QVERIFY(raid5 >= 0);
        QCOMPARE(categories.at(raid5 + 1), QStringLiteral("raid5 · after"));
        const qsizetype raid6 = categories.indexOf(QStringLiteral("raid6 · before"));
        QVERIFY(!categories.at(raid6 + 1).startsWith(QLatin1String("raid6")));

        QTemporaryDir dir;
        QVERIFY(before.save(dir.filePath(QStringLiteral("before.json"))).ok());
        QVERIFY(after.save(dir.filePath(QStringLiteral("after.json"))).ok());
        ResultsPage page;
        page.show();
        QVERIFY(
            page.files()
                ->openCompare(dir.filePath(QStringLiteral("before.json")), dir.filePath(QStringLiteral("after.json")))
                .ok());
        QCOMPARE(page.configTable()->rowCount(), 17);
        QVERIFY(page.files()->recentFiles().contains(dir.filePath(QStringLiteral("after.json"))));
    }

    void compareHostsFlagsSlowDisksAcrossTheFleet()
    {
        // Two machines whose disks are alike within each: only the fleet's median shows one is slow.
        CampaignResults first = load();
        CampaignResults second = load();
        for (auto [results, mbps, target] : {std::tuple {&first, 105.0, QStringLiteral("root@nas1")},
                                             std::tuple {&second, 60.0, QStringLiteral("root@nas2:2222")}}) {
            for (DiskResult& disk : results->disks) {
                disk.writeBw = mbps * 1e6;
                disk.readBw = mbps * 1e6;
            }
            results->host.insert(
                QStringLiteral("connection"),
                QJsonObject {{QStringLiteral("transport"), QStringLiteral("ssh")}, {QStringLiteral("target"), target}});
        }
        QTemporaryDir dir;
        QVERIFY(first.save(dir.filePath(QStringLiteral("a.json"))).ok());
        QVERIFY(second.save(dir.filePath(QStringLiteral("b.json"))).ok());
        ResultsPage page;
        page.show();
        QVERIFY(page.files()
                    ->openCompare({dir.filePath(QStringLiteral("a.json")), dir.filePath(QStringLiteral("b.json"))})
                    .ok());
        QCOMPARE(page.results().comparedLabels,
                 (QStringList {QStringLiteral("root@nas1"), QStringLiteral("root@nas2:2222")}));
        QChart* chart = page.chart(QStringLiteral("disks"));
        const QStringList categories = categoriesOf(chart);
        QCOMPARE(categories.size(), first.disks.size() + second.disks.size());
        QBarSet* write = setNamed(chart, QStringLiteral("write"));
        QVERIFY(write);
        int slow = 0;
        for (int i = 0; i < categories.size(); ++i) {
            if (write->isBarSelected(i)) {
                ++slow;
                QVERIFY2(categories.at(i).contains(QLatin1String("root@nas2:2222")), qPrintable(categories.at(i)));
            }
        }
        QCOMPARE(slow, int(second.disks.size()));
        QVERIFY(page.results().disks.last().slowReason.contains(QLatin1String("fleet's median disk")));
    }

    void fioImportAndDroppedFiles()
    {
        // fio's JSON (here: what our own fio export writes, the fio shape) as a configuration of its own.
        QTemporaryDir dir;
        const CampaignResults results = load();
        auto written = exportFioJson(results, dir.path());
        QVERIFY(written.ok());
        QDir fioDir(dir.path());
        const QStringList files = fioDir.entryList({QStringLiteral("*raid0*seq1m-qd8-write*.json")}, QDir::Files);
        QVERIFY2(!files.isEmpty(), qPrintable(fioDir.entryList().join(QLatin1Char(' '))));
        ResultsPage page;
        page.show();
        page.setResults(results);
        QVERIFY(page.files()->importFio(fioDir.filePath(files.first()), QStringLiteral("fio raid0")).ok());
        QCOMPARE(page.results().configs.size(), 10);
        QVERIFY(categoriesOf(page.chart(QStringLiteral("comparison"))).contains(QStringLiteral("fio raid0")));
        const QString bad = dir.filePath(QStringLiteral("bad.json"));
        QFile badFile(bad);
        QVERIFY(badFile.open(QIODevice::WriteOnly));
        badFile.write("{\"jobs\": 3}");
        badFile.close();
        QVERIFY(!page.files()->importFio(bad, QStringLiteral("x")).ok());
        QCOMPARE(page.results().configs.size(), 10);

        // A results file dropped on the window opens on the Results page; a plan file on the canvas.
        MainWindow window;
        window.show();
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(fixture)});
        QDragEnterEvent enter(QPoint(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &drop);
        QCOMPARE(window.currentStep(), MainWindow::ResultsStep);
        QCOMPARE(window.resultsPage()->configTable()->rowCount(), 9);
        QVERIFY(window.resultsPage()->files()->recentFiles().contains(QFileInfo(fixture).absoluteFilePath()));
        QMimeData other;
        other.setUrls({QUrl::fromLocalFile(dir.filePath(QStringLiteral("photo.jpg")))});
        QDragEnterEvent refused(QPoint(50, 50), Qt::CopyAction, &other, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &refused);
        QVERIFY(!refused.isAccepted());
    }

    void filesThatCannotBeOpened_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("reason");
        QTest::newRow("corrupt") << QByteArray("{\"raidbench_results\": 1, \"configs\": [") << "JSON";
        QTest::newRow("future version") << QByteArray("{\"raidbench_results\": 7, \"configs\": []}") << "7";
        QTest::newRow("a plan, not results") << QByteArray("{\"raidbench_plan\": 1, \"disks\": []}") << "results";
        QTest::newRow("empty") << QByteArray() << "";
    }

    void filesThatCannotBeOpened()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, reason);
        ResultsPage page;
        page.show();
        page.setResults(load());
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(content);
        file.close();
        const auto opened = page.files()->open(path);
        QVERIFY(!opened);
        QVERIFY2(opened.error().message.contains(path), qPrintable(opened.error().message));
        QVERIFY2(opened.error().message.contains(reason), qPrintable(opened.error().message));
        // What was shown stays.
        QCOMPARE(page.results().configs.size(), 9);
        QCOMPARE(page.configTable()->rowCount(), 9);
        QVERIFY(!page.files()->recentFiles().contains(path));
    }

    void headlessCommandLine()
    {
        QTemporaryDir dir;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        const auto run = [&](const QStringList& args, int* code) {
            QProcess process;
            process.setProcessEnvironment(env);
            process.start(binary(), args);
            process.waitForFinished(120000);
            *code = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
            return QString::fromUtf8(process.readAllStandardError());
        };
        int code = -1;
        const QString report = dir.filePath(QStringLiteral("report.html"));
        QString err = run({QStringLiteral("--export-report"), fixture, QStringLiteral("--out"), report}, &code);
        QCOMPARE(code, 0);
        QVERIFY2(QFileInfo(report).size() > 10000, qPrintable(err));
        const QString png = dir.filePath(QStringLiteral("disks.png"));
        err = run({QStringLiteral("--export-chart"), QStringLiteral("disks"), QStringLiteral("--size"),
                   QStringLiteral("800x400"), QStringLiteral("--out"), png, fixture},
                  &code);
        QCOMPARE(code, 0);
        QCOMPARE(QImage(png).size(), QSize(800, 400));
        const QString svg = dir.filePath(QStringLiteral("c.svg"));
        err = run({QStringLiteral("--export-chart"), QStringLiteral("comparison"), QStringLiteral("--format"),
                   QStringLiteral("svg"), QStringLiteral("--order"), QStringLiteral("read"), QStringLiteral("--out"),
                   svg, fixture},
                  &code);
        QCOMPARE(code, 0);
        // Usage errors: 2 with a reason; unreadable results: 1.
        err = run({QStringLiteral("--export-chart"), QStringLiteral("pie"), QStringLiteral("--out"), png, fixture},
                  &code);
        QCOMPARE(code, 2);
        QVERIFY2(err.contains(QLatin1String("comparison")), qPrintable(err));
        err = run({QStringLiteral("--export-chart"), QStringLiteral("disks"), QStringLiteral("--size"),
                   QStringLiteral("big"), QStringLiteral("--out"), png, fixture},
                  &code);
        QCOMPARE(code, 2);
        QVERIFY(err.contains(QLatin1String("--size")));
        err = run({QStringLiteral("--export-report"), dir.filePath(QStringLiteral("missing.json")),
                   QStringLiteral("--out"), report},
                  &code);
        QCOMPARE(code, 1);
        QVERIFY(err.contains(QLatin1String("missing.json")));
        err = run({QStringLiteral("--export-report"), fixture}, &code);
        QCOMPARE(code, 2);
        QVERIFY(err.contains(QLatin1String("--out")));
    }
};

QTEST_MAIN(TstResults)
#include "tst_results.moc"

#include "runpage.h"

#include "client/session.h"
#include "displaynumbers.h"
#include "results/diskstogether.h"
#include "results/resultcharts.h"
#include "runqueuemodel.h"
#include "stallwatchdog.h"
#include "util/units.h"

#include <QChart>
#include <QChartView>
#include <QDateTime>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QLineSeries>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace RaidBench::Ui {

RunPage::RunPage(Session* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_rows(new RunQueueModel(this))
    , m_queue(new QTableView(this))
    , m_overall(new QProgressBar(this))
    , m_eta(new QLabel(this))
    , m_now(new QLabel(this))
    , m_status(new QLabel(this))
    , m_log(new QPlainTextEdit(this))
    , m_cancel(new QPushButton(tr("&Cancel the run"), this))
    , m_chart(new QChart)
    , m_series(new QLineSeries)
    , m_axisX(new QValueAxis)
    , m_axisY(new QValueAxis)
    , m_chartTimer(new QTimer(this))
    , m_watchdog(new StallWatchdog(this))
{
    setObjectName(QStringLiteral("runPage"));
    auto* layout = new QVBoxLayout(this);
    m_status->setObjectName(QStringLiteral("runStatus"));
    m_status->setWordWrap(true);
    m_status->setText(tr("Nothing is running. Plan a run on the Plan page."));
    layout->addWidget(m_status);

    layout->addLayout(makeProgressRow());
    m_now->setObjectName(QStringLiteral("nowLabel"));
    m_now->setWordWrap(true);
    layout->addWidget(m_now);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    auto* top = new QSplitter(Qt::Horizontal, splitter);
    configureQueue();
    top->addWidget(m_queue);

    top->addWidget(makeChartView(top));
    top->setStretchFactor(1, 2);
    top->setSizes({430, 800});

    m_log->setObjectName(QStringLiteral("commandLog"));
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(20000);
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_log->setAccessibleName(tr("Commands the helper ran"));
    m_log->setPlaceholderText(tr("Every command the helper runs appears here with its output."));
    splitter->addWidget(top);
    splitter->addWidget(m_log);
    layout->addWidget(splitter, 1);

    m_chartTimer->setInterval(chartIntervalMs);
    connect(m_chartTimer, &QTimer::timeout, this, &RunPage::redrawChart);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_cancelling = true;
        m_cancel->setEnabled(false);
        m_status->setText(tr("Cancelling: the helper stops the test and tears down what stands…"));
        m_session->cancelCampaign();
    });
    connect(session, &Session::campaignProgress, this, &RunPage::onProgress);
    connect(session, &Session::campaignCommand, this, &RunPage::onCommand);
    connect(session, &Session::campaignFinished, this, &RunPage::onFinished);
    connect(session, &Session::campaignResults, this, &RunPage::onResults);
}

QHBoxLayout* RunPage::makeProgressRow()
{
    auto* progressRow = new QHBoxLayout;
    m_overall->setRange(0, 1000);
    m_overall->setFormat(tr("%p %"));
    m_overall->setAccessibleName(tr("Overall progress"));
    progressRow->addWidget(m_overall, 1);
    m_eta->setObjectName(QStringLiteral("etaLabel"));
    m_eta->setMinimumWidth(m_eta->fontMetrics().horizontalAdvance(QStringLiteral("ETA 00 h 00 min 00 s")));
    progressRow->addWidget(m_eta);
    m_cancel->setObjectName(QStringLiteral("cancelButton"));
    m_cancel->setEnabled(false);
    m_cancel->setToolTip(tr("Stop now: what stands is torn down, everything measured so far is kept."));
    progressRow->addWidget(m_cancel);
    return progressRow;
}

void RunPage::configureQueue()
{
    m_queue->setObjectName(QStringLiteral("runQueue"));
    m_queue->setModel(m_rows);
    m_queue->setItemDelegateForColumn(RunQueueModel::ColumnProgress, new ProgressBarDelegate(m_queue));
    m_queue->verticalHeader()->hide();
    m_queue->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_queue->setSelectionBehavior(QAbstractItemView::SelectRows);
    // The configuration's name whole; a long state (a test's name and its progress) is what gets elided.
    m_queue->horizontalHeader()->setSectionResizeMode(RunQueueModel::ColumnName, QHeaderView::ResizeToContents);
    m_queue->horizontalHeader()->setSectionResizeMode(RunQueueModel::ColumnState, QHeaderView::Stretch);
    m_queue->setColumnWidth(RunQueueModel::ColumnProgress, 140);
    m_queue->setAccessibleName(tr("Run queue"));
}

QChartView* RunPage::makeChartView(QWidget* parent)
{
    m_chart->addSeries(m_series);
    m_series->setName(tr("MB/s now"));
    m_axisX->setTitleText(tr("seconds"));
    m_axisX->setLabelFormat(QStringLiteral("%d"));
    m_axisY->setTitleText(tr("MB/s"));
    m_axisY->setLabelFormat(QStringLiteral("%d"));
    m_axisY->setRange(0, 100);
    m_axisX->setRange(0, m_spanSeconds);
    m_chart->addAxis(m_axisX, Qt::AlignBottom);
    m_chart->addAxis(m_axisY, Qt::AlignLeft);
    m_series->attachAxis(m_axisX);
    m_series->attachAxis(m_axisY);
    m_chart->legend()->hide();
    m_chart->setTitle(tr("Throughput of the running test"));
    m_chart->setTheme(palette().color(QPalette::Window).lightness() < 128 ? QChart::ChartThemeDark
                                                                          : QChart::ChartThemeLight);
    m_chart->setBackgroundRoundness(0);
    auto* view = new QChartView(m_chart, parent);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(320, 220);
    return view;
}

qint64 RunPage::longestStallMs() const
{
    return m_watchdog->longestStallMs();
}

void RunPage::start(const CampaignPlan& plan)
{
    m_running = true;
    m_cancelling = false;
    m_currentRow = -1;
    m_configCount = int(plan.configurations.size());
    m_points.clear();
    m_series->clear();
    m_chartKey.clear();
    m_chartTitle.clear();
    m_chart->setTitle(tr("Throughput of the running test")); // not the last run's test
    m_chartUpdates = 0;
    // The live chart spans one test run, not a fixed minute: a 10 s test fills the chart.
    m_spanSeconds = std::clamp(double(plan.timeLimitNs + plan.rampNs) / 1e9 * 1.1, 5.0, chartWindowSeconds);
    // Whole seconds on round ticks, anchored at 0 so they stay put as the window slides.
    double tick = 1;
    for (const double step : {1.0, 2.0, 5.0, 10.0, 20.0}) {
        tick = step;
        if (m_spanSeconds / step <= 6) {
            break;
        }
    }
    m_axisX->setTickType(QValueAxis::TicksDynamic);
    m_axisX->setTickAnchor(0);
    m_axisX->setTickInterval(tick);
    m_axisX->setRange(0, m_spanSeconds);
    m_plan = plan;
    // The disks the session knows give the groups measured together (a controller's, the pool's).
    QList<DiskResult> known;
    for (const QString& path : plan.disks) {
        DiskResult disk;
        disk.path = path;
        for (const Disk& seen : m_session->disks()) {
            if (seen.path == path || seen.stablePath == path) {
                disk.controller = seen.controller;
            }
        }
        known.append(disk);
    }
    m_togetherGroups = int(togetherGroups(known, false).size());
    QStringList names;
    for (const ConfigSpec& config : plan.configurations) {
        names.append(config.name);
    }
    setRows(names, m_togetherGroups);
    m_overall->setValue(0);
    m_eta->setText(tr("ETA %1 (planned)").arg(Display::formatRoughDuration(remainingSeconds(0, 0, 0))));
    m_now->clear();
    m_log->appendPlainText(tr("=== run started %1 ===").arg(QDateTime::currentDateTime().toString(Qt::ISODate)));
    m_status->setText(tr("Running. The window stays usable; you can look at other pages meanwhile."));
    m_cancel->setEnabled(true);
    m_clock.start();
    m_chartTimer->start();
    m_watchdog->start();
}

void RunPage::describeEnd(const QString& text, double seconds)
{
    m_overall->setValue(1000);
    m_eta->setText(tr("done in %1").arg(Display::formatRoughDuration(seconds)));
    m_status->setText(tr("<b>Finished.</b> %1").arg(text.toHtmlEscaped()));
}

double RunPage::remainingSeconds(double unitsDone, int configsDone, double elapsed) const
{
    return m_count.remainingSeconds(unitsDone, configsDone, elapsed);
}

void RunPage::setRows(const QStringList& configurations, int togetherGroups)
{
    // The runner's own count: the window's rows and bars cannot drift from what it reports.
    m_count = ProgressCount::forPlan(m_plan, -1, togetherGroups, int(configurations.size()));
    m_configCount = int(configurations.size());
    m_rowNames = configurations;
    QStringList rows;
    if (m_count.hasDisksRow()) { // the count's rows and the queue's are the same rows
        rows.append(m_plan.baselines
                        ? tr("Each disk on its own (%n disk(s))", nullptr, int(m_plan.disks.size()))
                        : tr("Each disk across its surface (%n disk(s))", nullptr, int(m_plan.disks.size())));
    }
    rows += configurations;
    m_rows->setRows(rows);
}

void RunPage::onResults(const CampaignResults& results)
{
    // The runner expands the plan (a write cache measured both ways, a stripe cache sweep, every
    // layout the disks allow) and counts the disks' groups itself: its first results, saved before
    // anything is measured, name the rows as it will run them.
    if (!m_running || m_currentRow > 0) {
        return;
    }
    QStringList names;
    for (const ConfigResult& config : results.configs) {
        names.append(config.name);
    }
    const int groups = int(togetherGroups(results.disks, false).size());
    if (names != m_rowNames || groups != m_togetherGroups) {
        m_togetherGroups = groups;
        setRows(names, groups);
        m_currentRow = -1;
    }
}

QString RunPage::stepText(const CampaignProgress& progress)
{
    const QString& test = progress.testName;
    switch (progress.phase) {
    case CampaignPhase::Test:
        if (test.isEmpty()) {
            return tr("measuring");
        }
        return progress.repeats > 1
            ? tr("%1 (%2/%3)").arg(test, QString::number(progress.repeat), QString::number(progress.repeats))
            : test;
    case CampaignPhase::Build:
        return tr("building");
    case CampaignPhase::Teardown:
        return tr("tearing down");
    case CampaignPhase::Baseline:
        return test.isEmpty() ? tr("measuring") : test;
    case CampaignPhase::Drill:
        return test.isEmpty() ? tr("failure drill") : tr("drill: %1").arg(test);
    case CampaignPhase::Save:
    case CampaignPhase::Done:
        break;
    }
    return {};
}

void RunPage::onProgress(const CampaignProgress& progress)
{
    if (!m_running) {
        return;
    }
    if (progress.phase == CampaignPhase::Save || progress.phase == CampaignPhase::Done) {
        // Neither belongs to a row: a save's trouble is told as it is, and the end is onFinished's.
        if (progress.phase == CampaignPhase::Save) {
            m_now->setText(progress.text(Audience::Person));
        }
        return;
    }
    const int configIndex = progress.configIndex;
    const bool hasBaselineRow = m_rows->rowCount() > m_configCount;
    const int row = configIndex == 0 ? (hasBaselineRow ? 0 : -1) : configIndex - (hasBaselineRow ? 0 : 1);
    if (row != m_currentRow && row >= 0 && row < m_rows->rowCount()) {
        if (m_currentRow >= 0) {
            m_rows->setPercent(m_currentRow, 100);
            m_rows->setState(m_currentRow, tr("done"));
        }
        m_currentRow = row;
        m_queue->selectRow(row);
    }
    const QString test = progress.testName;
    const int repeat = progress.repeat;
    m_rows->setState(m_currentRow, stepText(progress));
    const double overall = std::clamp(progress.overall, 0.0, 1.0);
    m_overall->setValue(int(overall * 1000));
    // A row's bar is its own share of the units: the disks' row and a configuration's differ in size.
    const double unitsDone = overall * m_count.total();
    const double within = std::min(m_count.rowFraction(m_currentRow, unitsDone), 0.99);
    m_rows->setPercent(m_currentRow, int(within * 100), true); // 100 only when the row is done
    const double elapsed = double(m_clock.elapsed()) / 1000.0;
    m_eta->setText(tr("ETA %1").arg(
        Display::formatRoughDuration(remainingSeconds(unitsDone, std::max(0, configIndex - 1), elapsed))));
    m_now->setText(progress.text(Audience::Person));
    const double bw = progress.liveBwBytes;
    if (!progress.measuring()) {
        return;
    }
    // One test at a time: a new test (or repeat) starts a fresh line at 0 s, even one without live
    // figures (disks measured together), so the chart never goes on showing the step before.
    const QString key = QStringLiteral("%1/%2/%3/%4")
                            .arg(QString::number(configIndex), progress.configName, test, QString::number(repeat));
    if (key != m_chartKey) {
        m_chartKey = key;
        m_testStart = elapsed;
        m_points.clear();
        const QString config = progress.configName;
        // Disks measured together are a group the helper names in English ("controller ..."): their
        // chart is titled by the step's own sentence, in the user's language.
        const bool together = progress.phase == CampaignPhase::Baseline && !progress.messageTemplate.isEmpty() &&
            test.endsWith(QLatin1String(" together"));
        m_chartTitle = together ? progress.text(Audience::Person)
            : config.isEmpty()  ? test
                                : QStringLiteral("%1: %2").arg(config, test);
        m_chartDirty = true;
    }
    if (bw > 0) {
        const double at = elapsed - m_testStart;
        m_points.append(QPointF(at, bw / 1e6));
        // Bounded: only the window is kept.
        while (!m_points.isEmpty() && m_points.first().x() < at - m_spanSeconds) {
            m_points.removeFirst();
        }
        m_chartDirty = true;
    }
}

void RunPage::redrawChart()
{
    if (!m_chartDirty) {
        return;
    }
    m_chartDirty = false;
    ++m_chartUpdates;
    m_series->replace(m_points);
    m_chart->setTitle(m_chartTitle.isEmpty() ? tr("Throughput of the running test") : m_chartTitle);
    const double now = m_points.isEmpty() ? 0 : m_points.last().x();
    m_axisX->setRange(std::max(0.0, now - m_spanSeconds), std::max(m_spanSeconds, now));
    double top = 0;
    for (const QPointF& point : std::as_const(m_points)) {
        top = std::max(top, point.y());
    }
    const Charts::NiceScale scale = Charts::niceScale(std::max(10.0, top * 1.05));
    m_axisY->setRange(0, scale.top);
    m_axisY->setTickCount(scale.intervals + 1);
}

void RunPage::onCommand(const Messages::CommandEvent& command)
{
    QString text = QStringLiteral("$ %1").arg(command.argv.join(QLatin1Char(' ')));
    if (!command.ok) {
        text += QStringLiteral("    [%1]").arg(command.summary);
    }
    m_log->appendPlainText(text);
    const QString output = command.output.trimmed();
    if (!output.isEmpty()) {
        m_log->appendPlainText(output);
    }
}

void RunPage::onFinished(const CampaignResults& results, const QString& error)
{
    if (!m_running) {
        return;
    }
    m_running = false;
    m_chartTimer->stop();
    redrawChart();
    m_watchdog->stop();
    m_cancel->setEnabled(false);
    int completed = 0;
    int failed = 0;
    for (int i = 0; i < results.configs.size(); ++i) {
        const ConfigResult& config = results.configs.at(i);
        const int row = i + (m_rows->rowCount() > m_configCount ? 1 : 0);
        completed += config.status == RunState::Completed ? 1 : 0;
        failed += config.status == RunState::Failed ? 1 : 0;
        m_rows->setState(row,
                         config.status == RunState::Failed ? tr("failed: %1").arg(config.error)
                                                           : Display::runStatus(config.status));
        if (config.status == RunState::Completed) {
            m_rows->setPercent(row, 100);
        }
    }
    if (m_rows->rowCount() > m_configCount && !results.disks.isEmpty()) {
        m_rows->setState(0, tr("done"));
        m_rows->setPercent(0, 100);
    }
    // What is kept, counted the way the Results page shows it: every test with a measurement, and the
    // disks measured on their own.
    int testsMeasured = 0;
    int configsMeasured = 0;
    for (const ConfigResult& config : results.configs) {
        int measured = 0;
        for (const TestResult& test : config.tests) {
            measured += test.summary.runs > 0 || !test.sweep.isEmpty() || test.status == RunState::Completed ? 1 : 0;
        }
        testsMeasured += measured;
        configsMeasured += measured > 0 ? 1 : 0;
    }
    int disksMeasured = 0;
    int disksScanned = 0;
    for (const DiskResult& disk : results.disks) {
        disksMeasured += disk.writeBw || disk.readBw ? 1 : 0;
        disksScanned += disk.surface.isEmpty() ? 0 : 1;
    }
    QStringList keptParts;
    if (testsMeasured > 0) {
        keptParts.append(tr("%n test result(s)", nullptr, testsMeasured) +
                         tr(" of %n configuration(s)", nullptr, configsMeasured));
    }
    if (disksMeasured > 0) {
        keptParts.append(tr("the speed of %n disk(s) on its own", nullptr, disksMeasured));
    }
    if (disksScanned > 0) {
        keptParts.append(tr("the surface of %n disk(s)", nullptr, disksScanned));
    }
    const QString kept =
        keptParts.isEmpty() ? tr("nothing had been measured yet") : tr("kept: %1").arg(keptParts.join(tr(" and ")));
    const QString stall = tr("Longest moment the window was unresponsive: %1 ms.").arg(m_watchdog->longestStallMs());
    qInfo("raidbench: longest event-loop stall during the run: %lld ms",
          static_cast<long long>(m_watchdog->longestStallMs()));
    if (!error.isEmpty()) {
        // No time left to guess at: what the run took until it stopped.
        m_eta->setText(tr("stopped after %1").arg(Display::formatRoughDuration(double(m_clock.elapsed()) / 1000.0)));
        m_status->setText(tr("<b>The run stopped:</b> %1. Everything measured before is kept (%2). %3")
                              .arg(error.toHtmlEscaped(), kept.toHtmlEscaped(), stall));
    } else if (m_cancelling || results.status == RunState::Cancelled) {
        m_eta->setText(tr("cancelled after %1").arg(Display::formatRoughDuration(double(m_clock.elapsed()) / 1000.0)));
        m_status->setText(tr("<b>Cancelled.</b> What stood was torn down; %1. %2").arg(kept.toHtmlEscaped(), stall));
    } else if (m_configCount == 0) {
        m_overall->setValue(1000);
        m_eta->setText(tr("done in %1").arg(Display::formatRoughDuration(double(m_clock.elapsed()) / 1000.0)));
        // A surface scan measures no disk's own speed: it says what it read, and where the chart is.
        m_status->setText(
            disksMeasured == 0 && disksScanned > 0
                ? tr("<b>Finished:</b> %n disk(s) read across their surface; the chart is on Results, under "
                     "Details. %1",
                     nullptr, disksScanned)
                      .arg(stall)
                : tr("<b>Finished:</b> %n disk(s) measured on their own; see the Disks page. %1", nullptr,
                     disksMeasured)
                      .arg(stall));
    } else {
        m_overall->setValue(1000);
        m_eta->setText(tr("done in %1").arg(Display::formatRoughDuration(double(m_clock.elapsed()) / 1000.0)));
        m_status->setText(tr("<b>Finished:</b> %1 configuration(s) completed, %2 failed. See Results. %3")
                              .arg(QString::number(completed), QString::number(failed), stall));
    }
    m_log->appendPlainText(
        tr("=== run ended: %1 ===").arg(error.isEmpty() ? Display::runStatus(results.status) : error));
    Q_EMIT finished(results, error);
}

} // namespace RaidBench::Ui

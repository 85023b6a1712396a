#include "runpage.h"

#include "displaynumbers.h"
#include "results/resultcharts.h"
#include "session.h"
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
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace RaidBench::Ui {

RunPage::RunPage(Session* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_queue(new QTableWidget(0, 3, this))
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
    layout->addLayout(progressRow);
    m_now->setObjectName(QStringLiteral("nowLabel"));
    m_now->setWordWrap(true);
    layout->addWidget(m_now);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    auto* top = new QSplitter(Qt::Horizontal, splitter);
    m_queue->setObjectName(QStringLiteral("runQueue"));
    m_queue->setHorizontalHeaderLabels({tr("Configuration"), tr("State"), tr("Progress")});
    m_queue->verticalHeader()->hide();
    m_queue->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_queue->setSelectionBehavior(QAbstractItemView::SelectRows);
    // The configuration's name whole; a long state (a test's name and its progress) is what gets elided.
    m_queue->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_queue->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_queue->setColumnWidth(2, 140);
    m_queue->setAccessibleName(tr("Run queue"));
    top->addWidget(m_queue);

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
    auto* view = new QChartView(m_chart, top);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(320, 220);
    top->addWidget(view);
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
    m_queue->setRowCount(0);
    QStringList rows;
    if (plan.baselines) {
        rows.append(tr("Each disk on its own (%n disk(s))", nullptr, int(plan.disks.size())));
    } else if (plan.surface.enabled()) {
        rows.append(tr("Each disk across its surface (%n disk(s))", nullptr, int(plan.disks.size())));
    }
    for (const ConfigSpec& config : plan.configurations) {
        rows.append(config.name);
    }
    m_queue->setRowCount(int(rows.size()));
    for (int row = 0; row < rows.size(); ++row) {
        m_queue->setItem(row, 0, new QTableWidgetItem(rows.at(row)));
        m_queue->setItem(row, 1, new QTableWidgetItem(tr("waiting")));
        auto* bar = new QProgressBar(m_queue);
        bar->setRange(0, 100);
        bar->setValue(0);
        m_queue->setCellWidget(row, 2, bar);
    }
    // The plan's own durations: the campaign counts progress in units (a test run, or a disk's write
    // or read alone), each taking the run time and its ramp; building and tearing down come on top.
    const int unitsPerConfig = plan.unitsPerConfiguration();
    m_rowUnits.clear();
    // The runner's units: a disk's write and read alone, and each point of a surface scan.
    if (plan.baselines || plan.surface.enabled()) {
        bool sustained = false;
        for (const TestSpec& test : plan.tests) {
            sustained = sustained || test.sustained;
        }
        const int perDisk = plan.baselines ? (sustained ? 3 : 2) : 0;
        m_rowUnits.append(double(plan.disks.size()) * (perDisk + plan.surface.points));
    }
    for (qsizetype i = 0; i < plan.configurations.size(); ++i) {
        m_rowUnits.append(double(unitsPerConfig));
    }
    m_unitSeconds = plan.writes() ? double(plan.timeLimitNs + plan.rampNs) / 1e9 : double(plan.surface.timeNs) / 1e9;
    m_totalUnits = 0;
    for (const double units : std::as_const(m_rowUnits)) {
        m_totalUnits += units;
    }
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

double RunPage::remainingSeconds(double unitsDone, int configsDone, double elapsed) const
{
    // Building and tearing down one configuration: 10 s until the run has shown what it takes here.
    double overhead = 10;
    if (configsDone > 0) {
        overhead = std::max(2.0, (elapsed - unitsDone * m_unitSeconds) / double(configsDone));
    }
    const double unitsLeft = std::max(0.0, m_totalUnits - unitsDone);
    return unitsLeft * m_unitSeconds + double(std::max(0, m_configCount - configsDone)) * overhead;
}

QProgressBar* RunPage::rowBar(int row) const
{
    return qobject_cast<QProgressBar*>(m_queue->cellWidget(row, 2));
}

void RunPage::setRowState(int row, const QString& state)
{
    if (row >= 0 && row < m_queue->rowCount()) {
        m_queue->item(row, 1)->setText(state);
    }
}

void RunPage::onProgress(const CampaignProgress& progress)
{
    if (!m_running) {
        return;
    }
    const QString phase = progress.phase;
    const int configIndex = progress.configIndex;
    const bool hasBaselineRow = m_queue->rowCount() > m_configCount;
    const int row = configIndex == 0 ? (hasBaselineRow ? 0 : -1) : configIndex - (hasBaselineRow ? 0 : 1);
    if (row != m_currentRow && row >= 0 && row < m_queue->rowCount()) {
        if (m_currentRow >= 0) {
            if (QProgressBar* bar = rowBar(m_currentRow)) {
                bar->setValue(100);
            }
            setRowState(m_currentRow, tr("done"));
        }
        m_currentRow = row;
        m_queue->selectRow(row);
    }
    const QString test = progress.testName;
    const int repeat = progress.repeat;
    const int repeats = progress.repeats;
    QString state = phase;
    if (phase == QLatin1String("test") && !test.isEmpty()) {
        state = repeats > 1 ? tr("%1 (%2/%3)").arg(test).arg(repeat).arg(repeats) : test;
    } else if (phase == QLatin1String("build")) {
        state = tr("building");
    } else if (phase == QLatin1String("teardown")) {
        state = tr("tearing down");
    } else if (phase == QLatin1String("baseline")) {
        state = test.isEmpty() ? tr("measuring") : test;
    } else if (phase == QLatin1String("drill")) {
        state = test.isEmpty() ? tr("failure drill") : tr("drill: %1").arg(test);
    }
    setRowState(m_currentRow, state);
    const double overall = std::clamp(progress.overall, 0.0, 1.0);
    m_overall->setValue(int(overall * 1000));
    // A row's bar is its own share of the units: the disks' row and a configuration's differ in size.
    const double unitsDone = overall * m_totalUnits;
    if (QProgressBar* bar = rowBar(m_currentRow); bar && m_currentRow < m_rowUnits.size()) {
        double before = 0;
        for (int i = 0; i < m_currentRow; ++i) {
            before += m_rowUnits.at(i);
        }
        const double within = std::clamp((unitsDone - before) / m_rowUnits.at(m_currentRow), 0.0, 0.99);
        bar->setValue(std::max(bar->value(), int(within * 100))); // 100 only when the row is done
    }
    const double elapsed = double(m_clock.elapsed()) / 1000.0;
    m_eta->setText(tr("ETA %1").arg(
        Display::formatRoughDuration(remainingSeconds(unitsDone, std::max(0, configIndex - 1), elapsed))));
    m_now->setText(progress.message);
    const double bw = progress.liveBwBytes;
    if (bw > 0 &&
        (phase == QLatin1String("test") || phase == QLatin1String("baseline") || phase == QLatin1String("drill"))) {
        // One test at a time: a new test (or repeat) starts a fresh line at 0 s.
        const QString key = QStringLiteral("%1/%2/%3/%4").arg(configIndex).arg(progress.configName, test).arg(repeat);
        if (key != m_chartKey) {
            m_chartKey = key;
            m_testStart = elapsed;
            m_points.clear();
            const QString config = progress.configName;
            m_chartTitle = config.isEmpty() ? test : QStringLiteral("%1: %2").arg(config, test);
        }
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
        const int row = i + (m_queue->rowCount() > m_configCount ? 1 : 0);
        completed += config.status == RunState::Completed ? 1 : 0;
        failed += config.status == RunState::Failed ? 1 : 0;
        setRowState(row,
                    config.status == RunState::Failed ? tr("failed: %1").arg(config.error)
                                                      : Display::runStatus(config.status));
        if (QProgressBar* bar = rowBar(row); bar && config.status == RunState::Completed) {
            bar->setValue(100);
        }
    }
    if (m_queue->rowCount() > m_configCount && !results.disks.isEmpty()) {
        setRowState(0, tr("done"));
        if (QProgressBar* bar = rowBar(0)) {
            bar->setValue(100);
        }
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
    for (const DiskResult& disk : results.disks) {
        disksMeasured += disk.writeBw || disk.readBw ? 1 : 0;
    }
    QStringList keptParts;
    if (testsMeasured > 0) {
        keptParts.append(tr("%n test result(s)", nullptr, testsMeasured) +
                         tr(" of %n configuration(s)", nullptr, configsMeasured));
    }
    if (disksMeasured > 0) {
        keptParts.append(tr("the speed of %n disk(s) on its own", nullptr, disksMeasured));
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
        m_status->setText(
            tr("<b>Finished:</b> %n disk(s) measured on their own; see the Disks page. %1", nullptr, disksMeasured)
                .arg(stall));
    } else {
        m_overall->setValue(1000);
        m_eta->setText(tr("done in %1").arg(Display::formatRoughDuration(double(m_clock.elapsed()) / 1000.0)));
        m_status->setText(tr("<b>Finished:</b> %1 configuration(s) completed, %2 failed. See Results. %3")
                              .arg(completed)
                              .arg(failed)
                              .arg(stall));
    }
    m_log->appendPlainText(
        tr("=== run ended: %1 ===").arg(error.isEmpty() ? Display::runStatus(results.status) : error));
    Q_EMIT finished(results, error);
}

} // namespace RaidBench::Ui

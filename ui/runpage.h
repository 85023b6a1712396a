#pragma once

#include "campaign/campaignrunner.h"
#include "campaign/progresscount.h"
#include "helper/messages.h"
#include "plan/campaignplan.h"
#include "results/campaignresults.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QPointF>
#include <QWidget>

class QChart;
class QChartView;
class QHBoxLayout;
class QLabel;
class QLineSeries;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTableView;
class QTimer;
class QValueAxis;

namespace RaidBench {
class Session;
}

namespace RaidBench::Ui {

class RunQueueModel;
class StallWatchdog;

/// A run in progress: the queue of configurations with a progress bar each, the overall progress and
/// ETA, a live MB/s chart, every command the helper ran with its output, and Cancel. Everything comes
/// from the session's events; nothing here waits.
class RunPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunPage)

public:
    /// The live chart shows this many seconds.
    static constexpr double chartWindowSeconds = 60; ///< the most the live chart spans
    /// Seconds left by the plan's own durations: the units left x (time + ramp), plus each
    /// configuration left x what building and tearing down took so far (10 s before any).
    double remainingSeconds(double unitsDone, int configsDone, double elapsed) const;
    /// What the live chart spans: one test run (its time and ramp), at least 5 s, at most 60 s.
    double chartSpanSeconds() const { return m_spanSeconds; }
    /// ...and is redrawn at most this often (QLineSeries::replace, not an append per sample).
    static constexpr int chartIntervalMs = 100;

    explicit RunPage(Session* session, QWidget* parent = nullptr);

    /// Shows a new run of `plan`.
    void start(const CampaignPlan& plan);
    /// After the last of several runs that make one job (a quick answer's): what the whole job came to
    /// and its time, instead of the last run's own count.
    void describeEnd(const QString& text, double seconds);
    bool isRunning() const { return m_running; }

    QTableView* queue() const { return m_queue; }
    RunQueueModel* queueModel() const { return m_rows; }
    QPlainTextEdit* log() const { return m_log; }
    QPushButton* cancelButton() const { return m_cancel; }
    QLabel* statusLabel() const { return m_status; }
    QLineSeries* series() const { return m_series; }
    /// How many times the chart was redrawn (tests check the rate bound).
    int chartUpdates() const { return m_chartUpdates; }
    qint64 longestStallMs() const;
    StallWatchdog* watchdog() const { return m_watchdog; }

Q_SIGNALS:
    void finished(const RaidBench::CampaignResults& results, const QString& error);

private:
    // The constructor's parts: the overall progress with its estimate and Cancel, the queue's table,
    // the live chart.
    QHBoxLayout* makeProgressRow();
    void configureQueue();
    QChartView* makeChartView(QWidget* parent);
    /// What a row says it is doing, in the user's words.
    static QString stepText(const RaidBench::CampaignProgress& progress);
    void onProgress(const RaidBench::CampaignProgress& progress);
    /// The queue's rows: the disks' own (when the plan measures disks), then `configurations`.
    void setRows(const QStringList& configurations, int togetherGroups);
    void onResults(const RaidBench::CampaignResults& results);
    void onCommand(const RaidBench::Messages::CommandEvent& command);
    void onFinished(const CampaignResults& results, const QString& error);
    void redrawChart();

    Session* m_session;
    RunQueueModel* m_rows;
    QTableView* m_queue;
    QProgressBar* m_overall;
    QLabel* m_eta;
    QLabel* m_now;
    QLabel* m_status;
    QPlainTextEdit* m_log;
    QPushButton* m_cancel;
    QChart* m_chart;
    QLineSeries* m_series;
    QValueAxis* m_axisX;
    QValueAxis* m_axisY;
    QTimer* m_chartTimer;
    StallWatchdog* m_watchdog;
    QList<QPointF> m_points;
    QString m_chartKey;
    QString m_chartTitle;
    double m_testStart = 0;
    bool m_chartDirty = false;
    int m_chartUpdates = 0;
    QElapsedTimer m_clock;
    bool m_running = false;
    bool m_cancelling = false;
    int m_currentRow = -1;
    int m_configCount = 0;
    double m_spanSeconds = chartWindowSeconds;
    CampaignPlan m_plan;
    ProgressCount m_count; ///< the runner's count of the rows below
    QStringList m_rowNames; ///< the configurations' rows, as the runner runs them
    int m_togetherGroups = 0;
};

} // namespace RaidBench::Ui

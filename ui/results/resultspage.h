#pragma once

#include "results/campaignresults.h"
#include "results/resultcharts.h"
#include "results/resultstable.h"
#include "util/result.h"

#include <QPointer>
#include <QWidget>

class QChart;
class QChartView;
class QComboBox;
class QTableWidgetItem;
class QLabel;
class QMenu;
class QSpinBox;
class QTabWidget;
class QTableWidget;
class QTextBrowser;

namespace RaidBench::Ui {

class AnswerPanel;
class ReportWriter;
class ResultsLibraryDialog;

/// The results of a run or of a file: the answer (AnswerPanel: the layouts ranked for the user's
/// requirements and the trade-off chart), the comparison chart (grouped bars, whiskers, predicted
/// markers, one-disk reference lines; ordered and paged), the disks chart (click a disk to highlight
/// its configurations), the relative table (sortable), detail charts (block-size sweep, MB/s
/// over time, latency percentiles, the user's command) with the file-test table, exports (charts to
/// PNG/SVG/PDF, data to CSV/JSON, the HTML report), two files side by side, fio JSON imports and
/// recent files.
class ResultsPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResultsPage)

public:
    explicit ResultsPage(QWidget* parent = nullptr);
    QLabel* oneDiskLabel() const { return m_oneDisk; }

    void setResults(const CampaignResults& results, const QString& source = QString());
    const CampaignResults& results() const { return m_results; }
    /// What setResults() was told the results are (a file's name; empty for the last run).
    QString source() const { return m_source; }
    Result<void> open(const QString& path);
    /// Two results files side by side, configurations grouped by name.
    Result<void> openCompare(const QString& first, const QString& second);
    /// Two or more (the results library's Compare).
    Result<void> openCompare(const QStringList& paths);
    /// fio --output-format=json output as (a test of) configuration `configName`.
    Result<void> importFio(const QString& path, const QString& configName);
    Result<void> save(const QString& path) const;
    /// .csv (a row per configuration x test) or .json (the results file).
    Result<void> exportData(const QString& path) const;
    Result<void> exportReport(const QString& path) const;
    /// The same without blocking the window: the file is read (and the fio output parsed) on a worker
    /// thread, the report drawn chart by chart (ReportWriter) with a progress dialog that can cancel.
    /// What happened goes to message(); a report also to reportWritten(). The Open, Recent, Import and
    /// Export menus use these.
    void openInBackground(const QString& path);
    void importFioInBackground(const QString& path, const QString& configName);
    ReportWriter* exportReportInBackground(const QString& path);
    /// One of Charts::names() as shown (order, page, highlight) into a file; the format from the suffix.
    Result<void> exportChart(const QString& name, const QString& path, QSize pixels = {1200, 700}, int dpi = 96) const;

    void setOrder(ResultsOrder order);
    void setPage(int page);
    /// Highlights the configurations holding this disk (empty: none), as a click on its bar does.
    void highlightDisk(const QString& path);
    const ChartOptions& chartOptions() const { return m_options; }
    /// The chart on screen for comparison, disks, or the detail chart chosen (sweep, ...).
    QChart* chart(const QString& name) const;
    void showDetail(const QString& name, const QString& test = QString());
    QString detailName() const { return m_detail; }

    ResultsTable* configTable() const { return m_relative; }
    /// The tabs, in this order.
    enum Tab { AnswerTab, ComparisonTab, DisksTab, TableTab, DetailsTab };
    QTabWidget* tabs() const { return m_tabs; }
    AnswerPanel* answerPanel() const { return m_answer; }
    QLabel* problemsLabel() const { return m_problems; }
    QStringList recentFiles() const;
    void openDialog();
    void saveAsDialog();
    /// The results library (every file of the results folder): open, compare, remove.
    ResultsLibraryDialog* openLibrary();
    /// The file the shown results live in (a run's file in the results folder, or an opened one).
    void setCurrentFile(const QString& path);
    QString currentFile() const { return m_currentFile; }
    /// What the Recent menu offers: the newest files of the results folder, then the files opened.
    QStringList recentEntries();

Q_SIGNALS:
    void message(const QString& text);
    /// A report from exportReportInBackground() is done: `error` is empty when it was written.
    void reportWritten(const QString& path, const QString& error);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void rebuildCharts();
    void rebuildDetail();
    void fillTable();
    void fillFileTests();
    void rememberRecent(const QString& path);
    void updateRecentMenu();
    void exportChartDialog(const QString& suffix);
    void exportFileDialog(const QString& what);
    void onComparisonHovered(bool status, int index, const QString& test);
    void onDiskClicked(int index);

    CampaignResults m_results;
    ChartOptions m_options;
    QString m_detail = QStringLiteral("sweep");
    QString m_currentFile;
    QString m_source;
    QLabel* m_oneDisk = nullptr;
    QList<const ConfigResult*> m_pageConfigs;
    QStringList m_diskOrder;
    QLabel* m_title;
    QLabel* m_problems;
    QTabWidget* m_tabs;
    QComboBox* m_order;
    QSpinBox* m_page;
    QLabel* m_pageLabel;
    QChartView* m_comparisonView;
    QChartView* m_disksView;
    QLabel* m_disksNote;
    ResultsTable* m_relative;
    QComboBox* m_detailChooser;
    QComboBox* m_detailTest;
    QChartView* m_detailView;
    QTextBrowser* m_fileTests;
    AnswerPanel* m_answer;
    QMenu* m_recentMenu;
    QPointer<ReportWriter> m_report;
};

} // namespace RaidBench::Ui

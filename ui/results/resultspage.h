#pragma once

#include "results/campaignresults.h"
#include "results/resultcharts.h"
#include "results/resultstable.h"

#include <QWidget>

class QChart;
class QChartView;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QSpinBox;
class QTabWidget;
class QTextBrowser;

namespace RaidBench::Ui {

class AnswerPanel;
class ResultsFiles;

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
    /// Where results come from and go to: files, compare, imports, exports, recent files.
    ResultsFiles* files() const { return m_files; }
    /// Merged results of two or more files (compareResults), shown as they are under `labels`.
    void showCompared(const CampaignResults& merged, const QStringList& labels);
    /// The same results with something added (an import): the view (order, page, highlight) kept.
    void replaceResults(const CampaignResults& results);
    /// The name (Charts::names()) of the chart on screen: the Answer's, comparison, disks or the detail.
    QString chartOnScreen() const;

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

Q_SIGNALS:
    void message(const QString& text);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // The constructor's parts: the row of file buttons, each tab, the requirements kept from last time.
    QHBoxLayout* makeTopBar();
    QWidget* makeComparisonTab();
    QWidget* makeDisksTab();
    QWidget* makeTableTab();
    QWidget* makeDetailsTab();
    void restoreRequirements();
    void rebuildCharts();
    void rebuildDetail();
    void fillTable();
    void fillFileTests();
    void onComparisonHovered(bool status, int index, const QString& test);
    void onDiskClicked(int index);

    CampaignResults m_results;
    ChartOptions m_options;
    QString m_detail = QStringLiteral("sweep");
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
    ResultsFiles* m_files;
};

} // namespace RaidBench::Ui

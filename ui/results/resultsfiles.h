#pragma once

#include "util/result.h"

#include <QObject>
#include <QPointer>
#include <QSize>
#include <QStringList>

class QMenu;

namespace RaidBench::Ui {

class ReportWriter;
class ResultsLibraryDialog;
class ResultsPage;

/// Where the results page's results come from and go to: results files opened (on a worker thread
/// for the menus), compared side by side, fio JSON imported as a configuration; the results saved,
/// exported as data, charts and the HTML report (drawn in the background with a progress dialog that
/// can cancel); the Recent menu and the library; and the dialogs for each. What happened goes to
/// message().
class ResultsFiles final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResultsFiles)

public:
    explicit ResultsFiles(ResultsPage* page);

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
    /// A report's end also goes to reportWritten(). The Open, Recent, Import and Export menus use these.
    void openInBackground(const QString& path);
    void importFioInBackground(const QString& path, const QString& configName);
    ReportWriter* exportReportInBackground(const QString& path);
    /// One of Charts::names() as shown (order, page, highlight) into a file; the format from the suffix.
    Result<void> exportChart(const QString& name, const QString& path, QSize pixels = {1200, 700}, int dpi = 96) const;

    /// The file the shown results live in (a run's file in the results folder, or an opened one).
    void setCurrentFile(const QString& path);
    QString currentFile() const { return m_currentFile; }
    QStringList recentFiles() const;
    /// What the Recent menu offers: the newest files of the results folder, then the files opened.
    QStringList recentEntries();
    QMenu* recentMenu() const { return m_recentMenu; }

    void openDialog();
    void saveAsDialog();
    void compareDialog();
    void importFioDialog();
    /// The chart on screen into a PNG, SVG or PDF file (`suffix`), at a size and DPI the user picks.
    void exportChartDialog(const QString& suffix);
    /// The data as "csv" or "json", or the "html" report.
    void exportFileDialog(const QString& what);
    /// The results library (every file of the results folder): open, compare, remove.
    ResultsLibraryDialog* openLibrary();

Q_SIGNALS:
    void message(const QString& text);
    /// A report from exportReportInBackground() is done: `error` is empty when it was written.
    void reportWritten(const QString& path, const QString& error);

private:
    void rememberRecent(const QString& path);
    void updateRecentMenu();

    ResultsPage* m_page;
    QString m_currentFile;
    QMenu* m_recentMenu;
    QPointer<ReportWriter> m_report;
};

} // namespace RaidBench::Ui

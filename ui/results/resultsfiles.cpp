#include "../displaynumbers.h"
#include "../recentfolder.h"
#include "results/analysis.h"
#include "results/answerpanel.h"
#include "results/chartexport.h"
#include "results/compare.h"
#include "results/exports.h"
#include "results/htmlreport.h"
#include "results/librarydialog.h"
#include "results/reportwriter.h"
#include "results/resultsfolder.h"
#include "results/resultspage.h"
#include "util/errorcodes.h"
#include "util/units.h"

#include <QAction>
#include <QChart>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QProgressDialog>
#include <QSaveFile>
#include <QSet>
#include <QSettings>
#include <QSpinBox>
#include <QTabWidget>
#include <QtConcurrent/QtConcurrentRun>

namespace RaidBench::Ui {

// The results page's files: open, compare, import, save, export, and the recent files.

namespace {

constexpr int maxRecent = 8;

} // namespace

Result<void> ResultsPage::open(const QString& path)
{
    auto results = CampaignResults::load(path);
    if (!results) {
        return makeError(results.error().code, tr("Cannot open %1: %2").arg(path, results.error().message));
    }
    setResults(*results, QFileInfo(path).fileName());
    setCurrentFile(path);
    rememberRecent(path);
    return {};
}

ResultsLibraryDialog* ResultsPage::openLibrary()
{
    auto* dialog = new ResultsLibraryDialog(ResultsFolder::path(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &ResultsLibraryDialog::message, this, &ResultsPage::message);
    connect(dialog, &ResultsLibraryDialog::openRequested, this, [this, dialog](const QString& path) {
        openInBackground(path);
        dialog->close();
    });
    connect(dialog, &ResultsLibraryDialog::compareRequested, this, [this, dialog](const QStringList& paths) {
        const auto opened = openCompare(paths);
        Q_EMIT message(opened ? tr("Comparing %n results file(s).", nullptr, int(paths.size()))
                              : ErrorCode::userText(opened.error()));
        if (opened) {
            dialog->close();
        }
    });
    dialog->open();
    return dialog;
}

Result<void> ResultsPage::openCompare(const QString& first, const QString& second)
{
    return openCompare(QStringList {first, second});
}

Result<void> ResultsPage::openCompare(const QStringList& paths)
{
    if (paths.size() < 2) {
        return makeError(ErrorCode::usage, tr("Choose two or more results files to compare."));
    }
    QList<ComparedResults> sides;
    QList<CampaignResults> loadedFiles;
    for (const QString& path : paths) {
        auto loaded = CampaignResults::load(path);
        if (!loaded) {
            return makeError(loaded.error().code, tr("Cannot open %1: %2").arg(path, loaded.error().message));
        }
        loadedFiles.append(*loaded);
    }
    const QStringList labels = compareLabels(paths, loadedFiles);
    for (int i = 0; i < paths.size(); ++i) {
        sides.append({loadedFiles.at(i), labels.at(i)});
    }
    // Each side keeps its own analysis; the merge is shown as it is.
    m_results = compareResults(sides);
    const Requirements requirements = m_options.requirements;
    m_options = ChartOptions {};
    m_options.requirements = requirements;
    QStringList names;
    for (const QString& label : labels) {
        names.append(QStringLiteral("<b>%1</b>").arg(label.toHtmlEscaped()));
    }
    m_title->setText(tr("%1 side by side — configurations grouped by name").arg(names.join(QStringLiteral(", "))));
    fillTable();
    fillFileTests();
    m_answer->setResults(m_results);
    rebuildCharts();
    for (const QString& path : paths) {
        rememberRecent(path);
    }
    return {};
}

Result<void> ResultsPage::importFio(const QString& path, const QString& configName)
{
    if (configName.isEmpty()) {
        return makeError(ErrorCode::usage, tr("The imported configuration needs a name."));
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return makeError(ErrorCode::ioError, tr("Cannot open %1: %2").arg(path, file.errorString()));
    }
    CampaignResults next = m_results;
    if (auto imported = importFioJson(next, file.readAll(), configName); !imported) {
        return makeError(imported.error().code, tr("Cannot import %1: %2").arg(path, imported.error().message));
    }
    m_results = next;
    analyzeResults(m_results);
    fillTable();
    m_answer->setResults(m_results);
    rebuildCharts();
    return {};
}

void ResultsPage::openInBackground(const QString& path)
{
    // A big file takes a while to read and check: not on the thread that paints the window.
    auto* watcher = new QFutureWatcher<Result<CampaignResults>>(this);
    connect(watcher, &QFutureWatcher<Result<CampaignResults>>::finished, this, [this, watcher, path] {
        watcher->deleteLater();
        const Result<CampaignResults> results = watcher->result();
        if (!results) {
            Q_EMIT message(tr("Cannot open %1: %2").arg(path, ErrorCode::userText(results.error())));
            return;
        }
        setResults(*results, QFileInfo(path).fileName());
        setCurrentFile(path);
        rememberRecent(path);
        Q_EMIT message(tr("Opened %1.").arg(path));
    });
    Q_EMIT message(tr("Opening %1…").arg(path));
    watcher->setFuture(QtConcurrent::run([path] { return CampaignResults::load(path); }));
}

void ResultsPage::importFioInBackground(const QString& path, const QString& configName)
{
    if (configName.isEmpty()) {
        Q_EMIT message(tr("The imported configuration needs a name."));
        return;
    }
    auto* watcher = new QFutureWatcher<Result<CampaignResults>>(this);
    connect(watcher, &QFutureWatcher<Result<CampaignResults>>::finished, this, [this, watcher, path, configName] {
        watcher->deleteLater();
        const Result<CampaignResults> imported = watcher->result();
        if (!imported) {
            Q_EMIT message(ErrorCode::userText(imported.error()));
            return;
        }
        m_results = *imported;
        fillTable();
        m_answer->setResults(m_results);
        rebuildCharts();
        Q_EMIT message(tr("Imported %1 as %2.").arg(path, configName));
    });
    const CampaignResults current = m_results;
    watcher->setFuture(QtConcurrent::run([current, path, configName]() -> Result<CampaignResults> {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            return makeError(ErrorCode::ioError, tr("Cannot open %1: %2").arg(path, file.errorString()));
        }
        CampaignResults next = current;
        if (auto imported = importFioJson(next, file.readAll(), configName); !imported) {
            return makeError(imported.error().code, tr("Cannot import %1: %2").arg(path, imported.error().message));
        }
        analyzeResults(next);
        return next;
    }));
}

ReportWriter* ResultsPage::exportReportInBackground(const QString& path)
{
    if (m_report) {
        Q_EMIT message(tr("A report is being written to %1; wait for it or cancel it.").arg(m_report->path()));
        return nullptr;
    }
    m_report = new ReportWriter(m_results, path, false, this);
    m_report->setRequirements(m_options.requirements);
    auto* progress = new QProgressDialog(tr("Writing the report to %1…").arg(path), tr("Cancel"), 0, 1, this);
    progress->setWindowTitle(tr("HTML report"));
    progress->setWindowModality(Qt::NonModal); // the window stays usable while it is written
    progress->setMinimumDuration(400);
    progress->setAutoClose(false);
    progress->setAutoReset(false);
    connect(progress, &QProgressDialog::canceled, m_report, &ReportWriter::cancel);
    connect(m_report, &ReportWriter::progress, progress, [progress](int done, int total) {
        progress->setMaximum(total);
        progress->setValue(done);
    });
    connect(m_report, &ReportWriter::finished, this, [this, progress, path](const QString& error) {
        progress->deleteLater();
        m_report->deleteLater();
        m_report = nullptr;
        Q_EMIT message(error.isEmpty() ? tr("Saved %1.").arg(path) : tr("The report was not written: %1").arg(error));
        Q_EMIT reportWritten(path, error);
    });
    m_report->start();
    return m_report;
}

Result<void> ResultsPage::save(const QString& path) const
{
    return m_results.save(path);
}

Result<void> ResultsPage::exportData(const QString& path) const
{
    if (path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
        return m_results.save(path);
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return makeError(ErrorCode::ioError, tr("Cannot write %1: %2").arg(path, file.errorString()));
    }
    file.write(resultsToCsv(m_results).toUtf8());
    if (!file.commit()) {
        return makeError(ErrorCode::ioError, tr("Cannot write %1: %2").arg(path, file.errorString()));
    }
    return {};
}

Result<void> ResultsPage::exportReport(const QString& path) const
{
    return writeHtmlReport(m_results, path, false, m_options.requirements);
}

Result<void> ResultsPage::exportChart(const QString& name, const QString& path, QSize pixels, int dpi) const
{
    auto format = parseChartFormat(path);
    if (!format) {
        return format.error();
    }
    ChartOptions options = m_options;
    options.dark = false; // exports are for documents: light
    auto chart = Charts::make(name, m_results, options);
    if (!chart) {
        return chart.error();
    }
    std::unique_ptr<QChart> owned(*chart);
    return RaidBench::Ui::exportChart(owned.get(), path, *format, pixels, dpi, Charts::caption(name));
}

QStringList ResultsPage::recentFiles() const
{
    return QSettings().value(QStringLiteral("results/recent")).toStringList();
}

void ResultsPage::rememberRecent(const QString& path)
{
    QStringList recent = recentFiles();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    QSettings().setValue(QStringLiteral("results/recent"), recent.mid(0, maxRecent));
    updateRecentMenu();
}

void ResultsPage::setCurrentFile(const QString& path)
{
    m_currentFile = path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
}

QStringList ResultsPage::recentEntries()
{
    updateRecentMenu();
    QStringList texts;
    for (QAction* action : m_recentMenu->actions()) {
        const QString tip = action->toolTip() == action->text() ? QString() : action->toolTip();
        texts.append(tip.isEmpty() ? action->text() : QStringLiteral("%1 (%2)").arg(action->text(), tip));
    }
    return texts;
}

namespace {

/// A long file name or path with its middle left out, so a menu of them fits beside the window.
QString elidedMiddle(const QString& text, qsizetype most = 40)
{
    if (text.size() <= most) {
        return text;
    }
    const qsizetype keep = (most - 1) / 2;
    return text.left(keep) + QChar(0x2026) + text.right(most - 1 - keep);
}

} // namespace

void ResultsPage::updateRecentMenu()
{
    m_recentMenu->clear();
    m_recentMenu->setToolTipsVisible(true); // each entry's whole path
    // Every run writes into the results folder: its newest files first, each with what it holds.
    QSet<QString> listed;
    const QString folder = ResultsFolder::path();
    for (const ResultsFolder::Entry& entry : ResultsFolder::list(folder, maxRecent)) {
        listed.insert(entry.path);
        const QString when = QLocale().toString(entry.modified, QLocale::ShortFormat);
        const QString name = QFileInfo(entry.path).fileName();
        if (!entry.readable) {
            QAction* action = m_recentMenu->addAction(tr("%1 — unreadable: %2").arg(elidedMiddle(name), entry.error));
            action->setToolTip(QDir::toNativeSeparators(entry.path));
            action->setEnabled(false);
            continue;
        }
        const QString what = entry.configurations > 0 ? tr("%n configuration(s)", nullptr, entry.configurations)
                                                      : tr("%n disk(s) measured", nullptr, entry.disks);
        const QString path = entry.path;
        m_recentMenu
            ->addAction(tr("%1 — %2, %3, %4").arg(elidedMiddle(name), Display::runStatus(entry.status), what, when),
                        this, [this, path] { openInBackground(path); })
            ->setToolTip(QDir::toNativeSeparators(path));
    }
    bool separated = false;
    for (const QString& path : recentFiles()) {
        if (listed.contains(path) || !QFileInfo::exists(path)) {
            continue;
        }
        if (!separated && !listed.isEmpty()) {
            m_recentMenu->addSeparator();
        }
        separated = true;
        m_recentMenu
            ->addAction(elidedMiddle(QDir::toNativeSeparators(path), 72), this,
                        [this, path] { openInBackground(path); })
            ->setToolTip(QDir::toNativeSeparators(path));
    }
    if (m_recentMenu->actions().isEmpty()) {
        m_recentMenu->addAction(tr("(none yet)"))->setEnabled(false);
    }
    m_recentMenu->addSeparator();
    m_recentMenu->addAction(tr("Results folder: %1").arg(elidedMiddle(QDir::toNativeSeparators(folder), 72)))
        ->setEnabled(false);
}

void ResultsPage::saveAsDialog()
{
    if (m_results.configs.isEmpty() && m_results.disks.isEmpty()) {
        Q_EMIT message(tr("There are no results to save yet."));
        return;
    }
    const QString suggested =
        m_currentFile.isEmpty() ? QStringLiteral("results.json") : QFileInfo(m_currentFile).fileName();
    const QString path = QFileDialog::getSaveFileName(this, tr("Save results as"),
                                                      RecentFolder::startPath(QStringLiteral("results"), suggested),
                                                      tr("RaidBench results (*.json)"));
    RecentFolder::remember(QStringLiteral("results"), path);
    if (path.isEmpty()) {
        return;
    }
    const auto saved = save(path);
    if (saved) {
        rememberRecent(path);
    }
    Q_EMIT message(saved ? tr("Results saved to %1.").arg(path) : ErrorCode::userText(saved.error()));
}

void ResultsPage::openDialog()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open results"), RecentFolder::startPath(QStringLiteral("results")), tr("RaidBench results (*.json)"));
    RecentFolder::remember(QStringLiteral("results"), path);
    if (!path.isEmpty()) {
        openInBackground(path);
    }
}

void ResultsPage::exportChartDialog(const QString& suffix)
{
    const int tab = m_tabs->currentIndex();
    const QString name = tab == DisksTab ? QStringLiteral("disks")
        : tab == DetailsTab              ? m_detail
        : tab == AnswerTab               ? QStringLiteral("tradeoff")
                                         : QStringLiteral("comparison");
    QDialog dialog(this);
    const QString chartTitle = Charts::title(name);
    dialog.setWindowTitle(chartTitle.isEmpty() ? tr("Export the chart") : tr("Export the %1 chart").arg(chartTitle));
    auto* form = new QFormLayout(&dialog);
    auto* width = new QSpinBox(&dialog);
    auto* height = new QSpinBox(&dialog);
    auto* dpi = new QSpinBox(&dialog);
    width->setRange(100, 20000);
    height->setRange(100, 20000);
    dpi->setRange(30, 1200);
    width->setValue(1200);
    height->setValue(700);
    dpi->setValue(96);
    width->setSuffix(tr(" px"));
    height->setSuffix(tr(" px"));
    form->addRow(tr("&Width:"), width);
    form->addRow(tr("&Height:"), height);
    form->addRow(tr("&DPI:"), dpi);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted) {
        return;
    }
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export chart"),
        RecentFolder::startPath(QStringLiteral("exports"), QStringLiteral("%1.%2").arg(name, suffix)),
        suffix.toUpper() + QStringLiteral(" (*.") + suffix + QLatin1Char(')'));
    RecentFolder::remember(QStringLiteral("exports"), path);
    if (path.isEmpty()) {
        return;
    }
    const auto exported = exportChart(name, path, QSize(width->value(), height->value()), dpi->value());
    Q_EMIT message(exported ? tr("Chart saved to %1.").arg(path) : ErrorCode::userText(exported.error()));
}

void ResultsPage::exportFileDialog(const QString& what)
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export"),
        RecentFolder::startPath(QStringLiteral("exports"),
                                QStringLiteral("%1.%2").arg(what == QLatin1String("html") ? QStringLiteral("report")
                                                                                          : QStringLiteral("results"),
                                                            what)),
        what.toUpper() + QStringLiteral(" (*.") + what + QLatin1Char(')'));
    RecentFolder::remember(QStringLiteral("exports"), path);
    if (path.isEmpty()) {
        return;
    }
    if (what == QLatin1String("html")) {
        exportReportInBackground(path);
        return;
    }
    const auto exported = exportData(path);
    Q_EMIT message(exported ? tr("Saved %1.").arg(path) : ErrorCode::userText(exported.error()));
}

} // namespace RaidBench::Ui

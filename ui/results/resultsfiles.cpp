#include "results/resultsfiles.h"

#include "../displaynumbers.h"
#include "../recentfolder.h"
#include "answer/compare.h"
#include "exports/exports.h"
#include "model/analysis.h"
#include "results/answerpanel.h"
#include "results/chartexport.h"
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
#include <QInputDialog>
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

namespace {

constexpr int maxRecent = 8;

} // namespace

ResultsFiles::ResultsFiles(ResultsPage* page)
    : QObject(page)
    , m_page(page)
    , m_recentMenu(new QMenu(page))
{
    connect(m_recentMenu, &QMenu::aboutToShow, this, &ResultsFiles::updateRecentMenu); // runs write there
    updateRecentMenu();
}

Result<void> ResultsFiles::open(const QString& path)
{
    auto results = loadAnalysed(path);
    if (!results) {
        return makeError(results.error().code, tr("Cannot open %1: %2").arg(path, results.error().message));
    }
    m_page->setResults(*results, QFileInfo(path).fileName());
    setCurrentFile(path);
    rememberRecent(path);
    return {};
}

ResultsLibraryDialog* ResultsFiles::openLibrary()
{
    auto* dialog = new ResultsLibraryDialog(ResultsFolder::path(), m_page);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &ResultsLibraryDialog::message, this, &ResultsFiles::message);
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

Result<void> ResultsFiles::openCompare(const QString& first, const QString& second)
{
    return openCompare(QStringList {first, second});
}

Result<void> ResultsFiles::openCompare(const QStringList& paths)
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
    m_page->showCompared(compareResults(sides), labels);
    for (const QString& path : paths) {
        rememberRecent(path);
    }
    return {};
}

Result<void> ResultsFiles::importFio(const QString& path, const QString& configName)
{
    if (configName.isEmpty()) {
        return makeError(ErrorCode::usage, tr("The imported configuration needs a name."));
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return makeError(ErrorCode::ioError, tr("Cannot open %1: %2").arg(path, file.errorString()));
    }
    CampaignResults next = m_page->results();
    if (auto imported = importFioJson(next, file.readAll(), configName); !imported) {
        return makeError(imported.error().code, tr("Cannot import %1: %2").arg(path, imported.error().message));
    }
    m_page->replaceResults(next); // analysed by the import
    return {};
}

void ResultsFiles::openInBackground(const QString& path)
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
        m_page->setResults(*results, QFileInfo(path).fileName());
        setCurrentFile(path);
        rememberRecent(path);
        Q_EMIT message(tr("Opened %1.").arg(path));
    });
    Q_EMIT message(tr("Opening %1…").arg(path));
    watcher->setFuture(QtConcurrent::run([path] { return loadAnalysed(path); }));
}

void ResultsFiles::importFioInBackground(const QString& path, const QString& configName)
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
        m_page->replaceResults(*imported);
        Q_EMIT message(tr("Imported %1 as %2.").arg(path, configName));
    });
    const CampaignResults current = m_page->results();
    watcher->setFuture(QtConcurrent::run([current, path, configName]() -> Result<CampaignResults> {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            return makeError(ErrorCode::ioError, tr("Cannot open %1: %2").arg(path, file.errorString()));
        }
        CampaignResults next = current;
        if (auto imported = importFioJson(next, file.readAll(), configName); !imported) {
            return makeError(imported.error().code, tr("Cannot import %1: %2").arg(path, imported.error().message));
        }
        return next; // analysed by the import
    }));
}

ReportWriter* ResultsFiles::exportReportInBackground(const QString& path)
{
    if (m_report) {
        Q_EMIT message(tr("A report is being written to %1; wait for it or cancel it.").arg(m_report->path()));
        return nullptr;
    }
    m_report = new ReportWriter(m_page->results(), path, false, this);
    m_report->setRequirements(m_page->chartOptions().requirements);
    auto* progress = new QProgressDialog(tr("Writing the report to %1…").arg(path), tr("Cancel"), 0, 1, m_page);
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

Result<void> ResultsFiles::save(const QString& path) const
{
    return m_page->results().save(path);
}

Result<void> ResultsFiles::exportData(const QString& path) const
{
    if (path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
        return m_page->results().save(path);
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return makeError(ErrorCode::ioError, tr("Cannot write %1: %2").arg(path, file.errorString()));
    }
    file.write(resultsToCsv(m_page->results()).toUtf8());
    if (!file.commit()) {
        return makeError(ErrorCode::ioError, tr("Cannot write %1: %2").arg(path, file.errorString()));
    }
    return {};
}

Result<void> ResultsFiles::exportReport(const QString& path) const
{
    return writeHtmlReport(m_page->results(), path, false, m_page->chartOptions().requirements);
}

Result<void> ResultsFiles::exportChart(const QString& name, const QString& path, QSize pixels, int dpi) const
{
    auto format = parseChartFormat(path);
    if (!format) {
        return format.error();
    }
    ChartOptions options = m_page->chartOptions();
    options.dark = false; // exports are for documents: light
    auto chart = Charts::make(name, m_page->results(), options);
    if (!chart) {
        return chart.error();
    }
    std::unique_ptr<QChart> owned(*chart);
    return RaidBench::Ui::exportChart(owned.get(), path, *format, pixels, dpi, Charts::caption(name));
}

QStringList ResultsFiles::recentFiles() const
{
    return QSettings().value(QStringLiteral("results/recent")).toStringList();
}

void ResultsFiles::rememberRecent(const QString& path)
{
    QStringList recent = recentFiles();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    QSettings().setValue(QStringLiteral("results/recent"), recent.mid(0, maxRecent));
    updateRecentMenu();
}

void ResultsFiles::setCurrentFile(const QString& path)
{
    m_currentFile = path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
}

QStringList ResultsFiles::recentEntries()
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

void ResultsFiles::updateRecentMenu()
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

void ResultsFiles::saveAsDialog()
{
    if (m_page->results().configs.isEmpty() && m_page->results().disks.isEmpty()) {
        Q_EMIT message(tr("There are no results to save yet."));
        return;
    }
    const QString suggested =
        m_currentFile.isEmpty() ? QStringLiteral("results.json") : QFileInfo(m_currentFile).fileName();
    const QString path = QFileDialog::getSaveFileName(m_page, tr("Save results as"),
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

void ResultsFiles::openDialog()
{
    const QString path =
        QFileDialog::getOpenFileName(m_page, tr("Open results"), RecentFolder::startPath(QStringLiteral("results")),
                                     tr("RaidBench results (*.json)"));
    RecentFolder::remember(QStringLiteral("results"), path);
    if (!path.isEmpty()) {
        openInBackground(path);
    }
}

void ResultsFiles::compareDialog()
{
    const QStringList paths = QFileDialog::getOpenFileNames(m_page, tr("Choose two results files"),
                                                            RecentFolder::startPath(QStringLiteral("results")),
                                                            tr("RaidBench results (*.json)"));
    RecentFolder::remember(QStringLiteral("results"), paths.value(0));
    if (paths.size() != 2) {
        if (!paths.isEmpty()) {
            Q_EMIT message(tr("Choose exactly two results files to compare."));
        }
        return;
    }
    const auto opened = openCompare(paths.at(0), paths.at(1));
    Q_EMIT message(opened ? tr("Comparing %1 and %2.").arg(paths.at(0), paths.at(1))
                          : ErrorCode::userText(opened.error()));
}

void ResultsFiles::importFioDialog()
{
    const QString path = QFileDialog::getOpenFileName(
        m_page, tr("fio JSON output"), RecentFolder::startPath(QStringLiteral("fio")), tr("JSON (*.json)"));
    RecentFolder::remember(QStringLiteral("fio"), path);
    if (path.isEmpty()) {
        return;
    }
    bool ok = false;
    const QString name = QInputDialog::getText(m_page, tr("Import fio"), tr("Configuration name:"), QLineEdit::Normal,
                                               QStringLiteral("fio"), &ok);
    if (ok) {
        importFioInBackground(path, name.trimmed());
    }
}

void ResultsFiles::exportChartDialog(const QString& suffix)
{
    const QString name = m_page->chartOnScreen();
    QDialog dialog(m_page);
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
        m_page, tr("Export chart"),
        RecentFolder::startPath(QStringLiteral("exports"), QStringLiteral("%1.%2").arg(name, suffix)),
        suffix.toUpper() + QStringLiteral(" (*.") + suffix + QLatin1Char(')'));
    RecentFolder::remember(QStringLiteral("exports"), path);
    if (path.isEmpty()) {
        return;
    }
    const auto exported = exportChart(name, path, QSize(width->value(), height->value()), dpi->value());
    Q_EMIT message(exported ? tr("Chart saved to %1.").arg(path) : ErrorCode::userText(exported.error()));
}

void ResultsFiles::exportFileDialog(const QString& what)
{
    const QString path = QFileDialog::getSaveFileName(
        m_page, tr("Export"),
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

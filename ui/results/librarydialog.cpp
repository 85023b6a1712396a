#include "results/librarydialog.h"

#include "../displaynumbers.h"
#include "results/librarymodel.h"
#include "util/errorcodes.h"
#include "util/units.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <limits>

namespace RaidBench::Ui {

ResultsLibraryDialog::ResultsLibraryDialog(const QString& folder, QWidget* parent)
    : QDialog(parent)
    , m_folder(folder)
    , m_summary(new QLabel(this))
    , m_model(new ResultsLibraryModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_table(new QTableView(this))
    , m_open(new QPushButton(tr("&Open"), this))
    , m_compare(new QPushButton(tr("&Compare"), this))
    , m_remove(new QPushButton(tr("&Remove…"), this))
    , m_refresh(new QPushButton(tr("Re&fresh"), this))
{
    setObjectName(QStringLiteral("resultsLibrary"));
    setWindowTitle(tr("Results library"));
    resize(1000, 560);
    auto* layout = new QVBoxLayout(this);
    m_summary->setObjectName(QStringLiteral("librarySummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summary);

    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(ResultsLibraryModel::SortRole);
    m_table->setModel(m_proxy);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->horizontalHeader()->setSectionResizeMode(ColumnLayouts, QHeaderView::Stretch);
    // Newest first, as the folder lists them, until the user clicks a header.
    m_table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_table->setSortingEnabled(true);
    layout->addWidget(m_table, 1);

    auto* buttons = new QHBoxLayout;
    m_open->setToolTip(tr("Show the selected results on the Results page."));
    m_compare->setToolTip(tr("Put two or more selected results side by side, configurations grouped by name."));
    m_remove->setToolTip(tr("Delete the selected results files from the folder."));
    for (QPushButton* button : {m_open, m_compare, m_remove, m_refresh}) {
        buttons->addWidget(button);
    }
    buttons->addStretch(1);
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addWidget(close);
    layout->addLayout(buttons);

    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &ResultsLibraryDialog::updateButtons);
    connect(m_table, &QTableView::doubleClicked, this, [this] {
        const QStringList paths = selectedPaths();
        if (paths.size() == 1) {
            Q_EMIT openRequested(paths.first());
        }
    });
    connect(m_open, &QPushButton::clicked, this, [this] {
        const QStringList paths = selectedPaths();
        if (paths.size() == 1) {
            Q_EMIT openRequested(paths.first());
        }
    });
    connect(m_compare, &QPushButton::clicked, this, [this] {
        const QStringList paths = selectedPaths();
        if (paths.size() >= 2) {
            Q_EMIT compareRequested(paths);
        }
    });
    connect(m_remove, &QPushButton::clicked, this, &ResultsLibraryDialog::askToRemove);
    connect(m_refresh, &QPushButton::clicked, this, &ResultsLibraryDialog::refresh);
    connect(&m_reading, &QFutureWatcher<QList<ResultsFolder::Entry>>::finished, this, [this] {
        if (m_readAgain) {
            m_readAgain = false;
            refresh();
            return;
        }
        m_model->setEntries(m_reading.result());
        fill();
        m_refresh->setEnabled(true);
        Q_EMIT loaded();
    });
    refresh();
}

ResultsLibraryDialog::~ResultsLibraryDialog()
{
    m_reading.waitForFinished();
}

void ResultsLibraryDialog::refresh()
{
    if (m_reading.isRunning()) {
        m_readAgain = true;
        return;
    }
    m_refresh->setEnabled(false);
    m_summary->setText(tr("Reading the results folder %1…").arg(m_folder));
    const QString folder = m_folder;
    m_reading.setFuture(
        QtConcurrent::run([folder] { return ResultsFolder::list(folder, std::numeric_limits<int>::max()); }));
}

void ResultsLibraryDialog::fill()
{
    const QList<ResultsFolder::Entry>& entries = m_model->entries();
    qint64 bytes = 0;
    int unreadable = 0;
    for (const ResultsFolder::Entry& entry : entries) {
        bytes += entry.sizeBytes;
        unreadable += entry.readable ? 0 : 1;
    }
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setSectionResizeMode(ColumnLayouts, QHeaderView::Stretch);
    QString summary = tr("%n results file(s), %1 in all, in %2.", nullptr, int(entries.size()))
                          .arg(Display::formatBytesDecimal(double(bytes)), m_folder);
    if (unreadable > 0) {
        summary += QLatin1Char(' ') + tr("%n cannot be read (the reason is in the row).", nullptr, unreadable);
    }
    if (entries.isEmpty()) {
        summary = tr("No results yet in %1: every run you start writes its results file there.").arg(m_folder);
    }
    m_summary->setText(summary);
    updateButtons();
}

QStringList ResultsLibraryDialog::selectedPaths() const
{
    QList<int> rows;
    for (const QModelIndex& index : m_table->selectionModel()->selectedRows()) {
        rows.append(m_proxy->mapToSource(index).row());
    }
    std::sort(rows.begin(), rows.end());
    QStringList paths;
    for (const int row : std::as_const(rows)) {
        paths.append(m_model->entries().at(row).path);
    }
    return paths;
}

void ResultsLibraryDialog::updateButtons()
{
    const QStringList paths = selectedPaths();
    bool allReadable = !paths.isEmpty();
    for (const ResultsFolder::Entry& entry : m_model->entries()) {
        if (paths.contains(entry.path) && !entry.readable) {
            allReadable = false;
        }
    }
    m_open->setEnabled(paths.size() == 1 && allReadable);
    m_compare->setEnabled(paths.size() >= 2 && allReadable);
    m_remove->setEnabled(!paths.isEmpty());
}

void ResultsLibraryDialog::askToRemove()
{
    const QStringList paths = selectedPaths();
    if (paths.isEmpty()) {
        return;
    }
    qint64 bytes = 0;
    for (const ResultsFolder::Entry& entry : m_model->entries()) {
        bytes += paths.contains(entry.path) ? entry.sizeBytes : 0;
    }
    const auto answer = QMessageBox::question(
        this, tr("Remove results"),
        tr("Delete %n results file(s) (%1) from %2? This cannot be undone.", nullptr, int(paths.size()))
            .arg(Display::formatBytesDecimal(double(bytes)), m_folder),
        QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
    if (answer == QMessageBox::Yes) {
        removeFiles(paths);
    }
}

void ResultsLibraryDialog::removeFiles(const QStringList& paths)
{
    const auto removed = ResultsFolder::remove(m_folder, paths);
    Q_EMIT message(removed ? tr("Removed %n results file(s).", nullptr, *removed)
                           : ErrorCode::userText(removed.error()));
    refresh();
}

} // namespace RaidBench::Ui

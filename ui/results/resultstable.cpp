#include "results/resultstable.h"

#include "../displaynumbers.h"
#include "model/analysis.h"

#include <QHeaderView>
#include <QSortFilterProxyModel>

namespace RaidBench::Ui {

ResultsTable::ResultsTable(QWidget* parent)
    : QTableView(parent)
    , m_model(new ResultsTableModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
{
    setObjectName(QStringLiteral("resultsTable"));
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(ResultsTableModel::SortRole);
    setModel(m_proxy);
    verticalHeader()->hide();
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::MultiSelection);
    horizontalHeader()->setStretchLastSection(true);
    // Plan order until the user clicks a header.
    horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    setSortingEnabled(true);
}

void ResultsTable::fill(const CampaignResults& results)
{
    m_model->setResults(results);
    resizeColumnsToContents();
    setColumnWidth(ResultsTableModel::ColumnWeakest, std::min(columnWidth(ResultsTableModel::ColumnWeakest), 360));
}

QStringList ResultsTable::markDisk(const QString& path)
{
    return m_model->markDisk(path);
}

int ResultsTable::rowCount() const
{
    return m_proxy->rowCount();
}

QString ResultsTable::text(int row, Column column) const
{
    return m_proxy->index(row, column).data().toString();
}

QString ResultsTable::oneDiskText(const CampaignResults& results)
{
    // "One disk", in words, where the table uses it: the median disk, and the slowest beside it.
    const DiskResult* writer = medianDisk(results, true);
    const DiskResult* reader = medianDisk(results, false);
    const DiskResult* slowest = slowestDisk(results);
    if (writer && slowest) {
        return tr("<b>One disk</b> is the median disk (the disks in order of their own speed, the one in the middle; "
                  "of an even count, the faster of the two): %1 writing %2, %3 reading %4. The slowest disk is %5: "
                  "%6 write, %7 read.")
            .arg(writer->label().toHtmlEscaped(), Display::formatMBps(*writer->writeBw),
                 (reader ? reader->label() : writer->label()).toHtmlEscaped(),
                 Display::formatMBps(reader && reader->readBw ? *reader->readBw : 0), slowest->label().toHtmlEscaped(),
                 Display::formatMBps(*slowest->writeBw), Display::formatMBps(slowest->readBw.value_or(0)));
    }
    return tr("The disks were not measured on their own, so there is no \"one disk\" to compare with.");
}

} // namespace RaidBench::Ui

#include "disktablemodel.h"

#include "client/session.h"
#include "diskhealthtext.h"
#include "diskpool.h"
#include "displaynumbers.h"

#include <QBrush>
#include <QGuiApplication>
#include <QPalette>

namespace RaidBench::Ui {

namespace {
const QColor kWarningColour(0xe6, 0x7e, 0x22);
} // namespace

DiskTableModel::DiskTableModel(Session* session, QObject* parent)
    : QAbstractTableModel(parent)
    , m_session(session)
{
    reload();
}

void DiskTableModel::setPool(const DiskPoolModel* pool)
{
    m_pool = pool;
    reload();
}

void DiskTableModel::reload()
{
    QList<Row> rows;
    for (const Disk& disk : m_session->disks()) {
        rows.append(makeRow(disk));
    }
    const bool sameDisks = std::equal(rows.cbegin(), rows.cend(), m_rows.cbegin(), m_rows.cend(),
                                      [](const Row& a, const Row& b) { return a.path == b.path; });
    if (sameDisks) {
        // The same disks with new figures: the user's selection and sorting stay.
        m_rows = rows;
        if (!m_rows.isEmpty()) {
            Q_EMIT dataChanged(index(0, 0), index(int(m_rows.size()) - 1, TableColumns - 1));
        }
        return;
    }
    beginResetModel();
    m_rows = rows;
    endResetModel();
}

int DiskTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int DiskTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : TableColumns;
}

QVariant DiskTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
        return {};
    }
    const Row& row = m_rows.at(index.row());
    const auto column = std::size_t(index.column());
    switch (role) {
    case Qt::DisplayRole:
        return row.cells.at(column);
    case Qt::ToolTipRole:
        return row.tip;
    case Qt::ForegroundRole:
        if (!row.eligible) {
            return QBrush(QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text));
        }
        return row.flagged.at(column) ? QVariant(QBrush(kWarningColour)) : QVariant();
    case DiskPathRole:
        return row.path;
    case EligibleRole:
        return row.eligible;
    default:
        return {};
    }
}

QVariant DiskTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return {};
    }
    switch (Column(section)) {
    case ColumnDisk:
        return tr("Disk");
    case ColumnModel:
        return tr("Model");
    case ColumnSerial:
        return tr("Serial");
    case ColumnSize:
        return tr("Size");
    case ColumnTransport:
        return tr("Transport");
    case ColumnController:
        return tr("Controller");
    case ColumnHealth:
        return tr("Health");
    case ColumnTemperature:
        return tr("Temp.");
    case ColumnLink:
        return tr("Link");
    case ColumnWriteCache:
        return tr("Write cache");
    case ColumnWrite:
        return tr("Write");
    case ColumnRead:
        return tr("Read");
    case ColumnUsable:
        return tr("Usable?");
    case TableColumns:
        break;
    }
    return {};
}

std::pair<QString, QString> DiskTableModel::rememberedSpeeds(const QString& path) const
{
    for (int poolRow = 0; m_pool && poolRow < m_pool->rowCount(); ++poolRow) {
        const QModelIndex index = m_pool->index(poolRow);
        if (index.data(DiskPoolModel::DiskPathRole).toString() == path &&
            index.data(DiskPoolModel::WriteRole).isValid()) {
            const QString when = index.data(DiskPoolModel::RememberedRole).toString();
            return {tr("%1 (%2)").arg(Display::formatMBps(index.data(DiskPoolModel::WriteRole).toDouble()), when),
                    tr("%1 (%2)").arg(Display::formatMBps(index.data(DiskPoolModel::ReadRole).toDouble()), when)};
        }
    }
    return {};
}

QString DiskTableModel::tipFor(const Disk& disk, const QString& why, const QString& slow)
{
    QString tip = disk.eligible
        ? (slow.isEmpty() ? tr("Usable: nothing uses it and it holds no data.") : tr("Usable, but slow: %1").arg(slow))
        : tr("Not usable: %1").arg(why);
    if (const QString causes = DiskHealthText::causes(disk); !causes.isEmpty()) {
        tip += QLatin1Char('\n') + causes;
    }
    if (disk.healthRead && !disk.health.reason.isEmpty()) {
        tip += QLatin1Char('\n') + tr("Health: %1").arg(disk.health.reason);
    }
    return tip;
}

DiskTableModel::Row DiskTableModel::makeRow(const Disk& disk) const
{
    Row row;
    row.path = DiskPoolModel::planPath(disk);
    row.eligible = disk.eligible;
    row.sizeBytes = double(disk.sizeBytes);
    const auto baseline = m_session->baseline(row.path);
    QStringList reasons;
    for (const DiskReason& reason : disk.reasons) {
        reasons.append(reason.text(Audience::Person));
    }
    const QString why = reasons.join(QStringLiteral("; "));
    const QString slow = m_session->slowReason(row.path);
    // Not measured in this session: the pool's last kept speeds of the same disk, dated.
    const auto [rememberedWrite, rememberedRead] =
        baseline ? std::pair<QString, QString>() : rememberedSpeeds(row.path);
    row.cells = {disk.path,
                 disk.model,
                 disk.serial,
                 Display::formatBytesDecimal(double(disk.sizeBytes)),
                 disk.transport,
                 disk.controller,
                 DiskHealthText::status(disk),
                 DiskHealthText::temperature(disk),
                 DiskHealthText::link(disk),
                 DiskHealthText::cache(disk),
                 baseline ? Display::formatMBps(baseline->first) : rememberedWrite,
                 baseline ? Display::formatMBps(baseline->second) : rememberedRead,
                 disk.eligible ? (slow.isEmpty() ? tr("yes") : tr("yes (slow)")) : tr("no: %1").arg(why)};
    row.tip = tipFor(disk, why, slow);
    // What could make it slow, where it shows: slow speeds, failing, hot, a slow link, its cache off.
    row.flagged[ColumnWrite] = row.flagged[ColumnRead] = !slow.isEmpty();
    row.flagged[ColumnHealth] = disk.health.status == SmartStatus::Failed;
    row.flagged[ColumnTemperature] = disk.health.temperatureC > kHotDiskCelsius;
    row.flagged[ColumnLink] = disk.health.linkBelowMax();
    row.flagged[ColumnWriteCache] = disk.healthRead && disk.writeCache.off();
    return row;
}

} // namespace RaidBench::Ui

#include "results/librarymodel.h"

#include "../displaynumbers.h"

#include <QBrush>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHash>
#include <QLocale>
#include <QPalette>

namespace RaidBench::Ui {

namespace {

QDateTime when(const ResultsFolder::Entry& entry)
{
    return entry.created.isValid() ? entry.created.toLocalTime() : entry.modified;
}

} // namespace

void ResultsLibraryModel::setEntries(const QList<ResultsFolder::Entry>& entries)
{
    beginResetModel();
    m_entries = entries;
    endResetModel();
}

int ResultsLibraryModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int ResultsLibraryModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : Columns;
}

QString ResultsLibraryModel::diskSummary(const QStringList& models)
{
    QStringList order;
    QHash<QString, int> counts;
    for (const QString& model : models) {
        if (!counts.contains(model)) {
            order.append(model);
        }
        ++counts[model];
    }
    QStringList parts;
    for (const QString& model : order) {
        parts.append(counts.value(model) > 1 ? QStringLiteral("%1 x %2").arg(counts.value(model)).arg(model) : model);
    }
    return parts.join(QStringLiteral(", "));
}

QString ResultsLibraryModel::text(const ResultsFolder::Entry& entry, Column column)
{
    switch (column) {
    case ColumnDate:
        return QLocale().toString(when(entry), QStringLiteral("yyyy-MM-dd HH:mm"));
    case ColumnSize:
        return Display::formatBytesDecimal(double(entry.sizeBytes));
    case ColumnHost:
        return !entry.readable ? QString() : entry.host.isEmpty() ? tr("(unknown)") : entry.host;
    case ColumnStatus:
        return entry.readable ? Display::runStatus(entry.status) : tr("unreadable");
    case ColumnDisks:
        return entry.readable ? tr("%n disk(s)", nullptr, entry.disks) : QString();
    case ColumnLayouts:
        return entry.readable ? entry.layouts.join(QStringLiteral(", "))
                              : tr("%1: %2").arg(QFileInfo(entry.path).fileName(), entry.error);
    case Columns:
        break;
    }
    return {};
}

QString ResultsLibraryModel::toolTip(const ResultsFolder::Entry& entry, Column column)
{
    if (column == ColumnDate) {
        return entry.path;
    }
    if (entry.readable && column == ColumnDisks) {
        return diskSummary(entry.diskModels);
    }
    if (entry.readable && column == ColumnLayouts) {
        return QFileInfo(entry.path).fileName();
    }
    return text(entry, column);
}

QVariant ResultsLibraryModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
        return {};
    }
    const ResultsFolder::Entry& entry = m_entries.at(index.row());
    const auto column = Column(index.column());
    switch (role) {
    case Qt::DisplayRole:
        return text(entry, column);
    case Qt::ToolTipRole:
        return toolTip(entry, column);
    case Qt::ForegroundRole:
        return entry.readable ? QVariant()
                              : QVariant(QBrush(QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text)));
    case Qt::TextAlignmentRole:
        return column == ColumnSize ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case PathRole:
        return entry.path;
    case ReadableRole:
        return entry.readable;
    case SortRole:
        return column == ColumnDate ? QVariant(when(entry))
            : column == ColumnSize  ? QVariant(entry.sizeBytes)
                                    : QVariant(text(entry, column));
    default:
        return {};
    }
}

QVariant ResultsLibraryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return {};
    }
    switch (Column(section)) {
    case ColumnDate:
        return tr("Date");
    case ColumnHost:
        return tr("Host");
    case ColumnStatus:
        return tr("Status");
    case ColumnDisks:
        return tr("Disks");
    case ColumnLayouts:
        return tr("Layouts");
    case ColumnSize:
        return tr("Size");
    case Columns:
        break;
    }
    return {};
}

} // namespace RaidBench::Ui

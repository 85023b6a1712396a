#include "diskpool.h"

#include "client/session.h"
#include "diskhealthtext.h"
#include "displaynumbers.h"
#include "results/resultsfolder.h"
#include "util/units.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QListView>
#include <QLocale>
#include <QMimeData>
#include <QPainter>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <memory>

namespace RaidBench::Ui {

QColor controllerColour(const QString& controller, const QStringList& allControllers)
{
    static const QList<QColor> palette {QColor(0x3d, 0x7e, 0xc9), QColor(0x2e, 0xa0, 0x6b), QColor(0x9b, 0x59, 0xb6),
                                        QColor(0xd3, 0x6a, 0x1f), QColor(0x16, 0xa0, 0xa8), QColor(0xb5, 0x3a, 0x6e),
                                        QColor(0x7a, 0x86, 0x2c), QColor(0x5d, 0x6d, 0x7e)};
    const qsizetype index = allControllers.indexOf(controller);
    return palette.at(int((index < 0 ? qHash(controller) : std::size_t(index)) % std::size_t(palette.size())));
}

DiskPoolModel::DiskPoolModel(Session* session, QObject* parent)
    : QAbstractListModel(parent)
    , m_session(session)
{
    connect(session, &Session::disksChanged, this, &DiskPoolModel::reload);
    connect(session, &Session::baselinesChanged, this, [this] {
        if (!m_disks.isEmpty()) {
            Q_EMIT dataChanged(index(0), index(int(m_disks.size()) - 1));
        }
    });
    reload();
}

void DiskPoolModel::reload()
{
    beginResetModel();
    m_disks = m_session->disks();
    endResetModel();
}

void DiskPoolModel::setHistory(const HistoryScan& history)
{
    m_history = history;
    if (!m_disks.isEmpty()) {
        Q_EMIT dataChanged(index(0), index(int(m_disks.size()) - 1));
    }
}

std::optional<std::tuple<double, double, QDateTime>> DiskPoolModel::remembered(const Disk& disk) const
{
    if (disk.serial.isEmpty()) {
        return std::nullopt;
    }
    for (const DiskHistory& history : historiesOf(m_history, disk.serial)) {
        // Lab disks share serials across runs of other speeds: their models tell them apart.
        if (history.model.trimmed() != disk.model.trimmed()) {
            continue;
        }
        const DiskHistoryPoint* write = history.latest(true);
        const DiskHistoryPoint* read = history.latest(false);
        if (write && read) {
            return std::make_tuple(*write->writeBw, *read->readBw, std::max(write->when, read->when));
        }
    }
    return std::nullopt;
}

QString DiskPoolModel::planPath(const Disk& disk)
{
    return disk.stablePath.isEmpty() ? disk.path : disk.stablePath;
}

QStringList DiskPoolModel::controllers() const
{
    QStringList list;
    for (const Disk& disk : m_disks) {
        if (!list.contains(disk.controller)) {
            list.append(disk.controller);
        }
    }
    return list;
}

int DiskPoolModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_disks.size());
}

QVariant DiskPoolModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_disks.size()) {
        return {};
    }
    const Disk& disk = m_disks.at(index.row());
    const auto baseline = m_session->baseline(planPath(disk));
    switch (role) {
    case Qt::DisplayRole:
        return QStringLiteral("%1  %2").arg(disk.name, disk.model.isEmpty() ? disk.transport : disk.model);
    case Qt::ToolTipRole: {
        QString tip = QStringLiteral("<b>%1</b> %2<br>%3 %4, %5<br>%6: %7")
                          .arg(disk.path.toHtmlEscaped(), disk.model.toHtmlEscaped(), tr("serial"),
                               disk.serial.isEmpty() ? tr("unknown") : disk.serial.toHtmlEscaped(),
                               Display::formatBytesDecimal(double(disk.sizeBytes)), tr("controller"),
                               disk.controller.toHtmlEscaped());
        if (!disk.eligible) {
            tip += QStringLiteral("<br><b>%1</b>").arg(tr("Cannot be used:"));
            for (const auto& reason : disk.reasons) {
                tip += QStringLiteral("<br>• %1").arg(reason.text(Audience::Person).toHtmlEscaped());
            }
        }
        const QString slow = m_session->slowReason(planPath(disk));
        if (!slow.isEmpty()) {
            tip += QStringLiteral("<br><b>%1</b> %2").arg(tr("Slow:"), slow.toHtmlEscaped());
        }
        if (!baseline) {
            if (const auto kept = remembered(disk)) {
                tip += QStringLiteral("<br>%1").arg(
                    tr("Not measured yet in this session; the speeds shown are its last, from %1 (the results "
                       "folder, by serial number).")
                        .arg(QLocale().toString(std::get<2>(*kept).toLocalTime(), QLocale::ShortFormat)));
            }
        }
        return tip;
    }
    case DiskPathRole:
        return planPath(disk);
    case EligibleRole:
        return disk.eligible;
    case ControllerRole:
        return disk.controller;
    case WriteRole:
    case ReadRole:
    case RememberedRole: {
        if (baseline) {
            return role == RememberedRole ? QVariant()
                                          : QVariant(role == WriteRole ? baseline->first : baseline->second);
        }
        const auto kept = remembered(disk);
        if (!kept) {
            return {};
        }
        return role == WriteRole ? QVariant(std::get<0>(*kept))
            : role == ReadRole
            ? QVariant(std::get<1>(*kept))
            : QVariant(QLocale().toString(std::get<2>(*kept).toLocalTime().date(), QLocale::ShortFormat));
    }
    case SlowRole:
        return m_session->slowReason(planPath(disk));
    case Qt::AccessibleTextRole:
        return QStringLiteral("%1 %2 %3 %4")
            .arg(disk.name, disk.model, Display::formatBytesDecimal(double(disk.sizeBytes)),
                 disk.eligible ? tr("usable") : tr("not usable"));
    default:
        return {};
    }
}

Qt::ItemFlags DiskPoolModel::flags(const QModelIndex& index) const
{
    if (!index.isValid()) {
        return Qt::NoItemFlags;
    }
    Qt::ItemFlags flags = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (m_disks.at(index.row()).eligible) {
        flags |= Qt::ItemIsDragEnabled;
    }
    return flags;
}

QStringList DiskPoolModel::mimeTypes() const
{
    return {QLatin1String(disksMimeType)};
}

QMimeData* DiskPoolModel::mimeData(const QModelIndexList& indexes) const
{
    QStringList paths;
    for (const QModelIndex& index : indexes) {
        if (index.isValid() && m_disks.at(index.row()).eligible) {
            paths.append(planPath(m_disks.at(index.row())));
        }
    }
    auto* mime = new QMimeData;
    mime->setData(QLatin1String(disksMimeType), paths.join(QLatin1Char('\n')).toUtf8());
    mime->setText(paths.join(QLatin1Char(' ')));
    return mime;
}

void DiskDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QWidget* widget = opt.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    opt.text.clear();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    const auto* model = qobject_cast<const DiskPoolModel*>(index.model());
    const Disk& disk = model->diskAt(index.row());
    const bool eligible = disk.eligible;
    const QPalette& palette = opt.palette;
    QColor text = (opt.state & QStyle::State_Selected) ? palette.highlightedText().color() : palette.text().color();
    if (!eligible) {
        text.setAlphaF(0.55);
    }
    const QRect r = opt.rect.adjusted(4, 3, -4, -3);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->fillRect(QRect(r.left(), r.top(), 5, r.height()), controllerColour(disk.controller, model->controllers()));
    const int lineHeight = opt.fontMetrics.height();
    QRect line(r.left() + 12, r.top(), r.width() - 12, lineHeight);
    QFont bold = opt.font;
    bold.setBold(true);
    painter->setFont(bold);
    painter->setPen(text);
    const QString title = QStringLiteral("%1  %2").arg(disk.name, Display::formatBytesDecimal(double(disk.sizeBytes)));
    painter->drawText(line, Qt::AlignLeft | Qt::AlignVCenter, title);
    if (!eligible) {
        static const QIcon lock(QStringLiteral(":/raidbench/lock.svg"));
        lock.paint(painter, QRect(r.right() - lineHeight, line.top(), lineHeight, lineHeight));
    }
    painter->setFont(opt.font);
    line.translate(0, lineHeight);
    painter->drawText(line, Qt::AlignLeft | Qt::AlignVCenter,
                      opt.fontMetrics.elidedText(QStringLiteral("%1 · %2 · %3")
                                                     .arg(disk.model.isEmpty() ? tr("(no model)") : disk.model,
                                                          disk.transport, disk.controller),
                                                 Qt::ElideRight, line.width()));
    line.translate(0, lineHeight);
    const QVariant write = index.data(DiskPoolModel::WriteRole);
    const QVariant read = index.data(DiskPoolModel::ReadRole);
    const QString slow = index.data(DiskPoolModel::SlowRole).toString();
    if (write.isValid() && read.isValid()) {
        // Speed bars: full width is the fastest disk seen so far in this pool.
        double fastest = 1;
        for (int row = 0; row < model->rowCount(); ++row) {
            fastest = std::max({fastest, model->index(row).data(DiskPoolModel::WriteRole).toDouble(),
                                model->index(row).data(DiskPoolModel::ReadRole).toDouble()});
        }
        // On a selected row the background is the highlight colour: the bars take the selected text's
        // colour on a darker trough, so they stay visible.
        const bool selected = opt.state & QStyle::State_Selected;
        const QColor good = selected ? palette.highlightedText().color() : palette.highlight().color();
        const QColor trough = selected ? palette.highlight().color().darker(140) : palette.mid().color();
        const QColor warn(0xe6, 0x7e, 0x22);
        const int barWidth = std::max(20, line.width() / 2 - 60);
        auto bar = [&](int x, double value, const QString& label) {
            const QRect frame(x, line.top() + 3, barWidth, lineHeight - 6);
            painter->setPen(Qt::NoPen);
            painter->setBrush(trough);
            painter->drawRoundedRect(frame, 2, 2);
            painter->setBrush(slow.isEmpty() ? good : warn);
            painter->drawRoundedRect(
                QRect(frame.left(), frame.top(), int(frame.width() * value / fastest), frame.height()), 2, 2);
            painter->setPen(text);
            painter->drawText(QRect(frame.right() + 4, line.top(), 56, lineHeight), Qt::AlignLeft | Qt::AlignVCenter,
                              QStringLiteral("%1 %2").arg(label, QLocale().toString(value / 1e6, 'f', 0)));
        };
        // Speeds from an earlier run of the same disk: drawn faded, and dated.
        const QString when = index.data(DiskPoolModel::RememberedRole).toString();
        painter->setOpacity(when.isEmpty() ? 1.0 : 0.5);
        bar(line.left(), write.toDouble(), tr("W"));
        bar(line.left() + barWidth + 64, read.toDouble(), tr("R"));
        painter->setOpacity(1.0);
        if (!when.isEmpty()) {
            painter->setPen(text);
            painter->drawText(QRect(line.left() + 2 * barWidth + 128, line.top(), line.width(), lineHeight),
                              Qt::AlignLeft | Qt::AlignVCenter, tr("(%1)").arg(when));
        }
        if (!slow.isEmpty()) {
            line.translate(0, lineHeight);
            painter->setPen(warn);
            painter->drawText(line, Qt::AlignLeft | Qt::AlignVCenter,
                              opt.fontMetrics.elidedText(tr("slow: %1").arg(slow), Qt::ElideRight, line.width()));
        }
    } else if (!eligible) {
        painter->drawText(
            line, Qt::AlignLeft | Qt::AlignVCenter,
            opt.fontMetrics.elidedText(disk.reasons.isEmpty() ? QString() : disk.reasons.first().text(Audience::Person),
                                       Qt::ElideRight, line.width()));
    }
    painter->restore();
}

QSize DiskDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    const bool slow = !index.data(DiskPoolModel::SlowRole).toString().isEmpty();
    return QSize(280, option.fontMetrics.height() * (slow ? 4 : 3) + 8);
}

DiskPoolWidget::DiskPoolWidget(Session* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_model(new DiskPoolModel(session, this))
    , m_view(new QListView(this))
    , m_legend(new QLabel(this))
    , m_details(new QTextBrowser(this))
    , m_measure(new QPushButton(tr("&Measure disks"), this))
{
    m_view->setObjectName(QStringLiteral("diskPoolView"));
    m_view->setModel(m_model);
    m_view->setItemDelegate(new DiskDelegate(m_view));
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setDragEnabled(true);
    m_view->setDragDropMode(QAbstractItemView::DragOnly);
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    m_view->setUniformItemSizes(false);
    m_view->setAccessibleName(tr("Disks"));
    m_legend->setWordWrap(true);
    m_legend->setTextFormat(Qt::RichText);
    m_details->setMaximumHeight(160);
    m_details->setAccessibleName(tr("Disk details"));
    m_measure->setToolTip(tr("Measure each selected (or every usable) disk on its own: sequential write and read. "
                             "This writes to the disks."));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* title = new QLabel(tr("<b>Disks</b> — drag them onto the canvas"), this);
    layout->addWidget(title);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_legend);
    layout->addWidget(m_details);
    layout->addWidget(m_measure);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &DiskPoolWidget::updateDetails);
    // The disks come again after each scan, when their health arrives and after a run: the selection
    // and the current disk stay where the user put them.
    auto kept = std::make_shared<std::pair<QStringList, QString>>();
    connect(m_model, &QAbstractItemModel::modelAboutToBeReset, this, [this, kept] {
        kept->first.clear();
        for (const QModelIndex& index : m_view->selectionModel()->selectedIndexes()) {
            kept->first.append(index.data(DiskPoolModel::DiskPathRole).toString());
        }
        kept->second = m_view->currentIndex().data(DiskPoolModel::DiskPathRole).toString();
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this, kept] {
        for (int row = 0; row < m_model->rowCount(); ++row) {
            const QModelIndex index = m_model->index(row);
            const QString path = index.data(DiskPoolModel::DiskPathRole).toString();
            if (path == kept->second) {
                m_view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::NoUpdate);
            }
            if (kept->first.contains(path)) {
                m_view->selectionModel()->select(index, QItemSelectionModel::Select);
            }
        }
        updateLegend();
        updateDetails();
        refreshHistory();
    });
    connect(&m_historyReading, &QFutureWatcher<HistoryScan>::finished, this, [this] {
        m_history = m_historyReading.result();
        m_model->setHistory(m_history);
        updateDetails();
        Q_EMIT historyLoaded();
        if (m_historyAgain) {
            m_historyAgain = false;
            refreshHistory();
        }
    });
    connect(m_view, &QWidget::customContextMenuRequested, this, [this](const QPoint& pos) {
        Q_EMIT contextMenuRequested(selectedDisks(), m_view->viewport()->mapToGlobal(pos));
    });
    connect(m_measure, &QPushButton::clicked, this, [this] {
        QStringList disks = selectedDisks();
        if (disks.isEmpty()) {
            for (int row = 0; row < m_model->rowCount(); ++row) {
                if (m_model->diskAt(row).eligible) {
                    disks.append(DiskPoolModel::planPath(m_model->diskAt(row)));
                }
            }
        }
        Q_EMIT measureRequested(disks);
    });
    updateLegend();
    refreshHistory();
}

DiskPoolWidget::~DiskPoolWidget()
{
    m_historyReading.waitForFinished();
}

void DiskPoolWidget::refreshHistory()
{
    if (m_historyReading.isRunning()) {
        m_historyAgain = true; // a run's file changed while the folder was read
        return;
    }
    const QString folder = ResultsFolder::path();
    m_historyReading.setFuture(QtConcurrent::run([folder] { return scanHistory(folder); }));
}

namespace {

/// The disk's own speed over the kept results: "3 runs since 2026-09-01; write 38.0 -> 30.0 MB/s (-21 %)".
QString historyHtml(const HistoryScan& scan, const Disk& disk)
{
    if (disk.serial.isEmpty()) {
        return {};
    }
    QList<DiskHistory> found = historiesOf(scan, disk.serial);
    const QString model = disk.model.trimmed();
    if (found.size() > 1) {
        found.removeIf([&model](const DiskHistory& history) { return history.model.trimmed() != model; });
    }
    if (found.isEmpty() || found.first().points.isEmpty()) {
        return QStringLiteral("<br><b>%1</b> %2")
            .arg(DiskPoolWidget::tr("Speed history:"),
                 DiskPoolWidget::tr("none yet; measuring the disks keeps one in the results folder."));
    }
    const DiskHistory& history = found.first();
    const DiskHistoryPoint& first = history.points.first();
    auto side = [&history](const QString& what, bool write, const std::optional<double>& change) {
        const DiskHistoryPoint* from = history.first(write);
        const DiskHistoryPoint* to = history.latest(write);
        if (!from || !to) {
            return QString();
        }
        const double fromBw = *(write ? from->writeBw : from->readBw);
        const double toBw = *(write ? to->writeBw : to->readBw);
        return change ? QStringLiteral("%1 %2 → %3 (%4%5 %)")
                            .arg(what, Display::formatMBps(fromBw), Display::formatMBps(toBw),
                                 *change >= 0 ? QStringLiteral("+") : QString(), QString::number(qRound(*change)))
                      : QStringLiteral("%1 %2").arg(what, Display::formatMBps(toBw));
    };
    QStringList sides;
    for (const QString& text : {side(DiskPoolWidget::tr("write"), true, history.writeChangePct),
                                side(DiskPoolWidget::tr("read"), false, history.readChangePct)}) {
        if (!text.isEmpty()) {
            sides.append(text);
        }
    }
    QString html =
        QStringLiteral("<br><b>%1</b> %2")
            .arg(DiskPoolWidget::tr("Speed history:"),
                 (history.points.size() == 1 ? DiskPoolWidget::tr("1 run on %1; ")
                                             : DiskPoolWidget::tr("%1 runs since %2; ").arg(history.points.size()))
                         .arg(first.when.toLocalTime().toString(QStringLiteral("yyyy-MM-dd"))) +
                     sides.join(QStringLiteral(", ")).toHtmlEscaped());
    if (history.dropped) {
        html += QStringLiteral("<br><span style='color:#d35400'><b>%1</b> %2</span>")
                    .arg(DiskPoolWidget::tr("Slower than at first:"), history.dropNote.toHtmlEscaped());
    }
    return html;
}

} // namespace

QStringList DiskPoolWidget::selectedDisks() const
{
    QStringList disks;
    for (const QModelIndex& index : m_view->selectionModel()->selectedIndexes()) {
        if (index.data(DiskPoolModel::EligibleRole).toBool()) {
            disks.append(index.data(DiskPoolModel::DiskPathRole).toString());
        }
    }
    return disks;
}

QStringList DiskPoolWidget::disksToMeasure() const
{
    const QStringList selected = selectedDisks();
    if (!selected.isEmpty()) {
        return selected;
    }
    QStringList disks;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const QModelIndex index = m_model->index(row, 0);
        if (index.data(DiskPoolModel::EligibleRole).toBool()) {
            disks.append(index.data(DiskPoolModel::DiskPathRole).toString());
        }
    }
    return disks;
}

void DiskPoolWidget::updateLegend()
{
    const QStringList controllers = m_model->controllers();
    QString html;
    for (const QString& controller : controllers) {
        html += QStringLiteral("<span style='color:%1'>■</span> %2&nbsp;&nbsp; ")
                    .arg(controllerColour(controller, controllers).name(), controller.toHtmlEscaped());
    }
    m_legend->setText(controllers.isEmpty() ? QString() : tr("Controllers: %1").arg(html));
}

void DiskPoolWidget::updateDetails()
{
    const QModelIndexList selected = m_view->selectionModel()->selectedIndexes();
    if (selected.size() != 1) {
        m_details->setHtml(selected.isEmpty() ? tr("Select a disk to see why it can or cannot be used.")
                                              : tr("%n disks selected.", nullptr, int(selected.size())));
        return;
    }
    const Disk& disk = m_model->diskAt(selected.first().row());
    QString html = QStringLiteral("<b>%1</b> — %2 %3<br>")
                       .arg(disk.path.toHtmlEscaped(), disk.vendor.toHtmlEscaped(), disk.model.toHtmlEscaped());
    html += tr("Serial %1, %2, %3, sectors %4/%5 B, %6")
                .arg(disk.serial.toHtmlEscaped(), Display::formatBytesDecimal(double(disk.sizeBytes)), disk.transport,
                     QString::number(disk.logicalSectorSize), QString::number(disk.physicalSectorSize),
                     disk.rotational ? tr("rotational") : tr("solid state"));
    html += QStringLiteral("<br>") +
        tr("Controller %1, port %2").arg(disk.controller.toHtmlEscaped(), disk.port.toHtmlEscaped());
    if (!disk.stablePath.isEmpty()) {
        html += QStringLiteral("<br>") + disk.stablePath.toHtmlEscaped();
    }
    if (disk.eligible) {
        html += QStringLiteral("<br><span style='color:#2e8b57'>%1</span>")
                    .arg(tr("Usable: nothing uses it and it holds no data RaidBench can see."));
    } else {
        html += QStringLiteral("<br><b>%1</b><ul>").arg(tr("Not usable:"));
        for (const auto& reason : disk.reasons) {
            html += QStringLiteral("<li>%1 <i>(%2)</i></li>")
                        .arg(reason.text(Audience::Person).toHtmlEscaped(), reason.code);
        }
        html += QStringLiteral("</ul>");
    }
    html += DiskHealthText::panel(disk);
    html += historyHtml(m_history, disk);
    m_details->setHtml(html);
}

} // namespace RaidBench::Ui

#include "diskspage.h"

#include "client/session.h"
#include "diskhealthtext.h"
#include "diskpool.h"
#include "displaynumbers.h"
#include "util/units.h"

#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace RaidBench::Ui {

DisksPage::DisksPage(Session* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
{
    setObjectName(QStringLiteral("disksPage"));
    auto* layout = new QVBoxLayout(this);
    QWidget* page = this;
    m_disksState = new QLabel(page);
    m_disksState->setObjectName(QStringLiteral("disksState"));
    m_disksState->setWordWrap(true);
    m_disksState->setTextFormat(Qt::RichText);
    layout->addWidget(m_disksState);

    m_firstRun = new QFrame(page);
    m_firstRun->setObjectName(QStringLiteral("firstRunPanel"));
    m_firstRun->setFrameShape(QFrame::StyledPanel);
    auto* firstLayout = new QVBoxLayout(m_firstRun);
    auto* firstText = new QLabel(tr("<b>No disk here can be used.</b> Every disk of this machine is in use or holds "
                                    "data, and RaidBench never writes to those. Try everything on virtual disks "
                                    "instead: the lab starts a small VM with real kernel md and throttled disks."),
                                 m_firstRun);
    firstText->setWordWrap(true);
    firstLayout->addWidget(firstText);
    auto* firstButton = new QPushButton(tr("Try the &virtual lab…"), m_firstRun);
    firstButton->setObjectName(QStringLiteral("firstRunLabButton"));
    connect(firstButton, &QPushButton::clicked, this, &DisksPage::labRequested);
    firstLayout->addWidget(firstButton, 0, Qt::AlignLeft);
    m_firstRun->hide();
    layout->addWidget(m_firstRun);

    auto* buttons = new QHBoxLayout;
    m_connectButton = new QPushButton(tr("&Connect to this machine's disks…"), page);
    m_connectButton->setObjectName(QStringLiteral("connectButton"));
    m_connectButton->setToolTip(tr("Starts RaidBench's helper with administrator rights (polkit asks once)."));
    connect(m_connectButton, &QPushButton::clicked, this, &DisksPage::connectRequested);
    auto* remote = new QPushButton(tr("Connect to &another machine…"), page);
    remote->setObjectName(QStringLiteral("remoteButton"));
    remote->setToolTip(tr("Works on the disks of a server over ssh, through the RaidBench helper installed there."));
    connect(remote, &QPushButton::clicked, this, &DisksPage::remoteRequested);
    auto* lab = new QPushButton(tr("Virtual &lab…"), page);
    connect(lab, &QPushButton::clicked, this, &DisksPage::labRequested);
    auto* rescan = new QPushButton(tr("&Rescan"), page);
    connect(rescan, &QPushButton::clicked, m_session, &Session::refreshDisks);
    connect(m_session, &Session::campaignStarted, this, &DisksPage::updateButtons);
    connect(m_session, &Session::campaignFinished, this, &DisksPage::updateButtons);
    m_surfaceButton = new QPushButton(tr("&Surface…"), page);
    m_surfaceButton->setObjectName(QStringLiteral("surfaceButton"));
    m_surfaceButton->setToolTip(tr("Reads the selected disks (or every usable one) at points from their first byte to "
                                   "their last and charts MB/s against position: a hard disk is slower at its end. "
                                   "Read only; a disk in use is refused, and then nothing is read."));
    connect(m_surfaceButton, &QPushButton::clicked, this, [this] { Q_EMIT surfaceRequested(surfaceDisks()); });
    m_quickButton = new QPushButton(tr("&Quick answer…"), page);
    m_quickButton->setObjectName(QStringLiteral("quickAnswerButton"));
    m_quickButton->setToolTip(tr("Measures the selected disks (or every usable one) alone and together, predicts "
                                 "every layout they allow, then builds and measures only the best two for the "
                                 "requirements on the Answer tab: minutes instead of hours. Destroys the disks' data, "
                                 "like any run."));
    connect(m_quickButton, &QPushButton::clicked, this, [this] { Q_EMIT quickAnswerRequested(surfaceDisks()); });
    buttons->addWidget(m_connectButton);
    buttons->addWidget(remote);
    buttons->addWidget(lab);
    buttons->addWidget(rescan);
    buttons->addWidget(m_surfaceButton);
    buttons->addWidget(m_quickButton);
    buttons->addStretch(1);
    layout->addLayout(buttons);

    m_diskTable = new QTableWidget(0, 13, page);
    m_diskTable->setObjectName(QStringLiteral("diskTable"));
    m_diskTable->setHorizontalHeaderLabels({tr("Disk"), tr("Model"), tr("Serial"), tr("Size"), tr("Transport"),
                                            tr("Controller"), tr("Health"), tr("Temp."), tr("Link"), tr("Write cache"),
                                            tr("Write"), tr("Read"), tr("Usable?")});
    m_diskTable->verticalHeader()->hide();
    m_diskTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_diskTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_diskTable->horizontalHeader()->setStretchLastSection(true);
    m_diskTable->setAccessibleName(tr("All disks"));
    layout->addWidget(m_diskTable, 1);
    m_together = new QLabel(page);
    m_together->setObjectName(QStringLiteral("togetherLabel"));
    m_together->setWordWrap(true);
    m_together->hide();
    layout->addWidget(m_together);
}

QStringList DisksPage::surfaceDisks() const
{
    const QList<Disk>& disks = m_session->disks();
    QStringList selected;
    QStringList usable;
    for (int row = 0; row < disks.size(); ++row) {
        const Disk& disk = disks.at(row);
        const bool chosen = m_diskTable->item(row, 0) && m_diskTable->item(row, 0)->isSelected();
        (chosen ? selected : usable).append(DiskPoolModel::planPath(disk));
        if (!chosen && !disk.eligible) {
            usable.removeLast();
        }
    }
    return selected.isEmpty() ? usable : selected;
}

void DisksPage::refresh(const QString& lastMessage)
{
    m_lastMessage = lastMessage;
    const QList<Disk>& disks = m_session->disks();
    int usable = 0;
    for (const Disk& disk : disks) {
        usable += disk.eligible ? 1 : 0;
    }
    showState(usable);
    m_firstRun->setVisible(m_session->isConnected() && !m_session->isLab() && usable == 0);
    showTogether();
    m_diskTable->setRowCount(int(disks.size()));
    for (int row = 0; row < disks.size(); ++row) {
        fillDiskRow(row, disks.at(row));
    }
    m_diskTable->resizeColumnsToContents();
    m_connectButton->setVisible(!m_session->isConnected() || m_session->isLab());
    updateButtons();
}

void DisksPage::showState(int usable)
{
    if (!m_session->isConnected()) {
        m_disksState->setText(
            m_lastMessage.isEmpty()
                ? tr("RaidBench needs administrator rights to see the disks and build arrays. Connect, and polkit asks "
                     "for the password once; or try everything on virtual disks in the lab.")
                : tr("Not connected. %1").arg(m_lastMessage.toHtmlEscaped()));
    } else {
        m_disksState->setText(tr("%1 disk(s) on %2, %3 usable. Select disks and drag them onto the Build page; "
                                 "<i>Measure disks</i> times each alone; <i>Surface</i> reads them from start to end; "
                                 "<i>Quick answer</i> says which layout fits, building only the best two.")
                                  .arg(QString::number(m_session->disks().size()),
                                       m_session->helperHost().toHtmlEscaped(), QString::number(usable)));
    }
}

void DisksPage::showTogether()
{
    QStringList ceilings;
    QStringList failed;
    bool measured = false;
    for (const DisksTogether& group : m_session->together()) {
        measured = measured || group.share(true) || group.share(false);
        if (group.limited()) {
            ceilings.append(group.describe(Audience::Person).toHtmlEscaped());
        } else if (!group.error.isEmpty()) {
            failed.append(group.describe(Audience::Person).toHtmlEscaped());
        }
    }
    QStringList text;
    if (!ceilings.isEmpty()) {
        text.append(tr("<b>A shared ceiling</b>: %1. No layout over these disks goes faster; the predictions count "
                       "with it.")
                        .arg(ceilings.join(QStringLiteral("; "))));
    } else if (measured) {
        text.append(tr("Measured together, the disks reach the sum of their own speeds: nothing they share holds "
                       "them back."));
    }
    if (!failed.isEmpty()) {
        text.append(tr("Not measured together: %1.").arg(failed.join(QStringLiteral("; "))));
    }
    m_together->setText(text.join(QStringLiteral("<br>")));
    m_together->setVisible(!text.isEmpty());
}

void DisksPage::fillDiskRow(int row, const Disk& disk)
{
    const auto baseline = m_session->baseline(DiskPoolModel::planPath(disk));
    QStringList why;
    for (const DiskReason& reason : disk.reasons) {
        why.append(reason.text(Audience::Person));
    }
    const QString slow = m_session->slowReason(DiskPoolModel::planPath(disk));
    // Not measured in this session: the pool's last kept speeds of the same disk, dated.
    QString rememberedWrite;
    QString rememberedRead;
    for (int poolRow = 0; !baseline && m_pool && poolRow < m_pool->rowCount(); ++poolRow) {
        const QModelIndex index = m_pool->index(poolRow);
        if (index.data(DiskPoolModel::DiskPathRole).toString() == DiskPoolModel::planPath(disk) &&
            index.data(DiskPoolModel::WriteRole).isValid()) {
            const QString when = index.data(DiskPoolModel::RememberedRole).toString();
            rememberedWrite =
                tr("%1 (%2)").arg(Display::formatMBps(index.data(DiskPoolModel::WriteRole).toDouble()), when);
            rememberedRead =
                tr("%1 (%2)").arg(Display::formatMBps(index.data(DiskPoolModel::ReadRole).toDouble()), when);
        }
    }
    const QStringList cells {disk.path,
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
                             disk.eligible ? (slow.isEmpty() ? tr("yes") : tr("yes (slow)"))
                                           : tr("no: %1").arg(why.join(QStringLiteral("; ")))};
    QString tip = disk.eligible
        ? (slow.isEmpty() ? tr("Usable: nothing uses it and it holds no data.") : tr("Usable, but slow: %1").arg(slow))
        : tr("Not usable: %1").arg(why.join(QStringLiteral("; ")));
    if (const QString causes = DiskHealthText::causes(disk); !causes.isEmpty()) {
        tip += QLatin1Char('\n') + causes;
    }
    if (disk.healthRead && !disk.health.reason.isEmpty()) {
        tip += QLatin1Char('\n') + tr("Health: %1").arg(disk.health.reason);
    }
    for (int column = 0; column < cells.size(); ++column) {
        auto* item = new QTableWidgetItem(cells.at(column));
        item->setToolTip(tip);
        if (disk.eligible && !slow.isEmpty() && column >= 10) {
            item->setForeground(QColor(0xe6, 0x7e, 0x22));
        }
        // What could make it slow, where it shows: failing, hot, a slow link, its cache off.
        const bool flagged = (column == 6 && disk.health.status == QLatin1String("failed")) ||
            (column == 7 && disk.health.temperatureC > kHotDiskCelsius) ||
            (column == 8 && disk.health.linkBelowMax()) || (column == 9 && disk.healthRead && disk.writeCache.off());
        if (flagged) {
            item->setForeground(QColor(0xe6, 0x7e, 0x22));
        }
        if (!disk.eligible) {
            item->setForeground(palette().color(QPalette::Disabled, QPalette::Text));
        }
        m_diskTable->setItem(row, column, item);
    }
}

void DisksPage::setPool(const DiskPoolModel* pool)
{
    m_pool = pool;
    connect(pool, &QAbstractItemModel::dataChanged, this, [this] { refresh(m_lastMessage); });
}

void DisksPage::updateButtons()
{
    // One run at a time: a surface scan or a quick answer waits for the run in progress.
    const bool free = m_session->isConnected() && !m_session->campaignRunning();
    m_surfaceButton->setEnabled(free);
    m_quickButton->setEnabled(free);
}

} // namespace RaidBench::Ui

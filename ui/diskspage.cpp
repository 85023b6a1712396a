#include "diskspage.h"

#include "client/session.h"
#include "diskpool.h"
#include "disktablemodel.h"

#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace RaidBench::Ui {

DisksPage::DisksPage(Session* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_model(new DiskTableModel(session, this))
{
    setObjectName(QStringLiteral("disksPage"));
    auto* layout = new QVBoxLayout(this);
    m_disksState = new QLabel(this);
    m_disksState->setObjectName(QStringLiteral("disksState"));
    m_disksState->setWordWrap(true);
    m_disksState->setTextFormat(Qt::RichText);
    layout->addWidget(m_disksState);
    layout->addWidget(makeFirstRunPanel());
    layout->addLayout(makeButtons());
    layout->addWidget(makeTable(), 1);
    m_together = new QLabel(this);
    m_together->setObjectName(QStringLiteral("togetherLabel"));
    m_together->setWordWrap(true);
    m_together->hide();
    layout->addWidget(m_together);
    connect(m_session, &Session::campaignStarted, this, &DisksPage::updateButtons);
    connect(m_session, &Session::campaignFinished, this, &DisksPage::updateButtons);
}

QFrame* DisksPage::makeFirstRunPanel()
{
    m_firstRun = new QFrame(this);
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
    return m_firstRun;
}

QHBoxLayout* DisksPage::makeButtons()
{
    auto* buttons = new QHBoxLayout;
    m_connectButton = new QPushButton(tr("&Connect to this machine's disks…"), this);
    m_connectButton->setObjectName(QStringLiteral("connectButton"));
    m_connectButton->setToolTip(tr("Starts RaidBench's helper with administrator rights (polkit asks once)."));
    connect(m_connectButton, &QPushButton::clicked, this, &DisksPage::connectRequested);
    auto* remote = new QPushButton(tr("Connect to &another machine…"), this);
    remote->setObjectName(QStringLiteral("remoteButton"));
    remote->setToolTip(tr("Works on the disks of a server over ssh, through the RaidBench helper installed there."));
    connect(remote, &QPushButton::clicked, this, &DisksPage::remoteRequested);
    auto* lab = new QPushButton(tr("Virtual &lab…"), this);
    connect(lab, &QPushButton::clicked, this, &DisksPage::labRequested);
    auto* rescan = new QPushButton(tr("&Rescan"), this);
    connect(rescan, &QPushButton::clicked, m_session, &Session::refreshDisks);
    m_surfaceButton = new QPushButton(tr("&Surface…"), this);
    m_surfaceButton->setObjectName(QStringLiteral("surfaceButton"));
    m_surfaceButton->setToolTip(tr("Reads the selected disks (or every usable one) at points from their first byte to "
                                   "their last and charts MB/s against position: a hard disk is slower at its end. "
                                   "Read only; a disk in use is refused, and then nothing is read."));
    connect(m_surfaceButton, &QPushButton::clicked, this, [this] { Q_EMIT surfaceRequested(surfaceDisks()); });
    m_quickButton = new QPushButton(tr("&Quick answer…"), this);
    m_quickButton->setObjectName(QStringLiteral("quickAnswerButton"));
    m_quickButton->setToolTip(tr("Measures the selected disks (or every usable one) alone and together, predicts "
                                 "every layout they allow, then builds and measures only the best two for what you "
                                 "need (it asks first, from the Answer tab's requirements): minutes instead of hours. "
                                 "Destroys the disks' data, like any run."));
    connect(m_quickButton, &QPushButton::clicked, this, [this] { Q_EMIT quickAnswerRequested(surfaceDisks()); });
    for (QPushButton* button : {m_connectButton, remote, lab, rescan, m_surfaceButton, m_quickButton}) {
        buttons->addWidget(button);
    }
    buttons->addStretch(1);
    return buttons;
}

QTableView* DisksPage::makeTable()
{
    // In the helper's order (the kernel's), unsorted: a sort indicator would widen every header and push
    // the last column, why a disk cannot be used, out of sight.
    m_diskTable = new QTableView(this);
    m_diskTable->setObjectName(QStringLiteral("diskTable"));
    m_diskTable->setModel(m_model);
    m_diskTable->verticalHeader()->hide();
    m_diskTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_diskTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_diskTable->horizontalHeader()->setStretchLastSection(true);
    m_diskTable->setAccessibleName(tr("All disks"));
    return m_diskTable;
}

QStringList DisksPage::surfaceDisks() const
{
    QStringList selected;
    QStringList usable;
    const QAbstractItemModel* rows = m_diskTable->model();
    for (int row = 0; row < rows->rowCount(); ++row) {
        const QModelIndex index = rows->index(row, DiskTableModel::ColumnDisk);
        const QString path = index.data(DiskTableModel::DiskPathRole).toString();
        if (m_diskTable->selectionModel()->isRowSelected(row, {})) {
            selected.append(path);
        } else if (index.data(DiskTableModel::EligibleRole).toBool()) {
            usable.append(path);
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
    m_model->reload();
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

void DisksPage::setPool(const DiskPoolModel* pool)
{
    m_model->setPool(pool);
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

#include "confirmdialog.h"

#include "diskstodestroymodel.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace RaidBench::Ui {

bool DestroyConfirmDialog::ask(const QList<Disk>& disks, const QString& remoteHost, QWidget* parent)
{
    DestroyConfirmDialog dialog(disks, parent);
    if (!remoteHost.isEmpty()) {
        // Another machine's disks: the question says whose.
        dialog.setWindowTitle(tr("Destroy the data on %n disk(s) of %1?", nullptr, int(disks.size())).arg(remoteHost));
    }
    return dialog.exec() == QDialog::Accepted;
}

DestroyConfirmDialog::DestroyConfirmDialog(const QList<Disk>& disks, QWidget* parent)
    : QDialog(parent)
    , m_disks(disks.size())
    , m_count(new QLineEdit(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Destroy the data on %n disk(s)?", nullptr, int(disks.size())));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("<b>Everything on these disks will be destroyed.</b> RaidBench builds arrays on them, "
                                "writes over them and wipes them afterwards. Check the serial numbers against the "
                                "labels on the drives."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* table = new QTableView(this);
    table->setObjectName(QStringLiteral("destroyTable"));
    table->setModel(new DisksToDestroyModel(disks, table));
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionMode(QAbstractItemView::NoSelection);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(table, 1);
    auto* ask = new QLabel(tr("Type the number of disks (%1) to confirm:").arg(disks.size()), this);
    ask->setBuddy(m_count);
    layout->addWidget(ask);
    m_count->setObjectName(QStringLiteral("countEdit"));
    m_count->setAccessibleName(tr("Number of disks"));
    layout->addWidget(m_count);
    QPushButton* destroy = m_buttons->addButton(tr("Destroy and run"), QDialogButtonBox::AcceptRole);
    destroy->setObjectName(QStringLiteral("destroyButton"));
    destroy->setEnabled(false);
    m_buttons->button(QDialogButtonBox::Cancel)->setDefault(true);
    connect(m_count, &QLineEdit::textChanged, this, [this, destroy] { destroy->setEnabled(countMatches()); });
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(m_buttons);
    resize(640, 360);
}

bool DestroyConfirmDialog::countMatches() const
{
    bool ok = false;
    const int typed = m_count->text().trimmed().toInt(&ok);
    return ok && typed == m_disks && m_disks > 0;
}

void DestroyConfirmDialog::accept()
{
    if (!countMatches()) {
        return; // the button is disabled; Enter in the field must not get around it
    }
    QDialog::accept();
}

} // namespace RaidBench::Ui

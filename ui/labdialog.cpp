#include "labdialog.h"

#include "displaynumbers.h"
#include "lab/labspec.h"
#include "util/errorcodes.h"
#include "util/units.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

namespace RaidBench::Ui {

LabDialog::LabDialog(QWidget* parent)
    : QDialog(parent)
    , m_kind(new QComboBox(this))
    , m_count(new QSpinBox(this))
    , m_size(new QComboBox(this))
    , m_speed(new QSpinBox(this))
    , m_slowCount(new QSpinBox(this))
    , m_slowSpeed(new QSpinBox(this))
    , m_iops(new QSpinBox(this))
    , m_failing(new QCheckBox(tr("One more disk that fails writes after 100 MB"), this))
    , m_controllers(new QSpinBox(this))
    , m_preview(new QLabel(this))
{
    setWindowTitle(tr("Virtual lab"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("RaidBench starts a small virtual machine (qemu) with the Linux kernel's real md and "
                                "LVM and virtual disks that behave like hard disks or SSDs. Everything works on them "
                                "as on real disks; nothing "
                                "on this machine's own disks is touched. The disk files are deleted when the lab "
                                "closes."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* form = new QFormLayout;
    m_kind->addItem(tr("Hard disks: zones, seeks, rotation, a write cache"), int(Kind::HardDisk));
    m_kind->addItem(tr("SSDs: a fast write cache, then a steady rate"), int(Kind::Ssd));
    m_kind->addItem(tr("Flat: a fixed rate for every request"), int(Kind::Flat));
    m_kind->setToolTip(tr("A hard disk reads and writes faster at its start than at its end, seeks between "
                          "random requests and has a write cache; an SSD writes fast until its cache is full. Both "
                          "are served by nbdkit. Flat disks give the same rate to every request (tests that need "
                          "exact figures)."));
    form->addRow(tr("&Kind:"), m_kind);
    m_count->setRange(1, 12);
    m_count->setValue(4);
    form->addRow(tr("&Disks:"), m_count);
    for (const char* size : {"256M", "512M", "1G", "2G", "4G"}) {
        m_size->addItem(QLatin1String(size));
    }
    m_size->setCurrentText(QStringLiteral("1G"));
    form->addRow(tr("&Size of each:"), m_size);
    m_speed->setRange(5, 2000);
    m_speed->setValue(105);
    m_speed->setSuffix(tr(" MB/s"));
    m_speed->setToolTip(tr("A hard disk's rate at its start (its end runs at about half); an SSD's write rate "
                           "until its cache is full."));
    form->addRow(tr("S&peed:"), m_speed);
    m_slowCount->setRange(0, 12);
    m_slowCount->setValue(2);
    m_slowCount->setToolTip(tr("Of the disks above, this many are slower, like an older pair of drives bought "
                               "later."));
    form->addRow(tr("Of which s&low:"), m_slowCount);
    m_slowSpeed->setRange(5, 2000);
    m_slowSpeed->setValue(60);
    m_slowSpeed->setSuffix(tr(" MB/s"));
    form->addRow(tr("Slow disks' spee&d:"), m_slowSpeed);
    m_iops->setRange(0, 1000000);
    m_iops->setValue(150);
    m_iops->setSpecialValueText(tr("no limit"));
    m_iops->setSuffix(tr(" requests/s"));
    m_iops->setToolTip(tr("At most this many requests a second per disk, reads and writes together. 150 is what a "
                          "7200 rpm hard disk's seeks allow, so random tests show what hard disks do; 0 for no "
                          "limit (an SSD-like disk)."));
    form->addRow(tr("&Requests per second:"), m_iops);
    form->addRow(QString(), m_failing);
    m_controllers->setRange(1, 4);
    m_controllers->setValue(2);
    m_controllers->setToolTip(tr("Virtual SCSI controllers the disks are spread over, so controller-failure "
                                 "tolerance can be seen."));
    form->addRow(tr("&Controllers:"), m_controllers);
    layout->addLayout(form);
    m_preview->setObjectName(QStringLiteral("labPreview"));
    m_preview->setWordWrap(true);
    layout->addWidget(m_preview);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_start = buttons->addButton(tr("&Start the lab"), QDialogButtonBox::AcceptRole);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    for (QSpinBox* spin : {m_count, m_speed, m_slowCount, m_slowSpeed, m_iops, m_controllers}) {
        connect(spin, &QSpinBox::valueChanged, this, &LabDialog::update);
    }
    connect(m_size, &QComboBox::currentIndexChanged, this, &LabDialog::update);
    connect(m_kind, &QComboBox::currentIndexChanged, this, [this] { setKind(kind()); });
    connect(m_failing, &QCheckBox::toggled, this, &LabDialog::update);
    setKind(Kind::HardDisk);
}

LabDialog::Kind LabDialog::kind() const
{
    return Kind(m_kind->currentData().toInt());
}

void LabDialog::setKind(Kind kind)
{
    // Each kind's own figures: what such disks do (the user's own edits go with the kind they made them for).
    const QSignalBlocker blocker(m_kind);
    m_kind->setCurrentIndex(m_kind->findData(int(kind)));
    m_speed->setValue(kind == Kind::Ssd ? 500 : 105);
    m_slowSpeed->setValue(kind == Kind::Ssd ? 250 : kind == Kind::HardDisk ? 60 : 38);
    m_iops->setEnabled(kind == Kind::Flat);
    update();
}

QString LabDialog::spec() const
{
    const int slow = std::min(m_slowCount->value(), m_count->value());
    const int fast = m_count->value() - slow;
    const QString size = m_size->currentText();
    // One disk at `speed`: a hard disk falls to about half at its end (105 -> 55, as the model's default);
    // an SSD's steady rate is about a quarter of its burst, its reads a little faster.
    auto disk = [&](int speed) {
        switch (kind()) {
        case Kind::HardDisk:
            return QStringLiteral("%1@%2:hdd:inner=%3").arg(size).arg(speed).arg(std::max(1, speed * 55 / 105));
        case Kind::Ssd:
            return QStringLiteral("%1@%2/%3:ssd:steady=%4")
                .arg(size)
                .arg(speed)
                .arg(speed * 108 / 100)
                .arg(std::max(1, speed * 120 / 500));
        case Kind::Flat:
            break;
        }
        return QStringLiteral("%1@%2%3").arg(size).arg(speed).arg(
            m_iops->value() > 0 ? QStringLiteral(":iops=%1").arg(m_iops->value()) : QString());
    };
    QStringList parts;
    if (fast > 0) {
        parts.append(QStringLiteral("%1x%2").arg(fast).arg(disk(m_speed->value())));
    }
    if (slow > 0) {
        parts.append(QStringLiteral("%1x%2").arg(slow).arg(disk(m_slowSpeed->value())));
    }
    if (m_failing->isChecked()) {
        parts.append(disk(m_speed->value()) + QStringLiteral(":fail-write=100M"));
    }
    return parts.join(QLatin1Char(','));
}

int LabDialog::controllers() const
{
    return m_controllers->value();
}

Result<LabOptions> LabDialog::options() const
{
    auto disks = parseLabSpec(spec(), controllers());
    if (!disks) {
        return disks.error();
    }
    LabOptions options;
    options.disks = *disks;
    return options;
}

void LabDialog::update()
{
    const auto disks = parseLabSpec(spec(), controllers());
    if (!disks) {
        m_preview->setText(ErrorCode::userText(disks.error()));
        m_start->setEnabled(false);
        return;
    }
    std::uint64_t total = 0;
    for (const LabDiskSpec& disk : *disks) {
        total += disk.sizeBytes;
    }
    QStringList described;
    for (const LabDiskSpec& disk : *disks) {
        const QString line = disk.describe();
        if (!described.contains(line)) {
            described.append(line);
        }
    }
    m_preview->setText(tr("Disks: <tt>%1</tt> over %2 controller(s); %3 of disk files while the lab runs.<br>%4")
                           .arg(spec().toHtmlEscaped())
                           .arg(controllers())
                           .arg(Display::formatBytesBinary(double(total)))
                           .arg(described.join(QStringLiteral("<br>"))
                                    .toHtmlEscaped()
                                    .replace(QStringLiteral("&lt;br&gt;"), QStringLiteral("<br>"))));
    m_start->setEnabled(true);
}

} // namespace RaidBench::Ui

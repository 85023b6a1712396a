#include "resultspage.h"

#include "campaign/analysis.h"
#include "util/units.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace RaidBench::Ui {

namespace {

QString mbps(std::optional<double> value)
{
    return value ? Units::formatMBps(*value) : QStringLiteral("–");
}

QString percent(std::optional<double> value)
{
    return value ? QStringLiteral("%1 %").arg(qRound(*value)) : QStringLiteral("–");
}

void fill(QTableWidget* table, const QList<QStringList>& rows)
{
    table->setRowCount(int(rows.size()));
    for (int row = 0; row < rows.size(); ++row) {
        for (int column = 0; column < rows.at(row).size(); ++column) {
            auto* item = new QTableWidgetItem(rows.at(row).at(column));
            if (column > 0) {
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            }
            table->setItem(row, column, item);
        }
    }
    table->resizeColumnsToContents();
}

} // namespace

ResultsPage::ResultsPage(QWidget* parent)
    : QWidget(parent)
    , m_title(new QLabel(tr("No results yet: run a plan, or open a results file."), this))
    , m_configs(new QTableWidget(0, 9, this))
    , m_disks(new QTableWidget(0, 6, this))
{
    setObjectName(QStringLiteral("resultsPage"));
    auto* layout = new QVBoxLayout(this);
    m_title->setWordWrap(true);
    layout->addWidget(m_title);
    m_configs->setObjectName(QStringLiteral("resultsTable"));
    m_configs->setHorizontalHeaderLabels({tr("Configuration"), tr("State"), tr("Usable"), tr("Space"), tr("Survives"),
                                          tr("Seq write"), tr("Seq read"), tr("Write vs one disk"),
                                          tr("Read vs one disk")});
    m_disks->setObjectName(QStringLiteral("diskResultsTable"));
    m_disks->setHorizontalHeaderLabels({tr("Disk"), tr("Model"), tr("Serial"), tr("Write"), tr("Read"), tr("Note")});
    for (QTableWidget* table : {m_configs, m_disks}) {
        table->verticalHeader()->hide();
        table->setEditTriggers(QAbstractItemView::NoEditTriggers);
        table->horizontalHeader()->setStretchLastSection(true);
    }
    layout->addWidget(m_configs, 2);
    layout->addWidget(new QLabel(tr("Each disk on its own:"), this));
    layout->addWidget(m_disks, 1);
    auto* buttons = new QHBoxLayout;
    auto* open = new QPushButton(tr("&Open results…"), this);
    auto* save = new QPushButton(tr("Save results &as…"), this);
    buttons->addWidget(open);
    buttons->addWidget(save);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    connect(open, &QPushButton::clicked, this, [this] {
        const QString path =
            QFileDialog::getOpenFileName(this, tr("Open results"), QString(), tr("RaidBench results (*.json)"));
        if (!path.isEmpty()) {
            const auto opened = this->open(path);
            Q_EMIT message(opened ? tr("Opened %1.").arg(path) : opened.error().message);
        }
    });
    connect(save, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save results"), QStringLiteral("results.json"),
                                                          tr("RaidBench results (*.json)"));
        if (!path.isEmpty()) {
            const auto saved = this->save(path);
            Q_EMIT message(saved ? tr("Saved to %1.").arg(path) : saved.error().message);
        }
    });
}

void ResultsPage::setResults(const CampaignResults& results, const QString& source)
{
    m_results = results;
    analyzeResults(m_results);
    m_title->setText(tr("<b>%1</b> — %2, %n configuration(s), updated %3", nullptr, int(results.configs.size()))
                         .arg(source.isEmpty() ? tr("Last run") : source.toHtmlEscaped(),
                              results.status.toHtmlEscaped(), results.updated.toHtmlEscaped()));
    QList<QStringList> rows;
    for (const ConfigResult& config : std::as_const(m_results.configs)) {
        rows.append(
            {config.name, config.status == QLatin1String("failed") ? tr("failed: %1").arg(config.error) : config.status,
             Units::formatBytesDecimal(double(config.usableBytes)), QStringLiteral("%1 %").arg(qRound(config.spacePct)),
             tr("%n disk(s)", nullptr, config.failuresGuaranteed), mbps(config.sequentialWrite()),
             mbps(config.sequentialRead()), percent(config.relativeWritePct), percent(config.relativeReadPct)});
    }
    fill(m_configs, rows);
    rows.clear();
    for (const DiskResult& disk : std::as_const(m_results.disks)) {
        rows.append({disk.label(), disk.model, disk.serial, mbps(disk.writeBw), mbps(disk.readBw),
                     disk.slow ? disk.slowReason : disk.baselineError});
    }
    fill(m_disks, rows);
}

Result<void> ResultsPage::open(const QString& path)
{
    auto results = CampaignResults::load(path);
    if (!results) {
        return makeError(results.error().code, tr("Cannot open %1: %2").arg(path, results.error().message));
    }
    setResults(*results, path);
    return {};
}

Result<void> ResultsPage::save(const QString& path) const
{
    return m_results.save(path);
}

} // namespace RaidBench::Ui

#include "results/resultspage.h"

#include "campaign/analysis.h"
#include "campaign/compare.h"
#include "campaign/exports.h"
#include "campaign/resultsfolder.h"
#include "results/chartexport.h"
#include "results/htmlreport.h"
#include "util/errorcodes.h"
#include "util/units.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCursor>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHash>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QPushButton>
#include <QSaveFile>
#include <QSet>
#include <QSettings>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTextBrowser>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>
#include <QXYSeries>

#include <cmath>

namespace RaidBench::Ui {

namespace {

constexpr int maxRecent = 8;

/// A cell that sorts by a number while showing text ("145 %", "–").
class NumberItem final : public QTableWidgetItem
{
public:
    NumberItem(const QString& text, std::optional<double> value)
        : QTableWidgetItem(text)
        , m_value(value.value_or(-1e300))
    {
        setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    }
    bool operator<(const QTableWidgetItem& other) const override
    {
        if (const auto* number = dynamic_cast<const NumberItem*>(&other)) {
            return m_value < number->m_value;
        }
        return QTableWidgetItem::operator<(other);
    }

private:
    double m_value;
};

QString percent(std::optional<double> value)
{
    return value ? QStringLiteral("%1 %").arg(qRound(*value)) : QStringLiteral("–");
}

void replaceChart(QChartView* view, QChart* chart)
{
    QChart* old = view->chart();
    view->setChart(chart);
    Charts::fitLegend(chart, view->width()); // the legend's entries exist once the chart is shown
    delete old;
}

/// An empty chart whose title says why there is nothing to draw.
QChart* emptyChart(const QString& why, bool dark)
{
    auto* chart = new QChart;
    chart->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setTitle(why);
    chart->legend()->hide();
    return chart;
}

bool isDark(const QWidget* widget)
{
    return widget->palette().color(QPalette::Window).lightness() < 128;
}

} // namespace

ResultsPage::ResultsPage(QWidget* parent)
    : QWidget(parent)
    , m_title(new QLabel(tr("No results yet: run a plan, or open a results file."), this))
    , m_problems(new QLabel(this))
    , m_tabs(new QTabWidget(this))
    , m_order(new QComboBox(this))
    , m_page(new QSpinBox(this))
    , m_pageLabel(new QLabel(this))
    , m_comparisonView(new QChartView(this))
    , m_disksView(new QChartView(this))
    , m_disksNote(new QLabel(this))
    , m_relative(new QTableWidget(0, TableColumns, this))
    , m_detailChooser(new QComboBox(this))
    , m_detailTest(new QComboBox(this))
    , m_detailView(new QChartView(this))
    , m_fileTests(new QTextBrowser(this))
    , m_recentMenu(new QMenu(this))
{
    setObjectName(QStringLiteral("resultsPage"));
    setAcceptDrops(false);
    for (QChartView* view : {m_comparisonView, m_disksView, m_detailView}) {
        view->installEventFilter(this); // a resize may move the legend under or beside the chart
    }
    auto* layout = new QVBoxLayout(this);

    auto* top = new QHBoxLayout;
    m_title->setWordWrap(true);
    m_title->setObjectName(QStringLiteral("resultsTitle"));
    top->addWidget(m_title, 1);
    auto* open = new QPushButton(tr("&Open…"), this);
    open->setToolTip(tr("Open a results file (or drop one on the window)."));
    connect(open, &QPushButton::clicked, this, &ResultsPage::openDialog);
    auto* recent = new QToolButton(this);
    recent->setText(tr("Recent"));
    recent->setPopupMode(QToolButton::InstantPopup);
    recent->setMenu(m_recentMenu);
    connect(m_recentMenu, &QMenu::aboutToShow, this, &ResultsPage::updateRecentMenu); // runs write there
    auto* compare = new QPushButton(tr("&Compare…"), this);
    compare->setToolTip(tr("Open two results files side by side, e.g. before and after replacing a disk."));
    connect(compare, &QPushButton::clicked, this, [this] {
        const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Choose two results files"), QString(),
                                                                tr("RaidBench results (*.json)"));
        if (paths.size() != 2) {
            if (!paths.isEmpty()) {
                Q_EMIT message(tr("Choose exactly two results files to compare."));
            }
            return;
        }
        const auto opened = openCompare(paths.at(0), paths.at(1));
        Q_EMIT message(opened ? tr("Comparing %1 and %2.").arg(paths.at(0), paths.at(1)) : opened.error().message);
    });
    auto* fio = new QPushButton(tr("Import &fio…"), this);
    fio->setToolTip(tr("Add fio's JSON output (fio --output-format=json) as a configuration of its own."));
    connect(fio, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("fio JSON output"), QString(), tr("JSON (*.json)"));
        if (path.isEmpty()) {
            return;
        }
        bool ok = false;
        const QString name = QInputDialog::getText(this, tr("Import fio"), tr("Configuration name:"), QLineEdit::Normal,
                                                   QStringLiteral("fio"), &ok);
        if (ok) {
            const auto imported = importFio(path, name.trimmed());
            Q_EMIT message(imported ? tr("Imported %1 as %2.").arg(path, name) : imported.error().message);
        }
    });
    auto* exportButton = new QToolButton(this);
    exportButton->setText(tr("&Export"));
    exportButton->setPopupMode(QToolButton::InstantPopup);
    auto* exportMenu = new QMenu(exportButton);
    exportMenu->addAction(tr("Chart as PNG…"), this, [this] { exportChartDialog(QStringLiteral("png")); });
    exportMenu->addAction(tr("Chart as SVG…"), this, [this] { exportChartDialog(QStringLiteral("svg")); });
    exportMenu->addAction(tr("Chart as PDF…"), this, [this] { exportChartDialog(QStringLiteral("pdf")); });
    exportMenu->addSeparator();
    exportMenu->addAction(tr("Data as CSV…"), this, [this] { exportFileDialog(QStringLiteral("csv")); });
    exportMenu->addAction(tr("Data as JSON…"), this, [this] { exportFileDialog(QStringLiteral("json")); });
    exportMenu->addAction(tr("HTML report…"), this, [this] { exportFileDialog(QStringLiteral("html")); });
    exportButton->setMenu(exportMenu);
    for (QWidget* widget : std::initializer_list<QWidget*> {open, recent, compare, fio, exportButton}) {
        top->addWidget(widget);
    }
    layout->addLayout(top);
    m_problems->setObjectName(QStringLiteral("resultsProblems"));
    m_problems->setWordWrap(true);
    m_problems->setTextFormat(Qt::RichText);
    m_problems->hide();
    layout->addWidget(m_problems);

    // Comparison.
    auto* comparison = new QWidget(this);
    auto* comparisonLayout = new QVBoxLayout(comparison);
    auto* controls = new QHBoxLayout;
    auto* orderLabel = new QLabel(tr("&Order:"), comparison);
    orderLabel->setBuddy(m_order);
    m_order->addItem(tr("as planned"), int(ResultsOrder::Plan));
    m_order->addItem(tr("by sequential write"), int(ResultsOrder::Write));
    m_order->addItem(tr("by sequential read"), int(ResultsOrder::Read));
    m_order->addItem(tr("by space kept"), int(ResultsOrder::Space));
    connect(m_order, &QComboBox::currentIndexChanged, this,
            [this] { setOrder(ResultsOrder(m_order->currentData().toInt())); });
    auto* pageLabel = new QLabel(tr("&Page:"), comparison);
    pageLabel->setBuddy(m_page);
    m_page->setRange(1, 1);
    connect(m_page, &QSpinBox::valueChanged, this, [this](int value) { setPage(value - 1); });
    controls->addWidget(orderLabel);
    controls->addWidget(m_order);
    controls->addSpacing(16);
    controls->addWidget(pageLabel);
    controls->addWidget(m_page);
    controls->addWidget(m_pageLabel);
    controls->addStretch(1);
    auto* legend = new QLabel(Charts::caption(QStringLiteral("comparison")), comparison);
    legend->setWordWrap(true);
    comparisonLayout->addLayout(controls);
    m_comparisonView->setRenderHint(QPainter::Antialiasing);
    m_comparisonView->setMinimumHeight(280);
    comparisonLayout->addWidget(m_comparisonView, 1);
    comparisonLayout->addWidget(legend);
    m_tabs->addTab(comparison, tr("Comparison"));

    // Disks.
    auto* disks = new QWidget(this);
    auto* disksLayout = new QVBoxLayout(disks);
    m_disksView->setRenderHint(QPainter::Antialiasing);
    disksLayout->addWidget(m_disksView, 1);
    m_disksNote->setWordWrap(true);
    m_disksNote->setObjectName(QStringLiteral("disksNote"));
    disksLayout->addWidget(m_disksNote);
    m_tabs->addTab(disks, tr("Disks"));

    // Relative table.
    m_relative->setObjectName(QStringLiteral("resultsTable"));
    const QList<std::pair<QString, QString>> headers {
        {tr("Configuration"), {}},
        {tr("Disks"), {}},
        {tr("Write MB/s"), tr("Sequential write, 1 MiB blocks, queue depth 8 (median of the runs)")},
        {tr("Read MB/s"), tr("Sequential read, 1 MiB blocks, queue depth 8 (median of the runs)")},
        {tr("Random write IOPS"), tr("Random 4 KiB writes a second, queue depth 32")},
        {tr("Random read IOPS"), tr("Random 4 KiB reads a second, queue depth 32")},
        {tr("Write, % of one disk"), tr("Sequential write against one disk: the pool's median disk (above the table)")},
        {tr("Read, % of one disk"), tr("Sequential read against one disk: the pool's median disk (above the table)")},
        {tr("Space kept"), tr("Usable space as a share of the disks' raw space")},
        {tr("Failures survived"),
         tr("Disks that may fail without losing data: any that many, and up to how many if "
            "the right ones fail")},
        {tr("Controller loss"), tr("Whether the layout survives losing any one disk controller")},
        {tr("Write measured / predicted"),
         tr("Sequential write measured, divided by what the member disks' own "
            "speeds predict for this layout (docs/analysis.md)")},
        {tr("Read measured / predicted"),
         tr("Sequential read measured, divided by what the member disks' own "
            "speeds predict for this layout")},
        {tr("Limited by (write / read)"),
         tr("The busiest resource while the sequential tests ran: the disks, md's kernel thread for the array (one "
            "core), the whole CPU, or neither (the queue depth or each request's latency set the pace). Hover a "
            "cell for the figures.")},
        {tr("Weakest link"), {}},
        {tr("State"), {}}};
    for (int column = 0; column < headers.size(); ++column) {
        auto* header = new QTableWidgetItem(headers.at(column).first);
        header->setToolTip(headers.at(column).second);
        m_relative->setHorizontalHeaderItem(column, header);
    }
    m_relative->verticalHeader()->hide();
    m_relative->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_relative->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_relative->setSelectionMode(QAbstractItemView::MultiSelection);
    m_relative->horizontalHeader()->setStretchLastSection(true);
    // Plan order until the user clicks a header.
    m_relative->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_relative->setSortingEnabled(true);
    auto* tablePage = new QWidget(this);
    auto* tableLayout = new QVBoxLayout(tablePage);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    m_oneDisk = new QLabel(tablePage);
    m_oneDisk->setObjectName(QStringLiteral("oneDisk"));
    m_oneDisk->setWordWrap(true);
    tableLayout->addWidget(m_oneDisk);
    tableLayout->addWidget(m_relative, 1);
    m_tabs->addTab(tablePage, tr("Table"));

    // Details.
    auto* details = new QWidget(this);
    auto* detailsLayout = new QVBoxLayout(details);
    auto* detailControls = new QHBoxLayout;
    for (const QString& name :
         {QStringLiteral("sweep"), QStringLiteral("timeline"), QStringLiteral("latency"), QStringLiteral("command")}) {
        m_detailChooser->addItem(Charts::title(name), name);
    }
    connect(m_detailChooser, &QComboBox::currentIndexChanged, this, [this] {
        m_detail = m_detailChooser->currentData().toString();
        m_options.test.clear();
        rebuildDetail();
    });
    connect(m_detailTest, &QComboBox::activated, this, [this] {
        m_options.test = m_detailTest->currentData().toString();
        rebuildDetail();
    });
    detailControls->addWidget(m_detailChooser);
    detailControls->addWidget(m_detailTest);
    detailControls->addStretch(1);
    detailsLayout->addLayout(detailControls);
    m_detailView->setRenderHint(QPainter::Antialiasing);
    detailsLayout->addWidget(m_detailView, 2);
    m_fileTests->setObjectName(QStringLiteral("fileTests"));
    m_fileTests->setOpenLinks(false);
    detailsLayout->addWidget(m_fileTests, 1);
    m_tabs->addTab(details, tr("Details"));
    layout->addWidget(m_tabs, 1);

    updateRecentMenu();
    rebuildCharts();
}

void ResultsPage::setResults(const CampaignResults& results, const QString& source)
{
    m_results = results;
    analyzeResults(m_results);
    m_options.page = 0;
    m_options.highlightDisk.clear();
    m_options.test.clear();
    m_title->setText(tr("<b>%1</b> — %2, %n configuration(s), updated %3", nullptr, int(m_results.configs.size()))
                         .arg(source.isEmpty() ? tr("Last run") : source.toHtmlEscaped(),
                              m_results.status.toHtmlEscaped(), m_results.updated.toHtmlEscaped()));
    fillTable();
    fillFileTests();
    // Details opens on a chart with something to show, not on an empty block-size sweep.
    bool sweep = false;
    bool command = false;
    for (const ConfigResult& config : m_results.configs) {
        for (const TestResult& test : config.tests) {
            sweep = sweep || !test.sweep.isEmpty();
            command =
                command || (test.spec.kind == QLatin1String("command") && test.status == QLatin1String("completed"));
        }
    }
    const QHash<QString, bool> available {
        {QStringLiteral("sweep"), sweep},
        {QStringLiteral("timeline"), !ResultsModel::timelineTests(m_results).isEmpty()},
        {QStringLiteral("latency"), !ResultsModel::latencyTests(m_results).isEmpty()},
        {QStringLiteral("command"), command}};
    if (!available.value(m_detail)) {
        for (const QString& name : {QStringLiteral("sweep"), QStringLiteral("timeline"), QStringLiteral("latency"),
                                    QStringLiteral("command")}) {
            if (available.value(name)) {
                m_detail = name;
                const QSignalBlocker blocker(m_detailChooser);
                m_detailChooser->setCurrentIndex(std::max(0, m_detailChooser->findData(name)));
                break;
            }
        }
    }
    rebuildCharts();
}

Result<void> ResultsPage::open(const QString& path)
{
    auto results = CampaignResults::load(path);
    if (!results) {
        return makeError(results.error().code, tr("Cannot open %1: %2").arg(path, results.error().message));
    }
    setResults(*results, QFileInfo(path).fileName());
    setCurrentFile(path);
    rememberRecent(path);
    return {};
}

Result<void> ResultsPage::openCompare(const QString& first, const QString& second)
{
    auto a = CampaignResults::load(first);
    if (!a) {
        return makeError(a.error().code, tr("Cannot open %1: %2").arg(first, a.error().message));
    }
    auto b = CampaignResults::load(second);
    if (!b) {
        return makeError(b.error().code, tr("Cannot open %1: %2").arg(second, b.error().message));
    }
    const QStringList labels = compareLabels({first, second});
    const QString& labelA = labels.at(0);
    const QString& labelB = labels.at(1);
    // Each side keeps its own analysis; the merge is shown as it is.
    m_results = compareResults({{*a, labelA}, {*b, labelB}});
    m_options = ChartOptions {};
    m_title->setText(tr("<b>%1</b> beside <b>%2</b> — configurations grouped by name")
                         .arg(labelA.toHtmlEscaped(), labelB.toHtmlEscaped()));
    fillTable();
    fillFileTests();
    rebuildCharts();
    rememberRecent(first);
    rememberRecent(second);
    return {};
}

Result<void> ResultsPage::importFio(const QString& path, const QString& configName)
{
    if (configName.isEmpty()) {
        return makeError(ErrorCode::usage, tr("The imported configuration needs a name."));
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return makeError(ErrorCode::ioError, tr("Cannot open %1: %2").arg(path, file.errorString()));
    }
    CampaignResults next = m_results;
    if (auto imported = importFioJson(next, file.readAll(), configName); !imported) {
        return makeError(imported.error().code, tr("Cannot import %1: %2").arg(path, imported.error().message));
    }
    m_results = next;
    analyzeResults(m_results);
    fillTable();
    rebuildCharts();
    return {};
}

Result<void> ResultsPage::save(const QString& path) const
{
    return m_results.save(path);
}

Result<void> ResultsPage::exportData(const QString& path) const
{
    if (path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
        return m_results.save(path);
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return makeError(ErrorCode::ioError, tr("Cannot write %1: %2").arg(path, file.errorString()));
    }
    file.write(resultsToCsv(m_results).toUtf8());
    if (!file.commit()) {
        return makeError(ErrorCode::ioError, tr("Cannot write %1: %2").arg(path, file.errorString()));
    }
    return {};
}

Result<void> ResultsPage::exportReport(const QString& path) const
{
    return writeHtmlReport(m_results, path, false);
}

Result<void> ResultsPage::exportChart(const QString& name, const QString& path, QSize pixels, int dpi) const
{
    auto format = parseChartFormat(path);
    if (!format) {
        return format.error();
    }
    ChartOptions options = m_options;
    options.dark = false; // exports are for documents: light
    auto chart = Charts::make(name, m_results, options);
    if (!chart) {
        return chart.error();
    }
    std::unique_ptr<QChart> owned(*chart);
    return RaidBench::Ui::exportChart(owned.get(), path, *format, pixels, dpi, Charts::caption(name));
}

void ResultsPage::setOrder(ResultsOrder order)
{
    m_options.order = order;
    m_order->blockSignals(true);
    m_order->setCurrentIndex(m_order->findData(int(order)));
    m_order->blockSignals(false);
    rebuildCharts();
}

void ResultsPage::setPage(int page)
{
    m_options.page = std::clamp(page, 0, ResultsModel::pageCount(m_results, m_options.perPage) - 1);
    rebuildCharts();
}

void ResultsPage::highlightDisk(const QString& path)
{
    m_options.highlightDisk = path;
    m_relative->clearSelection();
    QStringList names;
    if (!path.isEmpty()) {
        for (int row = 0; row < m_relative->rowCount(); ++row) {
            const QStringList disks = m_relative->item(row, 0)->data(Qt::UserRole).toStringList();
            if (disks.contains(path)) {
                m_relative->selectRow(row);
                names.append(m_relative->item(row, 0)->text());
            }
        }
    }
    rebuildCharts();
    if (!path.isEmpty()) {
        Q_EMIT message(names.isEmpty() ? tr("%1 is in no configuration.").arg(path)
                                       : tr("%1 is in %2.").arg(path, names.join(QStringLiteral(", "))));
    }
}

bool ResultsPage::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Resize) {
        if (auto* view = qobject_cast<QChartView*>(watched); view && view->chart()) {
            Charts::fitLegend(view->chart(), view->width());
        }
    }
    return QWidget::eventFilter(watched, event);
}

QChart* ResultsPage::chart(const QString& name) const
{
    if (name == QLatin1String("comparison")) {
        return m_comparisonView->chart();
    }
    if (name == QLatin1String("disks")) {
        return m_disksView->chart();
    }
    return name == m_detail ? m_detailView->chart() : nullptr;
}

void ResultsPage::showDetail(const QString& name, const QString& test)
{
    m_detailChooser->blockSignals(true);
    m_detailChooser->setCurrentIndex(std::max(0, m_detailChooser->findData(name)));
    m_detailChooser->blockSignals(false);
    m_detail = name;
    m_options.test = test;
    rebuildDetail();
}

void ResultsPage::rebuildCharts()
{
    const bool dark = isDark(this);
    m_options.dark = dark;
    const int pages = ResultsModel::pageCount(m_results, m_options.perPage);
    m_page->blockSignals(true);
    m_page->setRange(1, pages);
    m_page->setValue(m_options.page + 1);
    m_page->blockSignals(false);
    m_page->setEnabled(pages > 1);
    m_pageLabel->setText(tr("of %1 (%n configuration(s))", nullptr, int(m_results.configs.size())).arg(pages));

    // The configurations on this page, in chart order, for hover texts.
    m_pageConfigs = Charts::configsOnPage(m_results, m_options);

    auto comparison = Charts::comparison(m_results, m_options);
    if (comparison) {
        replaceChart(m_comparisonView, *comparison);
        for (QAbstractSeries* series : (*comparison)->series()) {
            if (auto* bars = qobject_cast<QBarSeries*>(series)) {
                connect(bars, &QBarSeries::hovered, this, [this](bool status, int index, QBarSet* set) {
                    onComparisonHovered(status, index, set->label());
                });
            }
        }
    } else {
        replaceChart(m_comparisonView, emptyChart(comparison.error().message, dark));
    }

    m_diskOrder.clear();
    const QList<const DiskResult*> measured = ResultsModel::measuredDisks(m_results);
    for (const DiskResult* disk : measured) {
        m_diskOrder.append(disk->stablePath.isEmpty() ? disk->path : disk->stablePath);
    }
    auto disks = Charts::disks(m_results, m_options);
    if (disks) {
        replaceChart(m_disksView, *disks);
        for (QAbstractSeries* series : (*disks)->series()) {
            if (auto* bars = qobject_cast<QBarSeries*>(series)) {
                // Queued: the click rebuilds the charts, which deletes the series that is emitting.
                connect(
                    bars, &QBarSeries::clicked, this, [this](int index, QBarSet*) { onDiskClicked(index); },
                    Qt::QueuedConnection);
                connect(bars, &QBarSeries::hovered, this, [this, measured](bool status, int index, QBarSet*) {
                    if (status && index >= 0 && index < measured.size()) {
                        const DiskResult* disk = measured.at(index);
                        QToolTip::showText(
                            QCursor::pos(),
                            tr("%1 — %2 %3, controller %4\nwrite %5, read %6%7")
                                .arg(disk->label(), disk->serial, Units::formatBytesDecimal(double(disk->sizeBytes)),
                                     disk->controller,
                                     disk->writeBw ? Units::formatMBps(*disk->writeBw) : QStringLiteral("–"),
                                     disk->readBw ? Units::formatMBps(*disk->readBw) : QStringLiteral("–"),
                                     disk->slow ? QStringLiteral("\n") + disk->slowReason : QString()));
                    }
                });
            }
        }
    } else {
        replaceChart(m_disksView, emptyChart(disks.error().message, dark));
    }
    QStringList slow;
    for (const DiskResult& disk : std::as_const(m_results.disks)) {
        if (disk.slow) {
            slow.append(QStringLiteral("<b style='color:%1'>%2</b>: %3")
                            .arg(Charts::warningColour().name(), disk.label().toHtmlEscaped(),
                                 disk.slowReason.toHtmlEscaped()));
        }
    }
    m_disksNote->setText((slow.isEmpty() ? tr("No disk is slow against the others.")
                                         : tr("Slow: %1.").arg(slow.join(QStringLiteral("; ")))) +
                         tr(" Click a disk to highlight every configuration it is in."));

    QStringList failed;
    for (const ConfigResult& config : std::as_const(m_results.configs)) {
        if (config.status == QLatin1String("failed")) {
            failed.append(
                QStringLiteral("<b>%1</b>: %2").arg(config.name.toHtmlEscaped(), config.error.toHtmlEscaped()));
        }
    }
    m_problems->setText(failed.isEmpty() ? QString()
                                         : QStringLiteral("<span style='color:#c0392b'>%1</span> %2")
                                               .arg(tr("Failed:"), failed.join(QStringLiteral("; "))));
    m_problems->setVisible(!failed.isEmpty());
    rebuildDetail();
}

void ResultsPage::rebuildDetail()
{
    const QStringList tests = m_detail == QLatin1String("timeline") ? ResultsModel::timelineTests(m_results)
        : m_detail == QLatin1String("latency")                      ? ResultsModel::latencyTests(m_results)
                                                                    : QStringList();
    m_detailTest->clear();
    for (const QString& id : tests) {
        // The test's own name ("SEQ1M QD8 write"), as the charts and tables call it.
        QString name = id;
        for (const ConfigResult& config : std::as_const(m_results.configs)) {
            if (const TestResult* test = config.test(id)) {
                name = test->spec.name;
                break;
            }
        }
        m_detailTest->addItem(name, id);
    }
    m_detailTest->setVisible(!tests.isEmpty());
    if (!m_options.test.isEmpty()) {
        m_detailTest->setCurrentIndex(std::max(0, m_detailTest->findData(m_options.test)));
    }
    ChartOptions options = m_options;
    options.dark = isDark(this);
    auto detail = Charts::make(m_detail, m_results, options);
    replaceChart(m_detailView, detail ? *detail : emptyChart(detail.error().message, options.dark));
    if (detail) {
        connectDetailHover(*detail);
    }
}

QString ResultsPage::limitWord(const TestResult* test)
{
    if (!test || !test->resources) {
        return {};
    }
    const QString& bound = test->resources->boundBy;
    return bound == QLatin1String("disks")    ? tr("disks")
        : bound == QLatin1String("md-thread") ? tr("CPU (md thread)")
        : bound == QLatin1String("cpu")       ? tr("CPU")
                                              : tr("neither");
}

QString ResultsPage::detailHoverText(const QString& name, const QString& where, double value, const QString& unit)
{
    return tr("%1 — %2: %3 %4").arg(name, where, QLocale().toString(value, 'g', 4), unit).trimmed();
}

void ResultsPage::connectDetailHover(QChart* chart)
{
    // The value under the pointer: a line's nearest measured point, a bar's height.
    const auto axisTitle = [chart](QAbstractSeries* series, Qt::Orientation orientation) {
        const QList<QAbstractAxis*> axes = chart->axes(orientation, series);
        return axes.isEmpty() ? QString() : axes.first()->titleText();
    };
    for (QAbstractSeries* series : chart->series()) {
        const QString unit = axisTitle(series, Qt::Vertical);
        if (auto* xy = qobject_cast<QXYSeries*>(series)) {
            const QString xTitle = axisTitle(series, Qt::Horizontal);
            connect(xy, &QXYSeries::hovered, this, [xy, unit, xTitle](const QPointF& at, bool state) {
                if (!state || xy->count() == 0) {
                    QToolTip::hideText();
                    return;
                }
                QPointF nearest = xy->at(0);
                for (const QPointF& point : xy->points()) {
                    nearest = std::abs(point.x() - at.x()) < std::abs(nearest.x() - at.x()) ? point : nearest;
                }
                const QString where = QStringLiteral("%1 %2").arg(QLocale().toString(nearest.x(), 'g', 4), xTitle);
                QToolTip::showText(QCursor::pos(), detailHoverText(xy->name(), where.trimmed(), nearest.y(), unit));
            });
        } else if (auto* bars = qobject_cast<QBarSeries*>(series)) {
            QStringList categories;
            for (QAbstractAxis* axis : chart->axes(Qt::Horizontal, bars)) {
                if (auto* categoryAxis = qobject_cast<QBarCategoryAxis*>(axis)) {
                    categories = categoryAxis->categories();
                }
            }
            connect(bars, &QBarSeries::hovered, this, [categories, unit](bool status, int index, QBarSet* set) {
                if (!status || index < 0 || index >= set->count()) {
                    QToolTip::hideText();
                    return;
                }
                QToolTip::showText(QCursor::pos(),
                                   detailHoverText(set->label(), categories.value(index), set->at(index), unit));
            });
        }
    }
}

void ResultsPage::fillTable()
{
    // "One disk", in words, where the table uses it: the median disk, and the slowest beside it.
    const auto [medianWrite, medianRead] = baselineMedians(m_results);
    const DiskResult* slowest = slowestDisk(m_results);
    if (medianWrite && slowest) {
        m_oneDisk->setText(tr("<b>One disk</b> is the pool's median disk: %1 write, %2 read. The slowest disk is %3: "
                              "%4 write, %5 read.")
                               .arg(Units::formatMBps(*medianWrite), Units::formatMBps(medianRead.value_or(0)),
                                    slowest->label().toHtmlEscaped(), Units::formatMBps(*slowest->writeBw),
                                    Units::formatMBps(slowest->readBw.value_or(0))));
    } else {
        m_oneDisk->setText(
            tr("The disks were not measured on their own, so there is no \"one disk\" to compare with."));
    }
    auto mbps = [](std::optional<double> bytesPerSecond) {
        return new NumberItem(bytesPerSecond ? QString::number(*bytesPerSecond / 1e6, 'f', 1) : QStringLiteral("–"),
                              bytesPerSecond ? std::optional<double>(*bytesPerSecond / 1e6) : std::nullopt);
    };
    auto iops = [](std::optional<double> value) {
        return new NumberItem(value ? QLocale().toString(qRound64(*value)) : QStringLiteral("–"), value);
    };
    auto ratio = [](std::optional<double> value, std::optional<double> measured, std::optional<double> predicted) {
        auto* item = new NumberItem(value ? QString::number(*value, 'f', 2) : QStringLiteral("–"), value);
        if (measured && predicted) {
            item->setToolTip(
                tr("measured %1, predicted %2").arg(Units::formatMBps(*measured), Units::formatMBps(*predicted)));
        }
        return item;
    };
    m_relative->setSortingEnabled(false);
    m_relative->setRowCount(int(m_results.configs.size()));
    for (int row = 0; row < m_results.configs.size(); ++row) {
        const ConfigResult& config = m_results.configs.at(row);
        const QStringList leaves = config.spec.leafDevices();
        QStringList diskNames;
        for (const QString& leaf : leaves) {
            const DiskResult* disk = m_results.disk(leaf);
            diskNames.append(disk && !disk->name.isEmpty() ? disk->name : leaf.section(QLatin1Char('/'), -1));
        }
        auto* name = new QTableWidgetItem(config.name);
        name->setData(Qt::UserRole, leaves);
        name->setToolTip(config.spec.describe());
        m_relative->setItem(row, ColumnName, name);
        m_relative->setItem(row, ColumnDisks, new QTableWidgetItem(diskNames.join(QStringLiteral(", "))));
        m_relative->setItem(row, ColumnWrite, mbps(config.sequentialWrite()));
        m_relative->setItem(row, ColumnRead, mbps(config.sequentialRead()));
        m_relative->setItem(row, ColumnRandomWrite, iops(config.randomIops(true)));
        m_relative->setItem(row, ColumnRandomRead, iops(config.randomIops(false)));
        m_relative->setItem(row, ColumnWritePct,
                            new NumberItem(percent(config.relativeWritePct), config.relativeWritePct));
        m_relative->setItem(row, ColumnReadPct,
                            new NumberItem(percent(config.relativeReadPct), config.relativeReadPct));
        m_relative->setItem(row, ColumnSpace,
                            new NumberItem(QStringLiteral("%1 %").arg(qRound(config.spacePct)), config.spacePct));
        const QString failures = config.failuresBestCase > config.failuresGuaranteed
            ? tr("%1 (up to %2)").arg(config.failuresGuaranteed).arg(config.failuresBestCase)
            : QString::number(config.failuresGuaranteed);
        m_relative->setItem(row, ColumnFailures, new NumberItem(failures, double(config.failuresGuaranteed)));
        const QString controller = !config.controllerFailureSurvived ? QStringLiteral("–")
            : *config.controllerFailureSurvived                      ? tr("survives")
                                                                     : tr("lost");
        m_relative->setItem(row, ColumnController, new QTableWidgetItem(controller));
        m_relative->setItem(row, ColumnWriteRatio,
                            ratio(config.measuredOverPredicted, config.sequentialWrite(), config.predictedWrite));
        m_relative->setItem(row, ColumnReadRatio,
                            ratio(config.measuredOverPredictedRead, config.sequentialRead(), config.predictedRead));
        const TestResult* write = config.sequentialTest(true);
        const TestResult* read = config.sequentialTest(false);
        auto* limit = new QTableWidgetItem(limitWord(write).isEmpty() && limitWord(read).isEmpty()
                                               ? QStringLiteral("–")
                                               : QStringLiteral("%1 / %2").arg(limitWord(write), limitWord(read)));
        QStringList limits;
        for (const TestResult* test : {write, read}) {
            if (test && test->resources) {
                limits.append(tr("%1: %2").arg(test->spec.name, test->resources->explanation));
            }
        }
        limit->setToolTip(limits.join(QLatin1Char('\n')));
        m_relative->setItem(row, ColumnLimit, limit);
        auto* weakest = new QTableWidgetItem(config.weakestLink.join(QStringLiteral(", ")));
        weakest->setToolTip(weakest->text());
        m_relative->setItem(row, ColumnWeakest, weakest);
        auto* state = new QTableWidgetItem(config.status == QLatin1String("failed") ? tr("failed: %1").arg(config.error)
                                                                                    : config.status);
        if (config.status == QLatin1String("failed")) {
            state->setForeground(QColor(0xc0, 0x39, 0x2b));
        }
        m_relative->setItem(row, ColumnState, state);
    }
    m_relative->setSortingEnabled(true);
    m_relative->resizeColumnsToContents();
    m_relative->setColumnWidth(ColumnWeakest, std::min(m_relative->columnWidth(ColumnWeakest), 360));
}

void ResultsPage::fillFileTests()
{
    // The same bonnie-like table the CLI report writes.
    const QString markdown = resultsFileTestsMarkdown(m_results);
    m_fileTests->setHtml(markdown.isEmpty() ? tr("<p>No file-system tests in these results.</p>")
                                            : markdownToHtml(markdown));
}

void ResultsPage::onComparisonHovered(bool status, int index, const QString& testName)
{
    if (!status || index < 0 || index >= m_pageConfigs.size()) {
        QToolTip::hideText();
        return;
    }
    const ConfigResult* config = m_pageConfigs.at(index);
    for (const TestResult& test : config->tests) {
        if (test.spec.name != testName) {
            continue;
        }
        QString text = tr("%1 — %2: %3").arg(config->name, testName, Units::formatMBps(test.summary.bwMedian));
        if (test.summary.runs > 1) {
            text += tr("\nmin %1, max %2 over %3 runs")
                        .arg(Units::formatMBps(test.summary.bwMin), Units::formatMBps(test.summary.bwMax))
                        .arg(test.summary.runs);
        }
        if (test.status != QLatin1String("completed")) {
            text += QStringLiteral("\n%1 %2").arg(test.status, test.error);
        }
        if (test.resources) {
            text += tr("\nlimited by %1").arg(test.resources->explanation);
        }
        QToolTip::showText(QCursor::pos(), text);
        return;
    }
    QToolTip::showText(QCursor::pos(), tr("%1 — %2: not measured").arg(config->name, testName));
}

void ResultsPage::onDiskClicked(int index)
{
    if (index < 0 || index >= m_diskOrder.size()) {
        return;
    }
    const QString path = m_diskOrder.at(index);
    highlightDisk(m_options.highlightDisk == path ? QString() : path);
}

QStringList ResultsPage::recentFiles() const
{
    return QSettings().value(QStringLiteral("results/recent")).toStringList();
}

void ResultsPage::rememberRecent(const QString& path)
{
    QStringList recent = recentFiles();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    QSettings().setValue(QStringLiteral("results/recent"), recent.mid(0, maxRecent));
    updateRecentMenu();
}

void ResultsPage::setCurrentFile(const QString& path)
{
    m_currentFile = path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
}

QStringList ResultsPage::recentEntries()
{
    updateRecentMenu();
    QStringList texts;
    for (QAction* action : m_recentMenu->actions()) {
        texts.append(action->text());
    }
    return texts;
}

void ResultsPage::updateRecentMenu()
{
    m_recentMenu->clear();
    // Every run writes into the results folder: its newest files first, each with what it holds.
    QSet<QString> listed;
    const QString folder = ResultsFolder::path();
    for (const ResultsFolder::Entry& entry : ResultsFolder::list(folder, maxRecent)) {
        listed.insert(entry.path);
        const QString when = QLocale().toString(entry.modified, QLocale::ShortFormat);
        const QString name = QFileInfo(entry.path).fileName();
        if (!entry.readable) {
            QAction* action = m_recentMenu->addAction(tr("%1 — unreadable: %2").arg(name, entry.error));
            action->setEnabled(false);
            continue;
        }
        const QString what = entry.configurations > 0 ? tr("%n configuration(s)", nullptr, entry.configurations)
                                                      : tr("%n disk(s) measured", nullptr, entry.disks);
        const QString path = entry.path;
        m_recentMenu->addAction(tr("%1 — %2, %3, %4").arg(name, entry.status, what, when), this, [this, path] {
            const auto opened = open(path);
            Q_EMIT message(opened ? tr("Opened %1.").arg(path) : opened.error().message);
        });
    }
    bool separated = false;
    for (const QString& path : recentFiles()) {
        if (listed.contains(path) || !QFileInfo::exists(path)) {
            continue;
        }
        if (!separated && !listed.isEmpty()) {
            m_recentMenu->addSeparator();
        }
        separated = true;
        m_recentMenu->addAction(path, this, [this, path] {
            const auto opened = open(path);
            Q_EMIT message(opened ? tr("Opened %1.").arg(path) : opened.error().message);
        });
    }
    if (m_recentMenu->actions().isEmpty()) {
        m_recentMenu->addAction(tr("(none yet)"))->setEnabled(false);
    }
    m_recentMenu->addSeparator();
    m_recentMenu->addAction(tr("Results folder: %1").arg(QDir::toNativeSeparators(folder)))->setEnabled(false);
}

void ResultsPage::saveAsDialog()
{
    if (m_results.configs.isEmpty() && m_results.disks.isEmpty()) {
        Q_EMIT message(tr("There are no results to save yet."));
        return;
    }
    const QString suggested =
        m_currentFile.isEmpty() ? QStringLiteral("results.json") : QFileInfo(m_currentFile).fileName();
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Save results as"), suggested, tr("RaidBench results (*.json)"));
    if (path.isEmpty()) {
        return;
    }
    const auto saved = save(path);
    if (saved) {
        rememberRecent(path);
    }
    Q_EMIT message(saved ? tr("Results saved to %1.").arg(path) : saved.error().message);
}

void ResultsPage::openDialog()
{
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open results"), QString(), tr("RaidBench results (*.json)"));
    if (!path.isEmpty()) {
        const auto opened = open(path);
        Q_EMIT message(opened ? tr("Opened %1.").arg(path) : opened.error().message);
    }
}

void ResultsPage::exportChartDialog(const QString& suffix)
{
    const QString name = m_tabs->currentIndex() == 1 ? QStringLiteral("disks")
        : m_tabs->currentIndex() == 3                ? m_detail
                                                     : QStringLiteral("comparison");
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Export the %1 chart").arg(Charts::title(name)));
    auto* form = new QFormLayout(&dialog);
    auto* width = new QSpinBox(&dialog);
    auto* height = new QSpinBox(&dialog);
    auto* dpi = new QSpinBox(&dialog);
    width->setRange(100, 20000);
    height->setRange(100, 20000);
    dpi->setRange(30, 1200);
    width->setValue(1200);
    height->setValue(700);
    dpi->setValue(96);
    width->setSuffix(tr(" px"));
    height->setSuffix(tr(" px"));
    form->addRow(tr("&Width:"), width);
    form->addRow(tr("&Height:"), height);
    form->addRow(tr("&DPI:"), dpi);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted) {
        return;
    }
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export chart"), QStringLiteral("%1.%2").arg(name, suffix),
                                     suffix.toUpper() + QStringLiteral(" (*.") + suffix + QLatin1Char(')'));
    if (path.isEmpty()) {
        return;
    }
    const auto exported = exportChart(name, path, QSize(width->value(), height->value()), dpi->value());
    Q_EMIT message(exported ? tr("Chart saved to %1.").arg(path) : exported.error().message);
}

void ResultsPage::exportFileDialog(const QString& what)
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export"),
        QStringLiteral("%1.%2").arg(
            what == QLatin1String("html") ? QStringLiteral("report") : QStringLiteral("results"), what),
        what.toUpper() + QStringLiteral(" (*.") + what + QLatin1Char(')'));
    if (path.isEmpty()) {
        return;
    }
    const auto exported = what == QLatin1String("html") ? exportReport(path) : exportData(path);
    Q_EMIT message(exported ? tr("Saved %1.").arg(path) : exported.error().message);
}

} // namespace RaidBench::Ui

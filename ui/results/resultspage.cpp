#include "results/resultspage.h"

#include "../displaynumbers.h"
#include "exports/exports.h"
#include "model/analysis.h"
#include "results/answerpanel.h"
#include "results/charthover.h"
#include "results/htmlreport.h"
#include "results/resultsfiles.h"
#include "results/resultstable.h"
#include "util/errorcodes.h"

#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTabWidget>
#include <QTextBrowser>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>

namespace RaidBench::Ui {

namespace {

/// What in a disk's health, cache or difference from the others could make it slow, after `lead`.
QString likelyCauses(const DiskResult& disk, const QString& lead)
{
    QStringList causes;
    for (const DiskExplanation& explanation : disk.explanations) {
        causes.append(explanation.message);
    }
    return causes.isEmpty()
        ? QString()
        : lead + QCoreApplication::translate("ResultsPage", "could be: %1").arg(causes.join(QStringLiteral("; ")));
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
    , m_relative(new ResultsTable(this))
    , m_detailChooser(new QComboBox(this))
    , m_detailTest(new QComboBox(this))
    , m_detailView(new QChartView(this))
    , m_fileTests(new QTextBrowser(this))
    , m_answer(new AnswerPanel(this))
    , m_files(new ResultsFiles(this))
{
    setObjectName(QStringLiteral("resultsPage"));
    connect(m_files, &ResultsFiles::message, this, &ResultsPage::message);
    setAcceptDrops(false);
    for (QChartView* view : {m_comparisonView, m_disksView, m_detailView, m_answer->chartView()}) {
        view->installEventFilter(this); // a resize may move the legend under or beside the chart
    }
    auto* layout = new QVBoxLayout(this);

    layout->addLayout(makeTopBar());
    m_problems->setObjectName(QStringLiteral("resultsProblems"));
    m_problems->setWordWrap(true);
    m_problems->setTextFormat(Qt::RichText);
    m_problems->hide();
    layout->addWidget(m_problems);

    m_tabs->addTab(makeComparisonTab(), tr("Comparison"));
    m_tabs->addTab(makeDisksTab(), tr("Disks"));
    m_tabs->addTab(makeTableTab(), tr("Table"));
    m_tabs->addTab(makeDetailsTab(), tr("Details"));
    // The answer first: it is what the user came for; the charts behind it say why.
    m_tabs->insertTab(AnswerTab, m_answer, tr("Answer"));
    m_tabs->setCurrentIndex(AnswerTab);
    layout->addWidget(m_tabs, 1);
    restoreRequirements();

    rebuildCharts();
}

QHBoxLayout* ResultsPage::makeTopBar()
{
    auto* top = new QHBoxLayout;
    m_title->setWordWrap(true);
    m_title->setObjectName(QStringLiteral("resultsTitle"));
    top->addWidget(m_title, 1);
    auto* open = new QPushButton(tr("&Open…"), this);
    open->setToolTip(tr("Open a results file (or drop one on the window)."));
    connect(open, &QPushButton::clicked, m_files, &ResultsFiles::openDialog);
    auto* recent = new QToolButton(this);
    recent->setText(tr("Recent"));
    recent->setPopupMode(QToolButton::InstantPopup);
    recent->setMenu(m_files->recentMenu());
    auto* library = new QPushButton(tr("&Library…"), this);
    library->setToolTip(tr("Every run's results kept in the results folder: open, compare or remove them."));
    connect(library, &QPushButton::clicked, m_files, &ResultsFiles::openLibrary);
    auto* compare = new QPushButton(tr("&Compare…"), this);
    compare->setToolTip(tr("Open two results files side by side, e.g. before and after replacing a disk."));
    connect(compare, &QPushButton::clicked, m_files, &ResultsFiles::compareDialog);
    auto* fio = new QPushButton(tr("Import &fio…"), this);
    fio->setToolTip(tr("Add fio's JSON output (fio --output-format=json) as a configuration of its own."));
    connect(fio, &QPushButton::clicked, m_files, &ResultsFiles::importFioDialog);
    auto* exportButton = new QToolButton(this);
    exportButton->setText(tr("&Export"));
    exportButton->setPopupMode(QToolButton::InstantPopup);
    auto* exportMenu = new QMenu(exportButton);
    exportMenu->addAction(tr("Chart as PNG…"), m_files, [this] { m_files->exportChartDialog(QStringLiteral("png")); });
    exportMenu->addAction(tr("Chart as SVG…"), m_files, [this] { m_files->exportChartDialog(QStringLiteral("svg")); });
    exportMenu->addAction(tr("Chart as PDF…"), m_files, [this] { m_files->exportChartDialog(QStringLiteral("pdf")); });
    exportMenu->addSeparator();
    exportMenu->addAction(tr("Data as CSV…"), m_files, [this] { m_files->exportFileDialog(QStringLiteral("csv")); });
    exportMenu->addAction(tr("Data as JSON…"), m_files, [this] { m_files->exportFileDialog(QStringLiteral("json")); });
    exportMenu->addAction(tr("HTML report…"), m_files, [this] { m_files->exportFileDialog(QStringLiteral("html")); });
    exportButton->setMenu(exportMenu);
    for (QWidget* widget : std::initializer_list<QWidget*> {open, recent, library, compare, fio, exportButton}) {
        top->addWidget(widget);
    }
    return top;
}

QWidget* ResultsPage::makeComparisonTab()
{
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
    return comparison;
}

QWidget* ResultsPage::makeDisksTab()
{
    auto* disks = new QWidget(this);
    auto* disksLayout = new QVBoxLayout(disks);
    m_disksView->setRenderHint(QPainter::Antialiasing);
    disksLayout->addWidget(m_disksView, 1);
    m_disksNote->setWordWrap(true);
    m_disksNote->setObjectName(QStringLiteral("disksNote"));
    disksLayout->addWidget(m_disksNote);
    return disks;
}

QWidget* ResultsPage::makeTableTab()
{
    auto* tablePage = new QWidget(this);
    auto* tableLayout = new QVBoxLayout(tablePage);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    m_oneDisk = new QLabel(tablePage);
    m_oneDisk->setObjectName(QStringLiteral("oneDisk"));
    m_oneDisk->setWordWrap(true);
    tableLayout->addWidget(m_oneDisk);
    tableLayout->addWidget(m_relative, 1);
    return tablePage;
}

QWidget* ResultsPage::makeDetailsTab()
{
    auto* details = new QWidget(this);
    auto* detailsLayout = new QVBoxLayout(details);
    auto* detailControls = new QHBoxLayout;
    m_detailChooser->setObjectName(QStringLiteral("detailChooser"));
    m_detailTest->setObjectName(QStringLiteral("detailTest"));
    for (const QString& name : Charts::detailNames()) {
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
    return details;
}

void ResultsPage::restoreRequirements()
{
    if (const auto saved = Requirements::parse(
            QSettings().value(QStringLiteral("results/requirements"), Requirements::defaults().text()).toString())) {
        m_options.requirements = *saved;
        m_answer->setRequirements(*saved);
    }
    connect(m_answer, &AnswerPanel::requirementsChanged, this, [this](const Requirements& requirements) {
        m_options.requirements = requirements;
        QSettings().setValue(QStringLiteral("results/requirements"), requirements.text());
    });
}

void ResultsPage::setResults(const CampaignResults& results, const QString& source)
{
    m_results = results;
    m_source = source;
    m_options.page = 0;
    m_options.highlightDisk.clear();
    m_options.test.clear();
    m_title->setText(tr("<b>%1</b> — %2, %n configuration(s), updated %3", nullptr, int(m_results.configs.size()))
                         .arg(source.isEmpty() ? tr("Last run") : source.toHtmlEscaped(),
                              Display::runStatus(m_results.status).toHtmlEscaped(),
                              Display::formatFileTime(m_results.updated).toHtmlEscaped()));
    fillTable();
    fillFileTests();
    m_answer->setResults(m_results);
    // Details opens on a chart with something to show, not on an empty block-size sweep.
    bool sweep = false;
    bool command = false;
    bool drill = false;
    for (const ConfigResult& config : m_results.configs) {
        drill = drill || (config.drill && config.drill->rebuild);
        for (const TestResult& test : config.tests) {
            sweep = sweep || !test.sweep.isEmpty();
            command = command || (test.spec.kind == TestKind::Command && test.status == RunState::Completed);
        }
    }
    const bool depthSweep = !ResultsModel::depthSweepTests(m_results).isEmpty();
    const bool surface = std::any_of(m_results.disks.cbegin(), m_results.disks.cend(),
                                     [](const DiskResult& disk) { return !disk.surface.isEmpty(); });
    const QHash<QString, bool> available {
        {QStringLiteral("surface"), surface},
        {QStringLiteral("sweep"), sweep},
        {QStringLiteral("qd-latency"), depthSweep},
        {QStringLiteral("qd-iops"), depthSweep},
        {QStringLiteral("timeline"), !ResultsModel::timelineTests(m_results).isEmpty()},
        {QStringLiteral("latency"), !ResultsModel::latencyTests(m_results).isEmpty()},
        {QStringLiteral("command"), command},
        {QStringLiteral("failure"), drill},
        {QStringLiteral("rebuild"), drill}};
    if (!available.value(m_detail)) {
        for (const QString& name : Charts::detailNames()) {
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

void ResultsPage::fillTable()
{
    m_oneDisk->setText(ResultsTable::oneDiskText(m_results));
    m_relative->fill(m_results);
}

void ResultsPage::fillFileTests()
{
    // The same bonnie-like table the CLI report writes.
    const QString markdown = resultsFileTestsMarkdown(m_results);
    m_fileTests->setHtml(markdown.isEmpty() ? tr("<p>No file-system tests in these results.</p>")
                                            : markdownToHtml(markdown));
}

void ResultsPage::showCompared(const CampaignResults& merged, const QStringList& labels)
{
    m_results = merged;
    const Requirements requirements = m_options.requirements;
    m_options = ChartOptions {};
    m_options.requirements = requirements;
    QStringList names;
    for (const QString& label : labels) {
        names.append(QStringLiteral("<b>%1</b>").arg(label.toHtmlEscaped()));
    }
    m_title->setText(tr("%1 side by side — configurations grouped by name").arg(names.join(QStringLiteral(", "))));
    fillTable();
    fillFileTests();
    m_answer->setResults(m_results);
    rebuildCharts();
}

void ResultsPage::replaceResults(const CampaignResults& results)
{
    m_results = results;
    fillTable();
    m_answer->setResults(m_results);
    rebuildCharts();
}

QString ResultsPage::chartOnScreen() const
{
    const int tab = m_tabs->currentIndex();
    return tab == DisksTab  ? QStringLiteral("disks")
        : tab == DetailsTab ? m_detail
        : tab == AnswerTab  ? QStringLiteral("tradeoff")
                            : QStringLiteral("comparison");
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
    // The configurations holding the disk are marked in the table's first column, not selected: the user's
    // own selection stays, and a disk that is in every configuration does not make the whole table look
    // selected.
    const QStringList names = m_relative->markDisk(path);
    rebuildCharts();
    if (!path.isEmpty()) {
        const DiskResult* disk = m_results.disk(path);
        const QString name = disk ? disk->label() : path;
        Q_EMIT message(names.isEmpty() ? tr("%1 is in no configuration.").arg(name)
                           : names.size() == m_relative->rowCount()
                           ? tr("%1 is in every configuration.").arg(name)
                           : tr("%1 is in %2.").arg(name, names.join(QStringLiteral(", "))));
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
    if (name == QLatin1String("tradeoff")) {
        return m_answer->chartView()->chart();
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
        replaceChart(m_comparisonView, emptyChart(ErrorCode::userText(comparison.error()), dark));
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
                                .arg(disk->label(), disk->serial, Display::formatBytesDecimal(double(disk->sizeBytes)),
                                     disk->controller,
                                     disk->writeBw ? Display::formatMBps(*disk->writeBw) : QStringLiteral("–"),
                                     disk->readBw ? Display::formatMBps(*disk->readBw) : QStringLiteral("–"),
                                     (disk->slow
                                          ? QStringLiteral("\n") + slowDiskReason(m_results, *disk, Audience::Person)
                                          : QString()) +
                                         likelyCauses(*disk, QStringLiteral("\n"))));
                    }
                });
            }
        }
    } else {
        replaceChart(m_disksView, emptyChart(ErrorCode::userText(disks.error()), dark));
    }
    QStringList slow;
    for (const DiskResult& disk : std::as_const(m_results.disks)) {
        if (disk.slow) {
            slow.append(QStringLiteral("<b style='color:%1'>%2</b>: %3%4")
                            .arg(Charts::warningColour().name(), disk.label().toHtmlEscaped(),
                                 slowDiskReason(m_results, disk, Audience::Person).toHtmlEscaped(),
                                 likelyCauses(disk, QStringLiteral(" — ")).toHtmlEscaped()));
        }
    }
    m_disksNote->setText((slow.isEmpty() ? tr("No disk is slow against the others.")
                                         : tr("Slow: %1.").arg(slow.join(QStringLiteral("; ")))) +
                         tr(" Click a disk to highlight every configuration it is in."));

    QStringList failed;
    for (const ConfigResult& config : std::as_const(m_results.configs)) {
        if (config.status == RunState::Failed) {
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
        : m_detail.startsWith(QLatin1String("qd-"))                 ? ResultsModel::depthSweepTests(m_results)
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
    replaceChart(m_detailView, detail ? *detail : emptyChart(ErrorCode::userText(detail.error()), options.dark));
    if (detail) {
        ChartHover::connect(*detail, this);
    }
}

void ResultsPage::onDiskClicked(int index)
{
    if (index < 0 || index >= m_diskOrder.size()) {
        return;
    }
    const QString path = m_diskOrder.at(index);
    highlightDisk(m_options.highlightDisk == path ? QString() : path);
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
        QString text = tr("%1 — %2: %3").arg(config->name, testName, Display::formatMBps(test.summary.bwMedian));
        if (test.summary.runs > 1) {
            text += tr("\nmin %1, max %2 over %3 runs")
                        .arg(Display::formatMBps(test.summary.bwMin), Display::formatMBps(test.summary.bwMax))
                        .arg(test.summary.runs);
            if (test.summary.cv >= 0) {
                text += tr(", varying %1 % (coefficient of variation)").arg(test.summary.cv * 100, 0, 'f', 1);
            }
        }
        if (test.summary.unstable) {
            text += tr("\nunstable: the runs still varied more than the plan allows after its most repeats");
        }
        if (test.duringResync) {
            text += tr("\nmeasured while an array of it was resyncing");
        }
        if (test.status != RunState::Completed) {
            text += QStringLiteral("\n%1 %2").arg(Display::runStatus(test.status), test.error);
        }
        if (test.resources) {
            text += tr("\nlimited by %1").arg(test.resources->explanation);
        }
        QToolTip::showText(QCursor::pos(), text);
        return;
    }
    QToolTip::showText(QCursor::pos(), tr("%1 — %2: not measured").arg(config->name, testName));
}

} // namespace RaidBench::Ui

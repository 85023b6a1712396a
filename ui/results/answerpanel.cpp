#include "results/answerpanel.h"

#include "answer/tradeoff.h"
#include "results/excludedlayoutsmodel.h"
#include "results/rankedlayoutsmodel.h"
#include "results/resultcharts.h"
#include "util/errorcodes.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPalette>
#include <QScatterSeries>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <limits>

namespace RaidBench::Ui {

namespace {

/// What the "Rank on" box offers: a label and the weight text it stands for ("" is the mix).
struct MeasureChoice
{
    const char* label;
    const char* weight;
};

const MeasureChoice measureChoices[] = {
    {QT_TRANSLATE_NOOP("RaidBench::Ui::AnswerPanel", "sequential and random speed"), ""},
    {QT_TRANSLATE_NOOP("RaidBench::Ui::AnswerPanel", "sequential speed"), "seq"},
    {QT_TRANSLATE_NOOP("RaidBench::Ui::AnswerPanel", "sequential writes"), "seq-write"},
    {QT_TRANSLATE_NOOP("RaidBench::Ui::AnswerPanel", "sequential reads"), "seq-read"},
    {QT_TRANSLATE_NOOP("RaidBench::Ui::AnswerPanel", "random speed"), "random"},
    {QT_TRANSLATE_NOOP("RaidBench::Ui::AnswerPanel", "random writes"), "random-write"},
    {QT_TRANSLATE_NOOP("RaidBench::Ui::AnswerPanel", "random reads"), "random-read"},
    {QT_TRANSLATE_NOOP("RaidBench::Ui::AnswerPanel", "file-system tests"), "files"},
    {QT_TRANSLATE_NOOP("RaidBench::Ui::AnswerPanel", "your command's time"), "command"},
};
constexpr int customChoice = int(std::size(measureChoices));

} // namespace

AnswerPanel::AnswerPanel(QWidget* parent)
    : QWidget(parent)
    , m_failures(new QSpinBox(this))
    , m_controller(new QCheckBox(tr("and the loss of a &controller"), this))
    , m_space(new QSpinBox(this))
    , m_measure(new QComboBox(this))
    , m_mix(new QLineEdit(this))
    , m_command(new QLabel(this))
    , m_summary(new QLabel(this))
    , m_notes(new QLabel(this))
    , m_rankedModel(new RankedLayoutsModel(this))
    , m_excludedModel(new ExcludedLayoutsModel(this))
    , m_ranked(new QTableView(this))
    , m_excluded(new QTableView(this))
    , m_chartView(new QChartView(this))
    , m_point(new QLabel(this))
{
    setObjectName(QStringLiteral("answerPanel"));
    auto* layout = new QVBoxLayout(this);

    layout->addLayout(makeForm());
    m_command->setObjectName(QStringLiteral("answerCommand"));
    m_command->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_command->setWordWrap(true);
    layout->addWidget(m_command);

    m_summary->setObjectName(QStringLiteral("answerSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    QFont bold = m_summary->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.1);
    m_summary->setFont(bold);
    layout->addWidget(m_summary);
    m_notes->setObjectName(QStringLiteral("answerNotes"));
    m_notes->setWordWrap(true);
    m_notes->setTextFormat(Qt::PlainText);
    layout->addWidget(m_notes);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(makeTables());
    splitter->addWidget(makeChartSide());
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);

    connect(m_failures, &QSpinBox::valueChanged, this, &AnswerPanel::readForm);
    connect(m_space, &QSpinBox::valueChanged, this, &AnswerPanel::readForm);
    connect(m_controller, &QCheckBox::toggled, this, &AnswerPanel::readForm);
    connect(m_measure, &QComboBox::currentIndexChanged, this, [this] {
        m_mix->setVisible(m_measure->currentIndex() == customChoice);
        readForm();
    });
    connect(m_mix, &QLineEdit::editingFinished, this, &AnswerPanel::readForm);
    writeForm();
    rebuild();
}

QHBoxLayout* AnswerPanel::makeForm()
{
    auto* form = new QHBoxLayout;
    auto* surviveLabel = new QLabel(tr("Must &survive"), this);
    surviveLabel->setBuddy(m_failures);
    m_failures->setRange(0, 8);
    m_failures->setSuffix(tr(" failed disk(s)"));
    m_failures->setToolTip(tr("Any this many disks may fail at once and the data stays."));
    m_controller->setToolTip(tr("Survive losing one controller (host adapter) with all its disks."));
    auto* spaceLabel = new QLabel(tr("keep at &least"), this);
    spaceLabel->setBuddy(m_space);
    m_space->setRange(0, 100);
    m_space->setSuffix(tr(" % of the space"));
    auto* measureLabel = new QLabel(tr("&rank on"), this);
    measureLabel->setBuddy(m_measure);
    for (const MeasureChoice& choice : measureChoices) {
        m_measure->addItem(tr(choice.label), QString::fromLatin1(choice.weight));
    }
    m_measure->addItem(tr("a mix of my own…"), QStringLiteral("custom"));
    m_mix->setPlaceholderText(QStringLiteral("seq:2+random"));
    m_mix->setToolTip(tr("Terms joined by +, each with an optional weight after a colon: %1.")
                          .arg(Requirements::termNames().join(QStringLiteral(", "))));
    m_mix->setVisible(false);
    for (QWidget* widget : std::initializer_list<QWidget*> {surviveLabel, m_failures, m_controller, spaceLabel, m_space,
                                                            measureLabel, m_measure, m_mix}) {
        form->addWidget(widget);
    }
    form->addStretch(1);
    return form;
}

QWidget* AnswerPanel::makeTables()
{
    m_ranked->setObjectName(QStringLiteral("answerRanked"));
    m_ranked->setModel(m_rankedModel);
    m_excluded->setObjectName(QStringLiteral("answerExcluded"));
    m_excluded->setModel(m_excludedModel);
    for (QTableView* table : {m_ranked, m_excluded}) {
        // The reasons wrap in the last column instead of running off to the right.
        table->verticalHeader()->hide();
        QHeaderView* header = table->horizontalHeader();
        const int columns = table->model()->columnCount();
        for (int column = 0; column + 1 < columns; ++column) {
            header->setSectionResizeMode(column, QHeaderView::ResizeToContents);
        }
        header->setSectionResizeMode(columns - 1, QHeaderView::Stretch);
        table->setWordWrap(true);
        table->setTextElideMode(Qt::ElideNone);
        table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
        table->setEditTriggers(QAbstractItemView::NoEditTriggers);
        table->setSelectionBehavior(QAbstractItemView::SelectRows);
    }
    auto* tables = new QWidget(this);
    auto* tablesLayout = new QVBoxLayout(tables);
    tablesLayout->setContentsMargins(0, 0, 0, 0);
    tablesLayout->addWidget(m_ranked, 3);
    tablesLayout->addWidget(m_excluded, 1);
    return tables;
}

QWidget* AnswerPanel::makeChartSide()
{
    auto* chartSide = new QWidget(this);
    auto* chartLayout = new QVBoxLayout(chartSide);
    chartLayout->setContentsMargins(0, 0, 0, 0);
    m_chartView->setRenderHint(QPainter::Antialiasing);
    m_chartView->setMinimumSize(360, 280);
    chartLayout->addWidget(m_chartView, 1);
    auto* caption = new QLabel(Charts::caption(QStringLiteral("tradeoff")), chartSide);
    caption->setWordWrap(true);
    chartLayout->addWidget(caption);
    m_point->setObjectName(QStringLiteral("answerPoint"));
    m_point->setWordWrap(true);
    m_point->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_point->setText(tr("Click a point for its numbers."));
    // Room for a point's lines from the start: a label that grew on a click took the height from the chart,
    // whose axis title was then cut.
    m_point->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_point->setMinimumHeight(m_point->fontMetrics().lineSpacing() * 6);
    chartLayout->addWidget(m_point);
    return chartSide;
}

void AnswerPanel::setResults(const CampaignResults& results)
{
    m_results = results;
    rebuild();
}

void AnswerPanel::setRequirements(const Requirements& requirements)
{
    m_requirements = requirements;
    writeForm();
    rebuild();
}

void AnswerPanel::writeForm()
{
    m_filling = true;
    m_failures->setValue(m_requirements.failures);
    m_controller->setChecked(m_requirements.controllerLoss);
    m_space->setValue(qRound(m_requirements.minSpacePct));
    Requirements weightsOnly;
    weightsOnly.weights = m_requirements.weights;
    const QString weight = weightsOnly.text().mid(int(qstrlen("weight=")));
    int index = customChoice;
    for (int i = 0; i < customChoice; ++i) {
        if (weight == QLatin1String(measureChoices[i].weight)) {
            index = i;
        }
    }
    m_measure->setCurrentIndex(index);
    m_mix->setVisible(index == customChoice);
    m_mix->setText(index == customChoice ? weight : QString());
    m_filling = false;
}

void AnswerPanel::readForm()
{
    if (m_filling) {
        return;
    }
    QStringList clauses {QStringLiteral("failures>=%1").arg(m_failures->value()),
                         QStringLiteral("space>=%1").arg(m_space->value())};
    if (m_controller->isChecked()) {
        clauses.append(QStringLiteral("controller"));
    }
    const QString weight =
        m_measure->currentIndex() == customChoice ? m_mix->text().trimmed() : m_measure->currentData().toString();
    if (!weight.isEmpty()) {
        clauses.append(QStringLiteral("weight=") + weight);
    }
    const auto parsed = Requirements::parse(clauses.join(QLatin1Char(',')));
    if (!parsed) {
        m_mix->setStyleSheet(QStringLiteral("color: #c0392b"));
        m_command->setText(ErrorCode::userText(parsed.error()));
        return;
    }
    m_mix->setStyleSheet(QString());
    m_requirements = *parsed;
    rebuild();
    Q_EMIT requirementsChanged(m_requirements);
}

void AnswerPanel::rebuild()
{
    const QString text = m_requirements.text();
    m_command->setText(tr("The same from a shell: raidbench-cli report RESULTS.json --recommend \"%1\"").arg(text));
    m_answer = recommend(m_results, m_requirements, true, Audience::Person);
    QString summary = m_results.configs.isEmpty() ? tr("No results yet.") : m_answer.summary;
    if (m_results.status == RunState::Running) {
        // A run under way: the answer covers what is measured so far, and says so.
        qsizetype toGo = 0;
        for (const ConfigResult& config : std::as_const(m_results.configs)) {
            toGo += config.status == RunState::Pending ? 1 : 0;
        }
        if (toGo > 0) {
            summary = tr("Still measuring: %1 of %2 layouts to go; this answer covers only the ones measured so far.")
                          .arg(toGo)
                          .arg(m_results.configs.size()) +
                QLatin1Char('\n') + summary;
        }
    }
    m_summary->setText(summary);

    m_rankedModel->setLayouts(m_answer.ranked);
    m_excludedModel->setLayouts(m_answer.excluded);
    m_notes->setText(m_answer.notes.join(QLatin1Char('\n')));
    m_notes->setVisible(!m_answer.notes.isEmpty());

    ChartOptions options;
    options.dark = palette().color(QPalette::Window).lightness() < 128;
    options.requirements = m_requirements;
    auto chart = Charts::tradeoffChart(m_results, options);
    QChart* shown = nullptr;
    if (chart) {
        shown = *chart;
        for (QAbstractSeries* series : shown->series()) {
            if (auto* points = qobject_cast<QScatterSeries*>(series)) {
                connect(points, &QScatterSeries::clicked, this,
                        [this](const QPointF& where) { showPoint(where.x(), where.y()); });
            }
        }
    } else {
        shown = new QChart;
        shown->setTitle(ErrorCode::userText(chart.error()));
        shown->legend()->hide();
    }
    QChart* old = m_chartView->chart();
    m_chartView->setChart(shown);
    Charts::fitLegend(shown, m_chartView->width());
    delete old;
    m_point->setText(tr("Click a point for its numbers."));
}

void AnswerPanel::showPoint(double spacePct, double speed)
{
    const Tradeoff data = RaidBench::tradeoff(m_results, m_requirements, Audience::Person);
    const TradeoffPoint* nearest = nullptr;
    double best = std::numeric_limits<double>::max();
    double top = 1;
    for (const TradeoffPoint& point : data.points) {
        top = std::max(top, point.speed);
    }
    for (const TradeoffPoint& point : data.points) {
        // Distance on roughly the chart's own scales: space in percent (its axis adds 5 either side),
        // speed over 0-top.
        const double dx = (point.spacePct - spacePct) / 100.0;
        const double dy = (point.speed - speed) / top;
        const double distance = dx * dx + dy * dy;
        if (distance < best) {
            best = distance;
            nearest = &point;
        }
    }
    m_point->setText(nearest ? nearest->detail : tr("Click a point for its numbers."));
}

} // namespace RaidBench::Ui

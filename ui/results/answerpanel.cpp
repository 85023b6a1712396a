#include "results/answerpanel.h"

#include "answer/tradeoff.h"
#include "results/excludedlayoutsmodel.h"
#include "results/rankedlayoutsmodel.h"
#include "results/requirementsform.h"
#include "results/resultcharts.h"
#include "util/errorcodes.h"

#include <QChart>
#include <QChartView>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPalette>
#include <QScatterSeries>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <limits>

namespace RaidBench::Ui {

AnswerPanel::AnswerPanel(QWidget* parent)
    : QWidget(parent)
    , m_form(new RequirementsForm(this))
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

    layout->addWidget(m_form);
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

    connect(m_form, &RequirementsForm::changed, this, [this](const Requirements& requirements) {
        m_requirements = requirements;
        rebuild();
        Q_EMIT requirementsChanged(m_requirements);
    });
    connect(m_form, &RequirementsForm::refused, m_command, &QLabel::setText);
    m_form->setRequirements(m_requirements);
    rebuild();
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

QSpinBox* AnswerPanel::failuresBox() const
{
    return m_form->failuresBox();
}

QCheckBox* AnswerPanel::controllerBox() const
{
    return m_form->controllerBox();
}

QSpinBox* AnswerPanel::spaceBox() const
{
    return m_form->spaceBox();
}

QComboBox* AnswerPanel::measureBox() const
{
    return m_form->measureBox();
}

QLineEdit* AnswerPanel::mixEdit() const
{
    return m_form->mixEdit();
}

void AnswerPanel::setRequirements(const Requirements& requirements)
{
    m_requirements = requirements;
    m_form->setRequirements(requirements);
    rebuild();
}

void AnswerPanel::applyRequirements(const Requirements& requirements)
{
    setRequirements(requirements);
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

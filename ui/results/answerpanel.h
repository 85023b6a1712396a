#pragma once

#include "answer/recommend.h"
#include "results/campaignresults.h"

#include <QWidget>

class QChartView;
class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTableView;

namespace RaidBench::Ui {

class ExcludedLayoutsModel;
class RankedLayoutsModel;
class RequirementsForm;

/// The Results page's answer: a form for what the user needs (failures to survive, a controller's
/// loss, space to keep, what to rank on), the ranked layouts with one sentence each, the layouts
/// left out and why, and the trade-off chart (click a point for its numbers). The ranking is core's
/// recommend(), so the window, `raidbench-cli report --recommend` and the reports agree.
class AnswerPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AnswerPanel)

public:
    explicit AnswerPanel(QWidget* parent = nullptr);

    void setResults(const CampaignResults& results);
    /// Sets the form (and the ranking) as `requirements` say.
    void setRequirements(const Requirements& requirements);
    /// The same, as if the user had set them: the page's charts and settings follow (requirementsChanged).
    void applyRequirements(const Requirements& requirements);
    const Requirements& requirements() const { return m_requirements; }
    const Recommendation& recommendation() const { return m_answer; }

    QChartView* chartView() const { return m_chartView; }
    QTableView* rankedTable() const { return m_ranked; }
    QTableView* excludedTable() const { return m_excluded; }
    /// The ranked layouts and those left out, as the tables show them.
    const RankedLayoutsModel* rankedModel() const { return m_rankedModel; }
    const ExcludedLayoutsModel* excludedModel() const { return m_excludedModel; }
    QLabel* summaryLabel() const { return m_summary; }
    QLabel* notesLabel() const { return m_notes; }
    QLabel* pointLabel() const { return m_point; }
    RequirementsForm* form() const { return m_form; }
    QSpinBox* failuresBox() const;
    QCheckBox* controllerBox() const;
    QSpinBox* spaceBox() const;
    QComboBox* measureBox() const;
    QLineEdit* mixEdit() const;
    /// Shows the numbers of the trade-off chart's point nearest (space %, speed), as a click does.
    void showPoint(double spacePct, double speed);

Q_SIGNALS:
    void requirementsChanged(const RaidBench::Requirements& requirements);

private:
    // The constructor's parts: the ranked and excluded layouts, the chart.
    QWidget* makeTables();
    QWidget* makeChartSide();
    void rebuild();

    CampaignResults m_results;
    Requirements m_requirements = Requirements::defaults();
    Recommendation m_answer;
    RequirementsForm* m_form;
    QLabel* m_command;
    QLabel* m_summary;
    QLabel* m_notes;
    RankedLayoutsModel* m_rankedModel;
    ExcludedLayoutsModel* m_excludedModel;
    QTableView* m_ranked;
    QTableView* m_excluded;
    QChartView* m_chartView;
    QLabel* m_point;
};

} // namespace RaidBench::Ui

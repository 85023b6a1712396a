#pragma once

#include "plan/campaignplan.h"
#include "util/result.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSpinBox;
class QVBoxLayout;

namespace RaidBench {
class Session;
}

namespace RaidBench::Ui {

class CanvasModel;

/// The plan: which tests, how often and how long, which file system; the configurations come from
/// the canvas. Saves and loads the campaign JSON (docs/plan-format.md) and lists every command a run
/// would give, in order, before anything is run.
class PlanPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PlanPage)

public:
    PlanPage(CanvasModel* canvas, Session* session, QWidget* parent = nullptr);

    /// The plan as it would run: the canvas's configurations, their disks, the settings here.
    Result<CampaignPlan> plan() const;
    /// A baselines-only plan of `disks` with this page's limits ("Measure disks").
    CampaignPlan baselinePlan(const QStringList& disks) const;
    /// Puts a plan's settings here and its configurations on the canvas (one undoable step).
    Result<void> applyPlan(const CampaignPlan& plan);
    Result<void> loadPlanFile(const QString& path);
    Result<void> savePlanFile(const QString& path) const;
    /// Every command a run of the plan gives, in order (the "Show commands" dry run).
    Result<QStringList> commandListing() const;

    /// The settings as JSON (for QSettings) and back.
    QJsonObject settingsJson() const;
    void restoreSettings(const QJsonObject& json);

Q_SIGNALS:
    void startRequested();
    void message(const QString& text);

private:
    /// The tests to run on each configuration, and the user's own command.
    void makeTests(QVBoxLayout* layout);
    /// How long and how often: repeats, time, size, ramp, file system, and makeArrayOptions().
    void makeLimits(QVBoxLayout* layout);
    /// The disks' write caches, where on the arrays the tests run, md's stripe cache, the disks alone
    /// first, the failure drill.
    void makeArrayOptions(QFormLayout* form);
    /// Open, Save, Show commands, Start the run.
    void makeButtons(QVBoxLayout* outer);
    void showCommands();
    void updateStableText();
    void updateSummary();

    CanvasModel* m_canvas;
    Session* m_session;
    QList<std::pair<QString, QCheckBox*>> m_tests;
    QCheckBox* m_command;
    QLineEdit* m_commandLine;
    QSpinBox* m_commandRepeats;
    QSpinBox* m_repeats;
    QSpinBox* m_seconds;
    QComboBox* m_size;
    QDoubleSpinBox* m_ramp;
    QComboBox* m_filesystem;
    QComboBox* m_writeCache;
    QComboBox* m_region;
    QComboBox* m_stripeCache; ///< md's stripe cache: its own, one value, or a sweep ("256,1024,4096")
    QCheckBox* m_baselines;
    QCheckBox* m_drill;
    QCheckBox* m_stable;
    /// The stable bounds and resync choice of the plan last opened (the page's defaults otherwise):
    /// a plan opened and saved again keeps what it said.
    StableSpec m_stableSpec {0.05, 5}; ///< as raidbench-cli lab demo: a figure ranked is a figure that held
    ResyncPolicy m_resync = ResyncPolicy::Wait;
    QLabel* m_summary;
};

} // namespace RaidBench::Ui

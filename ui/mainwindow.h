#pragma once

#include "answer/quickanswerflow.h"
#include "disks/confirmeddisk.h"
#include "disks/disk.h"
#include "helper/sshtarget.h"
#include "lab/labmachine.h"
#include "results/campaignresults.h"
#include "util/result.h"

#include <QElapsedTimer>
#include <QMainWindow>

#include <functional>
#include <optional>

class QFrame;
class QLabel;
class QPushButton;
class QSplitter;
class QTabBar;
class QTabWidget;
class QTimer;

namespace RaidBench {
class Session;
}

namespace RaidBench::Ui {

class ArrayCanvas;
class CanvasModel;
class DiskPoolWidget;
class PlanPage;
class ResultsPage;
class RunPage;
class RunResultsFile;
class DisksPage;
class BuildPage;

/// The desktop program's window: Disks -> Build -> Plan -> Run -> Results, the disk pool beside the
/// first two, a banner in lab mode, the helper's transport and host in the status bar.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    enum Step { DisksStep, BuildStep, PlanStep, RunStep, ResultsStep };

    /// `session`: the window's connection to the helper (tests pass one over a scripted link);
    /// the window takes ownership.
    explicit MainWindow(Session* session = nullptr, QWidget* parent = nullptr);
    ~MainWindow() override;

    void showStep(Step step);
    Step currentStep() const;
    /// The button in the status bar that offers the next page when a run or a measurement ends: the
    /// window never changes page by itself while the user may be clicking on another one.
    QPushButton* nextStepButton() const { return m_nextStep; }

    /// Starts the real helper: as a child when root, through pkexec otherwise.
    void connectHelper();
    /// Starts the lab VM and the helper inside it.
    void startLab(const LabOptions& options);
    /// Works on another machine's disks: its helper, over ssh.
    void connectRemote(const SshTarget& target, const QString& remoteHelper);
    /// Runs the plan page's plan: checks it, asks before destroying real disks, starts it.
    void startRun();
    /// Measures the given disks alone (baselines only).
    void measureDisks(const QStringList& disks);
    /// Reads `disks` across their surface (read only) and shows the chart.
    void scanSurface(const QStringList& disks);
    /// The quick answer: `disks` measured alone and together, every layout predicted and ranked for the
    /// Answer tab's requirements, the best two built and measured; the Answer tab shows both kinds.
    void quickAnswer(const QStringList& disks);

    /// Asks before destroying real disks; tests replace it. Default: DestroyConfirmDialog.
    std::function<bool(const QList<Disk>&)> confirmDestroy;

    Session* session() const { return m_session; }
    CanvasModel* canvasModel() const { return m_canvasModel; }
    ArrayCanvas* canvas() const { return m_canvas; }
    DiskPoolWidget* pool() const { return m_pool; }
    PlanPage* planPage() const { return m_plan; }
    RunPage* runPage() const { return m_run; }
    ResultsPage* resultsPage() const { return m_results; }
    QLabel* labBanner() const { return m_banner; }
    /// The last message shown to the user (status bar or page).
    QString lastMessage() const { return m_lastMessage; }
    /// Where the running (or last) run's results are written.
    QString runResultsPath() const;
    /// The text the quit dialog shows during a run.
    QString quitQuestion() const;
    /// Returns once the run's results file holds the newest results (they are written off the
    /// window's thread).
    void waitForResultsWritten();
    /// Opens a results file (Results page) or a plan file (onto the canvas), whichever it is: what a
    /// file dropped on the window does.
    Result<void> openFile(const QString& path);
    /// Opens the plan file `path` once the helper is connected and sees disks, and starts it (real
    /// disks still ask for the confirmation).
    void runPlanWhenReady(const QString& path);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    /// The pool, the canvas and the five steps' pages, and the tab bar above them.
    void makePages();
    /// The banner that says the disks are the lab's.
    void makeBanner();
    /// The window's layout and its status bar (the offered next step, how the helper is reached).
    void makeCentral();
    /// The session's and the results file's events: disks, messages, results as they come.
    void connectSession();
    /// What the pages ask for: measuring, menus, messages, a run.
    void connectPages();
    /// While the lab starts: the seconds so far; once it answered, how long it took.
    void tickLabStart();
    /// A run ended: its results shown (or the last completed run kept), the next step offered.
    void runFinished(const RaidBench::CampaignResults& finished, const QString& error);
    void makeMenus();
    void showMessage(const QString& text, bool problem = false);
    /// Clears the status bar: what it said (a refusal too) no longer stands.
    void clearStandingMessage();
    /// Offers `step` (and on the Results page `resultsTab`, -1 for as it is) with the button's `label`;
    /// the offer goes when taken, when the user goes there, or when the next run starts.
    void offerStep(Step step, const QString& label, int resultsTab = -1);
    void updateConnection();
    void updateDisksPage();
    void showAddMenu(const QStringList& disks, const QPoint& globalPos);
    void addToCard(const QStringList& disks, const QList<int>& card);
    void openLabDialog();
    void openRemoteDialog();
    void restoreSettings();
    void saveSettings() const;
    bool diskKnown(const QString& path) const;

    Session* m_session;
    CanvasModel* m_canvasModel;
    DiskPoolWidget* m_pool;
    ArrayCanvas* m_canvas;
    PlanPage* m_plan;
    RunPage* m_run;
    ResultsPage* m_results;
    QTabWidget* m_steps;
    QTabBar* m_stepBar;
    RunResultsFile* m_runFile; ///< the running (or last) run's results file
    QSplitter* m_splitter;
    QLabel* m_banner;
    QLabel* m_transport;
    QPushButton* m_nextStep;
    QTimer* m_labTicker; ///< while the lab starts: the seconds so far, said every second
    QElapsedTimer m_labClock;
    /// The completed run the Results page showed when a run started: back in front if that run is
    /// cancelled or fails (the cancelled one stays in its file and in Recent).
    std::optional<std::pair<CampaignResults, QString>> m_frontBeforeRun;
    Step m_offeredStep = ResultsStep;
    int m_offeredTab = -1;
    DisksPage* m_disksPage = nullptr;
    BuildPage* m_buildPage = nullptr;
    QString m_lastMessage;
    QString m_canvasError; ///< the canvas's last refusal, cleared by its next success
    QJsonObject m_pendingPlan; ///< the last session's plan, put on the canvas once its disks are seen
    QString m_planToRun; ///< --run: the plan file to open and start once the disks are seen
    bool m_measureRun = false;
    bool m_surfaceRun = false;
    /// A quick answer under way (core's flow decides each run) and its disks as the user confirmed them,
    /// for every run.
    struct QuickRun
    {
        QuickAnswerFlow flow;
        QList<RaidBench::ConfirmedDisk> confirmed;
    };
    std::optional<QuickRun> m_quick;

    /// After a run of a quick answer ended: starts its second run, or finishes it. False when the run
    /// failed or was cancelled, and the usual ending applies.
    bool continueQuickAnswer(const RaidBench::CampaignResults& results, const QString& error);
    /// Starts the run of a quick answer's Build step; false when the helper refused it.
    bool startQuickBuild(const RaidBench::QuickAnswerFlow::Step& step);
    /// Asks before measuring `paths` destroys their data (not on the lab's disks): the disks as the user
    /// confirmed them; nothing and a message when the user says no or a path is not listed.
    std::optional<QList<RaidBench::ConfirmedDisk>> confirmMeasuring(const QStringList& paths);
    /// Saves and shows the quick answer's results, with the comparison, on the Answer tab.
    void finishQuickAnswer(const RaidBench::CampaignResults& answered);
    /// What a run's results are in the window: a quick answer's second run beside its first.
    RaidBench::CampaignResults shownResults(const RaidBench::CampaignResults& results) const;

    /// A new file in the results folder for the run about to start; false (and a message) if the
    /// results could not be kept, so the run does not start.
    bool beginResultsFile(const QString& name);
    void keepResults(const RaidBench::CampaignResults& results);
};

} // namespace RaidBench::Ui

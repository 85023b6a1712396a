#pragma once

#include "answer/requirements.h"
#include "disks/disk.h"
#include "helper/sshtarget.h"
#include "lab/labmachine.h"
#include "results/campaignresults.h"
#include "util/result.h"

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
class RunStarter;
class HelperConnector;
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
    /// Asks what a quick answer is for, from the Answer tab's requirements, for a number of disks; none
    /// when the user cancelled. Tests replace it. Default: QuickAnswerDialog.
    std::function<std::optional<Requirements>(const Requirements&, qsizetype)> askRequirements;

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
    /// What the runs ask of the window: messages, the Run page, the next step offered.
    void connectRuns();
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
    RunStarter* m_runs = nullptr; ///< starts the runs and follows them to their end
    QSplitter* m_splitter;
    QLabel* m_banner;
    QLabel* m_transport;
    QPushButton* m_nextStep;
    HelperConnector* m_connector = nullptr; ///< this machine's helper, the lab, another machine
    Step m_offeredStep = ResultsStep;
    int m_offeredTab = -1;
    DisksPage* m_disksPage = nullptr;
    BuildPage* m_buildPage = nullptr;
    QString m_lastMessage;
    QString m_canvasError; ///< the canvas's last refusal, cleared by its next success
    QJsonObject m_pendingPlan; ///< the last session's plan, put on the canvas once its disks are seen
    QString m_planToRun; ///< --run: the plan file to open and start once the disks are seen
};

} // namespace RaidBench::Ui

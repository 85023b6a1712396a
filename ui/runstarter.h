#pragma once

#include "answer/quickanswerflow.h"
#include "disks/confirmeddisk.h"
#include "disks/disk.h"
#include "results/campaignresults.h"

#include <QObject>

#include <functional>
#include <optional>

namespace RaidBench {
class Session;
}

namespace RaidBench::Ui {

class PlanPage;
class ResultsPage;
class RunPage;
class RunResultsFile;

/// Starts the window's runs and follows each to its end: the Plan page's plan, the disks measured
/// alone, a surface scan, and the quick answer (core's QuickAnswerFlow decides each of its runs).
/// It asks before destroying real disks, opens the run's results file, keeps and shows what comes,
/// and says what the window should offer next; the window shows the pages and the messages.
class RunStarter final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunStarter)

public:
    /// The pages a run reads from and shows on, and the file its results go to (all the window's).
    struct Pages
    {
        Session* session = nullptr;
        PlanPage* plan = nullptr;
        RunPage* run = nullptr;
        ResultsPage* results = nullptr;
        RunResultsFile* file = nullptr;
    };
    /// What a finished run offers the user next.
    enum class Offer { Results, Answer, Disks, SurfaceChart };

    /// `confirmDestroy` asks before real disks are destroyed: the window's, which tests replace.
    /// `askRequirements` asks what a quick answer is for (the window's QuickAnswerDialog, which tests
    /// replace).
    using AskRequirements = std::function<std::optional<Requirements>(const Requirements&, qsizetype)>;
    RunStarter(const Pages& pages, const std::function<bool(const QList<Disk>&)>& confirmDestroy,
               const AskRequirements& askRequirements, QObject* parent = nullptr);

    /// Runs the Plan page's plan: checks it, asks before destroying real disks, starts it.
    void startRun();
    /// Measures `paths` alone (baselines only).
    void measureDisks(const QStringList& paths);
    /// Reads `paths` across their surface (read only).
    void scanSurface(const QStringList& paths);
    /// The quick answer over `paths`, for the requirements the user gives (from the Answer tab's, which
    /// then show them).
    void quickAnswer(const QStringList& paths);

    /// Results as they come from the helper: kept in the run's file and shown.
    void showPartial(const RaidBench::CampaignResults& partial);
    /// A run ended (RunPage::finished): the quick answer's next run, or the results shown and kept.
    void runFinished(const RaidBench::CampaignResults& finished, const QString& error);

Q_SIGNALS:
    void message(const QString& text, bool problem);
    /// What the status bar said (a refusal too) no longer stands.
    void messageCleared();
    /// A run started: the Run page is where it shows.
    void runStarted();
    /// Nothing is connected: the Disks page is where to connect.
    void disksNeeded();
    void offer(RaidBench::Ui::RunStarter::Offer what);

private:
    /// What a run is: the plan's, the disks measured alone, a surface scan, or a quick answer (measured as
    /// the disks alone first, then its builds; it ends as a plan's run does).
    enum class Kind { Plan, Measure, Surface, Quick };

    /// The disks as the user confirmed them for measuring `paths` (asked on real disks); none, and a
    /// message, when the user says no or a path is not listed.
    std::optional<QList<RaidBench::ConfirmedDisk>> confirmMeasuring(const QStringList& paths);
    /// Starts `plan` on `confirmed`, of `kind`: the session runs it, the Run page follows it.
    void begin(const RaidBench::CampaignPlan& plan, const QList<RaidBench::ConfirmedDisk>& confirmed, Kind kind);
    /// A new file in the results folder for the run about to start; false (and a message) if the
    /// results could not be kept, so the run does not start.
    bool beginResultsFile(const QString& name);
    void keepResults(const RaidBench::CampaignResults& results);
    /// A run is under way: said, and true.
    bool refuseWhileRunning();
    /// Says `why` when there are too few disks, else refuses while a run is in progress; true when refused.
    bool refuse(bool tooFewDisks, const QString& why);

    /// After a run of a quick answer ended: starts its next run, or finishes it. False when the run
    /// failed or was cancelled, and the usual ending applies.
    bool continueQuickAnswer(const RaidBench::CampaignResults& results, const QString& error);
    /// Starts the run of a quick answer's Build step; false when the helper refused it.
    bool startQuickBuild(const RaidBench::QuickAnswerFlow::Step& step);
    /// Saves and shows the quick answer's results, with the comparison, on the Answer tab.
    void finishQuickAnswer(const RaidBench::CampaignResults& answered);
    /// What a run's results are in the window: a quick answer's later runs beside its first.
    RaidBench::CampaignResults shownResults(const RaidBench::CampaignResults& results) const;
    /// The run ended, not a quick answer's: what it offers, and what the status bar says.
    void endRun(const RaidBench::CampaignResults& results, const QString& error);

    Pages m_pages;
    const std::function<bool(const QList<Disk>&)>& m_confirmDestroy;
    const AskRequirements& m_askRequirements;
    Kind m_kind = Kind::Plan;
    /// The completed run the Results page showed when a run started: back in front if that run is
    /// cancelled or fails (the cancelled one stays in its file and in Recent).
    std::optional<std::pair<RaidBench::CampaignResults, QString>> m_frontBeforeRun;
    /// A quick answer under way and its disks as the user confirmed them, for every run.
    struct QuickRun
    {
        RaidBench::QuickAnswerFlow flow;
        QList<RaidBench::ConfirmedDisk> confirmed;
    };
    std::optional<QuickRun> m_quick;
};

} // namespace RaidBench::Ui

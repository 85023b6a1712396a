#include "runstarter.h"

#include "client/session.h"
#include "displaynumbers.h"
#include "planpage.h"
#include "results/answerpanel.h"
#include "results/resultsfiles.h"
#include "results/resultspage.h"
#include "runpage.h"
#include "runresultsfile.h"
#include "util/errorcodes.h"

#include <QFileInfo>
#include <QSysInfo>

namespace RaidBench::Ui {

RunStarter::RunStarter(const Pages& pages, const std::function<bool(const QList<Disk>&)>& confirmDestroy,
                       const AskRequirements& askRequirements, QObject* parent)
    : QObject(parent)
    , m_pages(pages)
    , m_confirmDestroy(confirmDestroy)
    , m_askRequirements(askRequirements)
{ }

bool RunStarter::refuseWhileRunning()
{
    if (!m_pages.session->campaignRunning()) {
        return false;
    }
    Q_EMIT message(tr("A run is in progress."), true);
    return true;
}

bool RunStarter::refuse(bool tooFewDisks, const QString& why)
{
    if (tooFewDisks) {
        Q_EMIT message(why, true);
        return true;
    }
    return refuseWhileRunning();
}

void RunStarter::startRun()
{
    if (refuseWhileRunning()) {
        return;
    }
    Session* session = m_pages.session;
    if (!session->isConnected()) {
        Q_EMIT message(tr("RaidBench is not connected to any disks: connect (Disks page) or start the virtual lab."),
                       true);
        Q_EMIT disksNeeded();
        return;
    }
    const auto plan = m_pages.plan->plan();
    if (!plan) {
        Q_EMIT message(ErrorCode::userText(plan.error()), true);
        return;
    }
    QList<Disk> disks;
    for (const QString& path : plan->disks) {
        const Disk* disk = session->disk(path);
        if (!disk) {
            Q_EMIT message(
                tr("%1 is not among the disks the helper sees; rescan, or remove it from the canvas.").arg(path), true);
            return;
        }
        disks.append(*disk);
    }
    if (!session->isLab() && !m_confirmDestroy(disks)) {
        Q_EMIT message(tr("The run was not started; nothing was touched."), false);
        return;
    }
    // The disks as the dialog showed them: a disk list that came in while it was open may name others.
    QList<ConfirmedDisk> confirmed;
    for (qsizetype i = 0; i < disks.size(); ++i) {
        confirmed.append(ConfirmedDisk::fromDisk(disks.at(i), plan->disks.at(i)));
    }
    QStringList names;
    for (const ConfigSpec& config : plan->configurations) {
        names.append(config.name);
    }
    if (!beginResultsFile(names.join(QLatin1Char('-')))) {
        return;
    }
    m_frontBeforeRun.reset();
    const CampaignResults& shown = m_pages.results->results();
    if (shown.status == RunState::Completed && !shown.configs.isEmpty()) {
        m_frontBeforeRun.emplace(shown, m_pages.results->source());
    }
    begin(*plan, confirmed, Kind::Plan);
}

std::optional<QList<ConfirmedDisk>> RunStarter::confirmMeasuring(const QStringList& paths)
{
    // Taken before the dialog: what it shows is what is confirmed, whatever disk list comes in meanwhile.
    auto confirmed = m_pages.session->confirmations(paths);
    if (!confirmed) {
        Q_EMIT message(confirmed.error().message, true);
        return std::nullopt;
    }
    QList<Disk> disks;
    for (const QString& path : paths) {
        disks.append(*m_pages.session->disk(path));
    }
    if (!m_pages.session->isLab() && !m_confirmDestroy(disks)) {
        Q_EMIT message(tr("Nothing was measured; nothing was touched."), false);
        return std::nullopt;
    }
    return *confirmed;
}

void RunStarter::begin(const CampaignPlan& plan, const QList<ConfirmedDisk>& confirmed, Kind kind)
{
    m_kind = kind;
    if (kind == Kind::Measure || kind == Kind::Quick) {
        m_pages.session->measureDisks(plan, confirmed);
    } else {
        m_pages.session->runCampaign(plan, confirmed);
        Q_EMIT messageCleared(); // a refusal from before this run no longer stands
    }
    m_pages.run->start(plan);
    Q_EMIT runStarted();
}

void RunStarter::measureDisks(const QStringList& paths)
{
    if (refuse(paths.isEmpty(), tr("No usable disk to measure."))) {
        return;
    }
    const auto confirmed = confirmMeasuring(paths);
    if (!confirmed) {
        return;
    }
    const CampaignPlan plan = m_pages.plan->baselinePlan(paths);
    if (!beginResultsFile(QStringLiteral("disks"))) {
        return;
    }
    begin(plan, *confirmed, Kind::Measure);
}

void RunStarter::quickAnswer(const QStringList& paths)
{
    if (refuse(paths.size() < 2,
               tr("A quick answer needs at least two usable disks: select them, or select none "
                  "to use every usable one."))) {
        return;
    }
    const auto wanted = m_askRequirements(m_pages.results->answerPanel()->requirements(), paths.size());
    if (!wanted) {
        Q_EMIT message(tr("Nothing was measured; nothing was touched."), false);
        return;
    }
    const auto confirmed = confirmMeasuring(paths);
    if (!confirmed) {
        return;
    }
    if (!beginResultsFile(QStringLiteral("answer"))) {
        return;
    }
    // The Answer tab, its chart and the reports rank for what the answer was asked for.
    m_pages.results->answerPanel()->applyRequirements(*wanted);
    m_quick.emplace(QuickRun {QuickAnswerFlow(m_pages.plan->baselinePlan(paths), *wanted), *confirmed});
    // Measured like the disks alone, but a quick answer's end is its own (runFinished).
    begin(m_quick->flow.measurePlan(), m_quick->confirmed, Kind::Quick);
}

void RunStarter::scanSurface(const QStringList& paths)
{
    if (refuse(paths.isEmpty(), tr("No disk to read: select one, or connect to a machine with a usable disk."))) {
        return;
    }
    // Read only: nothing is destroyed, so nothing is asked; the helper still refuses a disk in use.
    CampaignPlan plan = m_pages.plan->baselinePlan(paths);
    plan.baselines = false;
    plan.surface.points = SurfaceSpec::defaultPoints;
    if (!beginResultsFile(QStringLiteral("surface"))) {
        return;
    }
    // It writes nothing, so nothing is asked; it still names each disk as the window shows it now.
    const auto confirmed = m_pages.session->confirmations(plan.disks);
    if (!confirmed) {
        Q_EMIT message(confirmed.error().message, true);
        return;
    }
    begin(plan, *confirmed, Kind::Surface);
}

bool RunStarter::startQuickBuild(const QuickAnswerFlow::Step& step)
{
    // The disks confirmed for the measurement, as they were then: never looked up again.
    m_pages.session->runCampaign(step.plan, m_quick->confirmed);
    Q_EMIT messageCleared(); // a refusal from before this run no longer stands
    if (!m_pages.session->campaignRunning()) {
        // The helper refused or is gone (Session said why): what was measured so far is what there is.
        return false;
    }
    m_quick->flow.buildStarted(step);
    m_pages.run->start(step.plan);
    Q_EMIT message(step.extra
                       ? tr("Measured, the layouts built fell behind %1, which the model puts first: building it too.")
                             .arg(step.names.join(QStringLiteral(", ")))
                       : tr("The disks are measured; building the best %n of the layouts the model ranked: %1.", "",
                            int(step.names.size()))
                             .arg(step.names.join(QStringLiteral(", "))),
                   false);
    return true;
}

bool RunStarter::continueQuickAnswer(const CampaignResults& results, const QString& error)
{
    if (!error.isEmpty() || results.status != RunState::Completed) {
        return false;
    }
    std::optional<QuickAnswerFlow::Step> step = m_quick->flow.runCompleted(results);
    if (step->next == QuickAnswerFlow::Step::Next::Build && !startQuickBuild(*step)) {
        step = m_quick->flow.buildRefused(*step);
        if (!step) {
            m_quick.reset();
            return false;
        }
    }
    if (step->next == QuickAnswerFlow::Step::Next::Finish) {
        finishQuickAnswer(step->results);
    }
    return true;
}

void RunStarter::finishQuickAnswer(const CampaignResults& answered)
{
    const QuickAnswer& answer = m_quick->flow.answer();
    keepResults(answered);
    m_pages.results->setResults(answered, QFileInfo(m_pages.file->path()).fileName());
    Q_EMIT offer(Offer::Answer);
    const QString first = answer.firstAfter.isEmpty() ? tr("no layout qualifies") : answer.firstAfter;
    const QString said = answer.verified.isEmpty()
        ? tr("Quick answer: %1, from the model alone (nothing built). Took %2.")
              .arg(first, Display::formatRoughDuration(answer.seconds()))
        : tr("Quick answer: %1 first. Took %2; building all %3 layouts with the same tests would take "
             "about %4.")
              .arg(first, Display::formatRoughDuration(answer.seconds()), QString::number(answer.layouts),
                   Display::formatRoughDuration(answer.fullEstimateSeconds()));
    Q_EMIT message(said, false);
    // The Run page ended on the last of the quick answer's runs: it says what the whole answer took.
    m_pages.run->describeEnd(said, answer.seconds());
    m_quick.reset();
}

CampaignResults RunStarter::shownResults(const CampaignResults& results) const
{
    return m_quick ? m_quick->flow.shown(results) : results;
}

void RunStarter::showPartial(const CampaignResults& partial)
{
    const CampaignResults results = shownResults(partial);
    keepResults(results);
    m_pages.results->setResults(results, QFileInfo(m_pages.file->path()).fileName());
}

void RunStarter::runFinished(const CampaignResults& finished, const QString& error)
{
    if (m_quick && continueQuickAnswer(finished, error)) {
        return;
    }
    const CampaignResults results = shownResults(finished);
    m_quick.reset();
    keepResults(results);
    if (!results.configs.isEmpty() || !results.disks.isEmpty()) {
        m_pages.results->setResults(results, QFileInfo(m_pages.file->path()).fileName());
    }
    endRun(results, error);
    m_kind = Kind::Plan;
}

void RunStarter::endRun(const CampaignResults& results, const QString& error)
{
    ResultsPage* page = m_pages.results;
    const bool planRun = m_kind == Kind::Plan || m_kind == Kind::Quick;
    if (m_frontBeforeRun && results.status != RunState::Completed && planRun) {
        // A cancelled or failed run does not push the last completed one out of the Results page: it
        // is in its file (File > Recent) for whoever wants it.
        page->setResults(m_frontBeforeRun->first, m_frontBeforeRun->second);
    }
    m_frontBeforeRun.reset();
    // The next page is offered, never forced: the user may be clicking on another one.
    if (error.isEmpty() && planRun && results.status == RunState::Completed) {
        Q_EMIT offer(Offer::Results);
    }
    if (m_kind == Kind::Measure && error.isEmpty()) {
        Q_EMIT offer(Offer::Disks);
    }
    if (m_kind == Kind::Surface) {
        // Cancelled or stopped too: the points read are charted.
        page->showDetail(QStringLiteral("surface"));
        Q_EMIT offer(Offer::SurfaceChart);
    }
    const QString kept =
        results.status != RunState::Completed && planRun && page->results().status == RunState::Completed
        ? tr(" It is kept in %1 (File > Recent); the Results page still shows the last completed run.")
              .arg(QFileInfo(m_pages.file->path()).fileName())
        : QString();
    Q_EMIT message((error.isEmpty() ? tr("The run ended: %1.").arg(Display::runStatus(results.status))
                                    : tr("The run stopped: %1").arg(error)) +
                       kept,
                   !error.isEmpty());
}

bool RunStarter::beginResultsFile(const QString& name)
{
    Session* session = m_pages.session;
    const QString host = !session->remoteHost().isEmpty() ? session->remoteHost()
        : session->isLab()                                ? QStringLiteral("lab")
                                                          : QSysInfo::machineHostName();
    auto path = m_pages.file->begin(host, name);
    if (!path) {
        Q_EMIT message(tr("The run was not started, because its results could not be kept: %1. Make the folder "
                          "writable, or point RAIDBENCH_RESULTS_DIR at one that is.")
                           .arg(path.error().message),
                       true);
        return false;
    }
    m_pages.results->files()->setCurrentFile(*path);
    return true;
}

void RunStarter::keepResults(const CampaignResults& results)
{
    m_pages.file->keep(results, m_pages.session->campaignRunning());
}

} // namespace RaidBench::Ui

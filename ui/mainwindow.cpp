#include "mainwindow.h"

#include "arraycanvas.h"
#include "buildpage.h"
#include "canvasmodel.h"
#include "client/session.h"
#include "confirmdialog.h"
#include "diskpool.h"
#include "diskspage.h"
#include "helpdialogs.h"
#include "helperconnector.h"
#include "planpage.h"
#include "quickanswerdialog.h"
#include "recentfolder.h"
#include "results/resultsfiles.h"
#include "results/resultsfolder.h"
#include "results/resultspage.h"
#include "runpage.h"
#include "runresultsfile.h"
#include "runstarter.h"
#include "util/errorcodes.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDesktopServices>
#include <QDir>
#include <QDropEvent>
#include <QEventLoop>
#include <QFile>
#include <QFileDialog>
#include <QJsonDocument>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTimer>
#include <QUndoStack>
#include <QUrl>
#include <QVBoxLayout>

namespace RaidBench::Ui {

MainWindow::MainWindow(Session* session, QWidget* parent)
    : QMainWindow(parent)
    , m_session(session ? session : new Session)
    , m_canvasModel(new CanvasModel(this))
    , m_steps(new QTabWidget(this))
    , m_stepBar(new QTabBar(this))
    , m_runFile(new RunResultsFile(this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_banner(new QLabel(this))
    , m_transport(new QLabel(this))
    , m_nextStep(new QPushButton(this))
{
    m_session->setParent(this);
    setWindowTitle(tr("RaidBench"));
    setWindowIcon(QIcon(QStringLiteral(":/raidbench/io.github.raidbench.svg")));
    confirmDestroy = [this](const QList<Disk>& disks) {
        return DestroyConfirmDialog::ask(disks, m_session->remoteHost(), this);
    };
    askRequirements = [this](const Requirements& requirements, qsizetype disks) {
        return QuickAnswerDialog::ask(requirements, disks, this);
    };

    makePages();
    makeBanner();
    makeCentral();
    makeMenus();
    setAcceptDrops(true); // results and plan files dropped on the window
    connectSession();
    connectPages();
    restoreSettings();
    updateConnection();
    updateDisksPage();
}

MainWindow::~MainWindow() = default; // RunResultsFile waits for its last write

void MainWindow::makePages()
{
    m_pool = new DiskPoolWidget(m_session, m_splitter);
    m_canvas = new ArrayCanvas(m_canvasModel, BuildPage::canvasContext(m_session), this);
    m_plan = new PlanPage(m_canvasModel, m_session, this);
    m_run = new RunPage(m_session, this);
    m_results = new ResultsPage(this);
    m_connector = new HelperConnector(m_session, this);
    m_runs = new RunStarter({m_session, m_plan, m_run, m_results, m_runFile}, confirmDestroy, askRequirements, this);

    m_steps->setObjectName(QStringLiteral("steps"));
    m_disksPage = new DisksPage(m_session, this);
    m_disksPage->setPool(m_pool->model());
    connect(m_disksPage, &DisksPage::connectRequested, m_connector, &HelperConnector::connectHelper);
    connect(m_disksPage, &DisksPage::labRequested, m_connector, &HelperConnector::openLabDialog);
    connect(m_disksPage, &DisksPage::remoteRequested, m_connector, &HelperConnector::openRemoteDialog);
    connect(m_disksPage, &DisksPage::surfaceRequested, this, &MainWindow::scanSurface);
    connect(m_disksPage, &DisksPage::quickAnswerRequested, this, &MainWindow::quickAnswer);
    m_buildPage = new BuildPage(m_session, m_canvasModel, m_canvas, m_pool, this);
    connect(m_buildPage, &BuildPage::nextRequested, this, [this] { showStep(PlanStep); });
    m_steps->addTab(m_disksPage, tr("&1 Disks"));
    m_steps->addTab(m_buildPage, tr("&2 Build"));
    m_steps->addTab(m_plan, tr("&3 Plan"));
    m_steps->addTab(m_run, tr("&4 Run"));
    m_steps->addTab(m_results, tr("&5 Results"));
    m_steps->setDocumentMode(true);
    // The steps' tabs sit above the pool and the pages, across the window: they stay where they are
    // when the pool hides on the later steps.
    m_stepBar->setObjectName(QStringLiteral("stepBar"));
    m_stepBar->setDocumentMode(true);
    m_stepBar->setExpanding(false);
    for (int i = 0; i < m_steps->count(); ++i) {
        m_stepBar->addTab(m_steps->tabText(i));
    }
    m_steps->tabBar()->hide();
    connect(m_stepBar, &QTabBar::currentChanged, m_steps, &QTabWidget::setCurrentIndex);
    connect(m_steps, &QTabWidget::currentChanged, m_stepBar, &QTabBar::setCurrentIndex);
    m_splitter->addWidget(m_pool);
    m_splitter->addWidget(m_steps);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setSizes({300, 900});
}

void MainWindow::makeBanner()
{
    m_banner->setObjectName(QStringLiteral("labBanner"));
    m_banner->setText(tr("<b>Virtual lab:</b> these disks are virtual (files in a qemu VM). Nothing on this machine's "
                         "own disks is touched; what you measure here is the lab's throttles, not real hardware."));
    m_banner->setWordWrap(true);
    m_banner->setMargin(6);
    m_banner->setAutoFillBackground(true);
    QPalette bannerPalette = m_banner->palette();
    bannerPalette.setColor(QPalette::Window, QColor(0xf5, 0xc2, 0x42));
    bannerPalette.setColor(QPalette::WindowText, Qt::black);
    m_banner->setPalette(bannerPalette);
    m_banner->hide();
}

void MainWindow::makeCentral()
{
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_banner);
    layout->addWidget(m_stepBar);
    layout->addWidget(m_splitter, 1);
    setCentralWidget(central);
    m_transport->setObjectName(QStringLiteral("transportLabel"));
    m_nextStep->setObjectName(QStringLiteral("nextStepButton"));
    m_nextStep->hide();
    connect(m_nextStep, &QPushButton::clicked, this, [this] {
        m_nextStep->hide();
        showStep(m_offeredStep);
        if (m_offeredStep == ResultsStep && m_offeredTab >= 0) {
            m_results->tabs()->setCurrentIndex(m_offeredTab);
        }
    });
    connect(m_steps, &QTabWidget::currentChanged, this, [this](int index) {
        if (index == int(m_offeredStep)) {
            m_nextStep->hide(); // the user went there on their own
        }
    });
    statusBar()->addPermanentWidget(m_nextStep);
    statusBar()->addPermanentWidget(m_transport);
}

void MainWindow::connectSession()
{
    connect(m_connector, &HelperConnector::message, this, &MainWindow::showMessage);
    connect(m_connector, &HelperConnector::attempted, this, &MainWindow::updateConnection);
    connect(m_session, &Session::connectionChanged, this, &MainWindow::updateConnection);
    connect(m_session, &Session::disksChanged, this, &MainWindow::updateDisksPage);
    connect(m_session, &Session::baselinesChanged, this, &MainWindow::updateDisksPage);
    connect(m_session, &Session::baselinesChanged, m_canvas, &ArrayCanvas::refresh);
    connect(m_session, &Session::errorOccurred, this, [this](const QString& text) { showMessage(text, true); });
    connect(m_session, &Session::helperClosed, this, [this](const QString& why, bool wasConnected) {
        showMessage((wasConnected ? tr("The helper stopped: %1") : tr("Connecting failed: %1")).arg(why), true);
        updateDisksPage();
    });
    connect(
        m_runFile, &RunResultsFile::movedToFallback, this,
        [this](const QString& path, const QString& why, const QString& fallback) {
            showMessage(
                tr("The results could not be written to %1: %2. They go to %3 from now on.").arg(path, why, fallback),
                true);
            m_results->files()->setCurrentFile(fallback); // File > Save and the Recent menu: the file they are in
        });
    connect(m_runFile, &RunResultsFile::writeFailed, this, [this](const QString& path, const QString& why) {
        showMessage(tr("The results could not be written to %1: %2. They are still on the Results page; save "
                       "them elsewhere with File > Save results as.")
                        .arg(path, why),
                    true);
    });
    connect(m_session, &Session::campaignResults, m_runs, &RunStarter::showPartial);
    connect(m_run, &RunPage::finished, m_runs, &RunStarter::runFinished);
    connectRuns();
}

void MainWindow::connectRuns()
{
    connect(m_runs, &RunStarter::message, this, &MainWindow::showMessage);
    connect(m_runs, &RunStarter::messageCleared, this, &MainWindow::clearStandingMessage);
    connect(m_runs, &RunStarter::disksNeeded, this, [this] { showStep(DisksStep); });
    connect(m_runs, &RunStarter::runStarted, this, [this] {
        m_nextStep->hide(); // the last run's offer is over
        showStep(RunStep);
    });
    connect(m_runs, &RunStarter::offer, this, [this](RunStarter::Offer what) {
        switch (what) {
        case RunStarter::Offer::Results:
            offerStep(ResultsStep, tr("Show the results"));
            break;
        case RunStarter::Offer::Answer:
            offerStep(ResultsStep, tr("Show the answer"), ResultsPage::AnswerTab);
            break;
        case RunStarter::Offer::Disks:
            offerStep(DisksStep, tr("Back to the disks"));
            break;
        case RunStarter::Offer::SurfaceChart:
            offerStep(ResultsStep, tr("Show the surface chart"), ResultsPage::DetailsTab);
            break;
        }
    });
}

void MainWindow::connectHelper()
{
    m_connector->connectHelper();
}

void MainWindow::startLab(const LabOptions& options)
{
    m_connector->startLab(options);
}

void MainWindow::connectRemote(const SshTarget& target, const QString& remoteHelper)
{
    m_connector->connectRemote(target, remoteHelper);
}

void MainWindow::startRun()
{
    m_runs->startRun();
}

void MainWindow::measureDisks(const QStringList& paths)
{
    m_runs->measureDisks(paths);
}

void MainWindow::scanSurface(const QStringList& paths)
{
    m_runs->scanSurface(paths);
}

void MainWindow::quickAnswer(const QStringList& paths)
{
    m_runs->quickAnswer(paths);
}

void MainWindow::connectPages()
{
    connect(m_steps, &QTabWidget::currentChanged, this, [this](int index) {
        // The pool is what the first two steps work with; the others get the room.
        m_pool->setVisible(index == DisksStep || index == BuildStep);
    });
    connect(m_pool, &DiskPoolWidget::measureRequested, this, &MainWindow::measureDisks);
    connect(m_pool, &DiskPoolWidget::contextMenuRequested, this, &MainWindow::showAddMenu);
    connect(m_canvas, &ArrayCanvas::noted, this, [this](const QString& text) { showMessage(text, false); });
    connect(m_canvas, &ArrayCanvas::message, this, [this](const QString& text) {
        if (!text.isEmpty()) {
            showMessage(text, true);
        } else if (!m_canvasError.isEmpty() && statusBar()->currentMessage() == m_canvasError) {
            // The next step on the canvas worked: its last refusal no longer stands.
            statusBar()->clearMessage();
            m_lastMessage.clear();
        }
        m_canvasError = text;
    });
    connect(m_plan, &PlanPage::startRequested, this, &MainWindow::startRun);
    connect(m_plan, &PlanPage::message, this, [this](const QString& text) { showMessage(text); });
    connect(m_results, &ResultsPage::message, this, [this](const QString& text) { showMessage(text); });
}

Result<void> MainWindow::openFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return makeError(ErrorCode::ioError, tr("Cannot open %1: %2").arg(path, file.errorString()));
    }
    const QJsonObject json = QJsonDocument::fromJson(file.read(64 * 1024 * 1024)).object();
    if (json.contains(QStringLiteral("raidbench_plan"))) {
        auto loaded = m_plan->loadPlanFile(path);
        if (loaded) {
            showStep(BuildStep);
        }
        return loaded;
    }
    auto opened = m_results->files()->open(path);
    if (opened) {
        showStep(ResultsStep);
    }
    return opened;
}

void MainWindow::runPlanWhenReady(const QString& path)
{
    m_planToRun = path;
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    for (const QUrl& url : event->mimeData()->urls()) {
        if (url.isLocalFile() && url.toLocalFile().endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
            event->acceptProposedAction();
            return;
        }
    }
    QMainWindow::dragEnterEvent(event);
}

void MainWindow::dropEvent(QDropEvent* event)
{
    for (const QUrl& url : event->mimeData()->urls()) {
        if (!url.isLocalFile()) {
            continue;
        }
        const QString path = url.toLocalFile();
        const auto opened = openFile(path);
        showMessage(opened ? tr("Opened %1.").arg(path) : ErrorCode::userText(opened.error()), !opened);
        event->acceptProposedAction();
        return;
    }
    QMainWindow::dropEvent(event);
}

void MainWindow::showStep(Step step)
{
    m_steps->setCurrentIndex(int(step));
}

void MainWindow::offerStep(Step step, const QString& label, int resultsTab)
{
    m_offeredStep = step;
    m_offeredTab = resultsTab;
    m_nextStep->setText(label + QStringLiteral(" \u2192"));
    // Already there: nothing to offer (the Results tab is still chosen by the button's wish).
    if (currentStep() == step && resultsTab < 0) {
        m_nextStep->hide();
        return;
    }
    m_nextStep->show();
}

MainWindow::Step MainWindow::currentStep() const
{
    return Step(m_steps->currentIndex());
}

void MainWindow::showMessage(const QString& text, bool problem)
{
    m_lastMessage = text;
    statusBar()->showMessage(text, problem ? 0 : 8000);
}

void MainWindow::clearStandingMessage()
{
    m_lastMessage.clear();
    statusBar()->clearMessage();
}

bool MainWindow::diskKnown(const QString& path) const
{
    return m_session->disk(path) != nullptr;
}

void MainWindow::showAddMenu(const QStringList& disks, const QPoint& globalPos)
{
    QMenu menu(this);
    QMenu* addTo = menu.addMenu(tr("Add to"));
    addTo->setEnabled(!disks.isEmpty());
    addTo->addAction(tr("New array"), this, [this, disks] { m_canvas->showResult(m_canvasModel->addArray(disks)); });
    for (const CanvasModel::CardPath& path : m_canvasModel->cards()) {
        const ArraySpec* card = m_canvasModel->card(path);
        if (card && !card->isLeaf()) {
            addTo->addAction(m_canvasModel->cardName(path), this, [this, disks, path] { addToCard(disks, path); });
        }
    }
    menu.addAction(tr("Measure"), this, [this, disks] { measureDisks(disks); })->setEnabled(!disks.isEmpty());
    menu.addAction(tr("Read across the surface"), this, [this, disks] { scanSurface(disks); })
        ->setEnabled(!disks.isEmpty());
    menu.exec(globalPos);
}

void MainWindow::addToCard(const QStringList& disks, const QList<int>& card)
{
    m_canvas->showResult(m_canvasModel->addDisks(card, disks));
    showStep(BuildStep);
}

void MainWindow::updateConnection()
{
    m_connector->connectionChanged();
    const bool connected = m_session->isConnected();
    m_banner->setVisible(m_session->isLab());
    if (connected && !m_session->remoteHost().isEmpty()) {
        m_transport->setText(tr("Disks of %1 (over ssh)").arg(m_session->remoteHost()));
    } else if (connected) {
        m_transport->setText(tr("Helper: %1 on %2").arg(m_session->transportName(), m_session->helperHost()));
    } else {
        m_transport->setText(m_session->transportName().isEmpty() ? tr("Helper: not started")
                                 : m_session->linkClosed()
                                 ? tr("Helper: not connected")
                                 : tr("Helper: %1, starting…").arg(m_session->transportName()));
    }
    updateDisksPage();
}

void MainWindow::updateDisksPage()
{
    m_disksPage->refresh(m_lastMessage);
    const QList<Disk>& disks = m_session->disks();
    if (!m_planToRun.isEmpty() && m_session->isConnected() && !disks.isEmpty()) {
        const QString path = std::exchange(m_planToRun, QString());
        m_pendingPlan = {};
        if (auto opened = openFile(path); !opened) {
            showMessage(ErrorCode::userText(opened.error()), true);
        } else {
            QTimer::singleShot(0, this, &MainWindow::startRun);
        }
    }
    // The last session's plan comes back once its disks are here again.
    if (!m_pendingPlan.isEmpty() && !disks.isEmpty()) {
        const QJsonObject pending = m_pendingPlan;
        m_pendingPlan = {};
        auto plan = CampaignPlan::fromJson(pending);
        bool allKnown = plan.ok();
        if (plan) {
            for (const QString& path : plan->disks) {
                allKnown = allKnown && diskKnown(path);
            }
        }
        if (allKnown && m_canvasModel->configs().isEmpty()) {
            if (auto applied = m_plan->applyPlan(*plan); !applied) {
                statusBar()->showMessage(
                    tr("The last plan was not restored: %1").arg(ErrorCode::userText(applied.error())), 8000);
            }
        }
    }
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray())) {
        resize(1280, 800);
    }
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    m_splitter->restoreState(settings.value(QStringLiteral("window/splitter")).toByteArray());
    m_plan->restoreSettings(
        QJsonDocument::fromJson(settings.value(QStringLiteral("plan/settings")).toByteArray()).object());
    m_pendingPlan = QJsonDocument::fromJson(settings.value(QStringLiteral("plan/last")).toByteArray()).object();
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/splitter"), m_splitter->saveState());
    settings.setValue(QStringLiteral("plan/settings"),
                      QJsonDocument(m_plan->settingsJson()).toJson(QJsonDocument::Compact));
    if (const auto plan = m_plan->plan()) {
        settings.setValue(QStringLiteral("plan/last"), QJsonDocument(plan->toJson()).toJson(QJsonDocument::Compact));
    }
}

void MainWindow::waitForResultsWritten()
{
    m_runFile->wait();
}

QString MainWindow::runResultsPath() const
{
    return m_runFile->path();
}

QString MainWindow::quitQuestion() const
{
    return tr("Quitting cancels the run: the helper tears down what it built. Everything measured so far is "
              "kept in %1.")
        .arg(QDir::toNativeSeparators(m_runFile->path()));
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (m_session->campaignRunning()) {
        QMessageBox box(QMessageBox::Question, tr("A run is in progress"), quitQuestion(), QMessageBox::NoButton, this);
        QPushButton* quit = box.addButton(tr("Cancel the run and &quit"), QMessageBox::DestructiveRole);
        QPushButton* stay = box.addButton(tr("&Keep running"), QMessageBox::RejectRole);
        box.setDefaultButton(stay);
        box.exec();
        if (box.clickedButton() != quit) {
            event->ignore();
            return;
        }
        m_session->cancelCampaign();
    }
    saveSettings();
    waitForResultsWritten();
    if (m_session->isLab() && m_session->isConnected()) {
        // Stopping the VM and deleting its disk files takes a while: say so in the window until done,
        // rather than vanish and leave the process busy behind the user's back.
        showMessage(tr("Cleaning up the lab: stopping the VM and deleting its disk files…"));
        centralWidget()->setEnabled(false);
        repaint();
        QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
        m_session->detach();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    }
    event->accept();
}

void MainWindow::makeMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open plan…"), QKeySequence::Open, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Open a plan"), RecentFolder::startPath(QStringLiteral("plans")), tr("Plans (*.json)"));
        RecentFolder::remember(QStringLiteral("plans"), path);
        if (!path.isEmpty()) {
            const auto loaded = m_plan->loadPlanFile(path);
            showMessage(loaded ? tr("Plan %1 opened.").arg(path) : ErrorCode::userText(loaded.error()), !loaded);
        }
    });
    file->addAction(tr("&Save plan…"), QKeySequence::Save, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Save the plan"), RecentFolder::startPath(QStringLiteral("plans"), QStringLiteral("plan.json")),
            tr("Plans (*.json)"));
        RecentFolder::remember(QStringLiteral("plans"), path);
        if (!path.isEmpty()) {
            const auto saved = m_plan->savePlanFile(path);
            showMessage(saved ? tr("Plan saved to %1.").arg(path) : ErrorCode::userText(saved.error()), !saved);
        }
    });
    file->addAction(tr("Open &results…"), this, [this] {
        showStep(ResultsStep);
        m_results->files()->openDialog();
    });
    file->addAction(tr("Save results &as…"), QKeySequence::SaveAs, this, [this] {
        showStep(ResultsStep);
        m_results->files()->saveAsDialog();
    });
    file->addAction(tr("Results &library…"), QKeySequence(Qt::CTRL | Qt::Key_L), this, [this] {
        showStep(ResultsStep);
        m_results->files()->openLibrary();
    });
    file->addAction(tr("Show the results &folder"), this, [] {
        QDir().mkpath(ResultsFolder::path());
        QDesktopServices::openUrl(QUrl::fromLocalFile(ResultsFolder::path()));
    });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_canvasModel->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_canvasModel->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);

    QMenu* go = menuBar()->addMenu(tr("&Go"));
    const QStringList names {tr("Disks"), tr("Build"), tr("Plan"), tr("Run"), tr("Results")};
    for (int i = 0; i < names.size(); ++i) {
        go->addAction(names.at(i), QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)), this,
                      [this, i] { showStep(Step(i)); });
    }

    QMenu* tools = menuBar()->addMenu(tr("&Tools"));
    tools->addAction(tr("&Virtual lab…"), m_connector, &HelperConnector::openLabDialog);
    tools->addAction(tr("&Connect to this machine's disks"), m_connector, &HelperConnector::connectHelper);
    tools->addAction(tr("Connect to &another machine…"), m_connector, &HelperConnector::openRemoteDialog);
    tools->addAction(tr("&Rescan disks"), QKeySequence::Refresh, m_session, &Session::refreshDisks);
    tools->addAction(tr("&Measure disks"), this, [this] { measureDisks(m_pool->disksToMeasure()); });
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&User guide"), QKeySequence::HelpContents, this, [this] { HelpDialogs::guide(this); });
    help->addAction(tr("&Keyboard shortcuts"), this, [this] { HelpDialogs::shortcuts(this, menuBar()); });
    help->addSeparator();
    help->addAction(tr("&About RaidBench"), this, [this] { HelpDialogs::about(this, *m_session); });
}

} // namespace RaidBench::Ui

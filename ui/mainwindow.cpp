#include "mainwindow.h"

#include "arraycanvas.h"
#include "campaign/resultsfolder.h"
#include "canvasmodel.h"
#include "confirmdialog.h"
#include "diskpool.h"
#include "helper/helperclient.h"
#include "labdialog.h"
#include "layout/presets.h"
#include "planpage.h"
#include "resultspage.h"
#include "runpage.h"
#include "session.h"
#include "util/units.h"
#include "version.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDateTime>
#include <QDesktopServices>
#include <QDir>
#include <QDropEvent>
#include <QEventLoop>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
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
#include <QSysInfo>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QThreadPool>
#include <QTimer>
#include <QToolButton>
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
    , m_resultsWriter(new QThreadPool(this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_banner(new QLabel(this))
    , m_transport(new QLabel(this))
{
    m_session->setParent(this);
    setWindowTitle(tr("RaidBench"));
    setWindowIcon(QIcon(QStringLiteral(":/raidbench/io.github.raidbench.svg")));
    confirmDestroy = [this](const QList<Disk>& disks) {
        DestroyConfirmDialog dialog(disks, this);
        return dialog.exec() == QDialog::Accepted;
    };

    m_pool = new DiskPoolWidget(m_session, m_splitter);
    CanvasContext context;
    context.sizeOf = [this](const QString& path) -> std::uint64_t {
        const Disk* disk = m_session->disk(path);
        return disk ? disk->sizeBytes : 0;
    };
    context.controllerOf = [this](const QString& path) {
        const Disk* disk = m_session->disk(path);
        return disk ? disk->controller : QString();
    };
    context.labelOf = [this](const QString& path) {
        const Disk* disk = m_session->disk(path);
        return disk ? disk->name : path.section(QLatin1Char('/'), -1);
    };
    context.baselineOf = [this](const QString& path) { return m_session->baseline(path); };
    context.whyNot = [this](const QString& path) -> QString {
        const Disk* disk = m_session->disk(path);
        if (!disk) {
            return tr("it is not among this machine's disks");
        }
        if (disk->eligible) {
            return {};
        }
        QStringList reasons;
        for (const DiskReason& reason : disk->reasons) {
            reasons.append(reason.message);
        }
        return reasons.join(QStringLiteral("; "));
    };
    m_canvas = new ArrayCanvas(m_canvasModel, context, this);
    m_plan = new PlanPage(m_canvasModel, m_session, this);
    m_run = new RunPage(m_session, this);
    m_results = new ResultsPage(this);

    m_resultsWriter->setMaxThreadCount(1);
    m_steps->setObjectName(QStringLiteral("steps"));
    m_steps->addTab(makeDisksPage(), tr("&1 Disks"));
    m_steps->addTab(makeBuildPage(), tr("&2 Build"));
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

    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_banner);
    layout->addWidget(m_stepBar);
    layout->addWidget(m_splitter, 1);
    setCentralWidget(central);
    m_transport->setObjectName(QStringLiteral("transportLabel"));
    statusBar()->addPermanentWidget(m_transport);
    makeMenus();
    setAcceptDrops(true); // results and plan files dropped on the window

    connect(m_steps, &QTabWidget::currentChanged, this, [this](int index) {
        // The pool is what the first two steps work with; the others get the room.
        m_pool->setVisible(index == DisksStep || index == BuildStep);
    });
    connect(m_session, &Session::connectionChanged, this, &MainWindow::updateConnection);
    connect(m_session, &Session::disksChanged, this, &MainWindow::updateDisksPage);
    connect(m_session, &Session::baselinesChanged, this, &MainWindow::updateDisksPage);
    connect(m_session, &Session::baselinesChanged, m_canvas, &ArrayCanvas::refresh);
    connect(m_session, &Session::errorOccurred, this, [this](const QString& text) { showMessage(text, true); });
    connect(m_session, &Session::helperClosed, this, [this](const QString& why) {
        showMessage(tr("The helper stopped: %1").arg(why), true);
        updateDisksPage();
    });
    connect(m_session, &Session::campaignResults, this, [this](const CampaignResults& results) {
        keepResults(results);
        m_results->setResults(results, QFileInfo(m_runResults).fileName());
    });
    connect(m_run, &RunPage::finished, this, [this](const CampaignResults& results, const QString& error) {
        keepResults(results);
        if (!results.configs.isEmpty() || !results.disks.isEmpty()) {
            m_results->setResults(results, QFileInfo(m_runResults).fileName());
        }
        if (error.isEmpty() && !m_measureRun && results.status == QLatin1String("completed")) {
            showStep(ResultsStep);
        }
        if (m_measureRun && error.isEmpty()) {
            showStep(DisksStep);
        }
        showMessage(error.isEmpty() ? tr("The run ended: %1.").arg(results.status)
                                    : tr("The run stopped: %1").arg(error),
                    !error.isEmpty());
        m_measureRun = false;
    });
    connect(m_pool, &DiskPoolWidget::measureRequested, this, &MainWindow::measureDisks);
    connect(m_pool, &DiskPoolWidget::contextMenuRequested, this, &MainWindow::showAddMenu);
    connect(m_canvas, &ArrayCanvas::message, this, [this](const QString& text) {
        m_buildMessage->setText(text);
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

    restoreSettings();
    updateConnection();
    updateDisksPage();
}

MainWindow::~MainWindow()
{
    waitForResultsWritten(); // nothing measured is lost to a quit
}

QWidget* MainWindow::makeDisksPage()
{
    auto* page = new QWidget(this);
    page->setObjectName(QStringLiteral("disksPage"));
    auto* layout = new QVBoxLayout(page);
    m_disksState = new QLabel(page);
    m_disksState->setObjectName(QStringLiteral("disksState"));
    m_disksState->setWordWrap(true);
    m_disksState->setTextFormat(Qt::RichText);
    layout->addWidget(m_disksState);

    m_firstRun = new QFrame(page);
    m_firstRun->setObjectName(QStringLiteral("firstRunPanel"));
    m_firstRun->setFrameShape(QFrame::StyledPanel);
    auto* firstLayout = new QVBoxLayout(m_firstRun);
    auto* firstText = new QLabel(tr("<b>No disk here can be used.</b> Every disk of this machine is in use or holds "
                                    "data, and RaidBench never writes to those. Try everything on virtual disks "
                                    "instead: the lab starts a small VM with real kernel md and throttled disks."),
                                 m_firstRun);
    firstText->setWordWrap(true);
    firstLayout->addWidget(firstText);
    auto* firstButton = new QPushButton(tr("Try the &virtual lab…"), m_firstRun);
    firstButton->setObjectName(QStringLiteral("firstRunLabButton"));
    connect(firstButton, &QPushButton::clicked, this, &MainWindow::openLabDialog);
    firstLayout->addWidget(firstButton, 0, Qt::AlignLeft);
    m_firstRun->hide();
    layout->addWidget(m_firstRun);

    auto* buttons = new QHBoxLayout;
    m_connectButton = new QPushButton(tr("&Connect to this machine's disks…"), page);
    m_connectButton->setObjectName(QStringLiteral("connectButton"));
    m_connectButton->setToolTip(tr("Starts RaidBench's helper with administrator rights (polkit asks once)."));
    connect(m_connectButton, &QPushButton::clicked, this, &MainWindow::connectHelper);
    auto* lab = new QPushButton(tr("Virtual &lab…"), page);
    connect(lab, &QPushButton::clicked, this, &MainWindow::openLabDialog);
    auto* rescan = new QPushButton(tr("&Rescan"), page);
    connect(rescan, &QPushButton::clicked, m_session, &Session::refreshDisks);
    buttons->addWidget(m_connectButton);
    buttons->addWidget(lab);
    buttons->addWidget(rescan);
    buttons->addStretch(1);
    layout->addLayout(buttons);

    m_diskTable = new QTableWidget(0, 9, page);
    m_diskTable->setObjectName(QStringLiteral("diskTable"));
    m_diskTable->setHorizontalHeaderLabels({tr("Disk"), tr("Model"), tr("Serial"), tr("Size"), tr("Transport"),
                                            tr("Controller"), tr("Write"), tr("Read"), tr("Usable?")});
    m_diskTable->verticalHeader()->hide();
    m_diskTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_diskTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_diskTable->horizontalHeader()->setStretchLastSection(true);
    m_diskTable->setAccessibleName(tr("All disks"));
    layout->addWidget(m_diskTable, 1);
    return page;
}

QWidget* MainWindow::makeBuildPage()
{
    auto* page = new QWidget(this);
    page->setObjectName(QStringLiteral("buildPage"));
    auto* layout = new QVBoxLayout(page);
    auto* bar = new QHBoxLayout;
    auto* add = new QToolButton(page);
    add->setObjectName(QStringLiteral("addDisksButton"));
    add->setText(tr("&Add selected disks"));
    add->setToolTip(tr("The keyboard way of dragging: add the disks selected in the pool to a new array or a card."));
    add->setPopupMode(QToolButton::InstantPopup);
    add->setMenu(new QMenu(add));
    connect(add->menu(), &QMenu::aboutToShow, this, [this, add] {
        add->menu()->clear();
        const QStringList disks = m_pool->selectedDisks();
        QAction* fresh = add->menu()->addAction(
            tr("New array"), this, [this, disks] { m_canvas->showResult(m_canvasModel->addArray(disks)); });
        fresh->setEnabled(!disks.isEmpty());
        for (const CanvasModel::CardPath& path : m_canvasModel->cards()) {
            const ArraySpec* card = m_canvasModel->card(path);
            if (card && !card->isLeaf()) {
                QAction* action = add->menu()->addAction(tr("Add to %1").arg(m_canvasModel->cardName(path)), this,
                                                         [this, disks, path] { addToCard(disks, path); });
                action->setEnabled(!disks.isEmpty());
            }
        }
    });
    auto* presets = new QPushButton(tr("Add the &standard set"), page);
    presets->setObjectName(QStringLiteral("addPresetsButton"));
    presets->setToolTip(tr("Every layout the usable disks allow (or the disks you selected, when two or more), "
                           "members spread across controllers."));
    connect(presets, &QPushButton::clicked, this, [this] {
        // A single clicked disk is not a choice of disks: the set then uses every usable one.
        QStringList paths = m_pool->selectedDisks();
        if (paths.size() < 2) {
            paths.clear();
        }
        QList<PresetDisk> disks;
        for (const Disk& disk : m_session->disks()) {
            const QString path = DiskPoolModel::planPath(disk);
            if (disk.eligible && (paths.isEmpty() || paths.contains(path))) {
                disks.append({path, disk.sizeBytes, disk.controller, disk.name});
            }
        }
        m_canvas->showResult(m_canvasModel->addPresets(disks));
    });
    auto* clear = new QPushButton(tr("C&lear"), page);
    connect(clear, &QPushButton::clicked, m_canvasModel, &CanvasModel::clear);
    bar->addWidget(add);
    bar->addWidget(presets);
    bar->addWidget(clear);
    bar->addStretch(1);
    auto* next = new QPushButton(tr("Next: &plan the run"), page);
    connect(next, &QPushButton::clicked, this, [this] { showStep(PlanStep); });
    bar->addWidget(next);
    layout->addLayout(bar);
    m_buildMessage = new QLabel(page);
    m_buildMessage->setObjectName(QStringLiteral("buildMessage"));
    m_buildMessage->setWordWrap(true);
    layout->addWidget(m_buildMessage);
    layout->addWidget(m_canvas, 1);
    return page;
}

Result<void> MainWindow::openFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return makeError(QStringLiteral("io-error"), tr("Cannot open %1: %2").arg(path, file.errorString()));
    }
    const QJsonObject json = QJsonDocument::fromJson(file.read(64 * 1024 * 1024)).object();
    if (json.contains(QStringLiteral("raidbench_plan"))) {
        auto loaded = m_plan->loadPlanFile(path);
        if (loaded) {
            showStep(BuildStep);
        }
        return loaded;
    }
    auto opened = m_results->open(path);
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
        showMessage(opened ? tr("Opened %1.").arg(path) : opened.error().message, !opened);
        event->acceptProposedAction();
        return;
    }
    QMainWindow::dropEvent(event);
}

void MainWindow::makeMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open plan…"), QKeySequence::Open, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open a plan"), QString(), tr("Plans (*.json)"));
        if (!path.isEmpty()) {
            const auto loaded = m_plan->loadPlanFile(path);
            showMessage(loaded ? tr("Plan %1 opened.").arg(path) : loaded.error().message, !loaded);
        }
    });
    file->addAction(tr("&Save plan…"), QKeySequence::Save, this, [this] {
        const QString path =
            QFileDialog::getSaveFileName(this, tr("Save the plan"), QStringLiteral("plan.json"), tr("Plans (*.json)"));
        if (!path.isEmpty()) {
            const auto saved = m_plan->savePlanFile(path);
            showMessage(saved ? tr("Plan saved to %1.").arg(path) : saved.error().message, !saved);
        }
    });
    file->addAction(tr("Open &results…"), this, [this] {
        showStep(ResultsStep);
        m_results->openDialog();
    });
    file->addAction(tr("Save results &as…"), QKeySequence::SaveAs, this, [this] {
        showStep(ResultsStep);
        m_results->saveAsDialog();
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
    tools->addAction(tr("&Virtual lab…"), this, &MainWindow::openLabDialog);
    tools->addAction(tr("&Connect to this machine's disks"), this, &MainWindow::connectHelper);
    tools->addAction(tr("&Rescan disks"), QKeySequence::Refresh, m_session, &Session::refreshDisks);
    tools->addAction(tr("&Measure disks"), this, [this] {
        QStringList disks = m_pool->selectedDisks();
        if (disks.isEmpty()) {
            for (const Disk& disk : m_session->disks()) {
                if (disk.eligible) {
                    disks.append(DiskPoolModel::planPath(disk));
                }
            }
        }
        measureDisks(disks);
    });
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About RaidBench"), this, &MainWindow::showAbout);
}

void MainWindow::showStep(Step step)
{
    m_steps->setCurrentIndex(int(step));
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

void MainWindow::connectHelper()
{
    if (m_session->campaignRunning()) {
        showMessage(tr("A run is in progress; cancel it first."), true);
        return;
    }
    showMessage(HelperClient::defaultTransport() == HelperClient::Transport::Direct
                    ? tr("Starting the helper…")
                    : tr("Starting the helper through polkit: authenticate in the dialog that opens…"));
    const auto started = m_session->startHelper();
    if (!started) {
        showMessage(started.error().message, true);
    }
    updateConnection();
}

void MainWindow::startLab(const LabOptions& options)
{
    if (m_session->campaignRunning()) {
        showMessage(tr("A run is in progress; cancel it first."), true);
        return;
    }
    showMessage(tr("Starting the virtual lab (about 15 s)…"));
    const auto started = m_session->startHelper(&options);
    if (!started) {
        showMessage(started.error().message, true);
    }
    updateConnection();
}

void MainWindow::openLabDialog()
{
    LabDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted) {
        return;
    }
    const auto options = dialog.options();
    if (!options) {
        showMessage(options.error().message, true);
        return;
    }
    startLab(*options);
}

bool MainWindow::diskKnown(const QString& path) const
{
    return m_session->disk(path) != nullptr;
}

void MainWindow::startRun()
{
    if (m_session->campaignRunning()) {
        showMessage(tr("A run is in progress."), true);
        return;
    }
    if (!m_session->isConnected()) {
        showMessage(tr("RaidBench is not connected to any disks: connect (Disks page) or start the virtual lab."),
                    true);
        showStep(DisksStep);
        return;
    }
    const auto plan = m_plan->plan();
    if (!plan) {
        showMessage(plan.error().message, true);
        return;
    }
    QList<Disk> disks;
    for (const QString& path : plan->disks) {
        const Disk* disk = m_session->disk(path);
        if (!disk) {
            showMessage(
                tr("%1 is not among the disks the helper sees; rescan, or remove it from the canvas.").arg(path), true);
            return;
        }
        disks.append(*disk);
    }
    if (!m_session->isLab() && !confirmDestroy(disks)) {
        showMessage(tr("The run was not started; nothing was touched."));
        return;
    }
    QStringList names;
    for (const ConfigSpec& config : plan->configurations) {
        names.append(config.name);
    }
    if (!beginResultsFile(names.join(QLatin1Char('-')))) {
        return;
    }
    m_measureRun = false;
    m_session->runCampaign(*plan);
    m_run->start(*plan);
    showStep(RunStep);
}

void MainWindow::measureDisks(const QStringList& paths)
{
    if (paths.isEmpty()) {
        showMessage(tr("No usable disk to measure."), true);
        return;
    }
    if (m_session->campaignRunning()) {
        showMessage(tr("A run is in progress."), true);
        return;
    }
    QList<Disk> disks;
    for (const QString& path : paths) {
        if (const Disk* disk = m_session->disk(path)) {
            disks.append(*disk);
        }
    }
    if (!m_session->isLab() && !confirmDestroy(disks)) {
        showMessage(tr("Nothing was measured; nothing was touched."));
        return;
    }
    const CampaignPlan plan = m_plan->baselinePlan(paths);
    if (!beginResultsFile(QStringLiteral("disks"))) {
        return;
    }
    m_measureRun = true;
    m_session->measureDisks(plan);
    m_run->start(plan);
    showStep(RunStep);
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
    menu.exec(globalPos);
}

void MainWindow::addToCard(const QStringList& disks, const QList<int>& card)
{
    m_canvas->showResult(m_canvasModel->addDisks(card, disks));
    showStep(BuildStep);
}

void MainWindow::updateConnection()
{
    const bool connected = m_session->isConnected();
    m_banner->setVisible(m_session->isLab());
    if (connected) {
        m_transport->setText(tr("Helper: %1 on %2").arg(m_session->transportName(), m_session->helperHost()));
    } else {
        m_transport->setText(m_session->transportName() == QLatin1String("none")
                                 ? tr("Helper: not started")
                                 : tr("Helper: %1, starting…").arg(m_session->transportName()));
    }
    m_connectButton->setVisible(!connected || m_session->isLab());
    updateDisksPage();
}

void MainWindow::updateDisksPage()
{
    const QList<Disk>& disks = m_session->disks();
    int usable = 0;
    for (const Disk& disk : disks) {
        usable += disk.eligible ? 1 : 0;
    }
    if (!m_session->isConnected()) {
        m_disksState->setText(
            m_lastMessage.isEmpty()
                ? tr("RaidBench needs administrator rights to see the disks and build arrays. Connect, and polkit asks "
                     "for the password once; or try everything on virtual disks in the lab.")
                : tr("Not connected. %1").arg(m_lastMessage.toHtmlEscaped()));
    } else {
        m_disksState->setText(tr("%1 disk(s) on %2, %3 usable. Select disks and drag them onto the Build page; "
                                 "<i>Measure disks</i> times each alone.")
                                  .arg(disks.size())
                                  .arg(m_session->helperHost().toHtmlEscaped())
                                  .arg(usable));
    }
    m_firstRun->setVisible(m_session->isConnected() && !m_session->isLab() && usable == 0);
    m_diskTable->setRowCount(int(disks.size()));
    for (int row = 0; row < disks.size(); ++row) {
        const Disk& disk = disks.at(row);
        const auto baseline = m_session->baseline(DiskPoolModel::planPath(disk));
        QStringList why;
        for (const DiskReason& reason : disk.reasons) {
            why.append(reason.message);
        }
        const QString slow = m_session->slowReason(DiskPoolModel::planPath(disk));
        const QStringList cells {disk.path,
                                 disk.model,
                                 disk.serial,
                                 Units::formatBytesDecimal(double(disk.sizeBytes)),
                                 disk.transport,
                                 disk.controller,
                                 baseline ? Units::formatMBps(baseline->first) : QString(),
                                 baseline ? Units::formatMBps(baseline->second) : QString(),
                                 disk.eligible ? (slow.isEmpty() ? tr("yes") : tr("yes (slow)"))
                                               : tr("no: %1").arg(why.join(QStringLiteral("; ")))};
        const QString tip = disk.eligible ? (slow.isEmpty() ? tr("Usable: nothing uses it and it holds no data.")
                                                            : tr("Usable, but slow: %1").arg(slow))
                                          : tr("Not usable: %1").arg(why.join(QStringLiteral("; ")));
        for (int column = 0; column < cells.size(); ++column) {
            auto* item = new QTableWidgetItem(cells.at(column));
            item->setToolTip(tip);
            if (disk.eligible && !slow.isEmpty() && (column == 6 || column == 7 || column == 8)) {
                item->setForeground(QColor(0xe6, 0x7e, 0x22));
            }
            if (!disk.eligible) {
                item->setForeground(palette().color(QPalette::Disabled, QPalette::Text));
            }
            m_diskTable->setItem(row, column, item);
        }
    }
    m_diskTable->resizeColumnsToContents();
    if (!m_planToRun.isEmpty() && m_session->isConnected() && !disks.isEmpty()) {
        const QString path = std::exchange(m_planToRun, QString());
        m_pendingPlan = {};
        if (auto opened = openFile(path); !opened) {
            showMessage(opened.error().message, true);
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
                statusBar()->showMessage(tr("The last plan was not restored: %1").arg(applied.error().message), 8000);
            }
        }
    }
}

void MainWindow::showAbout()
{
    const QJsonObject about = m_session->about();
    const QString mdadm = about.value(QStringLiteral("mdadm")).toString();
    const QString kernel = about.value(QStringLiteral("kernel")).toString(QSysInfo::kernelVersion());
    QMessageBox::about(this, tr("About RaidBench"),
                       tr("<h3>RaidBench %1</h3><p>Which RAID layout should these disks be? Build, measure and "
                          "compare Linux software-RAID layouts.</p>"
                          "<p>Qt %2 (built with %3)<br>mdadm: %4<br>Kernel: %5%6</p>")
                           .arg(QStringLiteral(RAIDBENCH_VERSION), QString::fromLatin1(qVersion()),
                                QStringLiteral(QT_VERSION_STR),
                                mdadm.isEmpty() ? tr("(connect to see the helper's)") : mdadm.toHtmlEscaped(),
                                kernel.toHtmlEscaped(), m_session->isLab() ? tr(" (lab VM)") : QString()));
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

bool MainWindow::beginResultsFile(const QString& name)
{
    waitForResultsWritten(); // the last run's newest results reach its own file first
    const QString host = m_session->isLab() ? QStringLiteral("lab") : QSysInfo::machineHostName();
    auto path = ResultsFolder::create(ResultsFolder::path(), QDateTime::currentDateTime(), host, name);
    if (!path) {
        showMessage(tr("The run was not started, because its results could not be kept: %1. Make the folder "
                       "writable, or point RAIDBENCH_RESULTS_DIR at one that is.")
                        .arg(path.error().message),
                    true);
        return false;
    }
    m_runResults = *path;
    m_results->setCurrentFile(m_runResults);
    return true;
}

void MainWindow::keepResults(const CampaignResults& results)
{
    if (m_runResults.isEmpty()) {
        return;
    }
    if (results.configs.isEmpty() && results.disks.isEmpty()) {
        // Nothing was measured: no empty file is left in the folder. An empty file is only
        // ever the run's own placeholder.
        if (!m_session->campaignRunning() && QFileInfo(m_runResults).size() == 0) {
            QFile::remove(m_runResults);
        }
        return;
    }
    // Written by one worker thread, newest first: serialising and fsyncing a results file while the
    // lab's VM writes its disk images took up to 60 ms, and the window froze for that long. Only the
    // newest results wait; an older write still pending is superseded, never reordered.
    {
        const QMutexLocker lock(&m_pendingMutex);
        m_pendingResults = results;
        m_pendingPath = m_runResults;
        if (m_writerBusy) {
            return;
        }
        m_writerBusy = true;
    }
    m_resultsWriter->start([this] {
        for (;;) {
            CampaignResults pending;
            QString path;
            {
                const QMutexLocker lock(&m_pendingMutex);
                if (!m_pendingResults) {
                    m_writerBusy = false;
                    return;
                }
                pending = std::move(*m_pendingResults);
                m_pendingResults.reset();
                path = m_pendingPath;
            }
            if (auto saved = pending.save(path); !saved) {
                const QString why = saved.error().message;
                QMetaObject::invokeMethod(
                    this,
                    [this, path, why] {
                        showMessage(tr("The results could not be written to %1: %2. They are still on the Results "
                                       "page; save them elsewhere with File > Save results as.")
                                        .arg(path, why),
                                    true);
                    },
                    Qt::QueuedConnection);
            }
        }
    });
}

void MainWindow::waitForResultsWritten()
{
    m_resultsWriter->waitForDone();
}

QString MainWindow::quitQuestion() const
{
    return tr("Quitting cancels the run: the helper tears down what it built. Everything measured so far is "
              "kept in %1.")
        .arg(QDir::toNativeSeparators(m_runResults));
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

} // namespace RaidBench::Ui

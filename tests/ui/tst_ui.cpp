// The desktop GUI, offscreen: drag and drop through the events the canvas receives, refusals with
// their reasons, undo/redo, the run page driven by a recorded helper stream (progress, log, cancel,
// a helper that dies), the destroy confirmation and plan files that cannot be opened.

#include "../mock/scriptedhelper.h"
#include "arraycanvas.h"
#include "campaign/resultsfolder.h"
#include "canvasmodel.h"
#include "confirmdialog.h"
#include "diskpool.h"
#include "lab/labspec.h"
#include "labdialog.h"
#include "layout/arrayanalysis.h"
#include "layout/arrayspec.h"
#include "mainwindow.h"
#include "planpage.h"
#include "results/resultspage.h"
#include "runpage.h"
#include "session.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QDir>
#include <QDropEvent>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QListView>
#include <QMenu>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTabBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>

#include <functional>

using namespace RaidBench;
using namespace RaidBench::Ui;

namespace {

const QString recording = QStringLiteral(RAIDBENCH_TEST_DATA "/helper/campaign.jsonl");

/// Delivers a drag (enter, move) and a drop to `target` as the window system would; returns
/// whether the target accepted the drop.
bool dropOn(QWidget* target, const QMimeData* mime, Qt::DropAction action = Qt::CopyAction)
{
    const QPoint pos = target->rect().center();
    QDragEnterEvent enter(pos, Qt::CopyAction | Qt::MoveAction, mime, Qt::LeftButton, Qt::NoModifier);
    enter.setDropAction(action);
    QApplication::sendEvent(target, &enter);
    if (!enter.isAccepted()) {
        return false;
    }
    QDragMoveEvent move(pos, Qt::CopyAction | Qt::MoveAction, mime, Qt::LeftButton, Qt::NoModifier);
    move.setDropAction(action);
    QApplication::sendEvent(target, &move);
    QDropEvent drop(QPointF(pos), Qt::CopyAction | Qt::MoveAction, mime, Qt::LeftButton, Qt::NoModifier);
    drop.setDropAction(action);
    QApplication::sendEvent(target, &drop);
    // The canvas rebuilds its cards after an edit (deleteLater): let that happen.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    QCoreApplication::processEvents();
    return drop.isAccepted();
}

std::unique_ptr<QMimeData> cardMime(const QList<int>& path)
{
    QStringList parts;
    for (int i : path) {
        parts.append(QString::number(i));
    }
    auto mime = std::make_unique<QMimeData>();
    mime->setData(QLatin1String(cardMimeType), parts.join(QLatin1Char('/')).toLatin1());
    return mime;
}

std::unique_ptr<QMimeData> disksMime(const QStringList& disks)
{
    auto mime = std::make_unique<QMimeData>();
    mime->setData(QLatin1String(disksMimeType), disks.join(QLatin1Char('\n')).toUtf8());
    return mime;
}

/// The action of `menu` (or of one of its submenus) whose text, without its mnemonic, is `text`.
QAction* menuAction(const QMenu* menu, const QString& text)
{
    for (QAction* action : menu->actions()) {
        if (action->text().remove(QLatin1Char('&')) == text) {
            return action;
        }
        if (action->menu()) {
            if (QAction* inner = menuAction(action->menu(), text)) {
                return inner;
            }
        }
    }
    return nullptr;
}

/// Opens a context menu the way the user does (the menu runs its own event loop) and, once it is up,
/// picks `path` ("Put inside a new", "RAID 0") through its submenus; returns what was picked, or
/// what was missing.
QString pickFromPopup(const std::function<void()>& open, const QStringList& path)
{
    QString outcome = QStringLiteral("no menu opened");
    QTimer pick; // an object of this scope: it cannot fire after `outcome` is gone
    pick.setSingleShot(true);
    QObject::connect(&pick, &QTimer::timeout, [&] {
        auto* popup = qobject_cast<QMenu*>(QApplication::activePopupWidget());
        if (!popup) {
            return;
        }
        QMenu* menu = popup;
        QAction* action = nullptr;
        for (const QString& step : path) {
            action = menu ? menuAction(menu, step) : nullptr;
            if (!action || !action->isEnabled()) {
                outcome = QStringLiteral("missing or disabled: ") + step;
                popup->close();
                return;
            }
            menu = action->menu();
        }
        popup->close();
        action->trigger();
        outcome = path.join(QStringLiteral(" > "));
    });
    pick.start(0);
    open();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    QCoreApplication::processEvents();
    return outcome;
}

QStringList leafPaths(const ArraySpec& spec)
{
    QStringList paths;
    if (spec.isLeaf()) {
        paths.append(spec.device);
    }
    for (const ArraySpec& child : spec.children) {
        paths.append(leafPaths(child));
    }
    return paths;
}

} // namespace

class TstUi : public QObject
{
    Q_OBJECT

private:
    /// A window on a scripted helper that has said hello and listed the recorded lab disks.
    struct Fixture
    {
        Session* session = nullptr;
        Test::ScriptedHelper* helper = nullptr;
        std::unique_ptr<MainWindow> window;
        QList<Disk> confirmed;
        int confirmations = 0;
        bool confirmAnswer = true;
    };

    std::unique_ptr<Fixture> makeWindow(bool labHello = false, const QString& planToRun = {})
    {
        auto fixture = std::make_unique<Fixture>();
        fixture->session = new Session;
        fixture->helper = new Test::ScriptedHelper(recording);
        fixture->helper->labHello = labHello;
        fixture->window = std::make_unique<MainWindow>(fixture->session);
        fixture->session->setParent(fixture->window.get());
        Fixture* raw = fixture.get();
        fixture->window->confirmDestroy = [raw](const QList<Disk>& disks) {
            ++raw->confirmations;
            raw->confirmed = disks;
            return raw->confirmAnswer;
        };
        if (!planToRun.isEmpty()) {
            fixture->window->runPlanWhenReady(planToRun);
        }
        fixture->session->attach(fixture->helper);
        fixture->helper->start();
        fixture->window->show();
        return fixture;
    }

    /// A window whose canvas holds the recording's plan (raid0 and raid5 on the four lab disks), its
    /// helper replaying every 5 ms; null when the recorded disks never came.
    std::unique_ptr<Fixture> windowWithTheRecordedPlan()
    {
        auto fixture = makeWindow();
        if (!QTest::qWaitFor([&] { return fixture->session->disks().size() == 4; }, 5000)) {
            return {};
        }
        fixture->helper->intervalMs = 5;
        const QStringList disks = labDisks(*fixture);
        if (!fixture->window->canvasModel()->addArray(disks, ArrayLevel::Raid0).ok() ||
            !fixture->window->canvasModel()->addArray(disks, ArrayLevel::Raid5).ok()) {
            return {};
        }
        return fixture;
    }

    QStringList labDisks(const Fixture& fixture) const
    {
        QStringList paths;
        for (const Disk& disk : fixture.session->disks()) {
            paths.append(DiskPoolModel::planPath(disk));
        }
        return paths;
    }

    QTemporaryDir m_config;
    QTemporaryDir m_resultsFolder;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(QFile::exists(recording), qPrintable(recording));
        QVERIFY(m_config.isValid());
        // The window remembers layout and plan: keep that out of the real user's settings.
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_config.path());
        QCoreApplication::setOrganizationName(QStringLiteral("RaidBenchTest"));
        // Every run writes its results into the results folder: a temporary one, not the user's.
        QVERIFY(m_resultsFolder.isValid());
        qputenv("RAIDBENCH_RESULTS_DIR", QFile::encodeName(m_resultsFolder.path()));
        Test::ScriptedHelper probe(recording);
        QVERIFY2(probe.isValid(), "the recording holds no hello reply");
    }

    void disksFromTheRecordedHelper()
    {
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        QVERIFY(f->session->isConnected());
        QCOMPARE(f->window->pool()->model()->rowCount(), 4);
        QCOMPARE(f->window->pool()->model()->controllers().size(), 2);
        // About: the versions come from the helper, where the arrays are built.
        QTRY_VERIFY(f->session->about().mdadm.contains(QLatin1String("mdadm")));
    }

    void ineligibleDisksAreLockedWithTheirReasons()
    {
        auto f = std::make_unique<Fixture>();
        f->session = new Session;
        f->helper = new Test::ScriptedHelper(recording);
        // The recorded lab disks plus one that is mounted.
        QJsonObject scan = f->helper->recordedResult(QStringLiteral("scan-disks"));
        QJsonArray disks = scan.value(QStringLiteral("disks")).toArray();
        QJsonObject mounted = disks.at(0).toObject();
        mounted.insert(QStringLiteral("name"), QStringLiteral("sde"));
        mounted.insert(QStringLiteral("path"), QStringLiteral("/dev/sde"));
        mounted.insert(QStringLiteral("stable_path"), QStringLiteral("/dev/disk/by-id/ata-HOME_DISK"));
        mounted.insert(QStringLiteral("serial"), QStringLiteral("HOME0001"));
        mounted.insert(QStringLiteral("eligible"), false);
        mounted.insert(QStringLiteral("mount_points"), QJsonArray {QStringLiteral("/home")});
        mounted.insert(QStringLiteral("reasons"),
                       QJsonArray {QJsonObject {{QStringLiteral("code"), QStringLiteral("mounted")},
                                                {QStringLiteral("message"), QStringLiteral("mounted on /home")}}});
        disks.append(mounted);
        scan.insert(QStringLiteral("disks"), disks);
        f->helper->replies.insert(QStringLiteral("scan-disks"), scan);
        f->window = std::make_unique<MainWindow>(f->session);
        f->session->setParent(f->window.get());
        f->session->attach(f->helper);
        f->helper->start();
        f->window->show();
        QTRY_COMPARE(f->session->disks().size(), 5);
        DiskPoolModel* pool = f->window->pool()->model();
        int row = -1;
        for (int r = 0; r < pool->rowCount(); ++r) {
            row = pool->diskAt(r).path == QLatin1String("/dev/sde") ? r : row;
        }
        QVERIFY(row >= 0);
        const QModelIndex index = pool->index(row);
        QCOMPARE(index.data(DiskPoolModel::EligibleRole).toBool(), false);
        QVERIFY2(index.data(Qt::ToolTipRole).toString().contains(QLatin1String("mounted on /home")),
                 qPrintable(index.data(Qt::ToolTipRole).toString()));
        QVERIFY(index.data(Qt::ToolTipRole).toString().contains(QLatin1String("HOME0001"))); // serial on hover
        QVERIFY(!(pool->flags(index) & Qt::ItemIsDragEnabled));
        std::unique_ptr<QMimeData> payload(pool->mimeData({index}));
        QVERIFY(payload->data(QLatin1String(disksMimeType)).isEmpty());
        // Dropped anyway (say from another program): refused with the reason.
        auto forged = disksMime({QStringLiteral("/dev/disk/by-id/ata-HOME_DISK")});
        QVERIFY(!dropOn(f->window->canvas()->newArrayArea(), forged.get()));
        QVERIFY2(f->window->canvas()->lastMessage().contains(QLatin1String("mounted on /home")),
                 qPrintable(f->window->canvas()->lastMessage()));
        QCOMPARE(f->window->canvasModel()->configs().size(), 0);
        // Usable disks exist: no first-run panel.
        QVERIFY(f->window->findChild<QWidget*>(QStringLiteral("firstRunPanel"))->isHidden());
    }

    void noUsableDiskOffersTheLab()
    {
        auto f = std::make_unique<Fixture>();
        f->session = new Session;
        f->helper = new Test::ScriptedHelper(recording);
        QJsonObject scan = f->helper->recordedResult(QStringLiteral("scan-disks"));
        QJsonArray disks;
        for (const auto& value : scan.value(QStringLiteral("disks")).toArray()) {
            QJsonObject disk = value.toObject();
            disk.insert(QStringLiteral("eligible"), false);
            disk.insert(
                QStringLiteral("reasons"),
                QJsonArray {QJsonObject {{QStringLiteral("code"), QStringLiteral("signature")},
                                         {QStringLiteral("message"), QStringLiteral("holds an ext4 file system")}}});
            disks.append(disk);
        }
        scan.insert(QStringLiteral("disks"), disks);
        f->helper->replies.insert(QStringLiteral("scan-disks"), scan);
        f->window = std::make_unique<MainWindow>(f->session);
        f->session->setParent(f->window.get());
        f->session->attach(f->helper);
        f->helper->start();
        f->window->show();
        f->window->showStep(MainWindow::DisksStep);
        QTRY_COMPARE(f->session->disks().size(), 4);
        QTRY_VERIFY(!f->window->findChild<QWidget*>(QStringLiteral("firstRunPanel"))->isHidden());
        QVERIFY(f->window->findChild<QPushButton*>(QStringLiteral("firstRunLabButton")));
    }

    void helperRefusedAtStart()
    {
        // pkexec dismissed by the user: the helper never says hello.
        auto f = std::make_unique<Fixture>();
        f->session = new Session;
        f->helper = new Test::ScriptedHelper(recording);
        f->window = std::make_unique<MainWindow>(f->session);
        f->session->setParent(f->window.get());
        f->session->attach(f->helper);
        f->window->show();
        f->helper->die(QStringLiteral("pkexec could not start the helper (not authorised, or no polkit agent)"));
        QVERIFY(!f->session->isConnected());
        QVERIFY2(f->window->lastMessage().contains(QLatin1String("not authorised")),
                 qPrintable(f->window->lastMessage()));
        QCOMPARE(f->window->pool()->model()->rowCount(), 0);
        f->window->startRun();
        QVERIFY(f->window->lastMessage().contains(QLatin1String("not connected")));
    }

    void helperNotInstalled()
    {
        // The GUI package without the CLI package: connecting says what is missing and where.
        qputenv("RAIDBENCH_HELPER", "/nonexistent/libexec/raidbench/raidbench-helper");
        MainWindow window;
        window.show();
        window.connectHelper();
        qunsetenv("RAIDBENCH_HELPER");
        const QString message = window.lastMessage();
        QVERIFY2(message.contains(QLatin1String("/nonexistent/libexec/raidbench/raidbench-helper is not installed")) ||
                     message.contains(QLatin1String("pkexec is not installed")),
                 qPrintable(message));
        QVERIFY2(message.contains(QLatin1String("raidbench-cli")) || message.contains(QLatin1String("pkexec")),
                 qPrintable(message));
        QVERIFY(!window.session()->isConnected());
    }

    void tabBarStaysPut()
    {
        // The steps' tabs are where they were on every step, though the pool hides after Build.
        auto f = makeWindow();
        f->window->resize(1280, 800);
        f->window->show();
        QVERIFY(QTest::qWaitForWindowExposed(f->window.get()));
        auto* bar = f->window->findChild<QTabBar*>(QStringLiteral("stepBar"));
        QVERIFY(bar);
        QPoint first;
        for (int step = MainWindow::DisksStep; step <= MainWindow::ResultsStep; ++step) {
            f->window->showStep(MainWindow::Step(step));
            QApplication::processEvents();
            QCOMPARE(bar->currentIndex(), step);
            const QPoint at = bar->mapTo(f->window.get(), bar->tabRect(0).topLeft());
            first = step == MainWindow::DisksStep ? at : first;
            QCOMPARE(at, first);
        }
        // A click on the bar changes the step.
        QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(MainWindow::BuildStep).center());
        QCOMPARE(f->window->currentStep(), MainWindow::BuildStep);
    }

    void refusalsNameDisksAsThePoolDoes()
    {
        // The plan holds by-id paths; what the Build page says names the disk as the pool shows it.
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        f->window->showStep(MainWindow::BuildStep);
        const QStringList disks = labDisks(*f);
        QVERIFY2(disks.first().startsWith(QLatin1String("/dev/disk/by-id/")), qPrintable(disks.first()));
        ArrayCanvas* canvas = f->window->canvas();
        canvas->showResult(f->window->canvasModel()->addArray(disks.mid(0, 2)));
        canvas->showResult(f->window->canvasModel()->addDisks({0}, {disks.first()}));
        const QString name = f->session->disks().first().name;
        const QString message = f->window->lastMessage();
        QVERIFY2(message.startsWith(name + QStringLiteral(" is already in")), qPrintable(message));
        QVERIFY2(!message.contains(QLatin1String("/dev/disk/by-id/")), qPrintable(message));
    }

    void standardSetInOneClick()
    {
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        f->window->showStep(MainWindow::BuildStep);
        auto* button = f->window->findChild<QPushButton*>(QStringLiteral("addPresetsButton"));
        QVERIFY(button);
        QTest::mouseClick(button, Qt::LeftButton);
        QStringList names;
        for (const CanvasConfig& config : f->window->canvasModel()->configs()) {
            names.append(CanvasModel::derivedName(config.spec));
            QVERIFY2(!hasErrors(validateSpec(config.spec)), qPrintable(names.last()));
        }
        for (const char* expected : {"raid0", "raid1", "raid5", "raid6", "raid10"}) {
            QVERIFY2(names.contains(QLatin1String(expected)), qPrintable(names.join(QLatin1Char(' '))));
        }
        // Mirrors spread across the two controllers: RAID1+0 survives losing one.
        QVERIFY(names.contains(QLatin1String("raid1+0")));
        // Clicked again: nothing is added twice, and the user is told why.
        const qsizetype count = f->window->canvasModel()->configs().size();
        QTest::mouseClick(button, Qt::LeftButton);
        QCOMPARE(f->window->canvasModel()->configs().size(), count);
        QVERIFY2(f->window->lastMessage().contains(QLatin1String("already")), qPrintable(f->window->lastMessage()));
        // The next step that works clears that refusal from the status bar and the Build page.
        f->window->canvas()->showResult(f->window->canvasModel()->addArray(labDisks(*f).mid(0, 2)));
        QVERIFY2(f->window->lastMessage().isEmpty(), qPrintable(f->window->lastMessage()));
        QVERIFY(f->window->statusBar()->currentMessage().isEmpty());
        f->window->canvasModel()->undoStack()->undo();
        // One undo step takes the whole set away.
        f->window->canvasModel()->undoStack()->undo();
        QCOMPARE(f->window->canvasModel()->configs().size(), 0);
    }

    void standardSetWithOneDiskClickedUsesEveryDisk()
    {
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        f->window->showStep(MainWindow::BuildStep);
        // One disk clicked in the pool, as a user does to look at it.
        QListView* view = f->window->pool()->view();
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(view->model()->index(0, 0)).center());
        QCOMPARE(f->window->pool()->selectedDisks().size(), 1);
        QTest::mouseClick(f->window->findChild<QPushButton*>(QStringLiteral("addPresetsButton")), Qt::LeftButton);
        QStringList names;
        for (const CanvasConfig& config : f->window->canvasModel()->configs()) {
            names.append(CanvasModel::derivedName(config.spec));
            QCOMPARE(config.spec.leafDevices().size() >= 1, true);
        }
        QVERIFY2(names.contains(QLatin1String("raid10")), qPrintable(names.join(QLatin1Char(' '))));
        QVERIFY(names.size() > 1);
    }

    void dragDisksFromThePoolOntoTheCanvas()
    {
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        f->window->showStep(MainWindow::BuildStep);
        DiskPoolModel* pool = f->window->pool()->model();

        // The pool's own drag payload for three disks, dropped on the new-array area.
        std::unique_ptr<QMimeData> three(pool->mimeData({pool->index(0), pool->index(1), pool->index(2)}));
        QVERIFY(dropOn(f->window->canvas()->newArrayArea(), three.get()));
        QCOMPARE(f->window->canvasModel()->configs().size(), 1);
        const ArraySpec& made = f->window->canvasModel()->configs().at(0).spec;
        QCOMPARE(made.level, ArrayLevel::Raid5); // the default for three disks
        QCOMPARE(made.children.size(), 3);

        // The fourth disk onto the card.
        CardWidget* card = f->window->canvas()->cardWidget({0});
        QVERIFY(card);
        std::unique_ptr<QMimeData> fourth(pool->mimeData({pool->index(3)}));
        QVERIFY(dropOn(card, fourth.get()));
        QCOMPARE(f->window->canvasModel()->configs().at(0).spec.children.size(), 4);
        QCOMPARE(leafPaths(f->window->canvasModel()->configs().at(0).spec), labDisks(*f));
        QVERIFY(f->window->canvas()->cardWidget({0})->figuresLabel()->text().contains(QLatin1String("usable")));
        QVERIFY(f->window->canvas()->cardWidget({0})->problemLabel()->text().isEmpty());
    }

    void sessionIsSilentWhileDestroyed()
    {
        // A connected session destroyed with its window must not call the window's slots: by then the
        // window is half destroyed (ASan/UBSan saw exactly that).
        auto f = makeWindow();
        QTRY_VERIFY(f->session->isConnected());
        QSignalSpy changes(f->session, &Session::connectionChanged);
        f->window.reset();
        QCOMPARE(changes.count(), 0);
    }

    void menusInsteadOfDragging()
    {
        // Everything a drag does has a keyboard or menu way: the "Add selected disks" button, the pool's
        // context menu and each card's context menu.
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        f->window->showStep(MainWindow::BuildStep);
        CanvasModel* model = f->window->canvasModel();
        QListView* view = f->window->pool()->view();
        const auto select = [&](const QList<int>& rows) {
            view->selectionModel()->clear();
            for (int row : rows) {
                view->selectionModel()->select(view->model()->index(row, 0), QItemSelectionModel::Select);
            }
        };
        auto* add = f->window->findChild<QToolButton*>(QStringLiteral("addDisksButton"));
        QVERIFY(add && add->menu());

        // Nothing selected: the button's entries are there but disabled.
        select({});
        Q_EMIT add->menu()->aboutToShow();
        QAction* fresh = menuAction(add->menu(), QStringLiteral("New array"));
        QVERIFY(fresh);
        QVERIFY(!fresh->isEnabled());

        // Two disks -> a new array (RAID1 for two), through the button's menu.
        select({0, 1});
        Q_EMIT add->menu()->aboutToShow();
        fresh = menuAction(add->menu(), QStringLiteral("New array"));
        QVERIFY(fresh && fresh->isEnabled());
        fresh->trigger();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QCOMPARE(model->configs().size(), 1);
        QCOMPARE(model->configs().at(0).spec.level, ArrayLevel::Raid1);
        const QString cardName = model->cardName({0});

        // The other two -> onto that card, through the pool's context menu ("Add to" > its name).
        select({2, 3});
        const QStringList selected = f->window->pool()->selectedDisks();
        QCOMPARE(selected.size(), 2);
        QCOMPARE(pickFromPopup([&] { Q_EMIT f->window->pool()->contextMenuRequested(selected, QPoint(10, 10)); },
                               {QStringLiteral("Add to"), cardName}),
                 QStringLiteral("Add to > ") + cardName);
        QCOMPARE(model->configs().size(), 1);
        QCOMPARE(leafPaths(model->configs().at(0).spec), labDisks(*f));

        // The card's own context menu: put it inside a new RAID 0 (RAID1 in RAID0 = RAID1+0 of one pair).
        CardWidget* card = f->window->canvas()->cardWidget({0});
        QVERIFY(card);
        const QString raid0 = CanvasModel::levelTitle(ArrayLevel::Raid0);
        QCOMPARE(pickFromPopup(
                     [&] {
                         QContextMenuEvent event(QContextMenuEvent::Keyboard, card->rect().center(),
                                                 card->mapToGlobal(card->rect().center()));
                         QApplication::sendEvent(card, &event);
                     },
                     {QStringLiteral("Put inside a new"), raid0}),
                 QStringLiteral("Put inside a new > ") + raid0);
        QCOMPARE(model->configs().size(), 1);
        QCOMPARE(model->configs().at(0).spec.level, ArrayLevel::Raid0);
        QCOMPARE(model->configs().at(0).spec.children.at(0).level, ArrayLevel::Raid1);
        QVERIFY(f->window->canvas()->cardWidget({0, 0}));

        // The nested card's menu moves it out again; each step is one undo.
        CardWidget* inner = f->window->canvas()->cardWidget({0, 0});
        QVERIFY(inner);
        QCOMPARE(pickFromPopup(
                     [&] {
                         QContextMenuEvent event(QContextMenuEvent::Keyboard, inner->rect().center(),
                                                 inner->mapToGlobal(inner->rect().center()));
                         QApplication::sendEvent(inner, &event);
                     },
                     {QStringLiteral("Move out to a configuration of its own")}),
                 QStringLiteral("Move out to a configuration of its own"));
        QCOMPARE(model->configs().size(), 2);
        model->undoStack()->undo();
        QCOMPARE(model->configs().size(), 1);
        QCOMPARE(model->configs().at(0).spec.level, ArrayLevel::Raid0);
    }

    void namesStayFromCardToResults()
    {
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        CanvasModel* model = f->window->canvasModel();
        const QStringList disks = labDisks(*f);
        QVERIFY(model->addArray(disks, ArrayLevel::Raid10).ok());
        QVERIFY(model->addArray(disks, ArrayLevel::Raid10).ok());
        QCOMPARE(model->cardName({0}), QStringLiteral("raid10"));
        QCOMPARE(model->cardName({1}), QStringLiteral("raid10-2"));
        // Deleting the first does not rename the second: the card says what the results will say.
        QVERIFY(model->removeCard({0}).ok());
        QCOMPARE(model->cardName({0}), QStringLiteral("raid10-2"));
        const auto plan = f->window->planPage()->plan();
        QVERIFY(plan.ok());
        QCOMPARE(plan->configurations.at(0).name, QStringLiteral("raid10-2"));
        // A new card takes the free name; a level change renames only that card.
        QVERIFY(model->addArray(disks, ArrayLevel::Raid10).ok());
        QCOMPARE(model->cardName({1}), QStringLiteral("raid10"));
        QVERIFY(model->addArray(disks, ArrayLevel::Raid5).ok());
        QVERIFY(model->setLevel({2}, ArrayLevel::Raid6).ok());
        QCOMPARE(model->cardName({2}), QStringLiteral("raid6"));
        QCOMPARE(model->cardName({0}), QStringLiteral("raid10-2"));
    }

    void chipMenuRemovesTheChipNotTheCard()
    {
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        f->window->showStep(MainWindow::BuildStep);
        CanvasModel* model = f->window->canvasModel();
        const QStringList disks = labDisks(*f);
        QVERIFY(model->addArray(disks.mid(0, 3), ArrayLevel::Raid5).ok());
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        CardWidget* card = f->window->canvas()->cardWidget({0});
        QVERIFY(card);
        QToolButton* chip = nullptr;
        for (QToolButton* button : card->findChildren<QToolButton*>()) {
            if (button->accessibleName().startsWith(QLatin1String("Disk "))) {
                chip = button;
                break;
            }
        }
        QVERIFY(chip);
        const QString cardName = model->cardName({0});
        // Right-click on the chip: the first entry removes that disk; the card stays.
        QTRY_VERIFY(chip->isVisible() && chip->width() > 0);
        const QString removeDisk = QStringLiteral("Remove this disk from ") + cardName;
        QCOMPARE(pickFromPopup(
                     [&] {
                         // Sent to the chip, as the mouse does; the chip passes it on to its card.
                         const QPoint at = chip->rect().center();
                         QContextMenuEvent event(QContextMenuEvent::Mouse, at, chip->mapToGlobal(at));
                         QApplication::sendEvent(chip, &event);
                     },
                     {removeDisk}),
                 removeDisk);
        QCOMPARE(model->configs().size(), 1);
        QCOMPARE(model->configs().at(0).spec.children.size(), 2);
        // Off the chips, the card's menu says plainly that it removes the whole card.
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        card = f->window->canvas()->cardWidget({0});
        QVERIFY(card);
        const QString removeCard = QStringLiteral("Remove the whole ") + model->cardName({0});
        QCOMPARE(pickFromPopup(
                     [&] {
                         QContextMenuEvent event(QContextMenuEvent::Keyboard, QPoint(2, 2),
                                                 card->mapToGlobal(QPoint(2, 2)));
                         QApplication::sendEvent(card, &event);
                     },
                     {removeCard}),
                 removeCard);
        QCOMPARE(model->configs().size(), 0);
    }

    void nestCardsIntoACard_raid50()
    {
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        const QStringList disks = labDisks(*f);
        ArrayCanvas* canvas = f->window->canvas();
        CanvasModel* model = f->window->canvasModel();

        // Two RAID1 pairs (six-disk RAID50 needs more disks than the lab has; the nesting is the same).
        auto pairA = disksMime(disks.mid(0, 2));
        auto pairB = disksMime(disks.mid(2, 2));
        QVERIFY(dropOn(canvas->newArrayArea(), pairA.get()));
        QVERIFY(dropOn(canvas->newArrayArea(), pairB.get()));
        QCOMPARE(model->configs().size(), 2);
        QCOMPARE(model->configs().at(0).spec.level, ArrayLevel::Raid1);

        // The first card onto the new-array area: it is put inside a new RAID0, in its place.
        auto first = cardMime({0});
        QVERIFY(dropOn(canvas->newArrayArea(), first.get()));
        QCOMPARE(model->configs().size(), 2);
        const ArraySpec* wrapper = model->card({0});
        QVERIFY(wrapper);
        QCOMPARE(wrapper->level, ArrayLevel::Raid0);
        QCOMPARE(wrapper->children.size(), 1);

        // The other RAID1 card onto the RAID0 card's nest area: RAID1+0.
        auto second = cardMime({1});
        QVERIFY(dropOn(canvas->cardWidget({0}), second.get()));
        QCOMPARE(model->configs().size(), 1);
        const ArraySpec& nested = model->configs().at(0).spec;
        QCOMPARE(nested.level, ArrayLevel::Raid0);
        QCOMPARE(nested.children.size(), 2);
        QCOMPARE(nested.children.at(0).level, ArrayLevel::Raid1);
        QCOMPARE(nested.children.at(1).level, ArrayLevel::Raid1);
        QCOMPARE(CanvasModel::derivedName(nested), QStringLiteral("raid1+0"));
        QVERIFY(!hasErrors(validateSpec(nested)));
        // Nested cards are cards of their own on the canvas.
        QVERIFY(canvas->cardWidget({0, 0}));
        QVERIFY(canvas->cardWidget({0, 1}));

        // A nested card dragged out onto the new-array area becomes a configuration again.
        auto out = cardMime({0, 1});
        QVERIFY(dropOn(canvas->newArrayArea(), out.get()));
        QCOMPARE(model->configs().size(), 2);
        QCOMPARE(model->configs().at(0).spec.children.size(), 1);
        QCOMPARE(model->configs().at(1).spec.level, ArrayLevel::Raid1);
    }

    void refusedDrops_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("reason");
        QTest::newRow("ineligible disk") << "ineligible"
                                         << "mounted on /home";
        QTest::newRow("unknown disk") << "unknown"
                                      << "not among this machine's disks";
        QTest::newRow("disk already in the card") << "duplicate"
                                                  << "already";
        QTest::newRow("card into itself") << "itself"
                                          << "inside itself";
        QTest::newRow("card into its own child") << "own-child"
                                                 << "inside itself";
        QTest::newRow("disk already elsewhere in the configuration") << "elsewhere"
                                                                     << "already";
        QTest::newRow("something that is not a disk") << "text"
                                                      << "";
    }

    void refusedDrops()
    {
        QFETCH(QString, kind);
        QFETCH(QString, reason);
        // A canvas of its own, with a disk that is mounted.
        CanvasModel model;
        CanvasContext context;
        context.sizeOf = [](const QString&) { return std::uint64_t(1) << 30; };
        context.controllerOf = [](const QString& path) {
            return path.endsWith(QLatin1Char('a')) ? QStringLiteral("c1") : QStringLiteral("c2");
        };
        context.labelOf = [](const QString& path) { return path.section(QLatin1Char('/'), -1); };
        context.baselineOf = [](const QString&) { return std::nullopt; };
        context.whyNot = [](const QString& path) -> QString {
            if (path == QLatin1String("/dev/sdm")) {
                return QStringLiteral("it is mounted on /home");
            }
            if (path == QLatin1String("/dev/sdz")) {
                return QStringLiteral("it is not among this machine's disks");
            }
            return {};
        };
        ArrayCanvas canvas(&model, context);
        canvas.resize(900, 700);
        canvas.show();
        QVERIFY(model.addArray({QStringLiteral("/dev/sda"), QStringLiteral("/dev/sdb")}, ArrayLevel::Raid1).ok());
        QVERIFY(model.addArray({QStringLiteral("/dev/sdc"), QStringLiteral("/dev/sdd")}, ArrayLevel::Raid1).ok());
        QVERIFY(model.wrap({1}, ArrayLevel::Raid0).ok()); // config 1: raid0 { raid1 sdc sdd }
        canvas.refresh();
        QCoreApplication::processEvents();
        const QList<CanvasConfig> before = model.configs();
        const int undoBefore = model.undoStack()->count();

        std::unique_ptr<QMimeData> mime;
        QWidget* target = nullptr;
        if (kind == QLatin1String("ineligible")) {
            mime = disksMime({QStringLiteral("/dev/sdm")});
            target = canvas.newArrayArea();
        } else if (kind == QLatin1String("unknown")) {
            mime = disksMime({QStringLiteral("/dev/sde"), QStringLiteral("/dev/sdz")});
            target = canvas.cardWidget({0});
        } else if (kind == QLatin1String("duplicate")) {
            mime = disksMime({QStringLiteral("/dev/sda")});
            target = canvas.cardWidget({0});
        } else if (kind == QLatin1String("itself")) {
            mime = cardMime({1});
            target = canvas.cardWidget({1});
        } else if (kind == QLatin1String("own-child")) {
            mime = cardMime({1});
            target = canvas.cardWidget({1, 0});
        } else if (kind == QLatin1String("elsewhere")) {
            // sdc is in the nested RAID1 of configuration 1: not again in its RAID0.
            mime = disksMime({QStringLiteral("/dev/sdc")});
            target = canvas.cardWidget({1});
        } else {
            mime = std::make_unique<QMimeData>();
            mime->setText(QStringLiteral("/dev/sda"));
            target = canvas.newArrayArea();
        }
        QVERIFY(target);
        QSignalSpy messages(&canvas, &ArrayCanvas::message);
        QVERIFY(!dropOn(target, mime.get()));
        // Nothing changed, nothing to undo, and the reason is shown in the canvas.
        QCOMPARE(model.configs().size(), before.size());
        for (qsizetype i = 0; i < before.size(); ++i) {
            QCOMPARE(model.configs().at(i).spec.toJson(), before.at(i).spec.toJson());
        }
        QCOMPARE(model.undoStack()->count(), undoBefore);
        if (!reason.isEmpty()) {
            QVERIFY2(canvas.lastMessage().contains(reason), qPrintable(canvas.lastMessage()));
            QCOMPARE(messages.size(), 1);
            QVERIFY(canvas.findChildren<QLabel*>().size() > 0);
            bool shown = false;
            for (QLabel* label : canvas.findChildren<QLabel*>()) {
                shown = shown || (label->isVisible() && label->text().contains(reason.toHtmlEscaped()));
            }
            QVERIFY2(shown, "the reason is not shown on the canvas");
        }
    }

    void levelPickerShowsInlineReason()
    {
        CanvasModel model;
        CanvasContext context;
        context.sizeOf = [](const QString&) { return std::uint64_t(1) << 30; };
        context.controllerOf = [](const QString&) { return QStringLiteral("c1"); };
        context.labelOf = [](const QString& path) { return path.section(QLatin1Char('/'), -1); };
        context.baselineOf = [](const QString&) { return std::make_pair(100e6, 120e6); };
        context.whyNot = [](const QString&) { return QString(); };
        ArrayCanvas canvas(&model, context);
        canvas.show();
        QVERIFY(
            model.addArray({QStringLiteral("/dev/sda"), QStringLiteral("/dev/sdb"), QStringLiteral("/dev/sdc")}).ok());
        QCoreApplication::processEvents();
        // The user walks the level picker with the keyboard (each step is an edit; the card is rebuilt).
        for (int step = 0; step < 12 && model.configs().at(0).spec.level != ArrayLevel::Raid6; ++step) {
            QComboBox* level = canvas.cardWidget({0})->levelComboBox();
            QVERIFY(level);
            QTest::keyClick(level, Qt::Key_Down);
            QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
            QCoreApplication::processEvents();
        }
        QCOMPARE(model.configs().at(0).spec.level, ArrayLevel::Raid6);
        const QString problem = canvas.cardWidget({0})->problemLabel()->text();
        QVERIFY2(problem.contains(QLatin1String("RAID6 needs at least 4")), qPrintable(problem));
        QVERIFY(canvas.cardWidget({0})->problemLabel()->isVisible());
        // Predicted MB/s from the baselines, on a valid card.
        model.undoStack()->undo();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QCoreApplication::processEvents();
        QVERIFY(canvas.cardWidget({0})->problemLabel()->text().isEmpty());
        QVERIFY2(canvas.cardWidget({0})->figuresLabel()->text().contains(QLatin1String("predicted")),
                 qPrintable(canvas.cardWidget({0})->figuresLabel()->text()));
    }

    void undoRedo()
    {
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        const QStringList disks = labDisks(*f);
        CanvasModel* model = f->window->canvasModel();
        auto two = disksMime(disks.mid(0, 2));
        QVERIFY(dropOn(f->window->canvas()->newArrayArea(), two.get()));
        auto more = disksMime(disks.mid(2, 1));
        QVERIFY(dropOn(f->window->canvas()->cardWidget({0}), more.get()));
        QCOMPARE(leafPaths(model->configs().at(0).spec).size(), 3);

        QUndoStack* undo = model->undoStack();
        QVERIFY(undo->canUndo());
        undo->undo();
        QCOMPARE(leafPaths(model->configs().at(0).spec).size(), 2);
        undo->undo();
        QCOMPARE(model->configs().size(), 0);
        undo->redo();
        undo->redo();
        QCOMPARE(leafPaths(model->configs().at(0).spec), disks.mid(0, 3));
        // Ctrl+Z in the window, as a user does.
        f->window->showStep(MainWindow::BuildStep);
        f->window->activateWindow();
        QTest::keyClick(f->window.get(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(leafPaths(model->configs().at(0).spec).size(), 2);
        QTest::keyClick(f->window.get(), Qt::Key_Y, Qt::ControlModifier);
        QCOMPARE(leafPaths(model->configs().at(0).spec).size(), 3);
    }

    void confirmationRefusesAWrongCount()
    {
        QList<Disk> disks;
        for (int i = 0; i < 3; ++i) {
            Disk disk;
            disk.path = QStringLiteral("/dev/sd%1").arg(QChar(u'a' + i));
            disk.model = QStringLiteral("WDC WD20EARS");
            disk.serial = QStringLiteral("WD-%1").arg(1000 + i);
            disk.sizeBytes = 2'000'398'934'016ull;
            disks.append(disk);
        }
        DestroyConfirmDialog dialog(disks);
        dialog.show();
        // Every disk is named by model, serial and size.
        QStringList texts;
        for (QLabel* label : dialog.findChildren<QLabel*>()) {
            texts.append(label->text());
        }
        for (QTableWidget* table : dialog.findChildren<QTableWidget*>()) {
            for (int r = 0; r < table->rowCount(); ++r) {
                for (int c = 0; c < table->columnCount(); ++c) {
                    texts.append(table->item(r, c) ? table->item(r, c)->text() : QString());
                }
            }
        }
        const QString all = texts.join(QLatin1Char('\n'));
        for (const Disk& disk : disks) {
            QVERIFY2(all.contains(disk.serial), qPrintable(all));
        }
        QVERIFY(all.contains(QLatin1String("WDC WD20EARS")));
        QVERIFY(all.contains(QLatin1String("2.00 TB")) || all.contains(QLatin1String("1.82 TiB")));

        for (const QString& wrong :
             {QString(), QStringLiteral("2"), QStringLiteral("4"), QStringLiteral("three"), QStringLiteral("03x")}) {
            dialog.countEdit()->setText(wrong);
            dialog.accept();
            QVERIFY2(dialog.isVisible(), qPrintable(wrong));
            QCOMPARE(dialog.result(), int(QDialog::Rejected));
        }
        dialog.countEdit()->setText(QStringLiteral("3"));
        QVERIFY(dialog.countMatches());
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
    }

    void labDialogMakesALabSpec()
    {
        LabDialog dialog;
        dialog.show();
        const auto plain = dialog.options();
        QVERIFY2(plain.ok(), qPrintable(plain.ok() ? QString() : plain.error().message));
        QVERIFY(plain->disks.size() >= 2);
        QVERIFY(!dialog.spec().contains(QLatin1String("fail")));
        auto* failing = dialog.findChild<QCheckBox*>();
        QVERIFY(failing);
        failing->setChecked(true);
        const auto withFault = dialog.options();
        QVERIFY(withFault.ok());
        QCOMPARE(withFault->disks.size(), plain->disks.size() + 1);
        QVERIFY2(dialog.spec().contains(QLatin1String(":fail-write=")), qPrintable(dialog.spec()));
        // What the dialog makes is what the CLI's --disks takes.
        QVERIFY(parseLabSpec(dialog.spec(), dialog.controllers()).ok());
        // Disks shaped like hard disks by default: a request limit on every disk.
        for (const LabDiskSpec& disk : withFault->disks) {
            QCOMPARE(disk.iops, 150);
        }
    }

    void runPlanWhenReadyStartsOnceTheDisksAreSeen()
    {
        // `raidbench PLAN --run`, with the helper inside the lab VM reached directly (as root there):
        // the disks are virtual, so no confirmation; the plan starts once its disks are seen.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString planPath = dir.filePath(QStringLiteral("plan.json"));
        {
            auto seen = makeWindow();
            QTRY_COMPARE(seen->session->disks().size(), 4);
            QVERIFY(seen->window->canvasModel()->addArray(labDisks(*seen), ArrayLevel::Raid0).ok());
            QVERIFY(seen->window->planPage()->savePlanFile(planPath).ok());
        }
        auto f = makeWindow(true, planPath);
        QTRY_VERIFY(f->helper->campaignRunning());
        QCOMPARE(f->confirmations, 0);
        QCOMPARE(f->window->currentStep(), MainWindow::RunStep);
        QVERIFY(f->session->isLab());
        // Real disks still ask.
        auto real = makeWindow(false, planPath);
        QTRY_COMPARE(real->confirmations, 1);
    }

    void aFinishedRunIsNotLostToTheNext()
    {
        auto f = windowWithTheRecordedPlan();
        QVERIFY(f);
        // The first run, to its end.
        f->window->startRun();
        const QString first = f->window->runResultsPath();
        QVERIFY2(first.startsWith(m_resultsFolder.path() + QLatin1Char('/')), qPrintable(first));
        QVERIFY(QFileInfo(first).fileName().contains(QLatin1String("_lab_")) ||
                QFileInfo(first).fileName().contains(QLatin1String("raid0-raid5")));
        QSignalSpy finished(f->window->runPage(), &RunPage::finished);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
        f->window->waitForResultsWritten(); // written off the window's thread
        auto firstResults = CampaignResults::load(first);
        QVERIFY2(firstResults.ok(), qPrintable(first));
        QCOMPARE(firstResults->status, QStringLiteral("completed"));
        QCOMPARE(firstResults->configs.size(), 2);

        // The second, cancelled after its first configuration: its own file, the first one untouched.
        f->window->startRun();
        const QString second = f->window->runResultsPath();
        QVERIFY(second != first);
        QVERIFY(f->window->quitQuestion().contains(QDir::toNativeSeparators(second)));
        QTRY_VERIFY_WITH_TIMEOUT(f->session->lastResults().configs.size() >= 1 &&
                                     f->session->lastResults().configs.at(0).status == QLatin1String("completed"),
                                 60000);
        // Written during the run, before it ends.
        f->window->waitForResultsWritten();
        auto during = CampaignResults::load(second);
        QVERIFY2(during.ok(), qPrintable(second));
        QVERIFY(during->configs.size() >= 1);
        QTest::mouseClick(f->window->runPage()->cancelButton(), Qt::LeftButton);
        QTRY_COMPARE(finished.size(), 2);
        f->window->waitForResultsWritten();
        auto secondResults = CampaignResults::load(second);
        QVERIFY(secondResults.ok());
        QCOMPARE(secondResults->status, QStringLiteral("cancelled"));
        QVERIFY(secondResults->configs.at(0).sequentialWrite().has_value());
        auto again = CampaignResults::load(first);
        QVERIFY(again.ok());
        QCOMPARE(again->status, QStringLiteral("completed"));
        QCOMPARE(again->configs.size(), 2);

        // Recent lists both, newest first, with what they hold.
        const QStringList recent = f->window->resultsPage()->recentEntries();
        const QString joined = recent.join(QLatin1Char('\n'));
        QVERIFY2(joined.contains(QFileInfo(first).fileName() + QStringLiteral(" — completed")), qPrintable(joined));
        QVERIFY2(joined.contains(QFileInfo(second).fileName() + QStringLiteral(" — cancelled")), qPrintable(joined));
    }

    void unreadableResultsAreListedNotOpened()
    {
        QFile corrupt(m_resultsFolder.filePath(QStringLiteral("2000-01-01_000000_host_broken.json")));
        QVERIFY(corrupt.open(QIODevice::WriteOnly));
        corrupt.write("{\"raidbench_results\": 1, \"configs\": [tru");
        corrupt.close();
        auto f = makeWindow();
        const QString joined = f->window->resultsPage()->recentEntries().join(QLatin1Char('\n'));
        QVERIFY2(joined.contains(QStringLiteral("2000-01-01_000000_host_broken.json — unreadable")),
                 qPrintable(joined));
        QVERIFY(joined.contains(m_resultsFolder.path()));
        QFile::remove(corrupt.fileName());
    }

    void aRunThatCannotKeepItsResultsDoesNotStart()
    {
        auto f = windowWithTheRecordedPlan();
        QVERIFY(f);
        // A folder that cannot be made: its parent is a file.
        QFile blocker(m_config.filePath(QStringLiteral("not-a-folder")));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        const QString folder = blocker.fileName() + QStringLiteral("/results");
        qputenv("RAIDBENCH_RESULTS_DIR", QFile::encodeName(folder));
        f->window->startRun();
        qputenv("RAIDBENCH_RESULTS_DIR", QFile::encodeName(m_resultsFolder.path()));
        QVERIFY2(f->window->lastMessage().contains(folder), qPrintable(f->window->lastMessage()));
        QVERIFY(f->window->lastMessage().contains(QLatin1String("not started")));
        QVERIFY(!f->session->campaignRunning());
        for (const auto& [op, args] : f->helper->requests) {
            QVERIFY(op != QLatin1String("run-campaign"));
        }
    }

    void runNotStartedWhenTheConfirmationIsRefused()
    {
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        QVERIFY(f->window->canvasModel()->addArray(labDisks(*f), ArrayLevel::Raid0).ok());
        f->confirmAnswer = false;
        f->window->startRun();
        QCOMPARE(f->confirmations, 1);
        QCOMPARE(f->confirmed.size(), 4);
        QVERIFY(!f->helper->campaignRunning());
        for (const auto& [op, args] : f->helper->requests) {
            QVERIFY2(op != QLatin1String("run-campaign"), "a campaign was sent though the user said no");
        }
        QVERIFY(f->window->lastMessage().contains(QLatin1String("not started")));
    }

    void runPageFollowsARecordedCampaign()
    {
        auto f = windowWithTheRecordedPlan();
        QVERIFY(f);
        const QStringList disks = labDisks(*f);
        QElapsedTimer clock;
        clock.start();
        f->window->startRun();
        QCOMPARE(f->confirmations, 1);
        QCOMPARE(f->window->currentStep(), MainWindow::RunStep);
        RunPage* run = f->window->runPage();
        QVERIFY(run->isRunning());
        QCOMPARE(run->queue()->rowCount(), 3); // each disk alone, raid0, raid5
        // The live chart spans one test run of the plan, not a fixed minute.
        const auto plan = f->window->planPage()->plan();
        QVERIFY(plan.ok());
        QCOMPARE(run->chartSpanSeconds(),
                 std::clamp(double(plan->timeLimitNs + plan->rampNs) / 1e9 * 1.1, 5.0, RunPage::chartWindowSeconds));
        QVERIFY(run->chartSpanSeconds() < RunPage::chartWindowSeconds);
        // The first ETA comes from the plan's own durations: 4 disks x 2 + 2 configurations x their
        // tests, each a run and its ramp, and 10 s to build and tear down each configuration.
        const double unit = double(plan->timeLimitNs + plan->rampNs) / 1e9;
        const double units = 8 + 2.0 * double(plan->tests.size()) * plan->repeats;
        QCOMPARE(run->remainingSeconds(0, 0, 0), units * unit + 2 * 10);
        QVERIFY2(run->findChild<QLabel*>(QStringLiteral("etaLabel"))->text().contains(QLatin1String("planned")),
                 qPrintable(run->findChild<QLabel*>(QStringLiteral("etaLabel"))->text()));
        QVERIFY(!run->cancelButton()->isHidden() && run->cancelButton()->isEnabled());

        // Midway: a row in progress and a live chart.
        QTRY_VERIFY(f->helper->eventsReplayed() > 40);
        QTRY_VERIFY(run->series()->count() > 0);
        QSignalSpy finished(run, &RunPage::finished);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
        const qint64 elapsed = clock.elapsed();
        QVERIFY2(finished.at(0).at(1).toString().isEmpty(), qPrintable(finished.at(0).at(1).toString()));
        QVERIFY(!run->isRunning());
        QVERIFY(!run->cancelButton()->isEnabled());

        // Every row done, every bar full; the log holds the helper's commands with their output.
        for (int row = 0; row < run->queue()->rowCount(); ++row) {
            auto* bar = qobject_cast<QProgressBar*>(run->queue()->cellWidget(row, 2));
            QVERIFY(bar);
            QCOMPARE(bar->value(), 100);
        }
        const QString log = run->log()->toPlainText();
        QVERIFY2(log.contains(QLatin1String("$ mdadm --create")), qPrintable(log.left(2000)));
        QVERIFY(log.contains(QLatin1String("--level=raid5")));
        QVERIFY(log.contains(QLatin1String("mdadm --stop")));
        QVERIFY(log.contains(QLatin1String("started.")));
        QVERIFY(run->statusLabel()->text().contains(QLatin1String("Finished")));
        // The chart is redrawn on a 100 ms timer with replace(), not per sample.
        const int bound = int(elapsed / RunPage::chartIntervalMs) + 2;
        QVERIFY2(run->chartUpdates() <= bound,
                 qPrintable(QStringLiteral("%1 redraws in %2 ms").arg(run->chartUpdates()).arg(elapsed)));
        QVERIFY(run->chartUpdates() > 0);
        // The results page has both configurations and the disks' baselines reached the pool.
        QCOMPARE(f->window->resultsPage()->configTable()->rowCount(), 2);
        QCOMPARE(f->session->baselines().size(), 4);
        // The recording's two 40 MB/s disks are marked slow, the 100 MB/s ones not.
        for (const Disk& disk : f->session->disks()) {
            const bool slowDisk = disk.model.contains(QLatin1String("W40"));
            QCOMPARE(f->session->slowReason(DiskPoolModel::planPath(disk)).isEmpty(), !slowDisk);
        }
    }

    void cancelMidRun()
    {
        auto f = windowWithTheRecordedPlan();
        QVERIFY(f);
        const QStringList disks = labDisks(*f);
        f->window->startRun();
        RunPage* run = f->window->runPage();
        QSignalSpy finished(run, &RunPage::finished);
        // Past the first configuration's results, then Cancel as the user clicks it.
        QTRY_VERIFY_WITH_TIMEOUT(f->session->lastResults().configs.size() >= 1 &&
                                     f->session->lastResults().configs.at(0).status == QLatin1String("completed"),
                                 60000);
        QVERIFY(f->helper->campaignRunning());
        QTest::mouseClick(run->cancelButton(), Qt::LeftButton);
        QVERIFY(run->statusLabel()->text().contains(QLatin1String("Cancelling")));
        QTRY_COMPARE(finished.size(), 1);
        bool cancelSent = false;
        for (const auto& [op, args] : f->helper->requests) {
            cancelSent = cancelSent || op == QLatin1String("cancel");
        }
        QVERIFY(cancelSent);
        QVERIFY2(run->statusLabel()->text().contains(QLatin1String("Cancelled")),
                 qPrintable(run->statusLabel()->text()));
        QVERIFY(!run->isRunning());
        // What was measured is kept, and the status says what, as the Results page shows it.
        QVERIFY(f->window->resultsPage()->configTable()->rowCount() >= 1);
        QCOMPARE(f->window->resultsPage()->results().status, QStringLiteral("cancelled"));
        const QString status = run->statusLabel()->text();
        QVERIFY2(status.contains(QLatin1String("kept: ")) && status.contains(QLatin1String("test result")),
                 qPrintable(status));
        QVERIFY2(!status.contains(QLatin1String("kept: 0")), qPrintable(status));
    }

    void helperDiesMidRun()
    {
        auto f = windowWithTheRecordedPlan();
        QVERIFY(f);
        const QStringList disks = labDisks(*f);
        f->window->startRun();
        RunPage* run = f->window->runPage();
        QSignalSpy finished(run, &RunPage::finished);
        QTRY_VERIFY_WITH_TIMEOUT(f->session->lastResults().configs.size() >= 1, 60000);
        f->helper->die(QStringLiteral("the helper was killed (signal 9)"));
        QTRY_COMPARE(finished.size(), 1);
        QVERIFY(!finished.at(0).at(1).toString().isEmpty());
        QVERIFY2(run->statusLabel()->text().contains(QLatin1String("stopped")), qPrintable(run->statusLabel()->text()));
        QVERIFY(run->statusLabel()->text().contains(QLatin1String("signal 9")));
        QVERIFY(!run->isRunning());
        QVERIFY(!f->session->isConnected());
        QVERIFY(f->window->resultsPage()->configTable()->rowCount() >= 1);
        // The window says so, and a new run is refused with a reason rather than sent nowhere.
        f->window->startRun();
        QVERIFY(f->window->lastMessage().contains(QLatin1String("not connected")));
    }

    void planFilesThatCannotBeOpened_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("reason");
        QTest::newRow("corrupt") << QByteArray("{\"raidbench_plan\": 1, \"disks\": [") << "JSON";
        QTest::newRow("future version") << QByteArray(
                                               "{\"raidbench_plan\": 99, \"disks\": [\"/dev/sda\", \"/dev/sdb\"], "
                                               "\"configurations\": [\"raid1\"]}")
                                        << "99";
        QTest::newRow("not a plan") << QByteArray("[1, 2, 3]") << "plan";
        QTest::newRow("unknown preset") << QByteArray(
                                               "{\"raidbench_plan\": 1, \"disks\": [\"/dev/sda\", \"/dev/sdb\"], "
                                               "\"configurations\": [\"raid7\"]}")
                                        << "raid7";
    }

    void planFilesThatCannotBeOpened()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, reason);
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        QVERIFY(f->window->canvasModel()->addArray(labDisks(*f), ArrayLevel::Raid6).ok());
        const QJsonObject before = f->window->canvasModel()->configs().at(0).spec.toJson();
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("plan.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(content);
        file.close();
        const auto loaded = f->window->planPage()->loadPlanFile(path);
        QVERIFY(!loaded);
        QVERIFY2(loaded.error().message.contains(reason), qPrintable(loaded.error().message));
        QVERIFY(loaded.error().message.contains(path));
        QCOMPARE(f->window->canvasModel()->configs().size(), 1);
        QCOMPARE(f->window->canvasModel()->configs().at(0).spec.toJson(), before);
    }

    void planSavedAndOpenedAgain()
    {
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        const QStringList disks = labDisks(*f);
        QVERIFY(f->window->canvasModel()->addArray(disks, ArrayLevel::Raid10).ok());
        QVERIFY(f->window->canvasModel()->addArray(disks.mid(0, 3), ArrayLevel::Raid5).ok());
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("plan.json"));
        QVERIFY(f->window->planPage()->savePlanFile(path).ok());
        const auto listing = f->window->planPage()->commandListing();
        QVERIFY(listing.ok());
        QVERIFY(listing->join(QLatin1Char('\n')).contains(QLatin1String("--level=raid10")));
        f->window->canvasModel()->clear();
        QVERIFY(f->window->planPage()->loadPlanFile(path).ok());
        QCOMPARE(f->window->canvasModel()->configs().size(), 2);
        QCOMPARE(f->window->canvasModel()->configs().at(0).spec.level, ArrayLevel::Raid10);
        QCOMPARE(leafPaths(f->window->canvasModel()->configs().at(1).spec), disks.mid(0, 3));

        // Limits survive the page: a half-second ramp, two repeats, 5 s per run.
        CampaignPlan plan = *f->window->planPage()->plan();
        plan.rampNs = 500'000'000ull;
        plan.repeats = 2;
        plan.timeLimitNs = 5'000'000'000ull;
        QVERIFY(f->window->planPage()->applyPlan(plan).ok());
        const auto again = f->window->planPage()->plan();
        QVERIFY(again.ok());
        QCOMPARE(again->rampNs, 500'000'000ull);
        QCOMPARE(again->repeats, 2);
        QCOMPARE(again->timeLimitNs, 5'000'000'000ull);
        QCOMPARE(again->configurations.size(), 2);
    }
};

QTEST_MAIN(TstUi)
#include "tst_ui.moc"

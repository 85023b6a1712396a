#pragma once

// What the desktop program's widget tests share (tst_ui_*.cpp): a window on a scripted helper that
// replays a real helper's recording, and drag-and-drop and menu helpers.

#include "../mock/scriptedhelper.h"
#include "arraycanvas.h"
#include "canvasmodel.h"
#include "client/session.h"
#include "confirmdialog.h"
#include "diskpool.h"
#include "lab/labspec.h"
#include "labdialog.h"
#include "layout/arrayanalysis.h"
#include "layout/arrayspec.h"
#include "mainwindow.h"
#include "planpage.h"
#include "results/resultsfolder.h"
#include "results/resultspage.h"
#include "runpage.h"

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
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>

#include <functional>

using namespace RaidBench;
using namespace RaidBench::Ui;

namespace UiTest {

inline const QString recording = QStringLiteral(RAIDBENCH_TEST_DATA "/helper/campaign.jsonl");

/// Delivers a drag (enter, move) and a drop to `target` as the window system would; returns
/// whether the target accepted the drop.
inline bool dropOn(QWidget* target, const QMimeData* mime, Qt::DropAction action = Qt::CopyAction)
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

inline std::unique_ptr<QMimeData> cardMime(const QList<int>& path)
{
    QStringList parts;
    for (int i : path) {
        parts.append(QString::number(i));
    }
    auto mime = std::make_unique<QMimeData>();
    mime->setData(QLatin1String(cardMimeType), parts.join(QLatin1Char('/')).toLatin1());
    return mime;
}

inline std::unique_ptr<QMimeData> disksMime(const QStringList& disks)
{
    auto mime = std::make_unique<QMimeData>();
    mime->setData(QLatin1String(disksMimeType), disks.join(QLatin1Char('\n')).toUtf8());
    return mime;
}

/// The action of `menu` (or of one of its submenus) whose text, without its mnemonic, is `text`.
inline QAction* menuAction(const QMenu* menu, const QString& text)
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
inline QString pickFromPopup(const std::function<void()>& open, const QStringList& path)
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

inline QStringList leafPaths(const ArraySpec& spec)
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

} // namespace UiTest

using namespace UiTest;

/// The windows the tests drive, and the settings and results folder they use instead of the user's.
class UiTestBase
{
protected:
    /// A window on a scripted helper that has said hello and listed the recorded lab disks.
    struct Fixture
    {
        Session* session = nullptr;
        Test::ScriptedHelper* helper = nullptr;
        std::unique_ptr<MainWindow> window;
        QList<Disk> confirmed;
        int confirmations = 0;
        bool confirmAnswer = true;
        /// What the quick answer's dialog asked for, and what it answers (none: Cancel).
        QList<Requirements> requirementsAsked;
        std::optional<Requirements> requirementsAnswer;
        bool answerAsAsked = true; ///< Start with what the dialog was given
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
        fixture->window->askRequirements = [raw](const Requirements& requirements, qsizetype) {
            raw->requirementsAsked.append(requirements);
            return raw->answerAsAsked ? std::optional<Requirements>(requirements) : raw->requirementsAnswer;
        };
        if (!planToRun.isEmpty()) {
            fixture->window->runPlanWhenReady(planToRun);
        }
        fixture->session->attach(fixture->helper);
        fixture->helper->start();
        fixture->window->show();
        return fixture;
    }

    /// A window for a fixture whose session and helper are made (a test's own helper replies set).
    static void showWindow(Fixture& fixture)
    {
        fixture.window = std::make_unique<MainWindow>(fixture.session);
        fixture.session->setParent(fixture.window.get());
        fixture.session->attach(fixture.helper);
        fixture.helper->start();
        fixture.window->show();
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

    /// Settings and results folder in temporary directories; the recording present.
    void initCommon()
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
};

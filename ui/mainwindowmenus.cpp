// The window's menus and About box, apart from mainwindow.cpp, which assembles the pages.

#include "canvasmodel.h"
#include "client/session.h"
#include "diskpool.h"
#include "mainwindow.h"
#include "planpage.h"
#include "recentfolder.h"
#include "results/resultsfolder.h"
#include "results/resultspage.h"
#include "util/errorcodes.h"
#include "version.h"

#include <QAction>
#include <QDesktopServices>
#include <QDir>
#include <QFileDialog>
#include <QJsonObject>
#include <QKeySequence>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSysInfo>
#include <QUndoStack>
#include <QUrl>

#include <functional>

namespace RaidBench::Ui {

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
        m_results->openDialog();
    });
    file->addAction(tr("Save results &as…"), QKeySequence::SaveAs, this, [this] {
        showStep(ResultsStep);
        m_results->saveAsDialog();
    });
    file->addAction(tr("Results &library…"), QKeySequence(Qt::CTRL | Qt::Key_L), this, [this] {
        showStep(ResultsStep);
        m_results->openLibrary();
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
    tools->addAction(tr("Connect to &another machine…"), this, &MainWindow::openRemoteDialog);
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
    help->addAction(tr("&User guide"), QKeySequence::HelpContents, this, &MainWindow::showGuide);
    help->addAction(tr("&Keyboard shortcuts"), this, &MainWindow::showShortcuts);
    help->addSeparator();
    help->addAction(tr("&About RaidBench"), this, &MainWindow::showAbout);
}

void MainWindow::showGuide()
{
    QMessageBox box(this);
    box.setWindowTitle(tr("RaidBench user guide"));
    box.setTextFormat(Qt::RichText);
    box.setText(
        tr("<h3>Which RAID layout should these disks be?</h3>"
           "<p>Five pages, one step each (Ctrl+1 to Ctrl+5):</p>"
           "<ol>"
           "<li><b>Disks</b>: every disk of the machine, and why RaidBench may not use one (it never writes to a "
           "disk in use). <i>Measure disks</i> times each alone and together and marks a slow one; <i>Surface</i> "
           "reads a disk from its first byte to its last; <i>Quick answer</i> predicts every layout and builds only "
           "the best two.</li>"
           "<li><b>Build</b>: drag disks onto the new-array area or onto a card; right-click a card to add it to "
           "another (nested levels) or put it inside a new one. <i>Add the standard set</i> adds every layout the "
           "disks allow. Each card says its space, the failures it survives and the speed it should reach.</li>"
           "<li><b>Plan</b>: the tests, how long each runs and how often, the region of the disks, write caches, "
           "a failure drill. <i>Show commands</i> lists every command the run will give.</li>"
           "<li><b>Run</b>: each layout is built, measured and torn down in turn; cancel at any moment, and "
           "nothing is left on the disks.</li>"
           "<li><b>Results</b>: the <i>Answer</i> for your requirements first, then the charts side by side, each "
           "disk's own speed, the table and the details. Export a chart, the CSV or an HTML report.</li>"
           "</ol>"
           "<p>No spare disks? <i>Tools &gt; Virtual lab</i> runs all of it on virtual disks in a small VM.</p>"
           "<p>The same from a terminal or on a server: <tt>raidbench-cli --help</tt>.</p>"));
    box.exec();
}

void MainWindow::showShortcuts()
{
    // The menus' own shortcuts, so the list is always the one the window has.
    QString rows;
    const std::function<void(QMenu*, const QString&)> collect = [&](QMenu* menu, const QString& where) {
        for (QAction* action : menu->actions()) {
            const QString name = action->text().remove(QLatin1Char('&')).remove(QChar(0x2026));
            if (action->menu()) {
                collect(action->menu(), where + QStringLiteral(" > ") + name);
            } else if (!action->shortcut().isEmpty()) {
                rows += QStringLiteral("<tr><td><b>%1</b></td><td>%2 &gt; %3</td></tr>")
                            .arg(action->shortcut().toString(QKeySequence::NativeText).toHtmlEscaped(),
                                 where.toHtmlEscaped(), name.toHtmlEscaped());
            }
        }
    };
    for (QAction* top : menuBar()->actions()) {
        if (top->menu()) {
            collect(top->menu(), top->text().remove(QLatin1Char('&')));
        }
    }
    QMessageBox box(this);
    box.setWindowTitle(tr("Keyboard shortcuts"));
    box.setTextFormat(Qt::RichText);
    box.setText(tr("<p>Alt and the underlined letter of a tab, button or menu reaches it too.</p>") +
                QStringLiteral("<table cellspacing=\"6\">%1</table>").arg(rows));
    box.exec();
}

void MainWindow::showAbout()
{
    const QString mdadm = m_session->about().mdadm;
    const QString kernel = m_session->about().kernel.isEmpty() ? QSysInfo::kernelVersion() : m_session->about().kernel;
    QMessageBox::about(this, tr("About RaidBench"),
                       tr("<h3>RaidBench %1</h3><p>Which RAID layout should these disks be? Build, measure and "
                          "compare Linux software-RAID layouts.</p>"
                          "<p>Qt %2 (built with %3)<br>mdadm: %4<br>Kernel: %5%6</p>")
                           .arg(QStringLiteral(RAIDBENCH_VERSION), QString::fromLatin1(qVersion()),
                                QStringLiteral(QT_VERSION_STR),
                                mdadm.isEmpty() ? tr("(connect to see the helper's)") : mdadm.toHtmlEscaped(),
                                kernel.toHtmlEscaped(), m_session->isLab() ? tr(" (lab VM)") : QString()));
}

} // namespace RaidBench::Ui

// The window's menus and About box, apart from mainwindow.cpp, which assembles the pages.

#include "campaign/resultsfolder.h"
#include "canvasmodel.h"
#include "diskpool.h"
#include "mainwindow.h"
#include "planpage.h"
#include "results/resultspage.h"
#include "session.h"
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

namespace RaidBench::Ui {

void MainWindow::makeMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open plan…"), QKeySequence::Open, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open a plan"), QString(), tr("Plans (*.json)"));
        if (!path.isEmpty()) {
            const auto loaded = m_plan->loadPlanFile(path);
            showMessage(loaded ? tr("Plan %1 opened.").arg(path) : ErrorCode::userText(loaded.error()), !loaded);
        }
    });
    file->addAction(tr("&Save plan…"), QKeySequence::Save, this, [this] {
        const QString path =
            QFileDialog::getSaveFileName(this, tr("Save the plan"), QStringLiteral("plan.json"), tr("Plans (*.json)"));
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
    help->addAction(tr("&About RaidBench"), this, &MainWindow::showAbout);
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

#include "mainwindow.h"

#include <QLabel>
#include <QStatusBar>

namespace RaidBench::Ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
{
    setWindowTitle(tr("RaidBench"));
    auto* placeholder = new QLabel(tr("RaidBench: the disk pool and the array canvas are not built yet."), this);
    placeholder->setAlignment(Qt::AlignCenter);
    setCentralWidget(placeholder);
    statusBar()->showMessage(tr("No helper started"));
    resize(960, 640);
}

} // namespace RaidBench::Ui

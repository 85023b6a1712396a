#include "mainwindow.h"
#include "version.h"

#include <QApplication>
#include <QCommandLineParser>

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("RaidBench"));
    QApplication::setApplicationVersion(QStringLiteral(RAIDBENCH_VERSION));
    QApplication::setOrganizationName(QStringLiteral("RaidBench"));
    QApplication::setDesktopFileName(QStringLiteral("io.github.raidbench"));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Build, benchmark and compare Linux software-RAID layouts."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.process(app);

    RaidBench::Ui::MainWindow window;
    window.show();
    return QApplication::exec();
}

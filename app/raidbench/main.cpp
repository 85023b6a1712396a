#include "lab/labmachine.h"
#include "lab/labspec.h"
#include "mainwindow.h"
#include "screenshotdriver.h"
#include "session.h"
#include "version.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QPalette>
#include <QStyleFactory>

#include <cstdio>
#include <string_view>
#include <unistd.h>

namespace {

const char* const description = R"(Build, benchmark and compare Linux software-RAID layouts.

Drag disks into RAID levels, and RaidBench builds each array, measures it with its
own direct-I/O benchmark, tears it down and charts the results side by side. The
root work is done by raidbench-helper, started through polkit (pkexec) when you
connect; run as root, it starts at once. --lab tries everything on virtual disks
in a small qemu VM instead (see raidbench-cli lab --help for the disk syntax).

Examples:
  raidbench
  raidbench --lab 2x1G@105,2x1G@38)";

/// A dark palette, as a dark desktop theme gives (for --dark screenshots under xvfb).
QPalette darkPalette()
{
    QPalette palette;
    const QColor window(0x2b, 0x2d, 0x31);
    const QColor base(0x1f, 0x21, 0x24);
    const QColor text(0xe6, 0xe6, 0xe6);
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::AlternateBase, window);
    palette.setColor(QPalette::ToolTipBase, base);
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, window);
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::Highlight, QColor(0x3d, 0x7e, 0xc9));
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::Link, QColor(0x6c, 0xa9, 0xf0));
    palette.setColor(QPalette::PlaceholderText, QColor(0x90, 0x90, 0x90));
    palette.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x80, 0x80));
    palette.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x80, 0x80, 0x80));
    palette.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x80, 0x80));
    return palette;
}

/// --help, --version and the headless exports need no screen: use the offscreen platform for
/// them, and say clearly that the window needs one instead of Qt's abort.
bool prepareDisplay(int argc, char* argv[])
{
    if (qEnvironmentVariableIsSet("QT_QPA_PLATFORM")) {
        return true;
    }
    bool headless = false;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg(argv[i]);
        headless = headless || arg == "-h" || arg == "--help" || arg == "--help-all" || arg == "-v" ||
            arg == "--version" || arg.starts_with("--export-");
    }
    if (headless) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
        return true;
    }
    if (!qEnvironmentVariableIsSet("DISPLAY") && !qEnvironmentVariableIsSet("WAYLAND_DISPLAY")) {
        std::fprintf(stderr,
                     "raidbench: error: no display (neither DISPLAY nor WAYLAND_DISPLAY is set).\n"
                     "On a server, use raidbench-cli; to try the window without a screen, run it "
                     "under xvfb-run.\n");
        return false;
    }
    return true;
}

} // namespace

int main(int argc, char* argv[])
{
    if (!prepareDisplay(argc, argv)) {
        return 2;
    }
    QApplication::setHighDpiScaleFactorRoundingPolicy(Qt::HighDpiScaleFactorRoundingPolicy::PassThrough);
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("RaidBench"));
    QApplication::setApplicationVersion(QStringLiteral(RAIDBENCH_VERSION));
    QApplication::setOrganizationName(QStringLiteral("RaidBench"));
    QApplication::setDesktopFileName(QStringLiteral("io.github.raidbench"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/raidbench/io.github.raidbench.svg")));

    QCommandLineParser parser;
    parser.setApplicationDescription(QString::fromUtf8(description));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption labOption(QStringLiteral("lab"),
                                       QApplication::translate("main", "Start in the virtual lab with these disks."),
                                       QStringLiteral("DISKS"));
    const QCommandLineOption controllersOption(
        QStringLiteral("controllers"), QApplication::translate("main", "Lab: spread the disks over N controllers."),
        QStringLiteral("N"), QStringLiteral("2"));
    const QCommandLineOption screenshotsOption(
        QStringLiteral("screenshots"),
        QApplication::translate("main",
                                "With --lab: go through every page, save a PNG of each into DIR, and quit "
                                "(for the documentation)."),
        QStringLiteral("DIR"));
    const QCommandLineOption darkOption(QStringLiteral("dark"),
                                        QApplication::translate("main", "Use a dark palette (for screenshots)."));
    parser.addOptions({labOption, controllersOption, screenshotsOption, darkOption});
    parser.process(app);

    if (parser.isSet(darkOption)) {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(darkPalette());
    }
    std::optional<RaidBench::LabOptions> lab;
    if (parser.isSet(labOption)) {
        bool ok = false;
        const int controllers = parser.value(controllersOption).toInt(&ok);
        auto disks = RaidBench::parseLabSpec(parser.value(labOption), ok ? controllers : 1);
        if (!disks) {
            std::fprintf(stderr, "raidbench: error: %s\n", qPrintable(disks.error().message));
            return 2;
        }
        lab.emplace();
        lab->disks = *disks;
    }
    if (parser.isSet(screenshotsOption) && !lab) {
        std::fprintf(stderr, "raidbench: error: --screenshots needs --lab\n");
        return 2;
    }

    RaidBench::Ui::MainWindow window;
    if (parser.isSet(screenshotsOption)) {
        window.resize(1280, 800);
    }
    window.show();
    std::unique_ptr<ScreenshotDriver> screenshots;
    if (parser.isSet(screenshotsOption)) {
        screenshots = std::make_unique<ScreenshotDriver>(&window, parser.value(screenshotsOption),
                                                         parser.isSet(darkOption) ? QStringLiteral("dark")
                                                                                  : QStringLiteral("light"));
        screenshots->start();
    }
    if (lab) {
        window.startLab(*lab);
    } else if (geteuid() == 0) {
        window.connectHelper();
    }
    return QApplication::exec();
}

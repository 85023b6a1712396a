#include "client/session.h"
#include "headlessexport.h"
#include "helper/sshtarget.h"
#include "lab/labmachine.h"
#include "lab/labspec.h"
#include "mainwindow.h"
#include "screenshotdriver.h"
#include "util/translation.h"
#include "version.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QMessageBox>
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
--host [USER@]HOST[:PORT] works on another machine's disks over ssh, through the
RaidBench helper installed there (your keys and known_hosts; never a password).

Headless exports (no display needed; for scripts on servers):
  raidbench --export-report RESULTS.json --out report.html [--compare MORE.json...]
      the whole comparison as one self-contained HTML file (tables, inline SVG
      charts, host and disk identity, every command run); with --compare, the
      files side by side (the machines of a fleet, or before and after)
  raidbench --export-chart NAME [--format svg|png|pdf] [--size WxH] [--dpi N]
            [--order plan|write|read|space] [--page N] --out FILE RESULTS.json
      one chart: comparison, disks, tradeoff, surface, sweep, qd-latency, qd-iops,
      timeline, latency, command, failure or rebuild
  --recommend REQUIREMENTS ranks the layouts of the report and the tradeoff chart
      for your requirements, e.g. "failures>=1,space>=50,weight=random" (default
      "failures>=1"; see raidbench-cli report --help)

A results or plan file given as argument is opened (results on the Results page, a
plan on the canvas).

Examples:
  raidbench
  raidbench results.json
  raidbench --lab 2x1G@105,2x1G@38
  raidbench --host root@storage1
  raidbench --export-chart comparison --format png --size 1600x900 --dpi 144 \
      --out comparison.png results.json)";

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

/// The desktop program's options.
struct MainOptions
{
    const QCommandLineOption labOption {QStringLiteral("lab"),
                                        QApplication::translate("main", "Start in the virtual lab with these disks."),
                                        QStringLiteral("DISKS")};
    const QCommandLineOption controllersOption {
        QStringLiteral("controllers"),
        QApplication::translate("main",
                                "Lab: spread the disks over N controllers; N@MBPS limits each controller to "
                                "MBPS for all its disks together."),
        QStringLiteral("N[@MBPS]"), QStringLiteral("2")};
    const QCommandLineOption screenshotsOption {
        QStringLiteral("screenshots"),
        QApplication::translate("main",
                                "With --lab: go through every page, save a PNG of each into DIR, and quit "
                                "(for the documentation)."),
        QStringLiteral("DIR")};
    const QCommandLineOption darkOption {QStringLiteral("dark"),
                                         QApplication::translate("main", "Use a dark palette (for screenshots).")};
    const QCommandLineOption reportOption {
        QStringLiteral("export-report"),
        QApplication::translate("main", "Write the HTML report of RESULTS to --out, then quit."),
        QStringLiteral("RESULTS")};
    const QCommandLineOption chartOption {
        QStringLiteral("export-chart"),
        QApplication::translate("main", "Write chart NAME of the results file given as argument to --out, then quit."),
        QStringLiteral("NAME")};
    const QCommandLineOption formatOption {QStringLiteral("format"),
                                           QApplication::translate("main",
                                                                   "Chart format: svg, png or pdf (default: "
                                                                   "from --out's suffix)."),
                                           QStringLiteral("FORMAT")};
    const QCommandLineOption sizeOption {QStringLiteral("size"),
                                         QApplication::translate("main", "Chart size in pixels (default 1200x700)."),
                                         QStringLiteral("WxH"), QStringLiteral("1200x700")};
    const QCommandLineOption dpiOption {QStringLiteral("dpi"),
                                        QApplication::translate("main", "Chart resolution (default 96)."),
                                        QStringLiteral("N"), QStringLiteral("96")};
    const QCommandLineOption orderOption {QStringLiteral("order"),
                                          QApplication::translate("main", "Chart order: plan, write, read or space."),
                                          QStringLiteral("ORDER"), QStringLiteral("plan")};
    const QCommandLineOption pageOption {QStringLiteral("page"),
                                         QApplication::translate("main", "Chart page (16 configurations each)."),
                                         QStringLiteral("N"), QStringLiteral("1")};
    const QCommandLineOption outOption {QStringLiteral("out"), QApplication::translate("main", "Export to FILE."),
                                        QStringLiteral("FILE")};
    const QCommandLineOption runOption {
        QStringLiteral("run"),
        QApplication::translate("main",
                                "With a plan file: start it as soon as its disks are seen (real disks "
                                "still ask for the confirmation).")};
    const QCommandLineOption recommendOption {
        QStringLiteral("recommend"),
        QApplication::translate("main", "The requirements the report's recommendation and the tradeoff chart use."),
        QStringLiteral("REQUIREMENTS")};
    const QCommandLineOption compareOption {
        QStringLiteral("compare"),
        QApplication::translate("main",
                                "With --export-report or --export-chart: compare the results with the further "
                                "FILEs given (hosts side by side).")};
    const QCommandLineOption hostOption {
        QStringLiteral("host"),
        QApplication::translate("main", "Work on that machine's disks, over ssh (as Connect to another machine)."),
        QStringLiteral("[USER@]HOST[:PORT]")};

    QList<QCommandLineOption> all() const
    {
        return {labOption,    controllersOption, screenshotsOption, darkOption,  reportOption, chartOption,
                formatOption, sizeOption,        dpiOption,         orderOption, pageOption,   outOption,
                runOption,    recommendOption,   compareOption,     hostOption};
    }
};

/// --export-report or --export-chart, without a window. Returns the exit code.
int exportFromOptions(const QCommandLineParser& parser, const MainOptions& o)
{
    HeadlessExport request;
    request.report = parser.value(o.reportOption);
    request.chart = parser.value(o.chartOption);
    request.results = parser.positionalArguments().value(0);
    if (parser.isSet(o.compareOption)) {
        // --export-report A --compare B C, or --export-chart NAME --compare A B C
        request.compareWith = parser.positionalArguments().mid(request.report.isEmpty() ? 1 : 0);
        if (request.compareWith.isEmpty()) {
            std::fprintf(stderr, "raidbench: error: --compare needs more results files after the first\n");
            return 2;
        }
    }
    request.out = parser.value(o.outOption);
    request.format = parser.value(o.formatOption);
    request.size = parser.value(o.sizeOption);
    request.dpi = parser.value(o.dpiOption);
    request.order = parser.value(o.orderOption);
    request.page = parser.value(o.pageOption);
    request.dark = parser.isSet(o.darkOption);
    request.recommend =
        parser.isSet(o.recommendOption) ? std::optional<QString>(parser.value(o.recommendOption)) : std::nullopt;
    return runHeadlessExport(request);
}

/// Where the window works: the lab (--lab), another machine (--host) or this one; false after
/// printing why not.
bool readWhere(const QCommandLineParser& parser, const MainOptions& o, std::optional<RaidBench::LabOptions>& lab,
               std::optional<RaidBench::SshTarget>& host)
{
    if (parser.isSet(o.labOption)) {
        const auto controllers = RaidBench::parseLabControllers(parser.value(o.controllersOption));
        if (!controllers) {
            std::fprintf(stderr, "raidbench: error: --%s\n", qPrintable(controllers.error().message));
            return false;
        }
        auto disks = RaidBench::parseLabSpec(parser.value(o.labOption), controllers->count, controllers->mbps);
        if (!disks) {
            std::fprintf(stderr, "raidbench: error: %s\n", qPrintable(disks.error().message));
            return false;
        }
        lab.emplace();
        lab->disks = *disks;
    }
    if (parser.isSet(o.hostOption)) {
        auto parsed = RaidBench::SshTarget::parse(parser.value(o.hostOption));
        if (!parsed) {
            std::fprintf(stderr, "raidbench: error: %s\n", qPrintable(parsed.error().message));
            return false;
        }
        if (lab) {
            std::fprintf(stderr, "raidbench: error: --host or --lab, not both\n");
            return false;
        }
        host = *parsed;
    }
    return true;
}

/// Shows the window, opens `file` (or runs it with --run, or takes its screenshots), and connects
/// where readWhere() said. Returns the application's exit code.
int runWindow(const QCommandLineParser& parser, const MainOptions& o, const QString& file,
              const std::optional<RaidBench::LabOptions>& lab, const std::optional<RaidBench::SshTarget>& host)
{
    RaidBench::Ui::MainWindow window;
    if (parser.isSet(o.screenshotsOption)) {
        window.resize(1280, 800);
    }
    window.show();
    std::unique_ptr<ScreenshotDriver> screenshots;
    if (parser.isSet(o.screenshotsOption)) {
        screenshots = std::make_unique<ScreenshotDriver>(&window, parser.value(o.screenshotsOption),
                                                         parser.isSet(o.darkOption) ? QStringLiteral("dark")
                                                                                    : QStringLiteral("light"));
        if (lab) {
            screenshots->start();
        } else {
            screenshots->startResults(file);
        }
    }
    if (parser.isSet(o.runOption)) {
        if (file.isEmpty()) {
            std::fprintf(stderr, "raidbench: error: --run needs a plan file\n");
            return 2;
        }
        window.runPlanWhenReady(file);
    } else if (!file.isEmpty() && !screenshots) {
        if (auto opened = window.openFile(file); !opened) {
            std::fprintf(stderr, "raidbench: %s\n", qPrintable(opened.error().message));
            QMessageBox::warning(&window, QApplication::translate("main", "RaidBench"), opened.error().message);
        }
    }
    if (lab) {
        window.startLab(*lab);
    } else if (host) {
        window.connectRemote(*host, RaidBench::SshTarget::defaultRemoteHelper());
    } else if (geteuid() == 0) {
        window.connectHelper();
    }
    return QApplication::exec();
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
    RaidBench::installTranslations(app); // the user's language, where RaidBench has a catalogue for it
    QApplication::setApplicationVersion(QStringLiteral(RAIDBENCH_VERSION));
    QApplication::setOrganizationName(QStringLiteral("RaidBench"));
    QApplication::setDesktopFileName(QStringLiteral("io.github.raidbench"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/raidbench/io.github.raidbench.svg")));

    QCommandLineParser parser;
    parser.setApplicationDescription(QString::fromUtf8(description));
    parser.addHelpOption();
    parser.addVersionOption();
    const MainOptions o;
    parser.addOptions(o.all());
    parser.addPositionalArgument(QStringLiteral("FILE"),
                                 QApplication::translate("main",
                                                         "A results or plan file to open (with "
                                                         "--export-chart: the results to draw)."),
                                 QStringLiteral("[FILE.json]"));
    parser.process(app);
    if (parser.isSet(o.reportOption) || parser.isSet(o.chartOption)) {
        return exportFromOptions(parser, o);
    }
    if (parser.positionalArguments().size() > 1) {
        std::fprintf(stderr, "raidbench: error: one file at a time (a results or plan file), not %s\n",
                     qPrintable(parser.positionalArguments().join(QLatin1Char(' '))));
        return 2;
    }
    const QString file = parser.positionalArguments().value(0);

    if (parser.isSet(o.darkOption)) {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(darkPalette());
    }
    std::optional<RaidBench::LabOptions> lab;
    std::optional<RaidBench::SshTarget> host;
    if (!readWhere(parser, o, lab, host)) {
        return 2;
    }
    if (parser.isSet(o.screenshotsOption) && !lab && file.isEmpty()) {
        std::fprintf(stderr,
                     "raidbench: error: --screenshots needs --lab DISKS (every page) or a results file "
                     "(the results pages)\n");
        return 2;
    }

    return runWindow(parser, o, file, lab, host);
}

#include "answercommand.h"
#include "arraycommand.h"
#include "benchcommand.h"
#include "benchfscommand.h"
#include "campaigncommand.h"
#include "clicommon.h"
#include "diskscommand.h"
#include "labcommand.h"
#include "util/translation.h"
#include "version.h"

#include <QCoreApplication>

#include <functional>
#include <map>

using namespace RaidBench::Cli;

namespace {

struct Command
{
    const char* summary;
    std::function<int(const QStringList&)> run;
};

const std::map<QString, Command>& commands()
{
    static const std::map<QString, Command> table {
        {QStringLiteral("answer"),
         {QT_TRANSLATE_NOOP("raidbench-cli",
                            "the answer in minutes: the disks measured, every layout predicted, the best few built"),
          runAnswer}},
        {QStringLiteral("array"),
         {QT_TRANSLATE_NOOP("raidbench-cli", "build, list and tear down RAID arrays (mdadm, LVM)"), runArray}},
        {QStringLiteral("bench"),
         {QT_TRANSLATE_NOOP("raidbench-cli", "run one direct-I/O job on a file or block device"), runBench}},
        {QStringLiteral("bench-fs"),
         {QT_TRANSLATE_NOOP("raidbench-cli",
                            "run a file-system test (bonnie-like, small files, your command) in a directory"),
          runBenchFs}},
        {QStringLiteral("disks"),
         {QT_TRANSLATE_NOOP("raidbench-cli", "list disks and whether RaidBench may use each"), runDisks}},
        {QStringLiteral("run"),
         {QT_TRANSLATE_NOOP("raidbench-cli", "run a campaign: baselines, then build, measure, tear down each layout"),
          runCampaign}},
        {QStringLiteral("report"),
         {QT_TRANSLATE_NOOP("raidbench-cli", "turn results into Markdown, CSV or fio JSON; import fio results"),
          runReport}},
        {QStringLiteral("lab"),
         {QT_TRANSLATE_NOOP("raidbench-cli", "the virtual disk lab: run commands in a VM with throttled virtual disks"),
          runLab}},
    };
    return table;
}

QString usage()
{
    // In the user's language where RaidBench has a catalogue for it (core/util/translation.h).
    QString text = QCoreApplication::translate("raidbench-cli",
                                               "Usage: raidbench-cli COMMAND [OPTIONS]\n\n"
                                               "Builds Linux software-RAID layouts, benchmarks them and compares the "
                                               "results.\n\n"
                                               "Commands:\n");
    for (const auto& [name, command] : commands()) {
        text += QStringLiteral("  %1  %2\n")
                    .arg(name, -8)
                    .arg(QCoreApplication::translate("raidbench-cli", command.summary));
    }
    text += QCoreApplication::translate("raidbench-cli",
                                        "\nOptions:\n"
                                        "  -h, --help     show this help; COMMAND --help shows a command's options\n"
                                        "  -v, --version  show the version\n\n"
                                        "Example:\n");
    text += QStringLiteral("  raidbench-cli bench --target /tmp/rb.dat --rw write --bs 1M --qd 8 --size 1G\n");
    return text;
}

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("raidbench-cli"));
    RaidBench::installTranslations(app); // the user's language, where RaidBench has a catalogue for it
    QCoreApplication::setApplicationVersion(QStringLiteral(RAIDBENCH_VERSION));

    QStringList arguments = QCoreApplication::arguments();
    if (arguments.size() < 2) {
        printErr(usage());
        return ExitUsage;
    }
    const QString first = arguments.at(1);
    if (first == QLatin1String("-h") || first == QLatin1String("--help") || first == QLatin1String("help")) {
        printOut(usage());
        return ExitOk;
    }
    if (first == QLatin1String("-v") || first == QLatin1String("--version")) {
        printOut(QStringLiteral("raidbench-cli %1\n").arg(QStringLiteral(RAIDBENCH_VERSION)));
        return ExitOk;
    }
    const auto it = commands().find(first);
    if (it == commands().end()) {
        printError(
            QCoreApplication::translate("raidbench-cli", "unknown command '%1'; run raidbench-cli --help for the list")
                .arg(first));
        return ExitUsage;
    }
    // Each command parses its own options; its help names it in the usage line.
    arguments.removeAt(1);
    arguments[0] = QStringLiteral("raidbench-cli %1").arg(first);
    return it->second.run(arguments);
}

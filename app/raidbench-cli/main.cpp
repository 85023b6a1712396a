#include "clicommon.h"
#include "command.h"
#include "util/translation.h"
#include "version.h"

#include <QCoreApplication>

using namespace RaidBench::Cli;

namespace {

QString usage()
{
    // In the user's language where RaidBench has a catalogue for it (core/util/translation.h).
    QString text = Text::tr("Usage: raidbench-cli COMMAND [OPTIONS]\n\n"
                            "Builds Linux software-RAID layouts, benchmarks them and compares the "
                            "results.\n\n"
                            "Commands:\n");
    for (const auto& [name, command] : Command::all()) {
        text += QStringLiteral("  %1  %2\n").arg(name, -8).arg(command->summary());
    }
    text += Text::tr("\nOptions:\n"
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
    const auto it = Command::all().find(first);
    if (it == Command::all().end()) {
        printError(Text::tr("unknown command '%1'; run raidbench-cli --help for the list").arg(first));
        return ExitUsage;
    }
    // Each command parses its own options; its help names it in the usage line.
    arguments.removeAt(1);
    arguments[0] = QStringLiteral("raidbench-cli %1").arg(first);
    return it->second->execute(arguments);
}

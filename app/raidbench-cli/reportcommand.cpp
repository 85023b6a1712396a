#include "reportcommand.h"

#include "answer/compare.h"
#include "clicommon.h"
#include "exports/exports.h"
#include "model/analysis.h"
#include "util/atomicfile.h"
#include "util/errorcodes.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>
#include <QStandardPaths>

#include <cstdio>

namespace RaidBench::Cli {

namespace {

/// What `raidbench-cli report --help` says above its options.
const char* const reportDescription = QT_TRANSLATE_NOOP(
    "raidbench_cli",
    "Turn a results file into a Markdown report (default), CSV, or fio-style JSON files; add fio's own\n"
    "--output-format=json results beside RaidBench's.\n\n"
    "Examples:\n"
    "  raidbench-cli report results.json > report.md\n"
    "  raidbench-cli report results.json --csv --out results.csv\n"
    "  raidbench-cli report results.json --fio-json fio-dir/\n"
    "  raidbench-cli report results.json --fio fio.json:raid5 --md\n"
    "  raidbench-cli report --compare before.json after.json > compare.md\n"
    "  raidbench-cli report results.json --recommend \"failures>=1,space>=50,weight=random\"\n\n"
    "The Markdown report ends with a recommendation: the measured layouts that survive one failure,\n"
    "ranked on sequential and random speed. --recommend REQUIREMENTS prints the ranking for your own\n"
    "(as text, or JSON with --json; with --md the report uses them), comma-separated:\n"
    "  failures>=N         survive any N failed disks\n"
    "  controller          survive losing one controller (host adapter)\n"
    "  space>=P            keep at least P % of the disks' space\n"
    "  weight=TERM[:W]+... what to rank on: seq, seq-write, seq-read, random, random-write,\n"
    "                      random-read, files (the file-system tests), command (your command's time);\n"
    "                      W weighs a term (default 1). Without weight: seq+random.\n"
    "Layouts the disks allow but the results do not hold are filled in from the models, marked\n"
    "predicted: sequential speed from the disks' own, random speed from their access patterns\n"
    "(results from before those were measured have sequential speed only).");

/// The HTML report is the desktop program's (its charts need Qt Charts): run it headless.
int writeHtmlReport(const QStringList& files, const QString& out, const QString& requirements, bool otherFormat)
{
    if (out.isEmpty() || otherFormat) {
        printError(Text::tr("--html writes to --out FILE, and alone (not with --md, --csv, --fio or --json)"));
        return ExitUsage;
    }
    QString program = QCoreApplication::applicationDirPath() + QStringLiteral("/raidbench");
    if (!QFileInfo(program).isExecutable()) {
        program = QStandardPaths::findExecutable(QStringLiteral("raidbench"));
    }
    if (program.isEmpty()) {
        printError(Text::tr("the HTML report is drawn by the desktop program; install the raidbench package "
                            "(or use --md or --csv)"));
        return ExitFailed;
    }
    QStringList args {QStringLiteral("--export-report"), files.first(), QStringLiteral("--out"), out};
    if (!requirements.isEmpty()) {
        args << QStringLiteral("--recommend") << requirements;
    }
    if (files.size() > 1) {
        args << QStringLiteral("--compare") << files.mid(1);
    }
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    process.setProcessEnvironment(environment);
    process.setProcessChannelMode(QProcess::ForwardedChannels);
    process.start(program, args);
    if (!process.waitForStarted(10000) || !process.waitForFinished(300000)) {
        printError(Text::tr("cannot run %1: %2").arg(program, process.errorString()));
        return ExitFailed;
    }
    return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : ExitFailed;
}

/// The results of `files`: the one file, analysed with this version's model, or the files side by
/// side; nullopt after printing why.
std::optional<CampaignResults> loadResults(const QStringList& files, bool comparing)
{
    QList<CampaignResults> loadedFiles;
    for (const QString& file : files) {
        // Analysed with this version's model, as the window shows them (each side of a comparison too).
        auto loaded = loadAnalysed(file);
        if (!loaded) {
            printError(QStringLiteral("%1: %2").arg(file, ErrorCode::userText(loaded.error())));
            return std::nullopt;
        }
        loadedFiles.append(*loaded);
    }
    if (!comparing) {
        return loadedFiles.first();
    }
    QList<ComparedResults> sides;
    const QStringList labels = compareLabels(files, loadedFiles);
    for (int i = 0; i < files.size(); ++i) {
        sides.append({loadedFiles.at(i), labels.at(i)});
    }
    return compareResults(sides);
}

/// fio's own results (--fio FILE[:CONFIG]) added as configurations; false after printing why.
bool addFioResults(CampaignResults& results, const QStringList& values)
{
    for (const QString& value : values) {
        const QString file = value.section(QLatin1Char(':'), 0, 0);
        const QString config = value.contains(QLatin1Char(':'))
            ? value.section(QLatin1Char(':'), 1)
            : QStringLiteral("fio: ") + QFileInfo(file).completeBaseName();
        QFile input(file);
        if (!input.open(QIODevice::ReadOnly)) {
            printError(Text::tr("cannot read %1: %2").arg(file, input.errorString()));
            return false;
        }
        if (auto ok = importFioJson(results, input.readAll(), config); !ok) {
            printError(QStringLiteral("%1: %2").arg(file, ErrorCode::userText(ok.error())));
            return false;
        }
    }
    return true;
}

} // namespace

ReportCommand::ReportCommand()
    : Command(QStringLiteral("report"),
              QT_TRANSLATE_NOOP("raidbench_cli", "turn results into Markdown, CSV or fio JSON; import fio results"))
{ }

int ReportCommand::execute(const QStringList& arguments)
{
    CommandParser command(QStringLiteral("report"), Text::tr(reportDescription));
    QCommandLineParser& parser = command.parser();
    const QCommandLineOption mdOption(QStringLiteral("md"), Text::tr("Markdown report (the default)."));
    const QCommandLineOption csvOption(QStringLiteral("csv"), Text::tr("CSV, one row per configuration and test."));
    const QCommandLineOption fioJsonOption(QStringLiteral("fio-json"),
                                           Text::tr("Write fio-style JSON per test into DIR."), QStringLiteral("DIR"));
    const QCommandLineOption fioOption(
        QStringLiteral("fio"),
        Text::tr("Add a fio JSON output file, as configuration CONFIG (default: the file name)."),
        QStringLiteral("FILE[:CONFIG]"));
    const QCommandLineOption outOption(QStringLiteral("out"), Text::tr("Write to FILE instead of stdout."),
                                       QStringLiteral("FILE"));
    const QCommandLineOption compareOption(
        QStringLiteral("compare"),
        Text::tr("Put two or more results files side by side: configurations grouped by name (raid5 · before "
                 "beside raid5 · after, labelled by the files' names, or by their hosts when they ran on "
                 "different machines: then each disk is judged against the fleet's median)."));
    const QCommandLineOption htmlOption(
        QStringLiteral("html"),
        Text::tr("The HTML report with its charts, to --out FILE (drawn by the desktop program, raidbench)."));
    const QCommandLineOption recommendOption(
        QStringLiteral("recommend"),
        Text::tr("Rank the layouts for REQUIREMENTS (see above; \"\" for none) and print the ranking."),
        QStringLiteral("REQUIREMENTS"));
    const QCommandLineOption jsonOption(QStringLiteral("json"),
                                        Text::tr("With --recommend: the ranking as JSON (ranked, excluded)."));
    parser.addOptions({mdOption, csvOption, htmlOption, fioJsonOption, fioOption, outOption, compareOption,
                       recommendOption, jsonOption});
    parser.addPositionalArgument(QStringLiteral("results"), Text::tr("Results file (two or more with --compare)."),
                                 QStringLiteral("RESULTS.json..."));
    if (const std::optional<int> done = command.parse(arguments)) {
        return *done;
    }
    const QStringList files = parser.positionalArguments();
    const bool comparing = parser.isSet(compareOption);
    if (comparing ? files.size() < 2 : files.size() != 1) {
        printError(comparing ? Text::tr("give two or more results files to compare")
                             : Text::tr("give one results file (or --compare and two or more)"));
        return ExitUsage;
    }
    if (parser.isSet(htmlOption)) {
        return writeHtmlReport(files, parser.value(outOption),
                               parser.isSet(recommendOption) ? parser.value(recommendOption) : QString(),
                               parser.isSet(mdOption) || parser.isSet(csvOption) || parser.isSet(fioJsonOption) ||
                                   parser.isSet(fioOption) || parser.isSet(jsonOption));
    }
    Requirements requirements = Requirements::defaults();
    if (parser.isSet(recommendOption)) {
        if (comparing) {
            printError(Text::tr("--recommend ranks the layouts of one results file, not a comparison"));
            return ExitUsage;
        }
        auto parsed = Requirements::parse(parser.value(recommendOption));
        if (!parsed) {
            printError(ErrorCode::userText(parsed.error()));
            return ExitUsage;
        }
        requirements = *parsed;
    } else if (parser.isSet(jsonOption)) {
        printError(Text::tr("--json goes with --recommend"));
        return ExitUsage;
    }
    std::optional<CampaignResults> results = loadResults(files, comparing);
    if (!results || !addFioResults(*results, parser.values(fioOption))) {
        return ExitFailed;
    }
    if (parser.isSet(fioJsonOption)) {
        auto count = exportFioJson(*results, parser.value(fioJsonOption));
        if (!count) {
            printError(ErrorCode::userText(count.error()));
            return ExitFailed;
        }
        printErr(Text::tr("wrote %1 fio-style JSON files into %2\n").arg(*count).arg(parser.value(fioJsonOption)));
        if (!parser.isSet(mdOption) && !parser.isSet(csvOption)) {
            return ExitOk;
        }
    }
    QString text;
    if (parser.isSet(recommendOption) && !parser.isSet(mdOption) && !parser.isSet(csvOption)) {
        // Read on a terminal, the answer is in the user's language; JSON and a file keep English.
        const bool person = !parser.isSet(jsonOption) && !parser.isSet(outOption) && stdoutIsTerminal();
        const Recommendation answer =
            recommend(*results, requirements, true, person ? Audience::Person : Audience::File);
        text = parser.isSet(jsonOption) ? QString::fromUtf8(QJsonDocument(answer.toJson()).toJson()) : answer.toText();
    } else {
        text = parser.isSet(csvOption) ? resultsToCsv(*results) : resultsToMarkdown(*results, requirements);
    }
    if (parser.isSet(outOption)) {
        if (auto ok = writeFileAtomically(parser.value(outOption), text.toUtf8()); !ok) {
            printError(ErrorCode::userText(ok.error()));
            return ExitFailed;
        }
        return ExitOk;
    }
    printOut(text);
    return ExitOk;
}

} // namespace RaidBench::Cli

#include "benchfscommand.h"

#include "clicommon.h"
#include "fs/filetests.h"
#include "util/errorcodes.h"
#include "util/units.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace RaidBench::Cli {

namespace {
const char* const benchFsDescription = QT_TRANSLATE_NOOP(
    "raidbench_cli", R"(Run one file-system test in an existing directory (no array is built) and leave
the directory as it was found.

Tests:
  file-seq     write a file (--size, --bs; buffered, or --direct), rewrite it block by
               block, read it back: MB/s and CPU % per phase (bonnie's block columns)
  file-seeks   random 4k reads over a --size file at queue depth 1 for --time (seeks/s)
  small-files  create --files files of --file-size in --dirs directories, stat, read,
               delete them, in order and then in random order: files/s per phase
               (default 16 x 1024 files of 0 bytes, like bonnie; small-files-100k makes 100000 x 1k)
  command      run -- COMMAND ARGS (no shell unless you write sh -c) in the directory
               --repeats times, dropping caches between runs (as root): wall time each

Examples:
  raidbench-cli bench-fs --dir /mnt/new --test small-files --files 100000 --file-size 1k --dirs 1
  raidbench-cli bench-fs --dir /mnt/new --test file-seq --size 1G --json
  raidbench-cli bench-fs --dir /mnt/new --test command --repeats 5 -- sh -c 'psql < dump.sql')");
} // namespace

BenchFsCommand::BenchFsCommand()
    : Command(QStringLiteral("bench-fs"),
              QT_TRANSLATE_NOOP("raidbench_cli",
                                "run a file-system test (bonnie-like, small files, your command) in a directory"))
{ }

int BenchFsCommand::execute(const QStringList& arguments)
{
    CommandParser command(QStringLiteral("bench-fs"), Text::tr(benchFsDescription));
    QCommandLineParser& parser = command.parser();
    const QCommandLineOption dirOption(QStringLiteral("dir"), Text::tr("Directory to test in (required)."),
                                       QStringLiteral("DIR"));
    const QCommandLineOption testOption(
        QStringLiteral("test"), Text::tr("file-seq, file-seeks, small-files or command."), QStringLiteral("TEST"));
    const QCommandLineOption sizeOption(QStringLiteral("size"),
                                        Text::tr("File size for file-seq and file-seeks (default 256M)."),
                                        QStringLiteral("SIZE"), QStringLiteral("256M"));
    const QCommandLineOption bsOption(QStringLiteral("bs"), Text::tr("Block size for file-seq (default 1M)."),
                                      QStringLiteral("SIZE"), QStringLiteral("1M"));
    const QCommandLineOption directOption(QStringLiteral("direct"),
                                          Text::tr("file-seq with O_DIRECT instead of the page cache."));
    const QCommandLineOption timeOption(QStringLiteral("time"), Text::tr("file-seeks duration (default 5s)."),
                                        QStringLiteral("DURATION"), QStringLiteral("5s"));
    const QCommandLineOption filesOption(QStringLiteral("files"),
                                         Text::tr("small-files: number of files (default 16384)."), QStringLiteral("N"),
                                         QStringLiteral("16384"));
    const QCommandLineOption dirsOption(QStringLiteral("dirs"), Text::tr("small-files: directories (default 16)."),
                                        QStringLiteral("N"), QStringLiteral("16"));
    const QCommandLineOption fileSizeOption(QStringLiteral("file-size"),
                                            Text::tr("small-files: bytes per file (default 0)."),
                                            QStringLiteral("SIZE"), QStringLiteral("0"));
    const QCommandLineOption fsyncOption(QStringLiteral("fsync"),
                                         Text::tr("small-files: none, each or end (default none)."),
                                         QStringLiteral("POLICY"), QStringLiteral("none"));
    const QCommandLineOption repeatsOption(QStringLiteral("repeats"), Text::tr("command: runs (default 1)."),
                                           QStringLiteral("N"), QStringLiteral("1"));
    const QCommandLineOption timeoutOption(QStringLiteral("timeout"),
                                           Text::tr("command: kill it after this long (default 10m)."),
                                           QStringLiteral("DURATION"), QStringLiteral("10m"));
    const QCommandLineOption noDropOption(QStringLiteral("no-drop-caches"),
                                          Text::tr("command: do not drop caches between runs."));
    const QCommandLineOption jsonOption(QStringLiteral("json"), Text::tr("Print the result as JSON."));
    parser.addOptions({dirOption, testOption, sizeOption, bsOption, directOption, timeOption, filesOption, dirsOption,
                       fileSizeOption, fsyncOption, repeatsOption, timeoutOption, noDropOption, jsonOption});
    parser.addPositionalArgument(QStringLiteral("command"), Text::tr("For --test command."),
                                 QStringLiteral("[-- COMMAND ARGS...]"));
    if (const std::optional<int> done = command.parse(arguments)) {
        return *done;
    }
    if (!parser.isSet(dirOption) || !parser.isSet(testOption)) {
        printError(Text::tr("--dir and --test are required (see raidbench-cli bench-fs --help)"));
        return ExitUsage;
    }
    QJsonObject json {{QStringLiteral("kind"), parser.value(testOption)},
                      {QStringLiteral("size"), parser.value(sizeOption)},
                      {QStringLiteral("bs"), parser.value(bsOption)},
                      {QStringLiteral("direct"), parser.isSet(directOption)},
                      {QStringLiteral("time"), parser.value(timeOption)},
                      {QStringLiteral("files"), parser.value(filesOption).toInt()},
                      {QStringLiteral("directories"), parser.value(dirsOption).toInt()},
                      {QStringLiteral("file_size"), parser.value(fileSizeOption)},
                      {QStringLiteral("fsync"), parser.value(fsyncOption)},
                      {QStringLiteral("argv"), QJsonArray::fromStringList(parser.positionalArguments())},
                      {QStringLiteral("repeats"), parser.value(repeatsOption).toInt()},
                      {QStringLiteral("timeout"), parser.value(timeoutOption)},
                      {QStringLiteral("drop_caches"), !parser.isSet(noDropOption)}};
    auto params = FileTestParams::fromJson(json);
    if (!params) {
        printError(ErrorCode::userText(params.error()));
        return ExitUsage;
    }
    if (params->kind != TestKind::Command && !parser.positionalArguments().isEmpty()) {
        printError(Text::tr("unexpected argument '%1' (a command goes with --test command)")
                       .arg(parser.positionalArguments().first()));
        return ExitUsage;
    }
    params->directory = parser.value(dirOption);
    installCancelHandler();
    const FileTestResult result = runFileTest(*params, &cancelFlag());
    if (parser.isSet(jsonOption)) {
        QJsonObject out = result.toJson();
        out.insert(QStringLiteral("directory"), params->directory);
        printJson(QJsonDocument(out));
    } else {
        QString text =
            Text::tr("%1 in %2: %3\n")
                .arg(testKindName(result.kind), params->directory, runStateText(result.status, Audience::Person));
        for (const FilePhase& phase : result.phases) {
            text += Text::tr("  %1 %2 ops in %3 s  %4 ops/s  %5  cpu %6 %\n")
                        .arg(phase.name, -14)
                        .arg(phase.ops, 8)
                        .arg(phase.seconds, 7, 'f', 2)
                        .arg(phase.opsPerSecond(), 10, 'f', 1)
                        .arg(phase.bytes ? Units::formatMBps(phase.bwBytes()) : QString(), 11)
                        .arg(phase.cpuPct, 0, 'f', 0);
        }
        printOut(text);
    }
    if (result.status != RunState::Completed) {
        printError(result.error.isEmpty() ? runStateText(result.status, Audience::Person) : result.error);
        return result.status == RunState::Cancelled ? ExitCancelled : ExitFailed;
    }
    return ExitOk;
}

} // namespace RaidBench::Cli

#pragma once

#include "campaign/campaignprogress.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <optional>

class QEventLoop;
class QJsonDocument;

namespace RaidBench::Cli {

/// The CLI's own words in the user's language: `Text::tr("...")` reads the catalogue under the
/// context "raidbench_cli" (what lupdate collects). Only what a person reads goes through it: help,
/// messages, progress and the tables printed on a terminal; JSON, CSV and files keep English.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(raidbench_cli)
};

/// Exit codes shared by every subcommand.
enum ExitCode { ExitOk = 0, ExitFailed = 1, ExitUsage = 2, ExitCancelled = 130 };

/// Prints "raidbench-cli: error: MESSAGE" on stderr, one line. These print functions show every
/// control character of `text` visibly (terminalSafe), newlines and tabs apart.
void printError(const QString& message);
void printOut(const QString& text);
void printErr(const QString& text);
/// Prints `document` indented on stdout, as JSON that cannot drive a terminal either.
void printJson(const QJsonDocument& document);
/// Replaces the progress line on stderr with `line` (clears it when empty).
void printProgress(const QString& line);
/// The head of a campaign's progress line: "[2/5] " for a configuration, "[disks] " for the disks'
/// own measures, nothing for a step of the whole run (a save, the end).
QString progressHead(const RaidBench::CampaignProgress& progress);
bool stderrIsTerminal();
bool stdinIsTerminal();
/// Whether standard output is a terminal: a person reads it, not a file or a pipe.
bool stdoutIsTerminal();
/// Prints `question` on stderr and reads a line from the terminal: true when it is "yes"; otherwise
/// says "not confirmed; nothing was changed".
bool answeredYes(const QString& question);

/// What every subcommand does first: its options, parse, --help, a usage error. The help's usage
/// line names the command as the user types it ("Usage: raidbench-cli lab demo [options]"), not the
/// path the program was started by.
class CommandParser
{
public:
    /// `command` as typed after raidbench-cli ("bench", "lab demo"); `description` shown under the
    /// usage line.
    CommandParser(const QString& command, const QString& description);

    QCommandLineParser& parser() { return m_parser; }
    void addOptions(const QList<QCommandLineOption>& options) { m_parser.addOptions(options); }
    /// Parses `arguments` (the first is skipped, as QCommandLineParser does). Returns the exit code
    /// when the command ends here: ExitOk after printing --help, ExitUsage after a usage error (an
    /// unknown option; a positional argument when `positional` is false); nullopt to go on.
    std::optional<int> parse(const QStringList& arguments, bool positional = true);
    QString helpText() const;

private:
    QString m_command;
    QCommandLineParser m_parser;
};

/// Set by SIGINT/SIGTERM/SIGHUP once installCancelHandler() ran; long commands poll it.
std::atomic_bool& cancelFlag();
void installCancelHandler();
/// How often execWithCancel() asks: once, or every 0.1 s until the work has ended (a lab VM that is
/// being restarted at the moment of the first ask would otherwise run on).
enum class CancelAsk { Once, UntilEnded };
/// Runs `loop` until it quits; a SIGINT, SIGTERM or SIGHUP (also one that came before, once
/// installCancelHandler() ran) calls `onCancel`, which asks the work to stop; the loop goes on until
/// the work has ended.
void execWithCancel(QEventLoop& loop, const std::function<void()>& onCancel, CancelAsk ask = CancelAsk::Once);

} // namespace RaidBench::Cli

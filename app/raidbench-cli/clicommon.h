#pragma once

#include <QString>
#include <QStringList>

#include <atomic>

namespace RaidBench::Cli {

/// Exit codes shared by every subcommand.
enum ExitCode { ExitOk = 0, ExitFailed = 1, ExitUsage = 2, ExitCancelled = 130 };

/// Prints "raidbench-cli: error: MESSAGE" on stderr, one line.
void printError(const QString& message);
void printOut(const QString& text);
void printErr(const QString& text);
bool stderrIsTerminal();
bool stdinIsTerminal();

/// Set by SIGINT/SIGTERM/SIGHUP once installCancelHandler() ran; long commands poll it.
std::atomic_bool& cancelFlag();
void installCancelHandler();

} // namespace RaidBench::Cli

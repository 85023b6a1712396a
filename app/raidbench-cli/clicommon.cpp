#include "clicommon.h"

#include <csignal>
#include <cstdio>
#include <unistd.h>

namespace RaidBench::Cli {

namespace {
std::atomic_bool g_cancel {false};

void onSignal(int)
{
    g_cancel.store(true);
}
} // namespace

void printError(const QString& message)
{
    std::fprintf(stderr, "raidbench-cli: error: %s\n", message.toLocal8Bit().constData());
    std::fflush(stderr);
}

void printOut(const QString& text)
{
    std::fputs(text.toLocal8Bit().constData(), stdout);
    std::fflush(stdout);
}

void printErr(const QString& text)
{
    std::fputs(text.toLocal8Bit().constData(), stderr);
    std::fflush(stderr);
}

bool stderrIsTerminal()
{
    return isatty(STDERR_FILENO) == 1;
}

bool stdinIsTerminal()
{
    return isatty(STDIN_FILENO) == 1;
}

std::atomic_bool& cancelFlag()
{
    return g_cancel;
}

void installCancelHandler()
{
    struct sigaction action
    { };
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
    sigaction(SIGHUP, &action, nullptr); // a closed terminal or ssh session: tear down, keep the results
}

} // namespace RaidBench::Cli

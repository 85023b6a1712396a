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

CommandParser::CommandParser(const QString& command, const QString& description)
    : m_command(command)
{
    m_parser.setApplicationDescription(description);
    m_parser.addHelpOption();
}

QString CommandParser::helpText() const
{
    // Qt's first line is "Usage: <the path we were started by> [options] ...".
    QString text = m_parser.helpText();
    const qsizetype options = text.indexOf(QLatin1String(" [options]"));
    const qsizetype lineEnd = text.indexOf(QLatin1Char('\n'));
    if (text.startsWith(QLatin1String("Usage: ")) && options > 0 && options < lineEnd) {
        text.replace(7, options - 7, QStringLiteral("raidbench-cli ") + m_command);
    }
    return text;
}

std::optional<int> CommandParser::parse(const QStringList& arguments, bool positional)
{
    if (!m_parser.parse(arguments)) {
        printError(QStringLiteral("%1 (see raidbench-cli %2 --help)").arg(m_parser.errorText(), m_command));
        return ExitUsage;
    }
    if (m_parser.isSet(QStringLiteral("help"))) {
        printOut(helpText());
        return ExitOk;
    }
    if (!positional && !m_parser.positionalArguments().isEmpty()) {
        printError(QStringLiteral("unexpected argument '%1' (see raidbench-cli %2 --help)")
                       .arg(m_parser.positionalArguments().constFirst(), m_command));
        return ExitUsage;
    }
    return std::nullopt;
}

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

namespace RaidBench::Cli {

bool answeredYes(const QString& question)
{
    printErr(question);
    char answer[64] = {};
    if (!std::fgets(answer, sizeof(answer), stdin) ||
        QString::fromLocal8Bit(answer).trimmed() != QLatin1String("yes")) {
        printError(QStringLiteral("not confirmed; nothing was changed"));
        return false;
    }
    return true;
}

} // namespace RaidBench::Cli

#include "clicommon.h"

#include "util/terminaltext.h"

#include <QEventLoop>
#include <QJsonDocument>
#include <QTimer>

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
    // Our own, not addHelpOption(): Qt's words for it are not in every catalogue, and --help-all would
    // list Qt's own options, which no command reads.
    m_parser.addOption({{QStringLiteral("h"), QStringLiteral("help")}, Text::tr("Show this help.")});
}

QString CommandParser::helpText() const
{
    // Qt's first line is "Usage: <the path we were started by> [options] ...", its words in the user's
    // language ("Uso: ... [opciones]").
    QString text = m_parser.helpText();
    const QString startedBy = QCoreApplication::arguments().value(0);
    const qsizetype path = startedBy.isEmpty() ? -1 : text.indexOf(startedBy, text.indexOf(QLatin1Char(':')) + 1);
    if (path > 0 && path < text.indexOf(QLatin1Char('\n'))) {
        text.replace(path, startedBy.size(), QStringLiteral("raidbench-cli ") + m_command);
    }
    return text;
}

std::optional<int> CommandParser::parse(const QStringList& arguments, bool positional)
{
    if (!m_parser.parse(arguments)) {
        printError(Text::tr("%1 (see raidbench-cli %2 --help)").arg(m_parser.errorText(), m_command));
        return ExitUsage;
    }
    if (m_parser.isSet(QStringLiteral("help"))) {
        printOut(helpText());
        return ExitOk;
    }
    if (!positional && !m_parser.positionalArguments().isEmpty()) {
        printError(Text::tr("unexpected argument '%1' (see raidbench-cli %2 --help)")
                       .arg(m_parser.positionalArguments().constFirst(), m_command));
        return ExitUsage;
    }
    return std::nullopt;
}

// Everything printed passes terminalSafe(): text quotes models, serials, file names, messages of other
// hosts, and none of it may drive the terminal. The only control sequences are the progress line's own.

void printError(const QString& message)
{
    std::fprintf(stderr, "raidbench-cli: error: %s\n", terminalSafe(message, true).toLocal8Bit().constData());
    std::fflush(stderr);
}

void printOut(const QString& text)
{
    std::fputs(terminalSafe(text, true).toLocal8Bit().constData(), stdout);
    std::fflush(stdout);
}

void printErr(const QString& text)
{
    std::fputs(terminalSafe(text, true).toLocal8Bit().constData(), stderr);
    std::fflush(stderr);
}

void printJson(const QJsonDocument& document)
{
    // Qt escapes C0 in strings; the rest of what a terminal would act on becomes \uNNNN, still JSON.
    const QString json = QString::fromUtf8(document.toJson(QJsonDocument::Indented));
    std::fputs(terminalSafeJson(json).toLocal8Bit().constData(), stdout);
    std::fflush(stdout);
}

void printProgress(const QString& line)
{
    // Back to the start of the line and clear it, then the line: an empty one only clears.
    std::fputs(("\r\033[K" + terminalSafe(line)).toLocal8Bit().constData(), stderr);
    std::fflush(stderr);
}

QString progressHead(const CampaignProgress& progress)
{
    if (progress.phase == CampaignPhase::Save || progress.phase == CampaignPhase::Done) {
        return {};
    }
    return progress.configIndex > 0 ? QStringLiteral("[%1/%2] ").arg(progress.configIndex).arg(progress.configCount)
                                    : QStringLiteral("[disks] ");
}

bool stderrIsTerminal()
{
    return isatty(STDERR_FILENO) == 1;
}

bool stdinIsTerminal()
{
    return isatty(STDIN_FILENO) == 1;
}

bool stdoutIsTerminal()
{
    return isatty(STDOUT_FILENO) == 1;
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

void execWithCancel(QEventLoop& loop, const std::function<void()>& onCancel, CancelAsk ask)
{
    installCancelHandler();
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (cancelFlag().load()) {
            if (ask == CancelAsk::Once) {
                poll.stop();
            }
            onCancel();
        }
    });
    poll.start(100);
    loop.exec();
}

} // namespace RaidBench::Cli

namespace RaidBench::Cli {

bool answeredYes(const QString& question)
{
    printErr(question);
    char answer[64] = {};
    if (!std::fgets(answer, sizeof(answer), stdin) ||
        QString::fromLocal8Bit(answer).trimmed() != QLatin1String("yes")) {
        printError(Text::tr("not confirmed; nothing was changed"));
        return false;
    }
    return true;
}

} // namespace RaidBench::Cli

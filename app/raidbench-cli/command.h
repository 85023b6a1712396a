#pragma once

#include <QString>
#include <QStringList>
#include <QtGlobal>

#include <map>
#include <memory>

namespace RaidBench::Cli {

/// One raidbench-cli command (KeePassXC's `Command` is the model): its name, the line `--help`
/// lists it with, and execute(). Each command is a class in its own file named after it, holding its
/// options, their parsing (CommandParser) and its printing; the work itself is core's.
class Command
{
public:
    /// `summary`: QT_TRANSLATE_NOOP("raidbench_cli", ...), shown in the user's language.
    Command(QString name, const char* summary);
    virtual ~Command() = default;
    Q_DISABLE_COPY_MOVE(Command)

    const QString& name() const { return m_name; }
    /// The one line `raidbench-cli --help` shows, in the user's language.
    QString summary() const;
    /// Runs the command; `arguments` start with "raidbench-cli NAME", its options follow. Returns
    /// the exit code (ExitCode).
    virtual int execute(const QStringList& arguments) = 0;

    /// Every command, by name.
    static const std::map<QString, std::unique_ptr<Command>>& all();

private:
    QString m_name;
    const char* m_summary;
};

} // namespace RaidBench::Cli

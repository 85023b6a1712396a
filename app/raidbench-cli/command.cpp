#include "command.h"

#include "answercommand.h"
#include "arraycommand.h"
#include "benchcommand.h"
#include "benchfscommand.h"
#include "clicommon.h"
#include "diskscommand.h"
#include "labcommand.h"
#include "reportcommand.h"
#include "runcommand.h"

#include <QCoreApplication>

namespace RaidBench::Cli {

Command::Command(QString name, const char* summary)
    : m_name(std::move(name))
    , m_summary(summary)
{ }

QString Command::summary() const
{
    return Text::tr(m_summary);
}

const std::map<QString, std::unique_ptr<Command>>& Command::all()
{
    static const std::map<QString, std::unique_ptr<Command>> commands = [] {
        std::map<QString, std::unique_ptr<Command>> map;
        const auto add = [&map](std::unique_ptr<Command> command) {
            const QString name = command->name();
            map.emplace(name, std::move(command));
        };
        add(std::make_unique<AnswerCommand>());
        add(std::make_unique<ArrayCommand>());
        add(std::make_unique<BenchCommand>());
        add(std::make_unique<BenchFsCommand>());
        add(std::make_unique<DisksCommand>());
        add(std::make_unique<RunCommand>());
        add(std::make_unique<ReportCommand>());
        add(std::make_unique<LabCommand>());
        return map;
    }();
    return commands;
}

} // namespace RaidBench::Cli

#pragma once

#include "command.h"
#include "lab/labspec.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QList>
#include <QStringList>

#include <optional>

namespace RaidBench::Cli {

/// `raidbench-cli lab run|check|demo|ssh-host|unplug|plug|power-cycle|agent`: the virtual disk lab.
class LabCommand final : public Command
{
public:
    LabCommand();
    int execute(const QStringList& arguments) override;
};

/// Exit code when the lab itself failed (as opposed to the command inside it).
constexpr int ExitLabFailed = 125;

/// The help of `lab` and its parts: the lab, its disks' SPEC, what runs inside.
QString labDescription();

/// The lab's --controllers option (N SCSI controllers the disks take turns over), defaulting to `n`.
QCommandLineOption controllersOption(int n);
/// The disks of a lab command's --disks SPEC spread over its --controllers N; nullopt when either is
/// wrong, the error printed.
std::optional<QList<LabDiskSpec>> labDisks(const QCommandLineParser& parser, const QString& spec,
                                           const QCommandLineOption& controllers);

} // namespace RaidBench::Cli

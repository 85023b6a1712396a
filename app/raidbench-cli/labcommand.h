#pragma once

#include "lab/labspec.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QList>
#include <QStringList>

#include <optional>

namespace RaidBench::Cli {

/// `raidbench-cli lab run|check|agent`: the virtual disk lab.
int runLab(const QStringList& arguments);

/// The lab's --controllers option (N SCSI controllers the disks take turns over), defaulting to `n`.
QCommandLineOption controllersOption(int n);
/// The disks of a lab command's --disks SPEC spread over its --controllers N; nullopt when either is
/// wrong, the error printed.
std::optional<QList<LabDiskSpec>> labDisks(const QCommandLineParser& parser, const QString& spec,
                                           const QCommandLineOption& controllers);

} // namespace RaidBench::Cli

#pragma once

#include "arrays/buildmessage.h"
#include "system/commandrunner.h"

#include <QString>
#include <QStringList>

namespace RaidBench {

/// One command a build, teardown or recovery ran, with its outcome.
struct StepLog
{
    QString description;
    QStringList argv;
    CommandResult result;
};

/// Who follows a build, a teardown or a recovery as it runs (the helper sends it to its client as events,
/// the CLI prints it, a campaign records it). Each does nothing unless overridden.
class BuildObserver
{
public:
    virtual ~BuildObserver() = default;
    /// What the executor is doing now, and how far the build is (0-1).
    virtual void progressed(const BuildMessage& message, double fraction)
    {
        Q_UNUSED(message)
        Q_UNUSED(fraction)
    }
    /// Each command as it ended, with its output.
    virtual void logged(const StepLog& log) { Q_UNUSED(log) }
};

} // namespace RaidBench

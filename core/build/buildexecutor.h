#pragma once

#include "build/buildjournal.h"
#include "build/buildplan.h"
#include "build/commandrunner.h"
#include "util/result.h"

#include <QList>
#include <QString>

#include <atomic>
#include <functional>

namespace RaidBench {

/// One command the executor ran, with what it printed.
struct StepLog
{
    QString description;
    QStringList argv;
    CommandResult result;
};

/// What a teardown or a recovery did.
struct TeardownReport
{
    QStringList removed; ///< objects removed
    QStringList problems; ///< commands that failed (the rest still ran)
    bool clean() const { return problems.isEmpty(); }
    QString summary() const;
};

/// A built array, ready to benchmark, and what it takes to remove it.
struct BuiltArray
{
    BuildPlan plan;
    QString device;
    QList<BuildObject> objects;
};

/// Runs a BuildPlan: re-checks every disk right before the first destructive step, journals each
/// object before creating it, waits for device nodes, follows a resync, and on any failure (or cancel)
/// removes everything it created, in order, reporting both.
class BuildExecutor
{
public:
    struct Options
    {
        QString journalDirectory = BuildJournal::defaultDirectory();
        QString procRoot = QStringLiteral("/proc");
        bool waitForResync = false;
        int deviceTimeoutMs = 20000;
        /// Refuses a device that is no longer safe to write (the safety gate); empty = no check.
        std::function<Result<void>(const QString& device)> checkDevice;
        /// Whether a device node exists yet (tests replace it).
        std::function<bool(const QString& device)> deviceExists;
    };
    struct Callbacks
    {
        std::function<void(const QString& message, double fraction)> progress;
        std::function<void(const StepLog& log)> logged;
    };

    BuildExecutor(CommandRunner& runner, Options options, Callbacks callbacks = {});

    Result<BuiltArray> build(const BuildPlan& plan, const std::atomic_bool* cancel = nullptr);
    TeardownReport teardown(const BuiltArray& array);
    /// Removes what crashed runs left: journaled objects, then any md array named raidbench-* and any
    /// volume group named raidbench_*. Touches nothing else.
    TeardownReport recoverLeftovers();

    /// The default safety check: DiskScanner::inspect + an O_EXCL open.
    static std::function<Result<void>(const QString&)> diskCheck(bool allowLoop);
    static bool blockDeviceExists(const QString& device);

private:
    CommandResult runLogged(const QString& description, const QStringList& argv, int timeoutMs,
                            const std::atomic_bool* cancel);
    TeardownReport removeObjects(const QList<BuildObject>& objects, const QList<QStringList>& finalWipes);
    Result<void> followResync(const QString& device, const std::atomic_bool* cancel);
    void report(const QString& message, double fraction);

    CommandRunner& m_runner;
    Options m_options;
    Callbacks m_callbacks;
};

} // namespace RaidBench

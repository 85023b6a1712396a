#pragma once

#include "arrays/buildjournal.h"
#include "arrays/buildmachine.h"
#include "arrays/buildobserver.h"
#include "arrays/buildplan.h"
#include "arrays/mdstat.h"
#include "arrays/recoverscope.h"
#include "disks/devicegate.h"
#include "disks/disk.h"
#include "system/commandrunner.h"
#include "util/result.h"

#include <QList>
#include <QString>

#include <atomic>
#include <memory>

namespace RaidBench {

/// What a teardown or a recovery did.
struct TeardownReport
{
    QStringList removed; ///< objects removed
    QStringList problems; ///< commands that failed (the rest still ran)
    QStringList skipped; ///< commands not run because a device failed its check, and why
    bool clean() const { return problems.isEmpty() && skipped.isEmpty(); }
    QString summary() const;
    void merge(const TeardownReport& other);
};

/// A built array, ready to benchmark, and what it takes to remove it.
struct BuiltArray
{
    BuildPlan plan;
    QString device;
    QList<BuildObject> objects;
    /// Write caches changed for the tests (journaled), set back first at teardown.
    QList<WriteCacheChange> writeCaches;

    /// What a journal says was built (for a teardown after a crash).
    static BuiltArray fromJournal(const JournalRecord& record);
};

/// Right before a write to a built configuration's device (a test, a file system): a pinned leaf (a
/// configuration that is one disk) verified as carrying only this build's signatures, an array as made
/// of the build's pins. The VerifiedDevice the engine and mkfs need.
Result<VerifiedDevice> verifyTarget(const DeviceGate* gate, const BuiltArray& built);

/// Runs a BuildPlan: verifies every pinned leaf with the device gate right before each command that
/// names it, journals each object before creating it, waits for device nodes, follows a resync, and
/// on any failure (or cancel) removes everything it created, in order, reporting both. A command
/// that names a /dev path which is neither a pinned leaf nor one of the build's own objects is
/// refused.
class BuildExecutor
{
    /// Recovery runs its commands through guard() and runLogged(), the build's own gate-guarded path.
    friend class LeftoverRecovery;

public:
    struct Options
    {
        QString journalDirectory = BuildJournal::defaultDirectory();
        QString procRoot = QStringLiteral("/proc");
        /// Where RaidBench mounts its file systems (mnt-TAG-XXXXXX); recovery unmounts what ended runs left.
        QString mountRoot = QStringLiteral("/run/raidbench");
        bool waitForResync = false;
        int deviceTimeoutMs = 20000;
        /// The device gate; required for anything that touches a disk.
        std::shared_ptr<const DeviceGate> gate;
        /// Whether a new array's node exists yet, what a disk is, whether udev assembles arrays here (empty:
        /// this machine, LocalBuildMachine; tests pretend).
        std::shared_ptr<const BuildMachine> machine;
        /// Written into journals: what builds (see JournalOwner::program) and for whom (-1: this uid).
        QString program = QStringLiteral("cli-run");
        qint64 clientUid = -1;
        /// Where mdadm's configuration is (MdAssemblyGuard); tests give a tree of their own.
        QString etcRoot = QStringLiteral("/etc");
    };

    /// `observer`, when given, must outlive the executor.
    BuildExecutor(CommandRunner& runner, Options options, BuildObserver* observer = nullptr);

    Result<BuiltArray> build(const BuildPlan& plan, const std::atomic_bool* cancel = nullptr);
    TeardownReport teardown(const BuiltArray& array);
    /// Removes what ended runs left, as far as `scope` allows: their file systems mounted under
    /// mountRoot, the journals whose owner is gone (on the devices that still match their pins; the
    /// rest is reported as skipped and the journal kept), and for root callers md arrays named
    /// raidbench-* that no journal names, whose every disk the gate checks as RaidBench's. Volume groups
    /// named raidbench_* that no journal names are reported, never removed. Arrays built to stay (array
    /// create) are left. Touches nothing else.
    TeardownReport recoverLeftovers(const RecoverScope& scope = {});
    /// Removes the assembly guard of build `tag` (MdAssemblyGuard): a problem when it cannot.
    TeardownReport removeAssemblyGuard(const QString& tag) const;
    /// How long one removing command may take.
    static constexpr int removeTimeoutMs = 120'000;
    /// The journal's array with each pin moved to where its device is now (a reboot renames disks);
    /// pins whose device is gone stay, so that the commands naming them are skipped.
    BuiltArray relocated(const JournalRecord& record, QStringList* notes = nullptr) const;

    /// One command on an array this executor built (a failure drill's --fail, --remove,
    /// --zero-superblock, --add): every /dev path in it checked right before it runs, as for a build
    /// (a pinned leaf still the disk that was checked, carrying only this build's signatures; any
    /// other path one of the build's own objects). Refused: the command is not run.
    Result<CommandResult> runOnBuilt(const BuiltArray& built, const QString& description, const QStringList& argv,
                                     const std::atomic_bool* cancel = nullptr);
    /// Turns a pinned leaf's write cache on or off for the tests (BuildWriteCaches: the gate's check right
    /// before, the original state journaled, then the change, read back). Teardown and recovery set
    /// every change back before anything else.
    Result<WriteCacheState> setWriteCache(BuiltArray& built, const PinnedDevice& pin, bool on);
    /// Sets back every write cache `built` changed (each checked by the gate first).
    TeardownReport restoreWriteCaches(const BuiltArray& built);

private:
    /// build()'s parts: every leaf pinned and still the pinned device; one step, journaled before it
    /// runs and guarded by the gate right before; after a failure, what was made removed.
    struct BuildProgress
    {
        BuildJournal& journal;
        BuiltArray built;
        QStringList own; ///< the devices the build makes
        QSet<QString> untouched; ///< the leaves no command has named yet (not wiped again after a failure)
        bool halfCreated = false; ///< the failed step may have made part of its object
    };
    Result<void> checkPins(const BuildPlan& plan) const;
    Result<void> buildStep(const BuildStep& step, BuildProgress& progress, const std::atomic_bool* cancel);
    Error undoFailedBuild(BuildProgress& progress, const Error& failure);
    /// Before the first array exists: md's automatic assembly kept off the plan's arrays (MdAssemblyGuard);
    /// an error where udev runs and it cannot be.
    Result<void> guardAssembly(const BuildPlan& plan);
    /// A command that writes no device (a report, an unmount).
    CommandResult runLogged(const QString& description, const QStringList& argv, int timeoutMs,
                            const std::atomic_bool* cancel);
    CommandResult runLogged(const QString& description, const GuardedCommand& command, int timeoutMs,
                            const std::atomic_bool* cancel);
    /// The gate's word on every device `argv` names, right before it runs: each pinned leaf verified for
    /// its use (`Create` on its first touch, else `later`), each of the build's own arrays verified to be
    /// made of the pins, except `creating` (the array this very command makes). `not-found` when an own
    /// array is gone already: the command has nothing left to do.
    Result<GuardedCommand> guard(const QStringList& argv, const QList<PinnedDevice>& pins,
                                 const QStringList& ownDevices, const QSet<QString>* firstTouch = nullptr,
                                 DeviceGate::Use later = DeviceGate::Use::Own, const QString& creating = {},
                                 bool takingDown = false) const;
    TeardownReport removeObjects(const QList<BuildObject>& objects, const QList<QStringList>& finalWipes,
                                 const QList<PinnedDevice>& pins);
    Result<void> followResync(const QString& device, const std::atomic_bool* cancel);
    void report(const BuildMessage& message, double fraction);

    CommandRunner& m_runner;
    Options m_options;
    BuildObserver* m_observer = nullptr;
};

} // namespace RaidBench

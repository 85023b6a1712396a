#pragma once

#include "arrays/buildmessage.h"
#include "disks/devicegate.h"
#include "layout/arrayspec.h"
#include "util/result.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace RaidBench {

/// Something a build creates, and so teardown and recovery remove.
struct BuildObject
{
    QString kind; ///< md, pv, vg, lv
    QString name; ///< raidbench-TAG-N, raidbench_TAG, raidbench_TAG/bench, or the PV's device
    QString device; ///< its block device (md and lv) or the PV device
    QStringList members;
    QList<QStringList> undo; ///< argv lists that remove it, in order
    QString uuid; ///< an md array's UUID, chosen before it is made (MdAssemblyGuard)

    QJsonObject toJson() const;
    static BuildObject fromJson(const QJsonObject& json);
};

/// One command of a plan: an argv list (never a shell string), what it creates, and the device node
/// to wait for after it.
struct BuildStep
{
    BuildMessage description;
    QStringList argv;
    std::optional<BuildObject> creates;
    QString waitForDevice;
    QString resyncDevice; ///< an md array that starts a resync (not assume-clean)
    /// Instead of a program: set an md attribute (device, attribute, value), e.g. stripe_cache_size.
    QStringList mdAttribute;
};

/// The ordered commands that build a spec, bottom-up; teardown runs the undo steps top-down.
struct BuildPlan
{
    QString tag;
    ArraySpec spec;
    QList<BuildStep> steps;
    QString topDevice; ///< the block device to benchmark
    QStringList destroys; ///< leaf devices whose data the build destroys
    /// The device gate's pins of those leaves: a build runs only when every leaf has one.
    QList<PinnedDevice> pins;
    QList<QStringList> finalWipes; ///< wipefs -a of each leaf, after everything else is gone

    /// Every undo command, top-down, then the final wipes.
    QList<QStringList> teardownCommands() const;
    /// The UUIDs of the md arrays it makes.
    QStringList mdUuids() const;
    /// Human-readable command lines, quoted as a shell would need them (for --dry-run and the GUI).
    QStringList commandLines() const;
};

struct PlanOptions
{
    /// Without udev (the lab VM, containers) LVM must create its device nodes itself.
    bool udevRunning = true;
};

/// Whether udev runs here (its control socket exists).
bool udevIsRunning();
/// A new random tag: eight lowercase hex digits.
QString newBuildTag();
/// The argv-safe quoting of one argument for display.
QString shellQuote(const QString& argument);

/// Plans the build of `spec` (which must validate) with object names raidbench-TAG-N and raidbench_TAG.
/// A dry run: the plan carries no pins (see pinnedBuild).
Result<BuildPlan> planBuild(const ArraySpec& spec, const QString& tag, const PlanOptions& options = {});
/// Plans the build of a spec whose leaves the device gate pinned: the commands name the canonical
/// nodes and the plan carries the pins.
Result<BuildPlan> pinnedBuild(const PinnedSpec& pinned, const QString& tag, const PlanOptions& options = {});

/// The --config argument every lvm command of RaidBench gets.
QString lvmConfig(bool udevRunning);

} // namespace RaidBench

#pragma once

#include "arrays/buildexecutor.h"
#include "arrays/mdstat.h"
#include "arrays/recoverscope.h"

#include <QSet>
#include <QString>

namespace RaidBench {

/// What ended runs left behind, removed as far as a scope allows: their file systems mounted under the
/// mount root, what their journals name (on the devices that still match their pins), and for root
/// callers md arrays named raidbench-* that no journal names, whose every disk the gate checks as
/// RaidBench's. Volume groups named raidbench_* that no journal names are reported, never removed.
/// Every command goes through its executor's gate-guarded path, as a build's own do.
class LeftoverRecovery
{
public:
    explicit LeftoverRecovery(BuildExecutor& executor);

    TeardownReport run(const RecoverScope& scope);

private:
    TeardownReport unmountLeftovers(const QSet<QString>& protectedTags);
    /// What no journal names: volume groups named raidbench_* are reported and left; md arrays named
    /// raidbench-* are stopped only when every disk under them passes the gate as the build's.
    TeardownReport removeUnjournaled(const QSet<QString>& protectedTags, const QSet<QString>& journaled);
    TeardownReport reportUnjournaledGroups(const QSet<QString>& leave);
    bool removeUnjournaledArray(const MdStat& stat, const MdStatArray& array, const QString& name,
                                TeardownReport& total);
    QString mdNameOf(const QString& device);

    BuildExecutor& m_executor;
    const BuildExecutor::Options& m_options;
};

} // namespace RaidBench

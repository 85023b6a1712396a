#pragma once

#include "engine/iojob.h"
#include "fs/filesystem.h"
#include "fs/filetests.h"
#include "layout/arrayspec.h"
#include "plan/configspec.h"
#include "plan/diskrule.h"
#include "plan/drillspec.h"
#include "plan/expecteddisk.h"
#include "plan/stablespec.h"
#include "plan/surfacescan.h"
#include "plan/testregion.h"
#include "plan/testspec.h"
#include "util/result.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace RaidBench {

/// What a test does when an array of the configuration is resyncing or recovering as it starts.
enum class ResyncPolicy { Wait, Label };

/// A campaign plan: which disks, which configurations, which tests, how often and for how long.
/// A versioned JSON document (docs/plan-format.md).
struct CampaignPlan
{
    static constexpr int version = 1;

    QStringList disks; ///< empty until resolve() when the plan chooses its disks by rule
    std::optional<DiskRule> diskRule; ///< disks chosen by rule on each machine; kept after resolve()
    bool baselines = true;
    /// With baselines: the disks of each controller, then all of them, measured at once too.
    bool together = true;
    /// With baselines: each disk's run alone ends once its rate has settled (the last second within
    /// 10 %, after a second at least) rather than at the time limit, and the disks run together for
    /// settledTogetherNs at most; what a quick answer needs of the disks, a steady sequential rate, in
    /// a fraction of the time.
    bool settleBaselines = false;
    /// With baselines: each disk also timed on the access patterns layouts make of it (reads that skip
    /// chunks, random 4K at QD1 and QD32), a few seconds each; the model's figures for parity reads and
    /// random speed (results/diskaccess.h).
    bool patterns = true;
    static constexpr std::uint64_t settledTogetherNs = 2'000'000'000ull;
    bool allConfigurations = false;
    QList<ConfigSpec> configurations;
    QList<TestSpec> tests;
    int repeats = 1;
    std::uint64_t sizeLimit = 0; ///< bytes per test run; 0 = none
    std::uint64_t timeLimitNs = 10'000'000'000ull; ///< per test run
    std::uint64_t rampNs = 1'000'000'000ull;
    bool allowLoop = false;
    FilesystemSpec filesystem; ///< for file tests
    bool commandAsRoot = false; ///< run `command` tests as root (otherwise the invoking user, or nobody)
    /// The failure drill for every configuration that survives a failed disk (a configuration's own
    /// "drill" overrides it; one without redundancy is skipped, and refused when it asks itself).
    DrillSpec drill;
    StableSpec stable;
    ResyncPolicy resync = ResyncPolicy::Wait;
    WriteCacheMode writeCache = WriteCacheMode::AsIs;
    /// md's stripe cache for every RAID4/5/6 array that does not set its own, in stripes: empty = md's
    /// own (256); several values sweep it, each a result of its own on the same array.
    QList<int> stripeCaches;
    /// Each disk read at points across its surface, after its baseline (read only).
    SurfaceSpec surface;
    /// Where the sequential tests and the baselines run on each array and disk.
    TestRegion region = TestRegion::Start;
    /// The disks as a run before measured them, in the order of `disks` ("expect_disks"); empty: any.
    QList<ExpectedDisk> expectedDisks;

    /// Whether running the plan writes to its disks (baselines or configurations): only then does the
    /// user confirm that their data goes.
    bool writes() const { return baselines || allConfigurations || !configurations.isEmpty(); }
    /// Most and fewest runs one point of a test takes (fixed repeats, or the stable-mode bounds).
    int maxRuns() const { return stable.enabled() ? stable.maxRepeats : repeats; }
    int minRuns() const { return stable.enabled() ? stable.minRuns(repeats) : repeats; }
    bool hasFileTests() const;
    /// The drill configuration `config` asks for: its own, else the plan's.
    DrillSpec drillFor(const ConfigSpec& config) const { return config.drill.value_or(drill); }
    /// Progress units one configuration takes: a run of an I/O test, a block size or queue depth of a
    /// sweep (each run of it), a file test (the campaign's progress and the run page's ETA count in these;
    /// stable mode counts its fewest runs).
    int unitsPerConfiguration() const;
    /// A plan whose disks are a rule gets them from `scanned` (this machine's or a remote one's scan);
    /// a plan that lists paths is left as it is.
    Result<void> resolveDisks(const QList<Disk>& scanned);
    QJsonObject toJson() const;
    static Result<CampaignPlan> fromJson(const QJsonObject& json);
    static Result<CampaignPlan> load(const QString& path);
};

} // namespace RaidBench

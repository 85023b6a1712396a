#pragma once

#include "engine/iojob.h"
#include "fs/filesystem.h"
#include "fs/filetests.h"
#include "layout/arrayspec.h"
#include "plan/diskrule.h"
#include "plan/drillspec.h"
#include "plan/surfacescan.h"
#include "plan/testregion.h"
#include "util/result.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace RaidBench {

/// One test of a campaign: an engine job shape (the target is filled in per configuration), a
/// block-size or queue-depth sweep of such jobs, or a file test on a file system made on the array.
struct TestSpec
{
    static constexpr int maxSweepPoints = 32;

    QString name; ///< "SEQ1M QD8 write"
    TestKind kind = TestKind::Io;
    FileTestParams file; ///< for the file test kinds
    IoPattern pattern = IoPattern::Write;
    std::uint32_t blockSize = 1u << 20;
    int queueDepth = 1;
    int readPercent = 50;
    bool dsync = false; ///< every write durable before it completes ("sync": "dsync"): flush-bound
    /// Writes until the rate settles (or `sustainedBytes`), from the first byte, without a ramp: the burst
    /// a cache takes, the steady rate after it, and where it dropped (SustainedWrite).
    bool sustained = false;
    std::uint64_t sustainedBytes = 0; ///< 0: until the rate settles
    QList<std::uint32_t> sweepSizes; ///< for kind "sweep"
    QList<int> sweepDepths; ///< for kind "qd-sweep"

    QString id() const; ///< stable short form, e.g. seq1m-qd8-write
    bool isSweep() const { return kind == TestKind::Sweep || kind == TestKind::QdSweep; }
    bool isFileTest() const { return isFileTestKind(kind); }
    /// The engine runs of one repeat: one, or one per block size or queue depth of a sweep.
    int points() const;
    /// Progress units of the test at `minRuns` runs a point: a file test and a sustained write (which
    /// runs once) are one.
    int units(int minRuns) const { return isFileTest() || sustained ? 1 : points() * minRuns; }
    QJsonObject toJson() const;
    static Result<TestSpec> fromJson(const QJsonValue& json);
    /// The named standard tests: seq1m-qd8-write/read, rnd4k-qd32-write/read, dd-seq1m-qd1-write,
    /// bs-sweep-write/read, qd-sweep-rnd4k-read/write, and the flush-bound seq1m-qd1-write-dsync and
    /// rnd4k-qd1-write-dsync, and seq1m-qd8-write-sustained.
    static Result<TestSpec> standard(const QString& id);
    static QList<TestSpec> defaults();
};

/// What the disks' own write caches are while a configuration's tests run: as the disks have them,
/// on, off, or each configuration measured twice, once with every member's cache on and once off.
/// RaidBench always sets each disk back as it found it.
enum class WriteCacheMode { AsIs, On, Off, Both };
QString writeCacheModeName(WriteCacheMode mode);
Result<WriteCacheMode> parseWriteCacheMode(const QJsonValue& value);

/// A plan's "stripe_cache": a number of stripes (17 to 32768, md's range) or a list of 1 to 8 different
/// ones, a sweep.
Result<QList<int>> parseStripeCaches(const QJsonValue& value);
QJsonValue stripeCachesJson(const QList<int>& caches);

/// A configuration to build: a preset applied to the plan's disks, or an explicit tree.
struct ConfigSpec
{
    QString name;
    QString preset; ///< empty for an explicit spec
    ArraySpec spec; ///< for an explicit spec (the preset's tree is made when the disks are known)
    std::optional<FilesystemSpec> filesystem; ///< overrides the plan's
    std::optional<DrillSpec> drill; ///< overrides the plan's
    std::optional<WriteCacheMode> writeCache; ///< overrides the plan's
    std::optional<QList<int>> stripeCaches; ///< overrides the plan's

    QJsonObject toJson() const;
};

/// Repeat-until-stable: a test runs again until the coefficient of variation (standard deviation over
/// mean) of its runs' MB/s is at most `cvMax`, at least `minRuns()` and at most `maxRepeats` times; one
/// that reaches the cap still varying is flagged unstable.
struct StableSpec
{
    double cvMax = 0; ///< 0 = off: every test runs the plan's `repeats` times
    int maxRepeats = 10;

    bool enabled() const { return cvMax > 0; }
    /// Runs before the spread is judged: the plan's repeats, at least 2 (a spread needs two), at most maxRepeats.
    int minRuns(int repeats) const;
    QJsonObject toJson() const;
    static Result<StableSpec> fromJson(const QJsonValue& json);
};

/// What a test does when an array of the configuration is resyncing or recovering as it starts.
enum class ResyncPolicy { Wait, Label };

/// A disk as an earlier run measured it. A plan that carries these (the quick answer's builds, after
/// its measuring run) starts only on the very same disks: a path that names another disk now (one
/// swapped, the kernel's names dealt out again) is refused before anything is built.
struct ExpectedDisk
{
    QString path;
    QString serial;
    QString model;
    std::uint64_t sizeBytes = 0;

    QJsonObject toJson() const;
    static Result<ExpectedDisk> fromJson(const QJsonValue& json);
};

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

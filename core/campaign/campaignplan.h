#pragma once

#include "campaign/drillspec.h"
#include "engine/iojob.h"
#include "fs/filesystem.h"
#include "fs/filetests.h"
#include "layout/arrayspec.h"
#include "util/result.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace RaidBench {

/// One test of a campaign: an engine job shape (the target is filled in per configuration), a
/// block-size sweep of such jobs, or a file test on a file system made on the array.
struct TestSpec
{
    QString name; ///< "SEQ1M QD8 write"
    QString kind = QStringLiteral("io"); ///< io, sweep, file-seq, file-seeks, small-files, command
    FileTestParams file; ///< for the file test kinds
    IoPattern pattern = IoPattern::Write;
    std::uint32_t blockSize = 1u << 20;
    int queueDepth = 1;
    int readPercent = 50;
    QList<std::uint32_t> sweepSizes; ///< for kind "sweep"

    QString id() const; ///< stable short form, e.g. seq1m-qd8-write
    bool isFileTest() const { return kind != QLatin1String("io") && kind != QLatin1String("sweep"); }
    QJsonObject toJson() const;
    static Result<TestSpec> fromJson(const QJsonValue& json);
    /// The named standard tests: seq1m-qd8-write/read, rnd4k-qd32-write/read, dd-seq1m-qd1-write,
    /// bs-sweep-write/read.
    static Result<TestSpec> standard(const QString& id);
    static QList<TestSpec> defaults();
};

/// A configuration to build: a preset applied to the plan's disks, or an explicit tree.
struct ConfigSpec
{
    QString name;
    QString preset; ///< empty for an explicit spec
    ArraySpec spec; ///< for an explicit spec (the preset's tree is made when the disks are known)
    std::optional<FilesystemSpec> filesystem; ///< overrides the plan's
    std::optional<DrillSpec> drill; ///< overrides the plan's

    QJsonObject toJson() const;
};

/// A campaign plan: which disks, which configurations, which tests, how often and for how long.
/// A versioned JSON document (docs/plan-format.md).
struct CampaignPlan
{
    static constexpr int version = 1;

    QStringList disks;
    bool baselines = true;
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

    bool hasFileTests() const;
    /// The drill configuration `config` asks for: its own, else the plan's.
    DrillSpec drillFor(const ConfigSpec& config) const { return config.drill.value_or(drill); }
    /// Progress units one configuration takes: a run of an I/O test, a block size of a sweep, a file
    /// test (the campaign's progress and the run page's ETA count in these).
    int unitsPerConfiguration() const;
    QJsonObject toJson() const;
    static Result<CampaignPlan> fromJson(const QJsonObject& json);
    static Result<CampaignPlan> load(const QString& path);
};

} // namespace RaidBench

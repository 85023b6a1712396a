#pragma once

#include "disks/diskhealth.h"
#include "engine/ioresult.h"
#include "layout/arrayspec.h"
#include "plan/campaignplan.h"
#include "results/diskaccess.h"
#include "results/diskstogether.h"
#include "results/drillresult.h"
#include "results/resourceuse.h"
#include "results/sustainedwrite.h"
#include "results/testresult.h"
#include "util/result.h"
#include "util/runstate.h"

#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>
#include <sys/types.h>

namespace RaidBench {

/// A member disk with its identity and its own speed.
struct DiskResult
{
    QString path;
    QString stablePath;
    QString name;
    QString model;
    QString serial;
    QString controller;
    QString transport;
    std::uint64_t sizeBytes = 0;
    std::optional<double> writeBw;
    std::optional<double> readBw;
    std::optional<IoResult> writeRun;
    std::optional<IoResult> readRun;
    QString baselineError;
    /// Its speed across the surface, when the plan asked for it.
    DiskSurface surface;
    /// A sustained write on the disk alone (a plan with a sustained write test): whether a cache filled.
    SustainedWrite sustained;
    /// The access patterns layouts make of it (skipped chunks, random 4K), when the plan measured them.
    DiskAccess access;
    bool slow = false;
    QString slowReason;
    /// SMART and the write cache as the run found them (before any change), and what in them could
    /// make the disk slow; `healthRead` false in files written before they were read.
    bool healthRead = false;
    DiskHealth health;
    WriteCacheState writeCache;
    QList<DiskExplanation> explanations;

    /// The disk as texts name it: its serial first, which stays with the disk, then the kernel's name of
    /// the moment and the model ("RBLAB0003 (sdb, VHDD 60-32 5400)"); without a serial, "sdb (model)".
    QString label() const;
    /// The serial, or the kernel's name where there is none: the disk in a few characters.
    QString shortName() const;
    QJsonObject toJson() const;
    static DiskResult fromJson(const QJsonObject& json);
};

/// One member disk's write cache while a configuration's tests ran.
struct DiskCacheState
{
    QString disk; ///< the plan's path
    CacheState state = CacheState::Unknown;
};

/// One configuration: what it is, what it gives, what it measured.
struct ConfigResult
{
    QString name;
    QString preset;
    ArraySpec spec;
    RunState status = RunState::Pending; ///< pending, completed, failed, cancelled
    QString error;
    QString device;
    QStringList commands;
    std::uint64_t usableBytes = 0;
    std::uint64_t rawBytes = 0;
    double spacePct = 0;
    int failuresGuaranteed = 0;
    int failuresBestCase = 0;
    std::optional<bool> controllerFailureSurvived;
    std::optional<double> predictedWrite;
    /// Where md may gather some partial stripes: the write if it gathers none and if it gathers all.
    std::optional<std::pair<double, double>> predictedWriteRange;
    std::optional<double> predictedRead;
    /// Where a run reads from one copy of a mirror, whichever md picks: the slowest and the fastest run.
    std::optional<std::pair<double, double>> predictedReadRange;
    QString predictedWriteBound; ///< what the model says sets the write: disks, shared (the disks together),
                                 ///< partial-stripes or cpu
    QString predictedWriteNote; ///< why, in words
    QString predictedReadBound; ///< what the model says sets the read: disks or shared
    QString predictedReadNote;
    /// RND4K QD32 IOPS the random model predicts (results/randommodel.h), and what a write costs.
    std::optional<double> predictedRandomRead;
    std::optional<double> predictedRandomWrite;
    QString predictedRandomNote;
    std::optional<double> relativeWritePct;
    std::optional<double> relativeReadPct;
    std::optional<double> measuredOverPredicted; ///< sequential write
    std::optional<double> measuredOverPredictedRead; ///< sequential read
    QStringList weakestLink;
    QList<TestResult> tests;
    double seconds = 0;
    QJsonObject filesystem; ///< the file system made for file tests (type, geometry, commands)
    std::optional<DrillResult> drill; ///< the failure drill, when the plan asked for one
    /// The write cache the plan asked for: "" (as the disks have it), "on" or "off"; a plan's "both"
    /// makes two configurations, "NAME (cache on)" and "NAME (cache off)".
    WriteCacheMode writeCacheMode = WriteCacheMode::AsIs;
    QList<DiskCacheState> writeCaches; ///< each member's cache during every run of this configuration
    QString writeCacheNote; ///< why the cache stayed as it was although the plan asked otherwise
    /// md's stripe cache of its RAID4/5/6 arrays during the tests, in stripes; 0 = md's own (256). A plan's
    /// sweep makes one configuration per value, "NAME (stripe cache N)", measured on one array.
    int stripeCache = 0;
    /// Configurations of the same group share one build (a stripe cache sweep); -1 = its own. Not saved.
    int buildGroup = -1;
    QStringList warnings; ///< what validation flagged and allowed (partial stripes, mixed sizes)
    std::optional<FilesystemSpec> requestedFilesystem; ///< from the plan; not saved

    /// The sequential write or read test the relative table and the model use (SEQ1M QD8, else the
    /// first sequential test), or null.
    const TestResult* sequentialTest(bool write) const;
    /// The sequential write and read medians the relative table and the model use.
    std::optional<double> sequentialWrite() const;
    std::optional<double> sequentialRead() const;
    /// The median IOPS of the standard random 4K test (RND4K QD32), reads or writes.
    std::optional<double> randomIops(bool write) const;
    const TestResult* test(const QString& id) const;

    /// Pending again, before a (re)run: no error, tests or commands from an earlier one.
    void resetForRun()
    {
        status = RunState::Pending;
        error.clear();
        tests.clear();
        commands.clear();
    }
    QJsonObject toJson(bool withSamples = true) const;
    static Result<ConfigResult> fromJson(const QJsonObject& json);
};

/// A whole campaign: host, disks with baselines, configurations, analysis. Written after every
/// configuration (docs/results-format.md).
struct CampaignResults
{
    static constexpr int version = 1;

    QString raidbenchVersion;
    QString created;
    QString updated;
    RunState status = RunState::Running; ///< running, completed, cancelled, failed
    QJsonObject host;
    QJsonObject plan;
    QString assumeCleanReason;
    QList<DiskResult> disks;
    /// The disks measured at once, per controller and the whole pool, after each alone.
    QList<DisksTogether> together;
    /// A quick answer's comparison (QuickAnswer::toJson()): the layouts it built against the model; empty
    /// for a full campaign.
    QJsonObject quickAnswer;
    QList<ConfigResult> configs;
    /// The labels of the files compareResults() merged; empty for one run. Not saved.
    QStringList comparedLabels;
    /// The host object of each compared file when they come from different machines. Not saved.
    QList<QJsonObject> comparedHosts;

    const DiskResult* disk(const QString& path) const;
    ConfigResult* config(const QString& name);

    QJsonObject toJson(bool withSamples = true) const;
    static Result<CampaignResults> fromJson(const QJsonObject& json);
    /// Written whole (a new file renamed over the old), with `mode` (0600: results only their user reads).
    Result<void> save(const QString& path, mode_t mode = 0644) const;
    static Result<CampaignResults> load(const QString& path);
};

} // namespace RaidBench

Q_DECLARE_METATYPE(RaidBench::CampaignResults)

#pragma once

#include "arrays/buildexecutor.h"
#include "campaign/campaignrunner.h"
#include "disks/confirmeddisk.h"
#include "disks/disk.h"
#include "engine/iojob.h"
#include "engine/ioresult.h"
#include "fs/filesystem.h"
#include "plan/campaignplan.h"
#include "results/campaignresults.h"
#include "util/result.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

namespace RaidBench {

/// The helper protocol's messages, typed: one encoder and one decoder per operation's arguments, reply
/// and event, used by the helper (HelperService) and by its clients (the session of the desktop
/// program, `raidbench-cli run`). No other file spells a protocol key. HelperProtocol checks a
/// request's shape (types, unknown and missing fields) before any of these decoders sees it.
namespace Messages {

/// The operations (docs/helper-protocol.md).
namespace Op {
inline const QString hello = QStringLiteral("hello");
inline const QString scanDisks = QStringLiteral("scan-disks");
inline const QString readHealth = QStringLiteral("read-health");
inline const QString planArray = QStringLiteral("plan-array");
inline const QString createArray = QStringLiteral("create-array");
inline const QString teardown = QStringLiteral("teardown");
inline const QString listArrays = QStringLiteral("list-arrays");
inline const QString recover = QStringLiteral("recover");
inline const QString runIo = QStringLiteral("run-io");
inline const QString runCampaign = QStringLiteral("run-campaign");
inline const QString makeFs = QStringLiteral("make-fs-and-mount");
inline const QString unmount = QStringLiteral("unmount");
inline const QString cancel = QStringLiteral("cancel");
inline const QString about = QStringLiteral("about");
inline const QString bye = QStringLiteral("bye");
} // namespace Op

/// The events a running request sends before its reply.
namespace Event {
inline const QString progress = QStringLiteral("progress");
inline const QString command = QStringLiteral("command");
inline const QString results = QStringLiteral("results");
} // namespace Event

// hello
struct Hello
{
    int protocol = 0;
    QString client;
    QJsonObject toJson() const;
    static Hello fromJson(const QJsonObject& args);
};

struct HelloReply
{
    int protocol = 0;
    QString raidbenchVersion;
    qint64 pid = 0;
    qint64 euid = -1;
    bool lab = false; ///< the helper runs inside the lab VM: its disks are virtual
    int journals = 0; ///< leftovers of ended runs the caller may recover
    QJsonObject toJson() const;
    static HelloReply fromJson(const QJsonObject& result);
};

// scan-disks
struct ScanDisks
{
    bool allowLoop = false;
    bool all = false; ///< partitions and devices that are no disks too
    QJsonObject toJson() const;
    static ScanDisks fromJson(const QJsonObject& args);
};
QJsonObject encodeDisks(const QList<Disk>& disks);

// read-health: the scan's whole disks (or those named, by kernel name) with SMART and write cache.
struct ReadHealth
{
    bool allowLoop = false;
    QStringList disks; ///< kernel names (sda, nvme0n1); empty: every disk
    QJsonObject toJson() const;
    static ReadHealth fromJson(const QJsonObject& args);
};
QList<Disk> decodeDisks(const QJsonObject& result);

// plan-array and create-array
struct ArrayRequest
{
    QJsonObject spec; ///< ArraySpec::toJson()
    bool allowLoop = false;
    QList<ConfirmedDisk> confirmDestroy; ///< create-array: exactly the disks it destroys, as confirmed
    bool waitResync = false; ///< create-array
    QJsonObject toJson(bool create) const;
    static ArrayRequest fromJson(const QJsonObject& args);
};
struct ArrayPlan
{
    QString tag;
    QString device;
    QString description;
    QStringList commands;
    QStringList teardown;
    QStringList destroys; ///< canonical nodes
    QList<QJsonObject> disks; ///< the pins (PinnedDevice::toJson)
    double usableBytes = 0;
    double spacePct = 0;
    int failuresGuaranteed = 0;
    int failuresBestCase = 0;
    QStringList warnings;
    QJsonObject toJson() const;
    static ArrayPlan fromJson(const QJsonObject& result);
};

// teardown, recover
struct Removal
{
    QStringList removed;
    QStringList problems;
    QStringList skipped; ///< commands not run because a disk is not the one pinned
    QJsonObject toJson() const;
    static Removal fromJson(const QJsonObject& result);
};

// list-arrays
struct ListedArray
{
    QString tag;
    QString device;
    QString description;
    QString mountPoint; ///< empty when not mounted
    QString teardownError;
};
struct OtherRun
{
    QString tag;
    qint64 pid = 0;
};
struct ArrayListing
{
    QList<ListedArray> arrays; ///< this session's
    QList<OtherRun> leftovers; ///< of ended runs, the caller's to recover
    QList<OtherRun> inUseByOthers; ///< of running RaidBench processes
    QJsonObject toJson() const;
    static ArrayListing fromJson(const QJsonObject& result);
};

// run-io: the wire gives times in milliseconds; IoJob keeps nanoseconds.
struct RunIo
{
    QJsonObject job; ///< encodeIoJob()
    /// The disk it writes as the user confirmed it; for an array of this session, the array's disks.
    QList<ConfirmedDisk> confirmDestroy;
    bool allowLoop = false;
    QJsonObject toJson() const;
    static RunIo fromJson(const QJsonObject& args);
};
QJsonObject encodeIoJob(const IoJob& job);
/// Every field checked (unknown ones, ranges, a size or time limit); `target` is returned as given
/// and still has to pass the device gate.
Result<IoJob> decodeIoJob(const QJsonObject& job);
QJsonObject encodeIoProgress(const IoProgress& progress);
IoProgress decodeIoProgress(const QJsonObject& event);
QJsonObject encodeIoResult(const IoResult& result);
Result<IoResult> decodeIoResult(const QJsonObject& reply);

// run-campaign
struct RunCampaign
{
    QJsonObject plan; ///< CampaignPlan::toJson(), parsed by the helper itself
    QList<ConfirmedDisk> confirmDestroy; ///< exactly the plan's disks, as the user confirmed them
    QJsonObject resume; ///< the previous results
    bool hasResume = false;
    /// The plan's run on `confirmed`: its disks as the user saw them when they said yes.
    static RunCampaign forPlan(const CampaignPlan& plan, const QList<ConfirmedDisk>& confirmed,
                               const QJsonObject& resume = {});
    QJsonObject toJson() const;
    static RunCampaign fromJson(const QJsonObject& args);
};
QJsonObject encodeCampaignProgress(const CampaignProgress& progress);
CampaignProgress decodeCampaignProgress(const QJsonObject& event);
/// The "results" event and run-campaign's reply.
QJsonObject encodeResults(const CampaignResults& results);
QJsonObject resultsJson(const QJsonObject& eventOrReply);
Result<CampaignResults> decodeResults(const QJsonObject& eventOrReply);

// The "command" event: one command a build, teardown or recovery ran.
struct CommandEvent
{
    QStringList argv;
    bool ok = false;
    QString summary;
    QString output; ///< the last 4000 characters of stdout and stderr
    static CommandEvent fromStep(const StepLog& step);
    QJsonObject toJson() const;
    static CommandEvent fromJson(const QJsonObject& event);
};

// A build's "progress" event.
struct BuildProgress
{
    QString message;
    double fraction = 0;
    QJsonObject toJson() const;
    static BuildProgress fromJson(const QJsonObject& event);
};

// teardown, make-fs-and-mount, unmount
QJsonObject tagArgs(const QString& tag);
QString tagOf(const QJsonObject& args);
struct MakeFs
{
    QString tag;
    QJsonValue filesystem; ///< a FilesystemSpec: its name or its object
    QList<ConfirmedDisk> confirmDestroy; ///< the array's disks, as confirmed when it was made
    QJsonObject toJson() const;
    static MakeFs fromJson(const QJsonObject& args);
};
/// make-fs-and-mount's reply: the file system, where root mounted it and the client's directory in it.
QJsonObject encodeMounted(const MountedFilesystem& mounted);
struct Unmounted
{
    QString mountPoint;
    QJsonObject toJson() const;
    static Unmounted fromJson(const QJsonObject& result);
};

// cancel
QJsonObject cancelArgs(qint64 request);
qint64 cancelTarget(const QJsonObject& args);
QJsonObject cancelledReply(qint64 request);

// bye
QJsonObject byeReply();

// about
struct About
{
    QString mdadm; ///< its --version line
    QString kernel;
    QString raidbenchVersion;
    /// Whether udev runs where the helper does (the commands it builds with differ); none from a
    /// helper that does not say.
    std::optional<bool> udevRunning;
    QJsonObject toJson() const;
    static About fromJson(const QJsonObject& result);
};

} // namespace Messages

} // namespace RaidBench

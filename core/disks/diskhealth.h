#pragma once

#include "util/result.h"
#include "util/translation.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <cstdint>

namespace RaidBench {

/// SMART's verdict on a disk: passed, failed, no SMART at all (the disk or its bridge has none: virtual
/// disks, USB bridges that hide it), or unknown (smartctl missing, failing, not root, garbage output).
enum class SmartStatus { Unknown, Passed, Failed, NoSmart };
/// The word results files and the helper's messages carry ("unknown", "passed", "failed", "no-smart").
QString smartStatusWord(SmartStatus status);
/// The status `word` names; Unknown for a word that names none.
SmartStatus smartStatusFromWord(const QString& word);

/// What smartctl says about one disk's health, parsed from `smartctl --json=c -a`. Counters a disk
/// does not report stay -1; `status` says whether anything could be read at all.
struct DiskHealth
{
    SmartStatus status = SmartStatus::Unknown;
    QString reason; ///< why no-smart or unknown, in the user's words; empty when passed/failed
    QString protocol; ///< ATA, NVMe, SCSI, as smartctl names it
    QString model;
    QString firmware;
    int temperatureC = -1;
    std::int64_t powerOnHours = -1;
    // ATA attributes (raw values): 5, 197, 198, 199.
    std::int64_t reallocatedSectors = -1;
    std::int64_t pendingSectors = -1;
    std::int64_t offlineUncorrectable = -1;
    std::int64_t crcErrors = -1;
    // NVMe health log.
    int percentageUsed = -1;
    std::int64_t mediaErrors = -1;
    int criticalWarning = -1;
    // SCSI / SAS.
    std::int64_t grownDefects = -1;
    int rotationRateRpm = -1; ///< 0 = solid state, -1 unknown
    /// The link: SATA from smartctl's interface_speed, NVMe from the PCIe device's sysfs.
    QString linkCurrent; ///< "1.5 Gb/s", "8.0 GT/s PCIe x2"
    QString linkMax;
    double linkCurrentGbps = -1; ///< comparable numbers (per lane rate x lanes for PCIe)
    double linkMaxGbps = -1;

    bool known() const { return status == SmartStatus::Passed || status == SmartStatus::Failed; }
    bool linkBelowMax() const { return linkCurrentGbps > 0 && linkMaxGbps > 0 && linkCurrentGbps + 1e-9 < linkMaxGbps; }
    /// Omits the counters that are -1.
    QJsonObject toJson() const;
    static DiskHealth fromJson(const QJsonObject& json);
    static DiskHealth unknown(const QString& reason);
};

/// Whether a write cache is on. Files and the helper protocol carry it as a word (cacheStateName):
/// "on", "off", "unknown".
enum class CacheState { Unknown, On, Off };

QString cacheStateName(CacheState state);
/// The state `name` names; Unknown for any other word.
CacheState parseCacheState(const QString& name);
/// The state that `on` asks for.
inline CacheState cacheStateFor(bool on)
{
    return on ? CacheState::On : CacheState::Off;
}

/// A disk's volatile write cache as the disk itself reports it (never the kernel's
/// /sys/block/X/queue/write_cache, which changes only what the kernel believes).
struct WriteCacheState
{
    CacheState state = CacheState::Unknown;
    QString reason; ///< why unknown (no tool for the transport, the tool failed, ...)
    QString tool; ///< hdparm, sdparm or nvme: the program that reads and changes it
    bool changeable = false; ///< the disk says it can be changed

    bool on() const { return state == CacheState::On; }
    bool off() const { return state == CacheState::Off; }
    QJsonObject toJson() const;
    static WriteCacheState fromJson(const QJsonObject& json);
    static WriteCacheState unknown(const QString& reason, const QString& tool = {});
};

/// One likely cause of a slow disk, found in its health, its cache or its difference from the pool.
struct DiskExplanation
{
    QString code; ///< link-below-max, crc-errors, reallocated, pending, temperature, write-cache-off, other-model,
                  ///< other-rotation, smart-failed, nvme-warning, media-errors, worn
    QString message; ///< one sentence, for the table, the tooltip and the reports
};

/// A disk's "health", "write_cache" and "explanations" keys, as `disks --json` and results files have
/// them: written into `json`, and read back (false when `json` has no "health": not read).
void insertHealthJson(QJsonObject& json, const DiskHealth& health, const WriteCacheState& cache,
                      const QList<DiskExplanation>& explanations);
bool readHealthJson(const QJsonObject& json, DiskHealth& health, WriteCacheState& cache,
                    QList<DiskExplanation>& explanations);

/// Parses `smartctl --json=c -a DEV` (any exit status: smartctl sets bits for ordinary findings).
/// A document that is not smartctl's JSON is an error (`bad-smart-json`); a disk without SMART is a
/// DiskHealth with status "no-smart" and the reason smartctl gave (a USB bridge it cannot see
/// through, "SMART support is: Unavailable").
Result<DiskHealth> parseSmartctlJson(const QByteArray& json);

/// `hdparm -W DEV`: " write-caching =  1 (on)", "  0 (off)" or "not supported".
WriteCacheState parseHdparmWriteCache(const QString& out);
/// `sdparm --get=WCE DEV`: "WCE  1  [cha: y, def:  1]".
WriteCacheState parseSdparmWriteCache(const QString& out);
/// `nvme get-feature DEV --feature-id=6`: "get-feature:0x06 (Volatile Write Cache), Current value:0x00000001".
WriteCacheState parseNvmeWriteCache(const QString& out);

/// The facts one explanation needs about a disk besides its health and cache.
struct DiskFacts
{
    QString model;
    bool rotational = false;
    DiskHealth health;
    WriteCacheState writeCache;
};

/// Likely causes of slowness for `pool[index]`: its link below the maximum, CRC errors,
/// reallocated or pending sectors, a temperature above 55 °C, its write cache off, SMART failed,
/// NVMe warnings or wear, and a model or rotation rate that differs from most of the pool.
/// Worded for `audience`: a file's English (the helper's and the results file's), or the user's
/// language, where the client words them again from the same facts.
QList<DiskExplanation> explainDisk(const QList<DiskFacts>& pool, int index, Audience audience = Audience::File);

constexpr int kHotDiskCelsius = 55;

} // namespace RaidBench

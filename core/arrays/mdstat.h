#pragma once

#include <QHash>
#include <QList>
#include <QString>

#include <cstdint>
#include <optional>

namespace RaidBench {

/// One member of an md array as /proc/mdstat lists it: "sdb[1]", "sda[0](F)", "sdq[4](S)".
struct MdStatMember
{
    QString name;
    int slot = -1;
    bool faulty = false;
    bool spare = false;
    bool writeMostly = false;
};

/// A resync, recovery, reshape or check in progress.
struct MdSync
{
    QString action; ///< resync, recovery, reshape, check, repair
    bool delayed = false;
    double percent = 0;
    std::uint64_t doneBlocks = 0;
    std::uint64_t totalBlocks = 0;
    double finishMinutes = -1;
    std::uint64_t speedKiBs = 0;
};

/// One array of /proc/mdstat.
struct MdStatArray
{
    QString name; ///< md127
    bool active = false;
    bool readOnly = false;
    QString level; ///< raid5, raid1, linear ... (empty when inactive)
    QList<MdStatMember> members;
    std::uint64_t blocks = 0; ///< 1 KiB blocks
    QString metadata;
    std::uint64_t chunkKiB = 0;
    QString status; ///< "UU_" in [UU_]
    int raidDisks = 0;
    int workingDisks = 0;
    std::optional<MdSync> sync;
};

/// /proc/mdstat, parsed.
struct MdStat
{
    QStringList personalities;
    QList<MdStatArray> arrays;

    static MdStat parse(const QString& text);
    const MdStatArray* find(const QString& name) const;
};

/// `mdadm --detail --export` output (KEY=VALUE lines).
struct MdDetail
{
    QHash<QString, QString> values;
    QString level() const { return values.value(QStringLiteral("MD_LEVEL")); }
    int devices() const { return values.value(QStringLiteral("MD_DEVICES")).toInt(); }
    QString name() const { return values.value(QStringLiteral("MD_NAME")); }
    QString uuid() const { return values.value(QStringLiteral("MD_UUID")); }
    /// Member device paths by role ("0", "1", "spare").
    QHash<QString, QString> members() const;

    static MdDetail parse(const QString& text);
};

} // namespace RaidBench

#include "disks/diskhealth.h"

#include <QStringList>

#include <optional>

// Likely causes of a slow disk: its own health and cache, and how it differs from the rest of the pool.

namespace RaidBench {

namespace {

constexpr int kWornPercent = 90; ///< NVMe percentage used from which a drive counts as worn

void add(QList<DiskExplanation>& list, const QString& code, const QString& message)
{
    list.append(DiskExplanation {code, message});
}

/// The value most of `values` share (more than half of them), or nothing.
template <typename T>
std::optional<T> strictMajority(const QList<T>& values)
{
    QHash<T, int> counts;
    for (const T& value : values) {
        if (++counts[value] * 2 > values.size()) {
            return value;
        }
    }
    return std::nullopt;
}

QString modelKey(const DiskFacts& facts)
{
    const QString model = facts.model.simplified();
    return (model.isEmpty() ? facts.health.model.simplified() : model).toLower();
}

QString displayModel(const DiskFacts& facts)
{
    const QString model = facts.model.simplified();
    return model.isEmpty() ? facts.health.model.simplified() : model;
}

/// A hard disk whose rate nobody knows.
constexpr int kSpinning = -2;

/// A disk's rotation: its rate when smartctl gave one (0 = solid state), else kSpinning or 0 from
/// the kernel's rotational flag.
int rotationOf(const DiskFacts& facts)
{
    if (facts.health.rotationRateRpm >= 0) {
        return facts.health.rotationRateRpm;
    }
    return facts.rotational ? kSpinning : 0;
}

/// "it is a hard disk, the others are solid state", "it spins at 5400 rpm, the others at 7200 rpm".
QString rotationMessage(int own, int majority, bool allOthers)
{
    const QString others = allOthers ? QStringLiteral("the others") : QStringLiteral("most others");
    if (own > 0 && majority > 0) {
        return QStringLiteral("it spins at %1 rpm, %2 at %3 rpm").arg(own).arg(others).arg(majority);
    }
    const QString ownWords = own == 0 ? QStringLiteral("it is solid state") : QStringLiteral("it is a hard disk");
    const QString majorityWords = majority == 0 ? QStringLiteral("are solid state")
        : majority == kSpinning                 ? QStringLiteral("are hard disks")
                                                : QStringLiteral("spin at %1 rpm").arg(majority);
    return QStringLiteral("%1, %2 %3").arg(ownWords, others, majorityWords);
}

void explainPoolDifferences(const QList<DiskFacts>& pool, int index, QList<DiskExplanation>& list)
{
    if (pool.size() < 3) {
        return;
    }
    QList<QString> models;
    for (const DiskFacts& facts : pool) {
        models.append(modelKey(facts));
    }
    const std::optional<QString> model = strictMajority(models);
    if (model && !model->isEmpty() && !models.at(index).isEmpty() && models.at(index) != *model) {
        QString majorityName;
        for (const DiskFacts& facts : pool) {
            if (modelKey(facts) == *model) {
                majorityName = displayModel(facts);
                break;
            }
        }
        const bool allOthers = models.count(*model) == pool.size() - 1;
        add(list, QStringLiteral("other-model"),
            QStringLiteral("it is a %1, %2 are %3")
                .arg(displayModel(pool.at(index)),
                     allOthers ? QStringLiteral("the others") : QStringLiteral("most others"), majorityName));
    }

    // Rates are compared only when every disk has one; otherwise only hard disk against solid state.
    QList<int> rotations;
    bool allRatesKnown = true;
    for (const DiskFacts& facts : pool) {
        rotations.append(rotationOf(facts));
        allRatesKnown = allRatesKnown && rotations.last() != kSpinning;
    }
    if (!allRatesKnown) {
        for (int& rotation : rotations) {
            rotation = rotation == 0 ? 0 : kSpinning;
        }
    }
    const std::optional<int> rotation = strictMajority(rotations);
    const int own = rotations.at(index);
    if (rotation && own != *rotation) {
        const bool allOthers = rotations.count(*rotation) == pool.size() - 1;
        add(list, QStringLiteral("other-rotation"), rotationMessage(own, *rotation, allOthers));
    }
}

QString nvmeWarningWords(int warning)
{
    QStringList words;
    if (warning & 0x01) {
        words.append(QStringLiteral("its spare blocks are running out"));
    }
    if (warning & 0x02) {
        words.append(QStringLiteral("its temperature is out of range"));
    }
    if (warning & 0x04) {
        words.append(QStringLiteral("its reliability is degraded by media or internal errors"));
    }
    if (warning & 0x08) {
        words.append(QStringLiteral("it has made itself read-only"));
    }
    if (warning & 0x10) {
        words.append(QStringLiteral("its cache's power-loss backup failed"));
    }
    if (warning & 0x20) {
        words.append(QStringLiteral("its persistent memory region is unreliable"));
    }
    if (words.isEmpty()) {
        words.append(QStringLiteral("code 0x%1").arg(warning, 2, 16, QLatin1Char('0')));
    }
    return words.join(QStringLiteral(", "));
}

QString plural(std::int64_t count, const char* one, const char* many)
{
    return QStringLiteral("%1 %2").arg(count).arg(QLatin1String(count == 1 ? one : many));
}

QString gbps(double rate)
{
    return QStringLiteral("%1 Gb/s").arg(rate, 0, 'f', 1);
}

} // namespace

QList<DiskExplanation> explainDisk(const QList<DiskFacts>& pool, int index)
{
    QList<DiskExplanation> list;
    if (index < 0 || index >= pool.size()) {
        return list;
    }
    const DiskFacts& facts = pool.at(index);
    const DiskHealth& health = facts.health;

    if (health.status == QLatin1String("failed")) {
        add(list, QStringLiteral("smart-failed"), QStringLiteral("SMART says the disk is failing"));
    }
    if (health.linkBelowMax()) {
        const QString current = health.linkCurrent.isEmpty() ? gbps(health.linkCurrentGbps) : health.linkCurrent;
        const QString max = health.linkMax.isEmpty() ? gbps(health.linkMaxGbps) : health.linkMax;
        add(list, QStringLiteral("link-below-max"), QStringLiteral("its link runs at %1 of %2").arg(current, max));
    }
    if (health.crcErrors > 0) {
        add(list, QStringLiteral("crc-errors"),
            QStringLiteral("%1: a cable or backplane fault")
                .arg(plural(health.crcErrors, "interface CRC error", "interface CRC errors")));
    }
    if (health.reallocatedSectors > 0) {
        add(list, QStringLiteral("reallocated"),
            QStringLiteral("%1: the disk has replaced failing sectors with spares")
                .arg(plural(health.reallocatedSectors, "reallocated sector", "reallocated sectors")));
    } else if (health.grownDefects > 0) {
        // SAS disks count the same thing as their grown defect list.
        add(list, QStringLiteral("reallocated"),
            QStringLiteral("%1 found bad since the factory: the disk has replaced them with spares")
                .arg(plural(health.grownDefects, "sector", "sectors")));
    }
    const std::int64_t pending = std::max<std::int64_t>(health.pendingSectors, 0);
    const std::int64_t uncorrectable = std::max<std::int64_t>(health.offlineUncorrectable, 0);
    if (pending + uncorrectable > 0) {
        QStringList parts;
        if (pending > 0) {
            parts.append(QStringLiteral("%1 waiting to be remapped")
                             .arg(plural(pending, "unreadable sector", "unreadable sectors")));
        }
        if (uncorrectable > 0) {
            parts.append(
                QStringLiteral("%1 that failed the disk's own scan").arg(plural(uncorrectable, "sector", "sectors")));
        }
        add(list, QStringLiteral("pending"),
            QStringLiteral("%1: reads that hit them stall on retries").arg(parts.join(QStringLiteral(" and "))));
    }
    if (health.temperatureC > kHotDiskCelsius) {
        add(list, QStringLiteral("temperature"),
            QStringLiteral("it runs at %1 °C, above %2 °C").arg(health.temperatureC).arg(kHotDiskCelsius));
    }
    if (facts.writeCache.off()) {
        add(list, QStringLiteral("write-cache-off"), QStringLiteral("its write cache is off"));
    }
    if (health.criticalWarning > 0) {
        add(list, QStringLiteral("nvme-warning"),
            QStringLiteral("the disk raises a critical warning: %1").arg(nvmeWarningWords(health.criticalWarning)));
    }
    if (health.mediaErrors > 0) {
        add(list, QStringLiteral("media-errors"),
            QStringLiteral("%1: data the disk could not read or write correctly")
                .arg(plural(health.mediaErrors, "media error", "media errors")));
    }
    if (health.percentageUsed >= kWornPercent) {
        add(list, QStringLiteral("worn"),
            QStringLiteral("it has used %1% of its rated write endurance").arg(health.percentageUsed));
    }
    explainPoolDifferences(pool, index, list);
    return list;
}

} // namespace RaidBench

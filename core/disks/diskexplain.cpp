#include "disks/diskhealth.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>

#include <optional>

// Likely causes of a slow disk: its own health and cache, and how it differs from the rest of the pool.

namespace RaidBench {

namespace {

constexpr int kWornPercent = 90; ///< NVMe percentage used from which a drive counts as worn

/// Each sentence's words are marked QT_TRANSLATE_NOOP("DiskExplanation", ...) where they are written.
constexpr const char* explanationContext = "DiskExplanation";

/// `english` as `audience` reads it.
QString explained(Audience audience, const char* english)
{
    return phrase(audience, explanationContext, english);
}

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
QString rotationMessage(Audience audience, int own, int majority, bool allOthers)
{
    if (own > 0 && majority > 0) {
        return (allOthers
                    ? explained(audience,
                                QT_TRANSLATE_NOOP("DiskExplanation", "it spins at %1 rpm, the others at %2 rpm"))
                    : explained(audience,
                                QT_TRANSLATE_NOOP("DiskExplanation", "it spins at %1 rpm, most others at %2 rpm")))
            .arg(own)
            .arg(majority);
    }
    const QString ownWords = own == 0 ? explained(audience, QT_TRANSLATE_NOOP("DiskExplanation", "it is solid state"))
                                      : explained(audience, QT_TRANSLATE_NOOP("DiskExplanation", "it is a hard disk"));
    QString majorityWords;
    if (majority == 0) {
        majorityWords = allOthers
            ? explained(audience, QT_TRANSLATE_NOOP("DiskExplanation", "the others are solid state"))
            : explained(audience, QT_TRANSLATE_NOOP("DiskExplanation", "most others are solid state"));
    } else if (majority == kSpinning) {
        majorityWords = allOthers
            ? explained(audience, QT_TRANSLATE_NOOP("DiskExplanation", "the others are hard disks"))
            : explained(audience, QT_TRANSLATE_NOOP("DiskExplanation", "most others are hard disks"));
    } else {
        majorityWords =
            (allOthers ? explained(audience, QT_TRANSLATE_NOOP("DiskExplanation", "the others spin at %1 rpm"))
                       : explained(audience, QT_TRANSLATE_NOOP("DiskExplanation", "most others spin at %1 rpm")))
                .arg(majority);
    }
    return QStringLiteral("%1, %2").arg(ownWords, majorityWords);
}

void explainPoolDifferences(Audience audience, const QList<DiskFacts>& pool, int index, QList<DiskExplanation>& list)
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
            (allOthers ? explained(audience, QT_TRANSLATE_NOOP("DiskExplanation", "it is a %1, the others are %2"))
                       : explained(audience, QT_TRANSLATE_NOOP("DiskExplanation", "it is a %1, most others are %2")))
                .arg(displayModel(pool.at(index)), majorityName));
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
        add(list, QStringLiteral("other-rotation"), rotationMessage(audience, own, *rotation, allOthers));
    }
}

QString nvmeWarningWords(Audience audience, int warning)
{
    QStringList words;
    if (warning & 0x01) {
        words.append(explained(audience, QT_TRANSLATE_NOOP("DiskExplanation", "its spare blocks are running out")));
    }
    if (warning & 0x02) {
        words.append(explained(audience, QT_TRANSLATE_NOOP("DiskExplanation", "its temperature is out of range")));
    }
    if (warning & 0x04) {
        words.append(explained(
            audience, QT_TRANSLATE_NOOP("DiskExplanation", "its reliability is degraded by media or internal errors")));
    }
    if (warning & 0x08) {
        words.append(explained(audience, QT_TRANSLATE_NOOP("DiskExplanation", "it has made itself read-only")));
    }
    if (warning & 0x10) {
        words.append(explained(audience, QT_TRANSLATE_NOOP("DiskExplanation", "its cache's power-loss backup failed")));
    }
    if (warning & 0x20) {
        words.append(
            explained(audience, QT_TRANSLATE_NOOP("DiskExplanation", "its persistent memory region is unreliable")));
    }
    if (words.isEmpty()) {
        words.append(explained(audience, QT_TRANSLATE_NOOP("DiskExplanation", "code 0x%1"))
                         .arg(warning, 2, 16, QLatin1Char('0')));
    }
    return words.join(QStringLiteral(", "));
}

/// "1 sector", "12 sectors": `one` and `many` are templates with %1 for the count (English's two forms,
/// which Spanish shares).
QString counted(Audience audience, std::int64_t count, const char* one, const char* many)
{
    const QString digits = audience == Audience::Person ? QLocale().toString(qlonglong(count)) : QString::number(count);
    return explained(audience, count == 1 ? one : many).arg(digits);
}

QString gbps(Audience audience, double rate)
{
    return QStringLiteral("%1 Gb/s").arg(number(audience, rate, 1));
}

} // namespace

QList<DiskExplanation> explainDisk(const QList<DiskFacts>& pool, int index, Audience audience)
{
    QList<DiskExplanation> list;
    if (index < 0 || index >= pool.size()) {
        return list;
    }
    const DiskFacts& facts = pool.at(index);
    const DiskHealth& health = facts.health;
    const auto words = [audience](const char* english) { return explained(audience, english); };

    if (health.status == SmartStatus::Failed) {
        add(list, QStringLiteral("smart-failed"),
            words(QT_TRANSLATE_NOOP("DiskExplanation", "SMART says the disk is failing")));
    }
    if (health.linkBelowMax()) {
        const QString current =
            health.linkCurrent.isEmpty() ? gbps(audience, health.linkCurrentGbps) : health.linkCurrent;
        const QString max = health.linkMax.isEmpty() ? gbps(audience, health.linkMaxGbps) : health.linkMax;
        add(list, QStringLiteral("link-below-max"),
            words(QT_TRANSLATE_NOOP("DiskExplanation", "its link runs at %1 of %2")).arg(current, max));
    }
    if (health.crcErrors > 0) {
        add(list, QStringLiteral("crc-errors"),
            words(QT_TRANSLATE_NOOP("DiskExplanation", "%1: a cable or backplane fault"))
                .arg(counted(audience, health.crcErrors, QT_TRANSLATE_NOOP("DiskExplanation", "%1 interface CRC error"),
                             QT_TRANSLATE_NOOP("DiskExplanation", "%1 interface CRC errors"))));
    }
    if (health.reallocatedSectors > 0) {
        add(list, QStringLiteral("reallocated"),
            words(QT_TRANSLATE_NOOP("DiskExplanation", "%1: the disk has replaced failing sectors with spares"))
                .arg(counted(audience, health.reallocatedSectors,
                             QT_TRANSLATE_NOOP("DiskExplanation", "%1 reallocated sector"),
                             QT_TRANSLATE_NOOP("DiskExplanation", "%1 reallocated sectors"))));
    } else if (health.grownDefects > 0) {
        // SAS disks count the same thing as their grown defect list.
        add(list, QStringLiteral("reallocated"),
            words(QT_TRANSLATE_NOOP("DiskExplanation",
                                    "%1 found bad since the factory: the disk has replaced them with spares"))
                .arg(counted(audience, health.grownDefects, QT_TRANSLATE_NOOP("DiskExplanation", "%1 sector"),
                             QT_TRANSLATE_NOOP("DiskExplanation", "%1 sectors"))));
    }
    const std::int64_t pending = std::max<std::int64_t>(health.pendingSectors, 0);
    const std::int64_t uncorrectable = std::max<std::int64_t>(health.offlineUncorrectable, 0);
    if (pending + uncorrectable > 0) {
        QStringList parts;
        if (pending > 0) {
            parts.append(
                words(QT_TRANSLATE_NOOP("DiskExplanation", "%1 waiting to be remapped"))
                    .arg(counted(audience, pending, QT_TRANSLATE_NOOP("DiskExplanation", "%1 unreadable sector"),
                                 QT_TRANSLATE_NOOP("DiskExplanation", "%1 unreadable sectors"))));
        }
        if (uncorrectable > 0) {
            parts.append(words(QT_TRANSLATE_NOOP("DiskExplanation", "%1 that failed the disk's own scan"))
                             .arg(counted(audience, uncorrectable, QT_TRANSLATE_NOOP("DiskExplanation", "%1 sector"),
                                          QT_TRANSLATE_NOOP("DiskExplanation", "%1 sectors"))));
        }
        const QString both = parts.size() == 2
            ? words(QT_TRANSLATE_NOOP("DiskExplanation", "%1 and %2")).arg(parts.at(0), parts.at(1))
            : parts.constFirst();
        add(list, QStringLiteral("pending"),
            words(QT_TRANSLATE_NOOP("DiskExplanation", "%1: reads that hit them stall on retries")).arg(both));
    }
    if (health.temperatureC > kHotDiskCelsius) {
        add(list, QStringLiteral("temperature"),
            words(QT_TRANSLATE_NOOP("DiskExplanation", "it runs at %1 °C, above %2 °C"))
                .arg(health.temperatureC)
                .arg(kHotDiskCelsius));
    }
    if (facts.writeCache.off()) {
        add(list, QStringLiteral("write-cache-off"),
            words(QT_TRANSLATE_NOOP("DiskExplanation", "its write cache is off")));
    }
    if (health.criticalWarning > 0) {
        add(list, QStringLiteral("nvme-warning"),
            words(QT_TRANSLATE_NOOP("DiskExplanation", "the disk raises a critical warning: %1"))
                .arg(nvmeWarningWords(audience, health.criticalWarning)));
    }
    if (health.mediaErrors > 0) {
        add(list, QStringLiteral("media-errors"),
            words(QT_TRANSLATE_NOOP("DiskExplanation", "%1: data the disk could not read or write correctly"))
                .arg(counted(audience, health.mediaErrors, QT_TRANSLATE_NOOP("DiskExplanation", "%1 media error"),
                             QT_TRANSLATE_NOOP("DiskExplanation", "%1 media errors"))));
    }
    if (health.percentageUsed >= kWornPercent) {
        add(list, QStringLiteral("worn"),
            words(QT_TRANSLATE_NOOP("DiskExplanation", "it has used %1% of its rated write endurance"))
                .arg(health.percentageUsed));
    }
    explainPoolDifferences(audience, pool, index, list);
    return list;
}

} // namespace RaidBench

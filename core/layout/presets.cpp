#include "layout/presets.h"

#include "layout/arrayanalysis.h"
#include "util/errorcodes.h"

#include <cstdlib>

namespace RaidBench {

namespace {

/// Round robin over controllers: the first disk of each controller, then the second of each...
QList<PresetDisk> spread(const QList<PresetDisk>& disks)
{
    QList<std::pair<QString, QList<PresetDisk>>> groups;
    for (const PresetDisk& disk : disks) {
        auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == disk.controller; });
        if (it == groups.end()) {
            groups.append({disk.controller, {disk}});
        } else {
            it->second.append(disk);
        }
    }
    QList<PresetDisk> ordered;
    for (qsizetype round = 0; ordered.size() < disks.size(); ++round) {
        for (const auto& group : groups) {
            if (round < group.second.size()) {
                ordered.append(group.second.at(round));
            }
        }
    }
    return ordered;
}

ArraySpec leaf(const PresetDisk& disk)
{
    ArraySpec spec = ArraySpec::disk(disk.path, disk.sizeBytes, disk.controller);
    spec.label = disk.label;
    return spec;
}

QList<ArraySpec> leaves(const QList<PresetDisk>& disks)
{
    QList<ArraySpec> list;
    for (const PresetDisk& disk : disks) {
        list.append(leaf(disk));
    }
    return list;
}

/// Splits `disks` (already spread) into `groups` groups taking every group-th disk, so consecutive
/// disks (on different controllers) land in different groups only when that keeps each group spread.
QList<QList<PresetDisk>> slices(const QList<PresetDisk>& disks, int groups)
{
    QList<QList<PresetDisk>> result(groups);
    const int base = int(disks.size()) / groups;
    const int extra = int(disks.size()) % groups;
    int at = 0;
    for (int g = 0; g < groups; ++g) {
        const int size = base + (g < extra ? 1 : 0);
        result[g] = disks.mid(at, size);
        at += size;
    }
    return result;
}

/// Disks per leg for a nested parity preset: equal legs that use every disk, at least two of them,
/// preferring legs whose data disks are a power of two (then a power-of-two chunk on top fills their
/// stripes, and LVM can match it too), then the leg size nearest `preferred`; 0 when no equal split exists.
int legSize(qsizetype disks, int minimum, int parity, int preferred)
{
    int best = 0;
    bool bestPowerOfTwo = false;
    for (int size = minimum; size <= disks / 2; ++size) {
        if (disks % size != 0) {
            continue;
        }
        const int data = size - parity;
        const bool powerOfTwo = (data & (data - 1)) == 0;
        const bool nearer = std::abs(size - preferred) < std::abs(best - preferred);
        if (best == 0 || (powerOfTwo && !bestPowerOfTwo) || (powerOfTwo == bestPowerOfTwo && nearer)) {
            best = size;
            bestPowerOfTwo = powerOfTwo;
        }
    }
    return best;
}

Error tooFew(const QString& name, int need, qsizetype have)
{
    return makeError(ErrorCode::presetNotPossible,
                     QStringLiteral("%1 needs at least %2 disks (have %3)").arg(name).arg(need).arg(have));
}

} // namespace

QStringList presetNames()
{
    return {QStringLiteral("single"),
            QStringLiteral("raid0"),
            QStringLiteral("raid1"),
            QStringLiteral("raid5"),
            QStringLiteral("raid6"),
            QStringLiteral("raid10"),
            QStringLiteral("raid50"),
            QStringLiteral("raid60"),
            QStringLiteral("raid0+1"),
            QStringLiteral("raid1+0"),
            QStringLiteral("lvm-stripe-over-raid1")};
}

namespace {

/// Mirrors of neighbours in the spread order (on different controllers where there are several) under
/// `top`: RAID1+0 and LVM's stripe over mirrors.
Result<ArraySpec> presetMirrorPairs(const QString& name, const QList<PresetDisk>& disks, ArrayLevel top)
{
    const qsizetype n = disks.size();
    if (n < 4) {
        return tooFew(name, 4, n);
    }
    if (n % 2 != 0) {
        return makeError(ErrorCode::presetNotPossible,
                         QStringLiteral("%1 needs an even number of disks (have %2)").arg(name).arg(n));
    }
    QList<ArraySpec> mirrors;
    for (qsizetype i = 0; i + 1 < n; i += 2) {
        mirrors.append(ArraySpec::node(ArrayLevel::Raid1, {leaf(disks[i]), leaf(disks[i + 1])}));
    }
    return ArraySpec::node(top, mirrors);
}

/// RAID0+1: each half takes every other disk of the spread order, so with two controllers, one half per
/// controller, and the mirror survives losing either.
Result<ArraySpec> presetMirroredHalves(const QString& name, const QList<PresetDisk>& disks)
{
    const qsizetype n = disks.size();
    if (n < 4) {
        return tooFew(name, 4, n);
    }
    QList<ArraySpec> halves {ArraySpec::node(ArrayLevel::Raid0, {}), ArraySpec::node(ArrayLevel::Raid0, {})};
    for (qsizetype i = 0; i < n; ++i) {
        halves[i % 2].children.append(leaf(disks[i]));
    }
    return ArraySpec::node(ArrayLevel::Raid1, halves);
}

} // namespace

Result<ArraySpec> makePreset(const QString& name, const QList<PresetDisk>& input)
{
    const QList<PresetDisk> disks = spread(input);
    const qsizetype n = disks.size();
    if (n == 0) {
        return makeError(ErrorCode::presetNotPossible, QStringLiteral("no disks given"));
    }
    auto flat = [&](ArrayLevel level, int need) -> Result<ArraySpec> {
        if (n < need) {
            return tooFew(name, need, n);
        }
        ArraySpec spec = ArraySpec::node(level, leaves(disks));
        if (level == ArrayLevel::Raid10) {
            spec.layout = QStringLiteral("n2");
        }
        return spec;
    };
    auto stripedGroups = [&](ArrayLevel top, ArrayLevel inner, int groups, int perGroupMin) -> Result<ArraySpec> {
        QList<ArraySpec> children;
        for (const auto& group : slices(disks, groups)) {
            if (group.size() < perGroupMin) {
                return tooFew(name, perGroupMin * groups, n);
            }
            children.append(ArraySpec::node(inner, leaves(group)));
        }
        return ArraySpec::node(top, children);
    };

    if (name == QLatin1String("single")) {
        return leaf(disks.first());
    }
    if (name == QLatin1String("raid0")) {
        return flat(ArrayLevel::Raid0, 2);
    }
    if (name == QLatin1String("raid1")) {
        return flat(ArrayLevel::Raid1, 2);
    }
    if (name == QLatin1String("raid5")) {
        return flat(ArrayLevel::Raid5, 3);
    }
    if (name == QLatin1String("raid6")) {
        return flat(ArrayLevel::Raid6, 4);
    }
    if (name == QLatin1String("raid10")) {
        return flat(ArrayLevel::Raid10, 2);
    }
    // The RAID0 on top of parity legs keeps its chunk 0: the build gives it one that fills the legs'
    // stripes (alignedTopChunk), whatever leg chunk the user picks on the Build page later.
    if (name == QLatin1String("raid50")) {
        if (n < 6) {
            return tooFew(name, 6, n);
        }
        // 8 disks -> 2 x 4 (1.5 MiB stripes, a 1536 KiB chunk on top); 24 -> 8 x 3; 10 -> 2 x 5.
        const int size = legSize(n, 3, 1, 3);
        return stripedGroups(ArrayLevel::Raid0, ArrayLevel::Raid5,
                             size ? int(n / size) : int(std::max<qsizetype>(2, n / 3)), 3);
    }
    if (name == QLatin1String("raid60")) {
        if (n < 8) {
            return tooFew(name, 8, n);
        }
        // 24 disks -> 4 x 6; 12 -> 2 x 6; 8 -> 2 x 4; 16 -> 4 x 4.
        const int size = legSize(n, 4, 2, 6);
        return stripedGroups(ArrayLevel::Raid0, ArrayLevel::Raid6, size ? int(n / size) : int(n >= 12 ? n / 6 : 2), 4);
    }
    if (name == QLatin1String("raid0+1")) {
        return presetMirroredHalves(name, disks);
    }
    if (name == QLatin1String("raid1+0")) {
        return presetMirrorPairs(name, disks, ArrayLevel::Raid0);
    }
    if (name == QLatin1String("lvm-stripe-over-raid1")) {
        return presetMirrorPairs(name, disks, ArrayLevel::LvmStripe);
    }
    return makeError(ErrorCode::unknownPreset,
                     QStringLiteral("unknown preset '%1'; use one of %2")
                         .arg(name.left(64), presetNames().join(QStringLiteral(", "))));
}

QStringList presetsFor(const QList<PresetDisk>& disks)
{
    QStringList names;
    for (const QString& name : presetNames()) {
        auto spec = makePreset(name, disks);
        if (spec && !hasErrors(validateSpec(*spec))) {
            names.append(name);
        }
    }
    return names;
}

} // namespace RaidBench

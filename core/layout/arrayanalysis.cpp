#include "layout/arrayanalysis.h"

#include "layout/stripes.h"
#include "util/errorcodes.h"
#include "util/units.h"

#include <QMap>

#include <algorithm>
#include <numeric>

namespace RaidBench {

namespace {

constexpr std::uint64_t lvmExtent = 4 * 1024 * 1024;
constexpr std::uint64_t lvmPeStart = 1024 * 1024;

QString upperName(ArrayLevel level)
{
    switch (level) {
    case ArrayLevel::Raid0:
        return QStringLiteral("RAID0");
    case ArrayLevel::Raid1:
        return QStringLiteral("RAID1");
    case ArrayLevel::Raid4:
        return QStringLiteral("RAID4");
    case ArrayLevel::Raid5:
        return QStringLiteral("RAID5");
    case ArrayLevel::Raid6:
        return QStringLiteral("RAID6");
    case ArrayLevel::Raid10:
        return QStringLiteral("RAID10");
    case ArrayLevel::Linear:
        return QStringLiteral("Linear");
    case ArrayLevel::LvmStripe:
        return QStringLiteral("LVM striping");
    case ArrayLevel::Disk:
        return QStringLiteral("A single disk");
    }
    return {};
}

int minimumMembers(ArrayLevel level)
{
    switch (level) {
    case ArrayLevel::Raid6:
        return 4;
    case ArrayLevel::Raid4:
    case ArrayLevel::Raid5:
        return 2; // 3 recommended; 2 gets a warning
    case ArrayLevel::Disk:
        return 1;
    default:
        return 2;
    }
}

int raid10Copies(const QString& layout)
{
    return layout.size() == 2 && layout.at(1).isDigit() ? layout.at(1).digitValue() : 2;
}

bool powerOfTwo(std::uint64_t value)
{
    return value && (value & (value - 1)) == 0;
}

/// Where validateNode() collects what it finds: errors refuse the tree, warnings are said.
struct IssueList
{
    QList<SpecIssue>& issues;
    void error(const QString& code, const QString& message) { issues.append({code, message, false}); }
    void warning(const QString& code, const QString& message) { issues.append({code, message, true}); }
};

/// Spares that leave no active member or that the level cannot use, and too few members.
void checkMemberCount(const ArraySpec& spec, const QString& name, qsizetype active, IssueList& list)
{
    if (spec.spares < 0 || spec.spares >= spec.children.size()) {
        list.error(QStringLiteral("bad-spares"),
                   QStringLiteral("%1: %2 spares leave no active members").arg(name, QString::number(spec.spares)));
    } else if (spec.spares > 0 && !levelIsMd(spec.level)) {
        list.error(QStringLiteral("bad-spares"), QStringLiteral("%1 has no hot spares").arg(name));
    } else if (spec.spares > 0 && (spec.level == ArrayLevel::Raid0 || spec.level == ArrayLevel::Linear)) {
        list.error(QStringLiteral("bad-spares"),
                   QStringLiteral("%1 cannot use hot spares (it has no redundancy)").arg(name));
    }
    const int minimum = minimumMembers(spec.level);
    const QString what = [&] {
        for (const ArraySpec& child : spec.children) {
            if (!child.isLeaf()) {
                return QStringLiteral("members");
            }
        }
        return QStringLiteral("disks");
    }();
    if (active < minimum) {
        list.error(
            QStringLiteral("too-few-members"),
            QStringLiteral("%1 needs at least %2 %3 (has %4)")
                .arg(name,
                     QString::number(spec.level == ArrayLevel::Raid5 || spec.level == ArrayLevel::Raid4 ? 3 : minimum),
                     what, QString::number(active)));
    } else if ((spec.level == ArrayLevel::Raid5 || spec.level == ArrayLevel::Raid4) && active == 2) {
        list.warning(QStringLiteral("two-member-parity"),
                     QStringLiteral("%1 on 2 %2 works but is a slower mirror; 3 or more make sense").arg(name, what));
    }
}

/// The chunk (md) or stripe size (LVM) the level takes, in its range.
void checkChunk(const ArraySpec& spec, const QString& name, IssueList& list)
{
    if (spec.chunkBytes) {
        if (spec.level == ArrayLevel::Raid1 || spec.level == ArrayLevel::Linear) {
            list.error(QStringLiteral("chunk-not-allowed"),
                       QStringLiteral("%1 has no chunk size (mdadm rejects --chunk for it)").arg(name));
        } else if (spec.level == ArrayLevel::LvmStripe) {
            list.error(QStringLiteral("chunk-not-allowed"),
                       QStringLiteral("LVM striping takes a stripe size, not a chunk"));
        } else if (spec.level == ArrayLevel::Raid0) {
            // md's RAID0 takes any multiple of a page: a chunk can match a parity leg's 1.5 MiB stripe.
            if (spec.chunkBytes < 4096 || spec.chunkBytes % 4096 != 0 || spec.chunkBytes > (2ull << 30)) {
                list.error(QStringLiteral("bad-chunk"),
                           QStringLiteral("RAID0 chunk %1 must be a multiple of 4k from 4k to 2G")
                               .arg(Units::formatSizeCompact(spec.chunkBytes)));
            }
        } else if (!powerOfTwo(spec.chunkBytes) || spec.chunkBytes < 4096 || spec.chunkBytes > (2ull << 30)) {
            list.error(QStringLiteral("bad-chunk"),
                       QStringLiteral("%1 chunk %2 must be a power of two from 4k to 2G")
                           .arg(name, Units::formatSizeCompact(spec.chunkBytes)));
        }
    }
    if (spec.level == ArrayLevel::LvmStripe && spec.stripeBytes &&
        (!powerOfTwo(spec.stripeBytes) || spec.stripeBytes < 4096 || spec.stripeBytes > lvmExtent)) {
        list.error(QStringLiteral("bad-stripe"),
                   QStringLiteral("stripe size %1 must be a power of two from 4k to 4M")
                       .arg(Units::formatSizeCompact(spec.stripeBytes)));
    }
}

/// A RAID10 or parity layout md knows, and enough disks for its copies.
void checkLayout(const ArraySpec& spec, const QString& name, qsizetype active, IssueList& list)
{
    if (!spec.layout.isEmpty()) {
        static const QStringList parityLayouts {QStringLiteral("left-symmetric"),  QStringLiteral("left-asymmetric"),
                                                QStringLiteral("right-symmetric"), QStringLiteral("right-asymmetric"),
                                                QStringLiteral("parity-first"),    QStringLiteral("parity-last")};
        static const QStringList raid10Layouts {QStringLiteral("n2"), QStringLiteral("f2"), QStringLiteral("o2"),
                                                QStringLiteral("n3"), QStringLiteral("f3"), QStringLiteral("o3")};
        if (spec.level == ArrayLevel::Raid10) {
            if (!raid10Layouts.contains(spec.layout)) {
                list.error(QStringLiteral("bad-layout"),
                           QStringLiteral("RAID10 layout '%1' is not one of n2, f2, o2, n3, f3, o3")
                               .arg(spec.layout.left(32)));
            } else if (raid10Copies(spec.layout) > active) {
                list.error(QStringLiteral("bad-layout"),
                           QStringLiteral("RAID10 layout %1 keeps %2 copies and needs at least %2 disks")
                               .arg(spec.layout, QString::number(raid10Copies(spec.layout))));
            }
        } else if (spec.level == ArrayLevel::Raid5 || spec.level == ArrayLevel::Raid6 ||
                   spec.level == ArrayLevel::Raid4) {
            if (!parityLayouts.contains(spec.layout)) {
                list.error(QStringLiteral("bad-layout"),
                           QStringLiteral("%1 layout '%2' is not one of %3")
                               .arg(name, spec.layout.left(32), parityLayouts.join(QStringLiteral(", "))));
            }
        } else {
            list.error(QStringLiteral("bad-layout"), QStringLiteral("%1 has no layout").arg(name));
        }
    }
}

/// The stripe cache of a parity level in md's range; a chunk over parity legs that cuts writes.
void checkStripeCache(const ArraySpec& spec, const QString& name, IssueList& list)
{
    if (spec.stripeCachePages && !isParityLevel(spec.level)) {
        list.error(QStringLiteral("bad-stripe-cache"),
                   QStringLiteral("%1 has no stripe cache (RAID4/5/6 have)").arg(name));
    } else if (spec.stripeCachePages &&
               (spec.stripeCachePages < minStripeCache || spec.stripeCachePages > maxStripeCache)) {
        list.error(QStringLiteral("bad-stripe-cache"),
                   QStringLiteral("stripe cache %1 is outside md's range of %2 to %3 stripes")
                       .arg(QString::number(spec.stripeCachePages), QString::number(minStripeCache),
                            QString::number(maxStripeCache)));
    }
    // A chunk (stripe size) on top of parity legs that cuts every write into partial stripes: allowed, said.
    if (const QString partial = partialStripeWarning(spec); !partial.isEmpty()) {
        list.warning(QStringLiteral("partial-stripes"), QStringLiteral("%1: %2").arg(name, partial));
    }
}

/// md's metadata version (1.x: an array name) and bitmap.
void checkMdOptions(const ArraySpec& spec, IssueList& list)
{
    if (levelIsMd(spec.level)) {
        // Only 1.x: 0.90 superblocks carry no array name, so a teardown could not tell them for RaidBench's.
        static const QStringList metadata {QStringLiteral("1.0"), QStringLiteral("1.1"), QStringLiteral("1.2")};
        if (!metadata.contains(spec.metadata)) {
            list.error(
                QStringLiteral("bad-metadata"),
                spec.metadata == QLatin1String("0.90") || spec.metadata == QLatin1String("0.9")
                    ? QStringLiteral("metadata 0.90 has no array name, so RaidBench could not tell its own arrays "
                                     "apart when removing them; use 1.0, 1.1 or 1.2")
                    : QStringLiteral("metadata '%1' is not one of 1.0, 1.1, 1.2").arg(spec.metadata.left(16)));
        }
    }
}

/// Mixed member sizes: the smallest sets every member's share, except for raid0 and linear.
void checkMixedSizes(const ArraySpec& spec, const QString& name, IssueList& list)
{
    if (spec.level != ArrayLevel::Raid0 && spec.level != ArrayLevel::Linear) {
        std::uint64_t smallest = UINT64_MAX;
        std::uint64_t total = 0;
        bool known = true;
        const QList<ArraySpec> members = spec.activeChildren();
        for (const ArraySpec& child : members) {
            const auto size = usableBytes(child);
            known = known && size.has_value() && *size > 0;
            if (size) {
                smallest = std::min(smallest, *size);
                total += *size;
            }
        }
        if (known && !members.isEmpty()) {
            const std::uint64_t wasted = total - smallest * std::uint64_t(members.size());
            if (double(wasted) > 0.10 * double(total)) {
                list.warning(
                    QStringLiteral("mixed-sizes"),
                    QStringLiteral("%1 members differ in size: each is used only up to the smallest (%2), wasting "
                                   "%3 (%4 %)")
                        .arg(name, Units::formatBytesDecimal(double(smallest)),
                             Units::formatBytesDecimal(double(wasted)),
                             QString::number(100.0 * double(wasted) / double(total), 'f', 0)));
            }
        }
    }
}

void validateNode(const ArraySpec& spec, int depth, int maxDepth, QList<SpecIssue>& issues)
{
    IssueList list {issues};
    if (spec.isLeaf()) {
        if (spec.device.isEmpty()) {
            list.error(QStringLiteral("missing-device"), QStringLiteral("a disk in the tree has no device path"));
        } else if (!spec.device.startsWith(QLatin1String("/dev/"))) {
            list.error(QStringLiteral("bad-device"),
                       QStringLiteral("%1 is not a device path under /dev/").arg(spec.device.left(200)));
        }
        return;
    }
    if (spec.level == ArrayLevel::Disk) {
        list.error(QStringLiteral("bad-node"), QStringLiteral("a disk cannot have members"));
        return;
    }
    if (depth > maxDepth) {
        list.error(QStringLiteral("too-deep"), QStringLiteral("arrays are nested deeper than %1 levels").arg(maxDepth));
        return;
    }
    const QString name = upperName(spec.level);
    const qsizetype active = spec.children.size() - spec.spares;
    checkMemberCount(spec, name, active, list);
    checkChunk(spec, name, list);
    checkLayout(spec, name, active, list);
    checkStripeCache(spec, name, list);
    checkMdOptions(spec, list);
    // Members
    QSet<QString> seen;
    for (const ArraySpec& child : spec.children) {
        if (child.isLeaf()) {
            if (seen.contains(child.device)) {
                list.error(QStringLiteral("duplicate-member"),
                           QStringLiteral("%1 is a member of the same %2 twice").arg(child.device, name));
            }
            seen.insert(child.device);
        } else if (levelIsMd(spec.level) && child.level == ArrayLevel::LvmStripe) {
            list.error(QStringLiteral("bad-nesting"),
                       QStringLiteral("an md array cannot be built on an LVM volume here; put "
                                      "LVM striping at the top"));
        }
        validateNode(child, depth + 1, maxDepth, issues);
    }
    checkMixedSizes(spec, name, list);
}

struct Tolerance
{
    int minKill = 1;
    int maxSurvive = 0;
    int leaves = 1;
};

Tolerance tolerance(const ArraySpec& spec)
{
    if (spec.isLeaf()) {
        return {};
    }
    const QList<ArraySpec> members = spec.activeChildren();
    QList<Tolerance> children;
    for (const ArraySpec& child : members) {
        children.append(tolerance(child));
    }
    Tolerance result;
    result.leaves = 0;
    for (const auto& child : children) {
        result.leaves += child.leaves;
    }
    if (children.isEmpty()) {
        return {1, 0, 0};
    }
    if (spec.level == ArrayLevel::Raid10) {
        const int copies = std::min<int>(raid10Copies(spec.layout.isEmpty() ? QStringLiteral("n2") : spec.layout),
                                         int(children.size()));
        QList<int> kills;
        for (const auto& child : children) {
            kills.append(child.minKill);
        }
        std::sort(kills.begin(), kills.end());
        result.minKill = std::accumulate(kills.begin(), kills.begin() + copies, 0);
        const int k = int(children.size());
        int survive = 0;
        for (const auto& child : children) {
            survive += child.maxSurvive;
        }
        result.maxSurvive = survive + (k * (copies - 1)) / copies;
        return result;
    }
    int tolerate = 0;
    switch (spec.level) {
    case ArrayLevel::Raid1:
        tolerate = int(children.size()) - 1;
        break;
    case ArrayLevel::Raid4:
    case ArrayLevel::Raid5:
        tolerate = 1;
        break;
    case ArrayLevel::Raid6:
        tolerate = 2;
        break;
    default:
        tolerate = 0;
    }
    tolerate = std::min<int>(tolerate, int(children.size()) - 1);
    QList<int> kills;
    QList<int> extra;
    int survive = 0;
    for (const auto& child : children) {
        kills.append(child.minKill);
        extra.append(child.leaves - child.maxSurvive);
        survive += child.maxSurvive;
    }
    std::sort(kills.begin(), kills.end());
    std::sort(extra.begin(), extra.end(), std::greater<>());
    result.minKill = std::accumulate(kills.begin(), kills.begin() + tolerate + 1, 0);
    result.maxSurvive = survive + std::accumulate(extra.begin(), extra.begin() + tolerate, 0);
    return result;
}

} // namespace

QList<SpecIssue> validateSpec(const ArraySpec& spec, int maxDepth)
{
    QList<SpecIssue> issues;
    validateNode(spec, 1, maxDepth, issues);
    QMap<QString, int> uses;
    for (const QString& device : spec.leafDevices()) {
        ++uses[device];
    }
    for (auto it = uses.cbegin(); it != uses.cend(); ++it) {
        if (it.value() > 1) {
            bool sameNode = false;
            for (const auto& issue : issues) {
                sameNode = sameNode || (issue.code == ErrorCode::duplicateMember && issue.message.startsWith(it.key()));
            }
            if (!sameNode) {
                issues.append(
                    {QStringLiteral("disk-reused"),
                     QStringLiteral("%1 is used %2 times in this configuration; a disk can be in one place only")
                         .arg(it.key(), QString::number(it.value())),
                     false});
            }
        }
    }
    return issues;
}

bool hasErrors(const QList<SpecIssue>& issues)
{
    return std::any_of(issues.begin(), issues.end(), [](const SpecIssue& issue) { return !issue.warning; });
}

QString firstError(const QList<SpecIssue>& issues)
{
    for (const auto& issue : issues) {
        if (!issue.warning) {
            return issue.message;
        }
    }
    return {};
}

std::uint64_t mdDataOffset(std::uint64_t bytes, const QString& metadata)
{
    if (metadata != QLatin1String("1.1") && metadata != QLatin1String("1.2")) {
        return 0; // 0.90 and 1.0 keep the superblock at the end
    }
    // mdadm (super1.c): 128 MiB of headroom, halved while more than 1/1024 of the device.
    std::uint64_t headroom = 128ull << 20;
    while (headroom > 4096 && headroom * 1024 > bytes) {
        headroom /= 2;
    }
    const std::uint64_t offset = 8192 + headroom;
    const std::uint64_t mib = 1 << 20;
    return std::max<std::uint64_t>(mib, (offset + mib - 1) / mib * mib);
}

std::optional<std::uint64_t> usableBytes(const ArraySpec& spec)
{
    if (spec.isLeaf()) {
        return spec.sizeBytes ? std::optional<std::uint64_t>(spec.sizeBytes) : std::nullopt;
    }
    const QList<ArraySpec> members = spec.activeChildren();
    QList<std::uint64_t> sizes;
    for (const ArraySpec& child : members) {
        const auto size = usableBytes(child);
        if (!size) {
            return std::nullopt;
        }
        sizes.append(*size);
    }
    if (sizes.isEmpty()) {
        return std::nullopt;
    }
    if (spec.level == ArrayLevel::LvmStripe) {
        const std::uint64_t smallest = *std::min_element(sizes.begin(), sizes.end());
        const std::uint64_t extents = smallest > lvmPeStart ? (smallest - lvmPeStart) / lvmExtent : 0;
        return extents * lvmExtent * std::uint64_t(sizes.size());
    }
    const std::uint64_t chunk = effectiveChunk(spec) ? effectiveChunk(spec) : defaultMdChunk;
    const bool chunked = spec.level != ArrayLevel::Raid1 && spec.level != ArrayLevel::Linear;
    QList<std::uint64_t> memberData;
    for (std::uint64_t size : sizes) {
        std::uint64_t data = size - std::min(size, mdDataOffset(size, spec.metadata));
        if (spec.metadata == QLatin1String("0.90") || spec.metadata == QLatin1String("1.0")) {
            data = (size & ~std::uint64_t(65535)) - std::min<std::uint64_t>(size, 65536);
        }
        memberData.append(chunked ? data - data % chunk : data - data % 4096);
    }
    const std::uint64_t smallest = *std::min_element(memberData.begin(), memberData.end());
    const std::uint64_t total = std::accumulate(memberData.begin(), memberData.end(), std::uint64_t(0));
    const std::uint64_t k = std::uint64_t(memberData.size());
    switch (spec.level) {
    case ArrayLevel::Raid0:
    case ArrayLevel::Linear:
        return total;
    case ArrayLevel::Raid1:
        return smallest;
    case ArrayLevel::Raid4:
    case ArrayLevel::Raid5:
        return smallest * (k - 1);
    case ArrayLevel::Raid6:
        return k > 2 ? smallest * (k - 2) : 0;
    case ArrayLevel::Raid10: {
        const std::uint64_t copies =
            std::uint64_t(raid10Copies(spec.layout.isEmpty() ? QStringLiteral("n2") : spec.layout));
        const std::uint64_t raw = smallest * k / copies;
        return raw - raw % chunk;
    }
    default:
        return std::nullopt;
    }
}

bool survives(const ArraySpec& spec, const QSet<QString>& failed)
{
    if (spec.isLeaf()) {
        return !failed.contains(spec.device);
    }
    const QList<ArraySpec> members = spec.activeChildren();
    QList<bool> alive;
    for (const ArraySpec& child : members) {
        alive.append(survives(child, failed));
    }
    const int dead = int(alive.count(false));
    const int k = int(alive.size());
    switch (spec.level) {
    case ArrayLevel::Raid1:
        return dead < k;
    case ArrayLevel::Raid4:
    case ArrayLevel::Raid5:
        return dead <= 1;
    case ArrayLevel::Raid6:
        return dead <= 2;
    case ArrayLevel::Raid10: {
        const QString layout = spec.layout.isEmpty() ? QStringLiteral("n2") : spec.layout;
        const int copies = std::min(raid10Copies(layout), k);
        // Copies of a chunk sit on `copies` neighbouring members: aligned groups for a near layout
        // whose member count is a multiple of the copies, any cyclic neighbours otherwise.
        const bool aligned = layout.startsWith(QLatin1Char('n')) && k % copies == 0;
        for (int start = 0; start < k; start += aligned ? copies : 1) {
            bool allDead = true;
            for (int j = 0; j < copies; ++j) {
                allDead = allDead && !alive[(start + j) % k];
            }
            if (allDead) {
                return false;
            }
        }
        return true;
    }
    default:
        return dead == 0;
    }
}

ArrayFigures analyzeSpec(const ArraySpec& spec)
{
    ArrayFigures figures;
    figures.usableBytes = usableBytes(spec);
    const auto leaves = spec.leaves();
    bool controllersKnown = !leaves.isEmpty();
    QMap<QString, QSet<QString>> byController;
    for (const ArraySpec* leaf : leaves) {
        figures.rawBytes += leaf->sizeBytes;
        controllersKnown = controllersKnown && !leaf->controller.isEmpty();
        byController[leaf->controller].insert(leaf->device);
    }
    if (figures.usableBytes && figures.rawBytes) {
        figures.spacePct = 100.0 * double(*figures.usableBytes) / double(figures.rawBytes);
    }
    const Tolerance t = tolerance(spec);
    figures.failuresGuaranteed = std::max(0, t.minKill - 1);
    figures.failuresBestCase = t.maxSurvive;
    figures.controllersKnown = controllersKnown;
    figures.controllerCount = controllersKnown ? int(byController.size()) : 0;
    if (controllersKnown) {
        figures.survivesControllerLoss = true;
        for (auto it = byController.cbegin(); it != byController.cend(); ++it) {
            if (!survives(spec, it.value())) {
                figures.survivesControllerLoss = false;
                figures.fatalController = it.key();
                break;
            }
        }
    }
    return figures;
}

} // namespace RaidBench

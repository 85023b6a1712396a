#include "model/randommodel.h"

#include "layout/stripes.h"

#include <QList>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace RaidBench {

namespace {

using AccessFn = std::function<const DiskAccess*(const QString&)>;

/// The requests one random 4K write on top makes of a node's members, read and written; a read is one.
struct WriteCost
{
    double reads = 0;
    double writes = 1;
};

int copiesOf(const ArraySpec& spec, int members)
{
    if (spec.level == ArrayLevel::Raid1) {
        return members;
    }
    if (spec.level == ArrayLevel::Raid10) {
        const QString layout = spec.layout.isEmpty() ? QStringLiteral("n2") : spec.layout;
        const int copies = layout.size() == 2 && layout.at(1).isDigit() ? layout.at(1).digitValue() : 2;
        return std::clamp(copies, 1, std::max(1, members));
    }
    return 1;
}

/// md's cheaper way to update one block of a parity array with `data` data members and `parity` parity:
/// read-modify-write reads the block and its parity; reconstruct-write reads the other data blocks.
WriteCost parityWriteCost(int data, int parity)
{
    WriteCost cost;
    cost.reads = std::min(1 + parity, std::max(0, data - 1));
    cost.writes = 1 + parity;
    return cost;
}

/// A node's IOPS at a queue depth, for reads or writes; none when a disk has no figures.
std::optional<double> nodeIops(const ArraySpec& spec, bool write, double depth, const AccessFn& access);

/// How fast one member takes its share of the requests on top, at each depth its queue may hold: the
/// requests a second on top it keeps up with, on a grid of depths from a thousandth of the whole
/// queue to all of it. Never falls with depth (a disk's queue only helps it).
class MemberPace
{
public:
    static constexpr int steps = 32;

    /// The requests a second on top `member` keeps up with at `depth`, its share `reads` and `writes`
    /// over `members`.
    static std::optional<double> at(const ArraySpec& member, double reads, double writes, double members, double depth,
                                    const AccessFn& access)
    {
        // Seconds a request on top costs this member: its share of the reads and the writes.
        double seconds = 0;
        for (const auto& [count, write] : {std::pair {reads, false}, {writes, true}}) {
            if (count <= 0) {
                continue;
            }
            const auto iops = nodeIops(member, write, depth, access);
            if (!iops || *iops <= 0) {
                return std::nullopt;
            }
            seconds += count / members / *iops;
        }
        return seconds > 0 ? std::optional<double>(1.0 / seconds) : std::nullopt;
    }

    static std::optional<MemberPace> of(const ArraySpec& member, double reads, double writes, double members,
                                        double queue, const AccessFn& access)
    {
        MemberPace pace;
        double best = 0;
        for (int k = 0; k <= steps; ++k) {
            const double depth = queue * std::pow(1000.0, double(k - steps) / steps);
            const auto top = at(member, reads, writes, members, depth, access);
            if (!top) {
                return std::nullopt;
            }
            best = std::max(best, *top);
            pace.m_depths.append(depth);
            pace.m_paces.append(best);
        }
        return pace;
    }

    double most() const { return m_paces.last(); }

    /// The depth this member's queue holds when it keeps up with `top` requests a second on top.
    double depthFor(double top) const
    {
        const auto at = std::lower_bound(m_paces.begin(), m_paces.end(), top);
        if (at == m_paces.begin()) {
            return m_depths.first() * top / m_paces.first();
        }
        const qsizetype k = at - m_paces.begin();
        if (k >= m_paces.size()) {
            return m_depths.last();
        }
        const double share = (top - m_paces.at(k - 1)) / std::max(1e-12, m_paces.at(k) - m_paces.at(k - 1));
        return m_depths.at(k - 1) + share * (m_depths.at(k) - m_depths.at(k - 1));
    }

private:
    QList<double> m_depths;
    QList<double> m_paces;
};

/// The members' pace for requests spread evenly over them, `reads` and `writes` of them per request on
/// top. The queue on top is closed: `depth` requests wait at once, each making its requests of the
/// members, so the requests below that wait pile up where they are served slowest, and a member's
/// queue is as deep as its pace needs (a hard disk reorders a deeper queue better). The pace is the
/// one at which the members' queues together hold the depth on top (times the most requests of one
/// kind a write makes); with members alike, each holds an even share.
std::optional<double> spread(const QList<ArraySpec>& members, double reads, double writes, double depth,
                             const AccessFn& access)
{
    const double n = double(members.size());
    const double queue = depth * std::max(reads, writes);
    if (!(queue > 0) || !std::isfinite(queue)) {
        return std::nullopt;
    }
    // Members alike each hold an even share of the queue: no need to find how it piles up.
    double evenLow = -1;
    double evenHigh = -1;
    for (const ArraySpec& member : members) {
        const auto even = MemberPace::at(member, reads, writes, n, queue / n, access);
        if (!even) {
            return std::nullopt;
        }
        evenLow = evenLow < 0 ? *even : std::min(evenLow, *even);
        evenHigh = std::max(evenHigh, *even);
    }
    if (evenHigh <= evenLow * (1 + 1e-9)) {
        return evenLow;
    }
    QList<MemberPace> paces;
    double most = -1;
    for (const ArraySpec& member : members) {
        const auto pace = MemberPace::of(member, reads, writes, n, queue, access);
        if (!pace) {
            return std::nullopt;
        }
        paces.append(*pace);
        most = most < 0 ? pace->most() : std::min(most, pace->most());
    }
    if (most <= 0) {
        return std::nullopt;
    }
    const auto held = [&](double top) {
        double sum = 0;
        for (const MemberPace& pace : std::as_const(paces)) {
            sum += pace.depthFor(top);
        }
        return sum;
    };
    double low = 0;
    double high = most;
    for (int i = 0; i < 60; ++i) {
        const double middle = (low + high) / 2;
        (held(middle) <= queue ? low : high) = middle;
    }
    return low;
}

/// A mirror's reads: md sends each to a copy that is idle, or else the nearest, so the queue spreads
/// over the copies and each reads at its own pace at its share of the depth: their sum.
std::optional<double> mirrorReads(const QList<ArraySpec>& members, double depth, const AccessFn& access)
{
    double sum = 0;
    for (const ArraySpec& member : members) {
        const auto iops = nodeIops(member, false, depth / double(members.size()), access);
        if (!iops || *iops <= 0) {
            return std::nullopt;
        }
        sum += *iops;
    }
    return sum;
}

std::optional<double> nodeIops(const ArraySpec& spec, bool write, double depth, const AccessFn& access)
{
    if (spec.isLeaf()) {
        const DiskAccess* disk = access(spec.device);
        const auto iops = disk ? disk->randomIops(write, depth) : std::nullopt;
        // Under one request waiting on average, the disk is idle for the rest of the time.
        return iops && depth < 1 ? std::optional<double>(*iops * depth) : iops;
    }
    const QList<ArraySpec> members = spec.activeChildren();
    if (members.isEmpty()) {
        return std::nullopt;
    }
    if (!write) {
        // RAID4's parity member holds no data; every other layout keeps data on every member.
        if (spec.level == ArrayLevel::Raid4 && members.size() > 1) {
            return spread(members.mid(0, members.size() - 1), 1, 0, depth, access);
        }
        if (spec.level == ArrayLevel::Raid1) {
            return mirrorReads(members, depth, access);
        }
        return spread(members, 1, 0, depth, access);
    }
    if (isParityLevel(spec.level)) {
        const WriteCost cost = parityWriteCost(dataMembers(spec), parityMembers(spec));
        if (spec.level == ArrayLevel::Raid4 && members.size() > 1) {
            // The block's data member and the one parity member each read and write for every write.
            const auto data = spread(members.mid(0, members.size() - 1), 1, 1, depth, access);
            const auto parity = spread(members.mid(members.size() - 1), 1, 1, depth, access);
            return data && parity ? std::optional<double>(std::min(*data, *parity)) : std::nullopt;
        }
        return spread(members, cost.reads, cost.writes, depth, access);
    }
    return spread(members, 0, copiesOf(spec, int(members.size())), depth, access);
}

/// The requests the disks get for one random request on top: a read is one read of one disk wherever
/// it lands; a write is what each level makes of it, down to the disks.
WriteCost requestsBelow(const ArraySpec& spec, bool write)
{
    if (!write) {
        return {1, 0};
    }
    const QList<ArraySpec> members = spec.activeChildren();
    if (spec.isLeaf() || members.isEmpty()) {
        return {0, 1};
    }
    const WriteCost child = requestsBelow(members.first(), true);
    if (isParityLevel(spec.level)) {
        const WriteCost cost = parityWriteCost(dataMembers(spec), parityMembers(spec));
        return {cost.reads + cost.writes * child.reads, cost.writes * child.writes};
    }
    const double copies = double(copiesOf(spec, int(members.size())));
    return {copies * child.reads, copies * child.writes};
}

/// The pace `ceiling` allows a layout: the seconds its disks' requests for one request on top take at
/// the pool's pace together. None without the figures it needs.
std::optional<double> ceilingIops(const ArraySpec& spec, bool write, const RandomCeiling& ceiling)
{
    const WriteCost below = requestsBelow(spec, write);
    double seconds = 0;
    for (const auto& [count, pace] : {std::pair {below.reads, ceiling.readIops}, {below.writes, ceiling.writeIops}}) {
        if (count <= 0) {
            continue;
        }
        if (!pace || *pace <= 0) {
            return std::nullopt;
        }
        seconds += count / *pace;
    }
    return seconds > 0 ? std::optional<double>(1.0 / seconds) : std::nullopt;
}

QString writeNote(const ArraySpec& spec)
{
    if (!isParityLevel(spec.level)) {
        const int copies = copiesOf(spec, int(spec.activeChildren().size()));
        return copies > 1
            ? QStringLiteral("each random write is written %1 times (a copy on each of %1 disks)").arg(copies)
            : QString();
    }
    const WriteCost cost = parityWriteCost(dataMembers(spec), parityMembers(spec));
    return QStringLiteral("each random write costs the disks %1 and %2 (md reads the old data and parity, or the rest "
                          "of the stripe, before it writes)")
        .arg(cost.reads == 1 ? QStringLiteral("1 read") : QStringLiteral("%1 reads").arg(cost.reads),
             QStringLiteral("%1 writes").arg(cost.writes));
}

} // namespace

RandomPrediction predictRandom(const ArraySpec& spec, const AccessFn& access, const RandomCeiling& ceiling,
                               int queueDepth)
{
    RandomPrediction prediction;
    prediction.note = writeNote(spec);
    QStringList bound;
    for (const bool write : {false, true}) {
        std::optional<double>& iops = write ? prediction.writeIops : prediction.readIops;
        iops = nodeIops(spec, write, double(queueDepth), access);
        // The ceiling is every disk at once: a layout of one disk was measured alone, at its own pace
        // (a fast SSD alone answered more than four of them together under the lab's processor).
        const auto most = iops && !spec.isLeaf() ? ceilingIops(spec, write, ceiling) : std::nullopt;
        if (most && *most < *iops) {
            iops = most;
            bound.append(write ? QStringLiteral("writes") : QStringLiteral("reads"));
        }
    }
    if (!bound.isEmpty()) {
        const QString limit =
            QStringLiteral("its %1 are bounded by what every disk managed at once (%2 random reads "
                           "and %3 writes a second in all: the controllers' and processors' limit)")
                .arg(bound.join(QStringLiteral(" and ")), QString::number(std::lround(ceiling.readIops.value_or(0))),
                     QString::number(std::lround(ceiling.writeIops.value_or(0))));
        prediction.note = prediction.note.isEmpty() ? limit : prediction.note + QStringLiteral("; ") + limit;
    }
    return prediction;
}

} // namespace RaidBench

#include "model/throughputmodel.h"

#include "layout/arrayanalysis.h"
#include "model/nearreads.h"
#include "model/readpace.h"
#include "util/statistics.h"
#include "util/units.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <numeric>

namespace RaidBench {

namespace {

int raid10Copies(const QString& layout)
{
    return layout.size() == 2 && layout.at(1).isDigit() ? layout.at(1).digitValue() : 2;
}

} // namespace

namespace {

using BaselineFn = std::function<std::optional<std::pair<double, double>>(const QString&)>;

/// One parity array of a tree: the share of the top's written bytes it receives, its kind, and the
/// work of its md thread per byte it receives: the bytes its members write (data and parity) and read
/// (for partial stripes), a read counting mdReadWork times. Handling those pages is most of md's work.
struct ParityLoad
{
    double share = 1;
    bool raid6 = false;
    double work = 1;
    double workLow = 1; ///< at the low end of the band md's gathering leaves: more of it
    double workHigh = 1; ///< at its high end: less
};

/// The walk down a tree: the parity arrays met, the first write that does not fill its stripes, and
/// the bytes each disk moves per byte the top writes or reads.
struct ModelWalk
{
    const BaselineFn& baseline;
    QList<ParityLoad> parity;
    QString partialNote;
    QHash<QString, double> writeShare;
    QHash<QString, double> readShare;
    /// The disks measured together; a near layout's reads, which go wherever a copy is idle, meet their
    /// ceilings in the flow itself (nearReadSpeed) rather than as slowed disks.
    const QList<DisksTogether>* together = nullptr;
    QSet<QString> adaptiveReads; ///< the disks whose reads follow idle copies
    const ModelContext* context = nullptr; ///< the disks' gap costs
    QString skipNote; ///< what skipping parity chunks costs the disks, in words, where it costs
};

ThroughputPrediction predictNode(const ArraySpec& spec, const WriteStream& stream, double share, double readShare,
                                 ModelWalk& walk);

/// What each active member of a node predicts, with its share of the node's writes and reads.
struct MemberFigures
{
    QList<double> writes;
    QList<double> lows;
    QList<double> highs;
    QList<double> reads;
    QList<double> readLows; ///< each member's slowest and fastest read (ThroughputPrediction::readLow)
    QList<double> readHighs;
    QList<QList<double>> readStates; ///< each member's ThroughputPrediction::readStates
};

/// predictNode()'s members, each with its share of the stream; none when one of them has no figures.
std::optional<MemberFigures> predictMembers(const ArraySpec& spec, const QList<ArraySpec>& members,
                                            const WriteStream& stream, double share, double readShare, ModelWalk& walk)
{
    const double count = double(std::max<qsizetype>(1, members.size()));
    const WriteStream inner = childStream(spec, stream);
    double childShare = share;
    double childRead = readShare / count; // striped, parity rotated, or copies balanced: evenly
    if (spec.level == ArrayLevel::Raid0 || spec.level == ArrayLevel::LvmStripe) {
        childShare = share / count;
    } else if (spec.level == ArrayLevel::Raid10) {
        childShare = share * double(raid10Copies(spec.layout.isEmpty() ? QStringLiteral("n2") : spec.layout)) / count;
    } else if (isParityLevel(spec.level)) {
        childShare = share / double(std::max(1, dataMembers(spec)));
        if (spec.level == ArrayLevel::Raid4) {
            childRead = readShare / std::max(1.0, count - 1); // its parity member holds no data
        }
    }
    MemberFigures figures;
    for (qsizetype i = 0; i < members.size(); ++i) {
        const ArraySpec& child = members.at(i);
        double read = childRead;
        double write = childShare;
        if (spec.level == ArrayLevel::Raid1 || spec.level == ArrayLevel::Linear) {
            read = i == 0 ? readShare : 0; // one stream stays on the first mirror; linear's start is its first
        } else if (spec.level == ArrayLevel::Raid4 && i == members.size() - 1) {
            read = 0;
        }
        if (spec.level == ArrayLevel::Linear) {
            write = i == 0 ? share : 0; // a stream from the start fills the first member
        }
        const ThroughputPrediction member = predictNode(child, inner, write, read, walk);
        if (!member.write || !member.read) {
            return std::nullopt;
        }
        figures.writes.append(*member.write);
        figures.lows.append(member.writeLow.value_or(*member.write));
        figures.highs.append(member.writeHigh.value_or(*member.write));
        figures.reads.append(*member.read);
        figures.readLows.append(member.readLow.value_or(*member.read));
        figures.readHighs.append(member.readHigh.value_or(*member.read));
        figures.readStates.append(member.readStates.isEmpty() ? QList<double> {*member.read} : member.readStates);
    }
    return figures;
}

/// What a near layout's members pay for skipping, by disk path; empty when no member pays (a flat disk,
/// an SSD, or nothing measured).
QHash<QString, NearMember> nearMembers(const QList<ArraySpec>& members, const QList<double>& reads,
                                       const ModelWalk& walk)
{
    QHash<QString, NearMember> paying;
    if (!walk.context) {
        return paying;
    }
    for (qsizetype i = 0; i < members.size(); ++i) {
        const QString& disk = members.at(i).device;
        const double one = members.at(i).isLeaf() ? walk.context->gapOne.value(disk, 0.0) : 0.0;
        if (one >= 0.05) {
            paying.insert(disk, {reads.at(i), one, walk.context->gapTwo.value(disk, 0.0)});
        }
    }
    return paying;
}

/// The note for a near layout whose members pay for their skips: md sends each piece of a read to one
/// copy, so each member skips the pieces its partners read (docs/analysis.md, "Disks that seek").
QString nearSkipNote(const QHash<QString, NearMember>& paying)
{
    double costliest = 0;
    QString costliestDisk;
    for (auto it = paying.cbegin(); it != paying.cend(); ++it) {
        if (it->gapOne > costliest || (it->gapOne == costliest && it.key() < costliestDisk)) {
            costliest = it->gapOne;
            costliestDisk = it.key();
        }
    }
    return QStringLiteral("md sends each piece of a read to one copy, an idle one or else the one whose head is "
                          "nearest, so each member skips the pieces the other copies read: on %1 a skip costs %2 % "
                          "of the time reading the piece takes, and the figure follows md's choice piece by piece")
        .arg(costliestDisk, QString::number(std::lround(100 * costliest)));
}

/// A node's write, its figure and both ends of its range: `times` the members' slowest, each scaled by
/// its factor.
void composeWrite(ThroughputPrediction& prediction, const MemberFigures& figures, double times, double factor = 1,
                  double lowFactor = 1, double highFactor = 1)
{
    prediction.write = times * *std::min_element(figures.writes.begin(), figures.writes.end()) * factor;
    prediction.writeLow = times * *std::min_element(figures.lows.begin(), figures.lows.end()) * lowFactor;
    prediction.writeHigh = times * *std::min_element(figures.highs.begin(), figures.highs.end()) * highFactor;
}

/// A parity array's (RAID4, 5, 6) write and read from its members' figures.
void predictParity(const ArraySpec& spec, const QList<ArraySpec>& members, const WriteStream& stream, double share,
                   const MemberFigures& figures, ModelWalk& walk, ThroughputPrediction& prediction)
{
    const double n = double(figures.writes.size());
    // Full-stripe writes carry one (two) chunks of parity per stripe; writes that do not fill a
    // stripe make md read first (parityWriteCost). RAID4's parity disk holds no data, so its reads
    // come from the n-1 others; RAID5/6 reads skip the parity chunks, which rotate over all members,
    // so every member streams data: n x the slowest (on a disk whose head must pass over the
    // skipped chunk, as a hard disk's does, a little less).
    const ParityWriteCost cost = parityWriteCost(spec, stream);
    // How many partial stripes md gathers depends on when the writes arrive: the figure inside a
    // band (ParityWriteCost::lowFactor, highFactor; docs/analysis.md).
    composeWrite(prediction, figures, std::max(1.0, n - double(parityMembers(spec))), cost.factor, cost.lowFactor,
                 cost.highFactor);
    const double slowestRead = *std::min_element(figures.reads.begin(), figures.reads.end());
    prediction.read = spec.level == ArrayLevel::Raid4
        ? (n - 1) * slowestRead
        : n * parityReadPace(spec, members, figures.reads, walk.context, walk.skipNote);
    if (cost.factor < 1 && walk.partialNote.isEmpty()) {
        walk.partialNote = cost.explanation;
    }
    // The members move n/d bytes per byte of full stripes, and as much more as the figure is below
    // full speed (reads first, parity written again): md's thread handles every one of those pages,
    // a page it reads costing more than one it writes (ParityWriteCost::threadWork).
    walk.parity.append({share, spec.level == ArrayLevel::Raid6, cost.threadWork(cost.factor),
                        cost.threadWork(cost.lowFactor), cost.threadWork(cost.highFactor)});
}

/// md's RAID10 read of `spec` over `members` (each reading `reads`) with `copies` copies.
double raid10Read(const ArraySpec& spec, int copies, const QList<ArraySpec>& members, const QList<double>& reads,
                  const WriteStream& stream, ModelWalk& walk)
{
    const QString layout = spec.layout.isEmpty() ? QStringLiteral("n2") : spec.layout;
    if (!layout.startsWith(QLatin1Char('n')) || copies < 2) {
        // Far and offset layouts: md reads the copy nearest the start, the first, like raid0 over
        // every member.
        return double(members.size()) * *std::min_element(reads.begin(), reads.end());
    }
    // Near copies: md sends each piece of a read to an idle copy, so every member of a set works at its
    // own speed (measured 286 MB/s for sets of a 105 and a 38 MB/s disk, 152 for sets of two 105s and
    // two 38s, 513 for n2 over five disks whose sum is 515). Disks measured together cap what any of
    // them can read at once.
    QList<std::pair<QString, double>> named;
    for (qsizetype i = 0; i < members.size(); ++i) {
        named.append({members.at(i).isLeaf() ? members.at(i).device : QString(), reads.at(i)});
        if (members.at(i).isLeaf()) {
            walk.adaptiveReads.insert(members.at(i).device);
        }
    }
    const double flow = nearReadSpeed(named, copies, walk.together);
    const QHash<QString, NearMember> paying = nearMembers(members, reads, walk);
    if (paying.isEmpty()) {
        return flow;
    }
    // Members that pay for a skip read less than their own speed, by how long a run md gives each before
    // its partner takes over: md's choices followed piece by piece (simulatedNearRead). Where no member
    // pays, the flow above is what the lab measures (513 of 515 MB/s), and the simulation, which keeps
    // to the stream's pieces in flight, would be a few percent under it.
    QList<NearMember> simulated;
    for (qsizetype i = 0; i < members.size(); ++i) {
        simulated.append(paying.value(members.at(i).device, NearMember {reads.at(i), 0, 0}));
    }
    const NearStream near {stream.pieceBytes, stream.inFlight, effectiveChunk(spec)};
    if (walk.skipNote.isEmpty()) {
        walk.skipNote = nearSkipNote(paying);
    }
    const double followed = simulatedNearRead(simulated, copies, near);
    return followed > 0 ? std::min(flow, followed) : flow;
}

ThroughputPrediction predictNode(const ArraySpec& spec, const WriteStream& stream, double share, double readShare,
                                 ModelWalk& walk)
{
    ThroughputPrediction prediction;
    if (spec.isLeaf()) {
        walk.writeShare[spec.device] += share;
        walk.readShare[spec.device] += readShare;
        if (const auto speeds = walk.baseline(spec.device)) {
            prediction.write = speeds->first;
            prediction.writeLow = speeds->first;
            prediction.writeHigh = speeds->first;
            prediction.read = speeds->second;
            prediction.readLow = speeds->second;
            prediction.readHigh = speeds->second;
        }
        return prediction;
    }
    const QList<ArraySpec> members = spec.activeChildren();
    const std::optional<MemberFigures> figures = predictMembers(spec, members, stream, share, readShare, walk);
    if (!figures) {
        return {};
    }
    const QList<double>& writes = figures->writes;
    const QList<double>& lows = figures->lows;
    const QList<double>& highs = figures->highs;
    const QList<double>& reads = figures->reads;
    if (writes.isEmpty()) {
        return {};
    }
    const double n = double(writes.size());
    const auto setWrite = [&](double times) { composeWrite(prediction, *figures, times); };
    switch (spec.level) {
    case ArrayLevel::Raid0:
    case ArrayLevel::LvmStripe:
        // Equal chunks on every member: the slowest sets the pace of the whole stripe. A member that is a
        // mirror reads from one copy at a time, so the pace is the slowest at each moment, on average.
        setWrite(n);
        prediction.read = n * expectedSlowest(figures->readStates);
        break;
    case ArrayLevel::Linear:
        prediction.write = writes.first();
        prediction.writeLow = lows.first();
        prediction.writeHigh = highs.first();
        prediction.read = reads.first();
        break;
    case ArrayLevel::Raid1:
        // Every write goes to every mirror. md keeps a sequential read stream on the mirror that served
        // the read before it (raid1.c read_balance: next_seq_sect), for the whole run. Which mirror starts
        // it depends on where the members' heads were left: in the lab the second member for the first
        // run after the device checks, another for the next. The figure is the mean of the first two
        // (what the median of two runs gives); the range is any member's pace (docs/analysis.md).
        setWrite(1);
        if (reads.size() >= 2) {
            prediction.readStates = {reads.at(0), reads.at(1)};
            prediction.read = (reads.at(0) + reads.at(1)) / 2;
        } else {
            prediction.read = reads.first();
        }
        break;
    case ArrayLevel::Raid4:
    case ArrayLevel::Raid5:
    case ArrayLevel::Raid6: {
        predictParity(spec, members, stream, share, *figures, walk, prediction);
        break;
    }
    case ArrayLevel::Raid10: {
        const QString layout = spec.layout.isEmpty() ? QStringLiteral("n2") : spec.layout;
        const int copies = int(std::min(double(raid10Copies(layout)), n));
        setWrite(n / double(copies));
        prediction.read = raid10Read(spec, copies, members, reads, stream, walk);
        break;
    }
    case ArrayLevel::Disk:
        break;
    }
    if (prediction.read) {
        std::tie(prediction.readLow, prediction.readHigh) =
            readRange(spec.level, *prediction.read, figures->reads, figures->readLows, figures->readHighs);
    }
    return prediction;
}

} // namespace

namespace {

/// The range's own words, once the figure and both its ends are final; ends equal to the figure when
/// there is no range.
ThroughputPrediction withRange(ThroughputPrediction prediction)
{
    if (!prediction.writeIsRange()) {
        prediction.writeLow = prediction.write;
        prediction.writeHigh = prediction.write;
        return prediction;
    }
    prediction.writeNote += QStringLiteral("; md gathers some partial stripes into whole ones, how many depends on "
                                           "when the writes arrive: from %1 to %2")
                                .arg(Units::formatMBps(*prediction.writeLow), Units::formatMBps(*prediction.writeHigh));
    return prediction;
}

/// What each disk gives inside a layout when the disks it loads share a ceiling. For every group measured
/// together that the layout loads with two disks or more, the group carries at most what it carried
/// together, shared among those disks in proportion to the bytes the layout sends each (a RAID10 of
/// six on two controllers of 120 MB/s: 40 MB/s a disk, whatever each could do alone); a disk whose
/// share is below its own speed is slowed to it (the lowest over its groups), and the model composes
/// the slowed speeds as it does the disks' own, partial stripes and all.
struct SharedSpeeds
{
    QHash<QString, double> writeFactor;
    QHash<QString, double> readFactor;
    QString writeNote; ///< the group that slows a disk most, in words
    QString readNote;

    bool any() const { return !writeFactor.isEmpty() || !readFactor.isEmpty(); }
};

/// Whether `pool` reached what its controllers reached together (within 5 %): it adds no ceiling of its
/// own, the controllers are what bound it (24 disks on three controllers of 300 MB/s: 900 together).
bool poolIsItsControllers(const DisksTogether& pool, const QList<DisksTogether>& together, bool write)
{
    const std::optional<double>& measured = write ? pool.writeBw : pool.readBw;
    if (pool.scope != DisksTogether::Scope::Pool || !measured) {
        return false;
    }
    double controllers = 0;
    qsizetype covered = 0;
    for (const DisksTogether& group : together) {
        const std::optional<double>& figure = write ? group.writeBw : group.readBw;
        if (group.scope == DisksTogether::Scope::Controller && figure && group.limited(write)) {
            controllers += *figure;
            covered += group.disks.size();
        }
    }
    return covered == pool.disks.size() && *measured >= 0.95 * controllers;
}

SharedSpeeds sharedSpeeds(const ModelWalk& walk, const BaselineFn& baseline, const QList<DisksTogether>& together)
{
    SharedSpeeds shared;
    for (const bool write : {true, false}) {
        const QHash<QString, double>& shares = write ? walk.writeShare : walk.readShare;
        QHash<QString, double>& factors = write ? shared.writeFactor : shared.readFactor;
        double lowest = 1;
        for (const DisksTogether& group : together) {
            if (poolIsItsControllers(group, together, write)) {
                continue;
            }
            const std::optional<double>& measured = write ? group.writeBw : group.readBw;
            QList<std::pair<QString, double>> used; // a disk the layout loads, and its own speed
            double load = 0;
            for (const QString& disk : group.disks) {
                const auto speeds = baseline(disk);
                if (shares.value(disk) > 0 && speeds && (write || !walk.adaptiveReads.contains(disk))) {
                    used.append({disk, write ? speeds->first : speeds->second});
                    load += shares.value(disk);
                }
            }
            // A group the layout loads with one disk says nothing that disk's own speed does not; one that
            // reached the sum of its disks alone shares no ceiling (its disks' parts go by their speeds).
            if (!measured || used.size() < 2 || load <= 0 || !group.limited(write)) {
                continue;
            }
            for (const auto& [disk, own] : std::as_const(used)) {
                const double part = *measured * shares.value(disk) / load;
                if (own <= 0 || part >= own) {
                    continue;
                }
                const double factor = part / own;
                factors[disk] = std::min(factors.value(disk, 1.0), factor);
                if (factor < lowest) {
                    lowest = factor;
                    (write ? shared.writeNote : shared.readNote) =
                        QStringLiteral("a shared ceiling: %1 %2 %3 together, %4 for each of the %5 disks this "
                                       "layout loads there")
                            .arg(group.name(), write ? QStringLiteral("writes") : QStringLiteral("reads"),
                                 Units::formatMBps(*measured), Units::formatMBps(part), QString::number(used.size()));
                }
            }
        }
    }
    return shared;
}

} // namespace

namespace {

/// What md's threads and the machine's cores allow a layout to write, and whether the cores (rather
/// than one thread) set it.
struct CpuBound
{
    double bytesPerSecond = 0;
    bool machine = false;
};

/// The CPU's bound on a layout whose parity arrays are `parity`, with the work `work` of each: md
/// does an array's work in one kernel thread, at most a core; all of them and the rest of the I/O share
/// the machine's cores. The rates are the work md's threads did a second per core (a kernel's own speed
/// is of data bytes). None without a rate for every array.
std::optional<CpuBound> cpuBound(const QList<ParityLoad>& parity, const ModelContext& context,
                                 double ParityLoad::*workOf)
{
    double perThread = 0;
    double coresPerByte = context.otherCpuPerByte;
    for (const ParityLoad& load : parity) {
        const double rate = load.raid6 ? context.raid6Rate : context.parityRate;
        const bool kernel = load.raid6 ? context.raid6RateFromKernel : context.parityRateFromKernel;
        const double work = load.share * (kernel ? 1.0 : load.*workOf);
        if (rate <= 0 || work <= 0) {
            return std::nullopt;
        }
        perThread = perThread > 0 ? std::min(perThread, rate / work) : rate / work;
        coresPerByte += work / rate;
    }
    if (parity.isEmpty()) {
        return std::nullopt;
    }
    CpuBound bound {perThread, false};
    if (context.cpus > 0 && coresPerByte > 0 && double(context.cpus) / coresPerByte < perThread) {
        bound = {double(context.cpus) / coresPerByte, true};
    }
    return bound;
}

/// The words for a write the CPU bounds.
QString cpuNote(const QList<ParityLoad>& parity, const ModelContext& context, bool machine)
{
    const QString arrays = parity.size() == 1
        ? QStringLiteral("one parity array, whose md thread uses at most a core")
        : QStringLiteral("%1 parity arrays, one md thread each").arg(parity.size());
    const QString cores = !machine ? QString()
        : context.cpus == 1        ? QStringLiteral(", sharing the machine's one core with the rest of the I/O")
                                   : QStringLiteral(", sharing %1 cores with the rest of the I/O").arg(context.cpus);
    return QStringLiteral("the CPU: %1%2%3")
        .arg(arrays, cores, context.rateSource.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(context.rateSource));
}

} // namespace

bool ThroughputPrediction::writeIsRange() const
{
    return write && writeLow && writeHigh && *writeHigh > *writeLow * 1.001;
}

bool ThroughputPrediction::readIsRange() const
{
    // Copies within 5 % of each other read as one: their difference is the measurements' own.
    return read && readLow && readHigh && *readHigh > *readLow * 1.05;
}

ThroughputPrediction predictThroughput(const ArraySpec& spec, const BaselineFn& baseline, const ModelContext& context)
{
    ModelWalk alone {baseline, {}, {}, {}, {}, nullptr, {}, &context, {}};
    const ThroughputPrediction unshared = predictNode(spec, context.stream, 1.0, 1.0, alone);
    if (!unshared.write) {
        return unshared;
    }
    // The disks the layout loads together may reach less than their own speeds: the walk again on the
    // speeds they reach together.
    const SharedSpeeds shared = sharedSpeeds(alone, baseline, context.together);
    const BaselineFn slowed = [&](const QString& disk) {
        auto speeds = baseline(disk);
        if (speeds) {
            speeds->first *= shared.writeFactor.value(disk, 1.0);
            speeds->second *= shared.readFactor.value(disk, 1.0);
        }
        return speeds;
    };
    const bool again = shared.any() || !alone.adaptiveReads.isEmpty();
    ModelWalk walk {shared.any() ? slowed : baseline, {}, {}, {}, {}, &context.together, {}, &context, {}};
    ThroughputPrediction prediction = again ? predictNode(spec, context.stream, 1.0, 1.0, walk) : unshared;
    if (!again) {
        walk.parity = alone.parity;
        walk.partialNote = alone.partialNote;
    }
    prediction.writeBound = walk.partialNote.isEmpty() ? QStringLiteral("disks") : QStringLiteral("partial-stripes");
    prediction.writeNote = walk.partialNote;
    prediction.readBound = QStringLiteral("disks");
    const QString skipNote = (again ? walk : alone).skipNote;
    prediction.readNote = skipNote;
    if (prediction.write && *prediction.write < *unshared.write * 0.999) {
        prediction.writeBound = QStringLiteral("shared");
        prediction.writeNote = walk.partialNote.isEmpty()
            ? shared.writeNote
            : QStringLiteral("%1; %2").arg(shared.writeNote, walk.partialNote);
    }
    if (prediction.read && unshared.read && *prediction.read < *unshared.read * 0.999) {
        prediction.readBound = QStringLiteral("shared");
        prediction.readNote = skipNote.isEmpty() || shared.readNote.isEmpty()
            ? shared.readNote
            : QStringLiteral("%1; %2").arg(shared.readNote, skipNote);
        for (const DisksTogether& group : context.together) {
            if (!prediction.readNote.isEmpty() && prediction.readNote != skipNote) {
                break;
            }
            // Reads that go wherever a copy is idle meet the ceiling of the disks they use most.
            if (group.limited(false) && group.readBw) {
                for (const QString& disk : group.disks) {
                    if (alone.readShare.value(disk) > 0) {
                        prediction.readNote = QStringLiteral("a shared ceiling: %1 reads %2 together")
                                                  .arg(group.name(), Units::formatMBps(*group.readBw));
                        break;
                    }
                }
            }
        }
    }
    if (prediction.readIsRange()) {
        const QString mirrors =
            QStringLiteral("a run reads its stream from one copy of each mirror, the one md "
                           "picks for its first read, and mostly stays on it: from %1 to %2 a run")
                .arg(Units::formatMBps(*prediction.readLow), Units::formatMBps(*prediction.readHigh));
        prediction.readNote =
            prediction.readNote.isEmpty() ? mirrors : QStringLiteral("%1; %2").arg(prediction.readNote, mirrors);
    }
    // The CPU: md's threads and the machine's cores bound the figure and each end of its band, each on
    // md's work there (less where it gathers more).
    const std::optional<CpuBound> bound = cpuBound(walk.parity, context, &ParityLoad::work);
    if (!bound) {
        return withRange(prediction);
    }
    prediction.writeLow =
        std::min(*prediction.writeLow, cpuBound(walk.parity, context, &ParityLoad::workLow)->bytesPerSecond);
    prediction.writeHigh =
        std::min(*prediction.writeHigh, cpuBound(walk.parity, context, &ParityLoad::workHigh)->bytesPerSecond);
    if (bound->bytesPerSecond < *prediction.write) {
        prediction.write = bound->bytesPerSecond;
        prediction.writeBound = QStringLiteral("cpu");
        prediction.writeNote = cpuNote(walk.parity, context, bound->machine);
    }
    return withRange(prediction);
}

std::optional<double> parityThreadWork(const ArraySpec& spec)
{
    const BaselineFn unit = [](const QString&) { return std::optional<std::pair<double, double>>({1.0, 1.0}); };
    ModelWalk walk {unit, {}, {}, {}, {}, nullptr, {}, nullptr, {}};
    predictNode(spec, {}, 1.0, 1.0, walk);
    if (walk.parity.isEmpty()) {
        return std::nullopt;
    }
    double work = 0;
    for (const ParityLoad& load : std::as_const(walk.parity)) {
        work += load.share * load.work;
    }
    return work;
}

} // namespace RaidBench

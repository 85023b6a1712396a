#include "layout/stripes.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace RaidBench {

namespace {

constexpr std::uint64_t page = 4096;
constexpr std::uint64_t maxMdChunk = 2ull << 30;
/// Rows of stripes the write-cost model walks at most: the pattern of pieces over stripes repeats
/// every lcm(piece, stripe) bytes, and 64 rows of it say all the model needs.
constexpr std::uint64_t maxRows = 64;

bool powerOfTwo(std::uint64_t value)
{
    return value && (value & (value - 1)) == 0;
}

/// "512 KiB", "1 MiB", "1536 KiB": sizes as people write chunk sizes.
QString sizeText(std::uint64_t bytes)
{
    if (bytes >= (1u << 20) && bytes % (1u << 20) == 0) {
        return QStringLiteral("%1 MiB").arg(bytes >> 20);
    }
    if (bytes % 1024 == 0) {
        return QStringLiteral("%1 KiB").arg(bytes >> 10);
    }
    return QStringLiteral("%1 bytes").arg(bytes);
}

QList<const ArraySpec*> parityChildren(const ArraySpec& node)
{
    QList<const ArraySpec*> legs;
    for (const ArraySpec& child : node.children) {
        if (!child.isLeaf() && isParityLevel(child.level)) {
            legs.append(&child);
        }
    }
    return legs;
}

/// "2 data disks x 512 KiB" for one leg, or "3 MiB, a multiple of every leg's" for legs that differ.
QString legStripeText(const ArraySpec& node)
{
    const QList<const ArraySpec*> legs = parityChildren(node);
    QList<std::uint64_t> stripes;
    for (const ArraySpec* leg : legs) {
        if (!stripes.contains(fullStripeBytes(*leg))) {
            stripes.append(fullStripeBytes(*leg));
        }
    }
    if (stripes.size() == 1) {
        const ArraySpec& leg = *legs.first();
        return QStringLiteral("the legs' full stripe of %1 (%2 data disks x %3)")
            .arg(sizeText(stripes.first()))
            .arg(dataMembers(leg))
            .arg(sizeText(effectiveChunk(leg)));
    }
    QStringList texts;
    for (std::uint64_t stripe : stripes) {
        texts.append(sizeText(stripe));
    }
    return QStringLiteral("a multiple of every leg's full stripe (%1): %2")
        .arg(texts.join(QStringLiteral(", ")), sizeText(legStripeMultiple(node)));
}

} // namespace

bool isParityLevel(ArrayLevel level)
{
    return level == ArrayLevel::Raid4 || level == ArrayLevel::Raid5 || level == ArrayLevel::Raid6;
}

int parityMembers(const ArraySpec& node)
{
    if (node.isLeaf() || !isParityLevel(node.level)) {
        return 0;
    }
    return node.level == ArrayLevel::Raid6 ? 2 : 1;
}

int dataMembers(const ArraySpec& node)
{
    if (node.isLeaf() || !isParityLevel(node.level)) {
        return 0;
    }
    return std::max(0, int(node.activeChildren().size()) - parityMembers(node));
}

std::uint64_t effectiveChunk(const ArraySpec& node)
{
    if (node.isLeaf() || !levelIsMd(node.level) || node.level == ArrayLevel::Raid1 ||
        node.level == ArrayLevel::Linear) {
        return 0;
    }
    if (node.chunkBytes) {
        return node.chunkBytes;
    }
    if (node.level == ArrayLevel::Raid0) {
        if (const auto aligned = alignedTopChunk(node)) {
            return *aligned;
        }
    }
    return defaultMdChunk;
}

std::uint64_t effectiveStripeSize(const ArraySpec& node)
{
    if (node.level != ArrayLevel::LvmStripe) {
        return 0;
    }
    if (node.stripeBytes) {
        return node.stripeBytes;
    }
    return alignedTopChunk(node).value_or(defaultLvmStripe);
}

std::uint64_t fullStripeBytes(const ArraySpec& node)
{
    return std::uint64_t(dataMembers(node)) * effectiveChunk(node);
}

std::uint64_t legStripeMultiple(const ArraySpec& node)
{
    std::uint64_t multiple = 0;
    for (const ArraySpec* leg : parityChildren(node)) {
        const std::uint64_t stripe = fullStripeBytes(*leg);
        if (stripe == 0) {
            continue;
        }
        multiple = multiple ? std::lcm(multiple, stripe) : stripe;
        if (multiple > maxMdChunk) {
            return multiple;
        }
    }
    return multiple;
}

std::optional<std::uint64_t> alignedTopChunk(const ArraySpec& node)
{
    if (node.isLeaf() || (node.level != ArrayLevel::Raid0 && node.level != ArrayLevel::LvmStripe)) {
        return std::nullopt;
    }
    const std::uint64_t multiple = legStripeMultiple(node);
    if (multiple == 0 || multiple % page != 0) {
        return std::nullopt;
    }
    const std::uint64_t chunk = multiple * ((defaultMdChunk + multiple - 1) / multiple);
    if (node.level == ArrayLevel::LvmStripe) {
        if (!powerOfTwo(multiple)) {
            return std::nullopt; // no power of two is a multiple of 3 x 512 KiB
        }
        return chunk <= maxLvmStripe ? std::optional<std::uint64_t>(chunk) : std::nullopt;
    }
    return chunk <= maxMdChunk ? std::optional<std::uint64_t>(chunk) : std::nullopt;
}

ArraySpec withResolvedChunks(ArraySpec spec)
{
    for (ArraySpec& child : spec.children) {
        child = withResolvedChunks(child);
    }
    if (spec.level == ArrayLevel::Raid0 && !spec.chunkBytes) {
        if (const auto aligned = alignedTopChunk(spec)) {
            spec.chunkBytes = *aligned;
        }
    } else if (spec.level == ArrayLevel::LvmStripe && !spec.stripeBytes) {
        if (const auto aligned = alignedTopChunk(spec)) {
            spec.stripeBytes = *aligned;
        }
    }
    return spec;
}

QString partialStripeWarning(const ArraySpec& node)
{
    if (node.isLeaf() || (node.level != ArrayLevel::Raid0 && node.level != ArrayLevel::LvmStripe)) {
        return {};
    }
    const std::uint64_t multiple = legStripeMultiple(node);
    if (multiple == 0) {
        return {};
    }
    const bool lvm = node.level == ArrayLevel::LvmStripe;
    const std::uint64_t chunk = lvm ? effectiveStripeSize(node) : effectiveChunk(node);
    if (chunk % multiple == 0) {
        return {};
    }
    const std::optional<std::uint64_t> aligned = alignedTopChunk(node);
    if (lvm && !aligned) {
        const std::uint64_t mdChunk = multiple * ((defaultMdChunk + multiple - 1) / multiple);
        if (powerOfTwo(multiple)) {
            return QStringLiteral("every write to a leg is a partial stripe: expect about half the write speed. LVM "
                                  "stripe sizes go up to %1, below %2; use smaller chunks in the legs, or md RAID0 "
                                  "on top with a %3 chunk")
                .arg(sizeText(maxLvmStripe), legStripeText(node), sizeText(mdChunk));
        }
        return QStringLiteral("every write to a leg is a partial stripe: expect about half the write speed. LVM "
                              "stripe sizes are powers of two and none is a multiple of %1; use legs with 2 or 4 "
                              "data disks, or md RAID0 on top with a %2 chunk")
            .arg(legStripeText(node), sizeText(mdChunk));
    }
    return QStringLiteral("every write to a leg is a partial stripe: expect about half the write speed. The %1 %2 is "
                          "not a multiple of %3; use a %4 %5")
        .arg(sizeText(chunk), lvm ? QStringLiteral("LVM stripe size") : QStringLiteral("RAID0 chunk"),
             legStripeText(node), sizeText(aligned.value_or(multiple)),
             lvm ? QStringLiteral("stripe size") : QStringLiteral("top chunk"));
}

WriteStream childStream(const ArraySpec& node, const WriteStream& stream)
{
    if (node.level != ArrayLevel::Raid0 && node.level != ArrayLevel::LvmStripe) {
        return stream; // a mirror or a linear array passes each write on whole
    }
    const std::uint64_t chunk = node.level == ArrayLevel::LvmStripe ? effectiveStripeSize(node) : effectiveChunk(node);
    const qsizetype members = std::max<qsizetype>(1, node.activeChildren().size());
    if (chunk == 0 || stream.pieceBytes == 0) {
        return stream;
    }
    WriteStream child;
    child.pieceBytes = std::min(stream.pieceBytes, chunk);
    // The bytes in flight spread evenly over the members, in pieces of at most a chunk.
    const double inFlightBytes = double(stream.inFlight) * double(stream.pieceBytes);
    child.inFlight = std::max(1, int(std::lround(inFlightBytes / (double(child.pieceBytes) * double(members)))));
    // A member that falls behind holds all of them (the lab's RAID60 legs read for partial stripes
    // with a stripe cache that held their even share): each write above puts at most this many pieces
    // on one member.
    const std::uint64_t perWrite = std::max<std::uint64_t>(
        1, (stream.pieceBytes + chunk * std::uint64_t(members) - 1) / (chunk * std::uint64_t(members)));
    child.mostInFlight = std::max(child.inFlight, stream.most() * int(perWrite));
    return child;
}

double ParityWriteCost::threadWork(double speedFactor) const
{
    const double total = fullWrites / std::max(0.01, speedFactor);
    const double floorTotal = floorWrites + floorReads;
    const double towardFloor =
        floorTotal > fullWrites ? std::clamp((total - fullWrites) / (floorTotal - fullWrites), 0.0, 1.0) : 0.0;
    return fullWrites + towardFloor * (floorWrites - fullWrites) + towardFloor * floorReads * mdReadWork;
}

namespace {

/// The page work of md's stripe heads under writes of `piece` bytes, over one period of the pattern
/// of writes over stripes: as full stripes, and as md does it (writes, and the reads before them).
struct HeadWork
{
    double full = 0;
    double write = 0;
    double read = 0;
};

HeadWork walkHeads(std::uint64_t d, std::uint64_t p, std::uint64_t chunk, std::uint64_t piece)
{
    const std::uint64_t stripe = d * chunk;
    const std::uint64_t pagesPerChunk = chunk / page;
    const std::uint64_t period = std::lcm(piece, stripe);
    const std::uint64_t rows = std::min(maxRows, period / stripe);
    // Within a chunk the pattern changes only where a write begins: at multiples of gcd(piece, chunk).
    std::uint64_t step = std::max<std::uint64_t>(1, std::gcd(piece, chunk) / page);
    step = std::max(step, pagesPerChunk / 4096); // a sample of the heads of huge chunks is enough
    HeadWork work;
    for (std::uint64_t row = 0; row < rows; ++row) {
        for (std::uint64_t offset = 0; offset < pagesPerChunk; offset += step) {
            const double heads = double(std::min(step, pagesPerChunk - offset));
            QList<std::pair<std::uint64_t, std::uint64_t>> pages; // write index -> pages it fills here
            for (std::uint64_t k = 0; k < d; ++k) {
                const std::uint64_t at = row * stripe + k * chunk + offset * page;
                const std::uint64_t write = at / piece;
                auto it = std::find_if(pages.begin(), pages.end(), [&](const auto& e) { return e.first == write; });
                if (it == pages.end()) {
                    pages.append({write, 1});
                } else {
                    ++it->second;
                }
            }
            work.full += heads * double(d + p);
            if (pages.size() == 1) {
                work.write += heads * double(d + p);
                continue;
            }
            for (const auto& [write, j] : pages) {
                work.write += heads * double(j + p);
                work.read += heads * double(std::min(d - j, j + p));
            }
        }
    }
    return work;
}

} // namespace

ParityWriteCost parityWriteCost(const ArraySpec& node, const WriteStream& stream)
{
    ParityWriteCost cost;
    cost.stripeCache = node.stripeCachePages > 0 ? node.stripeCachePages : defaultStripeCache;
    const std::uint64_t d = std::uint64_t(dataMembers(node));
    const std::uint64_t p = std::uint64_t(parityMembers(node));
    const std::uint64_t chunk = effectiveChunk(node);
    const std::uint64_t piece = stream.pieceBytes;
    cost.fullWrites = d > 0 ? double(d + p) / double(d) : 1.0;
    cost.floorWrites = cost.fullWrites;
    if (d == 0 || chunk < page || piece < page || piece % page != 0) {
        cost.fullStripes = true;
        return cost;
    }
    const std::uint64_t stripe = d * chunk;
    const std::uint64_t pagesPerChunk = chunk / page;
    // The stripes the writes touch, with as many waiting here as the stream above can pile on it.
    const auto rowsInFlight = (std::uint64_t(std::max(1, stream.most())) * piece + stripe - 1) / stripe;
    cost.stripeCacheNeeded = int(std::min<std::uint64_t>(maxStripeCache * 2ull, rowsInFlight * pagesPerChunk));
    if (piece % stripe == 0) {
        cost.fullStripes = true;
        cost.explanation = QStringLiteral("every write of %1 fills whole stripes of %2: md writes data and parity "
                                          "and reads nothing")
                               .arg(sizeText(piece), sizeText(stripe));
        return cost;
    }
    cost.straddles = stripe % piece != 0;
    // md keeps a stripe as one page of every member ("stripe head"). Walk the heads of as many rows
    // as the pattern of writes over stripes takes to repeat: a head whose data pages one write fills
    // costs n page writes; otherwise each write that touches it costs its pages plus the parity, and
    // the reads md needs first, reading old data and parity or the rest of the stripe, whichever is
    // fewer pages (read-modify-write or reconstruct-write).
    const HeadWork heads = walkHeads(d, p, chunk, piece);
    const double fullWork = heads.full;
    const double writeWork = heads.write;
    const double readWork = heads.read;
    const double work = writeWork + readWork;
    cost.floorFactor = work > 0 ? fullWork / work : 1.0;
    const double dataPages = fullWork / double(d + p) * double(d);
    if (dataPages > 0) {
        cost.floorWrites = writeWork / dataPages;
        cost.floorReads = readWork / dataPages;
    }
    // md gathers a stripe's pieces only when more arrive while it works on the first: two stripes' worth
    // in flight (with one, the 24-disk lab's RAID60 legs read for every stripe).
    const bool wholeRowInFlight = std::uint64_t(std::max(1, stream.inFlight)) * piece >= 2 * stripe;
    cost.gathered = !cost.straddles && wholeRowInFlight && cost.stripeCache >= cost.stripeCacheNeeded;
    if (cost.gathered) {
        cost.factor = 1;
        cost.explanation = QStringLiteral("writes of %1 fill a stripe of %2 only together, and md gathers them in its "
                                          "stripe cache (%3 stripes, %4 needed for %5 writes in flight)")
                               .arg(sizeText(piece), sizeText(stripe))
                               .arg(cost.stripeCache)
                               .arg(cost.stripeCacheNeeded)
                               .arg(stream.most());
        return cost;
    }
    // Measured in the lab (docs/analysis.md): with several writes in flight md still gathers some
    // stripes, about half of the way from the floor to full stripes, whether or not the writes cross
    // stripe boundaries (0.24-0.72 of the way over eleven shapes, 0.5 on average), and one write alone
    // not at all. How many it gathers depends on when the writes arrive, so the figure is a band: a
    // fifth either side of it, inside the floor and full speed, which held every measurement.
    cost.factor = stream.inFlight <= 1 ? cost.floorFactor : (1 + cost.floorFactor) / 2;
    const bool doubt = stream.inFlight > 1;
    cost.lowFactor = doubt ? std::max(cost.floorFactor, cost.factor * (1 - gatherBand)) : cost.factor;
    cost.highFactor = doubt ? std::min(1.0, cost.factor * (1 + gatherBand)) : cost.factor;
    const QString why = cost.straddles
        ? QStringLiteral("the writes cross stripe boundaries, so md cannot gather them all")
        : !wholeRowInFlight ? QStringLiteral("too few writes are in flight to fill a stripe together")
                            : QStringLiteral("md's stripe cache of %1 stripes cannot gather them (%2 needed)")
                                  .arg(cost.stripeCache)
                                  .arg(cost.stripeCacheNeeded);
    cost.explanation = QStringLiteral("every write of %1 is a partial stripe of %2: md reads old data or parity "
                                      "before it writes, %3 % of the disks' work going to data; %4")
                           .arg(sizeText(piece), sizeText(stripe))
                           .arg(qRound(cost.floorFactor * 100))
                           .arg(why);
    return cost;
}

} // namespace RaidBench

#include "campaign/analysis.h"

#include "layout/arrayanalysis.h"
#include "util/units.h"

#include <algorithm>

namespace RaidBench {

namespace {

constexpr double slowThreshold = 0.75;

/// The median disk's value: the middle one, or the upper of the two middle ones, so the reference is
/// always a real disk's speed (users compare with "one disk").
std::optional<double> medianOf(QList<double> values)
{
    if (values.isEmpty()) {
        return std::nullopt;
    }
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

int raid10Copies(const QString& layout)
{
    return layout.size() == 2 && layout.at(1).isDigit() ? layout.at(1).digitValue() : 2;
}

} // namespace

ThroughputPrediction
predictThroughput(const ArraySpec& spec,
                  const std::function<std::optional<std::pair<double, double>>(const QString&)>& baseline)
{
    ThroughputPrediction prediction;
    if (spec.isLeaf()) {
        if (const auto speeds = baseline(spec.device)) {
            prediction.write = speeds->first;
            prediction.read = speeds->second;
        }
        return prediction;
    }
    QList<double> writes;
    QList<double> reads;
    for (const ArraySpec& child : spec.activeChildren()) {
        const ThroughputPrediction member = predictThroughput(child, baseline);
        if (!member.write || !member.read) {
            return {};
        }
        writes.append(*member.write);
        reads.append(*member.read);
    }
    if (writes.isEmpty()) {
        return {};
    }
    const double n = double(writes.size());
    const double slowestWrite = *std::min_element(writes.begin(), writes.end());
    const double slowestRead = *std::min_element(reads.begin(), reads.end());
    switch (spec.level) {
    case ArrayLevel::Raid0:
    case ArrayLevel::LvmStripe:
        // Equal chunks on every member: the slowest sets the pace of the whole stripe.
        prediction.write = n * slowestWrite;
        prediction.read = n * slowestRead;
        break;
    case ArrayLevel::Linear:
        prediction.write = writes.first();
        prediction.read = reads.first();
        break;
    case ArrayLevel::Raid1:
        // Every write goes to every mirror. md keeps one sequential read stream on one mirror (it
        // follows the head), and which one is md's choice: the slowest is what can be counted on
        // (measured in the lab: a mirror of 105, 105, 38 and 38 MB/s disks read at 38).
        prediction.write = slowestWrite;
        prediction.read = slowestRead;
        break;
    case ArrayLevel::Raid4:
        // The parity disk holds no data: reads come from the n-1 others.
        prediction.write = (n - 1) * slowestWrite;
        prediction.read = (n - 1) * slowestRead;
        break;
    case ArrayLevel::Raid5:
    case ArrayLevel::Raid6: {
        // Writes carry one (two) chunks of parity per stripe. Reads skip the parity chunks, which
        // rotate over all members, so every member streams data: n x the slowest (on a disk whose
        // head must pass over the skipped chunk, as a hard disk's does, a little less).
        const double parity = spec.level == ArrayLevel::Raid5 ? 1.0 : 2.0;
        prediction.write = std::max(1.0, n - parity) * slowestWrite;
        prediction.read = n * slowestRead;
        break;
    }
    case ArrayLevel::Raid10: {
        const QString layout = spec.layout.isEmpty() ? QStringLiteral("n2") : spec.layout;
        const int copies = int(std::min(double(raid10Copies(layout)), n));
        prediction.write = n / double(copies) * slowestWrite;
        const int members = int(n);
        if (layout.startsWith(QLatin1Char('n')) && copies > 1 && members % copies == 0) {
            // Near copies on `copies` neighbouring members form a set; md balances a read stream over
            // a set's members (each at its own speed) and stripes the sets like raid0, so the slowest
            // set sets the pace: measured 286 MB/s for sets of a 105 and a 38 MB/s disk, 152 for sets
            // of two 105s and two 38s.
            double slowestSet = 0;
            for (int first = 0; first < members; first += copies) {
                double set = 0;
                for (int i = first; i < first + copies; ++i) {
                    set += reads.at(i);
                }
                slowestSet = first == 0 ? set : std::min(slowestSet, set);
            }
            prediction.read = double(members / copies) * slowestSet;
        } else {
            // Far and offset layouts read like raid0 over every member; near copies that do not
            // divide the members rotate over all of them.
            prediction.read = n * slowestRead;
        }
        break;
    }
    case ArrayLevel::Disk:
        break;
    }
    return prediction;
}

std::pair<std::optional<double>, std::optional<double>> baselineMedians(const CampaignResults& results)
{
    QList<double> writes;
    QList<double> reads;
    for (const DiskResult& disk : results.disks) {
        if (disk.writeBw) {
            writes.append(*disk.writeBw);
        }
        if (disk.readBw) {
            reads.append(*disk.readBw);
        }
    }
    return {medianOf(writes), medianOf(reads)};
}

const DiskResult* slowestDisk(const CampaignResults& results)
{
    const DiskResult* slowest = nullptr;
    for (const DiskResult& disk : results.disks) {
        if (disk.writeBw && (!slowest || *disk.writeBw < *slowest->writeBw)) {
            slowest = &disk;
        }
    }
    return slowest;
}

std::function<std::optional<std::pair<double, double>>(const QString&)> baselineLookup(const CampaignResults& results)
{
    return [&results](const QString& device) -> std::optional<std::pair<double, double>> {
        const DiskResult* disk = results.disk(device);
        if (!disk || !disk->writeBw || !disk->readBw) {
            return std::nullopt;
        }
        return std::pair {*disk->writeBw, *disk->readBw};
    };
}

ArraySpec sizedSpec(ArraySpec spec, const CampaignResults& results)
{
    std::function<void(ArraySpec&)> fill = [&](ArraySpec& node) {
        if (node.isLeaf()) {
            if (const DiskResult* disk = results.disk(node.device)) {
                node.sizeBytes = node.sizeBytes ? node.sizeBytes : disk->sizeBytes;
                node.controller = node.controller.isEmpty() ? disk->controller : node.controller;
            }
            return;
        }
        for (ArraySpec& child : node.children) {
            fill(child);
        }
    };
    fill(spec);
    return spec;
}

void flagSlowDisks(CampaignResults& results, const QString& median)
{
    const auto [medianWrite, medianRead] = baselineMedians(results);
    for (DiskResult& disk : results.disks) {
        disk.slow = false;
        disk.slowReason.clear();
        QStringList why;
        if (disk.writeBw && medianWrite && *disk.writeBw < slowThreshold * *medianWrite) {
            why.append(QStringLiteral("%1 write, %2 % of the %3 (%4)")
                           .arg(Units::formatMBps(*disk.writeBw))
                           .arg(qRound(100.0 * *disk.writeBw / *medianWrite))
                           .arg(median, Units::formatMBps(*medianWrite)));
        }
        if (disk.readBw && medianRead && *disk.readBw < slowThreshold * *medianRead) {
            why.append(QStringLiteral("%1 read, %2 % of the %3 (%4)")
                           .arg(Units::formatMBps(*disk.readBw))
                           .arg(qRound(100.0 * *disk.readBw / *medianRead))
                           .arg(median, Units::formatMBps(*medianRead)));
        }
        if (!why.isEmpty()) {
            disk.slow = true;
            disk.slowReason = why.join(QStringLiteral("; "));
        }
    }
}

void analyzeResults(CampaignResults& results)
{
    // The disks of many machines are judged against the fleet's median (compareResults()).
    flagSlowDisks(results,
                  results.comparedHosts.isEmpty() ? QStringLiteral("pool median") : QStringLiteral("fleet median"));
    const auto [medianWrite, medianRead] = baselineMedians(results);
    const auto baselineOf = baselineLookup(results);
    for (ConfigResult& config : results.configs) {
        const ArraySpec sized = sizedSpec(config.spec, results);
        const ArrayFigures figures = analyzeSpec(sized);
        config.usableBytes = figures.usableBytes.value_or(0);
        config.rawBytes = figures.rawBytes;
        config.spacePct = figures.spacePct;
        config.failuresGuaranteed = figures.failuresGuaranteed;
        config.failuresBestCase = figures.failuresBestCase;
        config.controllerFailureSurvived = figures.controllersKnown && figures.controllerCount > 0
            ? std::optional<bool>(figures.survivesControllerLoss)
            : std::nullopt;
        const ThroughputPrediction prediction = predictThroughput(sized, baselineOf);
        config.predictedWrite = prediction.write;
        config.predictedRead = prediction.read;
        const auto write = config.sequentialWrite();
        const auto read = config.sequentialRead();
        config.measuredOverPredicted = write && prediction.write && *prediction.write > 0
            ? std::optional<double>(*write / *prediction.write)
            : std::nullopt;
        config.measuredOverPredictedRead = read && prediction.read && *prediction.read > 0
            ? std::optional<double>(*read / *prediction.read)
            : std::nullopt;
        config.relativeWritePct =
            write && medianWrite ? std::optional<double>(100.0 * *write / *medianWrite) : std::nullopt;
        config.relativeReadPct = read && medianRead ? std::optional<double>(100.0 * *read / *medianRead) : std::nullopt;
        config.weakestLink.clear();
        const DiskResult* slowest = nullptr;
        for (const QString& device : sized.leafDevices()) {
            const DiskResult* disk = results.disk(device);
            if (!disk) {
                continue;
            }
            if (disk->slow) {
                config.weakestLink.append(QStringLiteral("%1, slow: %2 write, %3 read")
                                              .arg(disk->label(), Units::formatMBps(disk->writeBw.value_or(0)),
                                                   Units::formatMBps(disk->readBw.value_or(0))));
            }
            if (disk->writeBw && (!slowest || *disk->writeBw < *slowest->writeBw)) {
                slowest = disk;
            }
        }
        if (config.weakestLink.isEmpty() && slowest && sized.leafDevices().size() > 1) {
            config.weakestLink.append(QStringLiteral("%1: slowest member, %2 write")
                                          .arg(slowest->label(), Units::formatMBps(*slowest->writeBw)));
        }
    }
}

} // namespace RaidBench

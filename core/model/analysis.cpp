#include "model/analysis.h"

#include "layout/arrayanalysis.h"
#include "model/randommodel.h"
#include "util/statistics.h"
#include "util/units.h"

#include <QCoreApplication>

#include <algorithm>

namespace RaidBench {

namespace {

constexpr double slowThreshold = 0.75;

} // namespace

const DiskResult* medianDisk(const CampaignResults& results, bool write)
{
    QList<const DiskResult*> measured;
    for (const DiskResult& disk : results.disks) {
        if (write ? disk.writeBw.has_value() : disk.readBw.has_value()) {
            measured.append(&disk);
        }
    }
    if (measured.isEmpty()) {
        return nullptr;
    }
    std::stable_sort(measured.begin(), measured.end(), [write](const DiskResult* a, const DiskResult* b) {
        return write ? *a->writeBw < *b->writeBw : *a->readBw < *b->readBw;
    });
    return measured.at(measured.size() / 2);
}

std::pair<std::optional<double>, std::optional<double>> baselineMedians(const CampaignResults& results)
{
    const DiskResult* writer = medianDisk(results, true);
    const DiskResult* reader = medianDisk(results, false);
    return {writer ? writer->writeBw : std::nullopt, reader ? reader->readBw : std::nullopt};
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

std::function<const DiskAccess*(const QString&)> accessLookup(const CampaignResults& results)
{
    return [&results](const QString& device) -> const DiskAccess* {
        const DiskResult* disk = results.disk(device);
        return disk ? &disk->access : nullptr;
    };
}

RandomCeiling randomCeiling(const CampaignResults& results)
{
    RandomCeiling ceiling;
    for (const bool write : {false, true}) {
        double sum = 0;
        bool every = !results.disks.isEmpty();
        for (const DiskResult& disk : results.disks) {
            const std::optional<double>& figure = write ? disk.access.randWriteTogether : disk.access.randReadTogether;
            every = every && figure;
            sum += figure.value_or(0);
        }
        (write ? ceiling.writeIops : ceiling.readIops) = every ? std::optional<double>(sum) : std::nullopt;
    }
    return ceiling;
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

QString slowDiskReason(const CampaignResults& results, const DiskResult& disk, Audience audience)
{
    auto say = [audience](const char* english) { return phrase(audience, "SlowDisk", english); };
    const QString median = results.comparedHosts.isEmpty() ? say(QT_TRANSLATE_NOOP("SlowDisk", "median disk"))
                                                           : say(QT_TRANSLATE_NOOP("SlowDisk", "fleet's median disk"));
    const auto [medianWrite, medianRead] = baselineMedians(results);
    QStringList why;
    if (disk.writeBw && medianWrite && *disk.writeBw < slowThreshold * *medianWrite) {
        why.append(say(QT_TRANSLATE_NOOP("SlowDisk", "%1 write, %2 % of the %3 (%4 at %5)"))
                       .arg(formatMBps(audience, *disk.writeBw))
                       .arg(qRound(100.0 * *disk.writeBw / *medianWrite))
                       .arg(median, medianDisk(results, true)->shortName(), formatMBps(audience, *medianWrite)));
    }
    if (disk.readBw && medianRead && *disk.readBw < slowThreshold * *medianRead) {
        why.append(say(QT_TRANSLATE_NOOP("SlowDisk", "%1 read, %2 % of the %3 (%4 at %5)"))
                       .arg(formatMBps(audience, *disk.readBw))
                       .arg(qRound(100.0 * *disk.readBw / *medianRead))
                       .arg(median, medianDisk(results, false)->shortName(), formatMBps(audience, *medianRead)));
    }
    return why.join(QStringLiteral("; "));
}

void flagSlowDisks(CampaignResults& results)
{
    // Every reason first: medianDisk() points into the disks the second loop writes.
    QStringList reasons;
    for (const DiskResult& disk : std::as_const(results.disks)) {
        reasons.append(slowDiskReason(results, disk));
    }
    for (qsizetype i = 0; i < results.disks.size(); ++i) {
        results.disks[i].slowReason = reasons.at(i);
        results.disks[i].slow = !reasons.at(i).isEmpty();
    }
}

CampaignResults analysed(CampaignResults results)
{
    analyzeResults(results);
    return results;
}

Result<CampaignResults> loadAnalysed(const QString& path)
{
    auto loaded = CampaignResults::load(path);
    if (!loaded) {
        return loaded;
    }
    return analysed(std::move(*loaded));
}

void analyzeResults(CampaignResults& results)
{
    // The disks of many machines are judged against the fleet's median (compareResults()).
    flagSlowDisks(results);
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
        // md's parity rates come from the other layouts of the run, never from this one's own figures.
        const ThroughputPrediction prediction =
            predictThroughput(sized, baselineOf, modelContext(results, config.name));
        config.predictedWrite = prediction.write;
        config.predictedWriteRange = prediction.writeIsRange()
            ? std::optional<std::pair<double, double>>({*prediction.writeLow, *prediction.writeHigh})
            : std::nullopt;
        config.predictedRead = prediction.read;
        config.predictedReadRange = prediction.readIsRange()
            ? std::optional<std::pair<double, double>>({*prediction.readLow, *prediction.readHigh})
            : std::nullopt;
        config.predictedWriteBound = prediction.writeBound;
        config.predictedWriteNote = prediction.writeNote;
        config.predictedReadBound = prediction.readBound;
        config.predictedReadNote = prediction.readNote;
        const RandomPrediction random = predictRandom(sized, accessLookup(results), randomCeiling(results));
        config.predictedRandomRead = random.readIops;
        config.predictedRandomWrite = random.writeIops;
        config.predictedRandomNote = random.writeIops ? random.note : QString();
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

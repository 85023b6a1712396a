#pragma once

#include "layout/arrayspec.h"
#include "model/randommodel.h"
#include "model/throughputmodel.h"
#include "results/campaignresults.h"
#include "util/translation.h"

#include <functional>
#include <optional>

namespace RaidBench {

/// Each disk's own (write, read) bytes/s by its results path, for predictThroughput(); null for a disk
/// not measured on its own. The lookup refers to `results`, which must outlive it.
std::function<std::optional<std::pair<double, double>>(const QString&)> baselineLookup(const CampaignResults& results);

/// Each disk's access patterns by its results path, for predictRandom(); null for a disk not in the
/// results. The lookup refers to `results`, which must outlive it.
std::function<const DiskAccess*(const QString&)> accessLookup(const CampaignResults& results);

/// What the results' disks managed at random together at QD32, in all; none where a disk was not
/// measured so (one disk, or the patterns left out).
RandomCeiling randomCeiling(const CampaignResults& results);

/// `spec` with each leaf's size and controller filled from the results' disks where the tree lacks them.
ArraySpec sizedSpec(ArraySpec spec, const CampaignResults& results);

/// Fills the analysis of `results`: slow disks (below 75 % of the median disk's speed, write or read),
/// each configuration's figures, prediction, measured/predicted for writes and reads, % of one disk (the
/// median disk) and weakest link.
void analyzeResults(CampaignResults& results);

/// `results` analysed, as a value: where results are made or loaded (a run's, a file's, the helper's),
/// so that what every reader gets is analysed once, with this version's model.
CampaignResults analysed(CampaignResults results);

/// A results file, analysed with this version's model: how every reader (window, CLI, exports) loads
/// one.
Result<CampaignResults> loadAnalysed(const QString& path);

/// Marks the disks below 75 % of the median disk's speed, write or read, as slow, with slowDiskReason()
/// for a file.
void flagSlowDisks(CampaignResults& results);

/// Why `disk` is slow, naming the disk it is measured against ("38.0 MB/s write, 36 % of the median disk
/// (sda at 105.0 MB/s)"; "fleet's median disk" for the disks of many hosts), or "" when it is not; in
/// words for `audience`.
QString slowDiskReason(const CampaignResults& results, const DiskResult& disk, Audience audience = Audience::File);

/// "One disk", the reference every "% of one disk" and the slow-disk rule use: the median disk, that is
/// the disks in order of their own write (or read) speed, the one in the middle; of an even count, the
/// faster of the two in the middle, so the reference is always a disk the user has. Null when no disk
/// was measured on its own.
const DiskResult* medianDisk(const CampaignResults& results, bool write);

/// The median disk's write and read speeds (medianDisk()).
std::pair<std::optional<double>, std::optional<double>> baselineMedians(const CampaignResults& results);

/// The disk with the slowest write baseline, or null when no disk was measured on its own.
const DiskResult* slowestDisk(const CampaignResults& results);

} // namespace RaidBench

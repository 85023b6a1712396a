#pragma once

#include "campaign/campaignresults.h"
#include "layout/arrayspec.h"

#include <functional>
#include <optional>

namespace RaidBench {

/// Sequential write and read bandwidth (bytes/s) a layout should give, from its members' baselines.
struct ThroughputPrediction
{
    std::optional<double> write;
    std::optional<double> read;
};

/// The throughput model (docs/analysis.md): raid0 and LVM striping n x the slowest member, raid1 the
/// slowest member, raid4/5 (n-1) x and raid6 (n-2) x the slowest, raid10 writes n/copies x and reads
/// n x the slowest, linear its first member; nested layouts compose, each child acting as a member at
/// its own predicted speed.
ThroughputPrediction
predictThroughput(const ArraySpec& spec,
                  const std::function<std::optional<std::pair<double, double>>(const QString&)>& baseline);

/// Fills the analysis of `results`: slow disks (below 75 % of the pool median, write or read), each
/// configuration's figures, prediction, measured/predicted, % of one disk (the median baseline) and
/// weakest link.
void analyzeResults(CampaignResults& results);

/// The pool medians of the baselines (write, read).
std::pair<std::optional<double>, std::optional<double>> baselineMedians(const CampaignResults& results);

} // namespace RaidBench

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

/// The throughput model (docs/analysis.md): raid0 and LVM striping n x the slowest member, raid1
/// writes at the slowest member and reads a sequential stream from one mirror, raid4/5 (n-1) x and
/// raid6 (n-2) x the slowest, raid10 n/copies x (far layouts read like raid0), linear its first
/// member; nested layouts compose, each child acting as a member at its own predicted speed.
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

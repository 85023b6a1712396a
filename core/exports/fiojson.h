#pragma once

#include "results/campaignresults.h"
#include "util/result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace RaidBench {

/// One test in the layout fio 3.33 writes with --output-format=json+: one job per run, each with its
/// `job options` (the run's equivalent fio command), `read`, `write`, `trim` and `sync` with fio's keys,
/// `clat_ns`/`lat_ns`/`slat_ns` with fio's percentiles and the engine's histogram as json+ `bins`,
/// `iodepth_level`, `usr_cpu`/`sys_cpu` and fio's latency distributions, so fio's own tools
/// (fio_jsonplus_clat2csv) and the tools built on its JSON read RaidBench's numbers.
/// `createdIso` is when the results were made (fio's `timestamp`).
QJsonObject testToFioJson(const ConfigResult& config, const TestResult& test, const QString& createdIso = {});
/// Writes one fio-style JSON file per configuration x test into `directory`; returns the count.
Result<int> exportFioJson(const CampaignResults& results, const QString& directory);
/// Adds the jobs of a fio --output-format=json or json+ file (several jobs, or one per group with
/// --group_reporting) as tests of configuration `configName` (created when absent), marked source "fio",
/// so fio's numbers sit beside RaidBench's. A job's options are its `global options` with its own on top.
Result<void> importFioJson(CampaignResults& results, const QByteArray& fioJson, const QString& configName);

} // namespace RaidBench

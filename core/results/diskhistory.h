#pragma once

#include "results/campaignresults.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace RaidBench {

/// One measurement of a disk on its own, from one results file.
struct DiskHistoryPoint
{
    QString file;
    QDateTime when; ///< the run's start (the file's time when it does not say)
    QString host;
    std::optional<double> writeBw;
    std::optional<double> readBw;
};

/// A disk's own speed across all kept results, oldest first: identified by serial number and model
/// (lab disks share serials across runs of different speeds; their models differ).
struct DiskHistory
{
    /// A drop from the first measurement above this is flagged.
    static constexpr double dropThreshold = 0.10;

    QString serial;
    QString model;
    QList<DiskHistoryPoint> points;
    /// The latest write and read against the first, in per cent (-36 is a 36 % drop).
    std::optional<double> writeChangePct;
    std::optional<double> readChangePct;
    bool dropped = false;
    QString dropNote; ///< "write 38.0 MB/s on 2026-12-01, 36 % below its first (59.2 MB/s on 2026-09-01)"

    /// The first and the latest point with a write (or read) figure; null when none has one.
    const DiskHistoryPoint* first(bool write) const;
    const DiskHistoryPoint* latest(bool write) const;

    QJsonObject toJson() const;
    QString toText() const;
};

/// Every disk with a serial number in `files` (path and results), each with its points in time order
/// and the drop flag.
QList<DiskHistory> diskHistories(const QList<std::pair<QString, CampaignResults>>& files);

/// The histories of a results folder: every readable results file in it (and the paths it could
/// not read, with why).
struct HistoryScan
{
    QList<DiskHistory> disks;
    QStringList unreadable;
};
HistoryScan scanHistory(const QString& folder);

/// The histories of the disk with `serial` (one per model it was seen as).
QList<DiskHistory> historiesOf(const HistoryScan& scan, const QString& serial);

} // namespace RaidBench

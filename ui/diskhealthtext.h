#pragma once

#include "disks/disk.h"

#include <QString>

namespace RaidBench::Ui {

/// How a disk's health and write cache read in the disks table, its tooltip and the details panel.
namespace DiskHealthText {

QString status(const Disk& disk); ///< "OK", "Failing", "No SMART", "Unknown", "" before it was read
QString temperature(const Disk& disk); ///< "41 °C" or ""
QString link(const Disk& disk); ///< "3.0 of 6.0 Gb/s" or "6.0 Gb/s"
QString cache(const Disk& disk); ///< "on", "off", "unknown"
/// "Could be slow: its link runs at ...; 12 interface CRC errors ..." or "".
QString causes(const Disk& disk);
/// The details panel's health section (HTML).
QString panel(const Disk& disk);

} // namespace DiskHealthText

} // namespace RaidBench::Ui

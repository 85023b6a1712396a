#pragma once

#include "plan/surfacescan.h"

#include <QString>
#include <QStringList>

namespace RaidBench {
struct CampaignResults;
}

namespace RaidBench::Cli {

struct SurfaceRequest
{
    QStringList disks; ///< empty: every usable disk
    SurfaceSpec spec;
    QString out; ///< results file; empty: a new one in the results folder
    bool allowLoop = false;
    bool json = false;
    bool quiet = false;
    bool viaHelper = false;
};

/// `raidbench-cli disks --surface`: reads each disk across its surface (read only) and prints MB/s
/// against position, with the slowest zone named; the results file holds `disks[].surface`.
int runSurfaceScan(const SurfaceRequest& request);

/// The text chart of every disk's surface in `results`: one bar per point.
QString surfaceText(const CampaignResults& results);

} // namespace RaidBench::Cli

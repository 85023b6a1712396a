#pragma once

#include "command.h"

#include <QString>

namespace RaidBench {
struct CampaignResults;
}

namespace RaidBench::Cli {

/// `raidbench-cli disks --surface [DISK...]`: reads each disk across its surface (read only) and
/// prints MB/s against position, with the slowest zone named; the results file holds
/// `disks[].surface`. A part of `disks` (DisksCommand), which hands it every argument but --surface.
class SurfaceCommand final : public Command
{
public:
    SurfaceCommand();
    int execute(const QStringList& arguments) override;
};

/// The text chart of every disk's surface in `results`: one bar per point.
QString surfaceText(const CampaignResults& results);

} // namespace RaidBench::Cli

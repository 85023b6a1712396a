#pragma once

#include <QStringList>

namespace RaidBench::Cli {

/// `raidbench-cli answer DISK... --recommend TEXT [--verify N]`: the disks measured alone and together,
/// every layout they allow predicted and ranked, only the best N built and measured.
int runAnswer(const QStringList& arguments);

} // namespace RaidBench::Cli

#pragma once

#include "system/commandrunner.h"

#include <QJsonObject>

namespace RaidBench {

/// The machine a campaign ran on: kernel, CPU, RAM, mdadm and LVM versions, RaidBench version, and
/// whether the disks were the virtual lab's.
QJsonObject collectHostInfo(CommandRunner& runner);

} // namespace RaidBench

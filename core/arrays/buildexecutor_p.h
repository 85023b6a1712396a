#pragma once

// Private to BuildExecutor: what buildexecutor.cpp and buildteardown.cpp share.

#include "arrays/buildplan.h"

#include <QList>
#include <QStringList>

namespace RaidBench {

/// The devices a build's own objects live on (md arrays, logical volumes, and PVs made of them).
QStringList objectDevices(const QList<BuildObject>& objects);

} // namespace RaidBench

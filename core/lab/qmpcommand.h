#pragma once

#include "util/result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace RaidBench {

/// One QMP command on qemu's monitor socket: connect, negotiate, send, read the answer (skipping
/// events). `command` is the whole JSON text of the command. Blocks at most `timeoutMs`. The lab uses it
/// for the guest's requests (unplug, plug); its tests to act on a running VM as a failing disk would.
Result<QJsonObject> qmpCommand(const QString& socketPath, const QByteArray& command, int timeoutMs);

} // namespace RaidBench

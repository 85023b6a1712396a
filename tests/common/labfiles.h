#pragma once

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

namespace RaidBench::Test {

/// The text of a file a lab test's script wrote into the folder it shares with the VM, or an empty
/// string when the script wrote none (a step that never ran).
inline QString readText(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

/// Writes a plan (or any JSON object) where the VM's script finds it; false when it could not.
inline bool writeJson(const QString& path, const QJsonObject& object)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(QJsonDocument(object).toJson()) > 0;
}

} // namespace RaidBench::Test

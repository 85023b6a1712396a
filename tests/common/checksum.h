#pragma once

#include <QByteArray>
#include <QCryptographicHash>
#include <QFile>
#include <QString>

namespace RaidBench::Test {

/// The SHA-256 of a file's bytes (hex), or empty when it cannot be read: a disk image or a file root
/// must leave as it was.
inline QByteArray fileChecksum(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return {};
    }
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(&file);
    return hash.result().toHex();
}

} // namespace RaidBench::Test

#pragma once

#include "disks/signatureprobe.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

namespace RaidBench::Test {

/// Builds a sysfs / proc / dev tree from a JSON description in tests/data/sysfs/ (device paths and
/// attributes as real machines have them) and replays the recorded libblkid results for its devices.
class SysfsFixture
{
public:
    explicit SysfsFixture(const QString& jsonPath)
    {
        QFile file(jsonPath);
        if (!m_dir.isValid() || !file.open(QIODevice::ReadOnly)) {
            return;
        }
        const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
        mkdir(QStringLiteral("sys/block"));
        mkdir(QStringLiteral("proc/self"));
        mkdir(QStringLiteral("dev/disk/by-id"));
        for (const auto& value : root.value(QStringLiteral("devices")).toArray()) {
            addDevice(value.toObject());
        }
        QStringList mountinfo;
        for (const auto& line : root.value(QStringLiteral("mountinfo")).toArray()) {
            mountinfo.append(line.toString());
        }
        write(QStringLiteral("proc/self/mountinfo"), mountinfo.join(QLatin1Char('\n')) + QLatin1Char('\n'));
        QStringList swaps;
        for (const auto& line : root.value(QStringLiteral("swaps")).toArray()) {
            swaps.append(line.toString());
        }
        write(QStringLiteral("proc/swaps"), swaps.join(QLatin1Char('\n')) + QLatin1Char('\n'));
        m_ok = true;
    }

    bool ok() const { return m_ok; }
    QString sys() const { return m_dir.filePath(QStringLiteral("sys")); }
    QString proc() const { return m_dir.filePath(QStringLiteral("proc")); }
    QString dev() const { return m_dir.filePath(QStringLiteral("dev")); }
    QString root() const { return m_dir.path(); }

    SignatureProbe probe() const
    {
        const auto recorded = m_signatures;
        return [recorded](const QString& path) {
            ProbeResult result;
            result.signatures = recorded.value(QFileInfo(path).fileName());
            return result;
        };
    }

private:
    void mkdir(const QString& relative) { QDir().mkpath(m_dir.filePath(relative)); }
    void write(const QString& relative, const QString& content)
    {
        QDir().mkpath(QFileInfo(m_dir.filePath(relative)).absolutePath());
        QFile file(m_dir.filePath(relative));
        if (file.open(QIODevice::WriteOnly)) {
            file.write(content.toUtf8());
        }
    }
    static QList<DiskSignature> signaturesOf(const QJsonObject& device)
    {
        QList<DiskSignature> list;
        for (const auto& value : device.value(QStringLiteral("signatures")).toArray()) {
            const QJsonObject s = value.toObject();
            list.append({s.value(QStringLiteral("type")).toString(), s.value(QStringLiteral("usage")).toString(),
                         s.value(QStringLiteral("label")).toString(), s.value(QStringLiteral("uuid")).toString()});
        }
        return list;
    }
    void common(const QString& dir, const QJsonObject& device)
    {
        write(dir + QStringLiteral("/dev"), device.value(QStringLiteral("dev")).toString() + QLatin1Char('\n'));
        if (!device.value(QStringLiteral("sectors")).isNull()) {
            write(dir + QStringLiteral("/size"),
                  QString::number(qint64(device.value(QStringLiteral("sectors")).toDouble())) + QLatin1Char('\n'));
        }
        write(dir + QStringLiteral("/ro"),
              QString::number(device.value(QStringLiteral("ro")).toInt()) + QLatin1Char('\n'));
        mkdir(dir + QStringLiteral("/holders"));
        for (const auto& holder : device.value(QStringLiteral("holders")).toArray()) {
            QFile::link(QStringLiteral("../../") + holder.toString(),
                        m_dir.filePath(dir + QStringLiteral("/holders/") + holder.toString()));
        }
        mkdir(dir + QStringLiteral("/slaves"));
        for (const auto& slave : device.value(QStringLiteral("slaves")).toArray()) {
            QFile::link(QStringLiteral("../../") + slave.toString(),
                        m_dir.filePath(dir + QStringLiteral("/slaves/") + slave.toString()));
        }
        m_signatures.insert(device.value(QStringLiteral("name")).toString(), signaturesOf(device));
    }
    void addDevice(const QJsonObject& device)
    {
        const QString name = device.value(QStringLiteral("name")).toString();
        const QString sysDir = QStringLiteral("sys/") + device.value(QStringLiteral("sys")).toString();
        mkdir(sysDir);
        common(sysDir, device);
        write(sysDir + QStringLiteral("/removable"),
              QString::number(device.value(QStringLiteral("removable")).toInt()));
        write(sysDir + QStringLiteral("/queue/logical_block_size"),
              QString::number(device.value(QStringLiteral("logical")).toInt(512)));
        write(sysDir + QStringLiteral("/queue/physical_block_size"),
              QString::number(device.value(QStringLiteral("physical")).toInt(512)));
        write(sysDir + QStringLiteral("/queue/rotational"),
              QString::number(device.value(QStringLiteral("rotational")).toInt()));
        if (device.contains(QStringLiteral("wwid_block"))) {
            write(sysDir + QStringLiteral("/wwid"), device.value(QStringLiteral("wwid_block")).toString());
        }
        if (device.contains(QStringLiteral("device"))) {
            const QString deviceDir = QStringLiteral("sys/") + device.value(QStringLiteral("device")).toString();
            mkdir(deviceDir);
            for (const char* attribute : {"model", "vendor", "serial", "wwid"}) {
                if (device.contains(QLatin1String(attribute))) {
                    write(deviceDir + QLatin1Char('/') + QLatin1String(attribute),
                          device.value(QLatin1String(attribute)).toString() + QLatin1Char('\n'));
                }
            }
            QFile::link(QDir(m_dir.filePath(sysDir)).relativeFilePath(m_dir.filePath(deviceDir)),
                        m_dir.filePath(sysDir + QStringLiteral("/device")));
        }
        QFile::link(QStringLiteral("../") + device.value(QStringLiteral("sys")).toString(),
                    m_dir.filePath(QStringLiteral("sys/block/") + name));
        for (const auto& value : device.value(QStringLiteral("partitions")).toArray()) {
            const QJsonObject partition = value.toObject();
            const QString partDir = sysDir + QLatin1Char('/') + partition.value(QStringLiteral("name")).toString();
            mkdir(partDir);
            common(partDir, partition);
            write(partDir + QStringLiteral("/partition"), QStringLiteral("1\n"));
        }
        for (const auto& link : device.value(QStringLiteral("by_id")).toArray()) {
            QFile::link(QStringLiteral("../../") + name,
                        m_dir.filePath(QStringLiteral("dev/disk/by-id/") + link.toString()));
        }
    }

    QTemporaryDir m_dir;
    bool m_ok = false;
    QHash<QString, QList<DiskSignature>> m_signatures;
};

} // namespace RaidBench::Test

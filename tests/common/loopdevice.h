#pragma once

#include <QFile>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>

#include <unistd.h>

namespace RaidBench::Test {

/// A loop device over a file in a temporary directory, detached when it goes out of scope. Root only.
class LoopDevice
{
public:
    LoopDevice(const QString& directory, qint64 bytes)
    {
        m_file = directory + QStringLiteral("/loop-%1.img").arg(qint64(this) & 0xffffff, 0, 16);
        QFile file(m_file);
        if (!file.open(QIODevice::WriteOnly) || !file.resize(bytes)) {
            return;
        }
        file.close();
        QProcess losetup;
        losetup.start(QStringLiteral("losetup"), {QStringLiteral("-f"), QStringLiteral("--show"), m_file});
        if (losetup.waitForFinished(10000) && losetup.exitCode() == 0) {
            m_device = QString::fromLocal8Bit(losetup.readAllStandardOutput()).trimmed();
        }
    }
    ~LoopDevice()
    {
        if (!m_device.isEmpty()) {
            QProcess::execute(QStringLiteral("losetup"), {QStringLiteral("-d"), m_device});
        }
        QFile::remove(m_file);
    }
    LoopDevice(const LoopDevice&) = delete;
    LoopDevice& operator=(const LoopDevice&) = delete;

    bool ok() const { return !m_device.isEmpty(); }
    QString device() const { return m_device; }
    QString file() const { return m_file; }

    static bool canUse() { return geteuid() == 0 && QFile::exists(QStringLiteral("/dev/loop-control")); }

    /// Writes an MBR with one Linux partition of `sectors` at `start` into `image` (by hand: no
    /// partitioning tool needed).
    static bool writePartitionTable(const QString& image, quint32 start, quint32 sectors)
    {
        QFile file(image);
        if (!file.open(QIODevice::ReadWrite)) {
            return false;
        }
        QByteArray mbr(512, '\0');
        mbr[446 + 4] = char(0x83);
        for (int i = 0; i < 4; ++i) {
            mbr[446 + 8 + i] = char((start >> (8 * i)) & 0xff);
            mbr[446 + 12 + i] = char((sectors >> (8 * i)) & 0xff);
        }
        mbr[510] = char(0x55);
        mbr[511] = char(0xaa);
        return file.seek(0) && file.write(mbr) == 512;
    }

private:
    QString m_file;
    QString m_device;
};

} // namespace RaidBench::Test

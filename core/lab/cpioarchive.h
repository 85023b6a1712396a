#pragma once

#include <QByteArray>
#include <QString>

namespace RaidBench {

/// Writes an uncompressed "newc" cpio archive, the format the kernel unpacks as its initramfs.
/// Built in memory: the lab's boot image is a few megabytes.
class CpioArchive
{
public:
    void addDirectory(const QString& path, unsigned mode = 0755);
    void addFile(const QString& path, const QByteArray& data, unsigned mode = 0644);
    void addSymlink(const QString& path, const QString& target);
    void addCharDevice(const QString& path, unsigned major, unsigned minor, unsigned mode = 0600);
    /// Appends the trailer and returns the archive.
    QByteArray finish();

private:
    void addEntry(const QString& path, unsigned mode, const QByteArray& data, unsigned rdevMajor = 0,
                  unsigned rdevMinor = 0);

    QByteArray m_data;
    unsigned m_inode = 1;
};

} // namespace RaidBench

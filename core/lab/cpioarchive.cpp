#include "lab/cpioarchive.h"

#include <sys/stat.h>

namespace RaidBench {

namespace {
void pad4(QByteArray& data)
{
    while (data.size() % 4 != 0) {
        data.append('\0');
    }
}

QByteArray hex8(unsigned value)
{
    return QByteArray::number(value, 16).rightJustified(8, '0');
}
} // namespace

void CpioArchive::addEntry(const QString& path, unsigned mode, const QByteArray& data, unsigned rdevMajor,
                           unsigned rdevMinor)
{
    const QByteArray name = path.toUtf8();
    m_data.append("070701");
    m_data.append(hex8(m_inode++));
    m_data.append(hex8(mode));
    m_data.append(hex8(0)); // uid
    m_data.append(hex8(0)); // gid
    m_data.append(hex8(S_ISDIR(mode) ? 2 : 1)); // nlink
    m_data.append(hex8(0)); // mtime: fixed, so the same inputs give the same image
    m_data.append(hex8(unsigned(data.size())));
    m_data.append(hex8(0)); // devmajor
    m_data.append(hex8(0)); // devminor
    m_data.append(hex8(rdevMajor));
    m_data.append(hex8(rdevMinor));
    m_data.append(hex8(unsigned(name.size() + 1)));
    m_data.append(hex8(0)); // check
    m_data.append(name);
    m_data.append('\0');
    pad4(m_data);
    m_data.append(data);
    pad4(m_data);
}

void CpioArchive::addDirectory(const QString& path, unsigned mode)
{
    addEntry(path, S_IFDIR | mode, {});
}

void CpioArchive::addFile(const QString& path, const QByteArray& data, unsigned mode)
{
    addEntry(path, S_IFREG | mode, data);
}

void CpioArchive::addSymlink(const QString& path, const QString& target)
{
    addEntry(path, S_IFLNK | 0777, target.toUtf8());
}

void CpioArchive::addCharDevice(const QString& path, unsigned major, unsigned minor, unsigned mode)
{
    addEntry(path, S_IFCHR | mode, {}, major, minor);
}

QByteArray CpioArchive::finish()
{
    addEntry(QStringLiteral("TRAILER!!!"), 0, {});
    // The kernel reads the initramfs in 512-byte blocks; pad so the last block is whole.
    while (m_data.size() % 512 != 0) {
        m_data.append('\0');
    }
    return m_data;
}

} // namespace RaidBench

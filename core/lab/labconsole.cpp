#include "lab/labconsole.h"

#include <QFile>
#include <QStringList>

#include <algorithm>

namespace RaidBench {

namespace {

constexpr auto readyMarker = "RAIDBENCH-LAB-READY";

} // namespace

void LabConsole::clear()
{
    m_offset = 0;
    m_text.clear();
}

void LabConsole::readFrom(const QString& path)
{
    QFile console(path);
    if (!console.open(QIODevice::ReadOnly) || console.size() <= m_offset) {
        return;
    }
    console.seek(m_offset);
    const QByteArray fresh = console.readAll();
    m_offset += fresh.size();
    m_text += fresh;
    if (m_text.size() > 256 * 1024) {
        m_text = m_text.right(128 * 1024);
    }
}

bool LabConsole::ready() const
{
    return m_text.contains(readyMarker);
}

QString LabConsole::stalledCpu() const
{
    const qsizetype at = m_text.indexOf("detected stall");
    return at < 0 ? QString() : lineAt(at, true);
}

QString LabConsole::panic() const
{
    const qsizetype at = m_text.indexOf("Kernel panic - not syncing");
    return at < 0 ? QString() : lineAt(at, false);
}

QString LabConsole::lineAt(qsizetype at, bool fromStart) const
{
    const qsizetype start = fromStart ? m_text.lastIndexOf('\n', at) + 1 : at;
    const qsizetype end = m_text.indexOf('\n', at);
    return QString::fromUtf8(m_text.mid(start, end < 0 ? -1 : end - start)).trimmed().left(120);
}

QString LabConsole::tail(int lines) const
{
    QStringList all = QString::fromUtf8(m_text).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (QString& line : all) {
        line = line.trimmed();
    }
    all.removeAll(QString());
    return all.mid(std::max<qsizetype>(0, all.size() - lines)).join(QLatin1Char('\n'));
}

} // namespace RaidBench

#include "results/resultssink.h"

#include "util/atomicfile.h"
#include "util/privatedir.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QRandomGenerator>

#include <cstdlib>

namespace RaidBench {

ResultsSink::ResultsSink(QString path, QString fallbackDirectory, mode_t mode)
    : m_path(std::move(path))
    , m_fallbackDirectory(std::move(fallbackDirectory))
    , m_current(m_path)
    , m_mode(mode)
{ }

Result<void> ResultsSink::write(const QByteArray& bytes)
{
    Result<void> written = writeFileAtomically(m_current, bytes, {}, m_mode);
    if (written || movedToFallback()) {
        return written;
    }
    // Each write makes a new file and renames it, so the old one stays whole; the campaign goes on.
    if (!m_fallbackDirectory.isEmpty()) {
        if (auto ok = ensurePrivateDirectory(m_fallbackDirectory, 0700); !ok) {
            // Someone else made that name first (it is in a directory anyone may write, /var/tmp): a
            // new one of our own beside it, which no one can have made before.
            QByteArray pattern = QFile::encodeName(m_fallbackDirectory + QStringLiteral("-XXXXXX"));
            if (!::mkdtemp(pattern.data())) {
                return Error {written.error().code,
                              QStringLiteral("%1; and %2").arg(written.error().message, ok.error().message)};
            }
            m_fallbackDirectory = QFile::decodeName(pattern);
        }
    }
    m_current = fallbackPath(m_fallbackDirectory);
    if (m_moved) {
        m_moved(written.error(), m_current);
    }
    return writeFileAtomically(m_current, bytes, {}, m_mode);
}

QString ResultsSink::fallbackPath(const QString& directory)
{
    return QStringLiteral("%1/raidbench-results-%2-%3.json")
        .arg(directory.isEmpty() ? QDir::tempPath() : directory,
             QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss")),
             QString::number(QRandomGenerator::system()->generate(), 16).rightJustified(8, QLatin1Char('0')));
}

} // namespace RaidBench

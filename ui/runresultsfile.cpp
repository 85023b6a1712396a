#include "runresultsfile.h"

#include "results/resultsfolder.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QStandardPaths>

namespace RaidBench::Ui {

RunResultsFile::RunResultsFile(QObject* parent)
    : QObject(parent)
{
    m_writer.setMaxThreadCount(1);
}

RunResultsFile::~RunResultsFile()
{
    wait();
}

Result<QString> RunResultsFile::begin(const QString& host, const QString& name)
{
    wait(); // the last run's newest results reach its own file first
    auto path = ResultsFolder::create(ResultsFolder::path(), QDateTime::currentDateTime(), host, name);
    if (!path) {
        return path.error();
    }
    m_path = *path;
    // The fallback as private as the folder: results name the disks' serials and the commands' output.
    // The user's runtime directory is memory, so a full disk does not stop it too.
    QString runtime = QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation);
    if (runtime.isEmpty()) {
        runtime = QDir::tempPath();
    }
    m_sink = std::make_shared<ResultsSink>(m_path, runtime + QStringLiteral("/raidbench-results"), 0600);
    const QString requested = m_path;
    // Told in the writer thread; the window hears it, and the path changes, in its own.
    m_sink->setMovedHandler([this, requested](const Error& why, const QString& fallback) {
        const QString message = why.message;
        QMetaObject::invokeMethod(
            this,
            [this, requested, message, fallback] {
                if (m_path == requested) {
                    m_path = fallback;
                }
                Q_EMIT movedToFallback(requested, message, fallback);
            },
            Qt::QueuedConnection);
    });
    return m_path;
}

void RunResultsFile::keep(const CampaignResults& results, bool running)
{
    if (m_path.isEmpty()) {
        return;
    }
    if (results.configs.isEmpty() && results.disks.isEmpty()) {
        // Nothing was measured: no empty file is left in the folder. An empty file is only ever the
        // run's own placeholder.
        wait();
        if (!running && QFileInfo(m_path).size() == 0) {
            QFile::remove(m_path);
        }
        return;
    }
    {
        const QMutexLocker lock(&m_mutex);
        m_pending = results;
        m_pendingSink = m_sink;
        if (m_busy) {
            return;
        }
        m_busy = true;
    }
    m_writer.start([this] {
        for (;;) {
            CampaignResults pending;
            std::shared_ptr<ResultsSink> sink;
            {
                const QMutexLocker lock(&m_mutex);
                if (!m_pending) {
                    m_busy = false;
                    return;
                }
                pending = std::move(*m_pending);
                m_pending.reset();
                sink = m_pendingSink;
            }
            if (!sink) {
                continue;
            }
            if (auto saved = sink->write(QJsonDocument(pending.toJson()).toJson(QJsonDocument::Indented)); !saved) {
                const QString path = sink->path(); // the fallback's, once the results went there
                const QString why = saved.error().message;
                QMetaObject::invokeMethod(
                    this, [this, path, why] { Q_EMIT writeFailed(path, why); }, Qt::QueuedConnection);
            }
        }
    });
}

void RunResultsFile::wait()
{
    m_writer.waitForDone();
}

} // namespace RaidBench::Ui

#include "results/reportwriter.h"

#include <QSaveFile>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

namespace RaidBench::Ui {

ReportWriter::ReportWriter(const CampaignResults& results, const QString& path, bool dark, QObject* parent)
    : QObject(parent)
    , m_results(results)
    , m_path(path)
    , m_dark(dark)
{
    connect(&m_writing, &QFutureWatcher<QString>::finished, this, [this] { finish(m_writing.result()); });
}

ReportWriter::~ReportWriter()
{
    // A worker still running holds its own copies; it only needs to end before the program does.
    m_writing.waitForFinished();
}

void ReportWriter::start()
{
    // The results come analysed (every source analyses them once); the charts are drawn one per turn of
    // the event loop, so the window stays responsive and a cancel is seen between two.
    QTimer::singleShot(0, this, [this] {
        if (m_cancelled) {
            return finish(tr("cancelled"));
        }
        m_charts = reportCharts(m_results);
        Q_EMIT progress(0, int(m_charts.size()) + 1);
        drawNext();
    });
}

void ReportWriter::cancel()
{
    m_cancelled = true;
}

void ReportWriter::drawNext()
{
    if (m_cancelled) {
        return finish(tr("cancelled"));
    }
    if (m_figures.size() < m_charts.size()) {
        m_figures.append(reportFigure(m_results, m_charts.at(m_figures.size()), m_dark, m_requirements));
        Q_EMIT progress(int(m_figures.size()), int(m_charts.size()) + 1);
        QTimer::singleShot(0, this, &ReportWriter::drawNext);
        return;
    }
    const CampaignResults results = m_results;
    const QStringList figures = m_figures;
    const QString path = m_path;
    const bool dark = m_dark;
    const Requirements requirements = m_requirements;
    m_writing.setFuture(QtConcurrent::run([results, figures, path, dark, requirements]() -> QString {
        QSaveFile file(path);
        if (!file.open(QIODevice::WriteOnly)) {
            return tr("Cannot write %1: %2").arg(path, file.errorString());
        }
        file.write(reportPage(results, figures, dark, requirements).toUtf8());
        if (!file.commit()) {
            return tr("Cannot write %1: %2").arg(path, file.errorString());
        }
        return QString();
    }));
}

void ReportWriter::finish(const QString& error)
{
    if (m_done) {
        return;
    }
    m_done = true;
    if (error.isEmpty()) {
        Q_EMIT progress(int(m_charts.size()) + 1, int(m_charts.size()) + 1);
    }
    Q_EMIT finished(error);
}

} // namespace RaidBench::Ui

#pragma once

#include "results/campaignresults.h"
#include "results/htmlreport.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QStringList>

namespace RaidBench::Ui {

/// Writes the HTML report without blocking the window. Qt Charts draws only on the GUI thread, so the
/// charts are drawn one per turn of the event loop; the analysis, the tables, the page and the file are
/// made on a worker thread (Qt Concurrent). Tells its progress, can be cancelled, and writes the file
/// whole or not at all (QSaveFile).
class ReportWriter final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReportWriter)

public:
    ReportWriter(const CampaignResults& results, const QString& path, bool dark, QObject* parent = nullptr);
    ~ReportWriter() override;

    /// The recommendation and trade-off chart follow these (the Results page's form); by default the
    /// report's own defaults.
    void setRequirements(const Requirements& requirements) { m_requirements = requirements; }
    void start();
    void cancel();
    QString path() const { return m_path; }

Q_SIGNALS:
    /// `done` of `total` steps: one per chart, and the page.
    void progress(int done, int total);
    /// Empty `error` when the report was written; "cancelled" is an error too, and leaves no file.
    void finished(const QString& error);

private:
    void drawNext();
    void finish(const QString& error);

    CampaignResults m_results;
    QString m_path;
    bool m_dark = false;
    Requirements m_requirements = Requirements::defaults();
    QList<ReportChart> m_charts;
    QStringList m_figures;
    bool m_cancelled = false;
    bool m_done = false;
    QFutureWatcher<QString> m_writing;
};

} // namespace RaidBench::Ui

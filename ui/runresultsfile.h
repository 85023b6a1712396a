#pragma once

#include "results/campaignresults.h"
#include "util/result.h"

#include <QMutex>
#include <QObject>
#include <QString>
#include <QThreadPool>

#include <optional>

namespace RaidBench::Ui {

/// The running run's results file in the results folder: made before the run starts (a run whose
/// results cannot be kept does not start), written after every measurement by one worker thread
/// (serialising and fsyncing a results file while the lab's VM writes its disk images took up to
/// 60 ms, and the window froze for that long). Only the newest results wait: a pending write is
/// superseded, never reordered. A new file, wait() and the destructor wait for the last write, so
/// nothing measured is lost.
class RunResultsFile final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunResultsFile)

public:
    explicit RunResultsFile(QObject* parent = nullptr);
    ~RunResultsFile() override;

    /// A new file named after the date, `host` and `name`; its path, or why it could not be made.
    Result<QString> begin(const QString& host, const QString& name);
    /// Writes `results` (in the background). Nothing measured: no write, and the run's own empty
    /// placeholder is removed once `running` is false.
    void keep(const CampaignResults& results, bool running);
    /// Returns once the file holds the newest results.
    void wait();
    QString path() const { return m_path; }

Q_SIGNALS:
    /// A write failed; the results are still in memory (the Results page).
    void writeFailed(const QString& path, const QString& why);

private:
    QString m_path;
    QThreadPool m_writer;
    QMutex m_mutex;
    std::optional<CampaignResults> m_pending; ///< the newest results not yet written
    QString m_pendingPath;
    bool m_busy = false;
};

} // namespace RaidBench::Ui

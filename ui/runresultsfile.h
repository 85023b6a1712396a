#pragma once

#include "results/campaignresults.h"
#include "results/resultssink.h"
#include "util/result.h"

#include <QMutex>
#include <QObject>
#include <QString>
#include <QThreadPool>

#include <memory>
#include <optional>

namespace RaidBench::Ui {

/// The running run's results file in the results folder: made before the run starts (a run whose
/// results cannot be kept does not start), written after every measurement by one worker thread
/// (serialising and fsyncing a results file while the lab's VM writes its disk images took up to
/// 60 ms, and the window froze for that long). Only the newest results wait: a pending write is
/// superseded, never reordered. A new file, wait() and the destructor wait for the last write, so
/// nothing measured is lost. A file that cannot be written (a full disk) sends the results to a
/// fallback file from then on (ResultsSink), as the CLI and the helper do.
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
    /// The file could not be written: the results go to `fallback` from now on.
    void movedToFallback(const QString& path, const QString& why, const QString& fallback);
    /// A write failed, to the fallback file too; the results are still in memory (the Results page).
    void writeFailed(const QString& path, const QString& why);

private:
    QString m_path;
    QThreadPool m_writer;
    QMutex m_mutex;
    std::shared_ptr<ResultsSink> m_sink; ///< the run's file, used by the writer thread alone
    std::optional<CampaignResults> m_pending; ///< the newest results not yet written
    std::shared_ptr<ResultsSink> m_pendingSink;
    bool m_busy = false;
};

} // namespace RaidBench::Ui

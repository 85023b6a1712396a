#pragma once

#include "results/campaignresults.h"
#include "util/result.h"
#include "util/runstate.h"

#include <QDateTime>
#include <QList>
#include <QString>

namespace RaidBench {

/// Where every run's results go unless the user names a file: the user's data folder
/// (`$XDG_DATA_HOME/raidbench/results`, `~/.local/share/raidbench/results` by default; the
/// environment variable RAIDBENCH_RESULTS_DIR overrides it). A run writes its file there from its
/// first measurement on, so a run is never lost to the next one, a crash or a quit.
namespace ResultsFolder {

/// The folder, whether it exists or not.
QString path();

/// "2026-11-30_2105_HOST_PLAN.json": sortable by date, readable in a file manager. `host` and
/// `plan` are reduced to letters, digits, '-' and '.'.
QString fileName(const QDateTime& started, const QString& host, const QString& plan);

/// A new, empty results path in `folder` (made 0700 if missing), checked writable by creating the
/// file: a run that cannot keep its results refuses to start, saying where it tried. Never returns a
/// path that exists already (a "-2", "-3", ... suffix instead).
Result<QString> create(const QString& folder, const QDateTime& started, const QString& host, const QString& plan);

/// One file of the folder, as a list shows it.
struct Entry
{
    QString path;
    QDateTime modified;
    bool readable = false;
    QString error; ///< why it is not readable
    RunState status = RunState::Running; ///< running, completed, cancelled, failed
    QString host;
    int configurations = 0;
    int disks = 0;
    QDateTime created; ///< when the run started (invalid when the file does not say)
    qint64 sizeBytes = 0;
    QStringList layouts; ///< the configurations' names
    QStringList diskModels; ///< each disk's model (or name), as the run measured them
};

/// The folder's results files, newest first, at most `limit`. A file that is not a results file
/// (corrupt, empty, written by a newer RaidBench) is listed as unreadable with the reason; nothing
/// here throws or crashes on bad files.
QList<Entry> list(const QString& folder, int limit = 50);

/// Deletes `paths` from `folder`: only regular files directly in it (never through a link), so a
/// list that changed under the user removes nothing else. Returns how many went.
Result<int> remove(const QString& folder, const QStringList& paths);

} // namespace ResultsFolder

} // namespace RaidBench

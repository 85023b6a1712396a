#pragma once

#include "build/buildplan.h"
#include "util/result.h"

#include <QList>
#include <QString>

namespace RaidBench {

/// What a build has created so far, written to disk *before* each object is created, so that a crash
/// at any moment leaves a record from which recovery removes exactly our objects.
struct JournalRecord
{
    QString tag;
    qint64 pid = 0;
    QString started;
    QList<BuildObject> objects; ///< in creation order; the last may be half-created
    QList<QStringList> finalWipes;
    QString path;
};

class BuildJournal
{
public:
    /// /run/raidbench (mode 0700), or $RAIDBENCH_JOURNAL_DIR.
    static QString defaultDirectory();

    BuildJournal(QString directory, QString tag);
    Result<void> begin(const QList<QStringList>& finalWipes);
    Result<void> add(const BuildObject& object);
    /// The build was torn down completely: nothing to recover.
    void finish();
    QString path() const;

    static QList<JournalRecord> readAll(const QString& directory);
    static Result<JournalRecord> read(const QString& path);

private:
    Result<void> write();

    QString m_directory;
    JournalRecord m_record;
};

} // namespace RaidBench

#pragma once

#include "arrays/buildplan.h"
#include "disks/devicegate.h"
#include "util/result.h"

#include <QList>
#include <QString>

namespace RaidBench {

/// The process that wrote a journal: a pid of one boot, with its start time so that a reused pid
/// is not taken for the owner.
struct JournalOwner
{
    qint64 pid = 0;
    quint64 startTicks = 0; ///< /proc/PID/stat field 22
    QString bootId; ///< /proc/sys/kernel/random/boot_id
    /// What built it: "helper" (a session of raidbench-helper), "cli-run" (a campaign of the root CLI),
    /// "cli-array" (raidbench-cli array create: an array meant to stay until torn down by tag).
    QString program;
    qint64 clientUid = -1; ///< the user it was built for (a helper's client; the CLI's own uid)

    static JournalOwner current();
    /// Whether the owner still runs (same boot, same pid, same start time).
    bool isAlive() const;
    bool isCurrentProcess() const;
};

/// A disk whose write cache a run changed, and what to set it back to.
struct WriteCacheChange
{
    QString device; ///< the pin's node
    bool originalOn = false;
};

/// What a build has created so far, written to disk *before* each object is created, so that a crash
/// (or a power cut: the journal lives on persistent storage) at any moment leaves a record from which
/// recovery removes exactly our objects, on exactly the devices that were checked.
struct JournalRecord
{
    QString tag;
    JournalOwner owner;
    QString started;
    QList<PinnedDevice> pins; ///< the leaves, as the device gate pinned them
    QList<BuildObject> objects; ///< in creation order; the last may be half-created
    QList<QStringList> finalWipes;
    bool built = false; ///< the build finished (an interrupted one is always a leftover)
    /// Write caches changed for the tests, journaled before each change: teardown and recovery set
    /// them back before anything else.
    QList<WriteCacheChange> writeCaches;
    QString path;
};

class BuildJournal
{
public:
    /// $RAIDBENCH_JOURNAL_DIR, else /var/lib/raidbench/journal (mode 0700: it must outlive a power cut),
    /// else /run/raidbench/journal where /var/lib is read-only.
    static QString defaultDirectory();

    BuildJournal(QString directory, QString tag, QString program = QStringLiteral("cli-run"), qint64 clientUid = -1);
    Result<void> begin(const QList<PinnedDevice>& pins, const QList<QStringList>& finalWipes);
    Result<void> add(const BuildObject& object);
    /// The build finished: what it made stands as planned.
    Result<void> markBuilt();
    /// The build was torn down completely: nothing to recover. Removes the journal and what an
    /// interrupted write of it left beside it.
    void finish();
    QString path() const;

    /// Every journal in `directory`. Only files this user owns in a directory only this user can
    /// write are read: a journal's commands run as root.
    static QList<JournalRecord> readAll(const QString& directory);
    static Result<JournalRecord> read(const QString& path);
    /// Removes what interrupted writes left (journal-TAG.json.tmp-XXXXXX: a crash or a power cut
    /// between writing a journal and renaming it into place), once nobody writes it any more: those
    /// of `tag`, whose owner ended, or with an empty `tag` those written before this boot (of this
    /// boot one may be in the middle of its write).
    static void removeTemporaries(const QString& directory, const QString& tag = {});
    /// Whether a journal for `tag` exists in `directory`.
    static bool exists(const QString& directory, const QString& tag);
    /// Adds `change` to the journal of `tag` (on disk, fsynced) before the cache is changed.
    static Result<void> addWriteCacheChange(const QString& directory, const QString& tag,
                                            const WriteCacheChange& change);

private:
    BuildJournal(QString directory, JournalRecord record);

    Result<void> write();

    QString m_directory;
    JournalRecord m_record;
};

} // namespace RaidBench

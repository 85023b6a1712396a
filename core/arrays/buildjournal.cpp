#include "arrays/buildjournal.h"

#include "util/atomicfile.h"
#include "util/errorcodes.h"
#include "util/privatedir.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cerrno>
#include <fcntl.h>
#include <optional>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

namespace RaidBench {

namespace {

QString readSmallFile(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromLatin1(file.read(4096)).trimmed() : QString();
}

/// Field 22 of /proc/PID/stat (the start time in clock ticks), 0 when the process is gone.
quint64 startTicksOf(qint64 pid)
{
    const QString stat = readSmallFile(QStringLiteral("/proc/%1/stat").arg(pid));
    const qsizetype close = stat.lastIndexOf(QLatin1Char(')')); // the name may hold spaces and parentheses
    if (close < 0) {
        return 0;
    }
    const QStringList fields = stat.mid(close + 2).split(QLatin1Char(' '));
    return fields.size() > 19 ? fields.at(19).toULongLong() : 0; // field 3 is fields[0]
}

/// Whether a file or directory at `path` is owned by us and writable by no one else.
bool ownedByUs(const QString& path, bool directory)
{
    struct stat st
    { };
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0) {
        return false;
    }
    const bool kindOk = directory ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode);
    return kindOk && st.st_uid == geteuid() && !(st.st_mode & (S_IWGRP | S_IWOTH));
}

} // namespace

JournalOwner JournalOwner::current()
{
    JournalOwner owner;
    owner.pid = qint64(getpid());
    owner.startTicks = startTicksOf(owner.pid);
    owner.bootId = currentBootId();
    return owner;
}

bool JournalOwner::isAlive() const
{
    if (pid <= 0) {
        return false;
    }
    if (bootId.isEmpty() && startTicks == 0) {
        return ::kill(pid_t(pid), 0) == 0 || errno == EPERM; // an old journal without more to go by
    }
    return bootId == currentBootId() && startTicks != 0 && startTicksOf(pid) == startTicks;
}

bool JournalOwner::isCurrentProcess() const
{
    const JournalOwner self = current();
    return pid == self.pid && startTicks == self.startTicks && bootId == self.bootId;
}

QString BuildJournal::defaultDirectory()
{
    if (qEnvironmentVariableIsSet("RAIDBENCH_JOURNAL_DIR")) {
        return qEnvironmentVariable("RAIDBENCH_JOURNAL_DIR");
    }
    // Persistent storage, so that a journal outlives a power cut; /run where /var/lib cannot be written
    // (a read-only root, such as the lab VM's).
    const QString persistent = QStringLiteral("/var/lib/raidbench/journal");
    if (ensurePrivateDirectory(persistent, 0700) && ::access(QFile::encodeName(persistent).constData(), W_OK) == 0) {
        return persistent;
    }
    return QStringLiteral("/run/raidbench/journal");
}

BuildJournal::BuildJournal(QString directory, QString tag, QString program, qint64 clientUid)
    : m_directory(std::move(directory))
{
    m_record.tag = std::move(tag);
    m_record.owner = JournalOwner::current();
    m_record.owner.program = std::move(program);
    m_record.owner.clientUid = clientUid >= 0 ? clientUid : qint64(getuid());
    m_record.started = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
}

BuildJournal::BuildJournal(QString directory, JournalRecord record)
    : m_directory(std::move(directory))
    , m_record(std::move(record))
{ }

Result<void> BuildJournal::addWriteCacheChange(const QString& directory, const QString& tag,
                                               const WriteCacheChange& change)
{
    Result<JournalRecord> record = read(directory + QStringLiteral("/journal-") + tag + QStringLiteral(".json"));
    if (!record) {
        return record.error();
    }
    for (const WriteCacheChange& earlier : std::as_const(record->writeCaches)) {
        if (earlier.device == change.device) {
            return {}; // the first original is the one to restore
        }
    }
    record->writeCaches.append(change);
    return BuildJournal(directory, *record).write();
}

QString BuildJournal::path() const
{
    return m_directory + QStringLiteral("/journal-") + m_record.tag + QStringLiteral(".json");
}

bool BuildJournal::exists(const QString& directory, const QString& tag)
{
    return QFileInfo::exists(directory + QStringLiteral("/journal-") + tag + QStringLiteral(".json"));
}

Result<void> BuildJournal::begin(const QList<PinnedDevice>& pins, const QList<QStringList>& finalWipes)
{
    if (auto ok = ensurePrivateDirectory(m_directory, 0700); !ok) {
        return makeError(ErrorCode::journalFailed,
                         QStringLiteral("cannot use the journal directory: %1").arg(ok.error().message));
    }
    if (!ownedByUs(m_directory, true)) {
        return makeError(ErrorCode::journalFailed,
                         QStringLiteral("the journal directory %1 must belong to this user and be writable by no one "
                                        "else")
                             .arg(m_directory));
    }
    if (exists(m_directory, m_record.tag)) {
        return makeError(ErrorCode::duplicateTag,
                         QStringLiteral("a journal for tag %1 exists already (%2)").arg(m_record.tag, path()));
    }
    m_record.pins = pins;
    m_record.finalWipes = finalWipes;
    return write();
}

Result<void> BuildJournal::add(const BuildObject& object)
{
    m_record.objects.append(object);
    return write();
}

Result<void> BuildJournal::markBuilt()
{
    m_record.built = true;
    return write();
}

void BuildJournal::finish()
{
    QFile::remove(path());
    removeTemporaries(m_directory, m_record.tag);
}

void BuildJournal::removeTemporaries(const QString& directory, const QString& tag)
{
    if (!ownedByUs(directory, true)) {
        return;
    }
    // This version's writeFileAtomically() names them JOURNAL.tmp-XXXXXX; earlier ones wrote with
    // QSaveFile, whose temporary (where the directory takes no O_TMPFILE) is JOURNAL.XXXXXX.
    const QString name = QStringLiteral("journal-%1.json").arg(tag.isEmpty() ? QStringLiteral("*") : tag);
    const QStringList patterns {name + QStringLiteral(".tmp-??????"), name + QStringLiteral(".??????")};
    std::optional<qint64> booted;
    if (tag.isEmpty()) {
        QFile stat(QStringLiteral("/proc/stat"));
        if (!stat.open(QIODevice::ReadOnly)) {
            return;
        }
        for (const QByteArray& line : stat.readAll().split('\n')) {
            if (line.startsWith("btime ")) {
                booted = line.mid(6).trimmed().toLongLong();
            }
        }
        if (!booted) {
            return;
        }
    }
    const QByteArray dir = QFile::encodeName(directory);
    for (const QString& entry : QDir(directory).entryList(patterns, QDir::Files | QDir::System)) {
        const QByteArray path = dir + '/' + QFile::encodeName(entry);
        struct stat st
        { };
        if (::lstat(path.constData(), &st) != 0) {
            continue;
        }
        if (booted && qint64(st.st_mtime) >= *booted) {
            continue; // this boot's: its writer may still run
        }
        ::unlink(path.constData()); // never follows a link: removes the name only
    }
}

Result<void> BuildJournal::write()
{
    QJsonArray objects;
    for (const BuildObject& object : m_record.objects) {
        objects.append(object.toJson());
    }
    QJsonArray pins;
    for (const PinnedDevice& pin : m_record.pins) {
        pins.append(pin.toJson());
    }
    QJsonArray wipes;
    for (const QStringList& argv : m_record.finalWipes) {
        wipes.append(QJsonArray::fromStringList(argv));
    }
    const QJsonObject owner {{QStringLiteral("pid"), m_record.owner.pid},
                             {QStringLiteral("start_ticks"), QString::number(m_record.owner.startTicks)},
                             {QStringLiteral("boot_id"), m_record.owner.bootId},
                             {QStringLiteral("program"), m_record.owner.program},
                             {QStringLiteral("client_uid"), m_record.owner.clientUid}};
    // Version 3 when it holds write caches: an older RaidBench refuses it (and keeps it) rather than
    // removing the arrays and forgetting the caches.
    QJsonObject json {{QStringLiteral("version"), m_record.writeCaches.isEmpty() ? 2 : 3},
                      {QStringLiteral("tag"), m_record.tag},
                      {QStringLiteral("owner"), owner},
                      {QStringLiteral("started"), m_record.started},
                      {QStringLiteral("pins"), pins},
                      {QStringLiteral("objects"), objects},
                      {QStringLiteral("final_wipes"), wipes},
                      {QStringLiteral("built"), m_record.built}};
    if (!m_record.writeCaches.isEmpty()) {
        QJsonArray caches;
        for (const WriteCacheChange& change : m_record.writeCaches) {
            caches.append(QJsonObject {
                {QStringLiteral("device"), change.device},
                {QStringLiteral("original"), change.originalOn ? QStringLiteral("on") : QStringLiteral("off")}});
        }
        json.insert(QStringLiteral("write_caches"), caches);
    }
    // On disk before the command it announces runs: a power cut must not lose it. A write the cut
    // stops short leaves its temporary file, which removeTemporaries() knows by name.
    if (auto ok = writeFileAtomically(path(), QJsonDocument(json).toJson(), {}, 0600); !ok) {
        return makeError(ErrorCode::journalFailed, QStringLiteral("the journal: %1").arg(ok.error().message));
    }
    return {};
}

Result<JournalRecord> BuildJournal::read(const QString& path)
{
    if (!ownedByUs(path, false)) {
        return makeError(ErrorCode::journalFailed,
                         QStringLiteral("%1 is not a regular file of this user writable by no one else").arg(path));
    }
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    QFile file;
    if (fd < 0 || !file.open(fd, QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
        if (fd >= 0) {
            ::close(fd);
        }
        return makeError(ErrorCode::journalFailed, QStringLiteral("cannot read %1").arg(path));
    }
    const QJsonObject json = QJsonDocument::fromJson(file.read(16 << 20)).object();
    const int version = json.value(QStringLiteral("version")).toInt();
    if (version < 1 || version > 3) {
        return makeError(ErrorCode::journalFailed, QStringLiteral("%1 is not a RaidBench journal").arg(path));
    }
    JournalRecord record;
    record.path = path;
    record.tag = json.value(QStringLiteral("tag")).toString();
    if (version == 1) {
        record.owner.pid = json.value(QStringLiteral("pid")).toInteger();
    } else {
        const QJsonObject owner = json.value(QStringLiteral("owner")).toObject();
        record.owner.pid = owner.value(QStringLiteral("pid")).toInteger();
        record.owner.startTicks = owner.value(QStringLiteral("start_ticks")).toString().toULongLong();
        record.owner.bootId = owner.value(QStringLiteral("boot_id")).toString();
        record.owner.program = owner.value(QStringLiteral("program")).toString();
        record.owner.clientUid = owner.value(QStringLiteral("client_uid")).toInteger(-1);
    }
    record.started = json.value(QStringLiteral("started")).toString();
    record.built = json.value(QStringLiteral("built")).toBool();
    for (const auto& pin : json.value(QStringLiteral("pins")).toArray()) {
        record.pins.append(PinnedDevice::fromJson(pin.toObject()));
    }
    for (const auto& object : json.value(QStringLiteral("objects")).toArray()) {
        record.objects.append(BuildObject::fromJson(object.toObject()));
    }
    for (const auto& argv : json.value(QStringLiteral("final_wipes")).toArray()) {
        QStringList list;
        for (const auto& arg : argv.toArray()) {
            list.append(arg.toString());
        }
        record.finalWipes.append(list);
    }
    for (const auto& value : json.value(QStringLiteral("write_caches")).toArray()) {
        const QJsonObject change = value.toObject();
        const QString original = change.value(QStringLiteral("original")).toString();
        if (original != QLatin1String("on") && original != QLatin1String("off")) {
            continue; // not ours to guess
        }
        record.writeCaches.append({change.value(QStringLiteral("device")).toString(), original == QLatin1String("on")});
    }
    return record;
}

QList<JournalRecord> BuildJournal::readAll(const QString& directory)
{
    QList<JournalRecord> records;
    if (!ownedByUs(directory, true)) {
        return records;
    }
    for (const QString& name : QDir(directory).entryList({QStringLiteral("journal-*.json")}, QDir::Files)) {
        auto record = read(directory + QLatin1Char('/') + name);
        if (record) {
            records.append(*record);
        }
    }
    return records;
}

} // namespace RaidBench

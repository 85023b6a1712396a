#include "build/buildjournal.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <sys/stat.h>

namespace RaidBench {

QString BuildJournal::defaultDirectory()
{
    return qEnvironmentVariable("RAIDBENCH_JOURNAL_DIR", QStringLiteral("/run/raidbench"));
}

BuildJournal::BuildJournal(QString directory, QString tag)
    : m_directory(std::move(directory))
{
    m_record.tag = std::move(tag);
    m_record.pid = QCoreApplication::applicationPid();
    m_record.started = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
}

QString BuildJournal::path() const
{
    return m_directory + QStringLiteral("/journal-") + m_record.tag + QStringLiteral(".json");
}

Result<void> BuildJournal::begin(const QList<QStringList>& finalWipes)
{
    if (!QDir().mkpath(m_directory)) {
        return makeError(QStringLiteral("journal-failed"),
                         QStringLiteral("cannot create the journal directory %1").arg(m_directory));
    }
    ::chmod(QFile::encodeName(m_directory).constData(), 0700);
    m_record.finalWipes = finalWipes;
    return write();
}

Result<void> BuildJournal::add(const BuildObject& object)
{
    m_record.objects.append(object);
    return write();
}

void BuildJournal::finish()
{
    QFile::remove(path());
}

Result<void> BuildJournal::write()
{
    QJsonArray objects;
    for (const BuildObject& object : m_record.objects) {
        objects.append(object.toJson());
    }
    QJsonArray wipes;
    for (const QStringList& argv : m_record.finalWipes) {
        wipes.append(QJsonArray::fromStringList(argv));
    }
    const QJsonObject json {{QStringLiteral("version"), 1},        {QStringLiteral("tag"), m_record.tag},
                            {QStringLiteral("pid"), m_record.pid}, {QStringLiteral("started"), m_record.started},
                            {QStringLiteral("objects"), objects},  {QStringLiteral("final_wipes"), wipes}};
    QSaveFile file(path());
    if (!file.open(QIODevice::WriteOnly)) {
        return makeError(QStringLiteral("journal-failed"),
                         QStringLiteral("cannot write the journal %1: %2").arg(path(), file.errorString()));
    }
    file.write(QJsonDocument(json).toJson());
    if (!file.commit()) {
        return makeError(QStringLiteral("journal-failed"),
                         QStringLiteral("cannot write the journal %1: %2").arg(path(), file.errorString()));
    }
    return {};
}

Result<JournalRecord> BuildJournal::read(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return makeError(QStringLiteral("journal-failed"), QStringLiteral("cannot read %1").arg(path));
    }
    const QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
    if (json.value(QStringLiteral("version")).toInt() != 1) {
        return makeError(QStringLiteral("journal-failed"), QStringLiteral("%1 is not a RaidBench journal").arg(path));
    }
    JournalRecord record;
    record.path = path;
    record.tag = json.value(QStringLiteral("tag")).toString();
    record.pid = json.value(QStringLiteral("pid")).toInteger();
    record.started = json.value(QStringLiteral("started")).toString();
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
    return record;
}

QList<JournalRecord> BuildJournal::readAll(const QString& directory)
{
    QList<JournalRecord> records;
    for (const QString& name : QDir(directory).entryList({QStringLiteral("journal-*.json")}, QDir::Files)) {
        auto record = read(directory + QLatin1Char('/') + name);
        if (record) {
            records.append(*record);
        }
    }
    return records;
}

} // namespace RaidBench

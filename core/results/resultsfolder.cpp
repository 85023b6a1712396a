#include "results/resultsfolder.h"

#include "util/errnotext.h"
#include "util/errorcodes.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace RaidBench::ResultsFolder {

namespace {

QString cleaned(const QString& text, const QString& fallback)
{
    static const QRegularExpression unwanted(QStringLiteral("[^A-Za-z0-9.-]+"));
    QString out = text;
    out.replace(unwanted, QStringLiteral("-"));
    while (out.startsWith(QLatin1Char('-')) || out.startsWith(QLatin1Char('.'))) {
        out.remove(0, 1);
    }
    while (out.endsWith(QLatin1Char('-'))) {
        out.chop(1);
    }
    out = out.left(40);
    return out.isEmpty() ? fallback : out;
}

} // namespace

QString path()
{
    const QString override = qEnvironmentVariable("RAIDBENCH_RESULTS_DIR");
    if (!override.isEmpty()) {
        return QDir::cleanPath(override);
    }
    // GenericDataLocation is $XDG_DATA_HOME (default ~/.local/share), whatever the program's name.
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/raidbench/results");
}

QString fileName(const QDateTime& started, const QString& host, const QString& plan)
{
    return QStringLiteral("%1_%2_%3.json")
        .arg(started.toString(QStringLiteral("yyyy-MM-dd_HHmmss")), cleaned(host, QStringLiteral("host")),
             cleaned(plan, QStringLiteral("plan")));
}

Result<QString> create(const QString& folder, const QDateTime& started, const QString& host, const QString& plan)
{
    if (!QDir().mkpath(folder)) {
        return makeError(ErrorCode::resultsFolder, QStringLiteral("cannot create the results folder %1").arg(folder));
    }
    QFile::setPermissions(folder, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    const QString name = fileName(started, host, plan);
    const QString stem = name.chopped(5);
    for (int n = 1; n < 1000; ++n) {
        const QString candidate =
            QStringLiteral("%1/%2%3.json").arg(folder, stem, n == 1 ? QString() : QStringLiteral("-%1").arg(n));
        const int fd = ::open(QFile::encodeName(candidate).constData(),
                              O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (fd >= 0) {
            ::close(fd);
            return candidate;
        }
        if (errno != EEXIST) {
            return makeError(ErrorCode::resultsFolder,
                             QStringLiteral("cannot write results into %1: %2").arg(folder, errnoText(errno)));
        }
    }
    return makeError(ErrorCode::resultsFolder,
                     QStringLiteral("too many results files named %1 in %2").arg(name, folder));
}

QList<Entry> list(const QString& folder, int limit)
{
    QList<Entry> entries;
    const QFileInfoList files =
        QDir(folder).entryInfoList({QStringLiteral("*.json")}, QDir::Files | QDir::NoSymLinks, QDir::Time);
    for (const QFileInfo& info : files) {
        if (entries.size() >= limit) {
            break;
        }
        Entry entry;
        entry.path = info.absoluteFilePath();
        entry.modified = info.lastModified();
        if (info.size() == 0) {
            entry.error = QStringLiteral("empty: the run wrote nothing yet");
        } else if (auto results = CampaignResults::load(entry.path); !results) {
            entry.error = results.error().message;
        } else {
            entry.readable = true;
            entry.status = results->status;
            entry.host = results->host.value(QStringLiteral("hostname")).toString();
            entry.configurations = int(results->configs.size());
            entry.disks = int(results->disks.size());
            entry.created = QDateTime::fromString(results->created, Qt::ISODate);
            for (const ConfigResult& config : std::as_const(results->configs)) {
                entry.layouts.append(config.name);
            }
            for (const DiskResult& disk : std::as_const(results->disks)) {
                entry.diskModels.append(disk.model.isEmpty() ? disk.label() : disk.model);
            }
        }
        entry.sizeBytes = info.size();
        entries.append(entry);
    }
    return entries;
}

Result<int> remove(const QString& folder, const QStringList& paths)
{
    const QString canonicalFolder = QFileInfo(folder).canonicalFilePath();
    if (canonicalFolder.isEmpty()) {
        return makeError(ErrorCode::resultsFolder, QStringLiteral("the results folder %1 does not exist").arg(folder));
    }
    // Every path is checked before the first goes: a wrong one removes nothing.
    QStringList unique;
    for (const QString& path : paths) {
        const QString absolute = QFileInfo(path).absoluteFilePath();
        if (!unique.contains(absolute)) {
            unique.append(absolute);
        }
    }
    for (const QString& path : std::as_const(unique)) {
        const QFileInfo info(path);
        if (info.isSymLink() || !info.isFile() ||
            QFileInfo(info.absolutePath()).canonicalFilePath() != canonicalFolder ||
            !info.fileName().endsWith(QLatin1String(".json"))) {
            return makeError(ErrorCode::resultsFolder,
                             QStringLiteral("%1 is not a results file of %2; nothing was removed").arg(path, folder));
        }
    }
    int removed = 0;
    for (const QString& path : std::as_const(unique)) {
        const QFileInfo info(path);
        if (!QFile::remove(info.absoluteFilePath())) {
            return makeError(ErrorCode::resultsFolder,
                             QStringLiteral("cannot remove %1; nothing more was removed").arg(path));
        }
        ++removed;
    }
    return removed;
}

} // namespace RaidBench::ResultsFolder

#include "lab/labcontroldir.h"

#include "util/errorcodes.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace RaidBench {

LabControlDir::LabControlDir(QString directory)
    : m_directory(std::move(directory))
{ }

Result<void> LabControlDir::create() const
{
    if (!QDir().mkpath(m_directory)) {
        return makeError(ErrorCode::labNoWorkdir, QStringLiteral("cannot create directories in %1").arg(m_directory));
    }
    return {};
}

Result<void> LabControlDir::writeFiles(const QList<QPair<QString, QByteArray>>& files) const
{
    for (const auto& [name, bytes] : files) {
        QFile file(m_directory + QLatin1Char('/') + name);
        if (!file.open(QIODevice::WriteOnly | QIODevice::NewOnly) ||
            !file.setPermissions(QFile::ReadOwner | QFile::WriteOwner) || file.write(bytes) != bytes.size()) {
            return makeError(ErrorCode::labNoWorkdir,
                             QStringLiteral("cannot write %1: %2").arg(file.fileName(), file.errorString()));
        }
    }
    return {};
}

Result<void> LabControlDir::writeRequest(const QStringList& argv, const QStringList& env, const QString& cwd) const
{
    const QJsonObject request {{QStringLiteral("argv"), QJsonArray::fromStringList(argv)},
                               {QStringLiteral("env"), QJsonArray::fromStringList(env)},
                               {QStringLiteral("cwd"), cwd}};
    QFile requestFile(m_directory + QStringLiteral("/request.json"));
    if (!requestFile.open(QIODevice::WriteOnly)) {
        return makeError(ErrorCode::labNoWorkdir, requestFile.errorString());
    }
    requestFile.write(QJsonDocument(request).toJson());
    return {};
}

void LabControlDir::nextBoot(int boot) const
{
    QFile requestFile(m_directory + QStringLiteral("/request.json"));
    if (requestFile.open(QIODevice::ReadOnly)) {
        QJsonObject request = QJsonDocument::fromJson(requestFile.readAll()).object();
        requestFile.close();
        QJsonArray env;
        for (const auto& value : request.value(QStringLiteral("env")).toArray()) {
            if (!value.toString().startsWith(QLatin1String("RAIDBENCH_LAB_BOOT="))) {
                env.append(value);
            }
        }
        env.append(QStringLiteral("RAIDBENCH_LAB_BOOT=%1").arg(boot));
        request.insert(QStringLiteral("env"), env);
        if (requestFile.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            requestFile.write(QJsonDocument(request).toJson());
        }
    }
    QFile::remove(m_directory + QStringLiteral("/started"));
    QFile::remove(m_directory + QStringLiteral("/status"));
    QDir(m_directory + QStringLiteral("/requests")).removeRecursively();
}

bool LabControlDir::commandStarted() const
{
    return QFile::exists(m_directory + QStringLiteral("/started"));
}

std::optional<LabControlDir::Ending> LabControlDir::ending() const
{
    QFile status(m_directory + QStringLiteral("/status"));
    if (!status.open(QIODevice::ReadOnly)) {
        return std::nullopt;
    }
    const QByteArray content = status.readAll();
    const QList<QByteArray> fields = content.simplified().split(' ');
    bool ok = false;
    const int value = fields.value(1).toInt(&ok);
    if (fields.size() == 2 && ok && fields[0] == "exit") {
        return Ending {value, {}};
    }
    if (fields.size() == 2 && ok && fields[0] == "signal") {
        return Ending {128 + value, {}};
    }
    if (fields.value(0) == "error") {
        return Ending {std::nullopt, QString::fromUtf8(content.mid(6)).trimmed()};
    }
    return std::nullopt;
}

QStringList LabControlDir::pendingRequests() const
{
    const QString dir = m_directory + QStringLiteral("/requests");
    QStringList pending;
    for (const QString& name : QDir(dir).entryList(QDir::Files)) {
        if (!name.endsWith(QLatin1String(".done")) &&
            !QFile::exists(dir + QLatin1Char('/') + name + QStringLiteral(".done"))) {
            pending.append(name);
        }
    }
    return pending;
}

void LabControlDir::answer(const QString& request, const QString& text) const
{
    QFile done(m_directory + QStringLiteral("/requests/") + request + QStringLiteral(".done"));
    if (done.open(QIODevice::WriteOnly)) {
        done.write(text.toUtf8() + '\n');
    }
}

} // namespace RaidBench

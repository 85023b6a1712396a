#pragma once

#include "../common/cli.h"
#include "../common/confirmed.h"
#include "../common/helpersession.h"
#include "../common/loopdevice.h"
#include "helper/helperprotocol.h"
#include "system/helpercgroup.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>
#include <fcntl.h>
#include <functional>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

using namespace RaidBench;
using namespace RaidBench::Test;

/// The hostile table: every way we know to aim the root helper (and root's CLI) at the wrong device,
/// file or session, each against the real binaries on loop devices. After every row the victim
/// disk (a file system), a bystander disk nobody named, and root's own file are byte for byte what
/// they were, and nothing is left: no journal, no mount, no held device. Label `root`.
class TestHelperHostile final : public QObject
{
    Q_OBJECT

    /// One row: it drives helpers (or the CLI) and returns the answer to its hostile request, whose
    /// error code must be the row's.
    struct Row
    {
        QString name;
        QString code;
        std::function<QJsonObject()> run;
    };

private:
    QTemporaryDir m_dir;
    QTemporaryDir m_journals;
    std::unique_ptr<LoopDevice> m_alpha; ///< blank: the client's own disk
    std::unique_ptr<LoopDevice> m_beta; ///< blank: the client's second disk
    std::unique_ptr<LoopDevice> m_victim; ///< holds a file system: never to be written
    std::unique_ptr<LoopDevice> m_bystander; ///< blank but not the client's: never to be written
    std::unique_ptr<LoopDevice> m_partitioned; ///< a loop device with a partition
    QString m_readOnly; ///< a read-only loop device
    QString m_links; ///< root's directory under /dev, like /dev/disk/by-id
    QString m_rootFile; ///< a file only root may write
    QString m_shmLink;
    QByteArray m_victimBytes;
    QByteArray m_bystanderBytes;
    QByteArray m_rootFileBytes;
    QList<Row> m_rows;

    /// A file's bytes, whole: what a row must leave as it found.
    static QByteArray contents(const QString& path)
    {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }
    /// Whether the file still holds `bytes`, read a MiB at a time and compared. (A SHA-256 of each
    /// 16 MiB disk after every row was most of the table's processor time.)
    static bool holds(const QString& path, const QByteArray& bytes)
    {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly | QIODevice::Unbuffered) || file.size() != bytes.size()) {
            return false;
        }
        QByteArray block(1 << 20, Qt::Uninitialized);
        for (qint64 at = 0; at < bytes.size();) {
            const qint64 got = file.read(block.data(), block.size());
            if (got <= 0 || std::memcmp(block.constData(), bytes.constData() + at, size_t(got)) != 0) {
                return false;
            }
            at += got;
        }
        return true;
    }
    static bool run(const QString& program, const QStringList& args, QString* out = nullptr)
    {
        QProcess process;
        process.start(program, args);
        const bool ok =
            process.waitForFinished(60000) && process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
        if (out) {
            *out = QString::fromLocal8Bit(process.readAllStandardOutput() + process.readAllStandardError());
        }
        return ok;
    }
    static QJsonObject leaf(const QString& device)
    {
        return {{QStringLiteral("level"), QStringLiteral("disk")}, {QStringLiteral("device"), device}};
    }
    static QJsonObject mirror(const QString& a, const QString& b)
    {
        return {{QStringLiteral("level"), QStringLiteral("raid1")},
                {QStringLiteral("children"), QJsonArray {leaf(a), leaf(b)}}};
    }
    /// What a campaign's tests said: each one's error and the user's command's output of each run.
    static QString commandOutput(const QJsonArray& tests)
    {
        QString output;
        for (const auto& test : tests) {
            const QJsonObject object = test.toObject();
            output += object.value(QStringLiteral("error")).toString();
            for (const auto& entry : object.value(QStringLiteral("extra"))
                                         .toObject()
                                         .value(QStringLiteral("details"))
                                         .toObject()
                                         .value(QStringLiteral("runs"))
                                         .toArray()) {
                output += entry.toObject().value(QStringLiteral("output_tail")).toString();
            }
        }
        return output;
    }
    /// The first configuration of a campaign's reply.
    static QJsonObject firstConfig(const QJsonObject& reply)
    {
        return HelperSession::result(reply)
            .value(QStringLiteral("results"))
            .toObject()
            .value(QStringLiteral("configs"))
            .toArray()
            .first()
            .toObject();
    }
    /// run-io writing 1 MiB to `target`, with `confirmed` as its confirmation.
    static QJsonObject writeMiB(HelperSession& helper, const QJsonValue& target, const QJsonArray& confirmed)
    {
        return helper.request(QStringLiteral("run-io"),
                              {{QStringLiteral("allow_loop"), true},
                               {QStringLiteral("confirm_destroy"), confirmed},
                               {QStringLiteral("job"),
                                QJsonObject {{QStringLiteral("target"), target},
                                             {QStringLiteral("rw"), QStringLiteral("write")},
                                             {QStringLiteral("size"), 1 << 20}}}});
    }
    static QJsonObject withError(const QString& code, const QString& message)
    {
        return {{QStringLiteral("ok"), false},
                {QStringLiteral("error"),
                 QJsonObject {{QStringLiteral("code"), code}, {QStringLiteral("message"), message}}}};
    }

    QString alpha() const { return m_alpha->device(); }
    QString link(const QString& name) const { return m_links + QLatin1Char('/') + name; }

    void makeLink(const QString& target, const QString& path) const
    {
        QFile::remove(path);
        if (!QFile::link(target, path)) {
            qFatal("cannot make the link %s", qPrintable(path));
        }
    }

    // The three ways a device reaches the helper.
    QJsonObject create(HelperSession& helper, const QJsonObject& spec, const QStringList& confirm,
                       bool allowLoop = true) const
    {
        return helper.request(QStringLiteral("create-array"),
                              {{QStringLiteral("spec"), spec},
                               {QStringLiteral("allow_loop"), allowLoop},
                               {QStringLiteral("confirm_destroy"), confirmedNow(confirm)}});
    }
    QJsonObject runIo(HelperSession& helper, const QString& target, bool allowLoop = true) const
    {
        return helper.request(QStringLiteral("run-io"),
                              {{QStringLiteral("allow_loop"), allowLoop},
                               {QStringLiteral("confirm_destroy"), confirmedNow({target}, allowLoop)},
                               {QStringLiteral("job"),
                                QJsonObject {{QStringLiteral("target"), target},
                                             {QStringLiteral("rw"), QStringLiteral("write")},
                                             {QStringLiteral("size"), 1 << 20}}}});
    }
    static QJsonObject plan(const QStringList& disks, const QJsonValue& configurations = QJsonValue(),
                            const QJsonArray& tests = {QStringLiteral("seq1m-qd8-write")}, bool allowLoop = true)
    {
        QJsonObject plan {{QStringLiteral("raidbench_plan"), 1},
                          {QStringLiteral("disks"), QJsonArray::fromStringList(disks)},
                          {QStringLiteral("allow_loop"), allowLoop},
                          {QStringLiteral("tests"), tests},
                          {QStringLiteral("limits"),
                           QJsonObject {{QStringLiteral("time"), QStringLiteral("200ms")},
                                        {QStringLiteral("ramp"), QStringLiteral("0s")}}}};
        plan.insert(QStringLiteral("configurations"),
                    configurations.isUndefined() || configurations.isNull()
                        ? QJsonValue(QJsonArray {QJsonObject {{QStringLiteral("name"), QStringLiteral("one")},
                                                              {QStringLiteral("spec"), leaf(disks.value(0))}}})
                        : configurations);
        return plan;
    }
    QJsonObject campaign(HelperSession& helper, const QJsonObject& plan, const QStringList& confirm,
                         const QJsonValue& resume = QJsonValue()) const
    {
        QJsonObject args {{QStringLiteral("plan"), plan}, {QStringLiteral("confirm_destroy"), confirmedNow(confirm)}};
        if (resume.isObject()) {
            args.insert(QStringLiteral("resume"), resume);
        }
        return helper.request(QStringLiteral("run-campaign"), args, 120000);
    }
    QString tagOf(const QJsonObject& reply) const
    {
        return HelperSession::result(reply).value(QStringLiteral("tag")).toString();
    }

    void addRow(const QString& name, const QString& code, std::function<QJsonObject()> run)
    {
        m_rows.append({name, code, std::move(run)});
    }

    void framingRows();
    void schemaRows();
    void pathRows();
    void raceRows();
    void sessionRows();
    void resumeRows();
    void mountRows();
    void numberRows();
    void fileTestRows();
    void cliRows();
    void healthRows();
    void trustRows();
    void lvmRows();
    void planFieldRows();
    // hostile_disk_users.cpp
    void holderRows();
    void confirmationRows();
    void commandRows();
    void reuseRows();

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void hostile_data();
    void hostile();
    /// After a row that failed: what it left is removed, so that the next rows start clean.
    void cleanup()
    {
        if (!QDir(m_journals.path()).entryList(QDir::Files).isEmpty()) {
            HelperSession helper(m_journals.path());
            helper.request(QStringLiteral("recover"), {});
            for (const QString& name : QDir(m_journals.path()).entryList(QDir::Files)) {
                QFile::remove(m_journals.filePath(name));
            }
        }
    }
    void tableIsLarge() { QVERIFY2(m_rows.size() > 150, qPrintable(QString::number(m_rows.size()))); }
};

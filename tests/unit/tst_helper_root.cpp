#include "../common/checksum.h"
#include "../common/cli.h"
#include "../common/confirmed.h"
#include "../common/helperawait.h"
#include "../common/loopdevice.h"
#include "helper/helperclient.h"
#include "helper/helperprotocol.h"
#include "helper/roottransport.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <unistd.h>

using namespace RaidBench;
using namespace RaidBench::Test;

/// The real helper binary as a child, against loop devices. Label `root`. (This machine's kernel has
/// no md: arrays are the lab test's; here a "single" configuration exercises the same path.)
class TestHelperRoot final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    static QString helper() { return binary(QStringLiteral("raidbench-helper")); }

    static QByteArray checksum(const QString& path) { return fileChecksum(path); }

private Q_SLOTS:
    void initTestCase()
    {
        if (!LoopDevice::canUse()) {
            QSKIP("needs root and loop devices");
        }
        QVERIFY(m_dir.isValid());
        QVERIFY(QFileInfo(helper()).isExecutable());
    }

    void refusesToRunAsAUser()
    {
        QProcess process;
        process.start(QStringLiteral("runuser"),
                      {QStringLiteral("-u"), QStringLiteral("nobody"), QStringLiteral("--"), helper()});
        QVERIFY(process.waitForFinished(10000));
        QCOMPARE(process.exitCode(), 1);
        QVERIFY(process.readAllStandardError().contains("must run as root"));
    }

    void createRunIoTeardown()
    {
        LoopDevice loop(m_dir.path(), 64 << 20);
        QVERIFY(loop.ok());
        HelperClient client;
        QSignalSpy connected(&client, &HelperClient::connected);
        QVERIFY(client.start(std::make_unique<RootTransport>(helper())).ok());
        QVERIFY(connected.wait(10000));
        QCOMPARE(client.transportName(), QStringLiteral("root"));
        const QJsonObject spec {{QStringLiteral("level"), QStringLiteral("disk")},
                                {QStringLiteral("device"), loop.device()}};
        const QJsonObject created =
            awaitReply(client,
                       client.request(QStringLiteral("create-array"),
                                      {{QStringLiteral("spec"), spec},
                                       {QStringLiteral("allow_loop"), true},
                                       {QStringLiteral("confirm_destroy"), confirmedNow({loop.device()})}}));
        QVERIFY2(created.value(QStringLiteral("ok")).toBool(), qPrintable(QJsonDocument(created).toJson()));
        int progress = 0;
        connect(&client, &HelperClient::eventReceived, this, [&](qint64, const QString& event, const QJsonObject&) {
            progress += event == QLatin1String("progress") ? 1 : 0;
        });
        const QJsonObject io =
            awaitReply(client,
                       client.request(QStringLiteral("run-io"),
                                      {{QStringLiteral("allow_loop"), true},
                                       {QStringLiteral("confirm_destroy"), confirmedNow({loop.device()})},
                                       {QStringLiteral("job"),
                                        QJsonObject {{QStringLiteral("target"), loop.device()},
                                                     {QStringLiteral("rw"), QStringLiteral("write")},
                                                     {QStringLiteral("bs"), 1 << 20},
                                                     {QStringLiteral("qd"), 4},
                                                     {QStringLiteral("size"), 32 << 20}}}}));
        QVERIFY2(io.value(QStringLiteral("ok")).toBool(), qPrintable(QJsonDocument(io).toJson()));
        const QJsonObject result =
            io.value(QStringLiteral("result")).toObject().value(QStringLiteral("result")).toObject();
        QCOMPARE(result.value(QStringLiteral("bytes")).toDouble(), double(32 << 20));
        QCOMPARE(result.value(QStringLiteral("status")).toString(), QStringLiteral("completed"));
        const QString tag = created.value(QStringLiteral("result")).toObject().value(QStringLiteral("tag")).toString();
        const QJsonObject teardown =
            awaitReply(client, client.request(QStringLiteral("teardown"), {{QStringLiteral("tag"), tag}}));
        QVERIFY2(teardown.value(QStringLiteral("ok")).toBool(), qPrintable(QJsonDocument(teardown).toJson()));
        QSignalSpy closed(&client, &HelperClient::closed);
        client.stop();
        QVERIFY(closed.wait(20000));
    }

    void closingStdinMidRunReleasesEverything()
    {
        LoopDevice loop(m_dir.path(), 256 << 20);
        QVERIFY(loop.ok());
        QProcess process;
        process.start(helper());
        QVERIFY(process.waitForStarted());
        process.write(HelperProtocol::encodeRequest(1, QStringLiteral("hello"),
                                                    {{QStringLiteral("protocol"), HelperProtocol::version}}));
        process.write(HelperProtocol::encodeRequest(2, QStringLiteral("run-io"),
                                                    {{QStringLiteral("allow_loop"), true},
                                                     {QStringLiteral("confirm_destroy"), confirmedNow({loop.device()})},
                                                     {QStringLiteral("job"),
                                                      QJsonObject {{QStringLiteral("target"), loop.device()},
                                                                   {QStringLiteral("rw"), QStringLiteral("write")},
                                                                   {QStringLiteral("time_ms"), 20000}}}}));
        QByteArray out;
        while (!out.contains("\"event\":\"progress\"") && process.waitForReadyRead(10000)) {
            out += process.readAllStandardOutput();
        }
        QVERIFY2(out.contains("\"event\":\"progress\""), out.constData());
        // The client goes away in the middle of a 20 s run.
        process.closeWriteChannel();
        QVERIFY(process.waitForFinished(5000));
        const int fd = ::open(QFile::encodeName(loop.device()).constData(), O_RDONLY | O_EXCL);
        QVERIFY2(fd >= 0, "the helper left the loop device held");
        ::close(fd);
    }

    void hostileRequestsLeaveTheDiskUnchanged()
    {
        LoopDevice loop(m_dir.path(), 16 << 20);
        QVERIFY(loop.ok());
        QFile image(loop.file());
        QVERIFY(image.open(QIODevice::ReadWrite));
        image.write(QByteArray(16 << 20, 'k')); // known content
        image.close();
        const QByteArray before = checksum(loop.file());
        const QString dev = loop.device();
        const QString traversal = QStringLiteral("/dev/../") + loop.file().mid(1);
        const QJsonObject leaf {{QStringLiteral("level"), QStringLiteral("disk")}, {QStringLiteral("device"), dev}};
        const QList<QByteArray> hostile {
            QByteArray(17 << 20, 'x'),
            QByteArray("{\"id\":10,\"op\":\"hello\",\"args\":{\"client\":\"\xff\"}}"),
            QByteArray("not json at all"),
            HelperProtocol::encodeRequest(
                11, QStringLiteral("exec"),
                {{QStringLiteral("argv"), QJsonArray {QStringLiteral("dd"), QString(QStringLiteral("of=") + dev)}}}),
            HelperProtocol::encodeRequest(12, QStringLiteral("create-array"),
                                          {{QStringLiteral("spec"), leaf},
                                           {QStringLiteral("allow_loop"), true},
                                           {QStringLiteral("confirm_destroy"), QJsonArray {}}}),
            HelperProtocol::encodeRequest(13, QStringLiteral("run-io"),
                                          {{QStringLiteral("allow_loop"), true},
                                           {QStringLiteral("confirm_destroy"), confirmedNow({dev})},
                                           {QStringLiteral("job"),
                                            QJsonObject {{QStringLiteral("target"), dev},
                                                         {QStringLiteral("rw"), QStringLiteral("write")},
                                                         {QStringLiteral("bs"), 0},
                                                         {QStringLiteral("size"), 4096}}}}),
            HelperProtocol::encodeRequest(14, QStringLiteral("run-io"),
                                          {{QStringLiteral("allow_loop"), true},
                                           {QStringLiteral("confirm_destroy"), confirmedNow({traversal})},
                                           {QStringLiteral("job"),
                                            QJsonObject {{QStringLiteral("target"), traversal},
                                                         {QStringLiteral("rw"), QStringLiteral("write")},
                                                         {QStringLiteral("size"), 4096}}}}),
            HelperProtocol::encodeRequest(15, QStringLiteral("run-io"),
                                          {{QStringLiteral("confirm_destroy"), confirmedNow({dev})},
                                           {QStringLiteral("job"),
                                            QJsonObject {{QStringLiteral("target"), dev},
                                                         {QStringLiteral("rw"), QStringLiteral("write")},
                                                         {QStringLiteral("size"), 4096}}}}),
            HelperProtocol::encodeRequest(16, QStringLiteral("run-io"),
                                          {{QStringLiteral("allow_loop"), true},
                                           {QStringLiteral("confirm_destroy"), confirmedNow({dev})},
                                           {QStringLiteral("job"),
                                            QJsonObject {{QStringLiteral("target"), dev},
                                                         {QStringLiteral("rw"), QStringLiteral("write")},
                                                         {QStringLiteral("size"), -4096}}}}),
            HelperProtocol::encodeRequest(
                17, QStringLiteral("create-array"),
                {{QStringLiteral("spec"),
                  QJsonObject {{QStringLiteral("level"), QString(QStringLiteral("raid1;wipefs -a ") + dev)},
                               {QStringLiteral("children"), QJsonArray {leaf, leaf}}}},
                 {QStringLiteral("allow_loop"), true},
                 {QStringLiteral("confirm_destroy"), confirmedNow({dev})}}),
            HelperProtocol::encodeRequest(18, QStringLiteral("create-array"),
                                          {{QStringLiteral("spec"),
                                            QJsonObject {{QStringLiteral("level"), QStringLiteral("raid1")},
                                                         {QStringLiteral("children"), QJsonArray {leaf, leaf}}}},
                                           {QStringLiteral("allow_loop"), true},
                                           {QStringLiteral("confirm_destroy"), confirmedNow({dev})}}),
            HelperProtocol::encodeRequest(19, QStringLiteral("create-array"),
                                          {{QStringLiteral("spec"), leaf},
                                           {QStringLiteral("tag"), QStringLiteral("$(wipefs)")},
                                           {QStringLiteral("allow_loop"), true},
                                           {QStringLiteral("confirm_destroy"), confirmedNow({dev})}}),
            HelperProtocol::encodeRequest(20, QStringLiteral("make-fs-and-mount"),
                                          {{QStringLiteral("tag"), QStringLiteral("none")},
                                           {QStringLiteral("filesystem"), QStringLiteral("ext4")},
                                           {QStringLiteral("confirm_destroy"), confirmedNow({dev})}}),
            HelperProtocol::encodeRequest(21, QStringLiteral("teardown"),
                                          {{QStringLiteral("tag"), QStringLiteral("../../etc")}}),
        };
        QProcess process;
        process.start(helper());
        QVERIFY(process.waitForStarted());
        process.write(HelperProtocol::encodeRequest(1, QStringLiteral("hello"),
                                                    {{QStringLiteral("protocol"), HelperProtocol::version}}));
        for (QByteArray line : hostile) {
            if (!line.endsWith('\n')) {
                line += '\n';
            }
            process.write(line);
        }
        process.write(HelperProtocol::encodeRequest(99, QStringLiteral("bye"), {}));
        process.closeWriteChannel();
        QVERIFY(process.waitForFinished(60000));
        const QList<QByteArray> replies = process.readAllStandardOutput().split('\n');
        int errors = 0;
        for (const QByteArray& line : replies) {
            const QJsonObject reply = QJsonDocument::fromJson(line).object();
            if (reply.contains(QStringLiteral("ok")) && !reply.value(QStringLiteral("ok")).toBool()) {
                ++errors;
            }
            const qint64 id = qint64(reply.value(QStringLiteral("id")).toDouble(-1));
            QVERIFY2(!(id >= 10 && id < 99 && reply.value(QStringLiteral("ok")).toBool()), line.constData());
        }
        QCOMPARE(errors, hostile.size());
        QCOMPARE(checksum(loop.file()), before);
    }
};

QTEST_GUILESS_MAIN(TestHelperRoot)
#include "tst_helper_root.moc"

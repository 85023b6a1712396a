#include "../mock/scriptedhelper.h"
#include "client/hostdisks.h"
#include "helper/helperclient.h"
#include "helper/helperprotocol.h"
#include "helper/labtransport.h"
#include "helper/pkexectransport.h"
#include "helper/roottransport.h"
#include "helper/sshtransport.h"
#include "lab/labmachine.h"
#include "util/errorcodes.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace RaidBench;
using namespace RaidBench::Test;

/// The ways to a helper: each transport on its own (the choice among the local ones, what each says
/// when it cannot start or ends), the client over a real process that is not the helper it claims
/// to be, and one machine's disks (HostDisks) over a recorded helper. The real helper over each
/// transport: tst_helper_root (root), tst_remote and tst_remote_lab (ssh), tst_helper_lab (lab).
class TestHelperLinks : public QObject
{
    Q_OBJECT

    static inline const QString recording = QStringLiteral(RAIDBENCH_TEST_DATA "/helper/campaign.jsonl");
    QTemporaryDir m_dir;

    /// An executable shell script named `name` in the test's folder.
    QString script(const QString& name, const QByteArray& body)
    {
        const QString path = m_dir.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly)) {
            return {};
        }
        file.write("#!/bin/sh\n" + body);
        file.close();
        file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        return path;
    }

private Q_SLOTS:
    void choosesThisMachinesWayInOnce()
    {
        // One place chooses: the lab for virtual disks, else root directly, else pkexec.
        LabOptions lab;
        QCOMPARE(HelperTransport::forThisMachine(&lab)->name(), QStringLiteral("lab"));
        const auto local = HelperTransport::forThisMachine();
        QCOMPARE(local->name(), geteuid() == 0 ? QStringLiteral("root") : QStringLiteral("pkexec"));
        QCOMPARE(HelperTransport::thisMachineAsks(), geteuid() != 0);
        QVERIFY(!local->remote());
        QVERIFY(local->where().isEmpty());
    }

    void aTransportThatCannotStartStartsNothing()
    {
        HelperClient root;
        QSignalSpy closed(&root, &HelperClient::closed);
        const auto missing = root.start(std::make_unique<RootTransport>(m_dir.filePath(QStringLiteral("nothing"))));
        QVERIFY(!missing.ok());
        QCOMPARE(missing.error().code, ErrorCode::noHelper);
        QVERIFY2(missing.error().message.contains(QLatin1String("is not installed")),
                 qPrintable(missing.error().message));
        QCOMPARE(root.transportName(), QStringLiteral("root"));
        root.stop(); // nothing to stop, nothing to wait for

        PkexecTransport pkexec(m_dir.filePath(QStringLiteral("nothing")));
        const auto refused = pkexec.open();
        QVERIFY(!refused.ok());
        QVERIFY(refused.error().code == ErrorCode::noHelper || refused.error().code == ErrorCode::noPkexec);

        SshTransport optionAsHost(SshTarget {QString(), QStringLiteral("-oProxyCommand=x"), 0});
        const auto badHost = optionAsHost.open();
        QVERIFY(!badHost.ok());
        QCOMPARE(badHost.error().code, ErrorCode::badHost);
        QVERIFY(closed.isEmpty());
    }

    void eachTransportSaysWhyItsFarSideEnded()
    {
        const PkexecTransport pkexec(QStringLiteral("/usr/libexec/raidbench/raidbench-helper"));
        QCOMPARE(pkexec.explainEnding({126, false, false, {}}).message,
                 QStringLiteral("authorisation was refused or cancelled (pkexec)"));
        QCOMPARE(pkexec.explainEnding({127, false, false, {}}).message,
                 QStringLiteral("pkexec could not start the helper (not authorised, or no polkit agent)"));
        // After the helper answered, 126 is the helper's own code, not pkexec's refusal.
        QCOMPARE(pkexec.explainEnding({126, false, true, {}}).message,
                 QStringLiteral("the helper exited with code 126"));
        const RootTransport root(QStringLiteral("/bin/true"));
        QCOMPARE(root.explainEnding({0, true, true, {}}).message, QStringLiteral("the helper crashed"));
        const LabTransport lab {LabOptions {}};
        QCOMPARE(lab.explainEnding({3, false, false, {}}).message, QStringLiteral("the lab helper exited with code 3"));

        const auto target = SshTarget::parse(QStringLiteral("admin@storage1:2222"));
        QVERIFY(target.ok());
        const SshTransport ssh(*target);
        QVERIFY(ssh.remote());
        QCOMPARE(ssh.where(), QStringLiteral("admin@storage1:2222: "));
        const Error cut = ssh.explainEnding({0, false, true, QByteArray("{\"id\":4,")});
        QCOMPARE(cut.code, ErrorCode::sshFailed);
        QCOMPARE(cut.message,
                 QStringLiteral(
                     "admin@storage1:2222: the helper stopped in the middle of a message (8 bytes without an end)"));
        QCOMPARE(ssh.explainEnding({255, false, true, {}}).message,
                 QStringLiteral("admin@storage1:2222: the connection ended (ssh exited with code 255)"));
        QCOMPARE(SshTransport(*target, SshTarget::defaultRemoteHelper(), 0).answerTimeout(), 1);
    }

    void aLocalFarSideOfAnotherVersionIsRefusedAndEnded()
    {
        // A real process in the helper's place: it logs a line that is not the protocol (on this
        // machine that is a log line, not an attack), then answers hello as another version and
        // sleeps. The client refuses it with both versions named and ends it.
        const QString pidFile = m_dir.filePath(QStringLiteral("other.pid"));
        const QString other = script(QStringLiteral("other-version"),
                                     QStringLiteral("echo $$ > %1\n"
                                                    "read -r line\n"
                                                    "echo 'starting up'\n"
                                                    "printf '{\"id\":1,\"ok\":true,\"result\":{\"protocol\":%2,"
                                                    "\"raidbench_version\":\"0.1\"}}\\n'\n"
                                                    "exec sleep 600\n")
                                         .arg(pidFile, QString::number(HelperProtocol::version + 1))
                                         .toUtf8());
        QVERIFY(!other.isEmpty());
        QElapsedTimer clock;
        clock.start();
        {
            HelperClient client;
            QSignalSpy closed(&client, &HelperClient::closed);
            QSignalSpy connected(&client, &HelperClient::connected);
            QSignalSpy logged(&client, &HelperClient::logLine);
            QVERIFY(client.start(std::make_unique<RootTransport>(other)).ok());
            QTRY_COMPARE_WITH_TIMEOUT(closed.size(), 1, 10000);
            QCOMPARE(connected.size(), 0);
            QCOMPARE(client.lastError().code, ErrorCode::protocolMismatch);
            QVERIFY2(
                client.lastError().message.startsWith(QLatin1String("the helper there is RaidBench 0.1 (protocol")),
                qPrintable(client.lastError().message));
            QVERIFY(!logged.isEmpty());
            QCOMPARE(logged.first().first().toString(), QStringLiteral("starting up"));
        }
        // No session began there, so nothing waited for it to tear down.
        QVERIFY2(clock.elapsed() < 8000, qPrintable(QString::number(clock.elapsed())));
        QFile pid(pidFile);
        QVERIFY(pid.open(QIODevice::ReadOnly));
        QVERIFY(!QFileInfo::exists(QStringLiteral("/proc/%1").arg(QString::fromLatin1(pid.readAll()).trimmed())));
    }

    void listsOneMachinesDisks()
    {
        QVERIFY2(ScriptedHelper(recording).isValid(), "the helper recording is missing");
        HostDisks disks({QStringLiteral("root@storage1"), false, true, false, 0});
        auto helper = std::make_unique<ScriptedHelper>(recording);
        ScriptedHelper* far = helper.get();
        far->start();
        QSignalSpy finished(&disks, &HostDisks::finished);
        disks.attach(std::move(helper));
        QVERIFY(finished.wait(5000));
        QVERIFY(disks.ended());
        QVERIFY2(disks.outcome().ok(), qPrintable(disks.outcome().ok() ? QString() : disks.outcome().error().message));
        QVERIFY(!disks.outcome()->isEmpty());
        QCOMPARE(disks.outcome()->first().path, QStringLiteral("/dev/sda"));
        QCOMPARE(far->requests.size(), 1);
        QCOMPARE(far->requests.first().first, QStringLiteral("scan-disks"));
        QCOMPARE(far->requests.first().second.value(QStringLiteral("allow_loop")).toBool(), true);
    }

    void readsHealthWhenAsked()
    {
        HostDisks disks({QStringLiteral("root@storage1"), true, false, false, 0});
        auto helper = std::make_unique<ScriptedHelper>(recording);
        ScriptedHelper* far = helper.get();
        far->replies.insert(QStringLiteral("read-health"), far->recordedResult(QStringLiteral("scan-disks")));
        far->start();
        QSignalSpy finished(&disks, &HostDisks::finished);
        disks.attach(std::move(helper));
        QVERIFY(finished.wait(5000));
        QVERIFY(disks.outcome().ok());
        QCOMPARE(far->requests.first().first, QStringLiteral("read-health"));
    }

    void saysWhyAMachineGaveNoDisks()
    {
        // The helper refuses the request: its reason, after the machine's name.
        {
            HostDisks disks({QStringLiteral("root@storage1"), true, false, false, 0});
            auto helper = std::make_unique<ScriptedHelper>(recording);
            helper->start();
            QSignalSpy finished(&disks, &HostDisks::finished);
            disks.attach(std::move(helper));
            QVERIFY(finished.wait(5000));
            QVERIFY(!disks.outcome().ok());
            QCOMPARE(disks.outcome().error().code, QStringLiteral("unknown-op"));
            QVERIFY(disks.outcome().error().message.startsWith(QLatin1String("root@storage1: not in the recording")));
        }
        // The helper dies: why it closed.
        {
            HostDisks disks({QStringLiteral("root@storage1"), false, false, false, 0});
            auto helper = std::make_unique<ScriptedHelper>(recording);
            ScriptedHelper* far = helper.get();
            QSignalSpy finished(&disks, &HostDisks::finished);
            disks.attach(std::move(helper));
            far->die(QStringLiteral("the helper crashed"));
            QCOMPARE(finished.size(), 1);
            QCOMPARE(disks.outcome().error().code, ErrorCode::noHelper);
            QCOMPARE(disks.outcome().error().message, QStringLiteral("the helper crashed"));
        }
        // It never answers: given up after the timeout, once.
        {
            HostDisks disks({QStringLiteral("root@storage1"), false, false, false, 1});
            QSignalSpy finished(&disks, &HostDisks::finished);
            disks.attach(std::make_unique<ScriptedHelper>(recording)); // never says hello
            QVERIFY(finished.wait(5000));
            QCOMPARE(disks.outcome().error().code, ErrorCode::sshFailed);
            QCOMPARE(disks.outcome().error().message,
                     QStringLiteral("root@storage1: no answer within 1 s of connecting"));
            QTest::qWait(100);
            QCOMPARE(finished.size(), 1);
        }
        // Cancelled (Ctrl-C): ended at once, nothing changed.
        {
            HostDisks disks({QStringLiteral("root@storage1"), false, false, false, 0});
            QSignalSpy finished(&disks, &HostDisks::finished);
            disks.attach(std::make_unique<ScriptedHelper>(recording));
            disks.cancel();
            QCOMPARE(finished.size(), 1);
            QCOMPARE(disks.outcome().error().code, ErrorCode::cancelled);
        }
    }
};

QTEST_GUILESS_MAIN(TestHelperLinks)
#include "tst_helperlinks.moc"

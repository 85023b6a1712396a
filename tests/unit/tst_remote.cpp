#include "answer/compare.h"
#include "helper/helperclient.h"
#include "helper/sshtarget.h"
#include "helper/sshtransport.h"
#include "model/analysis.h"
#include "plan/campaignplan.h"
#include "plan/diskrule.h"
#include "util/errorcodes.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace RaidBench;

namespace {

Disk makeDisk(const QString& name, const QString& model, std::uint64_t gb, bool usable = true)
{
    Disk disk;
    disk.name = name;
    disk.path = QStringLiteral("/dev/") + name;
    disk.stablePath = QStringLiteral("/dev/disk/by-id/ata-%1_%2")
                          .arg(QString(model).replace(QLatin1Char(' '), QLatin1Char('_')), name);
    disk.kind = QStringLiteral("disk");
    disk.model = model;
    disk.sizeBytes = gb * 1000'000'000ull;
    disk.eligible = usable;
    if (!usable) {
        disk.reasons.append(DiskReason::asIs(QStringLiteral("mounted"), QStringLiteral("mounted at /srv")));
    }
    return disk;
}

QList<Disk> fleetDisks()
{
    return {makeDisk(QStringLiteral("sdd"), QStringLiteral("ST4000NM0033"), 4000),
            makeDisk(QStringLiteral("sdb"), QStringLiteral("ST4000NM0033"), 4000),
            makeDisk(QStringLiteral("sdc"), QStringLiteral("ST4000NM0033"), 4000, false),
            makeDisk(QStringLiteral("sde"), QStringLiteral("WDC WD20EFRX"), 2000),
            makeDisk(QStringLiteral("sda"), QStringLiteral("Samsung SSD 870"), 500),
            makeDisk(QStringLiteral("sdf"), QStringLiteral("ST4000NM0033"), 4000)};
}

CampaignResults hostResults(const QString& target, const QString& hostname, double mbps)
{
    CampaignResults results;
    results.status = RunState::Completed;
    results.host = QJsonObject {{QStringLiteral("hostname"), hostname}};
    if (!target.isEmpty()) {
        results.host.insert(
            QStringLiteral("connection"),
            QJsonObject {{QStringLiteral("transport"), QStringLiteral("ssh")}, {QStringLiteral("target"), target}});
    }
    for (int i = 0; i < 2; ++i) {
        DiskResult disk;
        disk.path = QStringLiteral("/dev/sd%1").arg(QChar(u'a' + i));
        disk.name = QStringLiteral("sd%1").arg(QChar(u'a' + i));
        disk.writeBw = mbps * 1e6;
        disk.readBw = mbps * 1e6;
        results.disks.append(disk);
    }
    return results;
}

} // namespace

/// Many machines: the ssh target (parsing, ssh's arguments, what its complaints mean), plans that
/// choose disks by rule, and hosts compared side by side. The real thing runs in tst_remote_lab.
class TestRemote final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parsesTargets_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("user");
        QTest::addColumn<QString>("host");
        QTest::addColumn<int>("port");
        QTest::addColumn<QString>("normalised");
        QTest::newRow("name") << "storage1"
                              << ""
                              << "storage1" << 0 << "storage1";
        QTest::newRow("user") << "root@storage1"
                              << "root"
                              << "storage1" << 0 << "root@storage1";
        QTest::newRow("port") << "admin@10.0.0.5:2222"
                              << "admin"
                              << "10.0.0.5" << 2222 << "admin@10.0.0.5:2222";
        QTest::newRow("fqdn") << "nas-02.example.org"
                              << ""
                              << "nas-02.example.org" << 0 << "nas-02.example.org";
        QTest::newRow("ipv6 port") << "[::1]:2201"
                                   << ""
                                   << "::1" << 2201 << "[::1]:2201";
        QTest::newRow("ipv6 user") << "root@[fe80::1]"
                                   << "root"
                                   << "fe80::1" << 0 << "root@fe80::1";
        QTest::newRow("alias") << "lab_1"
                               << ""
                               << "lab_1" << 0 << "lab_1";
        QTest::newRow("dotted user") << "first.last@h"
                                     << "first.last"
                                     << "h" << 0 << "first.last@h";
    }

    void parsesTargets()
    {
        QFETCH(QString, text);
        QFETCH(QString, user);
        QFETCH(QString, host);
        QFETCH(int, port);
        QFETCH(QString, normalised);
        const auto target = SshTarget::parse(text);
        QVERIFY2(target.ok(), qPrintable(target.ok() ? QString() : target.error().message));
        QCOMPARE(target->user, user);
        QCOMPARE(target->host, host);
        QCOMPARE(target->port, port);
        QCOMPARE(target->text(), normalised);
    }

    void refusesBadTargets_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("why");
        QTest::newRow("empty") << ""
                               << "empty";
        QTest::newRow("option") << "-oProxyCommand=sh"
                                << "starts with '-'";
        QTest::newRow("option after user") << "root@-oProxyCommand=sh"
                                           << "starts with '-'";
        QTest::newRow("user option") << "-l@host"
                                     << "starts with '-'";
        QTest::newRow("user starting with -") << "a@b@-c"
                                              << "user name";
        QTest::newRow("space") << "stor age"
                               << "letters, digits";
        QTest::newRow("shell") << "host;reboot"
                               << "letters, digits";
        QTest::newRow("dollar") << "$(reboot)"
                                << "letters, digits";
        QTest::newRow("newline") << "host\nProxyCommand x"
                                 << "letters, digits";
        QTest::newRow("port 0") << "host:0"
                                << "1 to 65535";
        QTest::newRow("port too big") << "host:70000"
                                      << "1 to 65535";
        QTest::newRow("port letters") << "host:ssh"
                                      << "1 to 65535";
        QTest::newRow("port sign") << "host:+22"
                                   << "1 to 65535";
        QTest::newRow("colon alone") << "host:"
                                     << "without a port";
        QTest::newRow("bracket open") << "[::1"
                                      << "without ']'";
        QTest::newRow("name in brackets") << "[storage1]:22"
                                          << "IPv6";
        QTest::newRow("after bracket") << "[::1]x"
                                       << "':PORT'";
        QTest::newRow("no host") << "root@"
                                 << "empty";
        QTest::newRow("no user") << "@host"
                                 << "user name";
        QTest::newRow("user space") << "ro ot@host"
                                    << "user name";
        QTest::newRow("ssh url") << "ssh://host"
                                 << "1 to 65535";
        QTest::newRow("long") << QString(301, QLatin1Char('a')) << "longer than 300";
        QTest::newRow("unicode") << QStringLiteral("h\u00f3st") << "letters, digits";
        QTest::newRow("trailing newline") << "host\n"
                                          << "letters, digits";
        QTest::newRow("user trailing newline") << "root\n@host"
                                               << "user name";
        QTest::newRow("port trailing newline") << "host:22\n"
                                               << "1 to 65535";
    }

    void refusesBadTargets()
    {
        QFETCH(QString, text);
        QFETCH(QString, why);
        const auto target = SshTarget::parse(text);
        QVERIFY(!target.ok());
        QCOMPARE(target.error().code, ErrorCode::badHost);
        QVERIFY2(target.error().message.contains(why), qPrintable(target.error().message));
    }

    void buildsSafeSshArguments()
    {
        qunsetenv("RAIDBENCH_SSH_CONFIG");
        const auto target = SshTarget::parse(QStringLiteral("admin@10.0.0.5:2222"));
        QVERIFY(target.ok());
        const QStringList args = target->sshArguments(QStringLiteral("/usr/libexec/raidbench/raidbench-helper"));
        QCOMPARE(args.first(), QStringLiteral("-T"));
        QVERIFY(args.contains(QStringLiteral("BatchMode=yes")));
        QVERIFY(args.contains(QStringLiteral("StrictHostKeyChecking=yes")));
        QCOMPARE(args.at(args.indexOf(QStringLiteral("-p")) + 1), QStringLiteral("2222"));
        QCOMPARE(args.at(args.indexOf(QStringLiteral("-l")) + 1), QStringLiteral("admin"));
        // The host alone after "--", then the one remote command: nothing after the host is an option.
        QCOMPARE(args.at(args.size() - 3), QStringLiteral("--"));
        QCOMPARE(args.at(args.size() - 2), QStringLiteral("10.0.0.5"));
        QCOMPARE(args.last(), SshTarget::remoteCommand(QStringLiteral("/usr/libexec/raidbench/raidbench-helper")));
        QVERIFY(!args.contains(QStringLiteral("-F")));

        qputenv("RAIDBENCH_SSH_CONFIG", "/etc/raidbench-ssh.conf");
        const QStringList withConfig = SshTarget::parse(QStringLiteral("h"))->sshArguments(QStringLiteral("/x"));
        qunsetenv("RAIDBENCH_SSH_CONFIG");
        QCOMPARE(withConfig.mid(0, 2), (QStringList {QStringLiteral("-F"), QStringLiteral("/etc/raidbench-ssh.conf")}));
        QVERIFY(!withConfig.contains(QStringLiteral("-p")) && !withConfig.contains(QStringLiteral("-l")));

        // The user's config cannot hand the host an agent, a display, a forward or a shared connection.
        for (const QString& option :
             {QStringLiteral("-a"), QStringLiteral("-x"), QStringLiteral("ClearAllForwardings=yes"),
              QStringLiteral("PermitLocalCommand=no"), QStringLiteral("ControlPath=none")}) {
            QVERIFY2(args.contains(option), qPrintable(option));
        }
        const QString command = SshTarget::remoteCommand(QStringLiteral("/opt/rb/raidbench-helper"));
        QVERIFY2(command.startsWith(QLatin1String("exec /bin/sh -c 'for h in /opt/rb/raidbench-helper; do ")),
                 qPrintable(command));
        QVERIFY(command.endsWith(QLatin1String("exit 127'")));
        QCOMPARE(command.count(QLatin1Char('\'')), 2); // one quoted word for any login shell
        QVERIFY(!command.contains(QLatin1Char('!'))); // csh would expand it
        QVERIFY(command.contains(QLatin1String("exec sudo -n -- \"$h\"")));
        QVERIFY(command.contains(QLatin1String("[ \"$(id -u)\" = 0 ]")));

        // Several places, tried in order; the message names them all.
        const QString two = SshTarget::remoteCommand(QStringLiteral("/usr/libexec/rb/h:/usr/local/libexec/rb/h"));
        QVERIFY2(
            two.startsWith(QLatin1String("exec /bin/sh -c 'for h in /usr/libexec/rb/h /usr/local/libexec/rb/h; do ")),
            qPrintable(two));
        QVERIFY2(two.contains(QLatin1String("/usr/libexec/rb/h or /usr/local/libexec/rb/h\" >&2; exit 127'")),
                 qPrintable(two));
        QCOMPARE(two.count(QLatin1Char('\'')), 2);
    }

    /// A CLI built under /usr/local reaches a host with the package (/usr/libexec) and the other way
    /// round: both places are tried unless the user names others.
    void looksWhereThePackageAndASourceInstallPutTheHelper()
    {
        qunsetenv("RAIDBENCH_REMOTE_HELPER");
        QStringList candidates = SshTarget::helperCandidates(SshTarget::defaultRemoteHelper());
        QVERIFY2(candidates.size() >= 2, qPrintable(candidates.join(QLatin1Char(':'))));
        QCOMPARE(candidates.at(0), QStringLiteral("/usr/libexec/raidbench/raidbench-helper"));
        QCOMPARE(candidates.at(1), QStringLiteral("/usr/local/libexec/raidbench/raidbench-helper"));
        QCOMPARE(candidates.removeDuplicates(), 0);
        QVERIFY(SshTarget::checkRemoteHelper(SshTarget::defaultRemoteHelper()).ok());

        qputenv("RAIDBENCH_REMOTE_HELPER", "/opt/rb/raidbench-helper");
        QCOMPARE(SshTarget::defaultRemoteHelper(), QStringLiteral("/opt/rb/raidbench-helper"));
        qunsetenv("RAIDBENCH_REMOTE_HELPER");

        const auto target = SshTarget::parse(QStringLiteral("admin@storage1"));
        QVERIFY(target.ok());
        const Error missing =
            target->explainFailure(QStringLiteral("/a/h:/b/h:/c/h"), 127,
                                   QStringLiteral("raidbench-remote: no helper at /a/h or /b/h or /c/h\n"));
        QCOMPARE(missing.code, ErrorCode::noHelper);
        QVERIFY2(missing.message.contains(QLatin1String("looked for /a/h, /b/h and /c/h")),
                 qPrintable(missing.message));
        const Error sudo =
            target->explainFailure(QStringLiteral("/a/h:/b/h"), 1, QStringLiteral("sudo: a password is required\n"));
        QVERIFY2(sudo.message.contains(QLatin1String("admin ALL=(root) NOPASSWD: /a/h, /b/h")),
                 qPrintable(sudo.message));
    }

    void checksTheRemoteHelperPath_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("ok");
        QTest::newRow("installed") << "/usr/libexec/raidbench/raidbench-helper" << true;
        QTest::newRow("build tree") << "/home/me/src/raid-bench_2/build-ci/bin/raidbench-helper" << true;
        QTest::newRow("plus") << "/opt/c++/raidbench-helper" << true;
        QTest::newRow("relative") << "raidbench-helper" << false;
        QTest::newRow("space") << "/usr/lib/raid bench/helper" << false;
        QTest::newRow("semicolon") << "/usr/bin/x;reboot" << false;
        QTest::newRow("quote") << "/usr/bin/x'y" << false;
        QTest::newRow("dollar") << "/usr/bin/$HOME" << false;
        QTest::newRow("backtick") << "/usr/bin/`id`" << false;
        QTest::newRow("newline") << "/usr/bin/x\nreboot" << false;
        QTest::newRow("trailing newline") << "/usr/bin/x\n" << false;
        QTest::newRow("dot dot") << "/usr/../bin/sh" << false;
        QTest::newRow("empty") << "" << false;
        QTest::newRow("two places") << "/usr/libexec/rb/h:/usr/local/libexec/rb/h" << true;
        QTest::newRow("empty place") << "/usr/libexec/rb/h::/x" << false;
        QTest::newRow("trailing colon") << "/usr/libexec/rb/h:" << false;
        QTest::newRow("second place relative") << "/usr/libexec/rb/h:h" << false;
        QTest::newRow("second place hostile") << "/usr/libexec/rb/h:/x;reboot" << false;
        QTest::newRow("nine places") << "/a:/b:/c:/d:/e:/f:/g:/h:/i" << false;
        QTest::newRow("eight places") << "/a:/b:/c:/d:/e:/f:/g:/h" << true;
    }

    void checksTheRemoteHelperPath()
    {
        QFETCH(QString, path);
        QFETCH(bool, ok);
        QCOMPARE(SshTarget::checkRemoteHelper(path).ok(), ok);
    }

    void explainsWhatSshSaid_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("stderrText");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("says");
        // What ssh, sudo and the remote shell printed in the lab (OpenSSH 9.2, sudo 1.9.13).
        QTest::newRow("unknown key")
            << "root@127.0.0.1:2201" << 255
            << "No ED25519 host key is known for [127.0.0.1]:2201 and you have requested strict "
               "checking.\r\nHost key verification failed.\r\n"
            << ErrorCode::sshHostKey << "run ssh -p 2201 root@127.0.0.1 once";
        QTest::newRow("changed key")
            << "storage1" << 255
            << "@    WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!     @\nHost key verification "
               "failed.\n"
            << ErrorCode::sshHostKey << "storage1: ssh does not know this host's key";
        QTest::newRow("no key") << "nobody@127.0.0.1:2201" << 255
                                << "nobody@127.0.0.1: Permission denied (publickey).\r\n"
                                << ErrorCode::sshAuth << "ssh-copy-id -p 2201 nobody@127.0.0.1";
        QTest::newRow("sudo password") << "admin@storage1" << 1 << "sudo: a password is required\n"
                                       << ErrorCode::sshSudo
                                       << "admin ALL=(root) NOPASSWD: /usr/libexec/raidbench/raidbench-helper";
        QTest::newRow("sudo refuses") << "admin@storage1" << 1
                                      << "Sorry, user admin is not allowed to execute '/usr/libexec/raidbench/"
                                         "raidbench-helper' as root on storage1.\n"
                                      << ErrorCode::sshSudo << "sudo does not let it run the helper";
        QTest::newRow("no sudo") << "admin@storage1" << 127 << "sh: 1: exec: sudo: not found\n"
                                 << ErrorCode::sshSudo << "Connect as root";
        QTest::newRow("no helper") << "storage1" << 127
                                   << "raidbench-remote: no helper at /usr/libexec/raidbench/raidbench-helper\n"
                                   << ErrorCode::noHelper << "install the raidbench-cli package";
        QTest::newRow("refused") << "root@127.0.0.1:2299" << 255
                                 << "ssh: connect to host 127.0.0.1 port 2299: Connection refused\r\n"
                                 << ErrorCode::sshFailed << "cannot connect: ssh: connect to host 127.0.0.1 port 2299";
        QTest::newRow("unresolved") << "nas9" << 255
                                    << "ssh: Could not resolve hostname nas9: Name or service not known\n"
                                    << ErrorCode::sshFailed << "Could not resolve hostname";
        QTest::newRow("helper died") << "storage1" << 1 << "" << ErrorCode::sshFailed
                                     << "ended before it answered (exit code 1)";
    }

    void explainsWhatSshSaid()
    {
        QFETCH(QString, target);
        QFETCH(int, exitCode);
        QFETCH(QString, stderrText);
        QFETCH(QString, code);
        QFETCH(QString, says);
        const auto parsed = SshTarget::parse(target);
        QVERIFY(parsed.ok());
        const Error error =
            parsed->explainFailure(QStringLiteral("/usr/libexec/raidbench/raidbench-helper"), exitCode, stderrText);
        QCOMPARE(error.code, code);
        QVERIFY2(error.message.startsWith(parsed->text() + QLatin1Char(':')), qPrintable(error.message));
        QVERIFY2(error.message.contains(says), qPrintable(error.message));
    }

    /// A far side that lets ssh in and then says nothing is given up after the answer timeout, with
    /// ssh-failed and the host named, and ssh is killed at once (it held no session of ours). The
    /// stand-in for ssh is a script (RAIDBENCH_SSH); tst_remote_lab does it over real ssh.
    void givesUpAFarSideThatNeverAnswers()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString ssh = dir.filePath(QStringLiteral("ssh"));
        const QString pidFile = dir.filePath(QStringLiteral("pid"));
        QFile script(ssh);
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(QStringLiteral("#!/bin/sh\necho 'Warning: a note on stderr' >&2\necho $$ > %1\nexec sleep 600\n")
                         .arg(pidFile)
                         .toUtf8());
        script.close();
        QVERIFY(script.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner));
        qputenv("RAIDBENCH_SSH", ssh.toUtf8());
        const auto target = SshTarget::parse(QStringLiteral("admin@storage1:2222"));
        QVERIFY(target.ok());
        {
            HelperClient client;
            QCOMPARE(SshTransport(*target).answerTimeout(), 120);
            QSignalSpy closed(&client, &HelperClient::closed);
            QSignalSpy connected(&client, &HelperClient::connected);
            QVERIFY(client.start(std::make_unique<SshTransport>(*target, SshTarget::defaultRemoteHelper(), 1)).ok());
            QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(pidFile) && QFileInfo(pidFile).size() > 0, 5000);
            QFile pid(pidFile);
            QVERIFY(pid.open(QIODevice::ReadOnly));
            const QString proc = QStringLiteral("/proc/%1").arg(QString::fromLatin1(pid.readAll()).trimmed().toInt());
            QVERIFY(QFileInfo::exists(proc));
            QTRY_COMPARE_WITH_TIMEOUT(closed.size(), 1, 10000);
            QCOMPARE(connected.size(), 0);
            QCOMPARE(client.lastError().code, ErrorCode::sshFailed);
            QVERIFY2(client.lastError().message.startsWith(
                         QLatin1String("admin@storage1:2222: no answer within 1 s of connecting: the host, its ssh "
                                       "server or the helper there is not responding (ssh said: Warning: a note")),
                     qPrintable(client.lastError().message));
            // Killed, not left sleeping for 600 s: reaped within moments.
            QTRY_VERIFY_WITH_TIMEOUT(!QFileInfo::exists(proc), 5000);
        }
        // Given up by its user (the window disconnecting, another host's deadline) before it answered:
        // ended at once too, and nobody waits for it.
        QVERIFY(QFile::remove(pidFile));
        QString proc;
        QElapsedTimer clock;
        {
            HelperClient client;
            QVERIFY(client.start(std::make_unique<SshTransport>(*target)).ok());
            QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(pidFile) && QFileInfo(pidFile).size() > 0, 5000);
            QFile pid(pidFile);
            QVERIFY(pid.open(QIODevice::ReadOnly));
            proc = QStringLiteral("/proc/%1").arg(QString::fromLatin1(pid.readAll()).trimmed().toInt());
            clock.start();
            client.stop();
        }
        QVERIFY2(clock.elapsed() < 8000, qPrintable(QString::number(clock.elapsed())));
        QVERIFY(!QFileInfo::exists(proc));
        qunsetenv("RAIDBENCH_SSH");
    }

    void readsDiskRules_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("error");
        QTest::newRow("usable") << QByteArray(R"({"select": "usable"})") << "";
        QTest::newRow("all fields")
            << QByteArray(R"({"select": "usable", "model": "ST4000*", "min_size": "1T", "max_size": "8T", "count": 4})")
            << "";
        QTest::newRow("no select") << QByteArray(R"({"model": "ST*"})") << "\"select\" must be \"usable\"";
        QTest::newRow("other select") << QByteArray(R"({"select": "all"})") << "\"select\" must be \"usable\"";
        QTest::newRow("unknown") << QByteArray(R"({"select": "usable", "serial": "X"})") << "unknown field \"serial\"";
        QTest::newRow("empty model") << QByteArray(R"({"select": "usable", "model": ""})") << "\"model\" must be";
        QTest::newRow("model number") << QByteArray(R"({"select": "usable", "model": 4})") << "\"model\" must be";
        QTest::newRow("bad size") << QByteArray(R"({"select": "usable", "min_size": "big"})") << "\"min_size\" must be";
        QTest::newRow("size number") << QByteArray(R"({"select": "usable", "max_size": 1000})")
                                     << "\"max_size\" must be";
        QTest::newRow("zero size") << QByteArray(R"({"select": "usable", "min_size": "0"})") << "\"min_size\" must be";
        QTest::newRow("min above max") << QByteArray(R"({"select": "usable", "min_size": "4T", "max_size": "1T"})")
                                       << "min_size is above max_size";
        QTest::newRow("count 0") << QByteArray(R"({"select": "usable", "count": 0})") << "from 1 to 64";
        QTest::newRow("count 65") << QByteArray(R"({"select": "usable", "count": 65})") << "from 1 to 64";
        QTest::newRow("count half") << QByteArray(R"({"select": "usable", "count": 1.5})") << "from 1 to 64";
        QTest::newRow("count text") << QByteArray(R"({"select": "usable", "count": "4"})") << "from 1 to 64";
    }

    void readsDiskRules()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, error);
        const auto rule = DiskRule::fromJson(QJsonDocument::fromJson(json).object());
        if (error.isEmpty()) {
            QVERIFY2(rule.ok(), qPrintable(rule.ok() ? QString() : rule.error().message));
            QCOMPARE(QJsonDocument(rule->toJson()).object(), QJsonDocument::fromJson(json).object());
        } else {
            QVERIFY(!rule.ok());
            QCOMPARE(rule.error().code, ErrorCode::invalidPlan);
            QVERIFY2(rule.error().message.contains(error), qPrintable(rule.error().message));
        }
    }

    void resolvesDiskRules()
    {
        const QList<Disk> disks = fleetDisks();
        DiskRule rule;
        rule.model = QStringLiteral("st4000*");
        auto chosen = rule.resolve(disks);
        QVERIFY(chosen.ok());
        // The usable ones, by their stable names; the mounted one is not chosen.
        QCOMPARE(*chosen,
                 (QStringList {QStringLiteral("/dev/disk/by-id/ata-ST4000NM0033_sdb"),
                               QStringLiteral("/dev/disk/by-id/ata-ST4000NM0033_sdd"),
                               QStringLiteral("/dev/disk/by-id/ata-ST4000NM0033_sdf")}));
        rule.count = 2;
        QCOMPARE(rule.resolve(disks)->size(), 2);
        QCOMPARE(rule.resolve(disks)->first(), QStringLiteral("/dev/disk/by-id/ata-ST4000NM0033_sdb"));
        QCOMPARE(rule.text(), QStringLiteral("every usable disk of model st4000*, 2 of them"));
        rule.count = 4;
        auto tooFew = rule.resolve(disks);
        QVERIFY(!tooFew.ok());
        QCOMPARE(tooFew.error().code, ErrorCode::noDisksMatch);
        QVERIFY2(tooFew.error().message.contains(QLatin1String("only 3 disk(s) match")),
                 qPrintable(tooFew.error().message));
        QVERIFY2(tooFew.error().message.contains(QLatin1String("matching but in use: sdc (mounted at /srv)")),
                 qPrintable(tooFew.error().message));

        DiskRule sized;
        sized.minBytes = 1000'000'000'000ull;
        sized.maxBytes = 3000'000'000'000ull;
        QCOMPARE(*sized.resolve(disks), QStringList {QStringLiteral("/dev/disk/by-id/ata-WDC_WD20EFRX_sde")});

        DiskRule none;
        none.model = QStringLiteral("WD40*");
        auto nothing = none.resolve(disks);
        QVERIFY(!nothing.ok());
        QVERIFY2(nothing.error().message.startsWith(QLatin1String("no disks match every usable disk of model WD40*")),
                 qPrintable(nothing.error().message));
        QVERIFY2(nothing.error().message.contains(QLatin1String("usable but not matching: sdd (ST4000NM0033")),
                 qPrintable(nothing.error().message));

        // Partitions and (unless allowed) loop devices are never chosen.
        QList<Disk> loops {makeDisk(QStringLiteral("loop0"), QString(), 1)};
        loops.first().kind = QStringLiteral("loop");
        QVERIFY(!DiskRule().resolve(loops).ok());
        QCOMPARE(DiskRule().resolve(loops, true)->size(), 1);
    }

    void plansCarryTheRuleAndWhatItChose()
    {
        const QJsonObject json {{QStringLiteral("raidbench_plan"), 1},
                                {QStringLiteral("disks"),
                                 QJsonObject {{QStringLiteral("select"), QStringLiteral("usable")},
                                              {QStringLiteral("model"), QStringLiteral("ST4000*")},
                                              {QStringLiteral("count"), 2}}},
                                {QStringLiteral("configurations"), QJsonArray {QStringLiteral("raid1")}}};
        auto plan = CampaignPlan::fromJson(json);
        QVERIFY2(plan.ok(), qPrintable(plan.ok() ? QString() : plan.error().message));
        QVERIFY(plan->diskRule.has_value());
        QVERIFY(plan->disks.isEmpty());
        QVERIFY(plan->toJson().value(QStringLiteral("disks")).isObject());
        QVERIFY(plan->resolveDisks(fleetDisks()).ok());
        QCOMPARE(plan->disks.size(), 2);
        // Resolved: the chosen disks and the rule that chose them, read back as they are.
        const QJsonObject saved = plan->toJson();
        QVERIFY(saved.value(QStringLiteral("disks")).isArray());
        QCOMPARE(saved.value(QStringLiteral("disk_rule")).toObject().value(QStringLiteral("count")).toInt(), 2);
        auto again = CampaignPlan::fromJson(saved);
        QVERIFY(again.ok());
        QCOMPARE(again->disks, plan->disks);
        QCOMPARE(again->diskRule->model, QStringLiteral("ST4000*"));
        // Resolving again changes nothing; a plan of paths has nothing to resolve.
        QVERIFY(again->resolveDisks({}).ok());
        QCOMPARE(again->disks, plan->disks);

        QJsonObject bad = json;
        bad.insert(QStringLiteral("disks"), QJsonObject {{QStringLiteral("select"), QStringLiteral("every")}});
        QCOMPARE(CampaignPlan::fromJson(bad).error().code, ErrorCode::invalidPlan);
        bad.insert(QStringLiteral("disks"), QStringLiteral("usable"));
        QVERIFY2(CampaignPlan::fromJson(bad).error().message.contains(QLatin1String("or a rule")),
                 qPrintable(CampaignPlan::fromJson(bad).error().message));
        bad = json;
        bad.insert(QStringLiteral("disk_rule"), 4);
        QVERIFY(!CampaignPlan::fromJson(bad).ok());

        auto unmatched = CampaignPlan::fromJson(json);
        const auto refused = unmatched->resolveDisks({makeDisk(QStringLiteral("sda"), QStringLiteral("X"), 1)});
        QCOMPARE(refused.error().code, ErrorCode::noDisksMatch);
        QVERIFY(unmatched->disks.isEmpty());
    }

    void comparesHostsAgainstTheFleet()
    {
        const CampaignResults fast = hostResults(QStringLiteral("root@nas1"), QStringLiteral("nas"), 100);
        const CampaignResults slow = hostResults(QStringLiteral("root@nas2"), QStringLiteral("nas"), 50);
        const CampaignResults third = hostResults(QStringLiteral("root@nas3"), QStringLiteral("nas"), 100);
        QCOMPARE(resultsHost(fast), QStringLiteral("root@nas1"));
        const QStringList paths {QStringLiteral("/r/a.json"), QStringLiteral("/r/b.json"), QStringLiteral("/r/c.json")};
        const QStringList labels = compareLabels(paths, {fast, slow, third});
        QCOMPARE(labels,
                 (QStringList {QStringLiteral("root@nas1"), QStringLiteral("root@nas2"), QStringLiteral("root@nas3")}));
        const CampaignResults merged =
            compareResults({{fast, labels.at(0)}, {slow, labels.at(1)}, {third, labels.at(2)}});
        QCOMPARE(merged.comparedHosts.size(), 3);
        QCOMPARE(merged.disks.size(), 6);
        int flagged = 0;
        for (const DiskResult& disk : merged.disks) {
            if (disk.slow) {
                ++flagged;
                QVERIFY2(disk.name.endsWith(QLatin1String("root@nas2")), qPrintable(disk.name));
                QVERIFY2(disk.slowReason.contains(
                             QStringLiteral("50 % of the fleet's median disk (sdb · root@nas1 at 100.0 MB/s)")),
                         qPrintable(disk.slowReason));
            }
        }
        QCOMPARE(flagged, 2);
        // Analysing the merge again keeps the fleet's median (the HTML report does).
        CampaignResults reanalysed = merged;
        analyzeResults(reanalysed);
        QVERIFY(reanalysed.disks.at(2).slowReason.contains(QLatin1String("fleet's median disk")));

        // The same machine twice (before / after): no fleet, each file judged on its own.
        const CampaignResults before = hostResults(QString(), QStringLiteral("nas"), 100);
        const CampaignResults after = hostResults(QString(), QStringLiteral("nas"), 50);
        const QStringList sameHost =
            compareLabels({QStringLiteral("/r/before.json"), QStringLiteral("/r/after.json")}, {before, after});
        QCOMPARE(sameHost, (QStringList {QStringLiteral("before"), QStringLiteral("after")}));
        const CampaignResults pair = compareResults({{before, sameHost.at(0)}, {after, sameHost.at(1)}});
        QVERIFY(pair.comparedHosts.isEmpty());
        for (const DiskResult& disk : pair.disks) {
            QVERIFY(!disk.slow);
        }
        // Host names tell machines apart when none ran over ssh.
        const QStringList byName = compareLabels(
            {QStringLiteral("/r/1.json"), QStringLiteral("/r/2.json")},
            {hostResults(QString(), QStringLiteral("nas-a"), 1), hostResults(QString(), QStringLiteral("nas-b"), 1)});
        QCOMPARE(byName, (QStringList {QStringLiteral("nas-a"), QStringLiteral("nas-b")}));
    }
};

QTEST_GUILESS_MAIN(TestRemote)
#include "tst_remote.moc"

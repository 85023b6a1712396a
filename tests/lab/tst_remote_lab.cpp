#include "../common/benchrow.h"
#include "../common/cli.h"
#include "../common/labfiles.h"
#include "client/session.h"
#include "mainwindow.h"
#include "results/campaignresults.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <arpa/inet.h>
#include <csignal>
#include <memory>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace RaidBench;
using namespace RaidBench::Test;
using RaidBench::Session;

namespace {

/// A free TCP port on 127.0.0.1 (the kernel's choice; qemu binds it a moment later).
int freeLoopbackPort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof(address);
    int port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
        port = ntohs(address.sin_port);
    }
    ::close(fd);
    return port;
}

bool runQuiet(const QString& program, const QStringList& arguments)
{
    QProcess process;
    process.start(program, arguments);
    return process.waitForFinished(60000) && process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
}

/// One lab VM serving ssh on a loopback port.
struct SshHost
{
    std::unique_ptr<QProcess> process;
    int port = 0;
    double throttleMBps = 0;
    QString target() const { return QStringLiteral("root@127.0.0.1:%1").arg(port); }
};

} // namespace

/// Many machines over OpenSSH, for real: two lab VMs serve ssh on 127.0.0.1 ports (their sshd is
/// this machine's own, their disks throttled to different speeds), and raidbench-cli reaches them
/// with ssh as it would reach servers. Only loopback addresses are used.
class TestRemoteLab final : public QObject
{
    Q_OBJECT

private:
    // Under /var/tmp: the VMs see the host's root read-only but have /tmp of their own, and the
    // stand-in helpers below must be visible inside them.
    QTemporaryDir m_dir {QStringLiteral("/var/tmp/raidbench-remote-XXXXXX")};

    SshHost m_hosts[2];
    QStringList m_env;
    const QString m_user = QStringLiteral("rbremotetest");
    bool m_userMade = false;

    QString path(const QString& name) const { return m_dir.filePath(name); }

    CliRun cli(const QStringList& arguments, int timeoutMs = 120000, const QStringList& extraEnv = {})
    {
        return runCli(arguments, timeoutMs, QStringLiteral("raidbench-cli"), {}, m_env + extraEnv);
    }

    /// Runs a shell command on a lab host over ssh, as root (to look inside it).
    QString onHost(const SshHost& host, const QString& command)
    {
        QProcess ssh;
        ssh.start(QStringLiteral("ssh"),
                  {QStringLiteral("-F"), path(QStringLiteral("ssh_config")), QStringLiteral("-p"),
                   QString::number(host.port), QStringLiteral("root@127.0.0.1"), command});
        if (!ssh.waitForFinished(60000)) {
            ssh.kill();
            ssh.waitForFinished();
            return QStringLiteral("(timed out)");
        }
        return QString::fromLocal8Bit(ssh.readAllStandardOutput());
    }

    /// Nothing RaidBench made is left on the host: no md array, no device-mapper device, no journal.
    void verifyNothingLeft(const SshHost& host)
    {
        const QString md = onHost(host, QStringLiteral("cat /proc/mdstat"));
        QVERIFY2(!md.contains(QLatin1String(" : active")) && !md.contains(QLatin1String(" : inactive")),
                 qPrintable(md));
        const QString dm = onHost(host, QStringLiteral("ls /sys/block | grep -c '^dm-' || true"));
        QCOMPARE(dm.trimmed(), QStringLiteral("0"));
        const QString journals = onHost(
            host, QStringLiteral("find /var/lib/raidbench/journal /run/raidbench/journal -type f 2>/dev/null | wc -l"));
        QCOMPARE(journals.trimmed(), QStringLiteral("0"));
    }

    QString writePlan(const QString& name, const QJsonObject& disks, const QJsonArray& configs, const QString& time)
    {
        const QJsonObject plan {
            {QStringLiteral("raidbench_plan"), 1},
            {QStringLiteral("disks"), disks},
            {QStringLiteral("configurations"), configs},
            {QStringLiteral("patterns"), false}, // tst_campaign_lab measures them
            {QStringLiteral("tests"), QJsonArray {QStringLiteral("seq1m-qd8-write"), QStringLiteral("seq1m-qd8-read")}},
            {QStringLiteral("limits"),
             QJsonObject {{QStringLiteral("time"), time}, {QStringLiteral("ramp"), QStringLiteral("500ms")}}}};
        writeJson(path(name), plan); // a plan that is not there fails the run that reads it
        return path(name);
    }

    /// A stand-in for the helper on the far side, a shell script the VMs can run.
    QString writeFakeHelper(const QString& name, const QString& body)
    {
        QFile file(path(name));
        if (file.open(QIODevice::WriteOnly)) {
            file.write(QStringLiteral("#!/bin/sh\n%1\n").arg(body).toUtf8());
            file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup |
                                QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther);
        }
        return file.fileName();
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (geteuid() != 0) {
            QSKIP("the lab needs root");
        }
        QVERIFY(m_dir.isValid());
        m_dir.setAutoRemove(qEnvironmentVariableIsEmpty("RAIDBENCH_KEEP_LAB_OUT"));
        QFile::setPermissions(m_dir.path(),
                              QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup |
                                  QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther);
        QVERIFY2(QFileInfo(QStringLiteral("/usr/sbin/sshd")).isExecutable(),
                 "openssh-server is missing (scripts/install-deps installs it)");
        QVERIFY2(QFileInfo(QStringLiteral("/usr/bin/sudo")).isExecutable(),
                 "sudo is missing (scripts/install-deps installs it)");
        // The client's key, the hosts' keys and their known_hosts lines, an ssh configuration of our own.
        QVERIFY(runQuiet(QStringLiteral("ssh-keygen"),
                         {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"), QStringLiteral("-N"),
                          QString(), QStringLiteral("-f"), path(QStringLiteral("id"))}));
        QByteArray knownHosts;
        // Clearly apart: a disk below 75 % of the fleet's median is slow, and at 60 against 100 the slow
        // host's disks sat right at that line (a CI run measured 59.1 beside a fast host at 91: not slow).
        const double speeds[2] = {100, 40};
        for (int i = 0; i < 2; ++i) {
            const QString key = path(QStringLiteral("hostkey%1").arg(i));
            QVERIFY(runQuiet(QStringLiteral("ssh-keygen"),
                             {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"),
                              QStringLiteral("-N"), QString(), QStringLiteral("-f"), key}));
            m_hosts[i].port = freeLoopbackPort();
            m_hosts[i].throttleMBps = speeds[i];
            QVERIFY(m_hosts[i].port > 0);
            QFile pub(key + QStringLiteral(".pub"));
            QVERIFY(pub.open(QIODevice::ReadOnly));
            const QList<QByteArray> parts = pub.readAll().trimmed().split(' ');
            knownHosts += QStringLiteral("[127.0.0.1]:%1 ").arg(m_hosts[i].port).toUtf8() + parts.value(0) + ' ' +
                parts.value(1) + '\n';
        }
        QFile known(path(QStringLiteral("known_hosts")));
        QVERIFY(known.open(QIODevice::WriteOnly));
        known.write(knownHosts);
        known.close();
        QFile empty(path(QStringLiteral("known_hosts_empty")));
        QVERIFY(empty.open(QIODevice::WriteOnly));
        empty.close();
        for (const auto& [name, knownFile] :
             {std::pair {QStringLiteral("ssh_config"), QStringLiteral("known_hosts")},
              std::pair {QStringLiteral("ssh_config_unknown"), QStringLiteral("known_hosts_empty")}}) {
            QFile config(path(name));
            QVERIFY(config.open(QIODevice::WriteOnly));
            config.write(QStringLiteral("Host *\n    IdentityFile %1\n    IdentitiesOnly yes\n    UserKnownHostsFile "
                                        "%2\n    GlobalKnownHostsFile /dev/null\n    LogLevel ERROR\n")
                             .arg(path(QStringLiteral("id")), path(knownFile))
                             .toUtf8());
        }
        // A user who is not root, for sudo: one that sudo asks for a password.
        QProcess::execute(QStringLiteral("userdel"), {m_user});
        // '*', not useradd's '!': sshd refuses a locked account before sudo could be asked.
        QVERIFY(runQuiet(QStringLiteral("useradd"),
                         {QStringLiteral("--system"), QStringLiteral("--no-create-home"), QStringLiteral("--shell"),
                          QStringLiteral("/bin/sh"), QStringLiteral("--password"), QStringLiteral("*"), m_user}));
        m_userMade = true;

        // Both VMs boot at once.
        for (int i = 0; i < 2; ++i) {
            auto& host = m_hosts[i];
            host.process = std::make_unique<QProcess>();
            host.process->setProcessChannelMode(QProcess::SeparateChannels);
            host.process->setStandardErrorFile(path(QStringLiteral("vm%1.log").arg(i)));
            host.process->start(binary(QStringLiteral("raidbench-cli")),
                                {QStringLiteral("lab"), QStringLiteral("ssh-host"), QStringLiteral("--disks"),
                                 QStringLiteral("2x1G@%1").arg(host.throttleMBps), QStringLiteral("--port"),
                                 QString::number(host.port), QStringLiteral("--authorized-keys"),
                                 path(QStringLiteral("id.pub")), QStringLiteral("--host-key"),
                                 path(QStringLiteral("hostkey%1").arg(i)), QStringLiteral("--name"),
                                 QStringLiteral("lab-host-%1").arg(i + 1), QStringLiteral("--user"), m_user,
                                 QStringLiteral("--timeout"), QStringLiteral("40m")});
            QVERIFY(host.process->waitForStarted(10000));
        }
        QElapsedTimer boot;
        boot.start();
        for (auto& host : m_hosts) {
            QByteArray out;
            while (!out.contains("ready on") && boot.elapsed() < 240000 && host.process->state() == QProcess::Running) {
                host.process->waitForReadyRead(1000);
                out += host.process->readAllStandardOutput();
            }
            QVERIFY2(out.contains("ready on 127.0.0.1"), out.constData());
            QVERIFY2(out.contains(QStringLiteral("[127.0.0.1]:%1 ssh-ed25519").arg(host.port).toUtf8()),
                     out.constData());
        }
        qInfo("both ssh hosts ready in %.1f s", double(boot.elapsed()) / 1000.0);
        m_env = {QStringLiteral("RAIDBENCH_SSH_CONFIG=%1").arg(path(QStringLiteral("ssh_config"))),
                 QStringLiteral("RAIDBENCH_REMOTE_HELPER=%1").arg(binary(QStringLiteral("raidbench-helper")))};
    }

    void cleanupTestCase()
    {
        for (auto& host : m_hosts) {
            if (host.process && host.process->state() == QProcess::Running) {
                host.process->terminate();
                if (!host.process->waitForFinished(60000)) {
                    host.process->kill();
                    host.process->waitForFinished();
                }
            }
        }
        if (m_userMade) {
            QProcess::execute(QStringLiteral("userdel"), {m_user});
        }
    }

    void listsTheDisksOfAHost()
    {
        const CliRun run =
            cli({QStringLiteral("disks"), QStringLiteral("--host"), m_hosts[0].target(), QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const QJsonArray disks = QJsonDocument::fromJson(run.out.toUtf8()).array();
        QCOMPARE(disks.size(), 2);
        for (const auto& value : disks) {
            const QJsonObject disk = value.toObject();
            QVERIFY(disk.value(QStringLiteral("eligible")).toBool());
            QVERIFY2(disk.value(QStringLiteral("model")).toString().contains(QLatin1String("W100")),
                     qPrintable(disk.value(QStringLiteral("model")).toString()));
        }

        // Several places for the helper: the first one that is there runs (a package's and a source
        // install's paths, as the default has them).
        const CliRun fallback = cli({QStringLiteral("disks"), QStringLiteral("--host"), m_hosts[0].target(),
                                     QStringLiteral("--json"), QStringLiteral("--remote-helper"),
                                     QStringLiteral("/usr/lib/raidbench-none/raidbench-helper:%1")
                                         .arg(binary(QStringLiteral("raidbench-helper")))});
        QVERIFY2(fallback.exitCode == 0, qPrintable(fallback.err));
        QCOMPARE(QJsonDocument::fromJson(fallback.out.toUtf8()).array().size(), 2);
    }

    void refusesWithAClearError_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QStringList>("env");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("expected");
        const QString host = m_hosts[0].target();
        const QStringList disks {QStringLiteral("disks"), QStringLiteral("--host")};
        QTest::newRow("unknown host key")
            << (disks + QStringList {host})
            << QStringList {QStringLiteral("RAIDBENCH_SSH_CONFIG=%1").arg(path(QStringLiteral("ssh_config_unknown")))}
            << 1 << QStringLiteral("%1: ssh does not know this host's key").arg(host);
        QTest::newRow("no helper installed")
            << (disks +
                QStringList {host, QStringLiteral("--remote-helper"),
                             QStringLiteral("/usr/lib/raidbench-none/raidbench-helper")})
            << QStringList {} << 1
            << QStringLiteral(
                   "%1: the helper is not installed there (looked for /usr/lib/raidbench-none/raidbench-helper)")
                   .arg(host);
        QTest::newRow("sudo asks for a password")
            << (disks + QStringList {QStringLiteral("%1@127.0.0.1:%2").arg(m_user).arg(m_hosts[0].port)})
            << QStringList {} << 1 << QStringLiteral("sudo asks %1 for a password").arg(m_user);
        QTest::newRow("no key accepted") << (disks +
                                             QStringList {QStringLiteral("nobody@127.0.0.1:%1").arg(m_hosts[0].port)})
                                         << QStringList {} << 1
                                         << QStringLiteral("could not log in without a password");
        QTest::newRow("older helper")
            << (disks +
                QStringList {
                    host, QStringLiteral("--remote-helper"),
                    writeFakeHelper(QStringLiteral("old-helper"),
                                    QStringLiteral("read line\necho '{\"id\":1,\"ok\":true,\"result\":"
                                                   "{\"protocol\":1,\"raidbench_version\":\"0.0.9\"}}'\nsleep 2"))})
            << QStringList {} << 1 << QStringLiteral("is RaidBench 0.0.9 (protocol 1), this is RaidBench");
        QTest::newRow("helper refuses our version")
            << (disks +
                QStringList {
                    host, QStringLiteral("--remote-helper"),
                    writeFakeHelper(QStringLiteral("new-helper"),
                                    QStringLiteral("read line\necho '{\"id\":1,\"ok\":false,\"error\":{\"code\":"
                                                   "\"protocol-mismatch\",\"message\":\"this helper speaks "
                                                   "protocol 9, the client 2\"}}'\nsleep 2"))})
            << QStringList {} << 1 << QStringLiteral("this helper speaks protocol 9, the client 2 (this is RaidBench");
        QTest::newRow("garbage") << (disks +
                                     QStringList {
                                         host, QStringLiteral("--remote-helper"),
                                         writeFakeHelper(QStringLiteral("garbage-helper"),
                                                         QStringLiteral("echo 'Welcome to storage1!'\nsleep 30"))})
                                 << QStringList {} << 1
                                 << QStringLiteral("sent something that is not the helper protocol: Welcome");
        QTest::newRow("never answers") << (disks +
                                           QStringList {host, QStringLiteral("--connect-timeout"), QStringLiteral("5"),
                                                        QStringLiteral("--remote-helper"),
                                                        writeFakeHelper(QStringLiteral("silent-helper"),
                                                                        QStringLiteral("sleep 600"))})
                                       << QStringList {} << 1
                                       << QStringLiteral("%1: no answer within 5 s of connecting").arg(host);
        QTest::newRow("never answers, one of the hosts")
            << QStringList {QStringLiteral("run"),
                            path(QStringLiteral("any.json")),
                            QStringLiteral("--hosts"),
                            host,
                            QStringLiteral("--connect-timeout"),
                            QStringLiteral("5"),
                            QStringLiteral("--remote-helper"),
                            writeFakeHelper(QStringLiteral("silent-helper"), QStringLiteral("sleep 600")),
                            QStringLiteral("--out"),
                            path(QStringLiteral("silent")),
                            QStringLiteral("--yes")}
            << QStringList {} << 1 << QStringLiteral("no answer within 5 s of connecting");
        QTest::newRow("a connect timeout out of range")
            << (disks + QStringList {host, QStringLiteral("--connect-timeout"), QStringLiteral("0")}) << QStringList {}
            << 2 << QStringLiteral("--connect-timeout takes a number of seconds from 1 to 3600");
        QTest::newRow("stops mid-line")
            << (disks +
                QStringList {host, QStringLiteral("--remote-helper"),
                             writeFakeHelper(QStringLiteral("cut-helper"),
                                             QStringLiteral("read line\nprintf '{\"id\":1,\"ok\":tr'"))})
            << QStringList {} << 1 << QStringLiteral("stopped in the middle of a message");
        QTest::newRow("host starting with -")
            << (disks + QStringList {QStringLiteral("-oProxyCommand=touch %1").arg(path(QStringLiteral("injected")))})
            << QStringList {} << 2 << QStringLiteral("starts with '-', which ssh would read as an option");
        QTest::newRow("one of the hosts starts with -")
            << QStringList {QStringLiteral("run"),
                            path(QStringLiteral("any.json")),
                            QStringLiteral("--hosts"),
                            host + QStringLiteral(",-oProxyCommand=touch %1").arg(path(QStringLiteral("injected"))),
                            QStringLiteral("--out"),
                            path(QStringLiteral("x"))}
            << QStringList {} << 2 << QStringLiteral("starts with '-'");
        QTest::newRow("a helper path the shell would read")
            << (disks + QStringList {host, QStringLiteral("--remote-helper"), QStringLiteral("/usr/bin/x;reboot")})
            << QStringList {} << 2 << QStringLiteral("must be absolute and hold only");
    }

    void refusesWithAClearError()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QStringList, env);
        QFETCH(int, exitCode);
        QFETCH(QString, expected);
        writePlan(QStringLiteral("any.json"), QJsonObject {{QStringLiteral("select"), QStringLiteral("usable")}},
                  QJsonArray {QStringLiteral("raid0")}, QStringLiteral("2s"));
        const CliRun run = cli(arguments, 120000, env);
        QVERIFY2(run.exitCode == exitCode, qPrintable(QStringLiteral("exit %1: %2").arg(run.exitCode).arg(run.err)));
        QVERIFY2(run.err.contains(expected), qPrintable(run.err));
        QVERIFY2(!QFileInfo::exists(path(QStringLiteral("injected"))), "an option was injected");
        QVERIFY2(!QFileInfo::exists(path(QStringLiteral("x"))), "a results folder was made for a refused run");
    }

    void aRuleThatMatchesNothingSkipsTheHost()
    {
        const QString plan = writePlan(QStringLiteral("nomatch.json"),
                                       QJsonObject {{QStringLiteral("select"), QStringLiteral("usable")},
                                                    {QStringLiteral("model"), QStringLiteral("ST4000*")}},
                                       QJsonArray {QStringLiteral("raid0")}, QStringLiteral("2s"));
        // The hosts come from an Ansible inventory's group, as an admin keeps them.
        QFile inventory(path(QStringLiteral("inventory.ini")));
        QVERIFY(inventory.open(QIODevice::WriteOnly));
        inventory.write(
            QStringLiteral("[elsewhere]\nnas9.invalid\n\n[lab]\nvm0 ansible_host=127.0.0.1 ansible_port=%1\n"
                           "vm1 ansible_host=127.0.0.1 ansible_port=%2\n[lab:vars]\nansible_user=root\n")
                .arg(m_hosts[0].port)
                .arg(m_hosts[1].port)
                .toUtf8());
        inventory.close();
        const CliRun run = cli({QStringLiteral("run"), plan, QStringLiteral("--hosts"),
                                QStringLiteral("@%1:lab").arg(inventory.fileName()), QStringLiteral("--out"),
                                path(QStringLiteral("nomatch")), QStringLiteral("--yes")});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(!run.err.contains(QLatin1String("nas9")), qPrintable(run.err));
        for (const auto& host : m_hosts) {
            QVERIFY2(
                run.err.contains(
                    QStringLiteral("[%1] error: no disks match every usable disk of model ST4000*").arg(host.target())),
                qPrintable(run.err));
        }
        QVERIFY2(run.err.contains(QLatin1String("usable but not matching: sd")), qPrintable(run.err));
        QCOMPARE(QDir(path(QStringLiteral("nomatch"))).entryList(QDir::Files).size(), 0);
    }

    void runsOnTwoHostsAndComparesThem()
    {
        const QString plan =
            writePlan(QStringLiteral("fleet.json"),
                      QJsonObject {{QStringLiteral("select"), QStringLiteral("usable")},
                                   {QStringLiteral("model"), QStringLiteral("VDISK*")},
                                   {QStringLiteral("count"), 2}},
                      QJsonArray {QStringLiteral("raid0"), QStringLiteral("raid1")}, QStringLiteral("1s"));
        const QString out = path(QStringLiteral("fleet"));
        const CliRun run = cli({QStringLiteral("run"), plan, QStringLiteral("--hosts"),
                                m_hosts[0].target() + QLatin1Char(',') + m_hosts[1].target(), QStringLiteral("--out"),
                                out, QStringLiteral("--yes")},
                               900000);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err + run.out));
        QStringList files;
        for (const auto& host : m_hosts) {
            QVERIFY2(run.err.contains(QStringLiteral("[%1] campaign completed").arg(host.target())),
                     qPrintable(run.err));
            const QString file = QDir(out).filePath(QStringLiteral("root@127.0.0.1-%1.json").arg(host.port));
            files.append(file);
            auto results = CampaignResults::load(file);
            QVERIFY2(results.ok(), qPrintable(file));
            QCOMPARE(results->status, RunState::Completed);
            const QJsonObject connection = results->host.value(QStringLiteral("connection")).toObject();
            QCOMPARE(connection.value(QStringLiteral("target")).toString(), host.target());
            // The rule travelled and was resolved there, by the disks' stable names.
            QCOMPARE(
                results->plan.value(QStringLiteral("disk_rule")).toObject().value(QStringLiteral("model")).toString(),
                QStringLiteral("VDISK*"));
            QCOMPARE(results->disks.size(), 2);
            for (const DiskResult& disk : results->disks) {
                QVERIFY2(disk.path.startsWith(QLatin1String("/dev/disk/by-id/")), qPrintable(disk.path));
                QVERIFY(disk.writeBw && disk.readBw);
                const double write = *disk.writeBw / 1e6;
                const double read = *disk.readBw / 1e6;
                qInfo("%s %s: write %.1f, read %.1f MB/s (throttle %.0f)", qPrintable(host.target()),
                      qPrintable(disk.path.section(QLatin1Char('_'), -1)), write, read, host.throttleMBps);
                // Against the throttle: a benchmark row (tst_lab_vm holds the lab's ground truth).
                QVERIFY(write > 0 && read > 0);
                const QString row = host.target() + QLatin1Char(' ') + disk.path.section(QLatin1Char('_'), -1);
                benchRow({QStringLiteral("baselines"), row + QStringLiteral(" write"), write, host.throttleMBps, 0.93,
                          1.07, QStringLiteral("MB/s")});
                benchRow({QStringLiteral("baselines"), row + QStringLiteral(" read"), read, host.throttleMBps, 0.93,
                          1.07, QStringLiteral("MB/s")});
            }
            QCOMPARE(results->configs.size(), 2);
            verifyNothingLeft(host);
        }
        // Both hosts side by side: labelled by host, the slower host's disks flagged across the fleet.
        const CliRun md = cli(QStringList {QStringLiteral("report"), QStringLiteral("--compare")} + files);
        QVERIFY2(md.exitCode == 0, qPrintable(md.err));
        QVERIFY2(md.out.contains(QLatin1String("2 machines side by side")), qPrintable(md.out.left(2000)));
        for (const auto& host : m_hosts) {
            QVERIFY(md.out.contains(QStringLiteral("| raid0 · %1 |").arg(host.target())));
            QVERIFY(md.out.contains(QStringLiteral("- **%1**: lab-host-").arg(host.target())));
        }
        QVERIFY2(md.out.contains(QStringLiteral("· %1 | VDISK W40 R40").arg(m_hosts[1].target())), qPrintable(md.out));
        // The slower host's disks, and only they, are flagged against the fleet.
        int flagged = 0;
        for (const QString& line : md.out.split(QLatin1Char('\n'))) {
            if (!line.startsWith(QLatin1String("| sd")) || !line.contains(QLatin1String(" | VDISK W"))) {
                continue;
            }
            const bool slowHost = line.contains(QStringLiteral("· %1 |").arg(m_hosts[1].target()));
            QVERIFY2(line.contains(QLatin1String("**slow**: ")) == slowHost, qPrintable(line));
            flagged += slowHost ? 1 : 0;
        }
        QCOMPARE(flagged, 2);
        QVERIFY2(md.out.contains(QLatin1String("of the fleet's median disk")), qPrintable(md.out.left(3000)));
        const CliRun csv =
            cli(QStringList {QStringLiteral("report"), QStringLiteral("--compare"), QStringLiteral("--csv")} + files);
        QVERIFY2(csv.exitCode == 0, qPrintable(csv.err));
        QVERIFY(csv.out.contains(QStringLiteral("raid1 · %1,").arg(m_hosts[1].target())));
        if (QFileInfo(binary(QStringLiteral("raidbench"))).isExecutable()) {
            const QString html = path(QStringLiteral("fleet.html"));
            const CliRun report = cli(QStringList {QStringLiteral("report"), QStringLiteral("--compare"),
                                                   QStringLiteral("--html"), QStringLiteral("--out"), html} +
                                      files);
            QVERIFY2(report.exitCode == 0, qPrintable(report.err));
            QFile file(html);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QString text = QString::fromUtf8(file.readAll());
            QVERIFY(text.contains(m_hosts[0].target()) && text.contains(m_hosts[1].target()));
            QVERIFY(text.contains(QLatin1String("median disk")));
        }
    }

    /// The Ansible collection the build made, installed as a user installs it, runs its example
    /// playbook on both hosts (and one that is down): each host's results are fetched to the
    /// controller, the two are compared there, and the host that is down is reported while the others
    /// run on.
    void theAnsiblePlaybookRunsOnBothHosts()
    {
        const QString tarball = binary(QStringLiteral("../packaging/ansible/raidbench-raidbench-1.0.0.tar.gz"));
        if (QStandardPaths::findExecutable(QStringLiteral("ansible-playbook")).isEmpty() || !QFile::exists(tarball)) {
            QFAIL("ansible-core is missing, or the collection was not built (scripts/install-deps installs it)");
        }
        const QStringList env {QStringLiteral("ANSIBLE_COLLECTIONS_PATH=%1").arg(path(QStringLiteral("collections"))),
                               QStringLiteral("ANSIBLE_HOME=%1").arg(path(QStringLiteral("ansible-home"))),
                               QStringLiteral("ANSIBLE_LOCAL_TEMP=%1").arg(path(QStringLiteral("ansible-tmp"))),
                               QStringLiteral("ANSIBLE_SSH_CONTROL_PATH_DIR=%1").arg(path(QStringLiteral("cp"))),
                               QStringLiteral("ANSIBLE_NOCOLOR=1"),
                               QStringLiteral("ANSIBLE_FORKS=5")};
        QVERIFY(runQuiet(QStringLiteral("ansible-galaxy"),
                         {QStringLiteral("collection"), QStringLiteral("install"), tarball, QStringLiteral("-p"),
                          path(QStringLiteral("collections"))}));
        const QString plan = writePlan(QStringLiteral("ansible-plan.json"),
                                       QJsonObject {{QStringLiteral("select"), QStringLiteral("usable")},
                                                    {QStringLiteral("model"), QStringLiteral("VDISK*")},
                                                    {QStringLiteral("count"), 2}},
                                       QJsonArray {QStringLiteral("raid1")}, QStringLiteral("1s"));
        QFile inventory(path(QStringLiteral("inventory.ini")));
        QVERIFY(inventory.open(QIODevice::WriteOnly));
        inventory.write(QStringLiteral("[lab]\nvm0 ansible_host=127.0.0.1 ansible_port=%1\n"
                                       "vm1 ansible_host=127.0.0.1 ansible_port=%2\n"
                                       "down ansible_host=127.0.0.1 ansible_port=%3\n"
                                       "[lab:vars]\nansible_user=root\nansible_ssh_common_args='-F %4'\n"
                                       "ansible_python_interpreter=/usr/bin/python3\n"
                                       // The VM's root is this machine's, read-only; its /tmp is its own.
                                       "ansible_remote_tmp=/tmp/.ansible-tmp\n"
                                       // The lab's sshd has no sftp server: files go through ssh itself.
                                       "ansible_ssh_transfer_method=piped\n")
                            .arg(m_hosts[0].port)
                            .arg(m_hosts[1].port)
                            .arg(freeLoopbackPort())
                            .arg(path(QStringLiteral("ssh_config")))
                            .toUtf8());
        inventory.close();
        const QString results = path(QStringLiteral("ansible-results"));
        QProcess playbook;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        for (const QString& variable : env) {
            environment.insert(variable.section(QLatin1Char('='), 0, 0), variable.section(QLatin1Char('='), 1));
        }
        playbook.setProcessEnvironment(environment);
        playbook.setWorkingDirectory(m_dir.path());
        playbook.setProcessChannelMode(QProcess::MergedChannels);
        QElapsedTimer clock;
        clock.start();
        playbook.start(
            QStringLiteral("ansible-playbook"),
            {QStringLiteral("-i"), inventory.fileName(), QStringLiteral("raidbench.raidbench.compare"),
             QStringLiteral("-e"), QStringLiteral("raidbench_hosts=lab"), QStringLiteral("-e"),
             QStringLiteral("raidbench_plan_file=%1").arg(QFileInfo(plan).fileName()) /* relative, as users write it */,
             QStringLiteral("-e"), QStringLiteral("raidbench_destroy_data=true"), QStringLiteral("-e"),
             QStringLiteral("raidbench_cli=%1").arg(binary(QStringLiteral("raidbench-cli"))), QStringLiteral("-e"),
             QStringLiteral("raidbench_results_dir=%1").arg(results),
             // The VM's /var/tmp is this machine's, read-only there.
             QStringLiteral("-e"), QStringLiteral("raidbench_remote_results=/tmp/raidbench.json")});
        QVERIFY(playbook.waitForFinished(900000));
        const QString fullOut = QString::fromLocal8Bit(playbook.readAll());
        QFile log(path(QStringLiteral("ansible.log")));
        if (log.open(QIODevice::WriteOnly)) {
            log.write(fullOut.toUtf8());
        }
        const QString out = fullOut.right(3000); // what failures show: the recap and the last tasks
        qInfo("ansible-playbook on two lab hosts: %.1f s", double(clock.elapsed()) / 1000.0);
        // 4: a host was unreachable; the others ran to the end.
        QVERIFY2(playbook.exitCode() == 4, qPrintable(out));
        QVERIFY2(out.contains(QRegularExpression(QStringLiteral("down\\s+: ok=\\d+ .*unreachable=1"))),
                 qPrintable(out));
        QStringList files;
        for (int i = 0; i < 2; ++i) {
            const QString name = QStringLiteral("vm%1").arg(i);
            QVERIFY2(out.contains(QRegularExpression(name + QStringLiteral("\\s+: ok=\\d+ .*failed=0"))),
                     qPrintable(out));
            QVERIFY2(fullOut.contains(QRegularExpression(QStringLiteral(
                         "raid1: completed, write [0-9.]+ MB/s \\(predicted [0-9.]+\\), read [0-9.]+ MB/s"))),
                     qPrintable(out));
            const QString file = QDir(results).filePath(name + QStringLiteral(".json"));
            auto fetched = CampaignResults::load(file);
            QVERIFY2(fetched.ok(), qPrintable(file + QLatin1Char('\n') + out));
            QCOMPARE(fetched->status, RunState::Completed);
            QCOMPARE(fetched->host.value(QStringLiteral("hostname")).toString(),
                     QStringLiteral("lab-host-%1").arg(i + 1));
            QCOMPARE(fetched->disks.size(), 2);
            QCOMPARE(fetched->configs.size(), 1);
            QCOMPARE(fetched->configs.first().status, RunState::Completed);
            files.append(file);
            verifyNothingLeft(m_hosts[i]);
        }
        QFile report(QDir(results).filePath(QStringLiteral("fleet.md")));
        QVERIFY2(report.open(QIODevice::ReadOnly), qPrintable(out));
        const QString md = QString::fromUtf8(report.readAll());
        QVERIFY2(md.contains(QLatin1String("lab-host-1")) && md.contains(QLatin1String("lab-host-2")), qPrintable(md));
    }

    void theDesktopSessionWorksOnAHost()
    {
        // The window (Connect to another machine…) against the real far side.
        for (const QString& entry : std::as_const(m_env)) {
            qputenv(qPrintable(entry.section(QLatin1Char('='), 0, 0)), entry.section(QLatin1Char('='), 1).toUtf8());
        }
        auto target = SshTarget::parse(m_hosts[1].target());
        QVERIFY(target.ok());
        Ui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        Session* session = window.session();
        QSignalSpy closed(session, &Session::helperClosed);
        window.connectRemote(*target, binary(QStringLiteral("raidbench-helper")));
        QTRY_VERIFY_WITH_TIMEOUT(session->disks().size() >= 2 || !closed.isEmpty(), 120000);
        QVERIFY2(closed.isEmpty(), qPrintable(closed.isEmpty() ? QString() : closed.first().first().toString()));
        QCOMPARE(session->remoteHost(), m_hosts[1].target());
        QVERIFY2(session->helperHost().contains(m_hosts[1].target()), qPrintable(session->helperHost()));
        QVERIFY(!session->isLab()); // a remote's word is no reason to skip the destroy question
        int vdisks = 0;
        for (const Disk& disk : session->disks()) {
            vdisks += disk.model.contains(QLatin1String("W40")) ? 1 : 0;
        }
        QCOMPARE(vdisks, 2);
        // The status bar names the machine.
        const QString status = QStringLiteral("Disks of %1 (over ssh)").arg(m_hosts[1].target());
        bool named = false;
        for (const QLabel* label : window.findChildren<QLabel*>()) {
            named = named || label->text() == status;
        }
        QVERIFY2(named, qPrintable(status));
        if (const QString shot = qEnvironmentVariable("RAIDBENCH_REMOTE_SCREENSHOT"); !shot.isEmpty()) {
            window.grab().save(shot);
        }
        session->detach();
        QVERIFY(session->disks().isEmpty()); // nothing of that machine stays to be aimed at

        // A refusal reaches the window as the reason, with the host's name.
        Session refused;
        QSignalSpy why(&refused, &Session::helperClosed);
        QVERIFY(refused.startRemote(*target, QStringLiteral("/usr/lib/raidbench-none/raidbench-helper")).ok());
        QVERIFY(why.wait(60000));
        QVERIFY2(why.first().first().toString().contains(QStringLiteral("%1: the helper").arg(m_hosts[1].target())),
                 qPrintable(why.first().first().toString()));
        // So does a far side that lets ssh in and never answers, after the answer timeout.
        Session silent;
        QSignalSpy gaveUp(&silent, &Session::helperClosed);
        QVERIFY(
            silent
                .startRemote(*target, writeFakeHelper(QStringLiteral("silent-helper"), QStringLiteral("sleep 600")), 3)
                .ok());
        QVERIFY(gaveUp.wait(60000));
        QVERIFY2(gaveUp.first().first().toString().startsWith(
                     QStringLiteral("%1: no answer within 3 s of connecting").arg(m_hosts[1].target())),
                 qPrintable(gaveUp.first().first().toString()));
        QVERIFY(!gaveUp.first().at(1).toBool());
    }

    void ctrlCCancelsEveryHost()
    {
        // Ctrl-C on a terminal signals the whole foreground process group: ssh must not die of it
        // before the cancel reaches the hosts over the connection.
        const QString plan =
            writePlan(QStringLiteral("cancel.json"),
                      QJsonObject {{QStringLiteral("select"), QStringLiteral("usable")}, {QStringLiteral("count"), 2}},
                      QJsonArray {QStringLiteral("raid0"), QStringLiteral("raid1")}, QStringLiteral("3s"));
        const QString out = path(QStringLiteral("cancelled"));
        QProcess run;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const QString& entry : std::as_const(m_env)) {
            env.insert(entry.section(QLatin1Char('='), 0, 0), entry.section(QLatin1Char('='), 1));
        }
        run.setProcessEnvironment(env);
        run.setChildProcessModifier([] { ::setpgid(0, 0); }); // a terminal's foreground group of its own
        run.start(binary(QStringLiteral("raidbench-cli")),
                  {QStringLiteral("run"), plan, QStringLiteral("--hosts"),
                   m_hosts[0].target() + QLatin1Char(',') + m_hosts[1].target(), QStringLiteral("--out"), out,
                   QStringLiteral("--yes")});
        QVERIFY(run.waitForStarted());
        QByteArray err;
        QElapsedTimer waited;
        waited.start();
        while (err.count("] [1/2] raid0: SEQ1M QD8 write") < 2 && waited.elapsed() < 300000 &&
               run.state() == QProcess::Running) {
            run.waitForReadyRead(1000);
            err += run.readAllStandardError();
        }
        QVERIFY2(err.count("] [1/2] raid0: SEQ1M QD8 write") == 2, err.constData());
        ::kill(-pid_t(run.processId()), SIGINT);
        QVERIFY(run.waitForFinished(300000));
        err += run.readAllStandardError();
        QCOMPARE(run.exitCode(), 130);
        for (const auto& host : m_hosts) {
            QVERIFY2(err.contains(QStringLiteral("[%1] campaign cancelled").arg(host.target()).toUtf8()),
                     err.constData());
            auto results =
                CampaignResults::load(QDir(out).filePath(QStringLiteral("root@127.0.0.1-%1.json").arg(host.port)));
            QVERIFY(results.ok());
            QCOMPARE(results->status, RunState::Cancelled);
            QCOMPARE(results->disks.size(), 2); // the baselines measured before the cancel are kept
            verifyNothingLeft(host);
        }
    }

    void aHostKilledMidRunLeavesTheOtherComplete()
    {
        const QString plan =
            writePlan(QStringLiteral("long.json"),
                      QJsonObject {{QStringLiteral("select"), QStringLiteral("usable")}, {QStringLiteral("count"), 2}},
                      QJsonArray {QStringLiteral("raid0"), QStringLiteral("raid1"),
                                  QJsonObject {{QStringLiteral("name"), QStringLiteral("raid0 again")},
                                               {QStringLiteral("preset"), QStringLiteral("raid0")}}},
                      QStringLiteral("2s"));
        const QString out = path(QStringLiteral("killed"));
        QProcess run;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const QString& entry : std::as_const(m_env)) {
            env.insert(entry.section(QLatin1Char('='), 0, 0), entry.section(QLatin1Char('='), 1));
        }
        run.setProcessEnvironment(env);
        run.start(binary(QStringLiteral("raidbench-cli")),
                  {QStringLiteral("run"), plan, QStringLiteral("--hosts"),
                   m_hosts[0].target() + QLatin1Char(',') + m_hosts[1].target(), QStringLiteral("--out"), out,
                   QStringLiteral("--yes")});
        QVERIFY(run.waitForStarted());
        // Wait until the second host has saved a finished configuration, then pull its plug.
        const QString victimFile = QDir(out).filePath(QStringLiteral("root@127.0.0.1-%1.json").arg(m_hosts[1].port));
        QElapsedTimer waited;
        waited.start();
        bool measured = false;
        while (!measured && waited.elapsed() < 600000 && run.state() == QProcess::Running) {
            run.waitForFinished(1000);
            if (auto partial = CampaignResults::load(victimFile); partial) {
                for (const ConfigResult& config : partial->configs) {
                    measured = measured || config.status == RunState::Completed;
                }
            }
        }
        QVERIFY2(measured, "the second host never finished a configuration");
        ::kill(pid_t(m_hosts[1].process->processId()), SIGKILL); // its reaper kills qemu
        QVERIFY(run.waitForFinished(900000));
        const QString err = QString::fromLocal8Bit(run.readAllStandardError());
        const QString summary = QString::fromLocal8Bit(run.readAllStandardOutput());
        QCOMPARE(run.exitCode(), 1);
        QVERIFY2(err.contains(QStringLiteral("[%1] campaign completed").arg(m_hosts[0].target())), qPrintable(err));
        QVERIFY2(err.contains(QStringLiteral("[%1] error: %1: the connection ended").arg(m_hosts[1].target())),
                 qPrintable(err));
        QVERIFY2(summary.contains(QLatin1String("completed")) && summary.contains(QLatin1String("failed")),
                 qPrintable(summary));
        auto survivor =
            CampaignResults::load(QDir(out).filePath(QStringLiteral("root@127.0.0.1-%1.json").arg(m_hosts[0].port)));
        QVERIFY(survivor.ok());
        QCOMPARE(survivor->status, RunState::Completed);
        QCOMPARE(survivor->configs.size(), 3);
        // The killed host's file is whole, says what happened, and keeps what it measured.
        auto victim = CampaignResults::load(victimFile);
        QVERIFY2(victim.ok(), qPrintable(victim.ok() ? QString() : victim.error().message));
        QCOMPARE(victim->status, RunState::Failed);
        QVERIFY(!victim->host.value(QStringLiteral("connection"))
                     .toObject()
                     .value(QStringLiteral("lost"))
                     .toString()
                     .isEmpty());
        int completed = 0;
        for (const ConfigResult& config : victim->configs) {
            completed += config.status == RunState::Completed ? 1 : 0;
        }
        QVERIFY(completed >= 1);
        QCOMPARE(victim->disks.size(), 2);
        QVERIFY(victim->disks.first().writeBw.has_value());
        verifyNothingLeft(m_hosts[0]);
    }
};

QTEST_MAIN(TestRemoteLab)
#include "tst_remote_lab.moc"

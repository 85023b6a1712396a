// Hosts from Ansible inventories (INI and YAML) for --hosts @FILE[:GROUP]: what admins write, and
// what a hostile or broken inventory gets.
#include "../common/cli.h"
#include "helper/hostinventory.h"
#include "util/errorcodes.h"

#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace RaidBench;

namespace {

QStringList texts(const QList<SshTarget>& targets)
{
    QStringList out;
    for (const SshTarget& target : targets) {
        out.append(target.text());
    }
    return out;
}

} // namespace

class TestHostInventory : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsAnIniInventory()
    {
        const QByteArray ini = R"(# the storage fleet
nas0.example.com
[storage]
storage1 ansible_host=10.0.0.5 ansible_port=2222
storage2   ansible_host="10.0.0.6"  # the old one
storage3.example.com:2201 ansible_user=admin

[storage:vars]
ansible_user = ops

[backup]
backup1 ansible_ssh_host=fd00::7 ansible_ssh_user=root
storage1

[dc:children]
storage
backup

[all:vars]
ansible_port=22
ansible_python_interpreter=/usr/bin/python3
)";
        auto all = HostInventory::parse(ini, QStringLiteral("hosts"), QString());
        QVERIFY2(all.ok(), qPrintable(all ? QString() : all.error().message));
        QCOMPARE(texts(*all),
                 (QStringList {QStringLiteral("nas0.example.com:22"), QStringLiteral("ops@10.0.0.5:2222"),
                               QStringLiteral("ops@10.0.0.6:22"), QStringLiteral("admin@storage3.example.com:2201"),
                               QStringLiteral("root@[fd00::7]:22")}));
        auto storage = HostInventory::parse(ini, QStringLiteral("hosts"), QStringLiteral("storage"));
        QVERIFY(storage.ok());
        QCOMPARE(storage->size(), 3);
        // storage1 is in backup too: named once, in the order of the file.
        auto backup = HostInventory::parse(ini, QStringLiteral("hosts"), QStringLiteral("backup"));
        QVERIFY(backup.ok());
        QCOMPARE(texts(*backup),
                 (QStringList {QStringLiteral("ops@10.0.0.5:2222"), QStringLiteral("root@[fd00::7]:22")}));
        auto dc = HostInventory::parse(ini, QStringLiteral("hosts"), QStringLiteral("dc"));
        QVERIFY(dc.ok());
        QCOMPARE(dc->size(), 4);
    }

    void readsAYamlInventory()
    {
        const QByteArray yaml = R"(---
all:
  hosts:
    nas0:
  vars:
    ansible_user: ops
  children:
    storage:
      hosts:
        storage1:
          ansible_host: 10.0.0.5   # rack 3
          ansible_port: 2222
        storage2: {ansible_host: 10.0.0.6, ansible_user: admin}
      vars:
        ansible_port: "22"
    backup:
      children:
        offsite:
          hosts:
            backup1:
              ansible_host: 'fd00::7'
              ansible_become: true
              extra:
                nested: ignored
)";
        auto all = HostInventory::parse(yaml, QStringLiteral("inventory.yml"), QString());
        QVERIFY2(all.ok(), qPrintable(all ? QString() : all.error().message));
        QCOMPARE(texts(*all),
                 (QStringList {QStringLiteral("ops@nas0"), QStringLiteral("ops@10.0.0.5:2222"),
                               QStringLiteral("admin@10.0.0.6:22"), QStringLiteral("ops@fd00::7")}));
        auto backup = HostInventory::parse(yaml, QStringLiteral("inventory.yml"), QStringLiteral("backup"));
        QVERIFY(backup.ok());
        QCOMPARE(texts(*backup), (QStringList {QStringLiteral("ops@fd00::7")}));
        // Without a .yml name the first line tells.
        auto guessed = HostInventory::parse(yaml, QStringLiteral("inventory"), QStringLiteral("storage"));
        QVERIFY(guessed.ok());
        QCOMPARE(guessed->size(), 2);
    }

    void aDeeperGroupWins()
    {
        const QByteArray ini = "[parent:children]\nchild\n[parent:vars]\nansible_user=a\n[child]\nh1\n[child:vars]\n"
                               "ansible_user=b\n[all:vars]\nansible_user=c\n";
        auto hosts = HostInventory::parse(ini, QStringLiteral("i.ini"), QString());
        QVERIFY(hosts.ok());
        QCOMPARE(texts(*hosts), QStringList {QStringLiteral("b@h1")});
    }

    void refusesWithTheLine_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("group");
        QTest::addColumn<QString>("says");
        QTest::newRow("range") << QByteArray("[web]\nweb[01:20].example.com\n") << "h.ini"
                               << ""
                               << "h.ini line 2: host ranges such as 'web[01:20].example.com' are not read";
        QTest::newRow("bad section") << QByteArray("a\n[web:hosts]\n") << "h.ini"
                                     << ""
                                     << "h.ini line 2: '[web:hosts]' is not a group";
        QTest::newRow("not key=value") << QByteArray("storage1 ansible_host\n") << "h.ini"
                                       << ""
                                       << "h.ini line 1: after the host name come KEY=VALUE pairs";
        QTest::newRow("option as host") << QByteArray("-oProxyCommand=reboot\n") << "h.ini"
                                        << ""
                                        << "h.ini line 1: '-oProxyCommand=reboot' is not a host name";
        QTest::newRow("option as ansible_host") << QByteArray("a\nb ansible_host=-oProxyCommand=id\n") << "h.ini"
                                                << ""
                                                << "h.ini line 2: host 'b': ";
        QTest::newRow("shell in user") << QByteArray("b ansible_user='x;reboot'\n") << "h.ini"
                                       << ""
                                       << "h.ini line 1: host 'b'";
        QTest::newRow("port out of range") << QByteArray("b ansible_port=70000\n") << "h.ini"
                                           << ""
                                           << "h.ini line 1: host 'b': ";
        QTest::newRow("open quote") << QByteArray("b ansible_host=\"10.0.0.1\n") << "h.ini"
                                    << ""
                                    << "h.ini line 1: a quote is not closed";
        QTest::newRow("vars line") << QByteArray("[g:vars]\nansible_user\n") << "h.ini"
                                   << ""
                                   << "h.ini line 2: a [g:vars] line is KEY=VALUE";
        QTest::newRow("no such group") << QByteArray("[a]\nh1\n[b]\nh2\n") << "h.ini"
                                       << "c"
                                       << "the inventory h.ini has no group 'c' (it has a, all, b)";
        QTest::newRow("empty group") << QByteArray("[a]\nh1\n[b]\n") << "h.ini"
                                     << "b"
                                     << "group 'b' of the inventory h.ini has no host";
        QTest::newRow("no host") << QByteArray("# nothing yet\n") << "h.ini"
                                 << ""
                                 << "the inventory h.ini names no host";
        QTest::newRow("yaml list") << QByteArray("all:\n  hosts:\n    - storage1\n") << "h.yml"
                                   << ""
                                   << "h.yml line 3: a YAML list";
        QTest::newRow("yaml tab") << QByteArray("all:\n\thosts:\n") << "h.yml"
                                  << ""
                                  << "h.yml line 2: a tab in the indentation";
        QTest::newRow("yaml anchor") << QByteArray("all:\n  vars: &common\n") << "h.yml"
                                     << ""
                                     << "h.yml line 2: '&common': lists, anchors";
        QTest::newRow("yaml unknown key") << QByteArray("all:\n  host:\n    a:\n") << "h.yml"
                                          << ""
                                          << "h.yml line 2: 'host' in group 'all'";
        QTest::newRow("yaml indent") << QByteArray("all:\n  hosts:\n      a:\n    b:\n") << "h.yml"
                                     << ""
                                     << "h.yml line 4: indented more than the line before it";
        QTest::newRow("yaml twice") << QByteArray("all:\n  hosts:\n    a:\n    a:\n") << "h.yml"
                                    << ""
                                    << "h.yml line 4: 'a' is named twice here";
        QTest::newRow("yaml bad host") << QByteArray("all:\n  hosts:\n    \"a b\":\n") << "h.yml"
                                       << ""
                                       << "h.yml line 3: 'a b' is not a host name";
        QTest::newRow("not text") << QByteArray("a\0b", 3) << "h.ini"
                                  << ""
                                  << "is not UTF-8 text";
    }

    void refusesWithTheLine()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, name);
        QFETCH(QString, group);
        QFETCH(QString, says);
        auto hosts = HostInventory::parse(text, name, group);
        QVERIFY2(!hosts.ok(), qPrintable(hosts ? texts(*hosts).join(QLatin1Char(',')) : QString()));
        QCOMPARE(hosts.error().code, ErrorCode::badInventory);
        QVERIFY2(hosts.error().message.contains(says), qPrintable(hosts.error().message));
    }

    void readsAFileAndSplitsTheGroup()
    {
        QString path;
        QString group;
        HostInventory::splitReference(QStringLiteral("@/etc/ansible/hosts:storage"), path, group);
        QCOMPARE(path, QStringLiteral("/etc/ansible/hosts"));
        QCOMPARE(group, QStringLiteral("storage"));
        HostInventory::splitReference(QStringLiteral("@./c:d/hosts.yml"), path, group);
        QCOMPARE(path, QStringLiteral("./c:d/hosts.yml"));
        QVERIFY(group.isEmpty());

        QTemporaryDir dir;
        QFile file(dir.filePath(QStringLiteral("hosts.ini")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("[storage]\nstorage1 ansible_host=10.0.0.5\n");
        file.close();
        auto hosts = HostInventory::read(file.fileName(), QStringLiteral("storage"));
        QVERIFY(hosts.ok());
        QCOMPARE(texts(*hosts), QStringList {QStringLiteral("10.0.0.5")});
        auto missing = HostInventory::read(dir.filePath(QStringLiteral("none.ini")), QString());
        QVERIFY(!missing.ok());
        QVERIFY2(missing.error().message.startsWith(QStringLiteral("cannot read the inventory ")),
                 qPrintable(missing.error().message));
        QVERIFY(!HostInventory::read(QString(), QString()).ok());
        QFile big(dir.filePath(QStringLiteral("big.ini")));
        QVERIFY(big.open(QIODevice::WriteOnly));
        big.write(QByteArray(HostInventory::maxFileBytes + 1, 'a'));
        big.close();
        auto tooBig = HostInventory::read(big.fileName(), QString());
        QVERIFY(!tooBig.ok());
        QVERIFY2(tooBig.error().message.contains(QLatin1String("over 1 MiB")), qPrintable(tooBig.error().message));
    }

    /// The CLI refuses a broken inventory before it connects anywhere, naming the file and line;
    /// tst_remote_lab runs a fleet from an inventory's group over real ssh.
    void theCliNamesTheLine()
    {
        QTemporaryDir dir;
        QFile plan(dir.filePath(QStringLiteral("plan.json")));
        QVERIFY(plan.open(QIODevice::WriteOnly));
        plan.write(R"({"raidbench_plan": 1, "disks": {"select": "usable"}, "configurations": ["raid0"],
                     "tests": ["seq1m-qd8-read"], "limits": {"time": "2s"}})");
        plan.close();
        QFile inventory(dir.filePath(QStringLiteral("hosts")));
        QVERIFY(inventory.open(QIODevice::WriteOnly));
        inventory.write("[storage]\nstorage1\nstorage[02:09]\n");
        inventory.close();
        const QString out = dir.filePath(QStringLiteral("fleet"));
        const Test::CliRun run = Test::runCli({QStringLiteral("run"), plan.fileName(), QStringLiteral("--hosts"),
                                               QLatin1Char('@') + inventory.fileName(), QStringLiteral("--out"), out,
                                               QStringLiteral("--yes")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(QStringLiteral("%1 line 3: host ranges").arg(inventory.fileName())),
                 qPrintable(run.err));
        QVERIFY(!QFileInfo::exists(out));
        QFile good(dir.filePath(QStringLiteral("good.yml")));
        QVERIFY(good.open(QIODevice::WriteOnly));
        good.write("all:\n  children:\n    storage:\n      hosts:\n        storage1:\n");
        good.close();
        const Test::CliRun group = Test::runCli({QStringLiteral("run"), plan.fileName(), QStringLiteral("--hosts"),
                                                 QStringLiteral("@%1:nas").arg(good.fileName()),
                                                 QStringLiteral("--out"), out, QStringLiteral("--yes")});
        QCOMPARE(group.exitCode, 2);
        QVERIFY2(group.err.contains(QLatin1String("has no group 'nas'")), qPrintable(group.err));
    }
};

QTEST_GUILESS_MAIN(TestHostInventory)
#include "tst_hostinventory.moc"

#include "../common/cli.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace RaidBench::Test;

/// `raidbench-cli bench` as a user meets it: options, output, exit codes, one-line errors.
class TestCliBench final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void jsonHasTheDocumentedFields()
    {
        const QString file = m_dir.filePath(QStringLiteral("json.dat"));
        const CliRun run =
            runCli({QStringLiteral("bench"), QStringLiteral("--target"), file, QStringLiteral("--rw"),
                    QStringLiteral("write"), QStringLiteral("--bs"), QStringLiteral("64k"), QStringLiteral("--qd"),
                    QStringLiteral("4"), QStringLiteral("--size"), QStringLiteral("4M"), QStringLiteral("--json")});
        QCOMPARE(run.exitCode, 0);
        QJsonParseError error {};
        const QJsonObject json = QJsonDocument::fromJson(run.out.toUtf8(), &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(json.value(QStringLiteral("bytes")).toDouble(), 4.0 * 1024 * 1024);
        QVERIFY(json.value(QStringLiteral("bw_bytes")).toDouble() > 0);
        QVERIFY(json.value(QStringLiteral("iops")).toDouble() > 0);
        QVERIFY(json.value(QStringLiteral("elapsed_ns")).toDouble() > 0);
        QCOMPARE(json.value(QStringLiteral("io_path")).toString(), QStringLiteral("io_uring"));
        QVERIFY(json.value(QStringLiteral("lat_ns")).toObject().contains(QStringLiteral("p999")));
        QVERIFY(json.value(QStringLiteral("cpu")).toObject().contains(QStringLiteral("sys_s")));
        QVERIFY(json.value(QStringLiteral("samples")).isArray());
        QVERIFY(json.value(QStringLiteral("fio_command")).toString().startsWith(QStringLiteral("fio ")));
        QVERIFY(json.value(QStringLiteral("dd_command")).toString().startsWith(QStringLiteral("dd ")));
        QVERIFY(json.value(QStringLiteral("error")).isNull());
    }

    void humanOutputShowsMBps()
    {
        const QString file = m_dir.filePath(QStringLiteral("human.dat"));
        const CliRun run =
            runCli({QStringLiteral("bench"), QStringLiteral("--target"), file, QStringLiteral("--rw"),
                    QStringLiteral("randread"), QStringLiteral("--bs"), QStringLiteral("4k"), QStringLiteral("--qd"),
                    QStringLiteral("8"), QStringLiteral("--size"), QStringLiteral("1M")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains(QStringLiteral("MB/s")));
        QVERIFY(run.out.contains(QStringLiteral("MiB/s")));
        QVERIFY(run.out.contains(QStringLiteral("IOPS")));
        QVERIFY(run.out.contains(QStringLiteral("p99.9")));
        QVERIFY(run.out.contains(QStringLiteral("fio --name=raidbench")));
    }

    void helpDocumentsEveryOption()
    {
        const CliRun run = runCli({QStringLiteral("bench"), QStringLiteral("--help")});
        QCOMPARE(run.exitCode, 0);
        for (const char* option : {"--target", "--rw", "--rwmix", "--bs", "--qd", "--size", "--time", "--ramp",
                                   "--buffered", "--data", "--sync-io", "--destroy-data", "--json", "Examples:"}) {
            QVERIFY2(run.out.contains(QLatin1String(option)), option);
        }
        QVERIFY(run.out.contains(QStringLiteral("raidbench-cli bench")));
    }

    void helpNamesTheCommandAsTyped_data()
    {
        QTest::addColumn<QStringList>("command");
        for (const char* command :
             {"bench", "bench-fs", "disks", "run", "report", "lab demo", "lab run", "array create", "array teardown"}) {
            QTest::newRow(command) << QString::fromLatin1(command).split(QLatin1Char(' '));
        }
    }

    void helpNamesTheCommandAsTyped()
    {
        // Every command's usage line is what the user types, never the path the program ran from;
        // an unknown option names the help to read.
        QFETCH(QStringList, command);
        const QString typed = command.join(QLatin1Char(' '));
        const CliRun help = runCli(command + QStringList {QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        QVERIFY2(help.out.startsWith(QStringLiteral("Usage: raidbench-cli %1 [options]").arg(typed)),
                 qPrintable(help.out.left(200)));
        const CliRun wrong = runCli(command + QStringList {QStringLiteral("--no-such-option")});
        QCOMPARE(wrong.exitCode, 2);
        QVERIFY2(wrong.err.contains(QStringLiteral("(see raidbench-cli %1 --help)").arg(typed)), qPrintable(wrong.err));
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("mentions");
        const QString f = QStringLiteral("@dir/bad.dat");
        QTest::newRow("no target") << QStringList {QStringLiteral("--rw"), QStringLiteral("read")} << 2 << "--target";
        QTest::newRow("unknown pattern") << QStringList {QStringLiteral("--target"), f, QStringLiteral("--rw"),
                                                         QStringLiteral("sideways")}
                                         << 2 << "sideways";
        QTest::newRow("bad size") << QStringList {QStringLiteral("--target"), f, QStringLiteral("--size"),
                                                  QStringLiteral("1Q")}
                                  << 2 << "1Q";
        QTest::newRow("bad bs") << QStringList {QStringLiteral("--target"), f, QStringLiteral("--bs"),
                                                QStringLiteral("100M")}
                                << 2 << "100M";
        QTest::newRow("qd zero") << QStringList {QStringLiteral("--target"), f, QStringLiteral("--qd"),
                                                 QStringLiteral("0")}
                                 << 2 << "queue depth";
        QTest::newRow("qd 257") << QStringList {QStringLiteral("--target"), f, QStringLiteral("--qd"),
                                                QStringLiteral("257")}
                                << 2 << "queue depth";
        QTest::newRow("bad time") << QStringList {QStringLiteral("--target"), f, QStringLiteral("--time"),
                                                  QStringLiteral("soon")}
                                  << 2 << "soon";
        QTest::newRow("rwmix out of range") << QStringList {QStringLiteral("--target"), f,
                                                            QStringLiteral("--rw"),     QStringLiteral("rw"),
                                                            QStringLiteral("--rwmix"),  QStringLiteral("101")}
                                            << 2 << "--rwmix";
        QTest::newRow("unknown option") << QStringList {QStringLiteral("--target"), f, QStringLiteral("--turbo")} << 2
                                        << "turbo";
        QTest::newRow("directory") << QStringList {QStringLiteral("--target"), QStringLiteral("@dir"),
                                                   QStringLiteral("--size"), QStringLiteral("1M")}
                                   << 1 << "directory";
        QTest::newRow("missing directory")
            << QStringList {QStringLiteral("--target"), QStringLiteral("@dir/x/y"), QStringLiteral("--rw"),
                            QStringLiteral("write"),    QStringLiteral("--size"),   QStringLiteral("1M")}
            << 1 << "does not exist";
        QTest::newRow("missing device") << QStringList {QStringLiteral("--target"), QStringLiteral("/dev/rb-nope")} << 1
                                        << "does not exist";
    }
    void badInput()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, mentions);
        for (QString& argument : arguments) {
            argument.replace(QStringLiteral("@dir"), m_dir.path());
        }
        arguments.prepend(QStringLiteral("bench"));
        const CliRun run = runCli(arguments);
        QCOMPARE(run.exitCode, exitCode);
        const QStringList lines = run.err.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1);
        QVERIFY2(lines.first().startsWith(QStringLiteral("raidbench-cli: error: ")), qPrintable(run.err));
        QVERIFY2(lines.first().contains(mentions), qPrintable(run.err));
        QVERIFY(run.out.isEmpty());
        QVERIFY2(!QFile::exists(m_dir.filePath(QStringLiteral("bad.dat"))), "a refused run created its file");
    }

    void unknownCommandAndVersion()
    {
        CliRun run = runCli({QStringLiteral("frobnicate")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains(QStringLiteral("frobnicate")));
        run = runCli({QStringLiteral("--version")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.startsWith(QStringLiteral("raidbench-cli ")));
    }
};

QTEST_GUILESS_MAIN(TestCliBench)
#include "tst_cli_bench.moc"

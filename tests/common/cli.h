#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>

namespace RaidBench::Test {

/// Runs a RaidBench binary from the build tree (RAIDBENCH_BIN_DIR) and keeps what it said.
struct CliRun
{
    int exitCode = -1;
    QString out;
    QString err;
};

inline QString binary(const QString& name)
{
    return qEnvironmentVariable("RAIDBENCH_BIN_DIR", QStringLiteral(RAIDBENCH_TEST_BIN_DIR)) + QLatin1Char('/') + name;
}

inline CliRun runCli(const QStringList& arguments, int timeoutMs = 60000,
                     const QString& program = QStringLiteral("raidbench-cli"), const QByteArray& input = {},
                     const QStringList& environment = {})
{
    QProcess process;
    if (!environment.isEmpty()) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const QString& entry : environment) {
            env.insert(entry.section(QLatin1Char('='), 0, 0), entry.section(QLatin1Char('='), 1));
        }
        process.setProcessEnvironment(env);
    }
    process.start(binary(program), arguments);
    CliRun run;
    if (!process.waitForStarted(10000)) {
        run.err = process.errorString();
        return run;
    }
    if (!input.isEmpty()) {
        process.write(input);
    }
    process.closeWriteChannel();
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        run.err = QStringLiteral("timed out");
        return run;
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = QString::fromLocal8Bit(process.readAllStandardOutput());
    run.err = QString::fromLocal8Bit(process.readAllStandardError());
    return run;
}

} // namespace RaidBench::Test

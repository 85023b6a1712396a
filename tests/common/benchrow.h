#pragma once

#include <QByteArray>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

namespace RaidBench::Test {

/// A speed a test measured beside what the lab's throttles or the model say it should be. CI never
/// passes or fails on it (the host's load decides it as much as RaidBench does): the test prints the
/// row, and when RAIDBENCH_BENCH_ROWS names a file it appends the row there as one JSON line, which
/// tests/bench/lab-speed gathers into its tables from runs made alone. `low` and `high` are the band
/// the ratio measured/expected is expected in on a quiet host, as the test used to assert it.
struct BenchRow
{
    QString bench; ///< which table: "baselines", "sweep", "stable", "drill", "parity", "model"
    QString row; ///< what was measured, in words: "raid5 rebuild", "raid0 QD32"
    double measured = 0;
    double expected = 0;
    double low = 0;
    double high = 0;
    QString unit; ///< "MB/s", "IOPS", "s", "runs"
};

inline void benchRow(const BenchRow& row)
{
    const double ratio = row.expected > 0 ? row.measured / row.expected : 0.0;
    const bool inBand = ratio >= row.low && ratio <= row.high;
    qInfo("bench %s: %s: measured %.2f %s, expected %.2f, ratio %.3f (band %.2f-%.2f%s)", qPrintable(row.bench),
          qPrintable(row.row), row.measured, qPrintable(row.unit), row.expected, ratio, row.low, row.high,
          inBand ? "" : ", OUTSIDE");
    const QByteArray path = qgetenv("RAIDBENCH_BENCH_ROWS");
    if (path.isEmpty()) {
        return;
    }
    QFile file(QString::fromLocal8Bit(path));
    if (!file.open(QIODevice::Append)) {
        qWarning("cannot append to %s", path.constData());
        return;
    }
    const QJsonObject line {{QStringLiteral("bench"), row.bench},       {QStringLiteral("row"), row.row},
                            {QStringLiteral("measured"), row.measured}, {QStringLiteral("expected"), row.expected},
                            {QStringLiteral("ratio"), ratio},           {QStringLiteral("low"), row.low},
                            {QStringLiteral("high"), row.high},         {QStringLiteral("unit"), row.unit}};
    file.write(QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n');
}

} // namespace RaidBench::Test

#include "../common/cli.h"
#include "../common/labfiles.h"
#include "answer/quickanswer.h"
#include "results/campaignresults.h"

#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace RaidBench;
using namespace RaidBench::Test;

/// The quick answer for real: six lab disks on two controllers, each controller slower than its disks
/// together; the disks measured alone and together, every layout predicted, the best two built and
/// measured against the model, nothing left behind. How close the model comes is the model-accuracy
/// benchmark's question; this checks what the command does.
class TestAnswerLab final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_out;

    QString read(const QString& name) const { return readText(m_out.filePath(name)); }

private Q_SLOTS:
    void quickAnswerBuildsTheBestTwo()
    {
        QVERIFY(m_out.isValid());
        const QString script = QStringLiteral(R"SH(
disks=$(ls /dev/disk/by-id/scsi-RAIDBNCH_* | grep -v part | sort | tr '\n' ' ')
raidbench-cli answer $disks --recommend "failures>=1" --verify 2 --time 3s --out answer.json --yes \
  > answer.out 2> answer.err; echo $? > answer.rc
cat /proc/mdstat > after
raidbench-cli answer /dev/sda > one.out 2>&1; echo $? > one.rc
raidbench-cli answer $disks --verify 99 > many.out 2>&1; echo $? > many.rc
raidbench-cli answer $disks --recommend "speed>=fast" > bad.out 2>&1; echo $? > bad.rc
)SH");
        // Each disk at most 1000 requests a second: without a limit a flat disk answers random 4K as fast
        // as the emulated processor goes, which the quick answer would then measure (and take from the
        // tests beside this one).
        const CliRun run =
            runCli({QStringLiteral("lab"), QStringLiteral("run"), QStringLiteral("--quiet"), QStringLiteral("--disks"),
                    QStringLiteral("4x512M@100:iops=1000,2x512M@50:iops=1000"), QStringLiteral("--controllers"),
                    QStringLiteral("2@120"), QStringLiteral("--out"), m_out.path(), QStringLiteral("--"),
                    QStringLiteral("sh"), QStringLiteral("-c"), script},
                   1200000);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY2(read(QStringLiteral("answer.rc")).trimmed() == QLatin1String("0"),
                 qPrintable(read(QStringLiteral("answer.err")).right(3000) + read(QStringLiteral("answer.out"))));
        const QString out = read(QStringLiteral("answer.out"));
        qInfo("%s", qPrintable(out));
        const auto results = CampaignResults::load(m_out.filePath(QStringLiteral("answer.json")));
        QVERIFY(results.ok());
        // The disks alone and together: each controller's three, then all six; 120 MB/s is below the sum
        // of each controller's disks, so both are named.
        QCOMPARE(results->disks.size(), 6);
        QCOMPARE(results->together.size(), 3);
        // Each disk's run ends once its rate has settled, a second or so of the 3 s a full campaign
        // would give it (a run on a host too busy to hold its rate runs to the end: most settle). A run
        // whose rate settled only as it reached its length says nothing of stopping.
        constexpr std::uint64_t fullNs = 3'000'000'000ull;
        QList<std::uint64_t> settledNs;
        QString lengths;
        for (const DiskResult& disk : std::as_const(results->disks)) {
            for (const std::optional<IoResult>* run : {&disk.writeRun, &disk.readRun}) {
                QVERIFY2(*run && (*run)->status == IoStatus::Completed, qPrintable(disk.path));
                const bool stopped = (*run)->notes.contains(QStringLiteral("stopped once the rate had settled"));
                lengths += QStringLiteral("%1 %2 s%3\n")
                               .arg(disk.path)
                               .arg(double((*run)->elapsedNs) / 1e9, 0, 'f', 2)
                               .arg(stopped ? QStringLiteral(", settled") : QString());
                if (stopped) {
                    QVERIFY2((*run)->elapsedNs < fullNs, qPrintable(lengths));
                    settledNs.append((*run)->elapsedNs);
                }
            }
        }
        QVERIFY2(settledNs.size() >= 6, qPrintable(lengths));
        std::sort(settledNs.begin(), settledNs.end());
        QVERIFY2(settledNs.at(settledNs.size() / 2) < 2'500'000'000ull, qPrintable(lengths));
        for (const DisksTogether& group : results->together) {
            QVERIFY2(group.writeBw && group.readBw, qPrintable(group.describe()));
            if (group.scope == DisksTogether::Scope::Controller) {
                QVERIFY2(group.limited(), qPrintable(group.describe()));
            }
        }
        // The model's best two built, each measured beside its prediction; the others stay predicted. When
        // the measurement puts a layout only predicted first (on a busy host md's parity thread runs slower
        // than its own measurement said), that one is built too, at most two more.
        const QuickAnswer quick = QuickAnswer::fromJson(results->quickAnswer);
        QVERIFY2(results->configs.size() >= 2 && results->configs.size() <= 2 + QuickAnswer::maxExtraBuilds,
                 qPrintable(out));
        QCOMPARE(quick.verified.size(), results->configs.size());
        for (int i = 0; i < quick.verified.size(); ++i) {
            const VerifiedLayout& layout = quick.verified.at(i);
            QVERIFY2(layout.status == RunState::Completed, qPrintable(layout.name));
            QVERIFY2(i >= 2 || (layout.predictedRank >= 1 && layout.predictedRank <= 2), qPrintable(layout.name));
            QVERIFY2(layout.ratio(true) && layout.ratio(false), qPrintable(layout.name));
            // Random speed too: the disks' access patterns give every layout a prediction.
            QVERIFY2(layout.randomRatio(true) && layout.randomRatio(false), qPrintable(layout.name));
            qInfo("%s: write %.2f, read %.2f, random write %.2f, random read %.2f of the models",
                  qPrintable(layout.name), *layout.ratio(true), *layout.ratio(false), *layout.randomRatio(true),
                  *layout.randomRatio(false));
        }
        QVERIFY(quick.layouts > 2);
        QVERIFY(quick.measureSeconds > 0 && quick.verifySeconds > 0 && quick.settledSeconds > 0);
        QVERIFY(quick.fullEstimateSeconds() > quick.seconds());
        QVERIFY2(
            out.contains(QStringLiteral("Building all %1 layouts these disks allow, with the same tests, would take")
                             .arg(quick.layouts)),
            qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral("predicted")), qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral("Random 4K at QD32, built and measured, against the model (IOPS)")),
                 qPrintable(out));
        // Nothing left running.
        QVERIFY2(!read(QStringLiteral("after")).contains(QStringLiteral("active")), qPrintable(read("after")));
        // Bad arguments: a clear error, exit 2, nothing touched.
        for (const char* name : {"one", "many", "bad"}) {
            QVERIFY2(read(QStringLiteral("%1.rc").arg(QLatin1String(name))).trimmed() == QLatin1String("2"),
                     qPrintable(read(QStringLiteral("%1.out").arg(QLatin1String(name)))));
        }
        QVERIFY(read(QStringLiteral("one.out")).contains(QStringLiteral("at least two disks")));
        QVERIFY(read(QStringLiteral("many.out")).contains(QStringLiteral("--verify '99'")));
    }
};

QTEST_GUILESS_MAIN(TestAnswerLab)
#include "tst_answer_lab.moc"

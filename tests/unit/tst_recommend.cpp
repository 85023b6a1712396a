#include "../common/resultsfixture.h"
#include "answer/compare.h"
#include "answer/recommend.h"
#include "answer/tradeoff.h"
#include "exports/exports.h"
#include "model/analysis.h"
#include "util/errorcodes.h"

#include <QJsonArray>
#include <QTest>

#include <functional>

using namespace RaidBench;

/// The recommendation on recorded results: tests/data/results/lab-demo.json is a real lab campaign
/// of nine layouts on two 105 MB/s and two 38 MB/s disks, all on one controller.
class TestRecommend final : public QObject
{
    Q_OBJECT

private:
    static CampaignResults demo() { return Test::labDemoResults(); }

    static Requirements parsed(const QString& text)
    {
        auto requirements = Requirements::parse(text);
        if (!requirements) {
            qWarning("%s", qPrintable(requirements.error().message));
            return {};
        }
        return *requirements;
    }

    static QStringList rankedNames(const Recommendation& answer)
    {
        QStringList names;
        for (const RankedLayout& layout : answer.ranked) {
            names.append(layout.name);
        }
        return names;
    }

    static QString whyExcluded(const Recommendation& answer, const QString& name)
    {
        for (const ExcludedLayout& layout : answer.excluded) {
            if (layout.name == name) {
                return layout.why;
            }
        }
        return QStringLiteral("(not excluded)");
    }

    /// The demo's disks on two controllers: 0001 and 0003 on one, 0002 and 0004 on the other.
    static CampaignResults onTwoControllers()
    {
        CampaignResults results = demo();
        for (int i = 0; i < results.disks.size(); ++i) {
            results.disks[i].controller = i % 2 == 0 ? QStringLiteral("0000:00:06.0") : QStringLiteral("0000:00:07.0");
        }
        std::function<void(ArraySpec&)> relabel = [&](ArraySpec& node) {
            if (node.isLeaf()) {
                node.controller = results.disk(node.device)->controller;
            }
            for (ArraySpec& child : node.children) {
                relabel(child);
            }
        };
        for (ConfigResult& config : results.configs) {
            relabel(config.spec);
        }
        analyzeResults(results);
        return results;
    }

private Q_SLOTS:
    void writesTheCachesHeldRankOnWhatPassedThem()
    {
        CampaignResults results = Test::labDemoResults(false);
        // raid6's write runs, as if each had ended with the disks' caches holding 1.2 s of writing: what
        // passed them is (ramp + run) x its rate over ramp + run + 1.2 s.
        auto raid6 = std::find_if(results.configs.begin(), results.configs.end(),
                                  [](const ConfigResult& c) { return c.name == QLatin1String("raid6"); });
        QVERIFY(raid6 != results.configs.end());
        TestResult* write = nullptr;
        for (TestResult& test : raid6->tests) {
            write = test.spec.id() == QLatin1String("seq1m-qd8-write") ? &test : write;
        }
        QVERIFY(write && !write->runs.isEmpty());
        for (IoResult& run : write->runs) {
            run.rampElapsedNs = 250'000'000;
            run.rampBytesWritten = std::uint64_t(run.bandwidth() * 0.25);
            run.flushAfterNs = 1'200'000'000;
        }
        write->summary = RunSummary::of(write->runs);
        QVERIFY(write->summary.cachesHeldSome());
        const double measured = write->summary.bwMedian;
        const double through = *write->summary.writtenThroughMedian;
        QVERIFY2(through < 0.8 * measured, qPrintable(QStringLiteral("%1 %2").arg(through).arg(measured)));
        // Old results keep no ramp: no figure is made up for them.
        for (const ConfigResult& config : std::as_const(results.configs)) {
            if (config.name != QLatin1String("raid6") && config.sequentialTest(true)) {
                QVERIFY(!config.sequentialTest(true)->summary.writtenThroughMedian);
            }
        }
        analyzeResults(results);
        const Recommendation answer = recommend(results, parsed(QStringLiteral("weight=seq-write")));
        bool ranked = false;
        for (const RankedLayout& layout : answer.ranked) {
            for (const auto& [measure, value] : layout.values) {
                if (layout.name == QLatin1String("raid6") && measure == Measure::SeqWrite) {
                    QCOMPARE(value, through);
                    ranked = true;
                }
            }
        }
        QVERIFY(ranked);
        QVERIFY2(answer.notes.join(QLatin1Char('\n')).contains(QLatin1String("The write runs of raid6 ended")),
                 qPrintable(answer.notes.join(QLatin1Char('\n'))));
        // The report says it twice: beside the figure, and in a section of its own.
        const QString md = resultsToMarkdown(results);
        QVERIFY(md.contains(QStringLiteral("*caches: %1 through*").arg(through / 1e6, 0, 'f', 1)));
        QVERIFY2(md.contains(QLatin1String("## Writes the disks' caches held")) &&
                     md.contains(QLatin1String("| raid6 | SEQ1M QD8 write |")) &&
                     md.contains(QLatin1String("| 1.20 s |")),
                 qPrintable(md.section(QStringLiteral("## Writes"), 1, 1)));
        // Saved and read back, the figure stays.
        const auto reread = CampaignResults::fromJson(results.toJson());
        QVERIFY(reread.ok());
        QCOMPARE(*reread->configs.at(int(raid6 - results.configs.begin()))
                      .sequentialTest(true)
                      ->summary.writtenThroughMedian,
                 through);
    }

    void parsesRequirements_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("canonical");
        QTest::addColumn<QString>("describe");
        QTest::addColumn<QString>("measures");
        QTest::newRow("empty") << ""
                               << ""
                               << ""
                               << "sequential and random speed";
        QTest::newRow("issue example") << "failures>=1,space>=50,weight=random"
                                       << "failures>=1,space>=50,weight=random"
                                       << "survive one failure and keep at least 50 % of the space"
                                       << "random speed";
        QTest::newRow("controller, spaces, percent")
            << " failures >= 2 , controller , space>=60% "
            << "failures>=2,controller,space>=60"
            << "survive two failures and the loss of a controller and keep at least 60 % of the space"
            << "sequential and random speed";
        QTest::newRow("controller=no") << "controller=no"
                                       << ""
                                       << ""
                                       << "sequential and random speed";
        QTest::newRow("weighted mix") << "weight=seq:2+random+files:0.5"
                                      << "weight=seq:2+random+files:0.5"
                                      << ""
                                      << "sequential speed (weight 2), random speed (weight 1) and file-system tests "
                                         "(weight 0.5)";
        QTest::newRow("one side") << "weight=random-write"
                                  << "weight=random-write"
                                  << ""
                                  << "random writes";
        QTest::newRow("command") << "weight=command"
                                 << "weight=command"
                                 << ""
                                 << "your command's time";
    }

    void parsesRequirements()
    {
        QFETCH(QString, text);
        QFETCH(QString, canonical);
        QFETCH(QString, describe);
        QFETCH(QString, measures);
        const auto requirements = Requirements::parse(text);
        QVERIFY2(requirements, qPrintable(requirements ? QString() : requirements.error().message));
        QCOMPARE(requirements->text(), canonical);
        QCOMPARE(requirements->describe(), describe);
        QCOMPARE(requirements->measureText(), measures);
        // The canonical text reads back to the same requirements.
        const auto again = Requirements::parse(requirements->text());
        QVERIFY(again);
        QCOMPARE(again->text(), canonical);
    }

    void refusesBadRequirements_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown clause") << "speed>=3"
                                        << "'speed>=3' is not a requirement";
        QTest::newRow("negative failures") << "failures>=-1"
                                           << "whole number from 0 to 64";
        QTest::newRow("failures word") << "failures>=one"
                                       << "whole number";
        QTest::newRow("failures no operator") << "failures"
                                              << "failures>=N";
        QTest::newRow("space over 100") << "space>=120"
                                        << "per cent from 0 to 100";
        QTest::newRow("space nan") << "space>=nan"
                                   << "per cent";
        QTest::newRow("twice") << "failures>=1,failures>=2"
                               << "given twice";
        QTest::newRow("unknown term") << "weight=speed"
                                      << "'speed' is not something to rank on";
        QTest::newRow("empty weight") << "weight="
                                      << "weight=TERM";
        QTest::newRow("zero weight") << "weight=seq:0"
                                     << "above 0";
        QTest::newRow("huge weight") << "weight=seq:1e9"
                                     << "at most 1000";
        QTest::newRow("term twice") << "weight=seq+seq:2"
                                    << "weighted twice";
        QTest::newRow("controller maybe") << "controller=maybe"
                                          << "controller=yes";
    }

    void refusesBadRequirements()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        const auto requirements = Requirements::parse(text);
        QVERIFY(!requirements);
        QCOMPARE(requirements.error().code, ErrorCode::badRequirements);
        QVERIFY2(requirements.error().message.contains(message), qPrintable(requirements.error().message));
    }

    void defaultsRankRedundantLayouts()
    {
        const Recommendation answer = recommend(demo(), Requirements::defaults());
        QCOMPARE(rankedNames(answer).first(), QStringLiteral("raid10"));
        QCOMPARE(answer.ranked.size(), 7);
        QVERIFY(!rankedNames(answer).contains(QStringLiteral("raid0")));
        QCOMPARE(whyExcluded(answer, QStringLiteral("raid0")), QStringLiteral("survives no failure; 1 needed"));
        QCOMPARE(whyExcluded(answer, QStringLiteral("single")), QStringLiteral("survives no failure; 1 needed"));
        QCOMPARE(
            answer.ranked.first().why,
            QStringLiteral(
                "best sequential and random speed of the layouts that survive one failure; keeps 50 % of the space"));
        QVERIFY(answer.summary.startsWith(QLatin1String("raid10: best sequential and random speed")));
        // Scores fall down the list, and each later layout says what it scores against the first.
        for (int i = 1; i < answer.ranked.size(); ++i) {
            QVERIFY(qRound(answer.ranked.at(i).score) <= qRound(answer.ranked.at(i - 1).score));
            QVERIFY2(answer.ranked.at(i).why.contains(QLatin1String("against raid10's")),
                     qPrintable(answer.ranked.at(i).why));
        }
        QVERIFY(!answer.impossible);
        QVERIFY(answer.notes.isEmpty()); // every layout of the demo was run: nothing predicted
    }

    void theIssuesExampleSentence()
    {
        // Fastest random writes among layouts that survive one failure: raid0+1 measured 4351 IOPS.
        const Recommendation answer = recommend(demo(), parsed(QStringLiteral("failures>=1,weight=random-write")));
        QCOMPARE(rankedNames(answer).first(), QStringLiteral("raid0+1"));
        QCOMPARE(
            answer.ranked.first().why,
            QStringLiteral("fastest random writes of the layouts that survive one failure; keeps 50 % of the space"));
        QCOMPARE(qRound(answer.ranked.first().score), 100);
        // raid5's random writes pay read-modify-write: 2059 against 4351 IOPS.
        const RankedLayout* raid5 = nullptr;
        for (const RankedLayout& layout : answer.ranked) {
            raid5 = layout.name == QLatin1String("raid5") ? &layout : raid5;
        }
        QVERIFY(raid5);
        QCOMPARE(qRound(raid5->score), 47);
        QVERIFY2(raid5->why.contains(QLatin1String("random writes 2,059 IOPS (47 % of the best)")),
                 qPrintable(raid5->why));
    }

    void theAnswerSaysWhetherALayoutSurvivesAController()
    {
        // The disks alternate between two controllers: a layout whose mirrors cross them survives losing
        // one, and the answer says so of every ranked layout (two raid10s that differ only in their pairs
        // read apart).
        CampaignResults results = onTwoControllers();
        const Recommendation answer = recommend(results, Requirements::defaults());
        QVERIFY(!answer.ranked.isEmpty());
        for (const RankedLayout& layout : answer.ranked) {
            const ConfigResult* config = results.config(layout.name);
            QVERIFY(config && config->controllerFailureSurvived.has_value());
            const QString said = *config->controllerFailureSurvived ? QStringLiteral("the loss of a controller")
                                                                    : QStringLiteral("not the loss of a controller");
            QVERIFY2(layout.why.contains(said) ||
                         (&layout == &answer.ranked.first() &&
                          layout.why.contains(*config->controllerFailureSurvived
                                                  ? QStringLiteral("survives the loss of a controller")
                                                  : QStringLiteral("does not survive the loss of a controller"))),
                     qPrintable(layout.name + QStringLiteral(": ") + layout.why));
        }
        // One controller: nothing is said of controllers.
        for (const RankedLayout& layout : recommend(demo(), Requirements::defaults()).ranked) {
            QVERIFY2(!layout.why.contains(QLatin1String("controller")), qPrintable(layout.why));
        }
    }

    void anUnstableFigureIsMarked()
    {
        // raid5's sequential writes still varied when repeat-until-stable gave up: ranked as measured, and
        // the answer says its rank is less sure.
        CampaignResults results = demo();
        for (ConfigResult& config : results.configs) {
            if (config.name == QLatin1String("raid5")) {
                for (TestResult& test : config.tests) {
                    if (&test == config.sequentialTest(true)) {
                        test.summary.unstable = true;
                    }
                }
            }
        }
        const Recommendation answer = recommend(results, Requirements::defaults());
        for (const RankedLayout& layout : answer.ranked) {
            const bool raid5 = layout.name == QLatin1String("raid5");
            QCOMPARE(layout.unstable, raid5 ? QList<Measure> {Measure::SeqWrite} : QList<Measure> {});
            QCOMPARE(layout.why.contains(QLatin1String("unstable: its sequential writes still varied more than the "
                                                       "plan allows")),
                     raid5);
        }
    }

    void requirementsChangeTheRanking()
    {
        const CampaignResults results = demo();
        QCOMPARE(rankedNames(recommend(results, parsed(QStringLiteral("weight=seq-write")))).first(),
                 QStringLiteral("raid0"));
        QCOMPARE(rankedNames(recommend(results, parsed(QStringLiteral("failures>=1,weight=seq-read")))).first(),
                 QStringLiteral("raid6"));
        // Space decides: only raid5 keeps 70 % and survives a failure.
        const Recommendation space = recommend(results, parsed(QStringLiteral("failures>=1,space>=70")));
        QCOMPARE(rankedNames(space), QStringList {QStringLiteral("raid5")});
        QCOMPARE(space.ranked.first().why,
                 QStringLiteral("the only layout that can survive one failure and keep at least 70 % of the space; "
                                "keeps 75 % of the space"));
        QCOMPARE(whyExcluded(space, QStringLiteral("raid10")), QStringLiteral("keeps 50 % of the space; 70 % needed"));
        // Space is compared as the report shows it: raid5 keeps 74.85 %, which meets 75.
        QCOMPARE(rankedNames(recommend(results, parsed(QStringLiteral("failures>=1,space>=75")))),
                 QStringList {QStringLiteral("raid5")});
        // Two failures: raid6 and the four-way mirror.
        QCOMPARE(rankedNames(recommend(results, parsed(QStringLiteral("failures>=2")))),
                 (QStringList {QStringLiteral("raid6"), QStringLiteral("raid1")}));
    }

    void excludedByEachRuleWithItsReason()
    {
        CampaignResults results = onTwoControllers();
        // A failed run and one without random tests.
        results.config(QStringLiteral("raid6"))->status = RunState::Failed;
        results.config(QStringLiteral("raid6"))->error = QStringLiteral("mdadm: cannot open /dev/sdc");
        ConfigResult* raid5 = results.config(QStringLiteral("raid5"));
        raid5->tests.erase(
            std::remove_if(raid5->tests.begin(), raid5->tests.end(),
                           [](const TestResult& test) { return test.spec.id().startsWith(QLatin1String("rnd4k")); }),
            raid5->tests.end());
        const Recommendation answer = recommend(results, parsed(QStringLiteral("failures>=1,controller,space>=40")));
        QCOMPARE(whyExcluded(answer, QStringLiteral("raid0")),
                 QStringLiteral("survives no failure; 1 needed; losing one controller takes it down"));
        QCOMPARE(whyExcluded(answer, QStringLiteral("raid1")), QStringLiteral("keeps 25 % of the space; 40 % needed"));
        QCOMPARE(whyExcluded(answer, QStringLiteral("raid6")),
                 QStringLiteral("its run failed: mdadm: cannot open /dev/sdc"));
        QCOMPARE(whyExcluded(answer, QStringLiteral("raid5")), QStringLiteral("losing one controller takes it down"));
        // The rest follows the tool's own computation of what survives losing a controller.
        for (const ConfigResult& config : std::as_const(results.configs)) {
            const bool meets = config.status == RunState::Completed && config.failuresGuaranteed >= 1 &&
                config.spacePct + 0.5 >= 40 && config.controllerFailureSurvived == true &&
                config.name != QLatin1String("raid5");
            QCOMPARE(rankedNames(answer).contains(config.name), meets);
        }
        QVERIFY(rankedNames(answer).contains(QStringLiteral("raid10")));
        // A layout without a measure the others have cannot be ranked on it.
        const Recommendation random = recommend(results, parsed(QStringLiteral("failures>=1")));
        QCOMPARE(whyExcluded(random, QStringLiteral("raid5")),
                 QStringLiteral("not measured on random writes and "
                                "random reads"));
        // On one controller, nothing survives losing it.
        const Recommendation oneController = recommend(demo(), parsed(QStringLiteral("controller")));
        QVERIFY(oneController.impossible);
        QVERIFY2(oneController.summary.startsWith(QLatin1String("Nothing can meet this: all 4 disks are on one "
                                                                "controller")),
                 qPrintable(oneController.summary));
        QCOMPARE(whyExcluded(oneController, QStringLiteral("raid10")),
                 QStringLiteral("all its disks are on one controller"));
    }

    void tiesBreakOnSpaceThenFailures()
    {
        CampaignResults results = demo();
        // raid1+0 and lvm-stripe-over-raid1 given exactly raid10's tests: the same speed.
        const ConfigResult raid10 = *results.config(QStringLiteral("raid10"));
        results.config(QStringLiteral("raid1+0"))->tests = raid10.tests;
        results.config(QStringLiteral("lvm-stripe-over-raid1"))->tests = raid10.tests;
        results.config(QStringLiteral("lvm-stripe-over-raid1"))->spacePct = 49.0; // rounds below 50
        const Recommendation answer = recommend(results, Requirements::defaults());
        const QStringList names = rankedNames(answer);
        // raid10 (49.90 %) and raid1+0 (49.85 %) tie on space as shown (50 %) and on failures: by name.
        QCOMPARE(names.mid(0, 3),
                 (QStringList {QStringLiteral("raid1+0"), QStringLiteral("raid10"),
                               QStringLiteral("lvm-stripe-over-raid1")}));
        QVERIFY2(answer.ranked.at(0).why.endsWith(QLatin1String("ties with raid10 on speed and comes first by name")),
                 qPrintable(answer.ranked.at(0).why));
        QVERIFY2(answer.ranked.at(1).why.startsWith(QLatin1String("as fast as raid1+0 (score")),
                 qPrintable(answer.ranked.at(1).why));
        QVERIFY2(answer.ranked.at(2).why.contains(QLatin1String("as fast as raid10")) &&
                     answer.ranked.at(2).why.contains(QLatin1String("which keeps more space")),
                 qPrintable(answer.ranked.at(2).why));
        // Same speed and space, more failures survived wins.
        results.config(QStringLiteral("raid10"))->failuresGuaranteed = 2;
        const Recommendation more = recommend(results, Requirements::defaults());
        QCOMPARE(rankedNames(more).first(), QStringLiteral("raid10"));
        QVERIFY2(
            more.ranked.first().why.endsWith(QLatin1String("ties with raid1+0 on speed and survives more failures")),
            qPrintable(more.ranked.first().why));
    }

    void predictedLayoutsFillInOnlyWhatWasNotRun()
    {
        CampaignResults results = demo();
        results.configs.removeIf([](const ConfigResult& config) { return config.name == QLatin1String("raid6"); });
        // Ranked on sequential speed, the model fills raid6 in, marked predicted.
        const Recommendation seq = recommend(results, parsed(QStringLiteral("failures>=2,weight=seq")));
        QCOMPARE(rankedNames(seq), (QStringList {QStringLiteral("raid6"), QStringLiteral("raid1")}));
        QVERIFY(seq.ranked.first().predicted);
        QVERIFY(!seq.ranked.last().predicted);
        QVERIFY2(seq.ranked.first().why.startsWith(QLatin1String("predicted, not run: ")),
                 qPrintable(seq.ranked.first().why));
        QVERIFY(seq.summary.startsWith(QLatin1String("raid6 (predicted): ")));
        QVERIFY(seq.notes.join(QLatin1Char(' ')).contains(QLatin1String("not run")));
        // These disks have no access patterns, so the models give no random speed: ranked on it, the
        // predicted layout is left out, saying so.
        const Recommendation random = recommend(results, parsed(QStringLiteral("failures>=2,weight=random")));
        QCOMPARE(rankedNames(random), QStringList {QStringLiteral("raid1")});
        QVERIFY2(whyExcluded(random, QStringLiteral("raid6"))
                     .startsWith(QLatin1String(
                         "predicted, not run: the models do not give random writes and random reads for these disks")),
                 qPrintable(whyExcluded(random, QStringLiteral("raid6"))));
        // Measured layouts are never replaced by predictions: nothing else was predicted.
        const Recommendation all = recommend(results, parsed(QStringLiteral("weight=seq")));
        QCOMPARE(all.ranked.size(), results.configs.size() + 1);
        for (const RankedLayout& layout : all.ranked) {
            QCOMPARE(layout.predicted, layout.name == QLatin1String("raid6"));
        }
        // Without the disks' own speeds there is no prediction.
        for (DiskResult& disk : results.disks) {
            disk.writeBw.reset();
        }
        QCOMPARE(rankedNames(recommend(results, parsed(QStringLiteral("failures>=2,weight=seq")))),
                 QStringList {QStringLiteral("raid1")});
    }

    void noMeasuredLayoutQualifies()
    {
        CampaignResults results = demo();
        results.configs.removeIf([](const ConfigResult& config) {
            return config.name == QLatin1String("raid6") || config.name == QLatin1String("raid1");
        });
        const Recommendation answer =
            recommend(results, parsed(QStringLiteral("failures>=2,space>=50")), /*predictMissing=*/false);
        QVERIFY(answer.ranked.isEmpty());
        QVERIFY(!answer.impossible); // raid6 of these disks would
        QVERIFY2(answer.summary.startsWith(QLatin1String("No measured layout can survive two failures and keep at "
                                                         "least 50 % of the space; the closest are ")),
                 qPrintable(answer.summary));
        QVERIFY2(answer.summary.contains(QLatin1String("raid10 (survives 1 failure, keeps 50 % of the space)")),
                 qPrintable(answer.summary));
        QVERIFY(answer.notes.isEmpty());
    }

    void qualifyingButNotMeasuredOnWhatIsRanked()
    {
        // No command ran: the layouts that qualify cannot be ranked on it, and the answer says so.
        const Recommendation command = recommend(demo(), parsed(QStringLiteral("failures>=1,weight=command")));
        QVERIFY(command.ranked.isEmpty());
        QVERIFY(!command.impossible);
        QCOMPARE(command.summary,
                 QStringLiteral("No layout that can survive one failure was measured on your "
                                "command's time: add those tests to the plan."));
        QCOMPARE(whyExcluded(command, QStringLiteral("raid10")),
                 QStringLiteral("nothing it was measured on can rank it"));
        // Only raid10 ran the random tests among the layouts that survive a failure.
        CampaignResults results = demo();
        for (ConfigResult& config : results.configs) {
            if (config.name != QLatin1String("raid10") && config.failuresGuaranteed >= 1) {
                config.tests.removeIf(
                    [](const TestResult& test) { return test.spec.id().startsWith(QLatin1String("rnd4k")); });
            }
        }
        const Recommendation one = recommend(results, Requirements::defaults());
        QCOMPARE(rankedNames(one), QStringList {QStringLiteral("raid10")});
        QVERIFY2(one.ranked.first().why.startsWith(QLatin1String(
                     "the only layout that can survive one failure measured on sequential and random speed")),
                 qPrintable(one.ranked.first().why));
        QCOMPARE(whyExcluded(one, QStringLiteral("raid5")),
                 QStringLiteral("not measured on random writes and random reads"));
    }

    void aMeasureNoLayoutHasIsNotClaimed()
    {
        // A plan without random tests: the ranking is on sequential speed, and every sentence says so.
        CampaignResults results = demo();
        for (ConfigResult& config : results.configs) {
            config.tests.removeIf(
                [](const TestResult& test) { return test.spec.id().startsWith(QLatin1String("rnd4k")); });
        }
        const Recommendation answer = recommend(results, Requirements::defaults());
        QCOMPARE(rankedNames(answer).first(), QStringLiteral("raid5")); // raid10 leads on both together
        QVERIFY2(answer.ranked.first().why.startsWith(
                     QLatin1String("fastest sequential speed of the layouts that survive one failure")),
                 qPrintable(answer.ranked.first().why));
        QVERIFY2(!answer.summary.contains(QLatin1String("random")), qPrintable(answer.summary));
        QVERIFY2(
            answer.toText().startsWith(QLatin1String("Layouts that survive one failure, ranked on sequential speed:")),
            qPrintable(answer.toText()));
        QVERIFY(answer.toMarkdown().contains(QLatin1String("ranked on sequential speed (`")));
        QVERIFY2(answer.notes.contains(QLatin1String(
                     "No layout that qualifies was measured on random speed: it is left out of the ranking.")),
                 qPrintable(answer.notes.join(QLatin1Char('\n'))));
        QCOMPARE(tradeoff(results, Requirements::defaults()).rankedOn, QStringLiteral("sequential speed"));
        // Measured on both, it says both.
        QCOMPARE(recommend(demo(), Requirements::defaults()).rankedOn.measureText(),
                 QStringLiteral("sequential and random speed"));
        QCOMPARE(tradeoff(demo(), Requirements::defaults()).rankedOn, QStringLiteral("sequential and random speed"));
    }

    void aComparisonHasNoRecommendation()
    {
        const CampaignResults compared = compareResults({{demo(), QStringLiteral("a")}, {demo(), QStringLiteral("b")}});
        const Recommendation answer = recommend(compared, Requirements::defaults());
        QVERIFY(answer.ranked.isEmpty());
        QVERIFY(answer.excluded.isEmpty());
        QVERIFY(answer.summary.startsWith(QLatin1String("A comparison of several runs has no recommendation")));
        QVERIFY(tradeoff(compared, Requirements::defaults()).points.isEmpty());
    }

    void contradictoryRequirementsMeetNothing()
    {
        const Recommendation answer = recommend(demo(), parsed(QStringLiteral("failures>=3,space>=80")));
        QVERIFY(answer.ranked.isEmpty());
        QVERIFY(answer.impossible);
        QVERIFY2(answer.summary.startsWith(QLatin1String(
                     "Nothing can meet this: with 4 disks, a layout that survives 3 failures keeps at most 25 % of "
                     "the space; the closest are raid1 (survives 3 failures, keeps 25 % of the space)")),
                 qPrintable(answer.summary));
        const Recommendation tooMany = recommend(demo(), parsed(QStringLiteral("failures>=4")));
        QVERIFY(tooMany.impossible);
        QVERIFY2(tooMany.summary.startsWith(QLatin1String("Nothing can meet this: 4 disks cannot survive 4 failures")),
                 qPrintable(tooMany.summary));
        // Every layout is listed with its reason; none is dropped silently.
        QCOMPARE(answer.excluded.size(), demo().configs.size());
    }

    void jsonTextAndMarkdown()
    {
        const Recommendation answer = recommend(demo(), parsed(QStringLiteral("failures>=1,space>=50,weight=random")));
        const QJsonObject json = answer.toJson();
        QCOMPARE(json.value(QStringLiteral("requirements")).toString(),
                 QStringLiteral("failures>=1,space>=50,weight=random"));
        const QJsonArray ranked = json.value(QStringLiteral("ranked")).toArray();
        QCOMPARE(ranked.size(), answer.ranked.size());
        for (const QJsonValue& value : ranked) {
            const QJsonObject layout = value.toObject();
            QVERIFY(!layout.value(QStringLiteral("name")).toString().isEmpty());
            QVERIFY(layout.value(QStringLiteral("score")).isDouble());
            QVERIFY(!layout.value(QStringLiteral("why")).toString().isEmpty());
        }
        const QJsonArray excluded = json.value(QStringLiteral("excluded")).toArray();
        QCOMPARE(excluded.size(), answer.excluded.size());
        QCOMPARE(excluded.first().toObject().value(QStringLiteral("name")).toString(), answer.excluded.first().name);
        QVERIFY(answer.toText().contains(QLatin1String(" 1. ") + answer.ranked.first().name));
        QVERIFY(answer.toText().contains(QLatin1String("Left out:")));

        // The report ends with the default requirements' answer; a comparison of files has none.
        const QString report = resultsToMarkdown(demo());
        const qsizetype section = report.lastIndexOf(QLatin1String("\n## "));
        QVERIFY(report.mid(section).startsWith(QLatin1String("\n## Recommendation")));
        QVERIFY(report.contains(QLatin1String("**raid10: best sequential and random speed")));
        QVERIFY(resultsToMarkdown(demo(), parsed(QStringLiteral("weight=seq-write")))
                    .contains(QLatin1String("**raid0: fastest sequential writes of all layouts")));
        const CampaignResults compared = compareResults({{demo(), QStringLiteral("a")}, {demo(), QStringLiteral("b")}});
        QVERIFY(!resultsToMarkdown(compared).contains(QLatin1String("## Recommendation")));
    }

    void paretoFrontKeepsTheUndominated()
    {
        // (space, speed): b is dominated by a (same space, slower); d by c.
        const QList<std::pair<double, double>> points {{50, 300}, {50, 200},  {75, 150},
                                                       {75, 150}, {100, 100}, {25, 100}};
        QCOMPARE(paretoFront(points), (QList<int> {0, 2, 3, 4}));
        QCOMPARE(paretoFront({}), QList<int> {});
        QCOMPARE(paretoFront({{10, 10}}), QList<int> {0});
    }

    void tradeoffPoints()
    {
        const Tradeoff chart = tradeoff(demo(), parsed(QStringLiteral("failures>=1,weight=seq-write")));
        QCOMPARE(chart.speedTitle, QStringLiteral("sequential writes (MB/s)"));
        QCOMPARE(chart.points.size(), demo().configs.size());
        QStringList front;
        for (const TradeoffPoint& point : chart.points) {
            if (point.onFront) {
                front.append(point.name);
            }
            QCOMPARE(point.qualifies, point.failures >= 1);
            QVERIFY(point.detail.contains(QLatin1String("keeps")));
            if (point.name == QLatin1String("raid0")) {
                QCOMPARE(qRound(point.speed), 149); // MB/s, raw
                QVERIFY(point.detail.contains(QLatin1String("left out: survives no failure")));
            }
        }
        // Among the layouts that survive a failure, raid5 keeps the most space and writes fastest.
        QCOMPARE(front, QStringList {QStringLiteral("raid5")});
        // Without requirements: raid0 is the fastest writer and keeps as much space as the single disk,
        // in whole per cent (99.8 against 100).
        front.clear();
        for (const TradeoffPoint& point : tradeoff(demo(), parsed(QStringLiteral("weight=seq-write"))).points) {
            if (point.onFront) {
                front.append(point.name);
            }
        }
        QCOMPARE(front, QStringList {QStringLiteral("raid0")});
        // A mix is scored as the ranking scores it: the best that qualifies is the top; a layout left
        // out may score above it.
        const Tradeoff mix = tradeoff(demo(), Requirements::defaults());
        QCOMPARE(mix.speedTitle, QStringLiteral("score (best = 100)"));
        const Recommendation ranked = recommend(demo(), Requirements::defaults());
        for (const TradeoffPoint& point : mix.points) {
            if (point.qualifies) {
                QVERIFY(point.speed > 0 && point.speed <= 100.0001);
                for (const RankedLayout& layout : ranked.ranked) {
                    if (layout.name == point.name) {
                        QCOMPARE(qRound(point.speed), qRound(layout.score));
                    }
                }
            } else if (point.name == QLatin1String("raid0")) {
                QVERIFY(point.speed > 100);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestRecommend)
#include "tst_recommend.moc"

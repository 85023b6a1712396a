// The Run page, driven by a recorded helper stream: the destroy confirmation, progress, log, cancel, a helper that
// dies, results kept in the results folder, names from card to results.

#include "answer/quickanswer.h"
#include "campaign/diskpatterns.h"
#include "plan/surfacescan.h"
#include "results/answerpanel.h"
#include "results/diskstogether.h"
#include "results/resultsfiles.h"
#include "runqueuemodel.h"
#include "uitest.h"

#include <QJsonArray>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>

class TstUiRun : public QObject, public UiTestBase
{
    Q_OBJECT

    /// The recorded disk list, but the first disk's name leads to another device (its number and serial).
    static QJsonObject withAnotherFirstDisk(const Fixture& f)
    {
        QJsonObject scan = f.helper->recordedResult(QStringLiteral("scan-disks"));
        QJsonArray disks = scan.value(QStringLiteral("disks")).toArray();
        QJsonObject first = disks.first().toObject();
        first.insert(QStringLiteral("dev"), QStringLiteral("8:240"));
        first.insert(QStringLiteral("serial"), QStringLiteral("ANOTHER"));
        disks.replace(0, first);
        scan.insert(QStringLiteral("disks"), disks);
        return scan;
    }

private Q_SLOTS:
    void initTestCase() { initCommon(); }

    void namesStayFromCardToResults()
    {
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        CanvasModel* model = f->window->canvasModel();
        const QStringList disks = labDisks(*f);
        QVERIFY(model->addArray(disks, ArrayLevel::Raid10).ok());
        QVERIFY(model->addArray(disks, ArrayLevel::Raid10).ok());
        QCOMPARE(model->cardName({0}), QStringLiteral("raid10"));
        QCOMPARE(model->cardName({1}), QStringLiteral("raid10-2"));
        // Deleting the first does not rename the second: the card says what the results will say.
        QVERIFY(model->removeCard({0}).ok());
        QCOMPARE(model->cardName({0}), QStringLiteral("raid10-2"));
        const auto plan = f->window->planPage()->plan();
        QVERIFY(plan.ok());
        QCOMPARE(plan->configurations.at(0).name, QStringLiteral("raid10-2"));
        // A new card takes the free name; a level change renames only that card.
        QVERIFY(model->addArray(disks, ArrayLevel::Raid10).ok());
        QCOMPARE(model->cardName({1}), QStringLiteral("raid10"));
        QVERIFY(model->addArray(disks, ArrayLevel::Raid5).ok());
        QVERIFY(model->setLevel({2}, ArrayLevel::Raid6).ok());
        QCOMPARE(model->cardName({2}), QStringLiteral("raid6"));
        QCOMPARE(model->cardName({0}), QStringLiteral("raid10-2"));
    }

    void confirmationRefusesAWrongCount()
    {
        QList<Disk> disks;
        for (int i = 0; i < 3; ++i) {
            Disk disk;
            disk.path = QStringLiteral("/dev/sd%1").arg(QChar(u'a' + i));
            disk.model = QStringLiteral("WDC WD20EARS");
            disk.serial = QStringLiteral("WD-%1").arg(1000 + i);
            disk.sizeBytes = 2'000'398'934'016ull;
            disks.append(disk);
        }
        DestroyConfirmDialog dialog(disks);
        dialog.show();
        // Every disk is named by model, serial and size.
        QStringList texts;
        for (QLabel* label : dialog.findChildren<QLabel*>()) {
            texts.append(label->text());
        }
        for (QTableView* table : dialog.findChildren<QTableView*>()) {
            const QAbstractItemModel* model = table->model();
            for (int r = 0; r < model->rowCount(); ++r) {
                for (int c = 0; c < model->columnCount(); ++c) {
                    texts.append(model->index(r, c).data().toString());
                }
            }
        }
        const QString all = texts.join(QLatin1Char('\n'));
        for (const Disk& disk : disks) {
            QVERIFY2(all.contains(disk.serial), qPrintable(all));
        }
        QVERIFY(all.contains(QLatin1String("WDC WD20EARS")));
        QVERIFY(all.contains(QLatin1String("2.00 TB")) || all.contains(QLatin1String("1.82 TiB")));

        for (const QString& wrong :
             {QString(), QStringLiteral("2"), QStringLiteral("4"), QStringLiteral("three"), QStringLiteral("03x")}) {
            dialog.countEdit()->setText(wrong);
            dialog.accept();
            QVERIFY2(dialog.isVisible(), qPrintable(wrong));
            QCOMPARE(dialog.result(), int(QDialog::Rejected));
        }
        dialog.countEdit()->setText(QStringLiteral("3"));
        QVERIFY(dialog.countMatches());
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
    }

    void runPlanWhenReadyStartsOnceTheDisksAreSeen()
    {
        // `raidbench PLAN --run`, with the helper inside the lab VM reached directly (as root there):
        // the disks are virtual, so no confirmation; the plan starts once its disks are seen.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString planPath = dir.filePath(QStringLiteral("plan.json"));
        {
            auto seen = makeWindow();
            QTRY_COMPARE(seen->session->disks().size(), 4);
            QVERIFY(seen->window->canvasModel()->addArray(labDisks(*seen), ArrayLevel::Raid0).ok());
            QVERIFY(seen->window->planPage()->savePlanFile(planPath).ok());
        }
        auto f = makeWindow(true, planPath);
        QTRY_VERIFY(f->helper->campaignRunning());
        QCOMPARE(f->confirmations, 0);
        QCOMPARE(f->window->currentStep(), MainWindow::RunStep);
        QVERIFY(f->session->isLab());
        // Real disks still ask.
        auto real = makeWindow(false, planPath);
        QTRY_COMPARE(real->confirmations, 1);
    }

    void aFinishedRunIsNotLostToTheNext()
    {
        auto f = windowWithTheRecordedPlan();
        QVERIFY(f);
        // The first run, to its end.
        f->window->startRun();
        const QString first = f->window->runResultsPath();
        QVERIFY2(first.startsWith(m_resultsFolder.path() + QLatin1Char('/')), qPrintable(first));
        QVERIFY(QFileInfo(first).fileName().contains(QLatin1String("_lab_")) ||
                QFileInfo(first).fileName().contains(QLatin1String("raid0-raid5")));
        QSignalSpy finished(f->window->runPage(), &RunPage::finished);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
        f->window->waitForResultsWritten(); // written off the window's thread
        auto firstResults = CampaignResults::load(first);
        QVERIFY2(firstResults.ok(), qPrintable(first));
        QCOMPARE(firstResults->status, RunState::Completed);
        QCOMPARE(firstResults->configs.size(), 2);
        // The window stays on the run's page and offers the results.
        QCOMPARE(f->window->currentStep(), MainWindow::RunStep);
        QVERIFY(!f->window->nextStepButton()->isHidden());
        QVERIFY2(f->window->nextStepButton()->text().startsWith(QLatin1String("Show the results")),
                 qPrintable(f->window->nextStepButton()->text()));

        // The second, cancelled after its first configuration: its own file, the first one untouched.
        f->window->startRun();
        QVERIFY(f->window->nextStepButton()->isHidden()); // the first run's offer is over
        const QString second = f->window->runResultsPath();
        QVERIFY(second != first);
        QVERIFY(f->window->quitQuestion().contains(QDir::toNativeSeparators(second)));
        QTRY_VERIFY_WITH_TIMEOUT(f->session->lastResults().configs.size() >= 1 &&
                                     f->session->lastResults().configs.at(0).status == RunState::Completed,
                                 60000);
        // Written during the run, before it ends.
        f->window->waitForResultsWritten();
        auto during = CampaignResults::load(second);
        QVERIFY2(during.ok(), qPrintable(second));
        QVERIFY(during->configs.size() >= 1);
        QTest::mouseClick(f->window->runPage()->cancelButton(), Qt::LeftButton);
        QTRY_COMPARE(finished.size(), 2);
        // The completed run stays in front of the cancelled one, which is in its file.
        QCOMPARE(f->window->resultsPage()->results().status, RunState::Completed);
        QCOMPARE(f->window->resultsPage()->results().configs.size(), 2);
        QVERIFY2(f->window->statusBar()->currentMessage().contains(QFileInfo(second).fileName() +
                                                                   QStringLiteral(" (File > Recent)")),
                 qPrintable(f->window->statusBar()->currentMessage()));
        f->window->waitForResultsWritten();
        auto secondResults = CampaignResults::load(second);
        QVERIFY(secondResults.ok());
        QCOMPARE(secondResults->status, RunState::Cancelled);
        QVERIFY(secondResults->configs.at(0).sequentialWrite().has_value());
        auto again = CampaignResults::load(first);
        QVERIFY(again.ok());
        QCOMPARE(again->status, RunState::Completed);
        QCOMPARE(again->configs.size(), 2);

        // Recent lists both, newest first, with what they hold.
        const QStringList recent = f->window->resultsPage()->files()->recentEntries();
        const QString joined = recent.join(QLatin1Char('\n'));
        // Each entry short enough for a menu beside the window, its whole path in its tooltip.
        const auto entryOf = [&](const QString& path) {
            for (const QString& entry : recent) {
                if (entry.contains(QFileInfo(path).fileName())) {
                    return entry;
                }
            }
            return QString();
        };
        QVERIFY2(entryOf(first).contains(QStringLiteral(" — completed")), qPrintable(joined));
        QVERIFY2(entryOf(second).contains(QStringLiteral(" — cancelled")), qPrintable(joined));
        for (const QString& entry : recent) {
            QVERIFY2(entry.section(QStringLiteral(" ("), 0, 0).size() <= 100, qPrintable(entry));
        }
    }

    void quickAnswerMeasuresThenBuildsTheBestTwo()
    {
        // The Disks page's Quick answer: one run for the disks (alone and together, nothing built), then
        // one for the two layouts the model ranked first; the file holds both, and the comparison.
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        f->helper->intervalMs = 5;
        auto* button = f->window->findChild<QPushButton*>(QStringLiteral("quickAnswerButton"));
        QVERIFY(button);
        QTRY_VERIFY(button->isEnabled());
        QSignalSpy finished(f->window->runPage(), &RunPage::finished);
        const QString tabs = f->window->resultsPage()->answerPanel()->requirements().text();
        QTest::mouseClick(button, Qt::LeftButton);
        QCOMPARE(f->requirementsAsked.size(), 1); // what it is for: asked first, from the Answer tab's
        QCOMPARE(f->requirementsAsked.first().text(), tabs);
        QCOMPARE(f->confirmations, 1); // real disks: asked once, for both runs
        QCOMPARE(f->window->currentStep(), MainWindow::RunStep);
        // While the disks are measured, a disk list comes in in which a disk's name leads to another
        // device: the builds still name the disks as they were confirmed, and the helper judges.
        f->helper->replies.insert(QStringLiteral("scan-disks"), withAnotherFirstDisk(*f));
        f->session->refreshDisks();
        const QString file = f->window->runResultsPath();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 60000);
        QList<QJsonObject> plans;
        QList<QJsonArray> confirmed;
        for (const auto& [op, args] : std::as_const(f->helper->requests)) {
            if (op == QLatin1String("run-campaign")) {
                plans.append(args.value(QStringLiteral("plan")).toObject());
                confirmed.append(args.value(QStringLiteral("confirm_destroy")).toArray());
            }
        }
        QCOMPARE(plans.size(), 2);
        QCOMPARE(confirmed.at(0).size(), 4);
        QCOMPARE(confirmed.at(1), confirmed.at(0));
        QVERIFY(plans.at(0).value(QStringLiteral("baselines")).toBool());
        QVERIFY(plans.at(0).value(QStringLiteral("together")).toBool(true)); // written only when off
        QCOMPARE(plans.at(0).value(QStringLiteral("configurations")).toArray().size(), 0);
        QVERIFY(!plans.at(1).value(QStringLiteral("baselines")).toBool());
        QCOMPARE(plans.at(1).value(QStringLiteral("configurations")).toArray().size(), 2);
        // What the models predict: SEQ1M QD8 and RND4K QD32, writes and reads.
        QCOMPARE(plans.at(1).value(QStringLiteral("tests")).toArray().size(), 4);
        // The answer is offered, not forced: the window stays where the user is until they take it.
        QCOMPARE(f->window->currentStep(), MainWindow::RunStep);
        QPushButton* next = f->window->nextStepButton();
        QVERIFY(!next->isHidden());
        QVERIFY2(next->text().startsWith(QLatin1String("Show the answer")), qPrintable(next->text()));
        QTest::mouseClick(next, Qt::LeftButton);
        QCOMPARE(f->window->currentStep(), MainWindow::ResultsStep);
        QCOMPARE(f->window->resultsPage()->tabs()->currentIndex(), int(ResultsPage::AnswerTab));
        QVERIFY(next->isHidden());
        f->window->waitForResultsWritten();
        auto results = CampaignResults::load(file);
        QVERIFY2(results.ok(), qPrintable(file));
        QCOMPARE(results->disks.size(), 4);
        QVERIFY(results->disks.first().writeBw.has_value());
        const QuickAnswer quick = QuickAnswer::fromJson(results->quickAnswer);
        QCOMPARE(quick.verified.size(), 2);
        QVERIFY(quick.layouts > 2);
        QVERIFY2(f->window->statusBar()->currentMessage().startsWith(QStringLiteral("Quick answer: ")),
                 qPrintable(f->window->statusBar()->currentMessage()));
        // The Run page ends on the whole answer and its time, not on the last run's count of layouts.
        const QString ended = f->window->runPage()->statusLabel()->text();
        QVERIFY2(ended.contains(QLatin1String("Quick answer: ")) && !ended.contains(QLatin1String("configuration(s)")),
                 qPrintable(ended));
    }

    void surfaceReadsTheDisksWithoutAsking()
    {
        // The Disks page's Surface action: a read-only run of the usable disks (nothing built, no
        // baselines), so nothing is asked; one run at a time; the chart is offered, not forced.
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        auto* button = f->window->findChild<QPushButton*>(QStringLiteral("surfaceButton"));
        QVERIFY(button);
        QTRY_VERIFY(button->isEnabled());
        QSignalSpy finished(f->window->runPage(), &RunPage::finished);
        QTest::mouseClick(button, Qt::LeftButton);
        QCOMPARE(f->confirmations, 0);
        QCOMPARE(f->window->currentStep(), MainWindow::RunStep);
        QVERIFY(!button->isEnabled());
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
        QJsonObject plan;
        for (const auto& [op, args] : std::as_const(f->helper->requests)) {
            if (op == QLatin1String("run-campaign")) {
                QVERIFY2(plan.isEmpty(), "one run only");
                plan = args.value(QStringLiteral("plan")).toObject();
            }
        }
        QVERIFY(!plan.isEmpty());
        QVERIFY(!plan.value(QStringLiteral("baselines")).toBool(true));
        QCOMPARE(plan.value(QStringLiteral("configurations")).toArray().size(), 0);
        QCOMPARE(plan.value(QStringLiteral("surface")).toObject().value(QStringLiteral("points")).toInt(),
                 SurfaceSpec::defaultPoints);
        QVERIFY(!plan.value(QStringLiteral("disks")).toArray().isEmpty());
        QCOMPARE(f->window->currentStep(), MainWindow::RunStep);
        QPushButton* next = f->window->nextStepButton();
        QVERIFY(!next->isHidden());
        QVERIFY2(next->text().startsWith(QLatin1String("Show the surface chart")), qPrintable(next->text()));
        QTest::mouseClick(next, Qt::LeftButton);
        QCOMPARE(f->window->currentStep(), MainWindow::ResultsStep);
        // The offer opens the chart it names, whichever tab the Results page was on.
        QCOMPARE(f->window->resultsPage()->tabs()->currentIndex(), int(ResultsPage::DetailsTab));
        QCOMPARE(f->window->resultsPage()->detailName(), QStringLiteral("surface"));
        QTRY_VERIFY(button->isEnabled());
    }

    void aSurfaceScanSaysWhatItRead()
    {
        // A scan measures no disk's own speed: the Run page says how many disks it read and where the
        // chart is, not that 0 disks were measured.
        Session session;
        RunPage page(&session);
        CampaignPlan plan;
        plan.disks = {QStringLiteral("/dev/disk/by-id/ata-DISK_1")};
        plan.baselines = false;
        plan.surface.points = 4;
        page.start(plan);
        CampaignResults results;
        results.status = RunState::Completed;
        DiskResult disk;
        disk.path = plan.disks.first();
        disk.sizeBytes = 1ull << 30;
        disk.surface.pointsPlanned = 4;
        for (const std::uint64_t offset : plan.surface.offsets(disk.sizeBytes)) {
            disk.surface.points.append({offset, plan.surface.span(disk.sizeBytes), 100e6});
        }
        results.disks.append(disk);
        Q_EMIT session.campaignFinished(results, QString());
        const QString said = page.statusLabel()->text();
        QVERIFY2(said.contains(QLatin1String("1 disk(s) read across their surface")) &&
                     said.contains(QLatin1String("Details")),
                 qPrintable(said));
    }

    void unreadableResultsAreListedNotOpened()
    {
        QFile corrupt(m_resultsFolder.filePath(QStringLiteral("2000-01-01_000000_host_broken.json")));
        QVERIFY(corrupt.open(QIODevice::WriteOnly));
        corrupt.write("{\"raidbench_results\": 1, \"configs\": [tru");
        corrupt.close();
        auto f = makeWindow();
        const QString joined = f->window->resultsPage()->files()->recentEntries().join(QLatin1Char('\n'));
        QVERIFY2(joined.contains(QStringLiteral("2000-01-01_000000_host_broken.json — unreadable")) ||
                     joined.contains(QStringLiteral("_broken.json — unreadable")),
                 qPrintable(joined));
        QVERIFY(joined.contains(m_resultsFolder.path()));
        QFile::remove(corrupt.fileName());
    }

    void aRunThatCannotKeepItsResultsDoesNotStart()
    {
        auto f = windowWithTheRecordedPlan();
        QVERIFY(f);
        // A folder that cannot be made: its parent is a file.
        QFile blocker(m_config.filePath(QStringLiteral("not-a-folder")));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        const QString folder = blocker.fileName() + QStringLiteral("/results");
        qputenv("RAIDBENCH_RESULTS_DIR", QFile::encodeName(folder));
        f->window->startRun();
        qputenv("RAIDBENCH_RESULTS_DIR", QFile::encodeName(m_resultsFolder.path()));
        QVERIFY2(f->window->lastMessage().contains(folder), qPrintable(f->window->lastMessage()));
        QVERIFY(f->window->lastMessage().contains(QLatin1String("not started")));
        QVERIFY(!f->session->campaignRunning());
        for (const auto& [op, args] : f->helper->requests) {
            QVERIFY(op != QLatin1String("run-campaign"));
        }
    }

    void whatIsSentIsTheDiskTheDialogShowed()
    {
        // A disk list that comes in while the confirmation is open (its dialog runs an event loop) and
        // says a disk's name now leads to another device: what is sent is the disk the user saw.
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        QVERIFY(f->window->canvasModel()->addArray(labDisks(*f), ArrayLevel::Raid0).ok());
        Fixture* raw = f.get();
        const QJsonObject other = withAnotherFirstDisk(*f);
        f->window->confirmDestroy = [raw, other](const QList<Disk>& disks) {
            raw->confirmed = disks;
            raw->helper->replies.insert(QStringLiteral("scan-disks"), other);
            raw->session->refreshDisks();
            QTest::qWait(100);
            return true;
        };
        f->window->startRun();
        QJsonArray sent;
        for (const auto& [op, args] : std::as_const(f->helper->requests)) {
            if (op == QLatin1String("run-campaign")) {
                sent = args.value(QStringLiteral("confirm_destroy")).toArray();
            }
        }
        QCOMPARE(sent.size(), f->confirmed.size());
        for (qsizetype i = 0; i < sent.size(); ++i) {
            const QJsonObject entry = sent.at(i).toObject();
            QCOMPARE(entry.value(QStringLiteral("device")).toString(), f->confirmed.at(i).devNumber);
            QCOMPARE(entry.value(QStringLiteral("serial")).toString(), f->confirmed.at(i).serial);
        }
        QVERIFY(f->session->disks().first().serial == QLatin1String("ANOTHER")); // the list did change
    }

    void runNotStartedWhenTheConfirmationIsRefused()
    {
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        QVERIFY(f->window->canvasModel()->addArray(labDisks(*f), ArrayLevel::Raid0).ok());
        f->confirmAnswer = false;
        f->window->startRun();
        QCOMPARE(f->confirmations, 1);
        QCOMPARE(f->confirmed.size(), 4);
        QVERIFY(!f->helper->campaignRunning());
        for (const auto& [op, args] : f->helper->requests) {
            QVERIFY2(op != QLatin1String("run-campaign"), "a campaign was sent though the user said no");
        }
        QVERIFY(f->window->lastMessage().contains(QLatin1String("not started")));
    }

    void runPageFollowsARecordedCampaign()
    {
        auto f = windowWithTheRecordedPlan();
        QVERIFY(f);
        const QStringList disks = labDisks(*f);
        QElapsedTimer clock;
        clock.start();
        f->window->startRun();
        QCOMPARE(f->confirmations, 1);
        QCOMPARE(f->window->currentStep(), MainWindow::RunStep);
        RunPage* run = f->window->runPage();
        QVERIFY(run->isRunning());
        QCOMPARE(run->queueModel()->rowCount(), 3); // each disk alone, raid0, raid5
        // The live chart spans one test run of the plan, not a fixed minute.
        const auto plan = f->window->planPage()->plan();
        QVERIFY(plan.ok());
        QCOMPARE(run->chartSpanSeconds(),
                 std::clamp(double(plan->timeLimitNs + plan->rampNs) / 1e9 * 1.1, 5.0, RunPage::chartWindowSeconds));
        QVERIFY(run->chartSpanSeconds() < RunPage::chartWindowSeconds);
        // The first ETA comes from the plan's own durations: 4 disks x 2, the disks together (a write
        // and a read for each group: the pool, and each controller's disks), the access patterns (two
        // strided reads and four random runs a disk, two random runs of all four at once), 2 configurations x their
        // tests, each a run and its ramp (at least twice when the runs are repeated until they agree),
        // and 10 s to build and tear down each configuration.
        const double unit = double(plan->timeLimitNs + plan->rampNs) / 1e9;
        const int runs = plan->stable.enabled() ? plan->stable.minRuns(plan->repeats) : plan->repeats;
        QList<DiskResult> pool;
        for (const Disk& disk : f->session->disks()) {
            DiskResult known;
            known.path = disk.path;
            known.controller = disk.controller;
            pool.append(known);
        }
        const int groups = int(togetherGroups(pool, false).size());
        QVERIFY(groups >= 1); // the pool, and each controller's disks when there are several
        const double patterns = plan->patterns ? 6 * 4 + 2 : 0;
        const double units = 8 + (plan->together ? 2 * groups : 0) + patterns + 2.0 * double(plan->tests.size()) * runs;
        // The strided runs at most 2 s and 0.5 s of ramp, the random ones 1 s and 0.25 s.
        const double patternSeconds =
            8 * (std::min(unit - double(plan->rampNs) / 1e9, 2.0) + std::min(double(plan->rampNs) / 1e9, 0.5)) +
            18 * (std::min(unit - double(plan->rampNs) / 1e9, 1.0) + std::min(double(plan->rampNs) / 1e9, 0.25));
        QCOMPARE(DiskPatterns::seconds(*plan, 4), patternSeconds);
        const double shorter = patterns * unit - std::min(patterns * unit, patternSeconds);
        QCOMPARE(run->remainingSeconds(0, 0, 0), units * unit - shorter + 2 * 10);
        QVERIFY2(run->findChild<QLabel*>(QStringLiteral("etaLabel"))->text().contains(QLatin1String("planned")),
                 qPrintable(run->findChild<QLabel*>(QStringLiteral("etaLabel"))->text()));
        QVERIFY(!run->cancelButton()->isHidden() && run->cancelButton()->isEnabled());

        // Midway: a row in progress and a live chart.
        QTRY_VERIFY(f->helper->eventsReplayed() > 40);
        QTRY_VERIFY(run->series()->count() > 0);
        QSignalSpy finished(run, &RunPage::finished);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
        const qint64 elapsed = clock.elapsed();
        QVERIFY2(finished.at(0).at(1).toString().isEmpty(), qPrintable(finished.at(0).at(1).toString()));
        QVERIFY(!run->isRunning());
        QVERIFY(!run->cancelButton()->isEnabled());

        // Every row done, every bar full; the log holds the helper's commands with their output.
        for (int row = 0; row < run->queueModel()->rowCount(); ++row) {
            QCOMPARE(run->queueModel()->percent(row), 100);
            QVERIFY2(!run->queueModel()->state(row).contains(QLatin1String("wait")),
                     qPrintable(run->queueModel()->state(row)));
        }
        const QString log = run->log()->toPlainText();
        QVERIFY2(log.contains(QLatin1String("$ mdadm --create")), qPrintable(log.left(2000)));
        QVERIFY(log.contains(QLatin1String("--level=raid5")));
        QVERIFY(log.contains(QLatin1String("mdadm --stop")));
        QVERIFY(log.contains(QLatin1String("started.")));
        QVERIFY(run->statusLabel()->text().contains(QLatin1String("Finished")));
        // The chart is redrawn on a 100 ms timer with replace(), not per sample.
        const int bound = int(elapsed / RunPage::chartIntervalMs) + 2;
        QVERIFY2(run->chartUpdates() <= bound,
                 qPrintable(QStringLiteral("%1 redraws in %2 ms").arg(run->chartUpdates()).arg(elapsed)));
        QVERIFY(run->chartUpdates() > 0);
        // The results page has both configurations and the disks' baselines reached the pool.
        QCOMPARE(f->window->resultsPage()->configTable()->rowCount(), 2);
        QCOMPARE(f->session->baselines().size(), 4);
        // The recording's two 40 MB/s disks are marked slow, the 100 MB/s ones not.
        for (const Disk& disk : f->session->disks()) {
            const bool slowDisk = disk.model.contains(QLatin1String("W40"));
            QCOMPARE(f->session->slowReason(DiskPoolModel::planPath(disk)).isEmpty(), !slowDisk);
        }
    }

    void cancelMidRun()
    {
        auto f = windowWithTheRecordedPlan();
        QVERIFY(f);
        const QStringList disks = labDisks(*f);
        f->window->startRun();
        RunPage* run = f->window->runPage();
        QSignalSpy finished(run, &RunPage::finished);
        // Past the first configuration's results, then Cancel as the user clicks it.
        QTRY_VERIFY_WITH_TIMEOUT(f->session->lastResults().configs.size() >= 1 &&
                                     f->session->lastResults().configs.at(0).status == RunState::Completed,
                                 60000);
        QVERIFY(f->helper->campaignRunning());
        QTest::mouseClick(run->cancelButton(), Qt::LeftButton);
        QVERIFY(run->statusLabel()->text().contains(QLatin1String("Cancelling")));
        QTRY_COMPARE(finished.size(), 1);
        bool cancelSent = false;
        for (const auto& [op, args] : f->helper->requests) {
            cancelSent = cancelSent || op == QLatin1String("cancel");
        }
        QVERIFY(cancelSent);
        QVERIFY2(run->statusLabel()->text().contains(QLatin1String("Cancelled")),
                 qPrintable(run->statusLabel()->text()));
        QVERIFY(!run->isRunning());
        // What was measured is kept, and the status says what, as the Results page shows it.
        QVERIFY(f->window->resultsPage()->configTable()->rowCount() >= 1);
        QCOMPARE(f->window->resultsPage()->results().status, RunState::Cancelled);
        const QString status = run->statusLabel()->text();
        QVERIFY2(status.contains(QLatin1String("kept: ")) && status.contains(QLatin1String("test result")),
                 qPrintable(status));
        QVERIFY2(!status.contains(QLatin1String("kept: 0")), qPrintable(status));
        // No time left is guessed after a cancel.
        const QString eta = run->findChild<QLabel*>(QStringLiteral("etaLabel"))->text();
        QVERIFY2(eta.startsWith(QLatin1String("cancelled after ")), qPrintable(eta));
        // A cancelled run offers no results page as if it had completed.
        QVERIFY(f->window->nextStepButton()->isHidden());
    }

    void helperDiesMidRun()
    {
        auto f = windowWithTheRecordedPlan();
        QVERIFY(f);
        const QStringList disks = labDisks(*f);
        f->window->startRun();
        RunPage* run = f->window->runPage();
        QSignalSpy finished(run, &RunPage::finished);
        QTRY_VERIFY_WITH_TIMEOUT(f->session->lastResults().configs.size() >= 1, 60000);
        f->helper->die(QStringLiteral("the helper was killed (signal 9)"));
        QTRY_COMPARE(finished.size(), 1);
        QVERIFY(!finished.at(0).at(1).toString().isEmpty());
        QVERIFY2(run->statusLabel()->text().contains(QLatin1String("stopped")), qPrintable(run->statusLabel()->text()));
        QVERIFY(run->statusLabel()->text().contains(QLatin1String("signal 9")));
        QVERIFY(!run->isRunning());
        QVERIFY(!f->session->isConnected());
        QVERIFY(f->window->resultsPage()->configTable()->rowCount() >= 1);
        // The window says so, and a new run is refused with a reason rather than sent nowhere.
        f->window->startRun();
        QVERIFY(f->window->lastMessage().contains(QLatin1String("not connected")));
    }
};

QTEST_MAIN(TstUiRun)
#include "tst_ui_run.moc"

// The Plan page: plan files that cannot be opened, and a plan saved and opened again.

#include "uitest.h"

class TstUiPlan : public QObject, public UiTestBase
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { initCommon(); }

    void planFilesThatCannotBeOpened_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("reason");
        QTest::newRow("corrupt") << QByteArray("{\"raidbench_plan\": 1, \"disks\": [") << "JSON";
        QTest::newRow("future version") << QByteArray(
                                               "{\"raidbench_plan\": 99, \"disks\": [\"/dev/sda\", \"/dev/sdb\"], "
                                               "\"configurations\": [\"raid1\"]}")
                                        << "99";
        QTest::newRow("not a plan") << QByteArray("[1, 2, 3]") << "plan";
        QTest::newRow("unknown preset") << QByteArray(
                                               "{\"raidbench_plan\": 1, \"disks\": [\"/dev/sda\", \"/dev/sdb\"], "
                                               "\"configurations\": [\"raid7\"]}")
                                        << "raid7";
    }

    void planFilesThatCannotBeOpened()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, reason);
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        QVERIFY(f->window->canvasModel()->addArray(labDisks(*f), ArrayLevel::Raid6).ok());
        const QJsonObject before = f->window->canvasModel()->configs().at(0).spec.toJson();
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("plan.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(content);
        file.close();
        const auto loaded = f->window->planPage()->loadPlanFile(path);
        QVERIFY(!loaded);
        QVERIFY2(loaded.error().message.contains(reason), qPrintable(loaded.error().message));
        QVERIFY(loaded.error().message.contains(path));
        QCOMPARE(f->window->canvasModel()->configs().size(), 1);
        QCOMPARE(f->window->canvasModel()->configs().at(0).spec.toJson(), before);
    }

    void showCommandsBuildsForTheHelpersMachine()
    {
        // The listing is made here, but for the machine the helper builds on: LVM's commands differ with
        // and without udev there, and a remote host's or the lab VM's is not this machine's.
        for (const bool udev : {false, true}) {
            auto f = std::make_unique<Fixture>();
            f->session = new Session;
            f->helper = new Test::ScriptedHelper(recording);
            QJsonObject about = f->helper->recordedResult(QStringLiteral("about"));
            about.insert(QStringLiteral("udev_running"), udev);
            f->helper->replies.insert(QStringLiteral("about"), about);
            showWindow(*f);
            QTRY_COMPARE(f->session->disks().size(), 4);
            QTRY_COMPARE(f->session->about().udevRunning, std::optional<bool>(udev));
            QVERIFY(f->window->canvasModel()->addArray(labDisks(*f), ArrayLevel::LvmStripe).ok());
            const auto listing = f->window->planPage()->commandListing();
            QVERIFY(listing.ok());
            const QString text = listing->join(QLatin1Char('\n'));
            QVERIFY2(text.contains(QLatin1String("lvcreate")), qPrintable(text));
            QCOMPARE(text.contains(QLatin1String("obtain_device_list_from_udev=0")), !udev);
            // Another machine next: this one's answer no longer stands for it.
            f->session->detach();
            QVERIFY(!f->session->about().udevRunning);
            QVERIFY(f->session->about().mdadm.isEmpty());
        }
    }

    void planSavedAndOpenedAgain()
    {
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        const QStringList disks = labDisks(*f);
        QVERIFY(f->window->canvasModel()->addArray(disks, ArrayLevel::Raid10).ok());
        QVERIFY(f->window->canvasModel()->addArray(disks.mid(0, 3), ArrayLevel::Raid5).ok());
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("plan.json"));
        QVERIFY(f->window->planPage()->savePlanFile(path).ok());
        const auto listing = f->window->planPage()->commandListing();
        QVERIFY(listing.ok());
        QVERIFY(listing->join(QLatin1Char('\n')).contains(QLatin1String("--level=raid10")));
        f->window->canvasModel()->clear();
        QVERIFY(f->window->planPage()->loadPlanFile(path).ok());
        QCOMPARE(f->window->canvasModel()->configs().size(), 2);
        QCOMPARE(f->window->canvasModel()->configs().at(0).spec.level, ArrayLevel::Raid10);
        QCOMPARE(leafPaths(f->window->canvasModel()->configs().at(1).spec), disks.mid(0, 3));

        // Limits survive the page: a half-second ramp, two repeats, 5 s per run.
        CampaignPlan plan = *f->window->planPage()->plan();
        plan.rampNs = 500'000'000ull;
        plan.repeats = 2;
        plan.timeLimitNs = 5'000'000'000ull;
        QVERIFY(f->window->planPage()->applyPlan(plan).ok());
        const auto again = f->window->planPage()->plan();
        QVERIFY(again.ok());
        QCOMPARE(again->rampNs, 500'000'000ull);
        QCOMPARE(again->repeats, 2);
        QCOMPARE(again->timeLimitNs, 5'000'000'000ull);
        QCOMPARE(again->configurations.size(), 2);

        // The failure drill: off until asked, then in the plan, and back from a plan file.
        QVERIFY(!again->drill.enabled);
        auto* drill = f->window->planPage()->findChild<QCheckBox*>(QStringLiteral("drillBox"));
        QVERIFY(drill);
        QVERIFY(drill->text().contains(QLatin1String("Failure drill")));
        drill->setChecked(true);
        QVERIFY(f->window->planPage()->plan()->drill.enabled);
        QVERIFY(f->window->planPage()->savePlanFile(path).ok());
        drill->setChecked(false);
        QVERIFY(f->window->planPage()->loadPlanFile(path).ok());
        QVERIFY(drill->isChecked());

        // Repeat until stable: on from the start, as in the lab demo (5 % and 5 runs at most), and the summary
        // says so; off when the user says.
        auto* stable = f->window->planPage()->findChild<QCheckBox*>(QStringLiteral("stableBox"));
        QVERIFY(stable);
        QVERIFY(stable->isChecked());
        const auto stablePlan = f->window->planPage()->plan();
        QVERIFY(stablePlan.ok());
        QCOMPARE(stablePlan->stable.cvMax, 0.05);
        QCOMPARE(stablePlan->stable.maxRepeats, 5);
        auto* summary = f->window->planPage()->findChild<QLabel*>(QStringLiteral("planSummary"));
        QVERIFY(summary);
        QVERIFY2(summary->text().contains(QLatin1String("up to 5 runs")), qPrintable(summary->text()));
        stable->setChecked(false);
        QVERIFY(!f->window->planPage()->plan()->stable.enabled());
        stable->setChecked(true);
        QVERIFY(f->window->planPage()->savePlanFile(path).ok());
        stable->setChecked(false);
        QVERIFY(f->window->planPage()->loadPlanFile(path).ok());
        QVERIFY(stable->isChecked());

        // A plan's own bounds and resync choice survive the page: opened, then taken back unchanged.
        CampaignPlan custom = *f->window->planPage()->plan();
        custom.stable.cvMax = 0.05;
        custom.stable.maxRepeats = 20;
        custom.resync = ResyncPolicy::Label;
        QVERIFY(f->window->planPage()->applyPlan(custom).ok());
        const auto kept = f->window->planPage()->plan();
        QVERIFY(kept.ok());
        QCOMPARE(kept->stable.cvMax, 0.05);
        QCOMPARE(kept->stable.maxRepeats, 20);
        QCOMPARE(kept->resync, ResyncPolicy::Label);
        QVERIFY2(stable->text().contains(QLatin1String("5 %")) && stable->text().contains(QLatin1String("20 runs")),
                 qPrintable(stable->text()));

        // The queue-depth sweep is a test to choose; each of its depths counts as a run in the summary.
        auto* sweep = f->window->planPage()->findChild<QCheckBox*>(QStringLiteral("test-qd-sweep-rnd4k-read"));
        QVERIFY(sweep);
        stable->setChecked(false);
        const QString before = summary->text();
        sweep->setChecked(true);
        const auto sweepPlan = f->window->planPage()->plan();
        QVERIFY(sweepPlan.ok());
        QVERIFY(std::any_of(sweepPlan->tests.begin(), sweepPlan->tests.end(),
                            [](const TestSpec& test) { return test.kind == TestKind::QdSweep; }));
        QVERIFY2(summary->text() != before, qPrintable(summary->text()));
        sweep->setChecked(false);

        // md's stripe cache: its own unless asked; a sweep is in the plan, measures the RAID5 once per
        // size in the summary (the RAID10 has no stripe cache), and comes back from a plan file.
        auto* stripeCache = f->window->planPage()->findChild<QComboBox*>(QStringLiteral("stripeCacheBox"));
        QVERIFY(stripeCache);
        QVERIFY(f->window->planPage()->plan()->stripeCaches.isEmpty());
        const QString single = summary->text();
        stripeCache->setCurrentIndex(stripeCache->findData(QStringLiteral("256,1024,4096")));
        QCOMPARE(f->window->planPage()->plan()->stripeCaches, (QList<int> {256, 1024, 4096}));
        QVERIFY2(summary->text() != single, qPrintable(summary->text()));
        QVERIFY(f->window->planPage()->savePlanFile(path).ok());
        stripeCache->setCurrentIndex(0);
        QVERIFY(f->window->planPage()->loadPlanFile(path).ok());
        QCOMPARE(stripeCache->currentData().toString(), QStringLiteral("256,1024,4096"));
        // A plan's own value the page does not offer is kept and shown.
        CampaignPlan odd = *f->window->planPage()->plan();
        odd.stripeCaches = {2048};
        QVERIFY(f->window->planPage()->applyPlan(odd).ok());
        QCOMPARE(f->window->planPage()->plan()->stripeCaches, (QList<int> {2048}));
        QVERIFY2(stripeCache->currentText().contains(QLatin1String("2048")), qPrintable(stripeCache->currentText()));
    }
};

QTEST_MAIN(TstUiPlan)
#include "tst_ui_plan.moc"

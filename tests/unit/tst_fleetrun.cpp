#include "../mock/scriptedhelper.h"
#include "client/fleetrun.h"
#include "client/hostcampaign.h"
#include "util/runstate.h"

#include <QEventLoop>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <functional>

using namespace RaidBench;
using RaidBench::Test::ScriptedHelper;

/// A plan on several machines and one machine's campaign, each machine a helper replaying a real
/// lab run (tests/data/helper/campaign.jsonl): the fleet's order, confirmation, lost connections,
/// cancels and partial results, without ssh or a VM (tst_remote_lab drives the real thing).
class TestFleetRun : public QObject
{
    Q_OBJECT

    static inline const QString recording = QStringLiteral(RAIDBENCH_TEST_DATA "/helper/campaign.jsonl");

    QTemporaryDir m_dir;
    /// The scripted helper of each machine, by its target's text.
    QHash<QString, QPointer<ScriptedHelper>> m_helpers;
    /// What the factory does for one machine: returns an error, or leaves the helper silent.
    QHash<QString, Error> m_startErrors;
    QStringList m_silent;
    QHash<QString, QJsonObject> m_scanReplies;

    static CampaignPlan plan()
    {
        CampaignPlan plan;
        plan.disks = {QStringLiteral("/dev/sda"), QStringLiteral("/dev/sdc")};
        plan.configurations.append(ConfigSpec {});
        plan.configurations.last().preset = QStringLiteral("raid0");
        plan.configurations.last().name = QStringLiteral("raid0");
        return plan;
    }

    static QList<SshTarget> targets(int count)
    {
        QList<SshTarget> list;
        for (int i = 1; i <= count; ++i) {
            list.append(*SshTarget::parse(QStringLiteral("root@storage%1").arg(i)));
        }
        return list;
    }

    QStringList outputs(int count) const
    {
        QStringList list;
        for (int i = 1; i <= count; ++i) {
            list.append(m_dir.filePath(QStringLiteral("storage%1.json").arg(i)));
        }
        return list;
    }

    FleetRun::LinkFactory factory()
    {
        return [this](const SshTarget& target) -> Result<std::unique_ptr<HelperLink>> {
            if (m_startErrors.contains(target.text())) {
                return m_startErrors.value(target.text());
            }
            auto helper = std::make_unique<ScriptedHelper>(recording);
            if (m_scanReplies.contains(target.text())) {
                helper->replies.insert(QStringLiteral("scan-disks"), m_scanReplies.value(target.text()));
            }
            m_helpers.insert(target.text(), helper.get());
            if (!m_silent.contains(target.text())) {
                helper->start();
            }
            return std::unique_ptr<HelperLink>(std::move(helper));
        };
    }

    static bool waitFor(FleetRun& fleet, int timeoutMs = 20000)
    {
        if (fleet.isFinished()) {
            return true;
        }
        QEventLoop loop;
        QObject::connect(&fleet, &FleetRun::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
        loop.exec();
        return fleet.isFinished();
    }

    static QJsonObject readJson(const QString& path)
    {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll()).object() : QJsonObject();
    }

    static QStringList ops(const ScriptedHelper* helper)
    {
        QStringList list;
        for (const auto& [op, args] : helper->requests) {
            list.append(op);
        }
        return list;
    }

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY2(ScriptedHelper(recording).isValid(), "the helper recording is missing");
        m_helpers.clear();
        m_startErrors.clear();
        m_silent.clear();
        m_scanReplies.clear();
        for (const QString& name : QDir(m_dir.path()).entryList(QDir::Files)) {
            QFile::remove(m_dir.filePath(name));
        }
    }

    void everyHostRunsToItsOwnFile()
    {
        int confirmedHosts = -1;
        FleetRun fleet(plan(), targets(2), outputs(2), factory(),
                       [&](const QList<const HostCampaign*>& ready) {
                           confirmedHosts = int(ready.size());
                           for (const HostCampaign* host : ready) {
                               // What is confirmed: the far side's disks, as its helper describes them.
                               if (host->chosenDisks().size() != 2 ||
                                   host->chosenDisks().first().serial != QLatin1String("RBLAB0001")) {
                                   return false;
                               }
                           }
                           return true;
                       },
                       {});
        fleet.start();
        QVERIFY(!fleet.isFinished()); // never within start()
        QVERIFY(waitFor(fleet));
        QCOMPARE(confirmedHosts, 2);
        const QStringList files = outputs(2);
        for (int i = 0; i < 2; ++i) {
            const HostCampaign* host = fleet.hosts().at(i);
            QCOMPARE(host->state(), HostCampaign::State::Completed);
            QCOMPARE(host->resultsPath(), files.at(i));
            const QJsonObject results = readJson(files.at(i));
            QCOMPARE(results.value(QStringLiteral("status")).toString(), QStringLiteral("completed"));
            const QJsonObject connection =
                results.value(QStringLiteral("host")).toObject().value(QStringLiteral("connection")).toObject();
            QCOMPARE(connection.value(QStringLiteral("target")).toString(),
                     QStringLiteral("root@storage%1").arg(i + 1));
            QVERIFY(!connection.contains(QStringLiteral("lost")));
            // The plan runs on the disks by their stable names, as confirmed.
            const ScriptedHelper* helper = m_helpers.value(QStringLiteral("root@storage%1").arg(i + 1));
            QCOMPARE(ops(helper), (QStringList {QStringLiteral("scan-disks"), QStringLiteral("run-campaign")}));
            const QJsonArray disks = helper->requests.last()
                                         .second.value(QStringLiteral("plan"))
                                         .toObject()
                                         .value(QStringLiteral("disks"))
                                         .toArray();
            QCOMPARE(disks.size(), 2);
            QCOMPARE(disks.at(0).toString(), QStringLiteral("/dev/disk/by-id/scsi-RAIDBNCH_VDISK_W100_R100_RBLAB0001"));
        }
        QVERIFY(!fleet.declined());
    }

    void aLostHostKeepsWhatItMeasuredAndTheOthersGoOn()
    {
        FleetRun fleet(plan(), targets(2), outputs(2), factory(), [](const auto&) { return true; }, {});
        HostCampaign* second = fleet.hosts().at(1);
        int progress = 0;
        connect(second, &HostCampaign::progressed, this, [&] {
            // Well into the run, after its first results: the connection goes.
            if (++progress == 40) {
                m_helpers.value(QStringLiteral("root@storage2"))->die(QStringLiteral("ssh: connection reset"));
            }
        });
        QSignalSpy finished(second, &HostCampaign::finished);
        fleet.start();
        QVERIFY(waitFor(fleet));
        QCOMPARE(fleet.hosts().at(0)->state(), HostCampaign::State::Completed);
        QCOMPARE(second->state(), HostCampaign::State::Failed);
        QVERIFY(second->connectionLost());
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.first().first().toBool(), true); // the file was finished here
        QVERIFY(second->wroteResults());
        const QJsonObject results = readJson(outputs(2).at(1));
        QCOMPARE(results.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QVERIFY(results.contains(QStringLiteral("updated")));
        const QJsonObject connection =
            results.value(QStringLiteral("host")).toObject().value(QStringLiteral("connection")).toObject();
        QCOMPARE(connection.value(QStringLiteral("lost")).toString(), QStringLiteral("ssh: connection reset"));
    }

    void aHostWithoutThePlansDisksIsSkipped()
    {
        m_scanReplies.insert(QStringLiteral("root@storage2"), {{QStringLiteral("disks"), QJsonArray {}}});
        bool asked = false;
        FleetRun fleet(plan(), targets(2), outputs(2), factory(),
                       [&](const QList<const HostCampaign*>& ready) {
                           asked = ready.size() == 1;
                           return true;
                       },
                       {});
        fleet.start();
        QVERIFY(waitFor(fleet));
        QVERIFY(asked); // only the machine that has the disks is confirmed
        QCOMPARE(fleet.hosts().at(0)->state(), HostCampaign::State::Completed);
        const HostCampaign* second = fleet.hosts().at(1);
        QCOMPARE(second->state(), HostCampaign::State::Failed);
        QVERIFY2(second->error().message.contains(QLatin1String("/dev/sda is not on root@storage2")),
                 qPrintable(second->error().message));
        QVERIFY(!ops(m_helpers.value(QStringLiteral("root@storage2"))).contains(QStringLiteral("run-campaign")));
        QVERIFY(!QFile::exists(outputs(2).at(1)));
    }

    void parallelOneRunsTheHostsInTurn()
    {
        FleetRun::Options options;
        options.parallel = 1;
        FleetRun fleet(
            plan(), targets(3), outputs(3), factory(), [](const auto&) { return true; }, options);
        int running = 0;
        int most = 0;
        for (HostCampaign* host : fleet.hosts()) {
            connect(host, &HostCampaign::started, this, [&] { most = std::max(most, ++running); });
            connect(host, &HostCampaign::finished, this, [&] { --running; });
        }
        fleet.start();
        QVERIFY(waitFor(fleet));
        QCOMPARE(most, 1);
        for (const HostCampaign* host : fleet.hosts()) {
            QCOMPARE(host->state(), HostCampaign::State::Completed);
        }
    }

    void cancelStopsEveryHostAndKeepsTheirResults()
    {
        FleetRun::Options options;
        options.parallel = 1; // one runs, one waits: both end cancelled
        FleetRun fleet(
            plan(), targets(2), outputs(2), factory(), [](const auto&) { return true; }, options);
        int progress = 0;
        connect(fleet.hosts().at(0), &HostCampaign::progressed, this, [&] {
            if (++progress == 40) {
                fleet.cancel();
            }
        });
        fleet.start();
        QVERIFY(waitFor(fleet));
        QCOMPARE(fleet.hosts().at(0)->state(), HostCampaign::State::Cancelled);
        QCOMPARE(fleet.hosts().at(1)->state(), HostCampaign::State::Cancelled);
        QVERIFY(ops(m_helpers.value(QStringLiteral("root@storage1"))).contains(QStringLiteral("cancel")));
        QVERIFY(!ops(m_helpers.value(QStringLiteral("root@storage2"))).contains(QStringLiteral("run-campaign")));
        // The helper's own answer to the cancel ends the file: what ran so far, marked cancelled.
        QCOMPARE(readJson(outputs(2).at(0)).value(QStringLiteral("status")).toString(), QStringLiteral("cancelled"));
        QVERIFY(!QFile::exists(outputs(2).at(1)));
    }

    void aRefusedConfirmationRunsNothing()
    {
        FleetRun fleet(plan(), targets(2), outputs(2), factory(), [](const auto&) { return false; }, {});
        fleet.start();
        QVERIFY(waitFor(fleet));
        QVERIFY(fleet.declined());
        for (const HostCampaign* host : fleet.hosts()) {
            QCOMPARE(host->state(), HostCampaign::State::Cancelled);
            QVERIFY(!host->wroteResults());
        }
        for (const auto& helper : std::as_const(m_helpers)) {
            QVERIFY(!ops(helper).contains(QStringLiteral("run-campaign")));
        }
    }

    void aSilentHostIsGivenUpAndTheOthersRun()
    {
        m_silent.append(QStringLiteral("root@storage2"));
        FleetRun::Options options;
        options.answerTimeoutSeconds = 1;
        FleetRun fleet(
            plan(), targets(2), outputs(2), factory(), [](const auto&) { return true; }, options);
        fleet.start();
        QVERIFY(waitFor(fleet));
        QCOMPARE(fleet.hosts().at(0)->state(), HostCampaign::State::Completed);
        const HostCampaign* second = fleet.hosts().at(1);
        QCOMPARE(second->state(), HostCampaign::State::Failed);
        QVERIFY2(second->error().message.contains(QLatin1String("root@storage2: no answer within 1 s")),
                 qPrintable(second->error().message));
    }

    void aHelperThatCannotStartFailsOnlyItsHost()
    {
        m_startErrors.insert(QStringLiteral("root@storage1"),
                             Error {QStringLiteral("no-ssh"), QStringLiteral("the ssh client is not installed")});
        FleetRun fleet(plan(), targets(2), outputs(2), factory(), [](const auto&) { return true; }, {});
        fleet.start();
        QVERIFY(waitFor(fleet));
        QCOMPARE(fleet.hosts().at(0)->state(), HostCampaign::State::Failed);
        QCOMPARE(fleet.hosts().at(0)->error().code, QStringLiteral("no-ssh"));
        QCOMPARE(fleet.hosts().at(1)->state(), HostCampaign::State::Completed);
    }

    void thisMachinesCampaignRunsWithoutAScan()
    {
        // raidbench-cli run PLAN (no --host): the disks were checked here, the run goes on from a file.
        HostCampaign::Options options;
        options.resolveDisks = false;
        options.previous = {{QStringLiteral("status"), QStringLiteral("cancelled")}};
        const QString out = m_dir.filePath(QStringLiteral("local.json"));
        HostCampaign campaign(plan(), out, options);
        connect(&campaign, &HostCampaign::ready, &campaign, &HostCampaign::run);
        auto helper = std::make_unique<ScriptedHelper>(recording);
        ScriptedHelper* scripted = helper.get();
        helper->start();
        QEventLoop loop;
        connect(&campaign, &HostCampaign::finished, &loop, &QEventLoop::quit);
        campaign.attach(std::move(helper));
        QTimer::singleShot(20000, &loop, &QEventLoop::quit);
        loop.exec();
        QCOMPARE(campaign.state(), HostCampaign::State::Completed);
        QCOMPARE(campaign.finalStatus(), std::optional<RunState>(RunState::Completed));
        QCOMPARE(ops(scripted), QStringList {QStringLiteral("run-campaign")});
        QVERIFY(scripted->requests.first().second.contains(QStringLiteral("resume")));
        const QJsonObject results = readJson(out);
        QCOMPARE(results.value(QStringLiteral("status")).toString(), QStringLiteral("completed"));
        // No ssh: nothing claims a connection.
        QVERIFY(!results.value(QStringLiteral("host")).toObject().contains(QStringLiteral("connection")));
    }
};

QTEST_GUILESS_MAIN(TestFleetRun)
#include "tst_fleetrun.moc"

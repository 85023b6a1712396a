#include "../common/benchrow.h"
#include "../common/cli.h"
#include "../common/helperawait.h"
#include "disks/confirmeddisk.h"
#include "helper/helperclient.h"
#include "helper/helperprotocol.h"
#include "lab/labmachine.h"
#include "lab/labspec.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

using namespace RaidBench;
using namespace RaidBench::Test;

/// The helper inside the lab VM, over the virtio-serial channel, driven from the host with the same
/// client the GUI uses: a small campaign, then an array with a file system, then bye.
class TestHelperLab final : public QObject
{
    Q_OBJECT

private:
private Q_SLOTS:
    void campaignThroughTheSerialPort()
    {
        LabOptions options;
        options.disks = *parseLabSpec(QStringLiteral("2x512M@100"));
        options.timeoutNs = 900'000'000'000ull;
        HelperClient client;
        QSignalSpy connected(&client, &HelperClient::connected);
        Messages::HelloReply hello;
        connect(&client, &HelperClient::connected, this,
                [&hello](const Messages::HelloReply& reply) { hello = reply; });
        QSignalSpy closed(&client, &HelperClient::closed);
        options.agent = binary(QStringLiteral("raidbench-cli"));
        const auto started = client.start(HelperTransport::forThisMachine(&options));
        QVERIFY2(started.ok(), qPrintable(started.ok() ? QString() : started.error().message));
        QVERIFY2(connected.wait(240000), qPrintable(closed.isEmpty() ? QString() : closed.first().first().toString()));
        QCOMPARE(hello.euid, 0);
        QVERIFY(hello.lab);
        QCOMPARE(hello.protocol, HelperProtocol::version);
        QCOMPARE(client.transportName(), QStringLiteral("lab"));

        const QJsonObject scanned = awaitReply(client, client.request(QStringLiteral("scan-disks"), {}), 60000);
        QVERIFY(scanned.value(QStringLiteral("ok")).toBool());
        QStringList disks;
        QJsonArray confirmed; // each disk as the helper listed it: what a user confirms
        for (const auto& value :
             scanned.value(QStringLiteral("result")).toObject().value(QStringLiteral("disks")).toArray()) {
            const QJsonObject disk = value.toObject();
            QVERIFY(disk.value(QStringLiteral("eligible")).toBool());
            disks.append(disk.value(QStringLiteral("stable_path")).toString());
            confirmed.append(ConfirmedDisk::fromDisk(Disk::fromJson(disk), disks.last()).toJson());
        }
        QCOMPARE(disks.size(), 2);

        int progressEvents = 0;
        int resultEvents = 0;
        connect(&client, &HelperClient::eventReceived, this, [&](qint64, const QString& event, const QJsonObject&) {
            progressEvents += event == QLatin1String("progress") ? 1 : 0;
            resultEvents += event == QLatin1String("results") ? 1 : 0;
        });
        const QJsonObject plan {
            {QStringLiteral("raidbench_plan"), 1},
            {QStringLiteral("disks"), QJsonArray::fromStringList(disks)},
            {QStringLiteral("configurations"), QJsonArray {QStringLiteral("raid0"), QStringLiteral("raid1")}},
            {QStringLiteral("patterns"), false}, // tst_campaign_lab measures them
            {QStringLiteral("tests"), QJsonArray {QStringLiteral("seq1m-qd8-write")}},
            {QStringLiteral("limits"),
             QJsonObject {{QStringLiteral("time"), QStringLiteral("1s")},
                          {QStringLiteral("ramp"), QStringLiteral("500ms")}}}};
        const QJsonObject campaign =
            awaitReply(client,
                       client.request(QStringLiteral("run-campaign"),
                                      {{QStringLiteral("plan"), plan}, {QStringLiteral("confirm_destroy"), confirmed}}),
                       600000);
        QVERIFY2(campaign.value(QStringLiteral("ok")).toBool(), qPrintable(QJsonDocument(campaign).toJson()));
        const QJsonObject results =
            campaign.value(QStringLiteral("result")).toObject().value(QStringLiteral("results")).toObject();
        QCOMPARE(results.value(QStringLiteral("status")).toString(), QStringLiteral("completed"));
        const QJsonArray configs = results.value(QStringLiteral("configs")).toArray();
        QCOMPARE(configs.size(), 2);
        for (const auto& config : configs) {
            QCOMPARE(config.toObject().value(QStringLiteral("status")).toString(), QStringLiteral("completed"));
        }
        const double raid0 = configs.at(0)
                                 .toObject()
                                 .value(QStringLiteral("tests"))
                                 .toArray()
                                 .first()
                                 .toObject()
                                 .value(QStringLiteral("summary"))
                                 .toObject()
                                 .value(QStringLiteral("bw_bytes_median"))
                                 .toDouble();
        QVERIFY2(raid0 > 0, qPrintable(QString::number(raid0)));
        benchRow({QStringLiteral("baselines"), QStringLiteral("raid0 of two 100 MB/s disks through the helper"),
                  raid0 / 1e6, 200, 0.75, 1.07, QStringLiteral("MB/s")});
        QVERIFY(progressEvents > 5);
        QVERIFY(resultEvents >= 3); // after the baselines and after each configuration

        // An array with a file system, by intent, then gone again.
        const QJsonObject spec {{QStringLiteral("level"), QStringLiteral("raid1")},
                                {QStringLiteral("children"),
                                 QJsonArray {QJsonObject {{QStringLiteral("level"), QStringLiteral("disk")},
                                                          {QStringLiteral("device"), disks.at(0)}},
                                             QJsonObject {{QStringLiteral("level"), QStringLiteral("disk")},
                                                          {QStringLiteral("device"), disks.at(1)}}}}};
        const QJsonObject created =
            awaitReply(client,
                       client.request(QStringLiteral("create-array"),
                                      {{QStringLiteral("spec"), spec}, {QStringLiteral("confirm_destroy"), confirmed}}),
                       120000);
        QVERIFY2(created.value(QStringLiteral("ok")).toBool(), qPrintable(QJsonDocument(created).toJson()));
        const QString tag = created.value(QStringLiteral("result")).toObject().value(QStringLiteral("tag")).toString();
        const QJsonObject mounted = awaitReply(client,
                                               client.request(QStringLiteral("make-fs-and-mount"),
                                                              {{QStringLiteral("tag"), tag},
                                                               {QStringLiteral("filesystem"), QStringLiteral("ext4")},
                                                               {QStringLiteral("confirm_destroy"), confirmed}}),
                                               120000);
        QVERIFY2(mounted.value(QStringLiteral("ok")).toBool(), qPrintable(QJsonDocument(mounted).toJson()));
        QVERIFY(mounted.value(QStringLiteral("result"))
                    .toObject()
                    .value(QStringLiteral("mount_point"))
                    .toString()
                    .startsWith(QStringLiteral("/run/raidbench/mnt-") + tag + QLatin1Char('-')));
        // bye with the array still built and mounted: the helper cleans up its session by itself.
        client.stop();
        QVERIFY(closed.wait(120000));
        QVERIFY2(closed.first().first().toString().contains(QStringLiteral("code 0")),
                 qPrintable(closed.first().first().toString()));
    }
};

QTEST_GUILESS_MAIN(TestHelperLab)
#include "tst_helper_lab.moc"

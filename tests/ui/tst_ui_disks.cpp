// The Disks page and the session: the helper's disks, ineligible ones with their reasons, each disk's speed history,
// no usable disk, a helper refused or missing, the tab bar, the lab dialog.

#include "diskspage.h"
#include "disktablemodel.h"
#include "remotedialog.h"
#include "results/answerpanel.h"
#include "results/resultspage.h"
#include "runpage.h"
#include "uitest.h"

#include <QAbstractItemModelTester>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTimer>

#include <tuple>

class TstUiDisks : public QObject, public UiTestBase
{
    Q_OBJECT

private Q_SLOTS:
    void theHelpMenusDialogsSayWhatTheyShould()
    {
        // Each Help entry opens its dialog: the guide, the shortcuts read from the menus themselves,
        // About with the helper's versions. (RAIDBENCH_DIALOG_SHOTS=DIR saves what each looked like.)
        auto f = makeWindow();
        QTRY_VERIFY(f->session->about().mdadm.contains(QLatin1String("mdadm")));
        QMenu* help = nullptr;
        for (QAction* top : f->window->menuBar()->actions()) {
            help = top->text() == QLatin1String("&Help") ? top->menu() : help;
        }
        QVERIFY(help);
        const QList<std::pair<QString, QString>> entries {
            {QStringLiteral("&User guide"), QStringLiteral("Which RAID layout should these disks be?")},
            {QStringLiteral("&Keyboard shortcuts"), QStringLiteral("Go &gt; Results")},
            {QStringLiteral("&About RaidBench"), QStringLiteral("mdadm")}};
        for (const auto& [entry, expected] : entries) {
            QAction* action = nullptr;
            for (QAction* candidate : help->actions()) {
                action = candidate->text() == entry ? candidate : action;
            }
            QVERIFY2(action, qPrintable(entry));
            QString shown;
            // Looked for until the dialog is up, however long that takes here: a single look that came too
            // early would leave the dialog open and the test waiting on it.
            QTimer look;
            look.setInterval(50);
            connect(&look, &QTimer::timeout, this, [&, name = entry] {
                auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
                if (!box) {
                    return;
                }
                look.stop();
                shown = box->text();
                if (const QString dir = qEnvironmentVariable("RAIDBENCH_DIALOG_SHOTS"); !dir.isEmpty()) {
                    box->grab().save(QStringLiteral("%1/%2.png").arg(dir, QString(name).remove(QLatin1Char('&'))));
                }
                box->accept();
            });
            look.start();
            action->trigger();
            look.stop();
            QVERIFY2(shown.contains(expected), qPrintable(entry + QStringLiteral(": ") + shown.left(300)));
        }
    }

    void initTestCase() { initCommon(); }

    void disksFromTheRecordedHelper()
    {
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        QVERIFY(f->session->isConnected());
        QCOMPARE(f->window->pool()->model()->rowCount(), 4);
        QCOMPARE(f->window->pool()->model()->controllers().size(), 2);
        // About: the versions come from the helper, where the arrays are built.
        QTRY_VERIFY(f->session->about().mdadm.contains(QLatin1String("mdadm")));
    }

    void ineligibleDisksAreLockedWithTheirReasons()
    {
        auto f = std::make_unique<Fixture>();
        f->session = new Session;
        f->helper = new Test::ScriptedHelper(recording);
        // The recorded lab disks plus one that is mounted.
        QJsonObject scan = f->helper->recordedResult(QStringLiteral("scan-disks"));
        QJsonArray disks = scan.value(QStringLiteral("disks")).toArray();
        QJsonObject mounted = disks.at(0).toObject();
        mounted.insert(QStringLiteral("name"), QStringLiteral("sde"));
        mounted.insert(QStringLiteral("path"), QStringLiteral("/dev/sde"));
        mounted.insert(QStringLiteral("stable_path"), QStringLiteral("/dev/disk/by-id/ata-HOME_DISK"));
        mounted.insert(QStringLiteral("serial"), QStringLiteral("HOME0001"));
        mounted.insert(QStringLiteral("eligible"), false);
        mounted.insert(QStringLiteral("mount_points"), QJsonArray {QStringLiteral("/home")});
        mounted.insert(QStringLiteral("reasons"),
                       QJsonArray {QJsonObject {{QStringLiteral("code"), QStringLiteral("mounted")},
                                                {QStringLiteral("message"), QStringLiteral("mounted on /home")}}});
        disks.append(mounted);
        scan.insert(QStringLiteral("disks"), disks);
        f->helper->replies.insert(QStringLiteral("scan-disks"), scan);
        showWindow(*f);
        QTRY_COMPARE(f->session->disks().size(), 5);
        DiskPoolModel* pool = f->window->pool()->model();
        int row = -1;
        for (int r = 0; r < pool->rowCount(); ++r) {
            row = pool->diskAt(r).path == QLatin1String("/dev/sde") ? r : row;
        }
        QVERIFY(row >= 0);
        const QModelIndex index = pool->index(row);
        QCOMPARE(index.data(DiskPoolModel::EligibleRole).toBool(), false);
        QVERIFY2(index.data(Qt::ToolTipRole).toString().contains(QLatin1String("mounted on /home")),
                 qPrintable(index.data(Qt::ToolTipRole).toString()));
        QVERIFY(index.data(Qt::ToolTipRole).toString().contains(QLatin1String("HOME0001"))); // serial on hover
        QVERIFY(!(pool->flags(index) & Qt::ItemIsDragEnabled));
        std::unique_ptr<QMimeData> payload(pool->mimeData({index}));
        QVERIFY(payload->data(QLatin1String(disksMimeType)).isEmpty());
        // Dropped anyway (say from another program): refused with the reason.
        auto forged = disksMime({QStringLiteral("/dev/disk/by-id/ata-HOME_DISK")});
        QVERIFY(!dropOn(f->window->canvas()->newArrayArea(), forged.get()));
        QVERIFY2(f->window->canvas()->lastMessage().contains(QLatin1String("mounted on /home")),
                 qPrintable(f->window->canvas()->lastMessage()));
        QCOMPARE(f->window->canvasModel()->configs().size(), 0);
        // Usable disks exist: no first-run panel.
        QVERIFY(f->window->findChild<QWidget*>(QStringLiteral("firstRunPanel"))->isHidden());
    }

    void healthShowsAndTheSelectionStays()
    {
        auto f = std::make_unique<Fixture>();
        f->session = new Session;
        f->helper = new Test::ScriptedHelper(recording);
        // The helper's read-health: the recorded disks, the first one hot with its cache off.
        QJsonObject health = f->helper->recordedResult(QStringLiteral("scan-disks"));
        QJsonArray disks = health.value(QStringLiteral("disks")).toArray();
        for (int i = 0; i < disks.size(); ++i) {
            QJsonObject disk = disks.at(i).toObject();
            Disk read = Disk::fromJson(disk);
            read.healthRead = true;
            read.health.status = SmartStatus::Passed;
            read.health.temperatureC = i == 0 ? 61 : 38;
            read.writeCache.state = i == 0 ? CacheState::Off : CacheState::On;
            read.writeCache.tool = QStringLiteral("sdparm");
            if (i == 0) {
                read.explanations = {{QStringLiteral("temperature"), QStringLiteral("it runs at 61 °C, above 55 °C")},
                                     {QStringLiteral("write-cache-off"), QStringLiteral("its write cache is off")}};
            }
            disks[i] = read.toJson();
        }
        health.insert(QStringLiteral("disks"), disks);
        f->helper->replies.insert(QStringLiteral("read-health"), health);
        showWindow(*f);
        QTRY_COMPARE(f->session->disks().size(), 4);
        QTRY_VERIFY(f->session->disks().first().healthRead);
        const QString hot = f->session->disks().first().path;
        auto* view = f->window->findChild<QTableView*>(QStringLiteral("diskTable"));
        QVERIFY(view);
        const QAbstractItemModel* table = view->model();
        int row = -1;
        for (int r = 0; r < table->rowCount(); ++r) {
            row = table->index(r, DiskTableModel::ColumnDisk).data().toString() == hot ? r : row;
        }
        QVERIFY(row >= 0);
        const auto cell = [&](int column, int role = Qt::DisplayRole) {
            return table->index(row, column).data(role).toString();
        };
        QCOMPARE(cell(DiskTableModel::ColumnHealth), QStringLiteral("OK"));
        QCOMPARE(cell(DiskTableModel::ColumnTemperature), QStringLiteral("61 °C"));
        QCOMPARE(cell(DiskTableModel::ColumnWriteCache), QStringLiteral("off"));
        QVERIFY(table->index(row, DiskTableModel::ColumnTemperature).data(Qt::ForegroundRole).isValid());
        QVERIFY(!table->index(row, DiskTableModel::ColumnDisk).data(Qt::ForegroundRole).isValid());
        QVERIFY2(cell(DiskTableModel::ColumnDisk, Qt::ToolTipRole).contains(QStringLiteral("its write cache is off")),
                 qPrintable(cell(DiskTableModel::ColumnDisk, Qt::ToolTipRole)));
        // The pool's details have the health section; a rescan (and the health after it) keeps the selection.
        DiskPoolModel* pool = f->window->pool()->model();
        int poolRow = -1;
        for (int r = 0; r < pool->rowCount(); ++r) {
            poolRow = pool->diskAt(r).path == hot ? r : poolRow;
        }
        f->window->pool()->view()->selectionModel()->select(pool->index(poolRow), QItemSelectionModel::ClearAndSelect);
        auto* details = f->window->pool()->findChild<QTextBrowser*>();
        QVERIFY(details);
        QVERIFY2(details->toPlainText().contains(QStringLiteral("Write cache: off")),
                 qPrintable(details->toPlainText()));
        QVERIFY(details->toPlainText().contains(QStringLiteral("above 55 °C")));
        const int requests = int(f->helper->requests.size());
        f->session->refreshDisks();
        QTRY_VERIFY(f->helper->requests.size() >= requests + 2); // the scan and read-health again
        QTest::qWait(50);
        const QModelIndexList selected = f->window->pool()->view()->selectionModel()->selectedIndexes();
        QCOMPARE(selected.size(), 1);
        QCOMPARE(selected.first().data(DiskPoolModel::DiskPathRole).toString(),
                 pool->index(poolRow).data(DiskPoolModel::DiskPathRole).toString());
        QVERIFY(details->toPlainText().contains(QStringLiteral("Write cache: off")));
    }

    void theDiskTableIsAModelTheSelectionPicksFrom()
    {
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        auto* model = f->window->findChild<DiskTableModel*>();
        QVERIFY(model);
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto* view = f->window->findChild<QTableView*>(QStringLiteral("diskTable"));
        auto* page = f->window->findChild<DisksPage*>();
        QVERIFY(view && page);
        QCOMPARE(view->model()->rowCount(), 4);
        QCOMPARE(view->model()->columnCount(), int(DiskTableModel::TableColumns));
        QCOMPARE(view->model()->headerData(DiskTableModel::ColumnWriteCache, Qt::Horizontal).toString(),
                 QStringLiteral("Write cache"));
        // Nothing selected: every usable disk; a selected row: that disk alone.
        QStringList usable;
        for (const Disk& disk : f->session->disks()) {
            if (disk.eligible) {
                usable.append(DiskPoolModel::planPath(disk));
            }
        }
        QCOMPARE(page->surfaceDisks(), usable);
        view->selectRow(2);
        const QString first = view->model()->index(2, 0).data(DiskTableModel::DiskPathRole).toString();
        QCOMPARE(page->surfaceDisks(), QStringList {first});
        // New figures for the same disks keep the selection (a rescan is not a new table).
        const int requests = int(f->helper->requests.size());
        f->session->refreshDisks();
        QTRY_VERIFY(f->helper->requests.size() > requests);
        QTest::qWait(50);
        QCOMPARE(page->surfaceDisks(), QStringList {first});
    }

    void theDetailsShowTheDiskHistory()
    {
        // Three kept runs of the recorded lab disks; in the last, RBLAB0003 writes at 30 instead of 40 MB/s.
        const QString folder = qEnvironmentVariable("RAIDBENCH_RESULTS_DIR");
        QStringList written;
        const QStringList dates {QStringLiteral("2026-09-01T10:00:00Z"), QStringLiteral("2026-10-01T10:00:00Z"),
                                 QStringLiteral("2026-11-01T10:00:00Z")};
        for (int i = 0; i < dates.size(); ++i) {
            CampaignResults results;
            results.created = dates.at(i);
            results.status = RunState::Completed;
            for (const auto& [serial, model, speed] : {std::tuple {"RBLAB0001", "VDISK W100 R100", 100e6},
                                                       std::tuple {"RBLAB0003", "VDISK W40 R40", 40e6}}) {
                DiskResult disk;
                disk.path = QStringLiteral("/dev/disk/by-id/scsi-X_%1").arg(QLatin1String(serial));
                disk.serial = QLatin1String(serial);
                disk.model = QLatin1String(model);
                disk.writeBw = i == 2 && disk.serial == QLatin1String("RBLAB0003") ? 30e6 : speed;
                disk.readBw = speed;
                results.disks.append(disk);
            }
            written.append(QStringLiteral("%1/history-%2.json").arg(folder).arg(i));
            QVERIFY(results.save(written.last()));
        }
        auto cleanup = qScopeGuard([&written] {
            for (const QString& path : std::as_const(written)) {
                QFile::remove(path);
            }
        });
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        DiskPoolWidget* poolWidget = f->window->pool();
        QTRY_COMPARE(poolWidget->history().disks.size(), 2);
        DiskPoolModel* pool = poolWidget->model();
        auto select = [&](const QString& serial) {
            for (int r = 0; r < pool->rowCount(); ++r) {
                if (pool->diskAt(r).serial == serial) {
                    poolWidget->view()->selectionModel()->select(pool->index(r), QItemSelectionModel::ClearAndSelect);
                }
            }
            return poolWidget->details()->toPlainText();
        };
        const QString slow = select(QStringLiteral("RBLAB0003"));
        QVERIFY2(slow.contains(QStringLiteral("Speed history: 3 runs since 2026-09-01; write 40.0 MB/s → 30.0 MB/s "
                                              "(-25 %), read 40.0 MB/s → 40.0 MB/s (+0 %)")),
                 qPrintable(slow));
        QVERIFY2(
            slow.contains(QStringLiteral("Slower than at first: write 30.0 MB/s on 2026-11-01, 25 % below its first")),
            qPrintable(slow));
        const QString steady = select(QStringLiteral("RBLAB0001"));
        QVERIFY(steady.contains(QStringLiteral("Speed history: 3 runs since 2026-09-01")));
        QVERIFY(!steady.contains(QStringLiteral("Slower than at first")));
        // A disk never measured says how it gets a history.
        QVERIFY(select(QStringLiteral("RBLAB0002")).contains(QStringLiteral("Speed history: none yet")));
        // Not measured in this session: the list shows each known disk's last speeds, dated; none for the
        // disk never measured.
        for (int r = 0; r < pool->rowCount(); ++r) {
            const QModelIndex index = pool->index(r);
            const QString serial = pool->diskAt(r).serial;
            if (serial == QLatin1String("RBLAB0003")) {
                QCOMPARE(index.data(DiskPoolModel::WriteRole).toDouble(), 30e6);
                QCOMPARE(index.data(DiskPoolModel::ReadRole).toDouble(), 40e6);
                QVERIFY(!index.data(DiskPoolModel::RememberedRole).toString().isEmpty());
                QVERIFY2(
                    index.data(Qt::ToolTipRole).toString().contains(QLatin1String("Not measured yet in this session")),
                    qPrintable(index.data(Qt::ToolTipRole).toString()));
            } else if (serial == QLatin1String("RBLAB0002")) {
                QVERIFY(!index.data(DiskPoolModel::WriteRole).isValid());
            }
        }
    }

    void noUsableDiskOffersTheLab()
    {
        auto f = std::make_unique<Fixture>();
        f->session = new Session;
        f->helper = new Test::ScriptedHelper(recording);
        QJsonObject scan = f->helper->recordedResult(QStringLiteral("scan-disks"));
        QJsonArray disks;
        for (const auto& value : scan.value(QStringLiteral("disks")).toArray()) {
            QJsonObject disk = value.toObject();
            disk.insert(QStringLiteral("eligible"), false);
            disk.insert(
                QStringLiteral("reasons"),
                QJsonArray {QJsonObject {{QStringLiteral("code"), QStringLiteral("signature")},
                                         {QStringLiteral("message"), QStringLiteral("holds an ext4 file system")}}});
            disks.append(disk);
        }
        scan.insert(QStringLiteral("disks"), disks);
        f->helper->replies.insert(QStringLiteral("scan-disks"), scan);
        showWindow(*f);
        f->window->showStep(MainWindow::DisksStep);
        QTRY_COMPARE(f->session->disks().size(), 4);
        QTRY_VERIFY(!f->window->findChild<QWidget*>(QStringLiteral("firstRunPanel"))->isHidden());
        QVERIFY(f->window->findChild<QPushButton*>(QStringLiteral("firstRunLabButton")));
    }

    void helperRefusedAtStart()
    {
        // pkexec dismissed by the user: the helper never says hello.
        auto f = std::make_unique<Fixture>();
        f->session = new Session;
        f->helper = new Test::ScriptedHelper(recording);
        f->window = std::make_unique<MainWindow>(f->session);
        f->session->setParent(f->window.get());
        f->session->attach(f->helper);
        f->window->show();
        f->helper->die(QStringLiteral("pkexec could not start the helper (not authorised, or no polkit agent)"));
        QVERIFY(!f->session->isConnected());
        QVERIFY2(f->window->lastMessage().contains(QLatin1String("not authorised")),
                 qPrintable(f->window->lastMessage()));
        QCOMPARE(f->window->pool()->model()->rowCount(), 0);
        f->window->startRun();
        QVERIFY(f->window->lastMessage().contains(QLatin1String("not connected")));
    }

    void helperNotInstalled()
    {
        // The GUI package without the CLI package: connecting says what is missing and where.
        qputenv("RAIDBENCH_HELPER", "/nonexistent/libexec/raidbench/raidbench-helper");
        MainWindow window;
        window.show();
        window.connectHelper();
        qunsetenv("RAIDBENCH_HELPER");
        const QString message = window.lastMessage();
        QVERIFY2(message.contains(QLatin1String("/nonexistent/libexec/raidbench/raidbench-helper is not installed")) ||
                     message.contains(QLatin1String("pkexec is not installed")),
                 qPrintable(message));
        QVERIFY2(message.contains(QLatin1String("raidbench-cli")) || message.contains(QLatin1String("pkexec")),
                 qPrintable(message));
        QVERIFY(!window.session()->isConnected());
    }

    void tabBarStaysPut()
    {
        // The steps' tabs are where they were on every step, though the pool hides after Build.
        auto f = makeWindow();
        f->window->resize(1280, 800);
        f->window->show();
        QVERIFY(QTest::qWaitForWindowExposed(f->window.get()));
        auto* bar = f->window->findChild<QTabBar*>(QStringLiteral("stepBar"));
        QVERIFY(bar);
        QPoint first;
        for (int step = MainWindow::DisksStep; step <= MainWindow::ResultsStep; ++step) {
            f->window->showStep(MainWindow::Step(step));
            QApplication::processEvents();
            QCOMPARE(bar->currentIndex(), step);
            const QPoint at = bar->mapTo(f->window.get(), bar->tabRect(0).topLeft());
            first = step == MainWindow::DisksStep ? at : first;
            QCOMPARE(at, first);
        }
        // A click on the bar changes the step.
        QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(MainWindow::BuildStep).center());
        QCOMPARE(f->window->currentStep(), MainWindow::BuildStep);
    }

    void sessionIsSilentWhileDestroyed()
    {
        // A connected session destroyed with its window must not call the window's slots: by then the
        // window is half destroyed (ASan/UBSan saw exactly that).
        auto f = makeWindow();
        QTRY_VERIFY(f->session->isConnected());
        QSignalSpy changes(f->session, &Session::connectionChanged);
        f->window.reset();
        QCOMPARE(changes.count(), 0);
    }

    void remoteDialogChecksTheHost()
    {
        RemoteDialog dialog;
        dialog.show();
        auto* host = dialog.findChild<QLineEdit*>(QStringLiteral("remoteHost"));
        auto* user = dialog.findChild<QLineEdit*>(QStringLiteral("remoteUser"));
        auto* port = dialog.findChild<QSpinBox*>(QStringLiteral("remotePort"));
        auto* helper = dialog.findChild<QLineEdit*>(QStringLiteral("remoteHelper"));
        auto* connectButton = dialog.findChild<QPushButton*>(QStringLiteral("remoteConnect"));
        auto* problem = dialog.findChild<QLabel*>(QStringLiteral("remoteProblem"));
        QVERIFY(host && user && port && helper && connectButton && problem);
        QCOMPARE(user->text(), QStringLiteral("root"));
        QVERIFY(!connectButton->isEnabled()); // no host yet
        QTest::keyClicks(host, QStringLiteral("storage1"));
        port->setValue(2222);
        QVERIFY(connectButton->isEnabled());
        QCOMPARE(dialog.target()->text(), QStringLiteral("root@storage1:2222"));
        // An ssh option is refused where it is typed, and the Connect button stays off.
        host->setText(QStringLiteral("-oProxyCommand=sh"));
        QVERIFY(!connectButton->isEnabled());
        QVERIFY2(problem->text().contains(QLatin1String("starts with '-'")), qPrintable(problem->text()));
        host->setText(QStringLiteral("fd00::5"));
        QCOMPARE(dialog.target()->text(), QStringLiteral("root@[fd00::5]:2222"));
        user->setText(QStringLiteral("ad min"));
        QVERIFY(!connectButton->isEnabled());
        user->setText(QStringLiteral("admin"));
        helper->setText(QStringLiteral("/opt/x;reboot"));
        QVERIFY(!connectButton->isEnabled());
        QVERIFY2(problem->text().contains(QLatin1String("must be absolute")), qPrintable(problem->text()));
        if (const QString shot = qEnvironmentVariable("RAIDBENCH_DIALOG_SCREENSHOT"); !shot.isEmpty()) {
            host->setText(QStringLiteral("-oProxyCommand=sh"));
            helper->setText(SshTarget::defaultRemoteHelper());
            dialog.adjustSize();
            dialog.grab().save(shot);
        }
    }

    void aRemoteFailureReachesTheWindow_data()
    {
        QTest::addColumn<QByteArray>("ssh");
        QTest::addColumn<QString>("host");
        QTest::addColumn<int>("answerTimeout");
        QTest::addColumn<QString>("expected");
        // ssh refusing the host key (its words, recorded in the lab): the window says why and whom.
        QTest::newRow("host key refused")
            << QByteArray("echo 'No ED25519 host key is known for [127.0.0.1]:2201 and you have requested strict "
                          "checking.' >&2\necho 'Host key verification failed.' >&2\nexit 255")
            << QStringLiteral("root@127.0.0.1:2201") << 120
            << QStringLiteral("Connecting failed: root@127.0.0.1:2201: ssh does not know this host's key");
        // ssh gets in, then nothing: given up after the answer timeout.
        QTest::newRow("never answers") << QByteArray("exec sleep 600") << QStringLiteral("root@storage1") << 1
                                       << QStringLiteral(
                                              "Connecting failed: root@storage1: no answer within 1 s of connecting");
    }

    void aRemoteFailureReachesTheWindow()
    {
        QFETCH(QByteArray, ssh);
        QFETCH(QString, host);
        QFETCH(int, answerTimeout);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        QFile fake(dir.filePath(QStringLiteral("ssh")));
        QVERIFY(fake.open(QIODevice::WriteOnly));
        fake.write("#!/bin/sh\n" + ssh + "\n");
        fake.close();
        fake.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        qputenv("RAIDBENCH_SSH", fake.fileName().toLocal8Bit());
        auto restore = qScopeGuard([] { qunsetenv("RAIDBENCH_SSH"); });
        MainWindow window;
        window.show();
        QSignalSpy closed(window.session(), &Session::helperClosed);
        QVERIFY(window.session()
                    ->startRemote(*SshTarget::parse(host), QStringLiteral("/usr/libexec/raidbench/raidbench-helper"),
                                  answerTimeout)
                    .ok());
        QVERIFY(closed.wait(10000));
        QCOMPARE(closed.first().at(1).toBool(), false); // it never connected
        QTRY_VERIFY2(window.lastMessage().startsWith(expected), qPrintable(window.lastMessage()));
        QVERIFY(!window.session()->isConnected());
        if (const QString shots = qEnvironmentVariable("RAIDBENCH_UI_SCREENSHOT_DIR"); !shots.isEmpty()) {
            window.resize(1280, 800);
            window.grab().save(
                QStringLiteral("%1/remote-%2.png")
                    .arg(shots,
                         QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-'))));
        }
    }

    void labDialogMakesALabSpec()
    {
        LabDialog dialog;
        dialog.show();
        const auto plain = dialog.options();
        QVERIFY2(plain.ok(), qPrintable(plain.ok() ? QString() : plain.error().message));
        QVERIFY(plain->disks.size() >= 2);
        QVERIFY(!dialog.spec().contains(QLatin1String("fail")));
        auto* failing = dialog.findChild<QCheckBox*>();
        QVERIFY(failing);
        failing->setChecked(true);
        const auto withFault = dialog.options();
        QVERIFY(withFault.ok());
        QCOMPARE(withFault->disks.size(), plain->disks.size() + 1);
        QVERIFY2(dialog.spec().contains(QLatin1String(":fail-write=")), qPrintable(dialog.spec()));
        // What the dialog makes is what the CLI's --disks takes.
        QVERIFY(parseLabSpec(dialog.spec(), dialog.controllers()).ok());
        // Hard disks by default: the model, its end at about half its start; the slow pair slower.
        for (const LabDiskSpec& disk : withFault->disks) {
            QCOMPARE(disk.diskModel.kind, DiskKind::Hdd);
            QVERIFY(disk.diskModel.innerMBps < disk.diskModel.outerMBps * 0.6);
        }
        QCOMPARE(withFault->disks.first().diskModel.outerMBps, 105.0);
        QCOMPARE(withFault->disks.at(plain->disks.size() - 1).diskModel.outerMBps, 60.0);
        QVERIFY(dialog.findChild<QLabel*>(QStringLiteral("labPreview"))->text().contains(QLatin1String("hard disk")));
        // SSDs and flat throttles, each what the CLI takes.
        dialog.setKind(LabDialog::Kind::Ssd);
        auto ssd = dialog.options();
        QVERIFY2(ssd.ok(), qPrintable(dialog.spec()));
        QCOMPARE(ssd->disks.first().diskModel.kind, DiskKind::Ssd);
        QVERIFY(ssd->disks.first().diskModel.steadyMBps < ssd->disks.first().diskModel.burstMBps);
        dialog.setKind(LabDialog::Kind::Flat);
        auto flat = dialog.options();
        QVERIFY2(flat.ok(), qPrintable(dialog.spec()));
        for (const LabDiskSpec& disk : flat->disks) {
            QCOMPARE(disk.diskModel.kind, DiskKind::Flat);
            QCOMPARE(disk.iops, 150);
        }
    }

    /// The Disks page's Quick answer asks what it is for before anything is asked of the disks.
    void aQuickAnswerAsksWhatItIsFor()
    {
        // Cancel in the dialog: nothing asked of the disks, nothing sent to the helper.
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        auto* button = f->window->findChild<QPushButton*>(QStringLiteral("quickAnswerButton"));
        QTRY_VERIFY(button->isEnabled());
        f->answerAsAsked = false;
        const qsizetype before = f->helper->requests.size();
        QTest::mouseClick(button, Qt::LeftButton);
        QCOMPARE(f->requirementsAsked.size(), 1);
        QCOMPARE(f->confirmations, 0);
        QCOMPARE(f->helper->requests.size(), before);
        QCOMPARE(f->window->currentStep(), MainWindow::DisksStep);
        // Other requirements, then No to destroying the disks: nothing measured, the tab's stand.
        const QString tabs = f->window->resultsPage()->answerPanel()->requirements().text();
        f->requirementsAnswer = *Requirements::parse(QStringLiteral("failures>=1,space>=50,weight=random"));
        f->confirmAnswer = false;
        QTest::mouseClick(button, Qt::LeftButton);
        QCOMPARE(f->confirmations, 1);
        QCOMPARE(f->helper->requests.size(), before);
        QCOMPARE(f->window->resultsPage()->answerPanel()->requirements().text(), tabs);
        QCOMPARE(f->window->resultsPage()->chartOptions().requirements.text(), tabs);
        // Start with them: the answer is for those, and the Answer tab, its chart and reports follow.
        f->confirmAnswer = true;
        QTest::mouseClick(button, Qt::LeftButton);
        QCOMPARE(f->confirmations, 2);
        QCOMPARE(f->window->resultsPage()->answerPanel()->requirements().text(), f->requirementsAnswer->text());
        QCOMPARE(f->window->resultsPage()->answerPanel()->spaceBox()->value(), 50);
        QCOMPARE(f->window->resultsPage()->chartOptions().requirements.text(), f->requirementsAnswer->text());
        QSignalSpy finished(f->window->runPage(), &RunPage::finished);
        QTest::mouseClick(f->window->runPage()->cancelButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 20000);
    }
};

QTEST_MAIN(TstUiDisks)
#include "tst_ui_disks.moc"

// The Build page: drag and drop through the events the canvas receives, menus instead of dragging, refusals with their
// reasons, nesting, the level picker, undo/redo.

#include "arrays/buildplan.h"
#include "uitest.h"

#include <QScrollBar>

class TstUiBuild : public QObject, public UiTestBase
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { initCommon(); }

    void refusalsNameDisksAsThePoolDoes()
    {
        // The plan holds by-id paths; what the Build page says names the disk as the pool shows it.
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        f->window->showStep(MainWindow::BuildStep);
        const QStringList disks = labDisks(*f);
        QVERIFY2(disks.first().startsWith(QLatin1String("/dev/disk/by-id/")), qPrintable(disks.first()));
        ArrayCanvas* canvas = f->window->canvas();
        canvas->showResult(f->window->canvasModel()->addArray(disks.mid(0, 2)));
        canvas->showResult(f->window->canvasModel()->addDisks({0}, {disks.first()}));
        const QString name = f->session->disks().first().name;
        const QString message = f->window->lastMessage();
        QVERIFY2(message.startsWith(name + QStringLiteral(" is already in")), qPrintable(message));
        QVERIFY2(!message.contains(QLatin1String("/dev/disk/by-id/")), qPrintable(message));
    }

    void standardSetInOneClick()
    {
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        f->window->showStep(MainWindow::BuildStep);
        auto* button = f->window->findChild<QPushButton*>(QStringLiteral("addPresetsButton"));
        QVERIFY(button);
        QTest::mouseClick(button, Qt::LeftButton);
        QStringList names;
        for (const CanvasConfig& config : f->window->canvasModel()->configs()) {
            names.append(CanvasModel::derivedName(config.spec));
            QVERIFY2(!hasErrors(validateSpec(config.spec)), qPrintable(names.last()));
        }
        for (const char* expected : {"raid0", "raid1", "raid5", "raid6", "raid10"}) {
            QVERIFY2(names.contains(QLatin1String(expected)), qPrintable(names.join(QLatin1Char(' '))));
        }
        // Mirrors spread across the two controllers: RAID1+0 survives losing one.
        QVERIFY(names.contains(QLatin1String("raid1+0")));
        // Clicked again: nothing is added twice, and the user is told why.
        const qsizetype count = f->window->canvasModel()->configs().size();
        QTest::mouseClick(button, Qt::LeftButton);
        QCOMPARE(f->window->canvasModel()->configs().size(), count);
        QVERIFY2(f->window->lastMessage().contains(QLatin1String("already")), qPrintable(f->window->lastMessage()));
        // The next step that works clears that refusal from the status bar and the Build page.
        f->window->canvas()->showResult(f->window->canvasModel()->addArray(labDisks(*f).mid(0, 2)));
        QVERIFY2(f->window->lastMessage().isEmpty(), qPrintable(f->window->lastMessage()));
        QVERIFY(f->window->statusBar()->currentMessage().isEmpty());
        f->window->canvasModel()->undoStack()->undo();
        // One undo step takes the whole set away.
        f->window->canvasModel()->undoStack()->undo();
        QCOMPARE(f->window->canvasModel()->configs().size(), 0);
    }

    void theStandardSetSaysWhatAnotherPairingChanges()
    {
        // A RAID10 drawn with each mirror pair on one controller: the standard set adds its own RAID10 with
        // the pairs across controllers, and the Build page and the status bar say what sets them apart.
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        f->window->showStep(MainWindow::BuildStep);
        QList<Disk> byController = f->session->disks();
        std::stable_sort(byController.begin(), byController.end(),
                         [](const Disk& a, const Disk& b) { return a.controller < b.controller; });
        QCOMPARE_NE(byController.first().controller, byController.last().controller);
        QStringList samePairs;
        for (const Disk& disk : byController) {
            samePairs.append(DiskPoolModel::planPath(disk));
        }
        QVERIFY(f->window->canvasModel()->addArray(samePairs, ArrayLevel::Raid10).ok());
        QTest::mouseClick(f->window->findChild<QPushButton*>(QStringLiteral("addPresetsButton")), Qt::LeftButton);
        const QString said = f->window->statusBar()->currentMessage();
        QVERIFY2(said.contains(QLatin1String("raid10-2 is raid10 with its disks paired differently")),
                 qPrintable(said));
        QVERIFY2(said.contains(QLatin1String("raid10-2 keeps its data when a controller is lost, raid10 does not")),
                 qPrintable(said));
        // On the canvas it stays in sight below the cards, however many the set added, until the next step.
        auto* canvas = f->window->findChild<ArrayCanvas*>();
        auto* hint = f->window->findChild<QLabel*>(QStringLiteral("canvasHint"));
        QVERIFY(canvas && hint);
        QVERIFY(f->window->canvasModel()->configs().size() > 5);
        QTRY_VERIFY(hint->isVisible());
        QVERIFY2(hint->text().contains(QLatin1String("raid10-2 is raid10 with its disks paired differently")),
                 qPrintable(hint->text()));
        QCOMPARE(hint->parentWidget(), canvas);
        QVERIFY(canvas->rect().contains(hint->geometry()));
        QVERIFY(!canvas->viewport()->geometry().intersects(hint->geometry()));
        f->window->resize(1000, 700); // a dozen cards do not fit: the scroll bar shows
        QTRY_VERIFY(canvas->verticalScrollBar()->isVisible());
        QTRY_VERIFY(!canvas->viewport()->geometry().intersects(hint->geometry()));
        const QScrollBar* bar = canvas->verticalScrollBar(); // inside a container of its own
        QTRY_VERIFY(!QRect(bar->mapTo(canvas, QPoint(0, 0)), bar->size()).intersects(hint->geometry()));
        canvas->verticalScrollBar()->setValue(canvas->verticalScrollBar()->maximum());
        QVERIFY(hint->isVisible() && canvas->rect().contains(hint->geometry()));
        canvas->showNote({});
        QVERIFY(!hint->isVisible());
    }

    void standardSetWithOneDiskClickedUsesEveryDisk()
    {
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        f->window->showStep(MainWindow::BuildStep);
        // One disk clicked in the pool, as a user does to look at it.
        QListView* view = f->window->pool()->view();
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(view->model()->index(0, 0)).center());
        QCOMPARE(f->window->pool()->selectedDisks().size(), 1);
        QTest::mouseClick(f->window->findChild<QPushButton*>(QStringLiteral("addPresetsButton")), Qt::LeftButton);
        QStringList names;
        for (const CanvasConfig& config : f->window->canvasModel()->configs()) {
            names.append(CanvasModel::derivedName(config.spec));
            QCOMPARE(config.spec.leafDevices().size() >= 1, true);
        }
        QVERIFY2(names.contains(QLatin1String("raid10")), qPrintable(names.join(QLatin1Char(' '))));
        QVERIFY(names.size() > 1);
    }

    void dragDisksFromThePoolOntoTheCanvas()
    {
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        f->window->showStep(MainWindow::BuildStep);
        DiskPoolModel* pool = f->window->pool()->model();

        // The pool's own drag payload for three disks, dropped on the new-array area.
        std::unique_ptr<QMimeData> three(pool->mimeData({pool->index(0), pool->index(1), pool->index(2)}));
        QVERIFY(dropOn(f->window->canvas()->newArrayArea(), three.get()));
        QCOMPARE(f->window->canvasModel()->configs().size(), 1);
        const ArraySpec& made = f->window->canvasModel()->configs().at(0).spec;
        QCOMPARE(made.level, ArrayLevel::Raid5); // the default for three disks
        QCOMPARE(made.children.size(), 3);

        // The fourth disk onto the card.
        CardWidget* card = f->window->canvas()->cardWidget({0});
        QVERIFY(card);
        std::unique_ptr<QMimeData> fourth(pool->mimeData({pool->index(3)}));
        QVERIFY(dropOn(card, fourth.get()));
        QCOMPARE(f->window->canvasModel()->configs().at(0).spec.children.size(), 4);
        QCOMPARE(leafPaths(f->window->canvasModel()->configs().at(0).spec), labDisks(*f));
        QVERIFY(f->window->canvas()->cardWidget({0})->figuresLabel()->text().contains(QLatin1String("usable")));
        QVERIFY(f->window->canvas()->cardWidget({0})->problemLabel()->text().isEmpty());
    }

    void menusInsteadOfDragging()
    {
        // Everything a drag does has a keyboard or menu way: the "Add selected disks" button, the pool's
        // context menu and each card's context menu.
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        f->window->showStep(MainWindow::BuildStep);
        CanvasModel* model = f->window->canvasModel();
        QListView* view = f->window->pool()->view();
        const auto select = [&](const QList<int>& rows) {
            view->selectionModel()->clear();
            for (int row : rows) {
                view->selectionModel()->select(view->model()->index(row, 0), QItemSelectionModel::Select);
            }
        };
        auto* add = f->window->findChild<QToolButton*>(QStringLiteral("addDisksButton"));
        QVERIFY(add && add->menu());

        // Nothing selected: the button's entries are there but disabled.
        select({});
        Q_EMIT add->menu()->aboutToShow();
        QAction* fresh = menuAction(add->menu(), QStringLiteral("New array"));
        QVERIFY(fresh);
        QVERIFY(!fresh->isEnabled());

        // Two disks -> a new array (RAID1 for two), through the button's menu.
        select({0, 1});
        Q_EMIT add->menu()->aboutToShow();
        fresh = menuAction(add->menu(), QStringLiteral("New array"));
        QVERIFY(fresh && fresh->isEnabled());
        fresh->trigger();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QCOMPARE(model->configs().size(), 1);
        QCOMPARE(model->configs().at(0).spec.level, ArrayLevel::Raid1);
        const QString cardName = model->cardName({0});

        // The other two -> onto that card, through the pool's context menu ("Add to" > its name).
        select({2, 3});
        const QStringList selected = f->window->pool()->selectedDisks();
        QCOMPARE(selected.size(), 2);
        QCOMPARE(pickFromPopup([&] { Q_EMIT f->window->pool()->contextMenuRequested(selected, QPoint(10, 10)); },
                               {QStringLiteral("Add to"), cardName}),
                 QStringLiteral("Add to > ") + cardName);
        QCOMPARE(model->configs().size(), 1);
        QCOMPARE(leafPaths(model->configs().at(0).spec), labDisks(*f));

        // The card's own context menu: put it inside a new RAID 0 (RAID1 in RAID0 = RAID1+0 of one pair).
        CardWidget* card = f->window->canvas()->cardWidget({0});
        QVERIFY(card);
        const QString raid0 = CanvasModel::levelTitle(ArrayLevel::Raid0);
        QCOMPARE(pickFromPopup(
                     [&] {
                         QContextMenuEvent event(QContextMenuEvent::Keyboard, card->rect().center(),
                                                 card->mapToGlobal(card->rect().center()));
                         QApplication::sendEvent(card, &event);
                     },
                     {QStringLiteral("Put inside a new"), raid0}),
                 QStringLiteral("Put inside a new > ") + raid0);
        QCOMPARE(model->configs().size(), 1);
        QCOMPARE(model->configs().at(0).spec.level, ArrayLevel::Raid0);
        QCOMPARE(model->configs().at(0).spec.children.at(0).level, ArrayLevel::Raid1);
        QVERIFY(f->window->canvas()->cardWidget({0, 0}));

        // The nested card's menu moves it out again; each step is one undo.
        CardWidget* inner = f->window->canvas()->cardWidget({0, 0});
        QVERIFY(inner);
        QCOMPARE(pickFromPopup(
                     [&] {
                         QContextMenuEvent event(QContextMenuEvent::Keyboard, inner->rect().center(),
                                                 inner->mapToGlobal(inner->rect().center()));
                         QApplication::sendEvent(inner, &event);
                     },
                     {QStringLiteral("Move out to a configuration of its own")}),
                 QStringLiteral("Move out to a configuration of its own"));
        QCOMPARE(model->configs().size(), 2);
        model->undoStack()->undo();
        QCOMPARE(model->configs().size(), 1);
        QCOMPARE(model->configs().at(0).spec.level, ArrayLevel::Raid0);
    }

    void chipMenuRemovesTheChipNotTheCard()
    {
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        f->window->showStep(MainWindow::BuildStep);
        CanvasModel* model = f->window->canvasModel();
        const QStringList disks = labDisks(*f);
        QVERIFY(model->addArray(disks.mid(0, 3), ArrayLevel::Raid5).ok());
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        CardWidget* card = f->window->canvas()->cardWidget({0});
        QVERIFY(card);
        QToolButton* chip = nullptr;
        for (QToolButton* button : card->findChildren<QToolButton*>()) {
            if (button->accessibleName().startsWith(QLatin1String("Disk "))) {
                chip = button;
                break;
            }
        }
        QVERIFY(chip);
        const QString cardName = model->cardName({0});
        // Right-click on the chip: the first entry removes that disk; the card stays.
        QTRY_VERIFY(chip->isVisible() && chip->width() > 0);
        const QString removeDisk = QStringLiteral("Remove this disk from ") + cardName;
        QCOMPARE(pickFromPopup(
                     [&] {
                         // Sent to the chip, as the mouse does; the chip passes it on to its card.
                         const QPoint at = chip->rect().center();
                         QContextMenuEvent event(QContextMenuEvent::Mouse, at, chip->mapToGlobal(at));
                         QApplication::sendEvent(chip, &event);
                     },
                     {removeDisk}),
                 removeDisk);
        QCOMPARE(model->configs().size(), 1);
        QCOMPARE(model->configs().at(0).spec.children.size(), 2);
        // Off the chips, the card's menu says plainly that it removes the whole card.
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        card = f->window->canvas()->cardWidget({0});
        QVERIFY(card);
        const QString removeCard = QStringLiteral("Remove the whole ") + model->cardName({0});
        QCOMPARE(pickFromPopup(
                     [&] {
                         QContextMenuEvent event(QContextMenuEvent::Keyboard, QPoint(2, 2),
                                                 card->mapToGlobal(QPoint(2, 2)));
                         QApplication::sendEvent(card, &event);
                     },
                     {removeCard}),
                 removeCard);
        QCOMPARE(model->configs().size(), 0);
    }

    void nestCardsIntoACard_raid50()
    {
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        const QStringList disks = labDisks(*f);
        ArrayCanvas* canvas = f->window->canvas();
        CanvasModel* model = f->window->canvasModel();

        // Two RAID1 pairs (six-disk RAID50 needs more disks than the lab has; the nesting is the same).
        auto pairA = disksMime(disks.mid(0, 2));
        auto pairB = disksMime(disks.mid(2, 2));
        QVERIFY(dropOn(canvas->newArrayArea(), pairA.get()));
        QVERIFY(dropOn(canvas->newArrayArea(), pairB.get()));
        QCOMPARE(model->configs().size(), 2);
        QCOMPARE(model->configs().at(0).spec.level, ArrayLevel::Raid1);

        // The first card onto the new-array area: it is put inside a new RAID0, in its place.
        auto first = cardMime({0});
        QVERIFY(dropOn(canvas->newArrayArea(), first.get()));
        QCOMPARE(model->configs().size(), 2);
        const ArraySpec* wrapper = model->card({0});
        QVERIFY(wrapper);
        QCOMPARE(wrapper->level, ArrayLevel::Raid0);
        QCOMPARE(wrapper->children.size(), 1);

        // The other RAID1 card onto the RAID0 card's nest area: RAID1+0.
        auto second = cardMime({1});
        QVERIFY(dropOn(canvas->cardWidget({0}), second.get()));
        QCOMPARE(model->configs().size(), 1);
        const ArraySpec& nested = model->configs().at(0).spec;
        QCOMPARE(nested.level, ArrayLevel::Raid0);
        QCOMPARE(nested.children.size(), 2);
        QCOMPARE(nested.children.at(0).level, ArrayLevel::Raid1);
        QCOMPARE(nested.children.at(1).level, ArrayLevel::Raid1);
        QCOMPARE(CanvasModel::derivedName(nested), QStringLiteral("raid1+0"));
        QVERIFY(!hasErrors(validateSpec(nested)));
        // Nested cards are cards of their own on the canvas.
        QVERIFY(canvas->cardWidget({0, 0}));
        QVERIFY(canvas->cardWidget({0, 1}));

        // A nested card dragged out onto the new-array area becomes a configuration again.
        auto out = cardMime({0, 1});
        QVERIFY(dropOn(canvas->newArrayArea(), out.get()));
        QCOMPARE(model->configs().size(), 2);
        QCOMPARE(model->configs().at(0).spec.children.size(), 1);
        QCOMPARE(model->configs().at(1).spec.level, ArrayLevel::Raid1);
    }

    void refusedDrops_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("reason");
        QTest::newRow("ineligible disk") << "ineligible"
                                         << "mounted on /home";
        QTest::newRow("unknown disk") << "unknown"
                                      << "not among this machine's disks";
        QTest::newRow("disk already in the card") << "duplicate"
                                                  << "already";
        QTest::newRow("card into itself") << "itself"
                                          << "inside itself";
        QTest::newRow("card into its own child") << "own-child"
                                                 << "inside itself";
        QTest::newRow("disk already elsewhere in the configuration") << "elsewhere"
                                                                     << "already";
        QTest::newRow("something that is not a disk") << "text"
                                                      << "";
    }

    void refusedDrops()
    {
        QFETCH(QString, kind);
        QFETCH(QString, reason);
        // A canvas of its own, with a disk that is mounted.
        CanvasModel model;
        CanvasContext context;
        context.sizeOf = [](const QString&) { return std::uint64_t(1) << 30; };
        context.controllerOf = [](const QString& path) {
            return path.endsWith(QLatin1Char('a')) ? QStringLiteral("c1") : QStringLiteral("c2");
        };
        context.labelOf = [](const QString& path) { return path.section(QLatin1Char('/'), -1); };
        context.baselineOf = [](const QString&) { return std::nullopt; };
        context.whyNot = [](const QString& path) -> QString {
            if (path == QLatin1String("/dev/sdm")) {
                return QStringLiteral("it is mounted on /home");
            }
            if (path == QLatin1String("/dev/sdz")) {
                return QStringLiteral("it is not among this machine's disks");
            }
            return {};
        };
        ArrayCanvas canvas(&model, context);
        canvas.resize(900, 700);
        canvas.show();
        QVERIFY(model.addArray({QStringLiteral("/dev/sda"), QStringLiteral("/dev/sdb")}, ArrayLevel::Raid1).ok());
        QVERIFY(model.addArray({QStringLiteral("/dev/sdc"), QStringLiteral("/dev/sdd")}, ArrayLevel::Raid1).ok());
        QVERIFY(model.wrap({1}, ArrayLevel::Raid0).ok()); // config 1: raid0 { raid1 sdc sdd }
        canvas.refresh();
        QCoreApplication::processEvents();
        const QList<CanvasConfig> before = model.configs();
        const int undoBefore = model.undoStack()->count();

        std::unique_ptr<QMimeData> mime;
        QWidget* target = nullptr;
        if (kind == QLatin1String("ineligible")) {
            mime = disksMime({QStringLiteral("/dev/sdm")});
            target = canvas.newArrayArea();
        } else if (kind == QLatin1String("unknown")) {
            mime = disksMime({QStringLiteral("/dev/sde"), QStringLiteral("/dev/sdz")});
            target = canvas.cardWidget({0});
        } else if (kind == QLatin1String("duplicate")) {
            mime = disksMime({QStringLiteral("/dev/sda")});
            target = canvas.cardWidget({0});
        } else if (kind == QLatin1String("itself")) {
            mime = cardMime({1});
            target = canvas.cardWidget({1});
        } else if (kind == QLatin1String("own-child")) {
            mime = cardMime({1});
            target = canvas.cardWidget({1, 0});
        } else if (kind == QLatin1String("elsewhere")) {
            // sdc is in the nested RAID1 of configuration 1: not again in its RAID0.
            mime = disksMime({QStringLiteral("/dev/sdc")});
            target = canvas.cardWidget({1});
        } else {
            mime = std::make_unique<QMimeData>();
            mime->setText(QStringLiteral("/dev/sda"));
            target = canvas.newArrayArea();
        }
        QVERIFY(target);
        QSignalSpy messages(&canvas, &ArrayCanvas::message);
        QVERIFY(!dropOn(target, mime.get()));
        // Nothing changed, nothing to undo, and the reason is shown in the canvas.
        QCOMPARE(model.configs().size(), before.size());
        for (qsizetype i = 0; i < before.size(); ++i) {
            QCOMPARE(model.configs().at(i).spec.toJson(), before.at(i).spec.toJson());
        }
        QCOMPARE(model.undoStack()->count(), undoBefore);
        if (!reason.isEmpty()) {
            QVERIFY2(canvas.lastMessage().contains(reason), qPrintable(canvas.lastMessage()));
            QCOMPARE(messages.size(), 1);
            QVERIFY(canvas.findChildren<QLabel*>().size() > 0);
            bool shown = false;
            for (QLabel* label : canvas.findChildren<QLabel*>()) {
                shown = shown || (label->isVisible() && label->text().contains(reason.toHtmlEscaped()));
            }
            QVERIFY2(shown, "the reason is not shown on the canvas");
        }
    }

    void levelPickerShowsInlineReason()
    {
        CanvasModel model;
        CanvasContext context;
        context.sizeOf = [](const QString&) { return std::uint64_t(1) << 30; };
        context.controllerOf = [](const QString&) { return QStringLiteral("c1"); };
        context.labelOf = [](const QString& path) { return path.section(QLatin1Char('/'), -1); };
        context.baselineOf = [](const QString&) { return std::make_pair(100e6, 120e6); };
        context.whyNot = [](const QString&) { return QString(); };
        ArrayCanvas canvas(&model, context);
        canvas.show();
        QVERIFY(
            model.addArray({QStringLiteral("/dev/sda"), QStringLiteral("/dev/sdb"), QStringLiteral("/dev/sdc")}).ok());
        QCoreApplication::processEvents();
        // The user walks the level picker with the keyboard (each step is an edit; the card is rebuilt).
        for (int step = 0; step < 12 && model.configs().at(0).spec.level != ArrayLevel::Raid6; ++step) {
            QComboBox* level = canvas.cardWidget({0})->levelComboBox();
            QVERIFY(level);
            QTest::keyClick(level, Qt::Key_Down);
            QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
            QCoreApplication::processEvents();
        }
        QCOMPARE(model.configs().at(0).spec.level, ArrayLevel::Raid6);
        const QString problem = canvas.cardWidget({0})->problemLabel()->text();
        QVERIFY2(problem.contains(QLatin1String("RAID6 needs at least 4")), qPrintable(problem));
        QVERIFY(canvas.cardWidget({0})->problemLabel()->isVisible());
        // Predicted MB/s from the baselines, on a valid card.
        model.undoStack()->undo();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QCoreApplication::processEvents();
        QVERIFY(canvas.cardWidget({0})->problemLabel()->text().isEmpty());
        QVERIFY2(canvas.cardWidget({0})->figuresLabel()->text().contains(QLatin1String("predicted")),
                 qPrintable(canvas.cardWidget({0})->figuresLabel()->text()));
    }

    void raid50CardChoosesAChunkThatFillsTheLegs()
    {
        // Six disks in two RAID5 cards, the first wrapped in a RAID0 and the second nested into it.
        CanvasModel model;
        CanvasContext context;
        context.sizeOf = [](const QString&) { return std::uint64_t(1) << 30; };
        context.controllerOf = [](const QString&) { return QStringLiteral("c1"); };
        context.labelOf = [](const QString& path) { return path.section(QLatin1Char('/'), -1); };
        context.baselineOf = [](const QString&) { return std::make_pair(30e6, 30e6); };
        context.whyNot = [](const QString&) { return QString(); };
        ArrayCanvas canvas(&model, context);
        canvas.show();
        QStringList six;
        for (const char* name : {"sda", "sdb", "sdc", "sdd", "sde", "sdf"}) {
            six.append(QStringLiteral("/dev/%1").arg(QLatin1String(name)));
        }
        QVERIFY(model.addArray(six.mid(0, 3), ArrayLevel::Raid5).ok());
        QVERIFY(model.addArray(six.mid(3, 3), ArrayLevel::Raid5).ok());
        QVERIFY(model.wrap({0}, ArrayLevel::Raid0).ok());
        QVERIFY(model.nest({1}, {0}).ok());
        const auto settle = [] {
            QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
            QCoreApplication::processEvents();
        };
        settle();
        // The RAID0 card offers the chunk that fills the legs' 1 MiB stripes, and the plan builds with it.
        auto* chunk = canvas.cardWidget({0})->findChild<QComboBox*>(QStringLiteral("chunkComboBox"));
        QVERIFY(chunk);
        QVERIFY2(chunk->itemText(0).contains(QLatin1String("1M (fills the legs' stripes)")),
                 qPrintable(chunk->itemText(0)));
        QCOMPARE(model.configs().at(0).spec.chunkBytes, 0ull);
        QVERIFY(canvas.cardWidget({0})->problemLabel()->text().isEmpty());
        QVERIFY2(canvas.cardWidget({0})->figuresLabel()->text().contains(QLatin1String("predicted 120.0 MB/s write,")),
                 qPrintable(canvas.cardWidget({0})->figuresLabel()->text()));
        const auto plan = planBuild(model.configs().at(0).spec, QStringLiteral("ui"), PlanOptions {true});
        QVERIFY(plan.ok());
        QVERIFY(plan->commandLines().last().contains(QLatin1String("--level=raid0 --raid-devices=2 --chunk=1024K")));
        // 512 KiB instead: allowed, flagged on the card, and the prediction says partial stripes, in the
        // band md's gathering leaves (a fifth either side).
        chunk->setCurrentIndex(chunk->findData(double(512 << 10)));
        chunk->activated(chunk->currentIndex());
        settle();
        QCOMPARE(model.configs().at(0).spec.chunkBytes, 512ull << 10);
        const QString note = canvas.cardWidget({0})->problemLabel()->text();
        QVERIFY2(note.startsWith(QLatin1String("Note: RAID0: every write to a leg is a partial stripe")) &&
                     note.contains(QLatin1String("use a 1 MiB top chunk")),
                 qPrintable(note));
        QVERIFY2(canvas.cardWidget({0})->figuresLabel()->text().contains(
                     QLatin1String("predicted 90.0 MB/s write (partial stripes: 72.0 MB/s to 108.0 MB/s)")),
                 qPrintable(canvas.cardWidget({0})->figuresLabel()->text()));
        if (const QString shot = qEnvironmentVariable("RAIDBENCH_CARD_SCREENSHOT"); !shot.isEmpty()) {
            canvas.resize(1100, 700);
            settle();
            canvas.grab().save(shot); // to look at: the card with its note
        }
        // Back to RaidBench's choice, then a fourth disk in the second leg: the choice follows the legs,
        // a multiple of both full stripes (1 MiB and 1.5 MiB).
        model.undoStack()->undo();
        QVERIFY(model.addDisks({0, 1}, {QStringLiteral("/dev/sdg")}).ok());
        settle();
        chunk = canvas.cardWidget({0})->findChild<QComboBox*>(QStringLiteral("chunkComboBox"));
        QVERIFY(chunk);
        QVERIFY2(chunk->itemText(0).contains(QLatin1String("3M (fills the legs' stripes)")),
                 qPrintable(chunk->itemText(0)));
        QVERIFY(canvas.cardWidget({0})->problemLabel()->text().isEmpty());
    }

    void undoRedo()
    {
        auto f = makeWindow();
        QTRY_COMPARE(f->session->disks().size(), 4);
        const QStringList disks = labDisks(*f);
        CanvasModel* model = f->window->canvasModel();
        auto two = disksMime(disks.mid(0, 2));
        QVERIFY(dropOn(f->window->canvas()->newArrayArea(), two.get()));
        auto more = disksMime(disks.mid(2, 1));
        QVERIFY(dropOn(f->window->canvas()->cardWidget({0}), more.get()));
        QCOMPARE(leafPaths(model->configs().at(0).spec).size(), 3);

        QUndoStack* undo = model->undoStack();
        QVERIFY(undo->canUndo());
        undo->undo();
        QCOMPARE(leafPaths(model->configs().at(0).spec).size(), 2);
        undo->undo();
        QCOMPARE(model->configs().size(), 0);
        undo->redo();
        undo->redo();
        QCOMPARE(leafPaths(model->configs().at(0).spec), disks.mid(0, 3));
        // Ctrl+Z in the window, as a user does.
        f->window->showStep(MainWindow::BuildStep);
        f->window->activateWindow();
        QTest::keyClick(f->window.get(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(leafPaths(model->configs().at(0).spec).size(), 2);
        QTest::keyClick(f->window.get(), Qt::Key_Y, Qt::ControlModifier);
        QCOMPARE(leafPaths(model->configs().at(0).spec).size(), 3);
    }
};

QTEST_MAIN(TstUiBuild)
#include "tst_ui_build.moc"

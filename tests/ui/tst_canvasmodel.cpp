// The Build page's data without a widget: every edit checked, refused edits change nothing, names
// stay from card to results, undo and redo, the standard set without duplicates.

#include "canvasmodel.h"
#include "layout/arrayspec.h"
#include "layout/presets.h"

#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <algorithm>

using namespace RaidBench;
using namespace RaidBench::Ui;

class TstCanvasModel final : public QObject
{
    Q_OBJECT

    static QStringList disks(int count)
    {
        QStringList paths;
        for (int i = 1; i <= count; ++i) {
            paths.append(QStringLiteral("/dev/disk/by-id/ata-DISK_%1").arg(i));
        }
        return paths;
    }

    static QStringList names(const CanvasModel& model)
    {
        QStringList list;
        for (const CanvasConfig& config : model.configs()) {
            list.append(config.name);
        }
        return list;
    }

private Q_SLOTS:
    void editsAreCheckedAndUndoable()
    {
        CanvasModel model;
        QSignalSpy changed(&model, &CanvasModel::changed);
        QVERIFY(model.addArray(disks(2)).ok());
        QCOMPARE(model.configs().size(), 1);
        QCOMPARE(model.configs().at(0).spec.level, CanvasModel::defaultLevel(2));
        QVERIFY(model.addDisks({0}, disks(3).mid(2)).ok());
        QCOMPARE(model.configs().at(0).spec.leafDevices(), disks(3));
        QVERIFY(changed.count() >= 2);

        // A disk twice in one configuration is refused, and nothing changes.
        const QList<CanvasConfig> before = model.configs();
        const int undoBefore = model.undoStack()->count();
        const Result<void> twice = model.addDisks({0}, {disks(1).first()});
        QVERIFY(!twice.ok());
        QVERIFY2(twice.error().message.contains(QLatin1String("already in this configuration")),
                 qPrintable(twice.error().message));
        QCOMPARE(model.configs().at(0).spec.leafDevices(), before.at(0).spec.leafDevices());
        QCOMPARE(model.undoStack()->count(), undoBefore);

        model.undoStack()->undo();
        QCOMPARE(model.configs().at(0).spec.leafDevices(), disks(2));
        model.undoStack()->undo();
        QVERIFY(model.configs().isEmpty());
        model.undoStack()->redo();
        model.undoStack()->redo();
        QCOMPARE(model.configs().at(0).spec.leafDevices(), disks(3));
    }

    void namesStayAcrossEdits()
    {
        CanvasModel model;
        QVERIFY(model.addArray(disks(4), ArrayLevel::Raid5).ok());
        QVERIFY(model.addArray(disks(4), ArrayLevel::Raid5).ok());
        QCOMPARE(names(model), (QStringList {"raid5", "raid5-2"}));
        // A chunk size is an edit, not a new configuration: the name stays.
        QVERIFY(model.setChunk({1}, 64 * 1024).ok());
        QCOMPARE(names(model), (QStringList {"raid5", "raid5-2"}));
        // Removing the first card does not rename the second.
        QVERIFY(model.removeCard({0}).ok());
        QCOMPARE(names(model), (QStringList {"raid5-2"}));
        // A level change names it after its new level.
        QVERIFY(model.setLevel({0}, ArrayLevel::Raid6).ok());
        QCOMPARE(names(model), (QStringList {"raid6"}));
    }

    void standardSetWithoutDuplicates()
    {
        CanvasModel model;
        QList<PresetDisk> pool;
        for (int i = 0; i < 4; ++i) {
            pool.append({disks(4).at(i), 2'000'000'000'000ull, QStringLiteral("ctl%1").arg(i % 2),
                         QStringLiteral("sd%1").arg(QChar(u'a' + i))});
        }
        QVERIFY(model.addPresets(pool).ok());
        const QStringList first = names(model);
        for (const char* expected : {"raid0", "raid1", "raid5", "raid6", "raid10", "raid1+0"}) {
            QVERIFY2(first.contains(QLatin1String(expected)), qPrintable(first.join(QLatin1Char(' '))));
        }
        const Result<QString> again = model.addPresets(pool);
        QVERIFY(!again.ok());
        QVERIFY2(again.error().message.contains(QLatin1String("already")), qPrintable(again.error().message));
        QCOMPARE(names(model), first);
    }

    void theStandardSetKnowsALayoutDrawnInAnotherOrder()
    {
        // The user drew raid5 and raid10 themselves, dragging the disks in another order: the standard set
        // adds the rest, not a "raid5-2" and a "raid10-2" that are the same arrays. A raid10 whose pairs
        // differ is another layout, and stays.
        CanvasModel model;
        QList<PresetDisk> pool;
        for (int i = 0; i < 4; ++i) {
            pool.append({disks(4).at(i), 2'000'000'000'000ull, QStringLiteral("ctl%1").arg(i % 2),
                         QStringLiteral("sd%1").arg(QChar(u'a' + i))});
        }
        CanvasModel reference;
        QVERIFY(reference.addPresets(pool).ok());
        const ArraySpec* presetRaid10 = nullptr;
        for (const CanvasConfig& config : reference.configs()) {
            presetRaid10 = config.spec.level == ArrayLevel::Raid10 ? &config.spec : presetRaid10;
        }
        QVERIFY(presetRaid10);
        QStringList pairs;
        for (const ArraySpec& leaf : presetRaid10->children) {
            pairs.append(leaf.device);
        }
        // The preset's pairs, each pair and the pairs in the other order; and raid5 with its disks reversed.
        const QStringList samePairs {pairs.at(3), pairs.at(2), pairs.at(1), pairs.at(0)};
        QStringList reversed = disks(4);
        std::reverse(reversed.begin(), reversed.end());
        QVERIFY(model.addArray(reversed, ArrayLevel::Raid5).ok());
        QVERIFY(model.addArray(samePairs, ArrayLevel::Raid10).ok());
        QVERIFY(model.addPresets(pool).ok());
        QStringList got = names(model);
        QVERIFY2(!got.contains(QStringLiteral("raid5-2")) && !got.contains(QStringLiteral("raid10-2")),
                 qPrintable(got.join(QLatin1Char(' '))));
        QCOMPARE(got.count(QStringLiteral("raid0")), 1);

        CanvasModel other;
        const QStringList otherPairs {pairs.at(0), pairs.at(2), pairs.at(1), pairs.at(3)};
        QVERIFY(other.addArray(otherPairs, ArrayLevel::Raid10).ok());
        const Result<QString> note = other.addPresets(pool);
        QVERIFY(note.ok());
        got = names(other);
        QCOMPARE(got.count(QStringLiteral("raid10")) + got.count(QStringLiteral("raid10-2")), 2);
        // What tells them apart is said: the drawn pairs share a controller each, the standard set's do not.
        QVERIFY2(note->contains(QLatin1String("raid10-2 is raid10 with its disks paired differently")),
                 qPrintable(*note));
        QVERIFY2(note->contains(QLatin1String("raid10-2 keeps its data when a controller is lost, raid10 does not")),
                 qPrintable(*note));
        // Layouts that are not the same disks paired otherwise get no note: a RAID0 drawn over the four
        // disks is not a RAID1+0 with its disks paired differently.
        CanvasModel striped;
        QVERIFY(striped.addArray(disks(4), ArrayLevel::Raid0).ok());
        const Result<QString> stripedNote = striped.addPresets(pool);
        QVERIFY(stripedNote.ok());
        QVERIFY2(stripedNote->isEmpty(), qPrintable(*stripedNote));
        CanvasModel fresh;
        const Result<QString> none = fresh.addPresets(pool);
        QVERIFY(none.ok());
        QVERIFY2(none->isEmpty(), qPrintable(*none));
    }
};

QTEST_GUILESS_MAIN(TstCanvasModel)
#include "tst_canvasmodel.moc"

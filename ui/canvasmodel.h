#pragma once

#include "layout/arrayspec.h"
#include "layout/presets.h"
#include "util/result.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

class QUndoStack;

namespace RaidBench::Ui {

/// One configuration on the canvas: a top-level card and what is nested in it.
struct CanvasConfig
{
    QString name;
    ArraySpec spec;
};

/// The array canvas as data: each top-level card is a configuration (built one after another, so the
/// same disks may be reused across them); nested cards are nested levels. Every edit is checked and
/// undoable (QUndoStack). No widgets: the canvas widget shows it, tests drive it directly too.
class CanvasModel final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CanvasModel)

public:
    /// [configuration index, child index, child index...]; a card is a node (or a top-level single disk).
    using CardPath = QList<int>;

    explicit CanvasModel(QObject* parent = nullptr);

    const QList<CanvasConfig>& configs() const { return m_configs; }
    const ArraySpec* card(const CardPath& path) const;
    /// "RAID5 #2", "single disk #1": a card's name in menus and messages.
    QString cardName(const CardPath& path) const;
    /// Every card, depth first (for "Add to >" menus).
    QList<CardPath> cards() const;
    QUndoStack* undoStack() const { return m_undo; }

    Result<void> addArray(const QStringList& disks, std::optional<ArrayLevel> level = std::nullopt);
    Result<void> addDisks(const CardPath& path, const QStringList& disks);
    Result<void> removeDisk(const CardPath& path, const QString& disk);
    Result<void> setLevel(const CardPath& path, ArrayLevel level);
    Result<void> setChunk(const CardPath& path, std::uint64_t bytes);
    /// An LVM card's stripe size; 0 = RaidBench's (over parity legs, one that fills their stripes).
    Result<void> setStripeSize(const CardPath& path, std::uint64_t bytes);
    Result<void> setLayout(const CardPath& path, const QString& layout);
    Result<void> setBitmap(const CardPath& path, bool internal);
    Result<void> setAssumeClean(const CardPath& path, bool assumeClean);
    /// Moves card `source` into card `target` (RAID50: raid5 cards into a raid0 card).
    Result<void> nest(const CardPath& source, const CardPath& target);
    /// Puts a card inside a new card of `level` (the first step of RAID50: a RAID0 holding a RAID5).
    Result<void> wrap(const CardPath& path, ArrayLevel level);
    /// Moves a nested card out to become a configuration of its own.
    Result<void> unnest(const CardPath& path);
    Result<void> removeCard(const CardPath& path);
    /// The standard comparison set for these disks (every preset they allow), spread across controllers.
    /// On success, a note (empty when there is nothing to say): each layout added that holds the same disks
    /// at the same level as one on the canvas already, only paired differently, and what that changes.
    Result<QString> addPresets(const QList<PresetDisk>& disks);
    void setConfigs(const QList<CanvasConfig>& configs, const QString& description = QString());
    void clear();

    /// Level chosen for a new card of `count` disks: single, raid1, raid5, raid6 beyond five.
    static ArrayLevel defaultLevel(int count);
    static QString levelTitle(ArrayLevel level);
    /// A configuration's name from its tree: single, raid5, raid10-f2, raid50, raid1+0, ...
    static QString derivedName(const ArraySpec& spec);

Q_SIGNALS:
    void changed();

private:
    friend class SnapshotCommand;
    void restore(const QList<CanvasConfig>& configs);
    void commit(QList<CanvasConfig> configs, const QString& description);
    ArraySpec* mutableCard(QList<CanvasConfig>& configs, const CardPath& path) const;
    Result<void> edit(const CardPath& path, const QString& description,
                      const std::function<Result<void>(ArraySpec&)>& change);

    QList<CanvasConfig> m_configs;
    QUndoStack* m_undo = nullptr;
};

} // namespace RaidBench::Ui

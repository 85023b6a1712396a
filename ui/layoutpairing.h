#pragma once

#include "canvasmodel.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace RaidBench::Ui {

/// Layouts that are the same over the same disks, only paired differently (raid10 and raid10-2): the
/// standard set adds no layout twice, and says what another pairing changes.
class LayoutPairing
{
    // The canvas says these notes: its words, translated with the canvas's.
    Q_DECLARE_TR_FUNCTIONS(RaidBench::Ui::CanvasModel)

public:
    /// What a layout is, whatever order its disks were dragged in: the level tree, each node's members
    /// as a set where their order changes nothing, in order where it does (RAID4's parity disk,
    /// linear's first disk, RAID10's copy pairs).
    static QString shape(const ArraySpec& spec);
    /// The note on `added` against `others` (the configurations on the canvas before it), when one
    /// holds the same disks at the same levels, paired differently: what that changes (which copy
    /// survives losing a controller), or empty.
    static QString note(const CanvasConfig& added, const QList<CanvasConfig>& others);
};

} // namespace RaidBench::Ui

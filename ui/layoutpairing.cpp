#include "layoutpairing.h"

#include "layout/arrayanalysis.h"

#include <QHash>

namespace RaidBench::Ui {

namespace {

/// Each leaf's controller, where the spec says it.
void collectControllers(const ArraySpec& spec, QHash<QString, QString>& controllerOf)
{
    if (spec.isLeaf() && !spec.controller.isEmpty()) {
        controllerOf.insert(spec.device, spec.controller);
    }
    for (const ArraySpec& child : spec.children) {
        collectControllers(child, controllerOf);
    }
}

/// Leaves that do not say their controller get the one `controllerOf` knows.
void fillControllers(ArraySpec& spec, const QHash<QString, QString>& controllerOf)
{
    if (spec.isLeaf() && spec.controller.isEmpty()) {
        spec.controller = controllerOf.value(spec.device);
    }
    for (ArraySpec& child : spec.children) {
        fillControllers(child, controllerOf);
    }
}

/// The level tree without its disks: each node's level, layout and members (as a set), every leaf alike.
/// Two layouts with the same structure over the same disks differ only in which disks go where.
QString structure(const ArraySpec& spec)
{
    if (spec.isLeaf()) {
        return QStringLiteral("disk");
    }
    QStringList members;
    for (const ArraySpec& child : spec.children) {
        members.append(structure(child));
    }
    members.sort();
    return QStringLiteral("%1/%2(%3)").arg(levelName(spec.level), spec.layout, members.join(QLatin1Char(',')));
}

/// What a layout is, whatever order its disks were dragged in: the level tree, each node's members as a
/// set where their order changes nothing (stripes, mirrors, rotating parity, legs of a nested level),
/// in order where it does (RAID4's parity disk, linear's first disk, RAID10's copy pairs).
QString shapeOf(const ArraySpec& spec)
{
    if (spec.isLeaf()) {
        return spec.device;
    }
    QStringList members;
    for (const ArraySpec& child : spec.children) {
        members.append(shapeOf(child));
    }
    const QString layout = spec.layout.isEmpty() ? QStringLiteral("n2") : spec.layout;
    if (spec.level == ArrayLevel::Raid10 && layout == QLatin1String("n2") && members.size() % 2 == 0) {
        // Near copies on an even count: each adjacent pair holds the same data, so the pairs are what counts.
        QStringList pairs;
        for (qsizetype i = 0; i + 1 < members.size(); i += 2) {
            QStringList pair {members.at(i), members.at(i + 1)};
            pair.sort();
            pairs.append(pair.join(QLatin1Char('+')));
        }
        pairs.sort();
        members = pairs;
    } else if (spec.level != ArrayLevel::Raid4 && spec.level != ArrayLevel::Linear &&
               spec.level != ArrayLevel::Raid10) {
        members.sort();
    }
    return QStringLiteral("%1/%2(%3)").arg(levelName(spec.level), layout, members.join(QLatin1Char(',')));
}

} // namespace

QString LayoutPairing::shape(const ArraySpec& spec)
{
    return shapeOf(spec);
}

QString LayoutPairing::note(const CanvasConfig& added, const QList<CanvasConfig>& others)
{
    // The same level over the same disks, in another order: for mirrors under a stripe or md's RAID10,
    // which disks hold the same data (and so which failures and controller losses it survives).
    QStringList disks = added.spec.leafDevices();
    disks.sort();
    for (const CanvasConfig& other : others) {
        QStringList otherDisks = other.spec.leafDevices();
        otherDisks.sort();
        if (otherDisks != disks || structure(other.spec) != structure(added.spec) ||
            shapeOf(other.spec) == shapeOf(added.spec)) {
            continue;
        }
        // A card drawn by hand may not say its disks' controllers; the standard set's do.
        QHash<QString, QString> controllerOf;
        collectControllers(added.spec, controllerOf);
        ArraySpec otherSpec = other.spec;
        fillControllers(otherSpec, controllerOf);
        const ArrayFigures mine = analyzeSpec(added.spec);
        const ArrayFigures theirs = analyzeSpec(otherSpec);
        QString what = tr("which disks hold the same data");
        if (mine.controllersKnown && theirs.controllersKnown &&
            mine.survivesControllerLoss != theirs.survivesControllerLoss) {
            const QString survives = mine.survivesControllerLoss ? added.name : other.name;
            const QString dies = mine.survivesControllerLoss ? other.name : added.name;
            what = tr("%1 keeps its data when a controller is lost, %2 does not").arg(survives, dies);
        }
        return tr("%1 is %2 with its disks paired differently: %3.").arg(added.name, other.name, what);
    }
    return {};
}

} // namespace RaidBench::Ui

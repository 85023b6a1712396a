#include "canvasmodel.h"

#include "layout/arrayanalysis.h"
#include "layout/stripes.h"
#include "layoutpairing.h"
#include "util/errorcodes.h"

#include <QRegularExpression>
#include <QSet>
#include <QUndoCommand>
#include <QUndoStack>

namespace RaidBench::Ui {

/// Undo by whole snapshots: the canvas is small, and a snapshot cannot get out of step.
class SnapshotCommand final : public QUndoCommand
{
public:
    SnapshotCommand(CanvasModel* model, QList<CanvasConfig> before, QList<CanvasConfig> after, const QString& text)
        : QUndoCommand(text)
        , m_model(model)
        , m_before(std::move(before))
        , m_after(std::move(after))
    { }
    void undo() override { m_model->restore(m_before); }
    void redo() override { m_model->restore(m_after); }

private:
    CanvasModel* m_model;
    QList<CanvasConfig> m_before;
    QList<CanvasConfig> m_after;
};

namespace {

Error refused(const QString& message)
{
    return makeError(ErrorCode::refused, message);
}

QSet<QString> disksOf(const ArraySpec& spec)
{
    const QStringList list = spec.leafDevices();
    return QSet<QString>(list.begin(), list.end());
}

} // namespace

CanvasModel::CanvasModel(QObject* parent)
    : QObject(parent)
    , m_undo(new QUndoStack(this))
{ }

ArrayLevel CanvasModel::defaultLevel(int count)
{
    if (count <= 1) {
        return ArrayLevel::Disk;
    }
    if (count == 2) {
        return ArrayLevel::Raid1;
    }
    return count >= 6 ? ArrayLevel::Raid6 : ArrayLevel::Raid5;
}

QString CanvasModel::levelTitle(ArrayLevel level)
{
    switch (level) {
    case ArrayLevel::Disk:
        return tr("Single disk");
    case ArrayLevel::Linear:
        return tr("Linear");
    case ArrayLevel::Raid0:
        return tr("RAID0");
    case ArrayLevel::Raid1:
        return tr("RAID1");
    case ArrayLevel::Raid4:
        return tr("RAID4");
    case ArrayLevel::Raid5:
        return tr("RAID5");
    case ArrayLevel::Raid6:
        return tr("RAID6");
    case ArrayLevel::Raid10:
        return tr("RAID10");
    case ArrayLevel::LvmStripe:
        return tr("LVM stripe");
    }
    return {};
}

const ArraySpec* CanvasModel::card(const CardPath& path) const
{
    if (path.isEmpty() || path.first() < 0 || path.first() >= m_configs.size()) {
        return nullptr;
    }
    const ArraySpec* node = &m_configs.at(path.first()).spec;
    for (int i = 1; i < path.size(); ++i) {
        if (path[i] < 0 || path[i] >= node->children.size()) {
            return nullptr;
        }
        node = &node->children.at(path[i]);
    }
    return node;
}

ArraySpec* CanvasModel::mutableCard(QList<CanvasConfig>& configs, const CardPath& path) const
{
    if (path.isEmpty() || path.first() < 0 || path.first() >= configs.size()) {
        return nullptr;
    }
    ArraySpec* node = &configs[path.first()].spec;
    for (int i = 1; i < path.size(); ++i) {
        if (path[i] < 0 || path[i] >= node->children.size()) {
            return nullptr;
        }
        node = &node->children[path[i]];
    }
    return node;
}

QString CanvasModel::cardName(const CardPath& path) const
{
    const ArraySpec* node = card(path);
    if (!node) {
        return {};
    }
    if (path.size() == 1 && path.first() >= 0 && path.first() < m_configs.size()) {
        return m_configs.at(path.first()).name; // a configuration: the name its results will carry
    }
    const ArrayLevel level = node->isLeaf() ? ArrayLevel::Disk : node->level;
    int number = 0;
    for (const CardPath& other : cards()) {
        const ArraySpec* candidate = card(other);
        if ((candidate->isLeaf() ? ArrayLevel::Disk : candidate->level) == level) {
            ++number;
        }
        if (other == path) {
            break;
        }
    }
    return QStringLiteral("%1 #%2").arg(levelTitle(level), QString::number(number));
}

QList<CanvasModel::CardPath> CanvasModel::cards() const
{
    QList<CardPath> list;
    std::function<void(const ArraySpec&, CardPath)> walk = [&](const ArraySpec& node, CardPath path) {
        list.append(path);
        for (int i = 0; i < node.children.size(); ++i) {
            if (!node.children[i].isLeaf()) {
                walk(node.children[i], path + CardPath {i});
            }
        }
    };
    for (int i = 0; i < m_configs.size(); ++i) {
        walk(m_configs[i].spec, {i});
    }
    return list;
}

void CanvasModel::restore(const QList<CanvasConfig>& configs)
{
    m_configs = configs;
    Q_EMIT changed();
}

QString CanvasModel::derivedName(const ArraySpec& spec)
{
    if (spec.isLeaf()) {
        return QStringLiteral("single");
    }
    bool flat = true;
    QSet<ArrayLevel> inner;
    for (const ArraySpec& child : spec.children) {
        flat = flat && child.isLeaf();
        if (!child.isLeaf()) {
            inner.insert(child.level);
        }
    }
    if (flat) {
        QString name = levelName(spec.level);
        if (spec.level == ArrayLevel::Raid10 && !spec.layout.isEmpty() && spec.layout != QLatin1String("n2")) {
            name += QLatin1Char('-') + spec.layout;
        }
        return name;
    }
    if (inner.size() == 1) {
        const ArrayLevel child = *inner.begin();
        if (spec.level == ArrayLevel::Raid0 && child == ArrayLevel::Raid5) {
            return QStringLiteral("raid50");
        }
        if (spec.level == ArrayLevel::Raid0 && child == ArrayLevel::Raid6) {
            return QStringLiteral("raid60");
        }
        if (spec.level == ArrayLevel::Raid0 && child == ArrayLevel::Raid1) {
            return QStringLiteral("raid1+0");
        }
        if (spec.level == ArrayLevel::Raid1 && child == ArrayLevel::Raid0) {
            return QStringLiteral("raid0+1");
        }
        if (spec.level == ArrayLevel::LvmStripe && child == ArrayLevel::Raid1) {
            return QStringLiteral("lvm-stripe-over-raid1");
        }
    }
    return spec.describe();
}

void CanvasModel::commit(QList<CanvasConfig> configs, const QString& description)
{
    // Configuration names follow their top card (raid5, raid5-2, raid50, lvm-stripe-over-raid1...) and
    // stay put: deleting raid10 does not turn raid10-2 into raid10, so the name on the card is the
    // name in the run and the results. A name changes only when its card's level does; a name from
    // a plan file that is not one of ours is kept.
    static const QRegularExpression ours(QStringLiteral("^(single|linear|raid[0-9+]+|lvm-[a-z0-9+-]+?)(-[0-9]+)?$"));
    QSet<QString> taken;
    QList<int> unnamed;
    for (int i = 0; i < configs.size(); ++i) {
        CanvasConfig& config = configs[i];
        const QString base = derivedName(config.spec);
        const QRegularExpressionMatch match = ours.match(config.name);
        const bool keep = !config.name.isEmpty() && !taken.contains(config.name) &&
            (!match.hasMatch() || config.name == base ||
             (config.name.startsWith(base + QLatin1Char('-')) && match.captured(1) == base));
        if (keep) {
            taken.insert(config.name);
        } else {
            unnamed.append(i);
        }
    }
    for (int i : std::as_const(unnamed)) {
        const QString base = derivedName(configs[i].spec);
        QString name = base;
        for (int n = 2; taken.contains(name); ++n) {
            name = QStringLiteral("%1-%2").arg(base, QString::number(n));
        }
        configs[i].name = name;
        taken.insert(name);
    }
    m_undo->push(new SnapshotCommand(this, m_configs, configs, description));
}

Result<void> CanvasModel::addArray(const QStringList& disks, std::optional<ArrayLevel> level)
{
    if (disks.isEmpty()) {
        return refused(tr("Drop one or more disks to make an array."));
    }
    if (QSet<QString>(disks.begin(), disks.end()).size() != disks.size()) {
        return refused(tr("The same disk was dropped twice."));
    }
    const ArrayLevel chosen = level.value_or(defaultLevel(int(disks.size())));
    ArraySpec spec;
    if (chosen == ArrayLevel::Disk) {
        if (disks.size() != 1) {
            return refused(tr("A single-disk configuration holds exactly one disk."));
        }
        spec = ArraySpec::disk(disks.first());
    } else {
        QList<ArraySpec> children;
        for (const QString& disk : disks) {
            children.append(ArraySpec::disk(disk));
        }
        spec = ArraySpec::node(chosen, children);
        if (chosen == ArrayLevel::Raid10) {
            spec.layout = QStringLiteral("n2");
        }
    }
    QList<CanvasConfig> next = m_configs;
    next.append({QString(), spec});
    commit(next, tr("New %1").arg(levelTitle(chosen)));
    return {};
}

Result<void> CanvasModel::edit(const CardPath& path, const QString& description,
                               const std::function<Result<void>(ArraySpec&)>& change)
{
    QList<CanvasConfig> next = m_configs;
    ArraySpec* node = mutableCard(next, path);
    if (!node) {
        return refused(tr("That card is gone."));
    }
    if (auto ok = change(*node); !ok) {
        return ok;
    }
    commit(next, description);
    return {};
}

Result<void> CanvasModel::addDisks(const CardPath& path, const QStringList& disks)
{
    if (path.isEmpty() || path.first() >= m_configs.size()) {
        return refused(tr("That card is gone."));
    }
    const QSet<QString> used = disksOf(m_configs.at(path.first()).spec);
    for (const QString& disk : disks) {
        if (used.contains(disk)) {
            return refused(tr("%1 is already in this configuration; a disk can be in one place of it only.").arg(disk));
        }
    }
    if (QSet<QString>(disks.begin(), disks.end()).size() != disks.size()) {
        return refused(tr("The same disk was dropped twice."));
    }
    const QString name = cardName(path);
    return edit(path, tr("Add %n disk(s) to %1", nullptr, int(disks.size())).arg(name),
                [&](ArraySpec& node) -> Result<void> {
                    if (node.isLeaf()) {
                        // A single disk that gets company becomes a mirror.
                        node = ArraySpec::node(ArrayLevel::Raid1, {ArraySpec::disk(node.device)});
                    }
                    for (const QString& disk : disks) {
                        node.children.append(ArraySpec::disk(disk));
                    }
                    return {};
                });
}

Result<void> CanvasModel::removeDisk(const CardPath& path, const QString& disk)
{
    return edit(path, tr("Remove %1").arg(disk), [&](ArraySpec& node) -> Result<void> {
        for (int i = 0; i < node.children.size(); ++i) {
            if (node.children[i].isLeaf() && node.children[i].device == disk) {
                node.children.removeAt(i);
                if (node.children.size() == 1 && node.children.first().isLeaf() && path.size() == 1) {
                    node = node.children.first(); // what is left is a single disk
                }
                return {};
            }
        }
        return refused(tr("%1 is not a member of that card.").arg(disk));
    });
}

Result<void> CanvasModel::setLevel(const CardPath& path, ArrayLevel level)
{
    return edit(path, tr("Make it %1").arg(levelTitle(level)), [&](ArraySpec& node) -> Result<void> {
        if (level == ArrayLevel::Disk) {
            if (path.size() != 1 || node.leaves().size() != 1 || (!node.isLeaf() && !node.children.first().isLeaf())) {
                return refused(tr("Only a configuration of one disk can be a single disk."));
            }
            node = ArraySpec::disk(node.leafDevices().first());
            return {};
        }
        if (node.isLeaf()) {
            node = ArraySpec::node(level, {ArraySpec::disk(node.device)});
        }
        node.level = level;
        if (level == ArrayLevel::Raid1 || level == ArrayLevel::Linear || level == ArrayLevel::LvmStripe) {
            node.chunkBytes = 0;
        }
        if (level != ArrayLevel::LvmStripe) {
            node.stripeBytes = 0;
        }
        if (!isParityLevel(level)) {
            node.stripeCachePages = 0; // only RAID4/5/6 have a stripe cache
        }
        if (level == ArrayLevel::Raid10) {
            node.layout =
                node.layout.isEmpty() || !node.layout.startsWith(QLatin1Char('n')) ? QStringLiteral("n2") : node.layout;
        } else if (level != ArrayLevel::Raid5 && level != ArrayLevel::Raid6 && level != ArrayLevel::Raid4) {
            node.layout.clear();
        } else if (node.layout.size() == 2) {
            node.layout.clear(); // a raid10 layout means nothing to RAID5
        }
        return {};
    });
}

Result<void> CanvasModel::setChunk(const CardPath& path, std::uint64_t bytes)
{
    return edit(path, tr("Chunk size"), [&](ArraySpec& node) -> Result<void> {
        node.chunkBytes = bytes;
        return {};
    });
}

Result<void> CanvasModel::setStripeSize(const CardPath& path, std::uint64_t bytes)
{
    return edit(path, tr("Stripe size"), [&](ArraySpec& node) -> Result<void> {
        node.stripeBytes = bytes;
        return {};
    });
}

Result<void> CanvasModel::setLayout(const CardPath& path, const QString& layout)
{
    return edit(path, tr("Layout %1").arg(layout), [&](ArraySpec& node) -> Result<void> {
        node.layout = layout;
        return {};
    });
}

Result<void> CanvasModel::setBitmap(const CardPath& path, bool internal)
{
    return edit(path, tr("Write-intent bitmap"), [&](ArraySpec& node) -> Result<void> {
        node.bitmap = internal ? Bitmap::Internal : Bitmap::None;
        return {};
    });
}

Result<void> CanvasModel::setAssumeClean(const CardPath& path, bool assumeClean)
{
    return edit(path, tr("Assume clean"), [&](ArraySpec& node) -> Result<void> {
        node.assumeClean = assumeClean;
        return {};
    });
}

Result<void> CanvasModel::nest(const CardPath& source, const CardPath& target)
{
    const ArraySpec* from = card(source);
    const ArraySpec* into = card(target);
    if (!from || !into) {
        return refused(tr("That card is gone."));
    }
    if (source == target || (target.size() > source.size() && target.mid(0, source.size()) == source)) {
        return refused(tr("A card cannot go inside itself."));
    }
    if (into->isLeaf()) {
        return refused(tr("A single disk cannot hold other arrays; make it an array level first."));
    }
    if (from->isLeaf()) {
        return refused(tr("Drop the disk itself, not a single-disk card."));
    }
    if (into->level != ArrayLevel::LvmStripe && from->level == ArrayLevel::LvmStripe) {
        return refused(tr("An md array cannot be built on an LVM volume; put LVM striping at the top."));
    }
    const QSet<QString> moving = disksOf(*from);
    QSet<QString> already = disksOf(m_configs.at(target.first()).spec);
    if (source.first() == target.first()) {
        already.subtract(moving);
    }
    for (const QString& disk : moving) {
        if (already.contains(disk)) {
            return refused(tr("%1 is already in %2's configuration; a disk can be in one place of it only.")
                               .arg(disk, cardName(target)));
        }
    }
    QList<CanvasConfig> next = m_configs;
    const ArraySpec moved = *from;
    // Remove the source first; the target path may shift when both are in one configuration.
    CardPath targetPath = target;
    if (source.size() == 1) {
        next.removeAt(source.first());
        if (targetPath.first() > source.first()) {
            --targetPath[0];
        }
    } else {
        ArraySpec* parent = mutableCard(next, source.mid(0, source.size() - 1));
        parent->children.removeAt(source.last());
        const CardPath parentPath = source.mid(0, source.size() - 1);
        if (targetPath.size() > parentPath.size() && targetPath.mid(0, parentPath.size()) == parentPath &&
            targetPath[parentPath.size()] > source.last()) {
            --targetPath[parentPath.size()];
        }
    }
    ArraySpec* destination = mutableCard(next, targetPath);
    destination->children.append(moved);
    commit(next, tr("Nest %1 in %2").arg(cardName(source), cardName(target)));
    return {};
}

Result<void> CanvasModel::wrap(const CardPath& path, ArrayLevel level)
{
    const ArraySpec* inner = card(path);
    if (!inner) {
        return refused(tr("That card is gone."));
    }
    if (level == ArrayLevel::Disk) {
        return refused(tr("A single disk cannot hold an array."));
    }
    if (inner->level == ArrayLevel::LvmStripe && level != ArrayLevel::LvmStripe) {
        return refused(tr("An md array cannot be built on an LVM volume; put LVM striping at the top."));
    }
    const QString name = cardName(path);
    return edit(path, tr("Put %1 in a new %2").arg(name, levelTitle(level)), [&](ArraySpec& node) -> Result<void> {
        ArraySpec wrapped = ArraySpec::node(level, {node});
        if (level == ArrayLevel::Raid10) {
            wrapped.layout = QStringLiteral("n2");
        }
        node = wrapped;
        return {};
    });
}

Result<void> CanvasModel::unnest(const CardPath& path)
{
    if (path.size() < 2) {
        return refused(tr("That card is already a configuration of its own."));
    }
    QList<CanvasConfig> next = m_configs;
    ArraySpec* parent = mutableCard(next, path.mid(0, path.size() - 1));
    if (!parent) {
        return refused(tr("That card is gone."));
    }
    const ArraySpec moved = parent->children.takeAt(path.last());
    next.append({QString(), moved});
    commit(next, tr("Move %1 out").arg(cardName(path)));
    return {};
}

Result<void> CanvasModel::removeCard(const CardPath& path)
{
    if (!card(path)) {
        return refused(tr("That card is gone."));
    }
    QList<CanvasConfig> next = m_configs;
    if (path.size() == 1) {
        next.removeAt(path.first());
    } else {
        mutableCard(next, path.mid(0, path.size() - 1))->children.removeAt(path.last());
    }
    commit(next, tr("Remove %1").arg(cardName(path)));
    return {};
}

Result<QString> CanvasModel::addPresets(const QList<PresetDisk>& disks)
{
    const QStringList names = presetsFor(disks);
    if (names.isEmpty()) {
        return refused(tr("Select at least one eligible disk."));
    }
    QList<CanvasConfig> next = m_configs;
    int added = 0;
    for (const QString& name : names) {
        auto spec = makePreset(name, disks);
        if (!spec) {
            continue;
        }
        // A layout already on the canvas is not added twice, whatever order its disks were dragged in.
        const QString shape = LayoutPairing::shape(*spec);
        const bool present = std::any_of(next.cbegin(), next.cend(), [&shape](const CanvasConfig& config) {
            return LayoutPairing::shape(config.spec) == shape;
        });
        if (!present) {
            next.append({QString(), *spec});
            ++added;
        }
    }
    if (added == 0) {
        return refused(tr("Every layout of the standard set for these disks is on the canvas already."));
    }
    const qsizetype before = m_configs.size();
    commit(next, tr("Add the standard comparison set"));
    QStringList notes;
    for (qsizetype i = before; i < m_configs.size(); ++i) {
        if (const QString note = LayoutPairing::note(m_configs.at(i), m_configs.mid(0, before)); !note.isEmpty()) {
            notes.append(note);
        }
    }
    return notes.join(QLatin1Char(' '));
}

void CanvasModel::setConfigs(const QList<CanvasConfig>& configs, const QString& description)
{
    commit(configs, description.isEmpty() ? tr("Load configurations") : description);
}

void CanvasModel::clear()
{
    commit({}, tr("Clear the canvas"));
}

} // namespace RaidBench::Ui

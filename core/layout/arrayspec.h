#pragma once

#include "util/result.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace RaidBench {

enum class ArrayLevel { Disk, Linear, Raid0, Raid1, Raid4, Raid5, Raid6, Raid10, LvmStripe };

QString levelName(ArrayLevel level);
Result<ArrayLevel> parseLevel(const QString& name);
bool levelIsMd(ArrayLevel level);

/// md's write-intent bitmap: none, or kept on the members (internal). Files and mdadm carry it as a
/// word (bitmapName).
enum class Bitmap { None, Internal };
QString bitmapName(Bitmap bitmap);
/// The bitmap `name` names ("none", "internal"); none for any other word.
std::optional<Bitmap> parseBitmap(const QString& name);

/// The tree a user draws: a leaf is a disk or partition; a node is an md level or an LVM striped volume
/// over its children. Nested levels are trees (RAID50 = raid0 over raid5 nodes).
struct ArraySpec
{
    ArrayLevel level = ArrayLevel::Disk;
    // Leaves
    QString device; ///< /dev/sdb or /dev/disk/by-id/...
    std::uint64_t sizeBytes = 0; ///< known size of a leaf (from discovery), 0 = unknown
    QString controller; ///< of a leaf, for controller-failure tolerance
    QString label; ///< model/serial for display
    // Nodes
    QList<ArraySpec> children;
    /// md chunk; 0 = mdadm's default (512 KiB), or for a RAID0 over parity legs the chunk that fills their
    /// stripes (layout/stripes.h); none for raid1/linear
    std::uint64_t chunkBytes = 0;
    QString layout; ///< raid4/5/6: left-symmetric...; raid10: n2, f2, o2, n3, f3
    QString metadata = QStringLiteral("1.2");
    Bitmap bitmap = Bitmap::None;
    bool assumeClean = true;
    int spares = 0; ///< the last `spares` children are hot spares
    std::uint64_t stripeBytes = 0; ///< LVM stripe size (-I); 0 = 64 KiB, or over parity legs the aligned one
    int stripeCachePages = 0; ///< raid4/5/6 stripe_cache_size, in stripes; 0 = md's own (256)

    static ArraySpec disk(const QString& device, std::uint64_t sizeBytes = 0, const QString& controller = {});
    static ArraySpec node(ArrayLevel level, QList<ArraySpec> children);

    bool isLeaf() const { return level == ArrayLevel::Disk && children.isEmpty(); }
    /// Every leaf device of the tree, left to right.
    QStringList leafDevices() const;
    QList<const ArraySpec*> leaves() const;
    int depth() const;
    /// Active members (children minus spares).
    QList<ArraySpec> activeChildren() const;
    /// A short human name: "raid5(4)", "raid0(raid5(3) x 2)", "lvm-stripe(raid1(2) x 2)".
    QString describe() const;

    QJsonObject toJson() const;
    static Result<ArraySpec> fromJson(const QJsonObject& json, int depth = 0);
};

} // namespace RaidBench

#include "layout/arrayspec.h"

#include "util/enumwords.h"
#include "util/errorcodes.h"
#include "util/jsonvalues.h"
#include "util/units.h"

#include <QJsonArray>

#include <array>

namespace RaidBench {

namespace {
struct LevelEntry
{
    ArrayLevel level;
    const char* name;
};
constexpr std::array<LevelEntry, 9> levelTable {{
    {ArrayLevel::Disk, "disk"},
    {ArrayLevel::Linear, "linear"},
    {ArrayLevel::Raid0, "raid0"},
    {ArrayLevel::Raid1, "raid1"},
    {ArrayLevel::Raid4, "raid4"},
    {ArrayLevel::Raid5, "raid5"},
    {ArrayLevel::Raid6, "raid6"},
    {ArrayLevel::Raid10, "raid10"},
    {ArrayLevel::LvmStripe, "lvm-stripe"},
}};
constexpr int maxJsonDepth = 8;
} // namespace

namespace {

constexpr EnumWords<Bitmap, 2> bitmapWords {{{Bitmap::None, "none"}, {Bitmap::Internal, "internal"}}};

} // namespace

QString bitmapName(Bitmap bitmap)
{
    return enumWord(bitmapWords, bitmap);
}

std::optional<Bitmap> parseBitmap(const QString& name)
{
    return enumFromWord(bitmapWords, name);
}

QString levelName(ArrayLevel level)
{
    for (const auto& entry : levelTable) {
        if (entry.level == level) {
            return QLatin1String(entry.name);
        }
    }
    return {};
}

Result<ArrayLevel> parseLevel(const QString& name)
{
    const QString lower = name.toLower();
    for (const auto& entry : levelTable) {
        if (lower == QLatin1String(entry.name)) {
            return entry.level;
        }
    }
    if (lower == QLatin1String("single")) {
        return ArrayLevel::Disk;
    }
    static const QStringList aliases {QStringLiteral("0"), QStringLiteral("1"), QStringLiteral("4"),
                                      QStringLiteral("5"), QStringLiteral("6"), QStringLiteral("10")};
    if (aliases.contains(lower)) {
        return parseLevel(QStringLiteral("raid") + lower);
    }
    if (lower == QLatin1String("lvm") || lower == QLatin1String("striped")) {
        return ArrayLevel::LvmStripe;
    }
    return makeError(ErrorCode::invalidLevel,
                     QStringLiteral("unknown level '%1'; use linear, raid0, raid1, raid4, raid5, raid6, raid10 or "
                                    "lvm-stripe")
                         .arg(name.left(64)));
}

bool levelIsMd(ArrayLevel level)
{
    return level != ArrayLevel::Disk && level != ArrayLevel::LvmStripe;
}

ArraySpec ArraySpec::disk(const QString& device, std::uint64_t sizeBytes, const QString& controller)
{
    ArraySpec spec;
    spec.level = ArrayLevel::Disk;
    spec.device = device;
    spec.sizeBytes = sizeBytes;
    spec.controller = controller;
    return spec;
}

ArraySpec ArraySpec::node(ArrayLevel level, QList<ArraySpec> children)
{
    ArraySpec spec;
    spec.level = level;
    spec.children = std::move(children);
    return spec;
}

QStringList ArraySpec::leafDevices() const
{
    QStringList devices;
    for (const ArraySpec* leaf : leaves()) {
        devices.append(leaf->device);
    }
    return devices;
}

QList<const ArraySpec*> ArraySpec::leaves() const
{
    if (isLeaf()) {
        return {this};
    }
    QList<const ArraySpec*> list;
    for (const ArraySpec& child : children) {
        list += child.leaves();
    }
    return list;
}

int ArraySpec::depth() const
{
    int deepest = 0;
    for (const ArraySpec& child : children) {
        deepest = std::max(deepest, child.depth());
    }
    return isLeaf() ? 0 : deepest + 1;
}

QList<ArraySpec> ArraySpec::activeChildren() const
{
    return children.mid(0, std::max<qsizetype>(0, children.size() - spares));
}

QString ArraySpec::describe() const
{
    if (isLeaf()) {
        return device;
    }
    if (level == ArrayLevel::Disk && children.size() == 1) {
        return QStringLiteral("single(%1)").arg(children.first().describe());
    }
    bool allLeaves = true;
    for (const ArraySpec& child : children) {
        allLeaves = allLeaves && child.isLeaf();
    }
    QString inner;
    if (allLeaves) {
        inner = QString::number(children.size());
    } else {
        QStringList parts;
        for (const ArraySpec& child : children) {
            parts.append(child.describe());
        }
        parts.removeDuplicates();
        inner = parts.size() == 1 ? QStringLiteral("%1 x %2").arg(parts.first(), QString::number(children.size()))
                                  : parts.join(QStringLiteral(", "));
    }
    QString name = levelName(level);
    if (level == ArrayLevel::Raid10 && !layout.isEmpty()) {
        name += QLatin1Char('-') + layout;
    }
    return QStringLiteral("%1(%2)").arg(name, inner);
}

QJsonObject ArraySpec::toJson() const
{
    QJsonObject json {{QStringLiteral("level"), levelName(level)}};
    if (isLeaf()) {
        json.insert(QStringLiteral("device"), device);
        if (sizeBytes) {
            json.insert(QStringLiteral("size_bytes"), double(sizeBytes));
        }
        if (!controller.isEmpty()) {
            json.insert(QStringLiteral("controller"), controller);
        }
        if (!label.isEmpty()) {
            json.insert(QStringLiteral("label"), label);
        }
        return json;
    }
    QJsonArray array;
    for (const ArraySpec& child : children) {
        array.append(child.toJson());
    }
    json.insert(QStringLiteral("children"), array);
    if (levelIsMd(level)) {
        if (chunkBytes) {
            json.insert(QStringLiteral("chunk"), Units::formatSizeCompact(chunkBytes));
        }
        if (!layout.isEmpty()) {
            json.insert(QStringLiteral("layout"), layout);
        }
        json.insert(QStringLiteral("metadata"), metadata);
        json.insert(QStringLiteral("bitmap"), bitmapName(bitmap));
        json.insert(QStringLiteral("assume_clean"), assumeClean);
        if (spares) {
            json.insert(QStringLiteral("spares"), spares);
        }
        if (stripeCachePages) {
            json.insert(QStringLiteral("stripe_cache"), stripeCachePages);
        }
    }
    if (level == ArrayLevel::LvmStripe && stripeBytes) {
        json.insert(QStringLiteral("stripe_size"), Units::formatSizeCompact(stripeBytes));
    }
    return json;
}

Result<ArraySpec> ArraySpec::fromJson(const QJsonObject& json, int depth)
{
    auto bad = [](const QString& message) { return makeError(ErrorCode::invalidSpec, message); };
    if (depth > maxJsonDepth) {
        return bad(QStringLiteral("the array tree is nested deeper than %1 levels").arg(maxJsonDepth));
    }
    static const QStringList known {
        QStringLiteral("level"),       QStringLiteral("device"),       QStringLiteral("size_bytes"),
        QStringLiteral("controller"),  QStringLiteral("label"),        QStringLiteral("children"),
        QStringLiteral("chunk"),       QStringLiteral("layout"),       QStringLiteral("metadata"),
        QStringLiteral("bitmap"),      QStringLiteral("assume_clean"), QStringLiteral("spares"),
        QStringLiteral("stripe_size"), QStringLiteral("stripe_cache")};
    for (const QString& key : json.keys()) {
        if (!known.contains(key)) {
            return bad(QStringLiteral("unknown field '%1' in an array spec").arg(key.left(64)));
        }
    }
    if (!json.value(QStringLiteral("level")).isString()) {
        return bad(QStringLiteral("every node needs a \"level\" string"));
    }
    auto level = parseLevel(json.value(QStringLiteral("level")).toString());
    if (!level) {
        return level.error();
    }
    ArraySpec spec;
    spec.level = *level;
    if (json.contains(QStringLiteral("device"))) {
        if (!json.value(QStringLiteral("device")).isString() || json.contains(QStringLiteral("children"))) {
            return bad(QStringLiteral("a leaf has a \"device\" string and no children"));
        }
        if (spec.level != ArrayLevel::Disk) {
            return bad(QStringLiteral("a leaf's level must be \"disk\""));
        }
        spec.device = json.value(QStringLiteral("device")).toString();
        spec.sizeBytes = readUInt64(json.value(QStringLiteral("size_bytes")));
        spec.controller = json.value(QStringLiteral("controller")).toString();
        spec.label = json.value(QStringLiteral("label")).toString();
        return spec;
    }
    if (!json.value(QStringLiteral("children")).isArray()) {
        return bad(QStringLiteral("a %1 node needs a \"children\" array").arg(levelName(spec.level)));
    }
    for (const auto& child : json.value(QStringLiteral("children")).toArray()) {
        if (!child.isObject()) {
            return bad(QStringLiteral("children must be objects"));
        }
        auto parsed = fromJson(child.toObject(), depth + 1);
        if (!parsed) {
            return parsed.error();
        }
        spec.children.append(*parsed);
    }
    if (json.contains(QStringLiteral("chunk"))) {
        auto chunk = Units::parseSize(json.value(QStringLiteral("chunk")).toVariant().toString());
        if (!chunk) {
            return chunk.error();
        }
        spec.chunkBytes = *chunk;
    }
    if (json.contains(QStringLiteral("stripe_size"))) {
        auto stripe = Units::parseSize(json.value(QStringLiteral("stripe_size")).toVariant().toString());
        if (!stripe) {
            return stripe.error();
        }
        spec.stripeBytes = *stripe;
    }
    spec.layout = json.value(QStringLiteral("layout")).toString();
    spec.metadata = json.value(QStringLiteral("metadata")).toString(QStringLiteral("1.2"));
    const QString bitmap = json.value(QStringLiteral("bitmap")).toString(QStringLiteral("none"));
    const std::optional<Bitmap> parsedBitmap = parseBitmap(bitmap);
    if (!parsedBitmap) {
        return makeError(ErrorCode::invalidSpec,
                         QStringLiteral("bitmap '%1' must be none or internal").arg(bitmap.left(16)));
    }
    spec.bitmap = *parsedBitmap;
    spec.assumeClean = json.value(QStringLiteral("assume_clean")).toBool(true);
    spec.spares = json.value(QStringLiteral("spares")).toInt(0);
    spec.stripeCachePages = json.value(QStringLiteral("stripe_cache")).toInt(0);
    return spec;
}

} // namespace RaidBench

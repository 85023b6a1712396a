#include "plan/campaignplan.h"

#include "layout/presets.h"
#include "layout/stripes.h"
#include "util/errorcodes.h"
#include "util/units.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>

namespace RaidBench {

namespace {
Error planError(const QString& message)
{
    return makeError(ErrorCode::invalidPlan, message);
}

} // namespace

QString TestSpec::id() const
{
    if (isFileTest()) {
        return testKindName(kind);
    }
    if (kind == TestKind::Sweep) {
        return QStringLiteral("bs-sweep-%1").arg(patternName(pattern));
    }
    const QString prefix = patternIsRandom(pattern) ? QStringLiteral("rnd") : QStringLiteral("seq");
    if (kind == TestKind::QdSweep) {
        return QStringLiteral("qd-sweep-%1%2-%3")
            .arg(prefix, Units::formatSizeCompact(blockSize).toLower(),
                 patternName(pattern).remove(QStringLiteral("rand")));
    }
    return QStringLiteral("%1%2-qd%3-%4%5")
               .arg(prefix, Units::formatSizeCompact(blockSize).toLower())
               .arg(queueDepth)
               .arg(patternName(pattern).remove(QStringLiteral("rand")), dsync ? QStringLiteral("-dsync") : QString()) +
        (sustained ? QStringLiteral("-sustained") : QString());
}

QJsonObject TestSpec::toJson() const
{
    if (isFileTest()) {
        QJsonObject json = file.toJson();
        json.insert(QStringLiteral("name"), name);
        return json;
    }
    QJsonObject json {{QStringLiteral("name"), name},
                      {QStringLiteral("kind"), testKindName(kind)},
                      {QStringLiteral("rw"), patternName(pattern)}};
    if (kind == TestKind::QdSweep) {
        QJsonArray depths;
        for (int depth : sweepDepths) {
            depths.append(depth);
        }
        json.insert(QStringLiteral("depths"), depths);
    } else {
        json.insert(QStringLiteral("qd"), queueDepth);
    }
    if (kind == TestKind::Sweep) {
        QJsonArray sizes;
        for (std::uint32_t size : sweepSizes) {
            sizes.append(Units::formatSizeCompact(size));
        }
        json.insert(QStringLiteral("block_sizes"), sizes);
    } else {
        json.insert(QStringLiteral("bs"), Units::formatSizeCompact(blockSize));
    }
    if (pattern == IoPattern::ReadWrite || pattern == IoPattern::RandReadWrite) {
        json.insert(QStringLiteral("rwmixread"), readPercent);
    }
    if (dsync) {
        json.insert(QStringLiteral("sync"), QStringLiteral("dsync"));
    }
    if (sustained) {
        json.insert(QStringLiteral("sustained"),
                    sustainedBytes ? QJsonValue(Units::formatSizeCompact(sustainedBytes)) : QJsonValue(true));
    }
    return json;
}

Result<TestSpec> TestSpec::standard(const QString& id)
{
    TestSpec test;
    if (id == QLatin1String("seq1m-qd8-write") || id == QLatin1String("seq1m-qd8-read")) {
        test.pattern = id.endsWith(QLatin1String("write")) ? IoPattern::Write : IoPattern::Read;
        test.blockSize = 1u << 20;
        test.queueDepth = 8;
        test.name = QStringLiteral("SEQ1M QD8 %1").arg(patternName(test.pattern));
    } else if (id == QLatin1String("rnd4k-qd32-write") || id == QLatin1String("rnd4k-qd32-read")) {
        test.pattern = id.endsWith(QLatin1String("write")) ? IoPattern::RandWrite : IoPattern::RandRead;
        test.blockSize = 4096;
        test.queueDepth = 32;
        test.name = QStringLiteral("RND4K QD32 %1")
                        .arg(id.endsWith(QLatin1String("write")) ? QStringLiteral("write") : QStringLiteral("read"));
    } else if (id == QLatin1String("dd-seq1m-qd1-write")) {
        test.pattern = IoPattern::Write;
        test.blockSize = 1u << 20;
        test.queueDepth = 1;
        test.name = QStringLiteral("dd bs=1M write (SEQ1M QD1)");
    } else if (id == QLatin1String("seq1m-qd1-write-dsync") || id == QLatin1String("rnd4k-qd1-write-dsync")) {
        // What a database's log does: each write on stable storage before the next is issued.
        const bool random = id.startsWith(QLatin1String("rnd"));
        test.pattern = random ? IoPattern::RandWrite : IoPattern::Write;
        test.blockSize = random ? 4096 : 1u << 20;
        test.queueDepth = 1;
        test.dsync = true;
        test.name = QStringLiteral("%1 QD1 write, each write flushed")
                        .arg(random ? QStringLiteral("RND4K") : QStringLiteral("SEQ1M"));
    } else if (id == QLatin1String("seq1m-qd8-write-sustained")) {
        // What a backup or a rebuild sees once a disk's cache is full.
        test.pattern = IoPattern::Write;
        test.blockSize = 1u << 20;
        test.queueDepth = 8;
        test.sustained = true;
        test.name = QStringLiteral("SEQ1M QD8 write, sustained");
    } else if (id == QLatin1String("file-seq") || id == QLatin1String("file-seeks") ||
               id == QLatin1String("small-files")) {
        test.kind = parseTestKind(id).value_or(TestKind::FileSeq);
        test.file.kind = test.kind;
        test.name = id == QLatin1String("file-seq") ? QStringLiteral("file block write/rewrite/read (bonnie)")
            : id == QLatin1String("file-seeks")     ? QStringLiteral("file random seeks (bonnie)")
                                                    : QStringLiteral("small files 16 x 1024 x 0 B (bonnie)");
    } else if (id == QLatin1String("small-files-100k") || id == QLatin1String("small-files-seed001")) {
        // 100,000 files of 1 KiB; the second name is the one plans saved before it was renamed carry.
        test.kind = TestKind::SmallFiles;
        test.file.kind = test.kind;
        test.file.files = 100000;
        test.file.directories = 1;
        test.file.smallFileSize = 1024;
        test.name = QStringLiteral("small files 100,000 x 1 KiB");
    } else if (id == QLatin1String("bs-sweep-write") || id == QLatin1String("bs-sweep-read")) {
        test.kind = TestKind::Sweep;
        test.pattern = id.endsWith(QLatin1String("write")) ? IoPattern::Write : IoPattern::Read;
        test.queueDepth = 1;
        test.sweepSizes = {4096, 16384, 65536, 262144, 1u << 20, 4u << 20};
        test.name = QStringLiteral("block-size sweep %1 (QD1)").arg(patternName(test.pattern));
    } else if (id == QLatin1String("qd-sweep-rnd4k-read") || id == QLatin1String("qd-sweep-rnd4k-write")) {
        test.kind = TestKind::QdSweep;
        test.pattern = id.endsWith(QLatin1String("write")) ? IoPattern::RandWrite : IoPattern::RandRead;
        test.blockSize = 4096;
        test.sweepDepths = {1, 2, 4, 8, 16, 32, 64};
        test.queueDepth = test.sweepDepths.last();
        test.name = QStringLiteral("queue-depth sweep RND4K %1")
                        .arg(id.endsWith(QLatin1String("write")) ? QStringLiteral("write") : QStringLiteral("read"));
    } else {
        return planError(
            QStringLiteral("unknown test '%1'; use seq1m-qd8-write, seq1m-qd8-read, rnd4k-qd32-write, "
                           "rnd4k-qd32-read, dd-seq1m-qd1-write, bs-sweep-write, bs-sweep-read, qd-sweep-rnd4k-read, "
                           "qd-sweep-rnd4k-write, seq1m-qd1-write-dsync, rnd4k-qd1-write-dsync, "
                           "seq1m-qd8-write-sustained or an object")
                .arg(id.left(64)));
    }
    return test;
}

QList<TestSpec> TestSpec::defaults()
{
    QList<TestSpec> tests;
    for (const char* id :
         {"seq1m-qd8-write", "seq1m-qd8-read", "rnd4k-qd32-write", "rnd4k-qd32-read", "dd-seq1m-qd1-write"}) {
        tests.append(*standard(QLatin1String(id)));
    }
    return tests;
}

namespace {

/// A test on a file system (file-seq, file-seeks, small-files, command): its own fields.
Result<TestSpec> readFileTest(const QJsonObject& json, const QString& fileKind)
{
    static const QStringList fileKeys {
        QStringLiteral("name"),    QStringLiteral("kind"),        QStringLiteral("size"),
        QStringLiteral("bs"),      QStringLiteral("direct"),      QStringLiteral("time"),
        QStringLiteral("files"),   QStringLiteral("directories"), QStringLiteral("file_size"),
        QStringLiteral("fsync"),   QStringLiteral("argv"),        QStringLiteral("prepare"),
        QStringLiteral("repeats"), QStringLiteral("timeout"),     QStringLiteral("drop_caches")};
    for (const QString& key : json.keys()) {
        if (!fileKeys.contains(key)) {
            return planError(QStringLiteral("unknown field '%1' in a %2 test").arg(key.left(64), fileKind));
        }
    }
    auto params = FileTestParams::fromJson(json);
    if (!params) {
        return params.error();
    }
    TestSpec test;
    test.kind = params->kind;
    test.file = *params;
    test.name = json.value(QStringLiteral("name")).toString(fileKind);
    return test;
}

/// A test's queue depth ("qd"), or a queue-depth sweep's points ("depths" or "max_qd").
Result<void> readQueueDepths(const QJsonObject& json, bool depthSweep, TestSpec& test)
{
    auto depthOf = [](const QJsonValue& value) -> Result<int> {
        const int depth = value.toInt(0);
        if (!value.isDouble()) {
            return planError(QStringLiteral("queue depth %1 must be a number (1 to 256), not text")
                                 .arg(value.toVariant().toString().left(32)));
        }
        if (value.toDouble() != double(depth) || depth < IoJob::minQueueDepth || depth > IoJob::maxQueueDepth) {
            return planError(QStringLiteral("queue depth %1 is not a whole number from 1 to 256")
                                 .arg(value.toVariant().toString().left(32)));
        }
        return depth;
    };
    test.queueDepth = 1;
    if (json.contains(QStringLiteral("qd"))) {
        auto depth = depthOf(json.value(QStringLiteral("qd")));
        if (!depth) {
            return depth.error();
        }
        test.queueDepth = *depth;
    }
    if (depthSweep) {
        if (json.contains(QStringLiteral("depths")) == json.contains(QStringLiteral("max_qd"))) {
            return planError(QStringLiteral("a qd-sweep test needs either \"depths\" (a list) or \"max_qd\""));
        }
        if (json.contains(QStringLiteral("max_qd"))) {
            auto top = depthOf(json.value(QStringLiteral("max_qd")));
            if (!top) {
                return top.error();
            }
            for (int depth = 1; depth < *top; depth *= 2) {
                test.sweepDepths.append(depth);
            }
            test.sweepDepths.append(*top);
        } else {
            for (const auto& value : json.value(QStringLiteral("depths")).toArray()) {
                auto depth = depthOf(value);
                if (!depth) {
                    return depth.error();
                }
                if (test.sweepDepths.contains(*depth)) {
                    return planError(QStringLiteral("queue depth %1 is in the sweep twice").arg(*depth));
                }
                test.sweepDepths.append(*depth);
            }
            std::sort(test.sweepDepths.begin(), test.sweepDepths.end());
        }
        if (test.sweepDepths.isEmpty()) {
            return planError(QStringLiteral("the queue-depth sweep has no points: give \"depths\" a queue depth"));
        }
        if (test.sweepDepths.size() > TestSpec::maxSweepPoints) {
            return planError(QStringLiteral("a sweep has at most %1 points").arg(TestSpec::maxSweepPoints));
        }
        test.queueDepth = test.sweepDepths.last();
    }
    return {};
}

/// "rwmixread", "sync" and "sustained".
Result<void> readMixSyncAndSustained(const QJsonObject& json, TestSpec& test)
{
    const QJsonValue mix = json.value(QStringLiteral("rwmixread"));
    test.readPercent = mix.toInt(50);
    if (!mix.isUndefined() &&
        (!mix.isDouble() || mix.toDouble() != double(test.readPercent) || test.readPercent < 0 ||
         test.readPercent > 100)) {
        return planError(QStringLiteral("rwmixread %1 is not a whole percentage from 0 to 100")
                             .arg(mix.toVariant().toString().left(32)));
    }
    if (!mix.isUndefined() && test.pattern != IoPattern::ReadWrite && test.pattern != IoPattern::RandReadWrite) {
        return planError(QStringLiteral("rwmixread applies only to rw and randrw tests"));
    }
    const QJsonValue sync = json.value(QStringLiteral("sync"));
    if (!sync.isUndefined()) {
        if (sync.toString() != QLatin1String("dsync") && sync.toString() != QLatin1String("none")) {
            return planError(QStringLiteral("sync '%1' is not \"dsync\" (each write flushed) or \"none\"")
                                 .arg(sync.toVariant().toString().left(32)));
        }
        test.dsync = sync.toString() == QLatin1String("dsync");
        if (test.dsync && !patternWrites(test.pattern)) {
            return planError(QStringLiteral("\"sync\": \"dsync\" applies only to tests that write"));
        }
    }
    const QJsonValue sustained = json.value(QStringLiteral("sustained"));
    if (!sustained.isUndefined() && !(sustained.isBool() && !sustained.toBool())) {
        if (test.kind != TestKind::Io || test.pattern != IoPattern::Write || test.dsync) {
            return planError(QStringLiteral("\"sustained\" applies only to sequential write tests (rw \"write\")"));
        }
        test.sustained = true;
        if (!sustained.isBool()) {
            auto bytes = Units::parseSize(sustained.toVariant().toString());
            if (!bytes || *bytes < (1ull << 30) || *bytes > (64ull << 40)) {
                return planError(QStringLiteral("\"sustained\" is true (until the rate settles) or a size from 1G "
                                                "to 64T to write, not '%1'")
                                     .arg(sustained.toVariant().toString().left(32)));
            }
            test.sustainedBytes = *bytes;
        }
    }
    return {};
}

/// A test's block size ("bs"), or a block-size sweep's ("block_sizes", 4k to 4M when left out).
Result<void> readBlockSizes(const QJsonObject& json, TestSpec& test)
{
    if (test.kind == TestKind::Sweep) {
        const QJsonValue sizes = json.value(QStringLiteral("block_sizes"));
        if (!sizes.isUndefined() && (!sizes.isArray() || sizes.toArray().isEmpty())) {
            return planError(QStringLiteral("the block-size sweep has no points: give \"block_sizes\" a block size "
                                            "(or leave it out for 4k to 4M)"));
        }
        if (sizes.toArray().size() > TestSpec::maxSweepPoints) {
            return planError(QStringLiteral("a sweep has at most %1 points").arg(TestSpec::maxSweepPoints));
        }
        for (const auto& size : sizes.toArray()) {
            auto bytes = Units::parseSize(size.toVariant().toString());
            if (!bytes || *bytes < 512 || *bytes > IoJob::maxBlockSize || *bytes % 512 != 0) {
                return planError(QStringLiteral("sweep block size '%1' is not a multiple of 512 from 512 to 64M")
                                     .arg(size.toVariant().toString()));
            }
            test.sweepSizes.append(std::uint32_t(*bytes));
        }
        if (test.sweepSizes.isEmpty()) {
            test.sweepSizes = {4096, 16384, 65536, 262144, 1u << 20, 4u << 20};
        }
    } else {
        auto bytes = Units::parseSize(json.value(QStringLiteral("bs")).toVariant().toString().isEmpty()
                                          ? QStringLiteral("1M")
                                          : json.value(QStringLiteral("bs")).toVariant().toString());
        if (!bytes || *bytes < 512 || *bytes > IoJob::maxBlockSize || *bytes % 512 != 0) {
            return planError(QStringLiteral("block size '%1' is not a multiple of 512 from 512 to 64M")
                                 .arg(json.value(QStringLiteral("bs")).toVariant().toString()));
        }
        test.blockSize = std::uint32_t(*bytes);
    }
    return {};
}

} // namespace

Result<TestSpec> TestSpec::fromJson(const QJsonValue& value)
{
    if (value.isString()) {
        return standard(value.toString());
    }
    if (!value.isObject()) {
        return planError(QStringLiteral("a test is a name or an object"));
    }
    const QJsonObject json = value.toObject();
    const QString fileKind = json.value(QStringLiteral("kind")).toString();
    if (const std::optional<TestKind> kind = parseTestKind(fileKind); kind && isFileTestKind(*kind)) {
        return readFileTest(json, fileKind);
    }
    static const QStringList known {
        QStringLiteral("name"),   QStringLiteral("kind"),      QStringLiteral("rw"),          QStringLiteral("bs"),
        QStringLiteral("qd"),     QStringLiteral("rwmixread"), QStringLiteral("block_sizes"), QStringLiteral("depths"),
        QStringLiteral("max_qd"), QStringLiteral("sync"),      QStringLiteral("sustained")};
    for (const QString& key : json.keys()) {
        if (!known.contains(key)) {
            return planError(QStringLiteral("unknown field '%1' in a test").arg(key.left(64)));
        }
    }
    TestSpec test;
    const QString kindWord = json.value(QStringLiteral("kind")).toString(QStringLiteral("io"));
    const std::optional<TestKind> kind = parseTestKind(kindWord);
    if (!kind || isFileTestKind(*kind)) {
        return planError(
            QStringLiteral("test kind '%1' is not io, sweep, qd-sweep, file-seq, file-seeks, small-files or command")
                .arg(kindWord.left(32)));
    }
    test.kind = *kind;
    const bool depthSweep = test.kind == TestKind::QdSweep;
    const bool sizeSweep = test.kind == TestKind::Sweep;
    for (const char* key : {"depths", "max_qd"}) {
        if (!depthSweep && json.contains(QLatin1String(key))) {
            return planError(QStringLiteral("\"%1\" belongs to a qd-sweep test").arg(QLatin1String(key)));
        }
    }
    if (!sizeSweep && json.contains(QStringLiteral("block_sizes"))) {
        return planError(QStringLiteral("\"block_sizes\" belongs to a sweep test (kind \"sweep\")"));
    }
    if (sizeSweep && json.contains(QStringLiteral("bs"))) {
        return planError(QStringLiteral("a sweep test has \"block_sizes\", not \"bs\""));
    }
    for (const char* key : {"depths", "block_sizes"}) {
        if (json.contains(QLatin1String(key)) && !json.value(QLatin1String(key)).isArray()) {
            return planError(QStringLiteral("\"%1\" must be a list").arg(QLatin1String(key)));
        }
    }
    if (depthSweep && json.contains(QStringLiteral("qd"))) {
        return planError(QStringLiteral("a qd-sweep test has \"depths\" or \"max_qd\", not \"qd\""));
    }
    auto pattern = parsePattern(json.value(QStringLiteral("rw")).toString(QStringLiteral("read")));
    if (!pattern) {
        return pattern.error();
    }
    test.pattern = *pattern;
    if (auto ok = readQueueDepths(json, depthSweep, test); !ok) {
        return ok.error();
    }
    if (auto ok = readMixSyncAndSustained(json, test); !ok) {
        return ok.error();
    }
    if (auto ok = readBlockSizes(json, test); !ok) {
        return ok.error();
    }
    test.name = json.value(QStringLiteral("name")).toString(test.id());
    return test;
}

int TestSpec::points() const
{
    if (kind == TestKind::Sweep) {
        return int(sweepSizes.size());
    }
    if (kind == TestKind::QdSweep) {
        return int(sweepDepths.size());
    }
    return 1;
}

int CampaignPlan::unitsPerConfiguration() const
{
    int units = 0;
    for (const TestSpec& test : tests) {
        units += test.units(minRuns());
    }
    return std::max(1, units);
}

int StableSpec::minRuns(int repeats) const
{
    return std::min(maxRepeats, std::max(repeats, 2));
}

QJsonObject StableSpec::toJson() const
{
    return QJsonObject {{QStringLiteral("cv_max"), cvMax}, {QStringLiteral("max_repeats"), maxRepeats}};
}

Result<StableSpec> StableSpec::fromJson(const QJsonValue& value)
{
    if (!value.isObject()) {
        return planError(QStringLiteral("\"stable\" is an object: {\"cv_max\": 0.03, \"max_repeats\": 10}"));
    }
    const QJsonObject json = value.toObject();
    for (const QString& key : json.keys()) {
        if (key != QLatin1String("cv_max") && key != QLatin1String("max_repeats")) {
            return planError(QStringLiteral("unknown field '%1' in \"stable\"").arg(key.left(64)));
        }
    }
    StableSpec stable;
    const QJsonValue cv = json.value(QStringLiteral("cv_max"));
    stable.cvMax = cv.toDouble(0.03);
    if ((!cv.isUndefined() && !cv.isDouble()) || !(stable.cvMax > 0) || stable.cvMax >= 1) {
        return planError(QStringLiteral("stable: cv_max %1 must be above 0 and below 1 (0.03 is 3 %)")
                             .arg(cv.toVariant().toString().left(32)));
    }
    const QJsonValue max = json.value(QStringLiteral("max_repeats"));
    stable.maxRepeats = max.toInt(10);
    if ((!max.isUndefined() && (!max.isDouble() || max.toDouble() != double(stable.maxRepeats))) ||
        stable.maxRepeats < 2 || stable.maxRepeats > 100) {
        return planError(QStringLiteral("stable: max_repeats %1 must be a whole number from 2 to 100")
                             .arg(max.toVariant().toString().left(32)));
    }
    return stable;
}

bool CampaignPlan::hasFileTests() const
{
    return std::any_of(tests.begin(), tests.end(), [](const TestSpec& test) { return test.isFileTest(); });
}

QString writeCacheModeName(WriteCacheMode mode)
{
    switch (mode) {
    case WriteCacheMode::On:
        return QStringLiteral("on");
    case WriteCacheMode::Off:
        return QStringLiteral("off");
    case WriteCacheMode::Both:
        return QStringLiteral("both");
    case WriteCacheMode::AsIs:
        break;
    }
    return QStringLiteral("as-is");
}

Result<WriteCacheMode> parseWriteCacheMode(const QJsonValue& value)
{
    for (WriteCacheMode mode : {WriteCacheMode::AsIs, WriteCacheMode::On, WriteCacheMode::Off, WriteCacheMode::Both}) {
        if (value == QJsonValue(writeCacheModeName(mode))) {
            return mode;
        }
    }
    return planError(QStringLiteral("write_cache '%1' is not \"as-is\", \"on\", \"off\" or \"both\"")
                         .arg(value.toVariant().toString().left(32)));
}

Result<QList<int>> parseStripeCaches(const QJsonValue& value)
{
    const QJsonArray values = value.isArray() ? value.toArray() : QJsonArray {value};
    const QString range = QStringLiteral("%1 to %2").arg(minStripeCache).arg(maxStripeCache);
    if (values.isEmpty() || values.size() > 8) {
        return planError(
            QStringLiteral("stripe_cache is a number of stripes (%1) or a list of 1 to 8 of them").arg(range));
    }
    QList<int> caches;
    for (const QJsonValue& entry : values) {
        const double number = entry.toDouble(-1);
        if (!entry.isDouble() || number != std::floor(number) || number < minStripeCache || number > maxStripeCache) {
            return planError(QStringLiteral("stripe_cache %1 is outside md's range of %2 stripes")
                                 .arg(entry.toVariant().toString().left(32), range));
        }
        if (caches.contains(int(number))) {
            return planError(QStringLiteral("stripe_cache lists %1 twice").arg(int(number)));
        }
        caches.append(int(number));
    }
    return caches;
}

QJsonValue stripeCachesJson(const QList<int>& caches)
{
    if (caches.size() == 1) {
        return caches.first();
    }
    QJsonArray array;
    for (int cache : caches) {
        array.append(cache);
    }
    return array;
}

QJsonObject ConfigSpec::toJson() const
{
    QJsonObject json {{QStringLiteral("name"), name}};
    if (filesystem) {
        json.insert(QStringLiteral("filesystem"), filesystem->toJson());
    }
    if (!preset.isEmpty()) {
        json.insert(QStringLiteral("preset"), preset);
    } else {
        json.insert(QStringLiteral("spec"), spec.toJson());
    }
    if (drill) {
        json.insert(QStringLiteral("drill"), drill->enabled ? QJsonValue(drill->toJson()) : QJsonValue(false));
    }
    if (writeCache) {
        json.insert(QStringLiteral("write_cache"), writeCacheModeName(*writeCache));
    }
    if (stripeCaches) {
        json.insert(QStringLiteral("stripe_cache"), stripeCachesJson(*stripeCaches));
    }
    return json;
}

QJsonObject CampaignPlan::toJson() const
{
    QJsonArray configs;
    for (const ConfigSpec& config : configurations) {
        configs.append(config.toJson());
    }
    QJsonArray testArray;
    for (const TestSpec& test : tests) {
        testArray.append(test.toJson());
    }
    QJsonObject limits {{QStringLiteral("time"), QStringLiteral("%1ms").arg(timeLimitNs / 1'000'000)},
                        {QStringLiteral("ramp"), QStringLiteral("%1ms").arg(rampNs / 1'000'000)}};
    if (sizeLimit) {
        limits.insert(QStringLiteral("size"), Units::formatSizeCompact(sizeLimit));
    }
    QJsonObject json {
        {QStringLiteral("raidbench_plan"), version},
        {QStringLiteral("disks"), QJsonArray::fromStringList(disks)},
        {QStringLiteral("baselines"), baselines},
        {QStringLiteral("configurations"), allConfigurations ? QJsonValue(QStringLiteral("all")) : QJsonValue(configs)},
        {QStringLiteral("tests"), testArray},
        {QStringLiteral("repeats"), repeats},
        {QStringLiteral("limits"), limits},
        {QStringLiteral("allow_loop"), allowLoop},
        {QStringLiteral("filesystem"), filesystem.toJson()},
        {QStringLiteral("command_as_root"), commandAsRoot}};
    if (!together) {
        json.insert(QStringLiteral("together"), false); // written only when off: older versions know no such key
    }
    if (settleBaselines) {
        json.insert(QStringLiteral("baselines_settle"), true); // written only when on, as "together"
    }
    if (!patterns) {
        json.insert(QStringLiteral("patterns"), false); // written only when off, as "together"
    }
    if (diskRule) {
        // Resolved: the disks it chose here, and the rule that chose them.
        json.insert(QStringLiteral("disk_rule"), diskRule->toJson());
        if (disks.isEmpty()) {
            json.insert(QStringLiteral("disks"), diskRule->toJson());
        }
    }
    if (drill.enabled) {
        json.insert(QStringLiteral("drill"), drill.toJson());
    }
    if (stable.enabled()) {
        json.insert(QStringLiteral("stable"), stable.toJson());
    }
    if (resync == ResyncPolicy::Label) {
        json.insert(QStringLiteral("resync"), QStringLiteral("label")); // "wait" is the default
    }
    if (writeCache != WriteCacheMode::AsIs) {
        json.insert(QStringLiteral("write_cache"), writeCacheModeName(writeCache));
    }
    if (!stripeCaches.isEmpty()) {
        json.insert(QStringLiteral("stripe_cache"), stripeCachesJson(stripeCaches));
    }
    if (surface.enabled()) {
        json.insert(QStringLiteral("surface"), surface.toJson());
    }
    if (region != TestRegion::Start) {
        json.insert(QStringLiteral("region"), testRegionName(region));
    }
    if (!expectedDisks.isEmpty()) {
        QJsonArray expected;
        for (const ExpectedDisk& disk : expectedDisks) {
            expected.append(disk.toJson());
        }
        json.insert(QStringLiteral("expect_disks"), expected);
    }
    return json;
}

QJsonObject ExpectedDisk::toJson() const
{
    return {{QStringLiteral("path"), path},
            {QStringLiteral("serial"), serial},
            {QStringLiteral("model"), model},
            {QStringLiteral("size_bytes"), double(sizeBytes)}};
}

Result<ExpectedDisk> ExpectedDisk::fromJson(const QJsonValue& json)
{
    const QJsonObject object = json.toObject();
    const auto text = [&](const char* key) { return object.value(QLatin1String(key)); };
    const double size = text("size_bytes").toDouble(-1);
    if (!json.isObject() || !text("path").isString() || !text("serial").isString() || !text("model").isString() ||
        !text("size_bytes").isDouble() || size < 0 || size > 9.0e18 || size != std::floor(size)) {
        return planError(QStringLiteral("\"expect_disks\" takes one {\"path\", \"serial\", \"model\", "
                                        "\"size_bytes\"} per disk of the plan"));
    }
    ExpectedDisk disk;
    disk.path = text("path").toString().left(4096);
    disk.serial = text("serial").toString().left(256);
    disk.model = text("model").toString().left(256);
    disk.sizeBytes = std::uint64_t(size);
    return disk;
}

Result<void> CampaignPlan::resolveDisks(const QList<Disk>& scanned)
{
    if (!diskRule || !disks.isEmpty()) {
        return {};
    }
    auto chosen = diskRule->resolve(scanned, allowLoop);
    if (!chosen) {
        return chosen.error();
    }
    disks = *chosen;
    return {};
}

namespace {

/// One entry of "configurations": a preset's name, or an object with a name and a preset or a tree.
Result<ConfigSpec> readConfiguration(const QJsonValue& value)
{
    ConfigSpec config;
    if (value.isString()) {
        config.preset = value.toString();
        config.name = config.preset;
        if (!presetNames().contains(config.preset)) {
            return planError(QStringLiteral("unknown preset '%1'; use %2")
                                 .arg(config.preset.left(64), presetNames().join(QStringLiteral(", "))));
        }
    } else if (value.isObject()) {
        const QJsonObject object = value.toObject();
        static const QStringList configKeys {QStringLiteral("name"),         QStringLiteral("preset"),
                                             QStringLiteral("spec"),         QStringLiteral("filesystem"),
                                             QStringLiteral("drill"),        QStringLiteral("write_cache"),
                                             QStringLiteral("stripe_cache"), QStringLiteral("comment")};
        for (const QString& key : object.keys()) {
            if (!configKeys.contains(key)) {
                return planError(QStringLiteral("unknown field '%1' in a configuration").arg(key.left(64)));
            }
        }
        config.name = object.value(QStringLiteral("name")).toString();
        config.preset = object.value(QStringLiteral("preset")).toString();
        if (!config.preset.isEmpty() && !presetNames().contains(config.preset)) {
            return planError(QStringLiteral("unknown preset '%1'").arg(config.preset.left(64)));
        }
        if (config.preset.isEmpty()) {
            auto spec = ArraySpec::fromJson(object.value(QStringLiteral("spec")).toObject());
            if (!spec) {
                return planError(QStringLiteral("configuration '%1': %2").arg(config.name, spec.error().message));
            }
            config.spec = *spec;
        }
        if (config.name.isEmpty()) {
            config.name = config.preset.isEmpty() ? config.spec.describe() : config.preset;
        }
        if (object.contains(QStringLiteral("filesystem"))) {
            auto fs = FilesystemSpec::fromJson(object.value(QStringLiteral("filesystem")));
            if (!fs) {
                return fs.error();
            }
            config.filesystem = *fs;
        }
        if (object.contains(QStringLiteral("drill"))) {
            auto drill = DrillSpec::fromJson(object.value(QStringLiteral("drill")));
            if (!drill) {
                return planError(QStringLiteral("configuration '%1': %2").arg(config.name, drill.error().message));
            }
            config.drill = *drill;
        }
        if (object.contains(QStringLiteral("write_cache"))) {
            auto mode = parseWriteCacheMode(object.value(QStringLiteral("write_cache")));
            if (!mode) {
                return planError(QStringLiteral("configuration '%1': %2").arg(config.name, mode.error().message));
            }
            config.writeCache = *mode;
        }
        if (object.contains(QStringLiteral("stripe_cache"))) {
            auto caches = parseStripeCaches(object.value(QStringLiteral("stripe_cache")));
            if (!caches) {
                return planError(QStringLiteral("configuration '%1': %2").arg(config.name, caches.error().message));
            }
            config.stripeCaches = *caches;
        }
    } else {
        return planError(QStringLiteral("a configuration is a preset name or an object"));
    }
    return config;
}

/// "disks" (a list of paths) or "disk_rule"/"disks" as a rule.
Result<void> readDisks(const QJsonObject& json, CampaignPlan& plan)
{
    const QJsonValue ruleValue = json.contains(QStringLiteral("disk_rule")) ? json.value(QStringLiteral("disk_rule"))
                                                                            : json.value(QStringLiteral("disks"));
    if (ruleValue.isObject()) {
        auto rule = DiskRule::fromJson(ruleValue.toObject());
        if (!rule) {
            return rule.error();
        }
        plan.diskRule = *rule;
    }
    if (json.contains(QStringLiteral("disk_rule")) && !json.value(QStringLiteral("disk_rule")).isObject()) {
        return planError(QStringLiteral("\"disk_rule\" must be an object, as \"disks\" takes it"));
    }
    if (!json.value(QStringLiteral("disks")).isArray() && !json.value(QStringLiteral("disks")).isObject()) {
        return planError(QStringLiteral("\"disks\" must be a list of device paths, or a rule such as "
                                        "{\"select\": \"usable\", \"count\": 4}"));
    }
    for (const auto& disk : json.value(QStringLiteral("disks")).toArray()) {
        if (!disk.isString() || !disk.toString().startsWith(QLatin1String("/dev/"))) {
            return planError(QStringLiteral("disk '%1' is not a device path under /dev/")
                                 .arg(disk.toVariant().toString().left(200)));
        }
        if (plan.disks.contains(disk.toString())) {
            return planError(QStringLiteral("disk %1 is listed twice").arg(disk.toString()));
        }
        plan.disks.append(disk.toString());
    }
    if (plan.disks.isEmpty() && !plan.diskRule) {
        return planError(QStringLiteral("the plan lists no disks"));
    }
    return {};
}

/// "region", "surface" and "expect_disks".
Result<void> readRegionSurfaceAndExpected(const QJsonObject& json, CampaignPlan& plan)
{
    if (json.contains(QStringLiteral("region"))) {
        auto region = parseTestRegion(json.value(QStringLiteral("region")));
        if (!region) {
            return region.error();
        }
        plan.region = *region;
    }
    if (json.contains(QStringLiteral("surface"))) {
        auto surface = SurfaceSpec::fromJson(json.value(QStringLiteral("surface")));
        if (!surface) {
            return surface.error();
        }
        plan.surface = *surface;
    }
    if (json.contains(QStringLiteral("expect_disks"))) {
        const QJsonValue expected = json.value(QStringLiteral("expect_disks"));
        if (!expected.isArray() || plan.disks.isEmpty() || expected.toArray().size() != plan.disks.size()) {
            return planError(QStringLiteral("\"expect_disks\" needs a list of disks and one entry for each of them"));
        }
        for (qsizetype i = 0; i < plan.disks.size(); ++i) {
            auto disk = ExpectedDisk::fromJson(expected.toArray().at(i));
            if (!disk) {
                return disk.error();
            }
            if (disk->path != plan.disks.at(i)) {
                return planError(QStringLiteral("\"expect_disks\" entry %1 is %2, the plan's disk %1 is %3")
                                     .arg(i + 1)
                                     .arg(disk->path.left(200), plan.disks.at(i)));
            }
            plan.expectedDisks.append(*disk);
        }
    }
    return {};
}

/// "configurations": "all" (the default) or a list.
Result<void> readConfigurations(const QJsonObject& json, CampaignPlan& plan)
{
    const QJsonValue configs = json.value(QStringLiteral("configurations"));
    if (configs.isString() && configs.toString() == QLatin1String("all")) {
        plan.allConfigurations = true;
    } else if (configs.isArray()) {
        QStringList names;
        for (const auto& value : configs.toArray()) {
            auto config = readConfiguration(value);
            if (!config) {
                return config.error();
            }
            if (names.contains(config->name)) {
                return planError(QStringLiteral("two configurations are called '%1'").arg(config->name));
            }
            names.append(config->name);
            plan.configurations.append(*config);
        }
        if (plan.configurations.isEmpty() && !plan.baselines && !plan.surface.enabled()) {
            return planError(
                QStringLiteral("the plan has nothing to do: no configurations, no baselines and no surface scan"));
        }
    } else if (!configs.isUndefined()) {
        return planError(QStringLiteral("\"configurations\" is \"all\" or a list"));
    } else {
        plan.allConfigurations = true;
    }
    return {};
}

/// "limits" and the run's options: file system, drill, stable, write and stripe caches, resync.
Result<void> readLimitsAndOptions(const QJsonObject& json, CampaignPlan& plan)
{
    const QJsonObject limits = json.value(QStringLiteral("limits")).toObject();
    if (limits.contains(QStringLiteral("size"))) {
        auto size = Units::parseSize(limits.value(QStringLiteral("size")).toVariant().toString());
        if (!size) {
            return size.error();
        }
        plan.sizeLimit = *size;
    }
    if (limits.contains(QStringLiteral("time"))) {
        auto time = Units::parseDuration(limits.value(QStringLiteral("time")).toVariant().toString());
        if (!time) {
            return time.error();
        }
        plan.timeLimitNs = *time;
    }
    if (limits.contains(QStringLiteral("ramp"))) {
        auto ramp = Units::parseDuration(limits.value(QStringLiteral("ramp")).toVariant().toString());
        if (!ramp) {
            return ramp.error();
        }
        plan.rampNs = *ramp;
    }
    if (json.contains(QStringLiteral("filesystem"))) {
        auto fs = FilesystemSpec::fromJson(json.value(QStringLiteral("filesystem")));
        if (!fs) {
            return fs.error();
        }
        plan.filesystem = *fs;
    }
    plan.commandAsRoot = json.value(QStringLiteral("command_as_root")).toBool(false);
    if (json.contains(QStringLiteral("drill"))) {
        auto drill = DrillSpec::fromJson(json.value(QStringLiteral("drill")));
        if (!drill) {
            return drill.error();
        }
        plan.drill = *drill;
    }
    if (json.contains(QStringLiteral("stable"))) {
        auto stable = StableSpec::fromJson(json.value(QStringLiteral("stable")));
        if (!stable) {
            return stable.error();
        }
        plan.stable = *stable;
    }
    if (json.contains(QStringLiteral("write_cache"))) {
        auto mode = parseWriteCacheMode(json.value(QStringLiteral("write_cache")));
        if (!mode) {
            return mode.error();
        }
        plan.writeCache = *mode;
    }
    if (json.contains(QStringLiteral("stripe_cache"))) {
        auto caches = parseStripeCaches(json.value(QStringLiteral("stripe_cache")));
        if (!caches) {
            return caches.error();
        }
        plan.stripeCaches = *caches;
    }
    const QJsonValue resync = json.value(QStringLiteral("resync"));
    if (resync == QJsonValue(QStringLiteral("label"))) {
        plan.resync = ResyncPolicy::Label;
    } else if (!resync.isUndefined() && resync != QJsonValue(QStringLiteral("wait"))) {
        return planError(QStringLiteral("\"resync\" is \"wait\" (for an array's resync to finish before each test) "
                                        "or \"label\" (measure during it and mark the result)"));
    }
    return {};
}

/// A drill's foreground test is one RaidBench knows, and its member one of the plan's disks.
Result<void> checkDrills(const CampaignPlan& plan)
{
    QList<DrillSpec> drills {plan.drill};
    for (const ConfigSpec& config : std::as_const(plan.configurations)) {
        if (config.drill) {
            drills.append(*config.drill);
        }
    }
    for (const DrillSpec& drill : std::as_const(drills)) {
        if (!drill.underLoad.isEmpty()) {
            auto test = TestSpec::standard(drill.underLoad);
            if (!test) {
                return planError(QStringLiteral("drill: under_load: %1").arg(test.error().message));
            }
            if (test->kind != TestKind::Io || test->sustained) {
                return planError(QStringLiteral("drill: under_load is one I/O test (e.g. rnd4k-qd32-read), not the "
                                                "sweep, file test or sustained write '%1'")
                                     .arg(drill.underLoad));
            }
        }
        if (!drill.member.isEmpty() && !plan.disks.isEmpty() && !plan.disks.contains(drill.member)) {
            return planError(
                QStringLiteral("drill: member %1 is not among the plan's disks").arg(drill.member.left(200)));
        }
    }
    return {};
}

} // namespace

Result<CampaignPlan> CampaignPlan::fromJson(const QJsonObject& json)
{
    static const QStringList known {
        QStringLiteral("raidbench_plan"),   QStringLiteral("disks"),           QStringLiteral("baselines"),
        QStringLiteral("configurations"),   QStringLiteral("tests"),           QStringLiteral("repeats"),
        QStringLiteral("limits"),           QStringLiteral("allow_loop"),      QStringLiteral("comment"),
        QStringLiteral("filesystem"),       QStringLiteral("command_as_root"), QStringLiteral("drill"),
        QStringLiteral("stable"),           QStringLiteral("resync"),          QStringLiteral("write_cache"),
        QStringLiteral("disk_rule"),        QStringLiteral("stripe_cache"),    QStringLiteral("surface"),
        QStringLiteral("region"),           QStringLiteral("together"),        QStringLiteral("expect_disks"),
        QStringLiteral("baselines_settle"), QStringLiteral("patterns")};
    for (const QString& key : json.keys()) {
        if (!known.contains(key)) {
            return planError(QStringLiteral("unknown field '%1' in the plan").arg(key.left(64)));
        }
    }
    if (!json.value(QStringLiteral("raidbench_plan")).isDouble()) {
        return planError(QStringLiteral("not a RaidBench plan (no \"raidbench_plan\": 1)"));
    }
    const int fileVersion = json.value(QStringLiteral("raidbench_plan")).toInt();
    if (fileVersion > version) {
        return makeError(ErrorCode::futureVersion,
                         QStringLiteral("this plan is version %1; this RaidBench reads up to version %2 (upgrade it)")
                             .arg(fileVersion)
                             .arg(version));
    }
    if (fileVersion < 1) {
        return planError(QStringLiteral("plan version %1 is not valid").arg(fileVersion));
    }
    CampaignPlan plan;
    if (auto ok = readDisks(json, plan); !ok) {
        return ok.error();
    }
    plan.baselines = json.value(QStringLiteral("baselines")).toBool(true);
    if (json.contains(QStringLiteral("together"))) {
        if (!json.value(QStringLiteral("together")).isBool()) {
            return planError(QStringLiteral("\"together\" must be true or false"));
        }
        plan.together = json.value(QStringLiteral("together")).toBool();
    }
    if (json.contains(QStringLiteral("baselines_settle"))) {
        if (!json.value(QStringLiteral("baselines_settle")).isBool()) {
            return planError(QStringLiteral("\"baselines_settle\" must be true or false"));
        }
        plan.settleBaselines = json.value(QStringLiteral("baselines_settle")).toBool();
    }
    if (json.contains(QStringLiteral("patterns"))) {
        if (!json.value(QStringLiteral("patterns")).isBool()) {
            return planError(QStringLiteral("\"patterns\" must be true or false"));
        }
        plan.patterns = json.value(QStringLiteral("patterns")).toBool();
    }
    if (auto ok = readRegionSurfaceAndExpected(json, plan); !ok) {
        return ok.error();
    }
    plan.allowLoop = json.value(QStringLiteral("allow_loop")).toBool(false);
    if (auto ok = readConfigurations(json, plan); !ok) {
        return ok.error();
    }
    if (json.contains(QStringLiteral("tests"))) {
        if (!json.value(QStringLiteral("tests")).isArray()) {
            return planError(QStringLiteral("\"tests\" must be a list"));
        }
        for (const auto& value : json.value(QStringLiteral("tests")).toArray()) {
            auto test = TestSpec::fromJson(value);
            if (!test) {
                return test.error();
            }
            plan.tests.append(*test);
        }
    } else {
        plan.tests = TestSpec::defaults();
    }
    const QJsonValue repeats = json.value(QStringLiteral("repeats"));
    plan.repeats = repeats.isUndefined() ? 1 : repeats.toInt(0);
    if (plan.repeats < 1 || plan.repeats > 100) {
        return planError(QStringLiteral("repeats must be 1 to 100"));
    }
    if (auto ok = readLimitsAndOptions(json, plan); !ok) {
        return ok.error();
    }
    if (plan.stable.enabled() && plan.repeats > plan.stable.maxRepeats) {
        return planError(QStringLiteral("repeats %1 is more than stable's max_repeats %2: raise max_repeats or lower "
                                        "repeats")
                             .arg(plan.repeats)
                             .arg(plan.stable.maxRepeats));
    }
    if (plan.sizeLimit == 0 && plan.timeLimitNs == 0) {
        return planError(QStringLiteral("give each test a limit: limits.size or limits.time"));
    }
    if (auto ok = checkDrills(plan); !ok) {
        return ok.error();
    }
    return plan;
}

Result<CampaignPlan> CampaignPlan::load(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return makeError(ErrorCode::invalidPlan, QStringLiteral("cannot read %1: %2").arg(path, file.errorString()));
    }
    QJsonParseError error {};
    const QJsonDocument document = QJsonDocument::fromJson(file.read(4 << 20), &error);
    if (error.error != QJsonParseError::NoError || !document.isObject()) {
        return makeError(ErrorCode::invalidPlan,
                         QStringLiteral("%1 is not a JSON plan: %2").arg(path, error.errorString()));
    }
    return fromJson(document.object());
}

} // namespace RaidBench

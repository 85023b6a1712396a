#include "plan/testspec.h"

#include "plan/planerror.h"
#include "util/errorcodes.h"
#include "util/units.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace RaidBench {

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

} // namespace RaidBench

#include "plantestchoices.h"

#include <QCoreApplication>

namespace RaidBench::Ui {

const QList<TestChoice>& testChoices()
{
    static const QList<TestChoice> choices {
        {"seq1m-qd8-write", QT_TRANSLATE_NOOP("PlanPage", "Sequential write, 1 MiB blocks, queue depth 8"), true},
        {"seq1m-qd8-read", QT_TRANSLATE_NOOP("PlanPage", "Sequential read, 1 MiB blocks, queue depth 8"), true},
        {"rnd4k-qd32-write", QT_TRANSLATE_NOOP("PlanPage", "Random write, 4 KiB blocks, queue depth 32"), true},
        {"rnd4k-qd32-read", QT_TRANSLATE_NOOP("PlanPage", "Random read, 4 KiB blocks, queue depth 32"), true},
        {"dd-seq1m-qd1-write", QT_TRANSLATE_NOOP("PlanPage", "dd-like write, 1 MiB blocks, queue depth 1"), true},
        {"bs-sweep-write", QT_TRANSLATE_NOOP("PlanPage", "Block-size sweep, write (4k to 4M)"), false},
        {"bs-sweep-read", QT_TRANSLATE_NOOP("PlanPage", "Block-size sweep, read (4k to 4M)"), false},
        {"qd-sweep-rnd4k-read",
         QT_TRANSLATE_NOOP("PlanPage", "Queue-depth sweep, random 4 KiB read (QD 1 to 64): latency against IOPS"),
         false},
        {"qd-sweep-rnd4k-write",
         QT_TRANSLATE_NOOP("PlanPage", "Queue-depth sweep, random 4 KiB write (QD 1 to 64): latency against IOPS"),
         false},
        {"seq1m-qd1-write-dsync",
         QT_TRANSLATE_NOOP("PlanPage",
                           "Sequential write, 1 MiB blocks, each write flushed (what the write cache costs)"),
         false},
        {"rnd4k-qd1-write-dsync",
         QT_TRANSLATE_NOOP("PlanPage", "Random write, 4 KiB blocks, each write flushed (a database's log)"), false},
        {"seq1m-qd8-write-sustained",
         QT_TRANSLATE_NOOP("PlanPage",
                           "Sustained write until the rate settles: burst, steady rate, and where a cache filled"),
         false},
        {"file-seq", QT_TRANSLATE_NOOP("PlanPage", "File system: sequential write, rewrite, read (bonnie)"), false},
        {"file-seeks", QT_TRANSLATE_NOOP("PlanPage", "File system: random seeks"), false},
        {"small-files", QT_TRANSLATE_NOOP("PlanPage", "File system: create, read, delete small files"), false},
    };
    return choices;
}

const QList<std::pair<const char*, std::uint64_t>>& sizeChoices()
{
    static const QList<std::pair<const char*, std::uint64_t>> choices {
        {QT_TRANSLATE_NOOP("PlanPage", "no size limit"), 0},
        {"256M", 256ull << 20},
        {"1G", 1ull << 30},
        {"4G", 4ull << 30},
        {"16G", 16ull << 30}};
    return choices;
}

} // namespace RaidBench::Ui

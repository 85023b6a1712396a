#include "disks/controllers.h"

namespace RaidBench {

QList<std::pair<QString, QList<Disk>>> groupByController(const QList<Disk>& disks)
{
    QList<std::pair<QString, QList<Disk>>> groups;
    for (const Disk& disk : disks) {
        auto it = std::find_if(groups.begin(), groups.end(),
                               [&](const auto& group) { return group.first == disk.controller; });
        if (it == groups.end()) {
            groups.append({disk.controller, {disk}});
        } else {
            it->second.append(disk);
        }
    }
    return groups;
}

QList<Disk> spreadAcrossControllers(const QList<Disk>& disks)
{
    const auto groups = groupByController(disks);
    QList<Disk> ordered;
    for (qsizetype round = 0; ordered.size() < disks.size(); ++round) {
        for (const auto& group : groups) {
            if (round < group.second.size()) {
                ordered.append(group.second.at(round));
            }
        }
    }
    return ordered;
}

QMap<QString, int> disksPerController(const QList<Disk>& disks)
{
    QMap<QString, int> counts;
    for (const Disk& disk : disks) {
        ++counts[disk.controller];
    }
    return counts;
}

} // namespace RaidBench

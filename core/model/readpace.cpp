#include "model/readpace.h"

#include <QSet>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace RaidBench {

double cappedSum(const QList<std::pair<QString, double>>& members, const QList<DisksTogether>* together)
{
    double sum = 0;
    for (const auto& member : members) {
        sum += member.second;
    }
    if (!together) {
        return sum;
    }
    // The controllers first (they do not overlap), then the pool over all of them.
    double capped = 0;
    QSet<QString> counted;
    for (const DisksTogether& group : *together) {
        if (group.scope != DisksTogether::Scope::Controller || !group.readBw || !group.limited(false)) {
            continue;
        }
        double inside = 0;
        for (const auto& [disk, speed] : members) {
            if (group.disks.contains(disk) && !counted.contains(disk)) {
                inside += speed;
                counted.insert(disk);
            }
        }
        capped += std::min(inside, *group.readBw);
    }
    for (const auto& [disk, speed] : members) {
        capped += counted.contains(disk) ? 0 : speed;
    }
    for (const DisksTogether& group : *together) {
        if (group.scope == DisksTogether::Scope::Pool && group.readBw && group.limited(false)) {
            capped = std::min(capped, *group.readBw);
        }
    }
    return capped;
}

double nearReadSpeed(const QList<std::pair<QString, double>>& reads, int copies, const QList<DisksTogether>* together)
{
    const int n = int(reads.size());
    const int g = std::gcd(n, copies);
    const int sets = n / g;
    double best = -1;
    for (int length = 1; length <= sets; ++length) {
        for (int first = 0; first < sets; ++first) {
            QSet<int> covered;
            for (int set = first; set < first + length; ++set) {
                for (int c = 0; c < copies; ++c) {
                    covered.insert(((set % sets) * g + c) % n);
                }
            }
            QList<std::pair<QString, double>> members;
            for (const int member : std::as_const(covered)) {
                members.append(reads.at(member));
            }
            const double pace = cappedSum(members, together) * double(n) / double(g * length);
            best = best < 0 ? pace : std::min(best, pace);
        }
    }
    return std::max(0.0, best);
}

double expectedSlowest(const QList<QList<double>>& members)
{
    QList<double> values;
    for (const QList<double>& states : members) {
        values.append(states);
    }
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    // E[min] = sum over the values v_j in order of (v_j - v_j-1) x P(every member at v_j or faster).
    double expected = 0;
    double below = 0;
    for (const double value : std::as_const(values)) {
        double atLeast = 1;
        for (const QList<double>& states : members) {
            const auto faster = std::count_if(states.begin(), states.end(), [&](double s) { return s >= value; });
            atLeast *= double(faster) / double(states.size());
        }
        expected += (value - below) * atLeast;
        below = value;
    }
    return expected;
}

double parityReadPace(const ArraySpec& spec, const QList<ArraySpec>& members, const QList<double>& reads,
                      const ModelContext* context, QString& skipNote)
{
    const int parity = parityMembers(spec);
    const double data = double(std::max<qsizetype>(1, members.size() - parity));
    double slowest = -1;
    double costliest = 0;
    QString costliestDisk;
    for (qsizetype i = 0; i < members.size(); ++i) {
        double cost = 0;
        if (context && members.at(i).isLeaf()) {
            cost = (parity >= 2 ? context->gapTwo : context->gapOne).value(members.at(i).device, 0.0);
        }
        const double pace = reads.at(i) * data / (data + double(parity) * cost);
        slowest = slowest < 0 ? pace : std::min(slowest, pace);
        if (cost > costliest) {
            costliest = cost;
            costliestDisk = members.at(i).device;
        }
    }
    if (costliest >= 0.05 && skipNote.isEmpty()) {
        skipNote =
            (parity >= 2 ? QStringLiteral("each member skips the two parity chunks of every %1 stripes: "
                                          "on %2 a skip costs %3 % of the time reading the chunks takes")
                         : QStringLiteral("each member skips the parity chunk of every %1 stripes: on %2 a "
                                          "skip costs %3 % of the time reading the chunk takes"))
                .arg(QString::number(members.size()), costliestDisk, QString::number(std::lround(100 * costliest)));
    }
    return std::max(0.0, slowest);
}

std::pair<double, double> readRange(ArrayLevel level, double read, const QList<double>& reads,
                                    const QList<double>& lows, const QList<double>& highs)
{
    if (reads.isEmpty()) {
        return {read, read};
    }
    const auto least = [](const QList<double>& values) { return *std::min_element(values.begin(), values.end()); };
    const auto most = [](const QList<double>& values) { return *std::max_element(values.begin(), values.end()); };
    const double n = double(reads.size());
    switch (level) {
    case ArrayLevel::Raid1:
        return {std::min(read, least(lows)), std::max(read, most(highs))};
    case ArrayLevel::Raid0:
    case ArrayLevel::LvmStripe:
        return {std::min(read, n * least(lows)), std::max(read, n * least(highs))};
    case ArrayLevel::Linear:
        return {lows.first(), highs.first()};
    default:
        break;
    }
    const double slowest = least(reads);
    if (slowest <= 0) {
        return {read, read};
    }
    return {read * least(lows) / slowest, read * least(highs) / slowest};
}

} // namespace RaidBench

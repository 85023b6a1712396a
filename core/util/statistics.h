#pragma once

#include <QList>

#include <algorithm>

namespace RaidBench {

/// The median of `values` (the mean of the two middle ones for an even count); 0 when empty.
inline double median(QList<double> values)
{
    if (values.isEmpty()) {
        return 0;
    }
    std::sort(values.begin(), values.end());
    const qsizetype mid = values.size() / 2;
    return values.size() % 2 ? values.at(mid) : (values.at(mid - 1) + values.at(mid)) / 2;
}

} // namespace RaidBench

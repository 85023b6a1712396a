#pragma once

#include <QList>

#include <algorithm>
#include <cmath>

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

/// Sample standard deviation over mean (n - 1 in the variance); 0 for fewer than two values or a zero mean.
inline double coefficientOfVariation(const QList<double>& values)
{
    if (values.size() < 2) {
        return 0;
    }
    double mean = 0;
    for (double value : values) {
        mean += value;
    }
    mean /= double(values.size());
    if (mean == 0) {
        return 0;
    }
    double squares = 0;
    for (double value : values) {
        squares += (value - mean) * (value - mean);
    }
    return std::sqrt(squares / double(values.size() - 1)) / mean;
}

} // namespace RaidBench

#pragma once

#include <QString>

namespace RaidBench {

/// Text for one cell of a Markdown table: its bars escaped, its lines joined.
inline QString mdCell(QString text)
{
    return text.replace(QLatin1Char('|'), QStringLiteral("\\|")).replace(QLatin1Char('\n'), QLatin1Char(' '));
}

} // namespace RaidBench

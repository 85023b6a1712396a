#pragma once

#include <QString>

namespace RaidBench {

/// A path for the device gate's messages: at most 200 characters, control characters shown as '?'.
inline QString shownPath(const QString& path)
{
    QString text = path.left(200);
    for (QChar& c : text) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f) {
            c = QLatin1Char('?');
        }
    }
    return text;
}

} // namespace RaidBench

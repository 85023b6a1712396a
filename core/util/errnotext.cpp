#include "util/errnotext.h"

#include <cstring>

namespace RaidBench {

QString errnoText(int err)
{
    char buffer[256];
    // GNU strerror_r returns the text, which may or may not be in `buffer`.
    const char* text = ::strerror_r(err, buffer, sizeof buffer);
    return QString::fromLocal8Bit(text);
}

} // namespace RaidBench

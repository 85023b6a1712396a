#include "arrays/buildmessage.h"

#include "util/translation.h"

namespace RaidBench {

QString BuildMessage::text() const
{
    return fillTemplate(QString::fromUtf8(english), args);
}

} // namespace RaidBench

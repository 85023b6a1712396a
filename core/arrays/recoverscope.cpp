#include "arrays/recoverscope.h"

namespace RaidBench {

bool RecoverScope::allows(const JournalRecord& record) const
{
    if (record.owner.isAlive()) {
        return false; // a running RaidBench's arrays: never ours to remove
    }
    if (record.owner.program == QLatin1String("cli-array") && record.built && !includeKept) {
        return false; // built to stay: removed by its tag only (an interrupted build is a leftover)
    }
    if (root) {
        return true;
    }
    return record.owner.program == QLatin1String("helper") && clientUid >= 0 && record.owner.clientUid == clientUid;
}
} // namespace RaidBench

#include "system/invokinguser.h"

#include "system/childprocess.h"

#include <QByteArray>
#include <QtGlobal>

#include <unistd.h>

namespace RaidBench {

namespace {

/// A uid or gid from the environment, or -1 when it is absent or not a plain number in range.
int idFromEnvironment(const char* variable)
{
    const QByteArray text = qgetenv(variable);
    if (text.isEmpty() || text.size() > 10) {
        return -1;
    }
    for (const char c : text) {
        if (c < '0' || c > '9') {
            return -1;
        }
    }
    bool ok = false;
    const qlonglong value = text.toLongLong(&ok);
    return ok && value >= 0 && value < 0x7fffffff ? int(value) : -1;
}

} // namespace

InvokingUser invokingUser()
{
    if (const int uid = idFromEnvironment("PKEXEC_UID"); uid >= 0) {
        return {uid, primaryGroupOf(uid), InvokingUser::Source::Pkexec};
    }
    if (getuid() == 0) {
        if (const int uid = idFromEnvironment("SUDO_UID"); uid >= 0) {
            const int gid = idFromEnvironment("SUDO_GID");
            return {uid, gid >= 0 ? gid : primaryGroupOf(uid), InvokingUser::Source::Sudo};
        }
    }
    return {int(getuid()), int(getgid()), InvokingUser::Source::RealUid};
}

} // namespace RaidBench

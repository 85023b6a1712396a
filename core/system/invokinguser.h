#pragma once

namespace RaidBench {

/// The user a root process works for, and how it knows.
struct InvokingUser
{
    enum class Source { RealUid, Pkexec, Sudo };
    int uid = -1;
    int gid = -1;
    Source source = Source::RealUid;
};

/// Who started this process: under pkexec the user pkexec names (PKEXEC_UID; pkexec clears the rest of
/// the environment), under sudo the user sudo names (SUDO_UID, SUDO_GID, read only when the real uid is
/// 0: sudo sets them itself), otherwise the real uid. The helper's client and the user a campaign's
/// command runs as are both this one user, so the two can never disagree.
InvokingUser invokingUser();

} // namespace RaidBench

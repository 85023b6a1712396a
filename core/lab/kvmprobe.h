#pragma once

#include <QString>

namespace RaidBench {

/// Whether KVM actually runs guest code here: a forked child creates a VM whose one instruction
/// sequence writes 42 to an I/O port, and must report it within the timeout. `/dev/kvm` existing is
/// not enough (on some hosts KVM guests stall).
struct KvmProbe
{
    bool works = false;
    QString reason;

    static KvmProbe run(int timeoutMs = 2000);
};

} // namespace RaidBench

#include "lab/kvmprobe.h"

#include "util/errnotext.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <linux/kvm.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

namespace RaidBench {

namespace {

/// Runs in the forked child; exit code 0 = the guest said 42.
int probeChild()
{
    const int kvm = open("/dev/kvm", O_RDWR | O_CLOEXEC);
    if (kvm < 0) {
        return 10;
    }
    if (ioctl(kvm, KVM_GET_API_VERSION, 0) != KVM_API_VERSION) {
        return 11;
    }
    const int vm = ioctl(kvm, KVM_CREATE_VM, 0);
    if (vm < 0) {
        return 12;
    }
    void* memory = mmap(nullptr, 0x1000, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) {
        return 13;
    }
    // mov al, 42; out 0x10, al; hlt
    const unsigned char code[] = {0xb0, 0x2a, 0xe6, 0x10, 0xf4};
    std::memcpy(memory, code, sizeof(code));
    kvm_userspace_memory_region region {};
    region.slot = 0;
    region.guest_phys_addr = 0x1000;
    region.memory_size = 0x1000;
    region.userspace_addr = reinterpret_cast<__u64>(memory);
    if (ioctl(vm, KVM_SET_USER_MEMORY_REGION, &region) < 0) {
        return 14;
    }
    const int vcpu = ioctl(vm, KVM_CREATE_VCPU, 0);
    if (vcpu < 0) {
        return 15;
    }
    const int runSize = ioctl(kvm, KVM_GET_VCPU_MMAP_SIZE, 0);
    auto* run = static_cast<kvm_run*>(mmap(nullptr, size_t(runSize), PROT_READ | PROT_WRITE, MAP_SHARED, vcpu, 0));
    if (run == MAP_FAILED) {
        return 16;
    }
    kvm_sregs sregs {};
    if (ioctl(vcpu, KVM_GET_SREGS, &sregs) < 0) {
        return 17;
    }
    sregs.cs.base = 0;
    sregs.cs.selector = 0;
    if (ioctl(vcpu, KVM_SET_SREGS, &sregs) < 0) {
        return 18;
    }
    kvm_regs regs {};
    regs.rip = 0x1000;
    regs.rflags = 0x2;
    if (ioctl(vcpu, KVM_SET_REGS, &regs) < 0) {
        return 19;
    }
    for (int i = 0; i < 4; ++i) {
        if (ioctl(vcpu, KVM_RUN, 0) < 0) {
            return 20;
        }
        if (run->exit_reason == KVM_EXIT_IO && run->io.port == 0x10) {
            const unsigned char value = *(reinterpret_cast<unsigned char*>(run) + run->io.data_offset);
            return value == 42 ? 0 : 21;
        }
        if (run->exit_reason == KVM_EXIT_HLT) {
            return 22;
        }
    }
    return 23;
}

} // namespace

KvmProbe KvmProbe::run(int timeoutMs)
{
    KvmProbe probe;
    if (access("/dev/kvm", R_OK | W_OK) != 0) {
        probe.reason = QStringLiteral("/dev/kvm is missing or not accessible (%1)").arg(errnoText(errno));
        return probe;
    }
    const pid_t child = fork();
    if (child < 0) {
        probe.reason = QStringLiteral("cannot fork the KVM probe");
        return probe;
    }
    if (child == 0) {
        alarm(unsigned((timeoutMs + 999) / 1000) + 1);
        _exit(probeChild());
    }
    int status = 0;
    for (int waited = 0; waited <= timeoutMs; waited += 10) {
        const pid_t done = waitpid(child, &status, WNOHANG);
        if (done == child) {
            if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
                probe.works = true;
                probe.reason = QStringLiteral("KVM ran a test guest");
            } else {
                probe.reason = WIFEXITED(status)
                    ? QStringLiteral("KVM refused a test guest (step %1)").arg(WEXITSTATUS(status))
                    : QStringLiteral("the KVM test guest was killed");
            }
            return probe;
        }
        const timespec pause {0, 10'000'000};
        nanosleep(&pause, nullptr);
    }
    kill(child, SIGKILL);
    waitpid(child, &status, 0);
    probe.reason = QStringLiteral("a KVM test guest did not answer within %1 ms").arg(timeoutMs);
    return probe;
}

} // namespace RaidBench

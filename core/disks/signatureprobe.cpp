#include "disks/signatureprobe.h"

#include "util/errnotext.h"

#include <QFile>

#include <algorithm>
#include <blkid.h>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <mutex>
#include <thread>
#include <unistd.h>
#include <vector>

namespace RaidBench {

ProbeResult probeWithin(const SignatureProbe& probe, const QString& devicePath, int timeoutMs)
{
    // Shared with the probing thread, which may outlive this call when the device never answers.
    struct Shared
    {
        std::mutex mutex;
        std::condition_variable done;
        bool finished = false;
        ProbeResult result;
    };
    auto shared = std::make_shared<Shared>();
    try {
        std::thread([shared, probe, devicePath] {
            ProbeResult result = probe(devicePath);
            std::lock_guard lock(shared->mutex);
            shared->result = std::move(result);
            shared->finished = true;
            shared->done.notify_all();
        }).detach();
    } catch (const std::system_error&) {
        return probe(devicePath); // no thread to be had: probe here, as without a limit
    }
    std::unique_lock lock(shared->mutex);
    if (!shared->done.wait_for(lock, std::chrono::milliseconds(timeoutMs), [&] { return shared->finished; })) {
        ProbeResult late;
        late.error = QStringLiteral("%1 did not answer a read within %2 s (a hung or failing device)")
                         .arg(devicePath, QString::number(timeoutMs / 1000.0, 'g', 3));
        return late;
    }
    return shared->result;
}

namespace {

/// Reads the first and the last MiB of `devicePath`, where signatures live (file systems, md, LVM, GPT's
/// backup): an error when a read fails. A disk whose signatures cannot be read is no blank disk.
QString unreadableEnds(const QString& devicePath)
{
    const int fd = ::open(QFile::encodeName(devicePath).constData(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        return QStringLiteral("cannot open %1 to read its signatures: %2").arg(devicePath, errnoText(errno));
    }
    constexpr off_t span = 1 << 20;
    const off_t size = ::lseek(fd, 0, SEEK_END);
    std::vector<char> buffer(span);
    QString error;
    for (const off_t at : {off_t(0), std::max(off_t(0), size - span)}) {
        const ssize_t want = ssize_t(std::min(span, std::max(off_t(0), size - at)));
        for (ssize_t done = 0; done < want && error.isEmpty();) {
            const ssize_t n = ::pread(fd, buffer.data(), size_t(want - done), at + done);
            if (n < 0 && errno == EINTR) {
                continue;
            }
            if (n <= 0) {
                error = QStringLiteral("%1: its signatures cannot be read (%2 at byte %3); it may hold data")
                            .arg(devicePath, n < 0 ? errnoText(errno) : QStringLiteral("end of device"),
                                 QString::number(at + done));
            }
            done += std::max(ssize_t(0), n);
        }
    }
    ::close(fd);
    return error;
}

} // namespace

ProbeResult probeWithBlkid(const QString& devicePath)
{
    ProbeResult result;
    if (const QString error = unreadableEnds(devicePath); !error.isEmpty()) {
        result.error = error;
        return result;
    }
    errno = 0;
    blkid_probe probe = blkid_new_probe_from_filename(QFile::encodeName(devicePath).constData());
    if (!probe) {
        result.error =
            QStringLiteral("cannot probe %1 for signatures: %2").arg(devicePath, errnoText(errno ? errno : EIO));
        return result;
    }
    blkid_probe_enable_superblocks(probe, 1);
    blkid_probe_set_superblocks_flags(
        probe, BLKID_SUBLKS_LABEL | BLKID_SUBLKS_UUID | BLKID_SUBLKS_TYPE | BLKID_SUBLKS_USAGE | BLKID_SUBLKS_BADCSUM);
    blkid_probe_enable_partitions(probe, 1);
    blkid_probe_set_partitions_flags(probe, BLKID_PARTS_MAGIC);
    // Low-level probing returns each signature in turn, so a disk that carries both an old file
    // system and an md superblock shows both.
    int rc = blkid_do_probe(probe);
    for (; rc == 0; rc = blkid_do_probe(probe)) {
        auto value = [&](const char* name) {
            const char* data = nullptr;
            return blkid_probe_lookup_value(probe, name, &data, nullptr) == 0 && data ? QString::fromUtf8(data)
                                                                                      : QString();
        };
        DiskSignature signature;
        signature.type = value("TYPE");
        if (!signature.type.isEmpty()) {
            signature.usage = value("USAGE");
            signature.label = value("LABEL");
            signature.uuid = value("UUID");
        } else {
            signature.type = value("PTTYPE");
            if (signature.type.isEmpty()) {
                continue;
            }
            signature.usage = QStringLiteral("partition-table");
            signature.uuid = value("PTUUID");
        }
        bool seen = false;
        for (const auto& existing : result.signatures) {
            seen = seen || (existing.type == signature.type && existing.uuid == signature.uuid);
        }
        if (!seen) {
            result.signatures.append(signature);
        }
    }
    if (rc < 0) {
        // An error, not the end: what it could not read may be a signature.
        result.error = QStringLiteral("%1: libblkid could not finish reading its signatures").arg(devicePath);
    }
    blkid_free_probe(probe);
    return result;
}

} // namespace RaidBench

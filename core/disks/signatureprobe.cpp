#include "disks/signatureprobe.h"

#include "util/errnotext.h"

#include <QFile>

#include <blkid.h>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <memory>
#include <mutex>
#include <thread>

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
                         .arg(devicePath)
                         .arg(timeoutMs / 1000.0, 0, 'g', 3);
        return late;
    }
    return shared->result;
}

ProbeResult probeWithBlkid(const QString& devicePath)
{
    ProbeResult result;
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
    for (int rc = blkid_do_probe(probe); rc == 0; rc = blkid_do_probe(probe)) {
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
    blkid_free_probe(probe);
    return result;
}

} // namespace RaidBench

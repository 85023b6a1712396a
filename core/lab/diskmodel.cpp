#include "lab/diskmodel.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace RaidBench {

namespace {

constexpr double MB = 1e6;
/// A SATA link's rate: what a write the cache takes costs.
constexpr double interfaceBytesPerSecond = 600 * MB;
/// What a hard disk reads ahead after a read (it keeps reading into its buffer while idle).
constexpr double readAheadBytes = 2.0 * 1024 * 1024;
/// E[sqrt(|U1 - U2|)] for two uniform positions: the average seek's share of the full stroke's
/// square-root part.
constexpr double meanSqrtDistance = 8.0 / 15.0;

const char* kindName(DiskKind kind)
{
    switch (kind) {
    case DiskKind::Flat:
        return "flat";
    case DiskKind::Hdd:
        return "hdd";
    case DiskKind::Ssd:
        return "ssd";
    }
    return "flat";
}

bool parseNumber(const std::string& text, double& out)
{
    if (text.empty()) {
        return false;
    }
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size() || !std::isfinite(value)) {
        return false;
    }
    out = value;
    return true;
}

} // namespace

DiskModelParams DiskModelParams::defaults(DiskKind kind, std::uint64_t size)
{
    DiskModelParams params;
    params.kind = kind;
    params.sizeBytes = size;
    if (kind == DiskKind::Ssd) {
        params.cacheBytes = std::max<std::uint64_t>(size / 8, 16ull << 20) & ~std::uint64_t(511);
    }
    return params;
}

std::string DiskModelParams::problem() const
{
    std::ostringstream why;
    if (sizeBytes < (16ull << 20)) {
        why << "the disk must hold at least 16 MiB";
    } else if (kind == DiskKind::Hdd) {
        if (!(outerMBps > 0) || !(innerMBps > 0) || outerMBps > 10000) {
            why << "the outer and inner rates must be more than 0 MB/s";
        } else if (innerMBps > outerMBps) {
            why << "the inner zone (" << innerMBps << " MB/s) cannot be faster than the outer one (" << outerMBps
                << " MB/s)";
        } else if (!(rpm >= 1000 && rpm <= 20000)) {
            why << "rpm " << rpm << " must be from 1000 to 20000";
        } else if (!(seekMs > 0 && seekMs <= 100) || !(trackSeekMs >= 0 && trackSeekMs < seekMs)) {
            why << "the average seek must be more than 0 and at most 100 ms, and above the track-to-track seek";
        } else if (cacheBytes > sizeBytes) {
            why << "the write cache cannot be larger than the disk";
        }
    } else if (kind == DiskKind::Ssd) {
        if (!(burstMBps > 0) || !(steadyMBps > 0) || !(readMBps > 0) || burstMBps > 100000 || readMBps > 100000) {
            why << "the rates must be more than 0 MB/s";
        } else if (steadyMBps > burstMBps) {
            why << "the steady write rate (" << steadyMBps << " MB/s) cannot be above the burst rate (" << burstMBps
                << " MB/s)";
        } else if (cacheBytes == 0 || cacheBytes > sizeBytes) {
            why << "the cache must be more than 0 and no larger than the disk";
        } else if (!(latencyUs >= 0 && latencyUs <= 100000)) {
            why << "the latency must be from 0 to 100000 us";
        }
    }
    return why.str();
}

std::string DiskModelParams::toConfig() const
{
    std::ostringstream out;
    out << "kind=" << kindName(kind) << " size=" << sizeBytes << " cache=" << cacheBytes;
    if (kind == DiskKind::Hdd) {
        out << " outer=" << outerMBps << " inner=" << innerMBps << " rpm=" << rpm << " seek=" << seekMs
            << " track-seek=" << trackSeekMs;
    } else if (kind == DiskKind::Ssd) {
        out << " burst=" << burstMBps << " steady=" << steadyMBps << " read=" << readMBps << " latency=" << latencyUs;
    }
    return out.str();
}

bool DiskModelParams::setConfig(const std::string& key, const std::string& value)
{
    if (key == "kind") {
        if (value == "hdd" || value == "ssd" || value == "flat") {
            kind = value == "hdd" ? DiskKind::Hdd : value == "ssd" ? DiskKind::Ssd : DiskKind::Flat;
            return true;
        }
        return false;
    }
    double number = 0;
    if (!parseNumber(value, number) || number < 0) {
        return false;
    }
    if (key == "size" || key == "cache") {
        (key == "size" ? sizeBytes : cacheBytes) = std::uint64_t(number);
        return true;
    }
    double* fields[] = {&outerMBps, &innerMBps,  &rpm,      &seekMs,   &trackSeekMs,
                        &burstMBps, &steadyMBps, &readMBps, &latencyUs};
    const char* names[] = {"outer", "inner", "rpm", "seek", "track-seek", "burst", "steady", "read", "latency"};
    for (std::size_t i = 0; i < std::size(names); ++i) {
        if (key == names[i]) {
            *fields[i] = number;
            return true;
        }
    }
    return false;
}

DiskModel::DiskModel(const DiskModelParams& params)
    : m_params(params)
{ }

double DiskModel::mediaRate(std::uint64_t offset) const
{
    if (m_params.kind != DiskKind::Hdd || m_params.sizeBytes == 0) {
        return m_params.outerMBps * MB;
    }
    const double where = std::clamp(double(offset) / double(m_params.sizeBytes), 0.0, 1.0);
    return (m_params.outerMBps - (m_params.outerMBps - m_params.innerMBps) * where) * MB;
}

double DiskModel::seekSeconds(double distance) const
{
    if (distance <= 0) {
        return 0;
    }
    const double track = m_params.trackSeekMs / 1000.0;
    const double full = track + (m_params.seekMs / 1000.0 - track) / meanSqrtDistance;
    return track + (full - track) * std::sqrt(std::min(distance, 1.0));
}

double DiskModel::positioning(std::uint64_t offset) const
{
    if (offset == m_headEnd) {
        return 0;
    }
    const double rate = mediaRate(offset);
    const double track = rate * rotationSeconds();
    // A little ahead on the same track: the platter carries the head there.
    if (offset > m_headEnd && double(offset - m_headEnd) < track) {
        return double(offset - m_headEnd) / rate;
    }
    const double distance = std::abs(double(offset) - double(m_headEnd)) / double(m_params.sizeBytes);
    return seekSeconds(distance) + rotationSeconds() / 2;
}

double DiskModel::hddMedia(std::uint64_t offset, std::uint32_t count, double start, double positioning)
{
    const double done = start + positioning + double(count) / mediaRate(offset);
    m_headEnd = offset + count;
    m_mediaFreeAt = done;
    return done;
}

double DiskModel::read(std::uint64_t offset, std::uint32_t count, double now)
{
    if (m_params.kind == DiskKind::Ssd) {
        const double rate = m_params.readMBps * MB;
        const double start = std::max(now, m_readBusFreeAt);
        m_readBusFreeAt = start + double(count) / rate;
        return std::max(m_readBusFreeAt, now + m_params.latencyUs / 1e6 + double(count) / rate);
    }
    double done = 0;
    if (offset == m_headEnd && m_lastWasRead) {
        // Read ahead: the disk went on reading while it waited for this request.
        const double start = std::max(m_mediaFreeAt, now - readAheadBytes / mediaRate(offset));
        done = hddMedia(offset, count, start, 0);
    } else {
        done = hddMedia(offset, count, std::max(now, m_mediaFreeAt), positioning(offset));
    }
    m_lastWasRead = true;
    return std::max(done, now);
}

double DiskModel::write(std::uint64_t offset, std::uint32_t count, bool fua, double now)
{
    if (m_params.kind == DiskKind::Ssd) {
        // The fast cache folds into the slow cells at the steady rate while no write comes.
        const double idle = now - std::max(m_ssdUpdated, m_busFreeAt);
        if (idle > 0) {
            m_ssdUsed = std::max(0.0, m_ssdUsed - m_params.steadyMBps * MB * idle);
        }
        const bool fits = m_ssdUsed + double(count) <= double(m_params.cacheBytes);
        const double rate = (fits ? m_params.burstMBps : m_params.steadyMBps) * MB;
        const double start = std::max(now, m_busFreeAt);
        m_busFreeAt = start + double(count) / rate;
        m_ssdUsed = std::min(double(m_params.cacheBytes), m_ssdUsed + double(count));
        m_ssdUpdated = m_busFreeAt;
        return std::max(m_busFreeAt, now + m_params.latencyUs / 1e6);
    }
    const bool sequential = offset == m_headEnd && !m_lastWasRead;
    m_lastWasRead = false;
    // A sequential write follows the last one on the media while they are still busy; one that finds
    // them idle has to wait for its sector to come round again, cache or not (the cache only decides
    // whether the write completes before the media have it).
    double position = sequential ? 0 : positioning(offset);
    if (sequential && now > m_mediaFreeAt) {
        position = rotationSeconds() - std::fmod(now - m_mediaFreeAt, rotationSeconds());
    }
    const double media = hddMedia(offset, count, std::max(now, m_mediaFreeAt), position);
    if (fua) {
        return media;
    }
    // The cache takes it at the link's rate; the media catch up behind, and a write waits only when
    // the cache holds more than it can.
    const double cacheSeconds = double(m_params.cacheBytes) / mediaRate(offset);
    return std::max(now + double(count) / interfaceBytesPerSecond, media - cacheSeconds);
}

double DiskModel::flush(double now)
{
    if (m_params.kind == DiskKind::Ssd) {
        return std::max(now, m_busFreeAt);
    }
    return std::max(now, m_mediaFreeAt);
}

} // namespace RaidBench

#include "model/nearreads.h"

#include <queue>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

namespace RaidBench {

namespace {

struct Piece
{
    std::uint64_t address = 0; ///< on the member
    std::uint64_t bytes = 0;
    std::size_t request = 0;
};

struct Completion
{
    double time = 0;
    int member = 0;
    Piece piece;

    /// The earliest first; at one moment, the lowest member first, so the same inputs give one figure.
    bool operator>(const Completion& other) const
    {
        if (time != other.time) {
            return time > other.time;
        }
        return member != other.member ? member > other.member : piece.address > other.piece.address;
    }
};

struct MemberState
{
    NearMember disk;
    std::uint64_t headPosition = 0; ///< md's: where the member's last completed read ended
    std::uint64_t mediaEnd = 0; ///< the disk's: where its last transfer ended
    int pending = 0;
    bool busy = false;
    std::vector<Piece> queued;
};

/// The simulation's state: the members, the stream's requests and the completions to come.
class NearReadSimulation
{
public:
    NearReadSimulation(const QList<NearMember>& members, int copies, const NearStream& stream)
        : m_copies(copies)
        , m_stream(stream)
    {
        for (const NearMember& member : members) {
            m_members.push_back({member, 0, 0, 0, false, {}});
        }
    }

    double run(std::size_t requests);

private:
    void submit(double now);
    int chooseCopy(std::uint64_t chunk, std::uint64_t address) const;
    void serveNext(int member, double now);
    double reachSeconds(const MemberState& member, std::uint64_t address) const;

    int m_copies;
    NearStream m_stream;
    std::vector<MemberState> m_members;
    std::vector<int> m_piecesLeft; ///< per request
    std::uint64_t m_nextOffset = 0;
    std::priority_queue<Completion, std::vector<Completion>, std::greater<>> m_completions;
};

double NearReadSimulation::run(std::size_t requests)
{
    for (int i = 0; i < m_stream.inFlight; ++i) {
        submit(0);
    }
    // The first fifth settles the members' heads and queues; the rest is timed.
    const std::size_t settled = requests / 5;
    std::size_t completed = 0;
    double timedFrom = 0;
    double now = 0;
    while (completed < requests && !m_completions.empty()) {
        const Completion done = m_completions.top();
        m_completions.pop();
        now = done.time;
        MemberState& member = m_members[std::size_t(done.member)];
        member.busy = false;
        --member.pending;
        member.headPosition = done.piece.address + done.piece.bytes;
        serveNext(done.member, now);
        if (--m_piecesLeft[done.piece.request] == 0) {
            ++completed;
            if (completed == settled) {
                timedFrom = now;
            }
            submit(now);
        }
    }
    const double seconds = now - timedFrom;
    return seconds > 0 ? double(completed - settled) * double(m_stream.requestBytes) / seconds : 0;
}

void NearReadSimulation::submit(double now)
{
    const std::size_t request = m_piecesLeft.size();
    m_piecesLeft.push_back(0);
    const std::uint64_t chunk = m_stream.chunkBytes;
    const std::uint64_t n = m_members.size();
    std::uint64_t offset = m_nextOffset;
    const std::uint64_t end = offset + m_stream.requestBytes;
    m_nextOffset = end;
    while (offset < end) {
        // md cuts the read at its chunks; chunk k's copies lie on the members from k x copies on, in row
        // k x copies / n of each.
        const std::uint64_t k = offset / chunk;
        const std::uint64_t bytes = std::min(end, (k + 1) * chunk) - offset;
        const std::uint64_t address = (k * std::uint64_t(m_copies)) / n * chunk + offset % chunk;
        const int member = chooseCopy(k, address);
        m_members[std::size_t(member)].queued.push_back({address, bytes, request});
        ++m_members[std::size_t(member)].pending;
        ++m_piecesLeft[request];
        serveNext(member, now);
        offset += bytes;
    }
}

int NearReadSimulation::chooseCopy(std::uint64_t chunk, std::uint64_t address) const
{
    const std::uint64_t n = m_members.size();
    int best = -1;
    std::uint64_t bestDistance = 0;
    for (int slot = 0; slot < m_copies; ++slot) {
        const int member = int((chunk * std::uint64_t(m_copies) + std::uint64_t(slot)) % n);
        const MemberState& state = m_members[std::size_t(member)];
        const std::uint64_t distance = state.pending == 0
            ? 0
            : (address > state.headPosition ? address - state.headPosition : state.headPosition - address);
        if (best < 0 || distance < bestDistance) {
            best = member;
            bestDistance = distance;
        }
    }
    return best;
}

double NearReadSimulation::reachSeconds(const MemberState& member, std::uint64_t address) const
{
    if (address == member.mediaEnd) {
        return 0;
    }
    const double chunk = double(m_stream.chunkBytes);
    const double gap = double(address) - double(member.mediaEnd);
    if (gap > 0 && gap <= chunk) {
        return member.disk.gapOne * gap / member.disk.read;
    }
    const double two = member.disk.gapTwo > 0 ? 2 * member.disk.gapTwo : member.disk.gapOne;
    return two * chunk / member.disk.read;
}

void NearReadSimulation::serveNext(int index, double now)
{
    MemberState& member = m_members[std::size_t(index)];
    if (member.busy || member.queued.empty()) {
        return;
    }
    // The piece the member reaches soonest, the oldest of equals.
    auto next = member.queued.begin();
    double reach = reachSeconds(member, next->address);
    for (auto it = std::next(member.queued.begin()); it != member.queued.end(); ++it) {
        const double seconds = reachSeconds(member, it->address);
        if (seconds < reach) {
            reach = seconds;
            next = it;
        }
    }
    const Piece piece = *next;
    member.queued.erase(next);
    member.busy = true;
    member.mediaEnd = piece.address + piece.bytes;
    m_completions.push({now + reach + double(piece.bytes) / member.disk.read, index, piece});
}

} // namespace

double simulatedNearRead(const QList<NearMember>& members, int copies, const NearStream& stream)
{
    const bool readable = !members.isEmpty() && std::all_of(members.begin(), members.end(), [](const NearMember& m) {
        return m.read > 0 && std::isfinite(m.read) && std::isfinite(m.gapOne) && std::isfinite(m.gapTwo) &&
            m.gapOne >= 0 && m.gapTwo >= 0;
    });
    if (!readable || copies < 1 || stream.inFlight < 1 || stream.requestBytes == 0 || stream.chunkBytes == 0) {
        return 0;
    }
    NearReadSimulation simulation(members, std::min<int>(copies, int(members.size())), stream);
    // Enough requests for every member's queue to settle, and at most about 20000 pieces however small
    // the chunk (each piece scans its member's queue).
    const std::uint64_t pieces = std::max<std::uint64_t>(1, stream.requestBytes / stream.chunkBytes + 1);
    const std::size_t requests = std::clamp<std::size_t>(20000 / pieces, 200, std::size_t(1500 + 100 * members.size()));
    return simulation.run(requests);
}

} // namespace RaidBench

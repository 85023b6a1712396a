#pragma once

#include "util/result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace RaidBench {

/// The helper protocol: one JSON object per line.
///   request  {"id": N, "op": "...", "args": {...}}
///   reply    {"id": N, "ok": true, "result": {...}} or {"id": N, "ok": false, "error": {"code", "message"}}
///   event    {"id": N, "event": "progress", ...}
namespace HelperProtocol {

/// 2: tags are the helper's own (create-array and plan-array take none); devices are pinned.
/// 3: every request that destroys carries its disks as the user confirmed them (device number, serial,
/// model, size, a loop device's backing file and inode), run-io and make-fs-and-mount too.
constexpr int version = 3;
/// Room for a resumed campaign's results (a 24-disk campaign's file is several MiB).
constexpr qsizetype maxLineBytes = 16 << 20;
/// Deep enough for a resumed campaign's results (request > args > resume > configs > test > runs >
/// run > latency > ...), shallow enough that nothing recursing over a request can exhaust a stack.
constexpr int maxDepth = 16;

struct Request
{
    qint64 id = -1;
    QString op;
    QJsonObject args;
};

/// Parses and schema-checks one request line: size, UTF-8, JSON, nesting, id, op, and the op's
/// arguments (unknown, missing or mistyped fields). `id` is filled as soon as it is known, so the
/// error reply can carry it.
Result<Request> parseRequest(const QByteArray& line, qint64* id = nullptr);

/// The operations and what they take.
QStringList operations();

QByteArray encodeRequest(qint64 id, const QString& op, const QJsonObject& args);
QByteArray encodeReply(qint64 id, const QJsonObject& result);
QByteArray encodeError(qint64 id, const QString& code, const QString& message);
QByteArray encodeEvent(qint64 id, const QString& event, const QJsonObject& fields);

/// A line from the helper, as the client reads it: a reply, an error reply or an event (its fields
/// without "id" and "event"); Invalid for anything that is no JSON object.
struct Incoming
{
    enum class Kind { Invalid, Reply, Failure, Event };
    Kind kind = Kind::Invalid;
    qint64 id = -1;
    QString event;
    QJsonObject body; ///< the reply's result or the event's fields
    Error error;
};
Incoming parseIncoming(const QByteArray& line);

} // namespace HelperProtocol

} // namespace RaidBench

#include "helper/helperprotocol.h"

#include "disks/confirmeddisk.h"
#include "helper/messages.h"
#include "util/errorcodes.h"
#include "util/jsonvalues.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QStringDecoder>

#include <climits>
#include <cmath>
#include <map>

namespace RaidBench::HelperProtocol {

namespace {

/// Confirmations: the disks a request destroys as the user confirmed them (ConfirmedDisk), each entry
/// checked whole.
enum class Type { Bool, Int, String, Object, Array, StringArray, StringOrObject, Confirmations };

struct Field
{
    const char* name;
    Type type;
    bool required;
};

/// What every operation takes. Anything else is refused.
const std::map<QString, QList<Field>>& schema()
{
    static const std::map<QString, QList<Field>> table {
        {Messages::Op::hello, {{"protocol", Type::Int, true}, {"client", Type::String, false}}},
        {Messages::Op::scanDisks, {{"allow_loop", Type::Bool, false}, {"all", Type::Bool, false}}},
        {Messages::Op::readHealth, {{"allow_loop", Type::Bool, false}, {"disks", Type::StringArray, false}}},
        {Messages::Op::planArray, {{"spec", Type::Object, true}, {"allow_loop", Type::Bool, false}}},
        // No "tag": the helper makes every tag itself, so that sessions cannot name each other's arrays.
        {Messages::Op::createArray,
         {{"spec", Type::Object, true},
          {"confirm_destroy", Type::Confirmations, true},
          {"allow_loop", Type::Bool, false},
          {"wait_resync", Type::Bool, false}}},
        {Messages::Op::teardown, {{"tag", Type::String, true}}},
        {Messages::Op::listArrays, {}},
        {Messages::Op::recover, {}},
        // Every request that destroys names its disks as the user confirmed them.
        {Messages::Op::runIo,
         {{"job", Type::Object, true},
          {"confirm_destroy", Type::Confirmations, true},
          {"allow_loop", Type::Bool, false}}},
        {Messages::Op::runCampaign,
         {{"plan", Type::Object, true},
          {"confirm_destroy", Type::Confirmations, true},
          {"resume", Type::Object, false}}},
        {Messages::Op::makeFs,
         {{"tag", Type::String, true},
          {"filesystem", Type::StringOrObject, true},
          {"confirm_destroy", Type::Confirmations, true}}},
        {Messages::Op::unmount, {{"tag", Type::String, true}}},
        {Messages::Op::cancel, {{"request", Type::Int, true}}},
        {Messages::Op::about, {}},
        {Messages::Op::bye, {}},
    };
    return table;
}

bool typeMatches(const QJsonValue& value, Type type)
{
    switch (type) {
    case Type::Bool:
        return value.isBool();
    case Type::Int:
        return value.isDouble() && std::abs(value.toDouble()) < 9007199254740992.0 &&
            value.toDouble() == std::trunc(value.toDouble());
    case Type::String:
        return value.isString();
    case Type::Object:
        return value.isObject();
    case Type::Array:
        return value.isArray();
    case Type::StringArray:
        if (!value.isArray()) {
            return false;
        }
        for (const auto& item : value.toArray()) {
            if (!item.isString()) {
                return false;
            }
        }
        return true;
    case Type::StringOrObject:
        return value.isString() || value.isObject();
    case Type::Confirmations:
        return value.isArray(); // and each entry checked whole in parseRequest()
    }
    return false;
}

QString typeName(Type type)
{
    switch (type) {
    case Type::Bool:
        return QStringLiteral("a boolean");
    case Type::Int:
        return QStringLiteral("an integer");
    case Type::String:
        return QStringLiteral("a string");
    case Type::Object:
        return QStringLiteral("an object");
    case Type::Array:
        return QStringLiteral("an array");
    case Type::StringArray:
        return QStringLiteral("an array of strings");
    case Type::StringOrObject:
        return QStringLiteral("a string or an object");
    case Type::Confirmations:
        return QStringLiteral("a list of the disks as confirmed");
    }
    return {};
}

/// The nesting depth of `value`; INT_MAX when a key or string holds a NUL character.
int depthOf(const QJsonValue& value, int depth)
{
    if (depth > maxDepth) {
        return depth;
    }
    if (value.isString() && value.toString().contains(QChar(0))) {
        return INT_MAX;
    }
    int deepest = depth;
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (it.key().contains(QChar(0))) {
                return INT_MAX;
            }
            deepest = std::max(deepest, depthOf(it.value(), depth + 1));
        }
    } else if (value.isArray()) {
        for (const auto& item : value.toArray()) {
            deepest = std::max(deepest, depthOf(item, depth + 1));
        }
    }
    return deepest;
}

Error protocolError(const QString& code, const QString& message)
{
    return makeError(code, message);
}

} // namespace

QStringList operations()
{
    QStringList names;
    for (const auto& [name, fields] : schema()) {
        names.append(name);
    }
    return names;
}

namespace {

/// `op`'s arguments against its schema: no argument it does not take, every one it needs, each of its
/// type (confirmations parsed through).
Result<void> checkArgs(const QString& op, const QJsonObject& args, const QList<Field>& fields)
{
    for (const QString& key : args.keys()) {
        bool known = false;
        for (const Field& field : fields) {
            known = known || key == QLatin1String(field.name);
        }
        if (!known) {
            return protocolError(ErrorCode::unknownField,
                                 QStringLiteral("%1 takes no argument '%2'").arg(op, key.left(64)));
        }
    }
    for (const Field& field : fields) {
        const QJsonValue value = args.value(QLatin1String(field.name));
        if (value.isUndefined()) {
            if (field.required) {
                return protocolError(ErrorCode::missingField,
                                     QStringLiteral("%1 needs the argument '%2'").arg(op, QLatin1String(field.name)));
            }
            continue;
        }
        if (!typeMatches(value, field.type)) {
            return protocolError(
                ErrorCode::badType,
                QStringLiteral("%1: '%2' must be %3").arg(op, QLatin1String(field.name), typeName(field.type)));
        }
        if (field.type == Type::Confirmations) {
            if (auto confirmed = ConfirmedDisk::fromJsonArray(value); !confirmed) {
                return Error {confirmed.error().code, QStringLiteral("%1: %2").arg(op, confirmed.error().message)};
            }
        }
    }
    return {};
}

} // namespace

Result<Request> parseRequest(const QByteArray& line, qint64* idOut)
{
    if (line.size() > maxLineBytes) {
        return protocolError(ErrorCode::tooLong,
                             QStringLiteral("a request line may hold at most %1 bytes (this one has %2)")
                                 .arg(maxLineBytes)
                                 .arg(line.size()));
    }
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString text = decoder.decode(line);
    if (decoder.hasError()) {
        return protocolError(ErrorCode::badUtf8, QStringLiteral("the request is not valid UTF-8"));
    }
    if (text.contains(QChar(0))) {
        return protocolError(ErrorCode::badJson, QStringLiteral("the request holds a NUL character"));
    }
    QJsonParseError parseError {};
    const QJsonDocument document = QJsonDocument::fromJson(line, &parseError);
    if (parseError.error == QJsonParseError::DeepNesting) {
        return protocolError(ErrorCode::tooDeep, QStringLiteral("the request is nested too deeply"));
    }
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        return protocolError(ErrorCode::badJson,
                             QStringLiteral("the request is not a JSON object: %1").arg(parseError.errorString()));
    }
    const QJsonObject object = document.object();
    // The id first, so that even a refusal below reaches the request it answers.
    const QJsonValue earlyId = object.value(QStringLiteral("id"));
    if (idOut && typeMatches(earlyId, Type::Int) && earlyId.toDouble() >= 0) {
        *idOut = readInt64(earlyId);
    }
    const int depth = depthOf(object, 0);
    if (depth == INT_MAX) {
        return protocolError(ErrorCode::badJson, QStringLiteral("the request holds a NUL character"));
    }
    if (depth > maxDepth) {
        return protocolError(ErrorCode::tooDeep,
                             QStringLiteral("the request is nested deeper than %1 levels").arg(maxDepth));
    }
    for (const QString& key : object.keys()) {
        if (key != QLatin1String("id") && key != QLatin1String("op") && key != QLatin1String("args")) {
            return protocolError(ErrorCode::unknownField,
                                 QStringLiteral("unknown field '%1' in the request").arg(key.left(64)));
        }
    }
    const QJsonValue id = object.value(QStringLiteral("id"));
    if (!typeMatches(id, Type::Int) || id.toDouble() < 0) {
        return protocolError(ErrorCode::missingId,
                             QStringLiteral("every request needs an \"id\": a non-negative integer"));
    }
    Request request;
    request.id = readInt64(id);
    if (idOut) {
        *idOut = request.id;
    }
    const QJsonValue op = object.value(QStringLiteral("op"));
    if (!op.isString()) {
        return protocolError(ErrorCode::missingField, QStringLiteral("every request needs an \"op\" string"));
    }
    request.op = op.toString();
    const auto entry = schema().find(request.op);
    if (entry == schema().end()) {
        return protocolError(ErrorCode::unknownOp, QStringLiteral("unknown operation '%1'").arg(request.op.left(64)));
    }
    const QJsonValue args = object.value(QStringLiteral("args"));
    if (!args.isUndefined() && !args.isObject()) {
        return protocolError(ErrorCode::badType, QStringLiteral("\"args\" must be an object"));
    }
    request.args = args.toObject();
    if (auto ok = checkArgs(request.op, request.args, entry->second); !ok) {
        return ok.error();
    }
    return request;
}

QByteArray encodeRequest(qint64 id, const QString& op, const QJsonObject& args)
{
    return QJsonDocument(
               QJsonObject {{QStringLiteral("id"), id}, {QStringLiteral("op"), op}, {QStringLiteral("args"), args}})
               .toJson(QJsonDocument::Compact) +
        '\n';
}

QByteArray encodeReply(qint64 id, const QJsonObject& result)
{
    return QJsonDocument(QJsonObject {{QStringLiteral("id"), id},
                                      {QStringLiteral("ok"), true},
                                      {QStringLiteral("result"), result}})
               .toJson(QJsonDocument::Compact) +
        '\n';
}

QByteArray encodeError(qint64 id, const QString& code, const QString& message)
{
    return QJsonDocument(
               QJsonObject {{QStringLiteral("id"), id < 0 ? QJsonValue() : QJsonValue(id)},
                            {QStringLiteral("ok"), false},
                            {QStringLiteral("error"),
                             QJsonObject {{QStringLiteral("code"), code}, {QStringLiteral("message"), message}}}})
               .toJson(QJsonDocument::Compact) +
        '\n';
}

QByteArray encodeEvent(qint64 id, const QString& event, const QJsonObject& fields)
{
    QJsonObject object = fields;
    object.insert(QStringLiteral("id"), id);
    object.insert(QStringLiteral("event"), event);
    return QJsonDocument(object).toJson(QJsonDocument::Compact) + '\n';
}

Incoming parseIncoming(const QByteArray& line)
{
    Incoming message;
    const QJsonObject json = QJsonDocument::fromJson(line).object();
    if (json.isEmpty()) {
        return message;
    }
    message.id = readInt64Or(json.value(QStringLiteral("id")), -1);
    if (json.contains(QStringLiteral("event"))) {
        message.kind = Incoming::Kind::Event;
        message.event = json.value(QStringLiteral("event")).toString();
        message.body = json;
        message.body.remove(QStringLiteral("id"));
        message.body.remove(QStringLiteral("event"));
    } else if (json.value(QStringLiteral("ok")).toBool()) {
        message.kind = Incoming::Kind::Reply;
        message.body = json.value(QStringLiteral("result")).toObject();
    } else {
        message.kind = Incoming::Kind::Failure;
        const QJsonObject error = json.value(QStringLiteral("error")).toObject();
        message.error = {error.value(QStringLiteral("code")).toString(),
                         error.value(QStringLiteral("message")).toString()};
    }
    return message;
}

} // namespace RaidBench::HelperProtocol

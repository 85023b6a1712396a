#include "disks/diskreason.h"

#include <QJsonArray>

#include <limits>

namespace RaidBench {

namespace {

constexpr const char* reasonContext = "DiskReason";

/// A reason built here holds every mount point and holder, however many: no limit to its length.
constexpr qsizetype whole = std::numeric_limits<qsizetype>::max();

QJsonArray stringArray(const QStringList& strings)
{
    QJsonArray array;
    for (const QString& text : strings) {
        array.append(text);
    }
    return array;
}

} // namespace

DiskReason DiskReason::make(const QString& code, const char* english, const QStringList& args)
{
    DiskReason reason;
    reason.code = code;
    reason.messageTemplate = QString::fromUtf8(english);
    reason.messageArgs = args;
    reason.message = fillTemplate(reason.messageTemplate, args, whole);
    return reason;
}

DiskReason DiskReason::asIs(const QString& code, const QString& message)
{
    return DiskReason {code, message, {}, {}, {}, {}};
}

DiskReason DiskReason::within(const char* outer, const QString& arg) const
{
    DiskReason wrapped = *this;
    wrapped.outerTemplate = QString::fromUtf8(outer);
    wrapped.outerArg = arg;
    wrapped.message = fillTemplate(wrapped.outerTemplate, {arg, message}, whole);
    return wrapped;
}

QString DiskReason::text(Audience audience) const
{
    if (audience == Audience::File || messageTemplate.isEmpty()) {
        return message;
    }
    const QString inner = fillPhrase(audience, reasonContext, messageTemplate, messageArgs);
    return outerTemplate.isEmpty() ? inner : fillPhrase(audience, reasonContext, outerTemplate, {outerArg, inner});
}

QJsonObject DiskReason::toJson() const
{
    QJsonObject json {{QStringLiteral("code"), code}, {QStringLiteral("message"), message}};
    if (!messageTemplate.isEmpty()) {
        json.insert(QStringLiteral("message_template"), messageTemplate);
        json.insert(QStringLiteral("message_args"), stringArray(messageArgs));
    }
    if (!outerTemplate.isEmpty()) {
        json.insert(QStringLiteral("outer_template"), outerTemplate);
        json.insert(QStringLiteral("outer_arg"), outerArg);
    }
    return json;
}

DiskReason DiskReason::fromJson(const QJsonObject& json)
{
    DiskReason reason =
        asIs(json.value(QStringLiteral("code")).toString(), json.value(QStringLiteral("message")).toString());
    QStringList args;
    for (const auto& value : json.value(QStringLiteral("message_args")).toArray()) {
        if (!value.isString()) {
            return reason;
        }
        args.append(value.toString());
    }
    const QString pattern = json.value(QStringLiteral("message_template")).toString();
    const QString outer = json.value(QStringLiteral("outer_template")).toString();
    const QString outerArg = json.value(QStringLiteral("outer_arg")).toString();
    if (pattern.isEmpty() || args.size() > maxTemplateArgs || pattern.size() > maxTemplateText ||
        outer.size() > maxTemplateText) {
        return reason;
    }
    // The template and its arguments must say exactly the message: anything else (a template from
    // another version, an argument missing, a mismatch on purpose) is said by the message alone.
    const QString inner = fillTemplate(pattern, args);
    if ((outer.isEmpty() ? inner : fillTemplate(outer, {outerArg, inner})) != reason.message) {
        return reason;
    }
    reason.messageTemplate = pattern;
    reason.messageArgs = args;
    reason.outerTemplate = outer;
    reason.outerArg = outer.isEmpty() ? QString() : outerArg;
    return reason;
}

} // namespace RaidBench

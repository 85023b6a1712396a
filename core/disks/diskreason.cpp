#include "disks/diskreason.h"

#include <QJsonArray>

namespace RaidBench {

namespace {

constexpr const char* reasonContext = "DiskReason";

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
    reason.message = fillTemplate(reason.messageTemplate, args);
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
    wrapped.message = fillTemplate(wrapped.outerTemplate, {arg, message});
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
        args.append(value.toString());
    }
    const QString pattern = json.value(QStringLiteral("message_template")).toString();
    const QString outer = json.value(QStringLiteral("outer_template")).toString();
    if (args.size() <= maxTemplateArgs && pattern.size() <= maxTemplateText && outer.size() <= maxTemplateText) {
        reason.messageTemplate = pattern;
        reason.messageArgs = args;
        reason.outerTemplate = pattern.isEmpty() ? QString() : outer;
        reason.outerArg =
            reason.outerTemplate.isEmpty() ? QString() : json.value(QStringLiteral("outer_arg")).toString();
    }
    return reason;
}

} // namespace RaidBench

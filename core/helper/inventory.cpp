#include "helper/inventory.h"

#include "util/errorcodes.h"

#include <QRegularExpression>
#include <QSet>

namespace RaidBench {

void Inventory::addHost(const QString& groupName, const QString& name, int line)
{
    if (!hosts.contains(name)) {
        hostOrder.append(name);
        hosts[name].line = line;
    }
    QStringList& members = group(groupName).hosts;
    if (!members.contains(name)) {
        members.append(name);
    }
}

void Inventory::finish()
{
    QSet<QString> held;
    for (auto it = groups.cbegin(); it != groups.cend(); ++it) {
        for (const QString& child : it.value().children) {
            held.insert(child);
        }
    }
    const QStringList names = groups.keys();
    for (const QString& name : names) {
        if (name != QLatin1String("all") && !held.contains(name)) {
            addChild(QStringLiteral("all"), name);
        }
    }
}

void Inventory::addChild(const QString& parent, const QString& child)
{
    group(child);
    QStringList& children = group(parent).children;
    if (!children.contains(child)) {
        children.append(child);
    }
}

namespace InventoryText {

Error lineError(const QString& file, int line, const QString& what)
{
    return {ErrorCode::badInventory, QStringLiteral("%1 line %2: %3").arg(file, QString::number(line), what)};
}

bool plainName(const QString& name)
{
    static const QRegularExpression pattern(
        QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z0-9_][A-Za-z0-9_.-]{0,252}")));
    return pattern.match(name).hasMatch();
}

bool groupName(const QString& name)
{
    static const QRegularExpression pattern(
        QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}")));
    return pattern.match(name).hasMatch();
}

QString unquoted(const QString& text)
{
    if (text.size() >= 2 && (text.front() == QLatin1Char('"') || text.front() == QLatin1Char('\'')) &&
        text.back() == text.front()) {
        return text.mid(1, text.size() - 2);
    }
    return text;
}

} // namespace InventoryText

} // namespace RaidBench

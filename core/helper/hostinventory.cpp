#include "helper/hostinventory.h"

#include "helper/inventory.h"
#include "helper/inventoryini.h"
#include "helper/inventoryyaml.h"
#include "util/errorcodes.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace RaidBench {

using namespace InventoryText;

namespace {

// ---- From groups to targets -----------------------------------------------------------------

/// Every host of `name` and of its children, in first-named order.
QSet<QString> membersOf(const Inventory& inventory, const QString& name, QSet<QString>& visited)
{
    QSet<QString> members;
    if (visited.contains(name)) {
        return members;
    }
    visited.insert(name);
    const InventoryGroup group = inventory.groups.value(name);
    for (const QString& host : group.hosts) {
        members.insert(host);
    }
    for (const QString& child : group.children) {
        members.unite(membersOf(inventory, child, visited));
    }
    return members;
}

/// How far below "all" each group is (its longest way down, as Ansible counts): a deeper group's
/// variables win.
QHash<QString, int> groupDepths(const Inventory& inventory)
{
    QHash<QString, int> depth {{QStringLiteral("all"), 0}};
    // Relaxing along every edge as often as there are groups: a cycle stops growing there.
    for (qsizetype round = 0; round < inventory.groups.size(); ++round) {
        bool changed = false;
        for (auto it = inventory.groups.cbegin(); it != inventory.groups.cend(); ++it) {
            if (!depth.contains(it.key())) {
                continue;
            }
            for (const QString& child : it.value().children) {
                const int below = depth.value(it.key()) + 1;
                if (depth.value(child, -1) < below && below <= int(inventory.groups.size())) {
                    depth.insert(child, below);
                    changed = true;
                }
            }
        }
        if (!changed) {
            break;
        }
    }
    return depth;
}

Result<SshTarget> targetOf(const Inventory& inventory, const QString& name, const QString& file)
{
    // The host's own variables, then its groups', deepest first (by name among equals, as Ansible).
    const QHash<QString, int> depth = groupDepths(inventory);
    QList<std::pair<int, QString>> groups;
    for (auto it = inventory.groups.cbegin(); it != inventory.groups.cend(); ++it) {
        QSet<QString> visited;
        if (it.key() != QLatin1String("all") && membersOf(inventory, it.key(), visited).contains(name)) {
            groups.append({depth.value(it.key(), 1), it.key()});
        }
    }
    std::sort(groups.begin(), groups.end(), [](const auto& a, const auto& b) {
        return a.first != b.first ? a.first > b.first : a.second > b.second;
    });
    groups.append({0, QStringLiteral("all")});
    const InventoryHost& host = inventory.hosts.value(name);
    auto variable = [&](const char* key, const char* older) {
        for (const char* k : {key, older}) {
            const QString wanted = QLatin1String(k);
            if (host.vars.contains(wanted)) {
                return host.vars.value(wanted);
            }
        }
        for (const auto& group : std::as_const(groups)) {
            for (const char* k : {key, older}) {
                const QHash<QString, QString>& vars = inventory.groups.value(group.second).vars;
                if (vars.contains(QLatin1String(k))) {
                    return vars.value(QLatin1String(k));
                }
            }
        }
        return QString();
    };
    const QString address = variable("ansible_host", "ansible_ssh_host");
    const QString user = variable("ansible_user", "ansible_ssh_user");
    const QString port = variable("ansible_port", "ansible_ssh_port");
    const QString hostPart = address.isEmpty() ? name : address;
    QString text = user.isEmpty() ? QString() : user + QLatin1Char('@');
    text += hostPart.contains(QLatin1Char(':')) && !hostPart.startsWith(QLatin1Char('['))
        ? QStringLiteral("[%1]").arg(hostPart)
        : hostPart;
    if (!port.isEmpty()) {
        text += QLatin1Char(':') + port;
    }
    auto target = SshTarget::parse(text);
    if (!target) {
        return lineError(file, host.line, QStringLiteral("host '%1': %2").arg(name, target.error().message));
    }
    return target;
}

} // namespace

void HostInventory::splitReference(const QString& reference, QString& path, QString& group)
{
    const QString text = reference.startsWith(QLatin1Char('@')) ? reference.mid(1) : reference;
    const qsizetype colon = text.lastIndexOf(QLatin1Char(':'));
    if (colon > text.lastIndexOf(QLatin1Char('/'))) {
        path = text.left(colon);
        group = text.mid(colon + 1);
    } else {
        path = text;
        group.clear();
    }
}

Result<QList<SshTarget>> HostInventory::read(const QString& path, const QString& group)
{
    QFile file(path);
    if (path.isEmpty() || !file.open(QIODevice::ReadOnly)) {
        return makeError(ErrorCode::badInventory,
                         QStringLiteral("cannot read the inventory %1: %2")
                             .arg(path.isEmpty() ? QStringLiteral("''") : path,
                                  path.isEmpty() ? QStringLiteral("no file named after '@'") : file.errorString()));
    }
    if (file.size() > maxFileBytes) {
        return makeError(ErrorCode::badInventory,
                         QStringLiteral("the inventory %1 is over 1 MiB; is it an inventory?").arg(path));
    }
    return parse(file.read(maxFileBytes + 1), path, group);
}

Result<QList<SshTarget>> HostInventory::parse(const QByteArray& bytes, const QString& fileName, const QString& group)
{
    const QString text = QString::fromUtf8(bytes).remove(QLatin1Char('\r'));
    if (text.contains(QChar::ReplacementCharacter) || text.contains(QChar(0))) {
        return makeError(ErrorCode::badInventory, QStringLiteral("the inventory %1 is not UTF-8 text").arg(fileName));
    }
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    bool yaml = suffix == QLatin1String("yml") || suffix == QLatin1String("yaml");
    if (suffix != QLatin1String("ini") && !yaml) {
        static const QRegularExpression yamlStart(QStringLiteral(R"(^(---\s*$|[A-Za-z0-9_.-]+:\s*(#.*)?$))"));
        for (const QString& line : text.split(QLatin1Char('\n'))) {
            const QString trimmed = line.trimmed();
            if (trimmed.isEmpty() || trimmed.startsWith(QLatin1Char('#')) || trimmed.startsWith(QLatin1Char(';'))) {
                continue;
            }
            yaml = yamlStart.match(trimmed).hasMatch();
            break;
        }
    }
    Inventory inventory;
    inventory.group(QStringLiteral("all"));
    if (auto parsed =
            yaml ? parseYamlInventory(text, fileName, inventory) : parseIniInventory(text, fileName, inventory);
        !parsed) {
        return parsed.error();
    }
    inventory.finish();
    const QString wanted = group.isEmpty() ? QStringLiteral("all") : group;
    if (!inventory.groups.contains(wanted)) {
        QStringList names = inventory.groups.keys();
        names.removeAll(QStringLiteral("ungrouped"));
        std::sort(names.begin(), names.end());
        return makeError(ErrorCode::badInventory,
                         QStringLiteral("the inventory %1 has no group '%2' (it has %3)")
                             .arg(fileName, wanted, names.join(QStringLiteral(", "))));
    }
    QSet<QString> visited;
    const QSet<QString> members = wanted == QLatin1String("all")
        ? QSet<QString>(inventory.hostOrder.cbegin(), inventory.hostOrder.cend())
        : membersOf(inventory, wanted, visited);
    QList<SshTarget> targets;
    for (const QString& name : std::as_const(inventory.hostOrder)) {
        if (!members.contains(name)) {
            continue;
        }
        auto target = targetOf(inventory, name, fileName);
        if (!target) {
            return target.error();
        }
        targets.append(*target);
    }
    if (targets.isEmpty()) {
        return makeError(ErrorCode::badInventory,
                         wanted == QLatin1String("all")
                             ? QStringLiteral("the inventory %1 names no host").arg(fileName)
                             : QStringLiteral("group '%1' of the inventory %2 has no host").arg(wanted, fileName));
    }
    return targets;
}

} // namespace RaidBench

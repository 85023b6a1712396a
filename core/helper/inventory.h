#pragma once

#include "util/result.h"

#include <QHash>
#include <QString>
#include <QStringList>

namespace RaidBench {

/// An Ansible inventory as read, before it becomes ssh targets (HostInventory): hosts in the order
/// first named, groups by name ("all" holds the top-level groups as children), each with its variables.
/// The INI and YAML readers (inventoryini, inventoryyaml) fill it.
struct InventoryHost
{
    QHash<QString, QString> vars;
    int line = 0;
};

struct InventoryGroup
{
    QStringList hosts;
    QStringList children;
    QHash<QString, QString> vars;
};

struct Inventory
{
    QStringList hostOrder;
    QHash<QString, InventoryHost> hosts;
    QHash<QString, InventoryGroup> groups;

    InventoryGroup& group(const QString& name) { return groups[name]; }
    /// `name` in `groupName`, first named on `line`.
    void addHost(const QString& groupName, const QString& name, int line);
    /// Groups no other group holds are children of "all".
    void finish();
    void addChild(const QString& parent, const QString& child);
};

/// What an inventory's lines share: an error naming the file and the line, the names Ansible allows
/// for hosts and for groups, a value without its quotes.
namespace InventoryText {
Error lineError(const QString& file, int line, const QString& what);
bool plainName(const QString& name);
bool groupName(const QString& name);
QString unquoted(const QString& text);
} // namespace InventoryText

} // namespace RaidBench

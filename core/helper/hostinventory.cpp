#include "helper/hostinventory.h"

#include "util/errorcodes.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace RaidBench {

namespace {

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

/// What both formats read into: hosts in the order first named, groups by name ("all" holds the
/// top-level groups as children).
struct Inventory
{
    QStringList hostOrder;
    QHash<QString, InventoryHost> hosts;
    QHash<QString, InventoryGroup> groups;

    InventoryGroup& group(const QString& name) { return groups[name]; }
    void addHost(const QString& groupName, const QString& name, int line)
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
    /// Groups no other group holds are children of "all".
    void finish()
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
    void addChild(const QString& parent, const QString& child)
    {
        group(child);
        QStringList& children = group(parent).children;
        if (!children.contains(child)) {
            children.append(child);
        }
    }
};

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

/// Whitespace-separated words, quotes keeping spaces, a word starting with '#' ending the line.
Result<QStringList> iniWords(const QString& line)
{
    QStringList words;
    QString word;
    bool inWord = false;
    QChar quote;
    for (const QChar c : line) {
        if (!quote.isNull()) {
            if (c == quote) {
                quote = QChar();
            } else {
                word += c;
            }
            continue;
        }
        if (c.isSpace()) {
            if (inWord) {
                words.append(word);
                word.clear();
                inWord = false;
            }
            continue;
        }
        if (c == QLatin1Char('#') && !inWord) {
            break;
        }
        if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            quote = c;
            inWord = true;
            continue;
        }
        word += c;
        inWord = true;
    }
    if (!quote.isNull()) {
        return makeError(ErrorCode::badInventory, QStringLiteral("a quote is not closed"));
    }
    if (inWord) {
        words.append(word);
    }
    return words;
}

Result<void> parseIni(const QString& text, const QString& file, Inventory& inventory)
{
    enum class Section { hosts, vars, children };
    QString current = QStringLiteral("ungrouped");
    Section section = Section::hosts;
    inventory.group(current);
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const int number = int(i) + 1;
        const QString line = lines.at(i).trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')) || line.startsWith(QLatin1Char(';'))) {
            continue;
        }
        if (line.startsWith(QLatin1Char('['))) {
            static const QRegularExpression header(
                QRegularExpression::anchoredPattern(QStringLiteral(R"(\[([^\]:]+)(?::(vars|children))?\])")));
            const auto match = header.match(line);
            if (!match.hasMatch() || !groupName(match.captured(1))) {
                return lineError(file, number,
                                 QStringLiteral("'%1' is not a group: write [NAME], [NAME:vars] or [NAME:children]")
                                     .arg(line.left(80)));
            }
            current = match.captured(1);
            section = match.captured(2) == QLatin1String("vars") ? Section::vars
                : match.captured(2) == QLatin1String("children") ? Section::children
                                                                 : Section::hosts;
            inventory.group(current);
            continue;
        }
        if (section == Section::vars) {
            const qsizetype equals = line.indexOf(QLatin1Char('='));
            if (equals <= 0) {
                return lineError(file, number, QStringLiteral("a [%1:vars] line is KEY=VALUE").arg(current));
            }
            auto value = iniWords(line.mid(equals + 1));
            if (!value) {
                return lineError(file, number, value.error().message);
            }
            inventory.group(current).vars.insert(line.left(equals).trimmed(), value->join(QLatin1Char(' ')));
            continue;
        }
        auto words = iniWords(line);
        if (!words) {
            return lineError(file, number, words.error().message);
        }
        if (words->isEmpty()) {
            continue;
        }
        const QString name = words->takeFirst();
        if (section == Section::children) {
            if (!groupName(name) || !words->isEmpty()) {
                return lineError(file, number, QStringLiteral("a [%1:children] line names one group").arg(current));
            }
            inventory.addChild(current, name);
            continue;
        }
        if (name.contains(QLatin1Char('[')) && name.contains(QLatin1Char(']'))) {
            return lineError(file, number,
                             QStringLiteral("host ranges such as '%1' are not read; name each host").arg(name));
        }
        // NAME:PORT is Ansible's short form of ansible_port.
        static const QRegularExpression withPort(
            QRegularExpression::anchoredPattern(QStringLiteral("([^:]+):([0-9]{1,5})")));
        const auto portMatch = withPort.match(name);
        const QString host = portMatch.hasMatch() ? portMatch.captured(1) : name;
        if (!plainName(host)) {
            return lineError(file, number, QStringLiteral("'%1' is not a host name").arg(name.left(80)));
        }
        inventory.addHost(current, host, number);
        if (portMatch.hasMatch()) {
            inventory.hosts[host].vars.insert(QStringLiteral("ansible_port"), portMatch.captured(2));
        }
        for (const QString& pair : std::as_const(*words)) {
            const qsizetype equals = pair.indexOf(QLatin1Char('='));
            if (equals <= 0) {
                return lineError(
                    file, number,
                    QStringLiteral("after the host name come KEY=VALUE pairs; '%1' is not one").arg(pair.left(80)));
            }
            inventory.hosts[host].vars.insert(pair.left(equals), pair.mid(equals + 1));
        }
    }
    return {};
}

// ---- YAML: the block mappings Ansible inventories are written in ------------------------------

struct YamlLine
{
    int indent = 0;
    QString text;
    int number = 0;
};

struct YamlNode
{
    int line = 0;
    bool isMap = false;
    QString scalar; ///< empty with !isMap: null
    QList<std::pair<QString, YamlNode>> entries;
};

/// The text without a trailing comment (a '#' after a space, outside quotes).
QString withoutComment(const QString& text)
{
    QChar quote;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (!quote.isNull()) {
            quote = c == quote ? QChar() : quote;
        } else if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            quote = c;
        } else if (c == QLatin1Char('#') && (i == 0 || text.at(i - 1).isSpace())) {
            return text.left(i).trimmed();
        }
    }
    return text.trimmed();
}

Result<QList<YamlLine>> yamlLines(const QString& text, const QString& file)
{
    QList<YamlLine> lines;
    const QStringList raw = text.split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < raw.size(); ++i) {
        const QString line = raw.at(i);
        qsizetype indent = 0;
        while (indent < line.size() && (line.at(indent) == QLatin1Char(' ') || line.at(indent) == QLatin1Char('\t'))) {
            if (line.at(indent) == QLatin1Char('\t')) {
                return lineError(file, int(i) + 1,
                                 QStringLiteral("a tab in the indentation (YAML indents with spaces)"));
            }
            ++indent;
        }
        const QString content = withoutComment(line.mid(indent));
        if (content.isEmpty() || content == QLatin1String("---") || content == QLatin1String("...")) {
            continue;
        }
        lines.append({int(indent), content, int(i) + 1});
    }
    return lines;
}

Result<YamlNode> yamlScalarOrFlow(const QString& value, int line, const QString& file)
{
    YamlNode node;
    node.line = line;
    if (value.startsWith(QLatin1Char('[')) || value.startsWith(QLatin1Char('&')) ||
        value.startsWith(QLatin1Char('*')) || value.startsWith(QLatin1Char('!')) ||
        value.startsWith(QLatin1Char('|')) || value.startsWith(QLatin1Char('>'))) {
        return lineError(file, line,
                         QStringLiteral("'%1': lists, anchors, tags and block texts are not read in an inventory")
                             .arg(value.left(40)));
    }
    if (!value.startsWith(QLatin1Char('{'))) {
        node.scalar = unquoted(value);
        if (node.scalar == QLatin1String("~") || node.scalar == QLatin1String("null")) {
            node.scalar.clear();
        }
        return node;
    }
    if (!value.endsWith(QLatin1Char('}'))) {
        return lineError(file, line, QStringLiteral("a '{' mapping must end on the same line"));
    }
    node.isMap = true;
    const QString inside = value.mid(1, value.size() - 2).trimmed();
    if (inside.isEmpty()) {
        return node;
    }
    for (const QString& part : inside.split(QLatin1Char(','))) {
        const qsizetype colon = part.indexOf(QLatin1Char(':'));
        if (colon <= 0 || part.contains(QLatin1Char('{'))) {
            return lineError(file, line, QStringLiteral("'%1' in a '{' mapping is not KEY: VALUE").arg(part.trimmed()));
        }
        YamlNode child;
        child.line = line;
        child.scalar = unquoted(part.mid(colon + 1).trimmed());
        node.entries.append({unquoted(part.left(colon).trimmed()), child});
    }
    return node;
}

/// The block mapping at `indent` starting at lines[at]; `at` ends after it.
Result<YamlNode> yamlMapping(const QList<YamlLine>& lines, qsizetype& at, int indent, const QString& file)
{
    YamlNode map;
    map.isMap = true;
    map.line = lines.at(at).number;
    while (at < lines.size() && lines.at(at).indent >= indent) {
        const YamlLine& line = lines.at(at);
        if (line.indent > indent) {
            return lineError(file, line.number, QStringLiteral("indented more than the line before it"));
        }
        if (line.text.startsWith(QLatin1String("- ")) || line.text == QLatin1String("-")) {
            return lineError(file, line.number,
                             QStringLiteral("a YAML list; an inventory names hosts and groups as KEY: lines"));
        }
        // The key ends at the first ':' followed by a space or the end, outside quotes.
        qsizetype colon = -1;
        QChar quote;
        for (qsizetype i = 0; i < line.text.size() && colon < 0; ++i) {
            const QChar c = line.text.at(i);
            if (!quote.isNull()) {
                quote = c == quote ? QChar() : quote;
            } else if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
                quote = c;
            } else if (c == QLatin1Char(':') && (i + 1 == line.text.size() || line.text.at(i + 1).isSpace())) {
                colon = i;
            }
        }
        if (colon <= 0) {
            return lineError(file, line.number,
                             QStringLiteral("'%1' is not KEY: or KEY: VALUE").arg(line.text.left(80)));
        }
        const QString key = unquoted(line.text.left(colon).trimmed());
        const QString value = line.text.mid(colon + 1).trimmed();
        ++at;
        YamlNode child;
        if (!value.isEmpty()) {
            auto parsed = yamlScalarOrFlow(value, line.number, file);
            if (!parsed) {
                return parsed.error();
            }
            child = *parsed;
        } else if (at < lines.size() && lines.at(at).indent > indent) {
            auto nested = yamlMapping(lines, at, lines.at(at).indent, file);
            if (!nested) {
                return nested.error();
            }
            child = *nested;
        }
        child.line = line.number;
        for (const auto& entry : std::as_const(map.entries)) {
            if (entry.first == key) {
                return lineError(file, line.number, QStringLiteral("'%1' is named twice here").arg(key));
            }
        }
        map.entries.append({key, child});
    }
    return map;
}

Result<void> readYamlVars(const YamlNode& node, QHash<QString, QString>& vars, const QString& file)
{
    if (!node.isMap) {
        if (!node.scalar.isEmpty()) {
            return lineError(file, node.line, QStringLiteral("variables are KEY: VALUE lines"));
        }
        return {};
    }
    for (const auto& [key, value] : node.entries) {
        if (!value.isMap) { // a structured value is some other tool's; none of ours is one
            vars.insert(key, value.scalar);
        }
    }
    return {};
}

Result<void> readYamlGroup(const QString& name, const YamlNode& node, const QString& file, Inventory& inventory,
                           int depth)
{
    if (depth > 32) {
        return lineError(file, node.line, QStringLiteral("groups nested more than 32 deep"));
    }
    if (!groupName(name)) {
        return lineError(file, node.line, QStringLiteral("'%1' is not a group name").arg(name.left(80)));
    }
    inventory.group(name);
    if (!node.isMap) {
        if (!node.scalar.isEmpty()) {
            return lineError(file, node.line,
                             QStringLiteral("group '%1' is a value; a group holds hosts, children and vars").arg(name));
        }
        return {};
    }
    for (const auto& [key, value] : node.entries) {
        if (key == QLatin1String("vars")) {
            if (auto read = readYamlVars(value, inventory.group(name).vars, file); !read) {
                return read;
            }
        } else if (key == QLatin1String("hosts")) {
            if (!value.isMap && !value.scalar.isEmpty()) {
                return lineError(file, value.line,
                                 QStringLiteral("hosts of '%1' are KEY: lines, one per host").arg(name));
            }
            for (const auto& [host, vars] : value.entries) {
                if (!plainName(host) || host.contains(QLatin1Char('['))) {
                    return lineError(
                        file, vars.line,
                        QStringLiteral("'%1' is not a host name (host ranges are not read)").arg(host.left(80)));
                }
                inventory.addHost(name, host, vars.line);
                if (auto read = readYamlVars(vars, inventory.hosts[host].vars, file); !read) {
                    return read;
                }
            }
        } else if (key == QLatin1String("children")) {
            if (!value.isMap && !value.scalar.isEmpty()) {
                return lineError(file, value.line,
                                 QStringLiteral("children of '%1' are KEY: lines, one per group").arg(name));
            }
            for (const auto& [child, group] : value.entries) {
                inventory.addChild(name, child);
                if (auto read = readYamlGroup(child, group, file, inventory, depth + 1); !read) {
                    return read;
                }
            }
        } else {
            return lineError(
                file, value.line,
                QStringLiteral("'%1' in group '%2': a group holds hosts, children and vars").arg(key, name));
        }
    }
    return {};
}

Result<void> parseYaml(const QString& text, const QString& file, Inventory& inventory)
{
    auto lines = yamlLines(text, file);
    if (!lines) {
        return lines.error();
    }
    if (lines->isEmpty()) {
        return {};
    }
    qsizetype at = 0;
    auto top = yamlMapping(*lines, at, lines->first().indent, file);
    if (!top) {
        return top.error();
    }
    if (at < lines->size()) {
        return lineError(file, lines->at(at).number, QStringLiteral("indented less than the first line"));
    }
    for (const auto& [name, node] : top->entries) {
        if (auto read = readYamlGroup(name, node, file, inventory, 0); !read) {
            return read;
        }
    }
    return {};
}

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
    if (auto parsed = yaml ? parseYaml(text, fileName, inventory) : parseIni(text, fileName, inventory); !parsed) {
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

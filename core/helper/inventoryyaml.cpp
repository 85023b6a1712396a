#include "helper/inventoryyaml.h"

#include "util/errorcodes.h"

#include <QRegularExpression>

namespace RaidBench {

using namespace InventoryText;

namespace {

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

} // namespace

Result<void> parseYamlInventory(const QString& text, const QString& file, Inventory& inventory)
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

} // namespace RaidBench

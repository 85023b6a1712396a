#include "helper/inventoryini.h"

#include "util/errorcodes.h"

#include <QRegularExpression>

namespace RaidBench {

using namespace InventoryText;

namespace {

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

} // namespace

Result<void> parseIniInventory(const QString& text, const QString& file, Inventory& inventory)
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

} // namespace RaidBench

#include "util/terminaltext.h"

namespace RaidBench {

QString terminalSafe(const QString& text, bool keepLineBreaks)
{
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        const char16_t code = c.unicode();
        if (keepLineBreaks && (code == u'\n' || code == u'\t')) {
            out += c;
        } else if (code < 0x20 || code == 0x7f || (code >= 0x80 && code < 0xa0)) {
            out += QStringLiteral("\\x%1").arg(int(code), 2, 16, QLatin1Char('0'));
        } else if (c.category() == QChar::Other_Format || c == QChar::LineSeparator || c == QChar::ParagraphSeparator) {
            out += QStringLiteral("\\u{%1}").arg(int(code), 4, 16, QLatin1Char('0'));
        } else {
            out += c;
        }
    }
    return out;
}

QString terminalSafeJson(const QString& json)
{
    QString out;
    out.reserve(json.size());
    for (const QChar c : json) {
        const char16_t code = c.unicode();
        if (code == 0x7f || (code >= 0x80 && code < 0xa0) || c.category() == QChar::Other_Format ||
            c == QChar::LineSeparator || c == QChar::ParagraphSeparator) {
            out += QStringLiteral("\\u%1").arg(int(code), 4, 16, QLatin1Char('0'));
        } else {
            out += c;
        }
    }
    return out;
}

QString spreadsheetSafe(const QString& cell)
{
    if (cell.isEmpty()) {
        return cell;
    }
    const QChar first = cell.front();
    const bool formula =
        first == u'=' || first == u'+' || first == u'-' || first == u'@' || first == u'\t' || first == u'\r';
    if (!formula) {
        return cell;
    }
    bool number = false;
    cell.toDouble(&number);
    return number ? cell : QLatin1Char('\'') + cell;
}

} // namespace RaidBench

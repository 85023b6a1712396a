#pragma once

#include <QString>

namespace RaidBench {

/// `text` fit for a terminal: every control character (C0, DEL, C1, ESC) and every invisible format
/// character (bidirectional overrides, zero-width spaces) shown visibly as \xNN or \u{NNNN}, so that
/// a string from a disk, a file or another host can neither move the cursor, hide a line, change
/// colours nor reorder what is shown. With `keepLineBreaks`, newline and tab stay (a whole message
/// of ours that quotes such strings); without, they are shown too (a field in a line).
QString terminalSafe(const QString& text, bool keepLineBreaks = false);

/// JSON text (as QJsonDocument writes it) fit for a terminal and still valid JSON: the characters
/// terminalSafe() shows visibly that JSON leaves raw (DEL, C1, format characters) as \uNNNN escapes.
QString terminalSafeJson(const QString& json);

/// A spreadsheet cell that cannot be read as a formula: text that starts with = + - @, a tab or a
/// carriage return gets a leading apostrophe, unless it is a plain number ("-3.5").
QString spreadsheetSafe(const QString& cell);

} // namespace RaidBench

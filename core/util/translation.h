#pragma once

#include <QLocale>
#include <QString>

class QCoreApplication;

namespace RaidBench {

/// Loads the catalogues of the user's language (the locale's UI languages: LANGUAGE, LC_ALL,
/// LC_MESSAGES, LANG): Qt's own (its dialogs' buttons) and RaidBench's, for the window and the CLI
/// alike. Returns the language loaded ("es"), or empty when the user's language is English or has no
/// catalogue. Call once, after the application object exists.
QString installTranslations(QCoreApplication& app, const QLocale& locale = QLocale::system());

/// The languages RaidBench has a catalogue for, besides English.
QStringList translatedLanguages();

/// Whom a text built in core is for. A file (JSON, CSV, a Markdown report, a log) keeps English whatever
/// the user's language, so that tools and other machines read it alike; a person reads it in the
/// language of the catalogue installTranslations() loaded.
enum class Audience {
    File,
    Person,
};

/// `english`, marked for lupdate where it is written (QT_TRANSLATE_NOOP(context, "...")), as
/// `audience` reads it: itself for a file, the catalogue's words under `context` for a person.
QString phrase(Audience audience, const char* context, const char* english);

/// `value` with `decimals` as `audience` reads it: the C locale's digits for a file, the user's
/// locale's (decimal comma, digit groups) for a person.
QString number(Audience audience, double value, int decimals);

/// "77.4 MB/s" for a file (as Units::formatMBps), "77,4 MB/s" for a person in a locale with a decimal
/// comma.
QString formatMBps(Audience audience, double bytesPerSecond);

/// The longest text fillTemplate() makes: templates and arguments may come from another process (the
/// helper, another machine's), and a template that repeats one long argument must not grow without end.
constexpr qsizetype maxFilledText = 4096;
/// The longest template and the most arguments a text that crossed a process boundary may carry; one
/// beyond them is said by its English text alone.
constexpr qsizetype maxTemplateText = 1000;
constexpr qsizetype maxTemplateArgs = 9;

/// `pattern` with each %1..%9 replaced by that argument, in one pass: an argument that itself holds "%2"
/// stays as it is, and a marker without its argument stays too. At most `limit` characters: text from
/// another process keeps the default; a sentence built here from its own facts may pass none.
QString fillTemplate(const QString& pattern, const QStringList& args, qsizetype limit = maxFilledText);

/// The English template `english` (kept as data, e.g. received from the helper) as `audience` reads it
/// under `context`, filled with `args`.
QString fillPhrase(Audience audience, const char* context, const QString& english, const QStringList& args);

} // namespace RaidBench

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

} // namespace RaidBench

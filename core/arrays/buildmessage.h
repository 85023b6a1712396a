#pragma once

#include <QString>
#include <QStringList>

namespace RaidBench {

/// What a build, teardown or recovery is doing, as an English template and its arguments, so each
/// reader says it in its own words: the window from the catalogue (context "CampaignProgress"; every
/// template is marked there with QT_TRANSLATE_NOOP), a log or a file in English (text()).
struct BuildMessage
{
    const char* english = "%1"; ///< a literal: the catalogue's key
    QStringList args;

    /// A text that is a message of its own (an error, a tool's output): said as it is.
    static BuildMessage asIs(const QString& text) { return {"%1", {text}}; }
    /// The message in English, its arguments filled in.
    QString text() const;
};

} // namespace RaidBench

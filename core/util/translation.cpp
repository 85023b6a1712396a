#include "util/translation.h"

#include <QCoreApplication>
#include <QFile>
#include <QLibraryInfo>
#include <QTranslator>

namespace RaidBench {

QStringList translatedLanguages()
{
    return {QStringLiteral("es")};
}

QString installTranslations(QCoreApplication& app, const QLocale& locale)
{
    for (const QString& wanted : locale.uiLanguages()) {
        const QString language = wanted.section(QLatin1Char('-'), 0, 0).toLower();
        if (language == QLatin1String("en")) {
            return {};
        }
        if (!translatedLanguages().contains(language)) {
            continue;
        }
        auto* own = new QTranslator(&app);
        if (!own->load(QStringLiteral(":/i18n/raidbench_%1.qm").arg(language))) {
            delete own;
            return {};
        }
        QCoreApplication::installTranslator(own);
        // Qt's own strings (the buttons of its dialogs), where its catalogues are installed.
        auto* qt = new QTranslator(&app);
        if (qt->load(QLocale(language), QStringLiteral("qtbase"), QStringLiteral("_"),
                     QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
            QCoreApplication::installTranslator(qt);
        } else {
            delete qt;
        }
        return language;
    }
    return {};
}

QString phrase(Audience audience, const char* context, const char* english)
{
    return audience == Audience::Person ? QCoreApplication::translate(context, english) : QString::fromUtf8(english);
}

QString number(Audience audience, double value, int decimals)
{
    return audience == Audience::Person ? QLocale().toString(value, 'f', decimals)
                                        : QString::number(value, 'f', decimals);
}

QString formatMBps(Audience audience, double bytesPerSecond)
{
    return number(audience, bytesPerSecond / 1e6, 1) + QStringLiteral(" MB/s");
}

QString fillTemplate(const QString& pattern, const QStringList& args, qsizetype limit)
{
    QString out;
    out.reserve(pattern.size() + 32);
    for (qsizetype i = 0; i < pattern.size() && out.size() < limit; ++i) {
        const QChar c = pattern.at(i);
        if (c == QLatin1Char('%') && i + 1 < pattern.size() && pattern.at(i + 1) >= QLatin1Char('1') &&
            pattern.at(i + 1) <= QLatin1Char('9')) {
            const int index = pattern.at(i + 1).unicode() - '1';
            if (index < args.size()) {
                out += args.at(index);
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out.left(limit);
}

QString fillPhrase(Audience audience, const char* context, const QString& english, const QStringList& args)
{
    if (audience == Audience::File) {
        return fillTemplate(english, args);
    }
    const QByteArray utf8 = english.toUtf8();
    return fillTemplate(QCoreApplication::translate(context, utf8.constData()), args);
}

} // namespace RaidBench

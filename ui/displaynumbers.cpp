#include "displaynumbers.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>

namespace RaidBench::Ui::Display {

QString localized(const QString& text)
{
    const QString point = QLocale().decimalPoint();
    if (point == QLatin1String(".")) {
        return text;
    }
    QString out = text;
    for (qsizetype i = 1; i + 1 < out.size(); ++i) {
        if (out.at(i) == QLatin1Char('.') && out.at(i - 1).isDigit() && out.at(i + 1).isDigit()) {
            out.replace(i, 1, point);
            i += point.size() - 1;
        }
    }
    return out;
}

QString formatFileTime(const QString& iso)
{
    const QDateTime when = QDateTime::fromString(iso, Qt::ISODate);
    return when.isValid() ? QLocale().toString(when.toLocalTime(), QLocale::ShortFormat) : iso;
}

QString runStatus(RunState status)
{
    return runStateText(status, Audience::Person);
}

} // namespace RaidBench::Ui::Display

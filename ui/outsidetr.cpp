#include "outsidetr.h"

#include <QCoreApplication>

namespace RaidBench::Ui {

QString trOutsideQObject(const char* text)
{
    static const char* const contexts[] = {"RaidBench::Ui::Charts", "RaidBench::Ui::ChartParts", "RaidBench::Ui",
                                           "RaidBench::Ui::DiskHealthText"};
    const QString source = QString::fromUtf8(text);
    for (const char* context : contexts) {
        const QString translated = QCoreApplication::translate(context, text);
        if (translated != source) {
            return translated;
        }
    }
    return source;
}

} // namespace RaidBench::Ui

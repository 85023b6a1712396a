#pragma once

#include <QString>

namespace RaidBench::Ui {

/// tr() for code outside a QObject (chart builders, the HTML report, the health text). lupdate files
/// such a string under the class or namespace its call is written in (RaidBench::Ui::Charts for
/// Charts::title(), RaidBench::Ui for a helper in an unnamed namespace), so the lookup tries each of
/// those contexts; the text itself when none has it.
QString trOutsideQObject(const char* text);

} // namespace RaidBench::Ui

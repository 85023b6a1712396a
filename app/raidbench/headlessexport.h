#pragma once

#include <QString>
#include <QStringList>

#include <optional>

/// `raidbench --export-report` and `--export-chart`: the GUI's report and charts written without a
/// window (offscreen platform), for scripts on servers.
struct HeadlessExport
{
    QString report; ///< results file for the HTML report
    QString chart; ///< chart name
    QString results; ///< results file for the chart
    QString out;
    QString format;
    QString size;
    QString dpi;
    QString order;
    QString page;
    bool dark = false;
    QStringList compareWith; ///< more results files: the report or chart compares them all (hosts side by side)
    std::optional<QString> recommend; ///< requirements for the recommendation and the tradeoff chart
};

/// Exit code: 0 written, 1 failed (unreadable results, nothing to draw, cannot write), 2 usage.
int runHeadlessExport(const HeadlessExport& request);

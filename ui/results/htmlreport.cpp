#include "results/htmlreport.h"

#include "../outsidetr.h"
#include "exports/exports.h"
#include "model/analysis.h"
#include "results/chartexport.h"
#include "results/resultcharts.h"
#include "util/errorcodes.h"

#include <QChart>
#include <QCoreApplication>
#include <QRegularExpression>
#include <QSaveFile>

#include <memory>

namespace RaidBench::Ui {

namespace {

QString tr(const char* text)
{
    return trOutsideQObject(text);
}

QString inline_(const QString& text)
{
    QString html = text.toHtmlEscaped();
    static const QRegularExpression bold(QStringLiteral("\\*\\*(.+?)\\*\\*"));
    html.replace(bold, QStringLiteral("<strong>\\1</strong>"));
    static const QRegularExpression code(QStringLiteral("`([^`]+)`"));
    html.replace(code, QStringLiteral("<code>\\1</code>"));
    return html;
}

QStringList cells(const QString& row)
{
    // Split on the pipes that are not escaped ("\|" is a pipe inside a cell).
    QStringList out;
    QString current;
    const QString inner = row.trimmed().mid(1).chopped(row.trimmed().endsWith(QLatin1Char('|')) ? 1 : 0);
    for (qsizetype i = 0; i < inner.size(); ++i) {
        if (inner.at(i) == QLatin1Char('\\') && i + 1 < inner.size() && inner.at(i + 1) == QLatin1Char('|')) {
            current += QLatin1Char('|');
            ++i;
        } else if (inner.at(i) == QLatin1Char('|')) {
            out.append(current.trimmed());
            current.clear();
        } else {
            current += inner.at(i);
        }
    }
    out.append(current.trimmed());
    return out;
}

QString svgInline(const QByteArray& svg)
{
    // The document without its XML declaration, so it can sit in the page.
    QString text = QString::fromUtf8(svg);
    const qsizetype start = text.indexOf(QLatin1String("<svg"));
    return start >= 0 ? text.mid(start) : QString();
}

} // namespace

QString markdownToHtml(const QString& markdown)
{
    QString html;
    const QStringList lines = markdown.split(QLatin1Char('\n'));
    QString paragraph;
    const auto flush = [&] {
        if (!paragraph.trimmed().isEmpty()) {
            html += QStringLiteral("<p>%1</p>\n").arg(inline_(paragraph.trimmed()));
        }
        paragraph.clear();
    };
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString& line = lines.at(i);
        if (line.startsWith(QLatin1Char('#'))) {
            flush();
            const qsizetype level = std::min<qsizetype>(line.indexOf(QLatin1Char(' ')), 4);
            html += QStringLiteral("<h%1>%2</h%1>\n").arg(level + 1).arg(inline_(line.mid(level + 1)));
        } else if (line.startsWith(QLatin1Char('|'))) {
            flush();
            QStringList align;
            QString table = QStringLiteral("<table>\n");
            bool header = true;
            for (; i < lines.size() && lines.at(i).startsWith(QLatin1Char('|')); ++i) {
                const QStringList row = cells(lines.at(i));
                if (row.value(0).startsWith(QLatin1String("---")) || row.value(0).startsWith(QLatin1String(":-"))) {
                    for (const QString& rule : row) {
                        align.append(rule.endsWith(QLatin1Char(':')) ? QStringLiteral(" class=\"num\"") : QString());
                    }
                    continue;
                }
                table += QStringLiteral("<tr>");
                for (qsizetype c = 0; c < row.size(); ++c) {
                    const QString tag = header ? QStringLiteral("th") : QStringLiteral("td");
                    table += QStringLiteral("<%1%2>%3</%1>").arg(tag, align.value(c), inline_(row.at(c)));
                }
                table += QStringLiteral("</tr>\n");
                header = false;
            }
            --i;
            html += table + QStringLiteral("</table>\n");
        } else if (line.startsWith(QLatin1String("- "))) {
            // A list: "- " items, each on its own line (the report's notes, a disk's surface points).
            flush();
            html += QStringLiteral("<ul>\n");
            for (; i < lines.size() && lines.at(i).startsWith(QLatin1String("- ")); ++i) {
                html += QStringLiteral("<li>%1</li>\n").arg(inline_(lines.at(i).mid(2).trimmed()));
            }
            --i;
            html += QStringLiteral("</ul>\n");
        } else if (line.trimmed().isEmpty()) {
            flush();
        } else {
            paragraph += line + QLatin1Char(' ');
        }
    }
    flush();
    return html;
}

QList<ReportChart> reportCharts(const CampaignResults& results)
{
    QList<ReportChart> charts;
    for (const QString& name : Charts::names()) {
        const int pages =
            name == QLatin1String("disks") || name == QLatin1String("tradeoff") || name == QLatin1String("surface")
            ? 1
            : ResultsModel::pageCount(results, ReportChart::configsPerPage);
        for (int page = 0; page < pages; ++page) {
            charts.append({name, page});
        }
    }
    return charts;
}

QString reportFigure(const CampaignResults& results, const ReportChart& which, bool dark,
                     const Requirements& requirements)
{
    ChartOptions options;
    options.dark = dark;
    options.requirements = requirements;
    options.perPage = ReportChart::configsPerPage;
    options.page = which.page;
    auto chart = Charts::make(which.name, results, options);
    if (!chart) {
        return {};
    }
    std::unique_ptr<QChart> owned(*chart);
    const QString caption = Charts::caption(which.name);
    return QStringLiteral("<figure>%1%2</figure>\n")
        .arg(svgInline(chartToSvg(owned.get(), QSize(1000, 520))),
             caption.isEmpty() ? QString()
                               : QStringLiteral("<figcaption>%1</figcaption>").arg(caption.toHtmlEscaped()));
}

QString reportPage(const CampaignResults& results, const QStringList& figures, bool dark,
                   const Requirements& requirements)
{
    QString markdown = resultsToMarkdown(results, requirements);
    // The answer first, as the window shows it: the recommendation (the Markdown report's last section)
    // moves up to just after the heading and host line; then the charts, then the tables.
    QString answer;
    const qsizetype answerStart = markdown.indexOf(QLatin1String("\n## Recommendation\n"));
    if (answerStart >= 0) {
        const qsizetype answerEnd = markdown.indexOf(QLatin1String("\n## "), answerStart + 1);
        answer = markdown.mid(answerStart, answerEnd < 0 ? -1 : answerEnd - answerStart);
        markdown.remove(answerStart, answer.size());
    }
    const qsizetype tablesStart = markdown.indexOf(QLatin1String("\n## "));
    const QString head = (tablesStart > 0 ? markdown.left(tablesStart) : markdown) + answer;
    const QString tables = tablesStart > 0 ? markdown.mid(tablesStart) : QString();
    const QString charts = figures.join(QString());
    QString commands;
    for (const ConfigResult& config : std::as_const(results.configs)) {
        if (config.commands.isEmpty()) {
            continue;
        }
        commands += QStringLiteral("<details><summary>%1 — %2</summary><pre>%3</pre></details>\n")
                        .arg(config.name.toHtmlEscaped(), config.spec.describe().toHtmlEscaped(),
                             config.commands.join(QLatin1Char('\n')).toHtmlEscaped());
    }

    const QString background = dark ? QStringLiteral("#1f2124") : QStringLiteral("#ffffff");
    const QString text = dark ? QStringLiteral("#e6e6e6") : QStringLiteral("#1d1d1d");
    const QString rule = dark ? QStringLiteral("#444") : QStringLiteral("#ccc");
    QString html =
        QStringLiteral("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                       "<meta name=\"generator\" content=\"RaidBench %1\">\n<title>%2</title>\n<style>\n"
                       "body{font-family:sans-serif;margin:2em auto;max-width:1100px;background:%3;color:%4;}\n"
                       "table{border-collapse:collapse;margin:1em 0;font-size:0.92em;display:block;max-width:100%;"
                       "overflow-x:auto;}\n"
                       "th,td{border:1px solid %5;padding:0.25em 0.6em;text-align:left;vertical-align:top;}\n"
                       "th.num,td.num{text-align:right;}\nfigure{margin:1.5em 0;}\nfigure svg,figure "
                       "img{max-width:100%;height:auto;}\n"
                       "pre{white-space:pre-wrap;font-size:0.85em;}\ndetails{margin:0.4em 0;}\n"
                       "</style>\n</head>\n<body>\n")
            .arg(results.raidbenchVersion.toHtmlEscaped(),
                 tr("RaidBench results, %1").arg(results.updated).toHtmlEscaped(), background, text, rule);
    html += markdownToHtml(head);
    html += QStringLiteral("<h2>%1</h2>\n%2").arg(tr("Charts"), charts);
    html += markdownToHtml(tables);
    if (!commands.isEmpty()) {
        html += QStringLiteral("<h2>%1</h2>\n<p>%2</p>\n%3")
                    .arg(tr("Commands run"),
                         tr("Every command RaidBench ran for each configuration, in order, to build, measure and "
                            "tear it down."),
                         commands);
    }
    html += QStringLiteral("</body>\n</html>\n");
    return html;
}

QString resultsToHtml(const CampaignResults& results, bool dark, const Requirements& requirements)
{
    QStringList figures;
    for (const ReportChart& chart : reportCharts(results)) {
        figures.append(reportFigure(results, chart, dark, requirements));
    }
    return reportPage(results, figures, dark, requirements);
}

Result<void> writeHtmlReport(const CampaignResults& results, const QString& path, bool dark,
                             const Requirements& requirements)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return makeError(ErrorCode::ioError, tr("Cannot write %1: %2").arg(path, file.errorString()));
    }
    file.write(resultsToHtml(results, dark, requirements).toUtf8());
    if (!file.commit()) {
        return makeError(ErrorCode::ioError, tr("Cannot write %1: %2").arg(path, file.errorString()));
    }
    return {};
}

} // namespace RaidBench::Ui

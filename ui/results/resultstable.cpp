#include "results/resultstable.h"

#include "../displaynumbers.h"
#include "results/analysis.h"
#include "results/exports.h"
#include "results/resultcharts.h"
#include "util/units.h"

#include <QBrush>
#include <QHeaderView>
#include <QLocale>
#include <QTableWidget>

namespace RaidBench::Ui {

// The results table: the configurations with their relative figures.

namespace {

/// A cell that sorts by a number while showing text ("145 %", "–").
class NumberItem final : public QTableWidgetItem
{
public:
    NumberItem(const QString& text, std::optional<double> value)
        : QTableWidgetItem(text)
        , m_value(value.value_or(-1e300))
    {
        setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    }
    bool operator<(const QTableWidgetItem& other) const override
    {
        if (const auto* number = dynamic_cast<const NumberItem*>(&other)) {
            return m_value < number->m_value;
        }
        return QTableWidgetItem::operator<(other);
    }

private:
    double m_value;
};

QString percent(std::optional<double> value)
{
    return value ? QStringLiteral("%1 %").arg(qRound(*value)) : QStringLiteral("–");
}

} // namespace

ResultsTable::ResultsTable(QWidget* parent)
    : QTableWidget(parent)
{
    setObjectName(QStringLiteral("resultsTable"));
    setColumnCount(TableColumns);
    const QList<std::pair<QString, QString>> headers {
        {tr("Configuration"), {}},
        {tr("Disks"), {}},
        {tr("Write MB/s"), tr("Sequential write, 1 MiB blocks, queue depth 8 (median of the runs)")},
        {tr("Read MB/s"), tr("Sequential read, 1 MiB blocks, queue depth 8 (median of the runs)")},
        {tr("Random write IOPS"), tr("Random 4 KiB writes a second, queue depth 32")},
        {tr("Random read IOPS"), tr("Random 4 KiB reads a second, queue depth 32")},
        {tr("Write, % of one disk"), tr("Sequential write against one disk: the median disk (above the table)")},
        {tr("Read, % of one disk"), tr("Sequential read against one disk: the median disk (above the table)")},
        {tr("Space kept"), tr("Usable space as a share of the disks' raw space")},
        {tr("Failures survived"),
         tr("Disks that may fail without losing data: any that many, and up to how many if "
            "the right ones fail")},
        {tr("Controller loss"), tr("Whether the layout survives losing any one disk controller")},
        {tr("Write measured / predicted"),
         tr("Sequential write measured, divided by what the member disks' own "
            "speeds predict for this layout (docs/analysis.md)")},
        {tr("Read measured / predicted"),
         tr("Sequential read measured, divided by what the member disks' own "
            "speeds predict for this layout")},
        {tr("Limited by (write / read)"),
         tr("The busiest resource while the sequential tests ran: the disks, md's kernel thread for the array (one "
            "core), the whole CPU, or neither (the queue depth or each request's latency set the pace). Hover a "
            "cell for the figures.")},
        {tr("Spread"),
         tr("How much the repeats of this configuration's tests varied: the largest coefficient of variation "
            "(standard deviation over mean) of its tests' MB/s; \"unstable\" when a test still varied more than the "
            "plan allows after its most repeats. Hover a cell for each test.")},
        {tr("Weakest link"), {}},
        {tr("State"), {}}};
    for (int column = 0; column < headers.size(); ++column) {
        auto* header = new QTableWidgetItem(headers.at(column).first);
        header->setToolTip(headers.at(column).second);
        setHorizontalHeaderItem(column, header);
    }
    verticalHeader()->hide();
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::MultiSelection);
    horizontalHeader()->setStretchLastSection(true);
    // Plan order until the user clicks a header.
    horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    setSortingEnabled(true);
}

QStringList ResultsTable::markDisk(const QString& path)
{
    QStringList names;
    for (int row = 0; row < rowCount(); ++row) {
        QTableWidgetItem* item = this->item(row, ColumnName);
        const bool holds = !path.isEmpty() && item->data(Qt::UserRole).toStringList().contains(path);
        item->setBackground(holds ? QBrush(Charts::warningColour().lighter(170)) : QBrush());
        QFont font = item->font();
        font.setBold(holds);
        item->setFont(font);
        if (holds) {
            names.append(item->text());
        }
    }
    return names;
}

QString ResultsTable::limitWord(const TestResult* test)
{
    if (!test || !test->resources) {
        return {};
    }
    const Bound bound = test->resources->boundBy;
    const QString word = bound == Bound::Disks ? tr("disks")
        : bound == Bound::MdThread             ? tr("CPU (md thread)")
        : bound == Bound::Cpu                  ? tr("CPU")
                                               : tr("neither");
    // md read before it wrote: the stripes were partial, whatever else was busy.
    return test->resources->wrotePartialStripes() ? tr("%1, partial stripes").arg(word) : word;
}

QString ResultsTable::oneDiskText(const CampaignResults& results)
{
    // "One disk", in words, where the table uses it: the median disk, and the slowest beside it.
    const DiskResult* writer = medianDisk(results, true);
    const DiskResult* reader = medianDisk(results, false);
    const DiskResult* slowest = slowestDisk(results);
    if (writer && slowest) {
        return tr("<b>One disk</b> is the median disk (the disks in order of their own speed, the one in the middle; "
                  "of an even count, the faster of the two): %1 writing %2, %3 reading %4. The slowest disk is %5: "
                  "%6 write, %7 read.")
            .arg(writer->label().toHtmlEscaped(), Display::formatMBps(*writer->writeBw),
                 (reader ? reader->label() : writer->label()).toHtmlEscaped(),
                 Display::formatMBps(reader && reader->readBw ? *reader->readBw : 0), slowest->label().toHtmlEscaped(),
                 Display::formatMBps(*slowest->writeBw), Display::formatMBps(slowest->readBw.value_or(0)));
    }
    return tr("The disks were not measured on their own, so there is no \"one disk\" to compare with.");
}

void ResultsTable::fill(const CampaignResults& results)
{
    auto mbps = [](std::optional<double> bytesPerSecond) {
        return new NumberItem(bytesPerSecond ? QLocale().toString(*bytesPerSecond / 1e6, 'f', 1) : QStringLiteral("–"),
                              bytesPerSecond ? std::optional<double>(*bytesPerSecond / 1e6) : std::nullopt);
    };
    auto iops = [](std::optional<double> value) {
        return new NumberItem(value ? QLocale().toString(qRound64(*value)) : QStringLiteral("–"), value);
    };
    auto ratio = [](std::optional<double> value, std::optional<double> measured, std::optional<double> predicted) {
        auto* item = new NumberItem(value ? QLocale().toString(*value, 'f', 2) : QStringLiteral("–"), value);
        if (measured && predicted) {
            item->setToolTip(
                tr("measured %1, predicted %2").arg(Display::formatMBps(*measured), Display::formatMBps(*predicted)));
        }
        return item;
    };
    setSortingEnabled(false);
    setRowCount(int(results.configs.size()));
    for (int row = 0; row < results.configs.size(); ++row) {
        const ConfigResult& config = results.configs.at(row);
        const QStringList leaves = config.spec.leafDevices();
        QStringList diskNames;
        for (const QString& leaf : leaves) {
            const DiskResult* disk = results.disk(leaf);
            diskNames.append(disk && !disk->name.isEmpty() ? disk->name : leaf.section(QLatin1Char('/'), -1));
        }
        auto* name = new QTableWidgetItem(config.name);
        name->setData(Qt::UserRole, leaves);
        name->setToolTip(config.spec.describe());
        setItem(row, ColumnName, name);
        setItem(row, ColumnDisks, new QTableWidgetItem(diskNames.join(QStringLiteral(", "))));
        setItem(row, ColumnWrite, mbps(config.sequentialWrite()));
        setItem(row, ColumnRead, mbps(config.sequentialRead()));
        setItem(row, ColumnRandomWrite, iops(config.randomIops(true)));
        setItem(row, ColumnRandomRead, iops(config.randomIops(false)));
        setItem(row, ColumnWritePct, new NumberItem(percent(config.relativeWritePct), config.relativeWritePct));
        setItem(row, ColumnReadPct, new NumberItem(percent(config.relativeReadPct), config.relativeReadPct));
        setItem(row, ColumnSpace, new NumberItem(QStringLiteral("%1 %").arg(qRound(config.spacePct)), config.spacePct));
        const QString failures = config.failuresBestCase > config.failuresGuaranteed
            ? tr("%1 (up to %2)")
                  .arg(QString::number(config.failuresGuaranteed), QString::number(config.failuresBestCase))
            : QString::number(config.failuresGuaranteed);
        setItem(row, ColumnFailures, new NumberItem(failures, double(config.failuresGuaranteed)));
        const QString controller = !config.controllerFailureSurvived ? QStringLiteral("–")
            : *config.controllerFailureSurvived                      ? tr("survives")
                                                                     : tr("lost");
        setItem(row, ColumnController, new QTableWidgetItem(controller));
        QTableWidgetItem* writeRatio =
            ratio(config.measuredOverPredicted, config.sequentialWrite(), config.predictedWrite);
        if (config.predictedWriteRange && config.sequentialWrite()) {
            writeRatio->setToolTip(tr("measured %1, predicted %2: %3 if md gathers none of the partial stripes, %4 "
                                      "if it gathers all")
                                       .arg(Display::formatMBps(*config.sequentialWrite()),
                                            Display::formatMBps(config.predictedWrite.value_or(0)),
                                            Display::formatMBps(config.predictedWriteRange->first),
                                            Display::formatMBps(config.predictedWriteRange->second)));
        }
        setItem(row, ColumnWriteRatio, writeRatio);
        setItem(row, ColumnReadRatio,
                ratio(config.measuredOverPredictedRead, config.sequentialRead(), config.predictedRead));
        const TestResult* write = config.sequentialTest(true);
        const TestResult* read = config.sequentialTest(false);
        auto* limit = new QTableWidgetItem(limitWord(write).isEmpty() && limitWord(read).isEmpty()
                                               ? QStringLiteral("–")
                                               : QStringLiteral("%1 / %2").arg(limitWord(write), limitWord(read)));
        QStringList limits;
        for (const TestResult* test : {write, read}) {
            if (test && test->resources) {
                limits.append(tr("%1: %2").arg(test->spec.name, test->resources->explanation));
            }
        }
        limit->setToolTip(limits.join(QLatin1Char('\n')));
        setItem(row, ColumnLimit, limit);
        setItem(row, ColumnSpread, spreadItem(config));
        auto* weakest = new QTableWidgetItem(config.weakestLink.join(QStringLiteral(", ")));
        weakest->setToolTip(weakest->text());
        setItem(row, ColumnWeakest, weakest);
        auto* state = new QTableWidgetItem(config.status == RunState::Failed ? tr("failed: %1").arg(config.error)
                                                                             : Display::runStatus(config.status));
        if (config.status == RunState::Failed) {
            state->setForeground(QColor(0xc0, 0x39, 0x2b));
        }
        setItem(row, ColumnState, state);
    }
    setSortingEnabled(true);
    resizeColumnsToContents();
    setColumnWidth(ColumnWeakest, std::min(columnWidth(ColumnWeakest), 360));
}

QTableWidgetItem* ResultsTable::spreadItem(const ConfigResult& config)
{
    // The largest coefficient of variation of the configuration's repeated tests, and which were unstable.
    std::optional<double> largest;
    bool unstable = false;
    bool resync = false;
    QStringList lines;
    auto note = [&](const QString& name, const RunSummary& summary) {
        if (summary.runs < 2 || summary.cv < 0) {
            return;
        }
        largest = std::max(largest.value_or(0), summary.cv);
        unstable = unstable || summary.unstable;
        lines.append(tr("%1: %2 % over %3 runs%4")
                         .arg(name, QString::number(summary.cv * 100, 'f', 1), QString::number(summary.runs),
                              summary.unstable ? tr(", unstable") : QString()));
    };
    for (const TestResult& test : config.tests) {
        resync = resync || test.duringResync;
        note(test.spec.name, test.summary);
        for (const auto& [size, summary] : test.sweep) {
            note(tr("%1, bs %2").arg(test.spec.name, Display::formatSizeCompact(size)), summary);
        }
        for (const auto& [depth, summary] : test.depthSweep) {
            note(tr("%1, QD %2").arg(test.spec.name, QString::number(depth)), summary);
        }
    }
    QString text = largest ? QStringLiteral("%1 %").arg(*largest * 100, 0, 'f', 1) : QStringLiteral("–");
    if (unstable) {
        text += tr(", unstable");
    }
    if (resync) {
        text += tr(", during resync");
        lines.append(tr("measured while an array resynced"));
    }
    auto* item = new NumberItem(text, largest);
    if (unstable || resync) {
        item->setForeground(QColor(0xc0, 0x39, 0x2b));
    }
    item->setToolTip(lines.join(QLatin1Char('\n')));
    return item;
}

} // namespace RaidBench::Ui

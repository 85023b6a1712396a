#include "results/resultstablemodel.h"

#include "../displaynumbers.h"
#include "results/resultcharts.h"

#include <QBrush>
#include <QFont>
#include <QLocale>

namespace RaidBench::Ui {

namespace {

QString percent(std::optional<double> value)
{
    return value ? QStringLiteral("%1 %").arg(qRound(*value)) : QStringLiteral("–");
}

const QColor kFailedColour(0xc0, 0x39, 0x2b);

bool isNumberColumn(int column)
{
    switch (column) {
    case ResultsTableModel::ColumnName:
    case ResultsTableModel::ColumnDisks:
    case ResultsTableModel::ColumnController:
    case ResultsTableModel::ColumnLimit:
    case ResultsTableModel::ColumnWeakest:
    case ResultsTableModel::ColumnState:
        return false;
    default:
        return true;
    }
}

} // namespace

ResultsTableModel::ResultsTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{ }

void ResultsTableModel::setResults(const CampaignResults& results)
{
    beginResetModel();
    m_rows.clear();
    m_rows.reserve(results.configs.size());
    for (const ConfigResult& config : results.configs) {
        m_rows.append(makeRow(results, config));
    }
    endResetModel();
}

QStringList ResultsTableModel::markDisk(const QString& path)
{
    QStringList names;
    for (Row& row : m_rows) {
        row.marked = !path.isEmpty() && row.leaves.contains(path);
        if (row.marked) {
            names.append(row.cells.at(ColumnName).text);
        }
    }
    if (!m_rows.isEmpty()) {
        Q_EMIT dataChanged(index(0, ColumnName), index(int(m_rows.size()) - 1, ColumnName),
                           {Qt::FontRole, Qt::BackgroundRole});
    }
    return names;
}

int ResultsTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ResultsTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : TableColumns;
}

QVariant ResultsTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
        return {};
    }
    const Row& row = m_rows.at(index.row());
    const Cell& cell = row.cells.at(std::size_t(index.column()));
    const bool marked = row.marked && index.column() == ColumnName;
    switch (role) {
    case Qt::DisplayRole:
        return cell.text;
    case SortRole:
        if (isNumberColumn(index.column())) {
            return cell.number.value_or(-1e300);
        }
        return cell.text;
    case Qt::ToolTipRole:
        return cell.tip.isEmpty() ? QVariant() : QVariant(cell.tip);
    case Qt::ForegroundRole:
        return cell.colour ? QVariant(QBrush(*cell.colour)) : QVariant();
    case Qt::BackgroundRole:
        return marked ? QVariant(QBrush(Charts::warningColour().lighter(170))) : QVariant();
    case Qt::FontRole:
        if (marked) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::TextAlignmentRole:
        return isNumberColumn(index.column()) ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case LeavesRole:
        return row.leaves;
    default:
        return {};
    }
}

QVariant ResultsTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= TableColumns) {
        return {};
    }
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) {
        return {};
    }
    const bool tip = role == Qt::ToolTipRole;
    switch (Column(section)) {
    case ColumnName:
        return tip ? QString() : tr("Configuration");
    case ColumnDisks:
        return tip ? QString() : tr("Disks");
    case ColumnWrite:
        return tip ? tr("Sequential write, 1 MiB blocks, queue depth 8 (median of the runs)") : tr("Write MB/s");
    case ColumnRead:
        return tip ? tr("Sequential read, 1 MiB blocks, queue depth 8 (median of the runs)") : tr("Read MB/s");
    case ColumnRandomWrite:
        return tip ? tr("Random 4 KiB writes a second, queue depth 32") : tr("Random write IOPS");
    case ColumnRandomRead:
        return tip ? tr("Random 4 KiB reads a second, queue depth 32") : tr("Random read IOPS");
    case ColumnWritePct:
        return tip ? tr("Sequential write against one disk: the median disk (above the table)")
                   : tr("Write, % of one disk");
    case ColumnReadPct:
        return tip ? tr("Sequential read against one disk: the median disk (above the table)")
                   : tr("Read, % of one disk");
    case ColumnSpace:
        return tip ? tr("Usable space as a share of the disks' raw space") : tr("Space kept");
    case ColumnFailures:
        return tip ? tr("Disks that may fail without losing data: any that many, and up to how many if "
                        "the right ones fail")
                   : tr("Failures survived");
    case ColumnController:
        return tip ? tr("Whether the layout survives losing any one disk controller") : tr("Controller loss");
    case ColumnWriteRatio:
        return tip ? tr("Sequential write measured, divided by what the member disks' own "
                        "speeds predict for this layout (docs/analysis.md)")
                   : tr("Write measured / predicted");
    case ColumnReadRatio:
        return tip ? tr("Sequential read measured, divided by what the member disks' own "
                        "speeds predict for this layout")
                   : tr("Read measured / predicted");
    case ColumnLimit:
        return tip ? tr("The busiest resource while the sequential tests ran: the disks, md's kernel thread for the "
                        "array (one core), the whole CPU, or neither (the queue depth or each request's latency set "
                        "the pace). Hover a cell for the figures.")
                   : tr("Limited by (write / read)");
    case ColumnSpread:
        return tip ? tr("How much the repeats of this configuration's tests varied: the largest coefficient of "
                        "variation (standard deviation over mean) of its tests' MB/s; \"unstable\" when a test "
                        "still varied more than the plan allows after its most repeats. Hover a cell for each test.")
                   : tr("Spread");
    case ColumnWeakest:
        return tip ? QString() : tr("Weakest link");
    case ColumnState:
        return tip ? QString() : tr("State");
    case TableColumns:
        break;
    }
    return {};
}

QString ResultsTableModel::limitWord(const TestResult* test)
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

ResultsTableModel::Row ResultsTableModel::makeRow(const CampaignResults& results, const ConfigResult& config)
{
    Row row;
    row.leaves = config.spec.leafDevices();
    QStringList diskNames;
    for (const QString& leaf : std::as_const(row.leaves)) {
        const DiskResult* disk = results.disk(leaf);
        diskNames.append(disk && !disk->name.isEmpty() ? disk->name : leaf.section(QLatin1Char('/'), -1));
    }
    row.cells[ColumnName] = {config.name, std::nullopt, config.spec.describe(), std::nullopt};
    row.cells[ColumnDisks] = {diskNames.join(QStringLiteral(", ")), std::nullopt, {}, std::nullopt};
    fillFigures(row, config);
    fillLimits(row, config);
    row.cells[ColumnSpread] = spreadCell(config);
    const QString weakest = config.weakestLink.join(QStringLiteral(", "));
    row.cells[ColumnWeakest] = {weakest, std::nullopt, weakest, std::nullopt};
    const bool failed = config.status == RunState::Failed;
    row.cells[ColumnState] = {failed ? tr("failed: %1").arg(config.error) : Display::runStatus(config.status),
                              std::nullopt,
                              {},
                              failed ? std::optional<QColor>(kFailedColour) : std::nullopt};
    return row;
}

void ResultsTableModel::fillFigures(Row& row, const ConfigResult& config)
{
    auto mbps = [](std::optional<double> bytesPerSecond) {
        const std::optional<double> value =
            bytesPerSecond ? std::optional<double>(*bytesPerSecond / 1e6) : std::nullopt;
        return Cell {value ? QLocale().toString(*value, 'f', 1) : QStringLiteral("–"), value, {}, std::nullopt};
    };
    auto iops = [](std::optional<double> value) {
        return Cell {value ? QLocale().toString(qRound64(*value)) : QStringLiteral("–"), value, {}, std::nullopt};
    };
    auto ratio = [](std::optional<double> value, std::optional<double> measured, std::optional<double> predicted) {
        Cell cell {value ? QLocale().toString(*value, 'f', 2) : QStringLiteral("–"), value, {}, std::nullopt};
        if (measured && predicted) {
            cell.tip =
                tr("measured %1, predicted %2").arg(Display::formatMBps(*measured), Display::formatMBps(*predicted));
        }
        return cell;
    };
    row.cells[ColumnWrite] = mbps(config.sequentialWrite());
    if (const TestResult* write = config.sequentialTest(true); write && write->summary.cachesHeldSome()) {
        // The run ended before the disks had written what they took in: said beside the figure.
        row.cells[ColumnWrite].text += QStringLiteral(" *");
        row.cells[ColumnWrite].tip = tr("The disks' write caches still held some of it when the runs ended: %1 "
                                        "written through them. A longer test time measures past them.")
                                         .arg(Display::formatMBps(*write->summary.writtenThroughMedian));
    }
    row.cells[ColumnRead] = mbps(config.sequentialRead());
    row.cells[ColumnRandomWrite] = iops(config.randomIops(true));
    row.cells[ColumnRandomRead] = iops(config.randomIops(false));
    row.cells[ColumnWritePct] = {percent(config.relativeWritePct), config.relativeWritePct, {}, std::nullopt};
    row.cells[ColumnReadPct] = {percent(config.relativeReadPct), config.relativeReadPct, {}, std::nullopt};
    row.cells[ColumnSpace] = {QStringLiteral("%1 %").arg(qRound(config.spacePct)), config.spacePct, {}, std::nullopt};
    const QString failures = config.failuresBestCase > config.failuresGuaranteed
        ? tr("%1 (up to %2)").arg(QString::number(config.failuresGuaranteed), QString::number(config.failuresBestCase))
        : QString::number(config.failuresGuaranteed);
    row.cells[ColumnFailures] = {failures, double(config.failuresGuaranteed), {}, std::nullopt};
    Cell writeRatio = ratio(config.measuredOverPredicted, config.sequentialWrite(), config.predictedWrite);
    if (config.predictedWriteRange && config.sequentialWrite()) {
        writeRatio.tip = tr("measured %1, predicted %2: %3 if md gathers none of the partial stripes, %4 "
                            "if it gathers all")
                             .arg(Display::formatMBps(*config.sequentialWrite()),
                                  Display::formatMBps(config.predictedWrite.value_or(0)),
                                  Display::formatMBps(config.predictedWriteRange->first),
                                  Display::formatMBps(config.predictedWriteRange->second));
    }
    row.cells[ColumnWriteRatio] = writeRatio;
    Cell readRatio = ratio(config.measuredOverPredictedRead, config.sequentialRead(), config.predictedRead);
    if (config.predictedReadRange && config.sequentialRead()) {
        readRatio.tip = tr("measured %1, predicted %2: a run reads from one copy of each mirror, whichever md "
                           "picks, from %3 to %4")
                            .arg(Display::formatMBps(*config.sequentialRead()),
                                 Display::formatMBps(config.predictedRead.value_or(0)),
                                 Display::formatMBps(config.predictedReadRange->first),
                                 Display::formatMBps(config.predictedReadRange->second));
    }
    row.cells[ColumnReadRatio] = readRatio;
}

void ResultsTableModel::fillLimits(Row& row, const ConfigResult& config)
{
    const QString controller = !config.controllerFailureSurvived ? QStringLiteral("–")
        : *config.controllerFailureSurvived                      ? tr("survives")
                                                                 : tr("lost");
    row.cells[ColumnController] = {controller, std::nullopt, {}, std::nullopt};
    const TestResult* write = config.sequentialTest(true);
    const TestResult* read = config.sequentialTest(false);
    QStringList limits;
    for (const TestResult* test : {write, read}) {
        if (test && test->resources) {
            limits.append(tr("%1: %2").arg(test->spec.name, test->resources->explanation));
        }
    }
    const QString text = limitWord(write).isEmpty() && limitWord(read).isEmpty()
        ? QStringLiteral("–")
        : QStringLiteral("%1 / %2").arg(limitWord(write), limitWord(read));
    row.cells[ColumnLimit] = {text, std::nullopt, limits.join(QLatin1Char('\n')), std::nullopt};
}

ResultsTableModel::Cell ResultsTableModel::spreadCell(const ConfigResult& config)
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
    return {text, largest, lines.join(QLatin1Char('\n')),
            unstable || resync ? std::optional<QColor>(kFailedColour) : std::nullopt};
}

} // namespace RaidBench::Ui

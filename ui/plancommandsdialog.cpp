#include "plancommandsdialog.h"

#include "arrays/buildplan.h"
#include "client/session.h"
#include "displaynumbers.h"
#include "util/errorcodes.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QPlainTextEdit>
#include <QVBoxLayout>

namespace RaidBench::Ui {

PlanCommandsDialog::PlanCommandsDialog(const QStringList& lines, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Commands of this plan"));
    auto* layout = new QVBoxLayout(this);
    auto* text = new QPlainTextEdit(this);
    text->setObjectName(QStringLiteral("commandListing"));
    text->setReadOnly(true);
    text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    text->setPlainText(lines.join(QLatin1Char('\n')));
    layout->addWidget(text);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(820, 560);
}

QStringList PlanCommandsDialog::listing(const CampaignPlan& plan, const Session& session)
{
    QStringList lines;
    QStringList testNames;
    for (const TestSpec& test : plan.tests) {
        testNames.append(test.id());
    }
    const QString limits =
        tr("%1 s per run%2, %3 s ramp, ×%4")
            .arg(QString::number(plan.timeLimitNs / 1'000'000'000ull),
                 plan.sizeLimit ? tr(" or %1").arg(Display::formatSizeCompact(plan.sizeLimit)) : QString(),
                 QString::number(plan.rampNs / 1'000'000'000ull), QString::number(plan.repeats));
    if (plan.baselines) {
        lines.append(tr("# Each disk on its own (RaidBench's direct-I/O engine): sequential write, then read"));
        for (const QString& disk : plan.disks) {
            lines.append(QStringLiteral("#   %1").arg(disk));
        }
    }
    PlanOptions options;
    // Where the helper builds: its machine's udev (a remote host's, the lab VM's); this machine's only
    // from a helper that does not say.
    options.udevRunning = session.about().udevRunning.value_or(!session.isLab() && udevIsRunning());
    int index = 0;
    for (const ConfigSpec& config : plan.configurations) {
        ++index;
        lines.append(QString());
        lines.append(
            tr("# %1/%2: %3").arg(QString::number(index), QString::number(plan.configurations.size()), config.name));
        auto build = planBuild(config.spec, QStringLiteral("c%1").arg(index, 5, 10, QLatin1Char('0')), options);
        if (!build) {
            lines.append(tr("#   cannot be built: %1").arg(ErrorCode::userText(build.error())));
            continue;
        }
        lines.append(build->commandLines());
        lines.append(tr("# tests on %1: %2 (%3)").arg(build->topDevice, testNames.join(QStringLiteral(", ")), limits));
        if (plan.hasFileTests()) {
            lines.append(tr("# file tests on a new %1 file system, mounted in a private directory, then unmounted")
                             .arg(plan.filesystem.type));
        }
        lines.append(tr("# teardown"));
        for (const QStringList& argv : build->teardownCommands()) {
            QStringList quoted;
            for (const QString& arg : argv) {
                quoted.append(shellQuote(arg));
            }
            lines.append(quoted.join(QLatin1Char(' ')));
        }
    }
    lines.append(QString());
    lines.append(tr("# Array names carry a new random tag on each run (shown here as c00001...)."));
    return lines;
}

} // namespace RaidBench::Ui

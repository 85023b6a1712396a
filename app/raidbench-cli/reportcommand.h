#pragma once

#include "command.h"

namespace RaidBench::Cli {

/// `raidbench-cli report RESULTS.json`: Markdown, CSV, HTML and fio-JSON exports, fio imports,
/// comparisons and the recommendation.
class ReportCommand final : public Command
{
public:
    ReportCommand();
    int execute(const QStringList& arguments) override;
};

} // namespace RaidBench::Cli

#pragma once

#include <QList>

#include <cstdint>
#include <utility>

namespace RaidBench::Ui {

/// A test the Plan page offers: its id in the plan, its title (translated in the PlanPage context),
/// and whether it is ticked in a new plan.
struct TestChoice
{
    const char* id;
    const char* title;
    bool byDefault;
};

/// The tests the Plan page offers, in its order.
const QList<TestChoice>& testChoices();
/// The size limits per run it offers: a title (translated in the PlanPage context when it is words)
/// and bytes, 0 for none.
const QList<std::pair<const char*, std::uint64_t>>& sizeChoices();

} // namespace RaidBench::Ui

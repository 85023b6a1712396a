#pragma once

#include <QString>

#include <array>
#include <optional>
#include <utility>

namespace RaidBench {

/// A state's words, as files and messages carry them: one table per enum, read both ways here.
template <typename Enum, std::size_t N>
using EnumWords = std::array<std::pair<Enum, const char*>, N>;

/// The word for `value` in `words`; empty when the table has none.
template <typename Enum, std::size_t N>
QString enumWord(const EnumWords<Enum, N>& words, Enum value)
{
    for (const auto& [candidate, word] : words) {
        if (candidate == value) {
            return QLatin1String(word);
        }
    }
    return {};
}

/// The value `word` names in `words`; none for a word the table does not have.
template <typename Enum, std::size_t N>
std::optional<Enum> enumFromWord(const EnumWords<Enum, N>& words, const QString& word)
{
    for (const auto& [value, candidate] : words) {
        if (word == QLatin1String(candidate)) {
            return value;
        }
    }
    return std::nullopt;
}

} // namespace RaidBench

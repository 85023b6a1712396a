#pragma once

#include <QMetaType>
#include <QString>

#include <optional>
#include <utility>
#include <variant>

namespace RaidBench {

/// A failure that crosses a layer boundary: a stable machine-readable code and a human message.
struct Error
{
    QString code;
    QString message;
};

/// Either a value or an Error; the one error idiom of core (std::expected is C++23).
template <typename T>
class [[nodiscard]] Result
{
public:
    Result(T value)
        : m_data(std::move(value))
    { }
    Result(Error error)
        : m_data(std::move(error))
    { }

    bool ok() const { return m_data.index() == 0; }
    explicit operator bool() const { return ok(); }

    T& value() & { return std::get<0>(m_data); }
    const T& value() const& { return std::get<0>(m_data); }
    T&& value() && { return std::get<0>(std::move(m_data)); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

    const Error& error() const { return std::get<1>(m_data); }
    /// The value, or `fallback` when it is an error (where the error was answered before).
    T value_or(T fallback) const& { return ok() ? value() : std::move(fallback); }

private:
    std::variant<T, Error> m_data;
};

template <>
class [[nodiscard]] Result<void>
{
public:
    Result() = default;
    Result(Error error)
        : m_error(std::move(error))
    { }

    bool ok() const { return !m_error.has_value(); }
    explicit operator bool() const { return ok(); }
    const Error& error() const { return *m_error; }

private:
    std::optional<Error> m_error;
};

inline Error makeError(const QString& code, const QString& message)
{
    return Error {code, message};
}

} // namespace RaidBench

Q_DECLARE_METATYPE(RaidBench::Error)

#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <utility>

namespace RaidBench::Ui {

/// Measures how long the event loop was blocked: a timer that should fire every `intervalMs`; any
/// lateness beyond that is a stall nobody could click through. The run page reports the longest.
class StallWatchdog final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StallWatchdog)

public:
    explicit StallWatchdog(QObject* parent = nullptr, int intervalMs = 20)
        : QObject(parent)
        , m_intervalMs(intervalMs)
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(intervalMs);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            const qint64 late = m_clock.restart() - m_intervalMs;
            if (std::exchange(m_skip, false)) {
                return;
            }
            if (late > m_longestMs) {
                m_longestMs = late;
            }
            if (late >= 50) {
                ++m_stalls;
                if (qEnvironmentVariableIsSet("RAIDBENCH_STALL_LOG")) {
                    qInfo("stall: the event loop was %lld ms late", static_cast<long long>(late));
                }
            }
        });
    }

    void start()
    {
        m_longestMs = 0;
        m_stalls = 0;
        m_skip = false;
        m_clock.start();
        m_timer.start();
    }
    void stop() { m_timer.stop(); }
    bool isRunning() const { return m_timer.isActive(); }
    /// The longest time the loop was late, in milliseconds, since start().
    qint64 longestStallMs() const { return m_longestMs; }
    /// How many times the loop was 50 ms or more late.
    int stallCount() const { return m_stalls; }
    /// The next lateness is not the window's (a screenshot tool grabbing it): do not count it.
    void skipNext() { m_skip = true; }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    int m_intervalMs;
    qint64 m_longestMs = 0;
    int m_stalls = 0;
    bool m_skip = false;
};

} // namespace RaidBench::Ui

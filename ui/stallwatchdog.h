#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

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
            if (late > m_longestMs) {
                m_longestMs = late;
            }
        });
    }

    void start()
    {
        m_longestMs = 0;
        m_clock.start();
        m_timer.start();
    }
    void stop() { m_timer.stop(); }
    bool isRunning() const { return m_timer.isActive(); }
    /// The longest time the loop was late, in milliseconds, since start().
    qint64 longestStallMs() const { return m_longestMs; }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    int m_intervalMs;
    qint64 m_longestMs = 0;
};

} // namespace RaidBench::Ui

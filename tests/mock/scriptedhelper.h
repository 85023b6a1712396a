#pragma once

#include "helper/helperlink.h"

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QTimer>

namespace RaidBench::Test {

/// A helper link that replays what a real helper said: tests/data/helper/*.jsonl are a real
/// raidbench-helper's stdout from the lab (tests/data/helper/record), requests 1 hello, 2 scan-disks,
/// 3 about, 4 run-campaign. Requests get the recorded answer of the same operation; a campaign's
/// events are replayed one every `intervalMs`; cancel ends it as the real helper does (a reply with
/// the results so far, status "cancelled"); die() is a helper that crashes.
class ScriptedHelper final : public HelperLink
{
    Q_OBJECT

public:
    explicit ScriptedHelper(const QString& recording, QObject* parent = nullptr)
        : HelperLink(parent)
    {
        QFile file(recording);
        if (file.open(QIODevice::ReadOnly)) {
            for (const QByteArray& line : file.readAll().split('\n')) {
                const QJsonObject message = QJsonDocument::fromJson(line).object();
                if (!message.isEmpty()) {
                    m_lines.append(message);
                }
            }
        }
        m_timer.setInterval(intervalMs);
        connect(&m_timer, &QTimer::timeout, this, &ScriptedHelper::step);
    }

    bool isValid() const { return recorded(1, QString()).contains(QStringLiteral("result")); }
    /// Says hello (as a started helper does) once the event loop runs.
    void start()
    {
        QTimer::singleShot(0, this, [this] {
            // The recording comes from the lab, but stands for a helper on real disks unless a test says so.
            QJsonObject hello = recorded(1, {}).value(QStringLiteral("result")).toObject();
            hello.insert(QStringLiteral("lab"), labHello);
            Q_EMIT connected(Messages::HelloReply::fromJson(hello));
        });
    }
    /// What hello says of the disks: virtual (a helper inside the lab VM) or real.
    bool labHello = false;

    qint64 request(const QString& op, const QJsonObject& args = {}) override
    {
        const qint64 id = m_nextId++;
        requests.append({op, args});
        if (m_dead) {
            return id;
        }
        if (op == QLatin1String("run-campaign")) {
            m_campaign = id;
            m_position = 0;
            m_lastResults = {};
            m_timer.start(intervalMs);
            return id;
        }
        if (op == QLatin1String("cancel")) {
            QTimer::singleShot(0, this, [this, id] {
                Q_EMIT replied(id, {{QStringLiteral("cancelled"), m_campaign >= 0}});
                if (m_campaign >= 0) {
                    m_timer.stop();
                    QJsonObject results = m_lastResults;
                    results.insert(QStringLiteral("status"), QStringLiteral("cancelled"));
                    const qint64 campaign = std::exchange(m_campaign, -1);
                    Q_EMIT replied(campaign, {{QStringLiteral("results"), results}});
                }
            });
            return id;
        }
        const int recordedId = op == QLatin1String("scan-disks") ? 2 : op == QLatin1String("about") ? 3 : -1;
        QTimer::singleShot(0, this, [this, id, recordedId, op] {
            if (replies.contains(op)) {
                Q_EMIT replied(id, replies.value(op));
                return;
            }
            if (recordedId < 0) {
                Q_EMIT failed(id,
                              Error {QStringLiteral("unknown-op"), QStringLiteral("not in the recording: %1").arg(op)});
                return;
            }
            Q_EMIT replied(id, recorded(recordedId, {}).value(QStringLiteral("result")).toObject());
        });
        return id;
    }

    void cancel(qint64 id) override { request(QStringLiteral("cancel"), {{QStringLiteral("request"), id}}); }
    void stop() override { m_timer.stop(); }
    QString transportName() const override { return QStringLiteral("scripted"); }

    /// The helper process dies: no more replies, `closed` once.
    void die(const QString& why)
    {
        m_dead = true;
        m_timer.stop();
        m_campaign = -1;
        Q_EMIT closed(why);
    }
    bool campaignRunning() const { return m_campaign >= 0; }
    int eventsReplayed() const { return m_position; }

    /// The recorded answer of one operation, as a real helper would give it.
    QJsonObject recordedResult(const QString& op) const
    {
        return recorded(op == QLatin1String("scan-disks")  ? 2
                            : op == QLatin1String("about") ? 3
                                                           : 1,
                        {})
            .value(QStringLiteral("result"))
            .toObject();
    }

    int intervalMs = 2;
    /// Answers that replace the recorded ones (a machine with other disks).
    QHash<QString, QJsonObject> replies;
    QList<std::pair<QString, QJsonObject>> requests;

private:
    QJsonObject recorded(qint64 id, const QString& event) const
    {
        for (const QJsonObject& line : m_lines) {
            if (line.value(QStringLiteral("id")).toInteger() == id &&
                line.value(QStringLiteral("event")).toString() == event) {
                return line;
            }
        }
        return {};
    }

    void step()
    {
        // The campaign's events and final reply, in the recorded order.
        while (m_position < m_lines.size()) {
            const QJsonObject line = m_lines.at(m_position++);
            if (line.value(QStringLiteral("id")).toInteger() != 4) {
                continue;
            }
            if (line.contains(QStringLiteral("event"))) {
                const QString event = line.value(QStringLiteral("event")).toString();
                if (event == QLatin1String("results")) {
                    m_lastResults = line.value(QStringLiteral("results")).toObject();
                }
                QJsonObject fields = line;
                fields.remove(QStringLiteral("id"));
                fields.remove(QStringLiteral("event"));
                Q_EMIT eventReceived(m_campaign, event, fields);
                return;
            }
            m_timer.stop();
            const qint64 campaign = std::exchange(m_campaign, -1);
            Q_EMIT replied(campaign, line.value(QStringLiteral("result")).toObject());
            return;
        }
        m_timer.stop();
    }

    QList<QJsonObject> m_lines;
    QTimer m_timer;
    qint64 m_nextId = 100;
    qint64 m_campaign = -1;
    int m_position = 0;
    QJsonObject m_lastResults;
    bool m_dead = false;
};

} // namespace RaidBench::Test

#include "arrays/mdstat.h"

#include <QRegularExpression>

namespace RaidBench {

MdStat MdStat::parse(const QString& text)
{
    MdStat stat;
    static const QRegularExpression arrayLine(
        QStringLiteral("^(md\\w+)\\s*:\\s*(active|inactive)(?:\\s+\\(([^)]*)\\))?\\s*(.*)$"));
    static const QRegularExpression member(QStringLiteral("^([\\w.-]+)\\[(\\d+)\\]((?:\\([A-Z]\\))*)$"));
    static const QRegularExpression blocks(QStringLiteral("^(\\d+) blocks(?: super ([\\d.]+|external:\\S+))?"));
    static const QRegularExpression chunk(QStringLiteral("(\\d+)[kK] chunks?"));
    static const QRegularExpression status(QStringLiteral("\\[(\\d+)/(\\d+)\\] \\[([U_]+)\\]"));
    static const QRegularExpression progress(
        QStringLiteral("(resync|recovery|reshape|check|repair)\\s*=\\s*([\\d.]+)%\\s*\\((\\d+)/"
                       "(\\d+)\\)\\s*finish=([\\d.]+)min\\s*speed=(\\d+)K/sec"));
    static const QRegularExpression delayed(
        QStringLiteral("(resync|recovery|reshape|check)\\s*=\\s*(DELAYED|PENDING)"));

    MdStatArray* current = nullptr;
    for (const QString& rawLine : text.split(QLatin1Char('\n'))) {
        const QString line = rawLine.trimmed();
        if (line.startsWith(QLatin1String("Personalities"))) {
            static const QRegularExpression personality(QStringLiteral("\\[(\\w+)\\]"));
            for (auto it = personality.globalMatch(line); it.hasNext();) {
                stat.personalities.append(it.next().captured(1));
            }
            continue;
        }
        const auto head = arrayLine.match(line);
        if (head.hasMatch()) {
            stat.arrays.append(MdStatArray {});
            current = &stat.arrays.last();
            current->name = head.captured(1);
            current->active = head.captured(2) == QLatin1String("active");
            current->readOnly = head.captured(3).contains(QLatin1String("read-only"));
            QStringList words = head.captured(4).split(QLatin1Char(' '), Qt::SkipEmptyParts);
            if (current->active && !words.isEmpty() && !words.first().contains(QLatin1Char('['))) {
                current->level = words.takeFirst();
            }
            for (const QString& word : words) {
                const auto m = member.match(word);
                if (m.hasMatch()) {
                    MdStatMember entry;
                    entry.name = m.captured(1);
                    entry.slot = m.captured(2).toInt();
                    entry.faulty = m.captured(3).contains(QLatin1String("(F)"));
                    entry.spare = m.captured(3).contains(QLatin1String("(S)"));
                    entry.writeMostly = m.captured(3).contains(QLatin1String("(W)"));
                    current->members.append(entry);
                }
            }
            continue;
        }
        if (!current || line.isEmpty()) {
            continue;
        }
        if (const auto b = blocks.match(line); b.hasMatch()) {
            current->blocks = b.captured(1).toULongLong();
            current->metadata = b.captured(2);
            if (const auto c = chunk.match(line); c.hasMatch()) {
                current->chunkKiB = c.captured(1).toULongLong();
            }
            if (const auto s = status.match(line); s.hasMatch()) {
                current->raidDisks = s.captured(1).toInt();
                current->workingDisks = s.captured(2).toInt();
                current->status = s.captured(3);
            }
        } else if (const auto p = progress.match(line); p.hasMatch()) {
            MdSync sync;
            sync.action = p.captured(1);
            sync.percent = p.captured(2).toDouble();
            sync.doneBlocks = p.captured(3).toULongLong();
            sync.totalBlocks = p.captured(4).toULongLong();
            sync.finishMinutes = p.captured(5).toDouble();
            sync.speedKiBs = p.captured(6).toULongLong();
            current->sync = sync;
        } else if (const auto d = delayed.match(line); d.hasMatch()) {
            MdSync sync;
            sync.action = d.captured(1);
            sync.delayed = true;
            current->sync = sync;
        }
    }
    return stat;
}

const MdStatArray* MdStat::find(const QString& name) const
{
    for (const MdStatArray& array : arrays) {
        if (array.name == name) {
            return &array;
        }
    }
    return nullptr;
}

MdDetail MdDetail::parse(const QString& text)
{
    MdDetail detail;
    for (const QString& line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const qsizetype eq = line.indexOf(QLatin1Char('='));
        if (eq > 0) {
            detail.values.insert(line.left(eq).trimmed(), line.mid(eq + 1).trimmed());
        }
    }
    return detail;
}

QHash<QString, QString> MdDetail::members() const
{
    QHash<QString, QString> result;
    for (auto it = values.cbegin(); it != values.cend(); ++it) {
        if (it.key().startsWith(QLatin1String("MD_DEVICE_")) && it.key().endsWith(QLatin1String("_ROLE"))) {
            const QString base = it.key().chopped(5);
            result.insert(it.value(), values.value(base + QStringLiteral("_DEV")));
        }
    }
    return result;
}

} // namespace RaidBench

#include "answer/requirements.h"

#include "util/errorcodes.h"
#include "util/translation.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>
#include <QSet>

#include <cmath>

namespace RaidBench {

namespace {

struct Term
{
    const char* name;
    const char* phrase;
    QList<Measure> measures;
};

const QList<Term>& termTable()
{
    static const QList<Term> table {
        {"seq", QT_TRANSLATE_NOOP("Requirements", "sequential speed"), {Measure::SeqWrite, Measure::SeqRead}},
        {"seq-write", QT_TRANSLATE_NOOP("Requirements", "sequential writes"), {Measure::SeqWrite}},
        {"seq-read", QT_TRANSLATE_NOOP("Requirements", "sequential reads"), {Measure::SeqRead}},
        {"random", QT_TRANSLATE_NOOP("Requirements", "random speed"), {Measure::RandomWrite, Measure::RandomRead}},
        {"random-write", QT_TRANSLATE_NOOP("Requirements", "random writes"), {Measure::RandomWrite}},
        {"random-read", QT_TRANSLATE_NOOP("Requirements", "random reads"), {Measure::RandomRead}},
        {"files",
         QT_TRANSLATE_NOOP("Requirements", "file-system tests"),
         {Measure::FileSeqWrite, Measure::FileSeqRead, Measure::FileSeeks, Measure::SmallFilesCreate,
          Measure::SmallFilesRead}},
        {"command", QT_TRANSLATE_NOOP("Requirements", "your command's time"), {Measure::Command}},
    };
    return table;
}

const Term* findTerm(const QString& name)
{
    for (const Term& term : termTable()) {
        if (name == QLatin1String(term.name)) {
            return &term;
        }
    }
    return nullptr;
}

Error bad(const QString& message)
{
    return makeError(ErrorCode::badRequirements, message);
}

QString number(double value)
{
    return QString::number(value, 'g', 6);
}

QString say(Audience audience, const char* english)
{
    return phrase(audience, "Requirements", english);
}

QString failuresPhrase(int failures, Audience audience)
{
    switch (failures) {
    case 1:
        return say(audience, QT_TRANSLATE_NOOP("Requirements", "one failure"));
    case 2:
        return say(audience, QT_TRANSLATE_NOOP("Requirements", "two failures"));
    case 3:
        return say(audience, QT_TRANSLATE_NOOP("Requirements", "three failures"));
    default:
        return say(audience, QT_TRANSLATE_NOOP("Requirements", "%1 failures")).arg(failures);
    }
}

} // namespace

QStringList Requirements::termNames()
{
    QStringList names;
    for (const Term& term : termTable()) {
        names.append(QLatin1String(term.name));
    }
    return names;
}

QList<Measure> Requirements::measuresOf(const QString& term)
{
    const Term* found = findTerm(term);
    return found ? found->measures : QList<Measure> {};
}

QString Requirements::measureName(Measure measure, Audience audience)
{
    switch (measure) {
    case Measure::SeqWrite:
        return say(audience, QT_TRANSLATE_NOOP("Requirements", "sequential writes"));
    case Measure::SeqRead:
        return say(audience, QT_TRANSLATE_NOOP("Requirements", "sequential reads"));
    case Measure::RandomWrite:
        return say(audience, QT_TRANSLATE_NOOP("Requirements", "random writes"));
    case Measure::RandomRead:
        return say(audience, QT_TRANSLATE_NOOP("Requirements", "random reads"));
    case Measure::FileSeqWrite:
        return say(audience, QT_TRANSLATE_NOOP("Requirements", "file writes"));
    case Measure::FileSeqRead:
        return say(audience, QT_TRANSLATE_NOOP("Requirements", "file reads"));
    case Measure::FileSeeks:
        return say(audience, QT_TRANSLATE_NOOP("Requirements", "file seeks"));
    case Measure::SmallFilesCreate:
        return say(audience, QT_TRANSLATE_NOOP("Requirements", "small files created"));
    case Measure::SmallFilesRead:
        return say(audience, QT_TRANSLATE_NOOP("Requirements", "small files read"));
    case Measure::Command:
        return say(audience, QT_TRANSLATE_NOOP("Requirements", "your command"));
    }
    return {};
}

QList<std::pair<QString, double>> Requirements::terms() const
{
    if (!weights.isEmpty()) {
        return weights;
    }
    return {{QStringLiteral("seq"), 1.0}, {QStringLiteral("random"), 1.0}};
}

Requirements Requirements::defaults()
{
    Requirements requirements;
    requirements.failures = 1;
    return requirements;
}

Result<Requirements> Requirements::parse(const QString& text)
{
    Requirements requirements;
    QSet<QString> seen;
    for (const QString& rawClause : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString clause = rawClause.trimmed();
        if (clause.isEmpty()) {
            continue;
        }
        static const QRegularExpression pattern(QStringLiteral("^([a-z-]+)\\s*(>=|=)?\\s*(.*)$"));
        const QRegularExpressionMatch match = pattern.match(clause);
        const QString key = match.hasMatch() ? match.captured(1) : clause;
        const QString op = match.captured(2);
        const QString value = match.captured(3).trimmed();
        if (seen.contains(key)) {
            return bad(QStringLiteral("'%1' is given twice").arg(key));
        }
        seen.insert(key);
        if (key == QLatin1String("failures")) {
            bool ok = false;
            const int failures = value.toInt(&ok);
            if (op.isEmpty() || !ok || failures < 0 || failures > 64) {
                return bad(QStringLiteral("'%1': write failures>=N with N a whole number from 0 to 64").arg(clause));
            }
            requirements.failures = failures;
        } else if (key == QLatin1String("space")) {
            QString number = value;
            if (number.endsWith(QLatin1Char('%'))) {
                number.chop(1);
            }
            bool ok = false;
            const double space = number.trimmed().toDouble(&ok);
            if (op.isEmpty() || !ok || !std::isfinite(space) || space < 0 || space > 100) {
                return bad(QStringLiteral("'%1': write space>=P with P a per cent from 0 to 100").arg(clause));
            }
            requirements.minSpacePct = space;
        } else if (key == QLatin1String("controller") || key == QLatin1String("controller-loss")) {
            if (op.isEmpty() && value.isEmpty()) {
                requirements.controllerLoss = true;
            } else if (op == QLatin1String("=") && (value == QLatin1String("yes") || value == QLatin1String("no"))) {
                requirements.controllerLoss = value == QLatin1String("yes");
            } else {
                return bad(QStringLiteral("'%1': write controller, or controller=yes or controller=no").arg(clause));
            }
        } else if (key == QLatin1String("weight")) {
            if (op != QLatin1String("=") || value.isEmpty()) {
                return bad(QStringLiteral("'%1': write weight=TERM or weight=TERM:W+TERM:W (terms: %2)")
                               .arg(clause, termNames().join(QStringLiteral(", "))));
            }
            for (const QString& rawTerm : value.split(QLatin1Char('+'))) {
                const QString term = rawTerm.trimmed();
                const QString name = term.section(QLatin1Char(':'), 0, 0).trimmed();
                double weight = 1.0;
                if (term.contains(QLatin1Char(':'))) {
                    bool ok = false;
                    weight = term.section(QLatin1Char(':'), 1).trimmed().toDouble(&ok);
                    if (!ok || !std::isfinite(weight) || weight <= 0 || weight > 1000) {
                        return bad(QStringLiteral("'%1': a weight is a number above 0 and at most 1000").arg(term));
                    }
                }
                if (!findTerm(name)) {
                    return bad(QStringLiteral("'%1' is not something to rank on; use %2")
                                   .arg(name, termNames().join(QStringLiteral(", "))));
                }
                for (const auto& [existing, w] : std::as_const(requirements.weights)) {
                    if (existing == name) {
                        return bad(QStringLiteral("'%1' is weighted twice").arg(name));
                    }
                }
                requirements.weights.append({name, weight});
            }
        } else {
            return bad(QStringLiteral("'%1' is not a requirement; use failures>=N, controller, space>=P and "
                                      "weight=TERM[:W]+...")
                           .arg(clause));
        }
    }
    return requirements;
}

QString Requirements::text() const
{
    QStringList clauses;
    if (failures > 0) {
        clauses.append(QStringLiteral("failures>=%1").arg(failures));
    }
    if (controllerLoss) {
        clauses.append(QStringLiteral("controller"));
    }
    if (minSpacePct > 0) {
        clauses.append(QStringLiteral("space>=%1").arg(number(minSpacePct)));
    }
    if (!weights.isEmpty()) {
        QStringList terms;
        for (const auto& [name, weight] : weights) {
            terms.append(weight == 1.0 ? name : QStringLiteral("%1:%2").arg(name, number(weight)));
        }
        clauses.append(QStringLiteral("weight=") + terms.join(QLatin1Char('+')));
    }
    return clauses.join(QLatin1Char(','));
}

QString Requirements::describe(Audience audience) const
{
    const QString andWord = say(audience, QT_TRANSLATE_NOOP("Requirements", " and "));
    QStringList survive;
    if (failures > 0) {
        survive.append(failuresPhrase(failures, audience));
    }
    if (controllerLoss) {
        survive.append(say(audience, QT_TRANSLATE_NOOP("Requirements", "the loss of a controller")));
    }
    QStringList parts;
    if (!survive.isEmpty()) {
        parts.append(say(audience, QT_TRANSLATE_NOOP("Requirements", "survive %1")).arg(survive.join(andWord)));
    }
    if (minSpacePct > 0) {
        parts.append(say(audience, QT_TRANSLATE_NOOP("Requirements", "keep at least %1 % of the space"))
                         .arg(audience == Audience::Person ? QLocale().toString(minSpacePct) : number(minSpacePct)));
    }
    return parts.join(andWord);
}

QString Requirements::measureText(Audience audience) const
{
    const QList<std::pair<QString, double>> all = terms();
    bool equal = true;
    for (const auto& [name, weight] : all) {
        equal = equal && weight == all.first().second;
    }
    QStringList names;
    for (const auto& [name, weight] : all) {
        names.append(name);
    }
    if (equal && names == QStringList {QStringLiteral("seq"), QStringLiteral("random")}) {
        return say(audience, QT_TRANSLATE_NOOP("Requirements", "sequential and random speed"));
    }
    QStringList phrases;
    for (const auto& [name, weight] : all) {
        const QString term = say(audience, findTerm(name)->phrase);
        phrases.append(
            equal ? term
                  : say(audience, QT_TRANSLATE_NOOP("Requirements", "%1 (weight %2)"))
                        .arg(term, audience == Audience::Person ? QLocale().toString(weight) : number(weight)));
    }
    if (phrases.size() <= 1) {
        return phrases.value(0);
    }
    const QString last = phrases.takeLast();
    return phrases.join(QStringLiteral(", ")) + say(audience, QT_TRANSLATE_NOOP("Requirements", " and ")) + last;
}

} // namespace RaidBench

#pragma once

#include "util/result.h"
#include "util/translation.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <utility>

namespace RaidBench {

/// What a layout can be ranked on. Each is one number per layout, higher is better (a command's
/// time counts as its inverse).
enum class Measure {
    SeqWrite,
    SeqRead,
    RandomWrite,
    RandomRead,
    FileSeqWrite,
    FileSeqRead,
    FileSeeks,
    SmallFilesCreate,
    SmallFilesRead,
    Command,
};

/// What the user needs from a layout (docs/recommend.md): failures it must survive, whether it must
/// survive losing a controller, the space it must keep, and what to rank on, as weighted terms
/// ("seq", "random", "files", "command", or one side: "seq-write", "random-read", ...).
struct Requirements
{
    int failures = 0;
    bool controllerLoss = false;
    double minSpacePct = 0;
    QList<std::pair<QString, double>> weights; ///< the user's terms, as written; empty: seq+random

    /// "failures>=1,controller,space>=50,weight=seq:2+random": the text parse() reads back.
    QString text() const;
    /// "survive one failure and keep at least 50 % of the space", or "" without requirements; in the
    /// user's language for a person.
    QString describe(Audience audience = Audience::File) const;
    /// "sequential and random speed", "random writes", "sequential speed (weight 2) and file-system tests".
    QString measureText(Audience audience = Audience::File) const;
    /// The terms to rank on: the user's, or seq and random when there are none.
    QList<std::pair<QString, double>> terms() const;
    /// The measures a term stands for ("seq": sequential writes and reads; "files": the file tests).
    static QList<Measure> measuresOf(const QString& term);
    /// "sequential writes", "random reads", "small files created", ...: the results' JSON keys for a
    /// file.
    static QString measureName(Measure measure, Audience audience = Audience::File);

    /// The CLI's and the window's form: comma-separated `failures>=N`, `controller` (or
    /// `controller=yes|no`), `space>=P` (per cent) and `weight=TERM[:W]+TERM[:W]...`. Empty text is no
    /// requirement, ranked on sequential and random speed. Anything else is `bad-requirements`.
    static Result<Requirements> parse(const QString& text);
    /// What a report uses when the user said nothing: survive one failure, rank on sequential and
    /// random speed.
    static Requirements defaults();
    /// The term names parse() accepts, for help texts and the window's form.
    static QStringList termNames();
};

} // namespace RaidBench

#pragma once

#include "util/translation.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace RaidBench {

/// Why a device must not be written: a stable code for programs, and a sentence for people. `message`
/// is the sentence in English, as files, logs and errors read it; the template it was filled from and
/// its arguments travel beside it (the helper scans the disks, often on another machine, in the C
/// locale), so a client says it in its user's language with text(). A reason said of a partition, or
/// of a partition of a device that is no disk, is wrapped: `outerTemplate` ("partition %1 %2") is
/// filled with `outerArg` and the inner sentence.
struct DiskReason
{
    QString code;
    QString message;
    QString messageTemplate;
    QStringList messageArgs;
    QString outerTemplate;
    QString outerArg;

    /// A reason from `english`, a template marked QT_TRANSLATE_NOOP("DiskReason", ...), and its
    /// arguments.
    static DiskReason make(const QString& code, const char* english, const QStringList& args = {});
    /// A reason without a template: `message` is said as it is in every language (an error text that
    /// came from elsewhere).
    static DiskReason asIs(const QString& code, const QString& message);
    /// This reason, said of `arg` through `outer`, a template QT_TRANSLATE_NOOP("DiskReason", ...)
    /// whose %1 is `arg` and %2 this reason's sentence.
    DiskReason within(const char* outer, const QString& arg) const;

    /// The sentence as `audience` reads it: `message` for a file, the catalogue's words for a person.
    QString text(Audience audience) const;

    QJsonObject toJson() const;
    /// A reason from JSON (the helper's disk list): a template longer than maxTemplateText, or with
    /// more than maxTemplateArgs arguments, is dropped and the reason said by its message alone.
    static DiskReason fromJson(const QJsonObject& json);

    bool operator==(const DiskReason& other) const = default;
};

} // namespace RaidBench

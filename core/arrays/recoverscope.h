#pragma once

#include "arrays/buildjournal.h"

#include <QtGlobal>

namespace RaidBench {

/// Whose leftovers a recovery or a teardown by tag may touch.
struct RecoverScope
{
    /// The caller is root itself (the CLI as root, or a helper whose client is root): it may remove
    /// what any ended run left, and RaidBench objects no journal names.
    bool root = true;
    /// Otherwise: the user a helper works for; only that user's ended helper sessions are theirs.
    qint64 clientUid = -1;
    /// Whether arrays built to stay (raidbench-cli array create) are included (only by their tag).
    bool includeKept = false;

    /// Whether `record` may be acted on: its owner has ended, and it is the caller's to act on.
    bool allows(const JournalRecord& record) const;
};

} // namespace RaidBench

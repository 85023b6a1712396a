#pragma once

#include "helper/inventory.h"

namespace RaidBench {

/// The INI form of an Ansible inventory into `inventory`; an error names `file` and the line.
Result<void> parseIniInventory(const QString& text, const QString& file, Inventory& inventory);

} // namespace RaidBench

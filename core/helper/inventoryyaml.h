#pragma once

#include "helper/inventory.h"

namespace RaidBench {

/// The YAML form of an Ansible inventory (block mappings only) into `inventory`; an error names `file`
/// and the line.
Result<void> parseYamlInventory(const QString& text, const QString& file, Inventory& inventory);

} // namespace RaidBench

// A database of the previous version (2) brought to the current one inside the export's
// transaction, so that exporting into it keeps what it holds: tags and note columns added
// (NULL for the experiments it held: version 2 did not store them), and each experiment's
// identity computed again without the config's annotations, so that a folder differing
// only in its tags or note counts as the same runs.
#pragma once

#include <sqlite3.h>

#include <filesystem>

namespace plab {

void migrate_to_current_schema(sqlite3* db, const std::filesystem::path& path);

}  // namespace plab

// `plab export --sqlite DB DIR...`: results folders into one SQLite database, to query runs
// across experiments (docs/sqlite.md). Typed tables: experiments (with provenance: config
// SHA-256, plab version and commit, host, times, shard), plugins and data_files by SHA-256,
// points, learners, and runs (one row per record, its main fields as columns and the whole
// record as JSON). Exports append; a folder already in the database (same config, same
// records, same slice) is skipped, so exporting again adds nothing twice.
#pragma once

#include <cstddef>
#include <filesystem>
#include <vector>

namespace plab {

struct ExportedFolder {
  std::filesystem::path dir;
  std::size_t runs = 0;
  long long experiment_id = 0;  // the experiments row (new, or the one already there)
  bool already_present = false;
};

// Each folder must be complete and hold the records plab wrote (runs.sha256): ResultsError
// naming it otherwise, before anything of it is written. A folder is written in one
// transaction. WriteError when the database cannot be written; ResultsError when DB is not a
// database plab can use.
std::vector<ExportedFolder> export_to_sqlite(const std::filesystem::path& db,
                                             const std::vector<std::filesystem::path>& dirs);

}  // namespace plab

// `plab export --sqlite DB DIR...`: results folders into one SQLite database, to query runs
// across experiments (docs/sqlite.md). Typed tables: experiments (with provenance: config
// SHA-256, plab version and commit, host, times, shard), plugins and data_files by SHA-256,
// points, learners, and runs (one row per record, its main fields as columns and the whole
// record as JSON). Exports append. A run is in the database once: a run already there (same
// experiment, sweep point, learner, repeat and seed), from a shard, a merged folder or the
// same folder exported before, is skipped, so exporting again adds nothing twice.
#pragma once

#include <cstddef>
#include <filesystem>
#include <set>
#include <vector>

namespace plab {

struct ExportedFolder {
  std::filesystem::path dir;
  std::size_t runs = 0;          // runs added
  std::size_t skipped = 0;       // runs already in the database, not added again
  long long experiment_id = 0;   // the experiments row added (0 when every run was there)
  std::set<long long> found_in;  // the experiments already holding the skipped runs
};

// Each folder must be complete and hold the records plab wrote (runs.sha256): ResultsError
// naming it otherwise, before anything is written. The whole export is one transaction: on
// any error or a signal (InterruptedError, exit 130) the database is left as it was (a file
// the export created is removed). WriteError when the database cannot be written;
// ResultsError when DB is not a database plab can use (not SQLite, not a regular file, an
// unrelated or an earlier plab's database: docs/sqlite.md), before anything is written.
std::vector<ExportedFolder> export_to_sqlite(const std::filesystem::path& db,
                                             const std::vector<std::filesystem::path>& dirs);

}  // namespace plab

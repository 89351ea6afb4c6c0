// `plab export DIR... --csv FILE`: one row per run of the folders, with the columns of
// results/export/flat_columns.hpp, the same as the SQLite export's runs_flat view
// (docs/sqlite.md#one-table-of-runs-runs_flat-and---csv). Each run is in it once, as in the
// database: a run of the same experiment (results/export/export_source.hpp), sweep point, learner,
// repeat and seed met again, from a shard and its merge say, is skipped.
//
// Cells per RFC 4180 (base/csv_cell.hpp): comma separated, CRLF line ends, a header row of
// the column names. Numbers as runs.jsonl
// writes them (shortest exact form), true and false as 1 and 0, null as an empty cell,
// arrays and objects as JSON text.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <vector>

#include "base/output_file.hpp"

namespace plab {

struct CsvExport {
  std::unique_ptr<OutputFile> file;  // written, not yet renamed into place: commit() it
  std::size_t runs = 0;              // rows
  std::size_t skipped = 0;           // runs met again, not written twice
  std::size_t columns = 0;
};

// Every folder is checked as for the SQLite export (results/export/export_source.hpp) before a
// row is written. UsageError (exit 2) when FILE exists and `force` is false; ResultsError
// when a run is found with another record than the same run of an earlier folder.
CsvExport write_runs_csv(const std::filesystem::path& file,
                         const std::vector<std::filesystem::path>& dirs, bool force);

}  // namespace plab

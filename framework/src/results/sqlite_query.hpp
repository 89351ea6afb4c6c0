// Runs read from an SQLite database plab export wrote (docs/sqlite.md), by a user's query:
// what `plab report DB --query SQL` compares.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace plab {

struct QueriedRun {
  std::int64_t point = 0;
  std::string learner;
  std::int64_t repeat = 0;
  std::uint64_t seed = 0;            // exact: from decimal text or a non-negative integer
  std::optional<double> mistakes;    // null for a failed run
  std::optional<double> test_error;  // where the query returns the column and the run has one
};

// The query must only read, and return the columns point, learner, repeat, seed and
// mistakes (test_error optional), each (point, learner, repeat) once, every value of the
// type its column needs (docs/reports.md): UsageError naming the column, the row and the
// value otherwise, or when DB cannot be opened or the query does not run on it.
// ResultsError when DB was written by an earlier or a newer plab export.
std::vector<QueriedRun> query_runs(const std::filesystem::path& db, const std::string& sql);

}  // namespace plab

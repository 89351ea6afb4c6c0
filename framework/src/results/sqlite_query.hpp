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
  std::int64_t seed = 0;
  std::optional<double> mistakes;    // null for a failed run
  std::optional<double> test_error;  // where the query returns the column and the run has one
};

// The query must only read, and return the columns point, learner, repeat, seed and
// mistakes (test_error optional), each (point, learner, repeat) once. UsageError naming what
// is wrong otherwise, or when DB cannot be opened or the query does not run on it.
std::vector<QueriedRun> query_runs(const std::filesystem::path& db, const std::string& sql);

}  // namespace plab

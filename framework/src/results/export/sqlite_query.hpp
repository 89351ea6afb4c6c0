// Runs read from an SQLite database plab export wrote (docs/sqlite.md), by a user's query:
// what `plab report DB --query SQL` compares.
#pragma once

#include <cstddef>
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

// The most runs a query may return: about 200 bytes each while they are checked and paired,
// so a query that never ends (a recursive WITH without a limit) stops here.
inline constexpr std::size_t kMaxQueriedRuns = 1000000;

// The query must be one statement that only reads (results/export/sqlite_query_statement.hpp), and
// return the columns point, learner, repeat, seed and mistakes (test_error optional), each (point,
// learner, repeat) once, every value of the type its column needs (docs/reports.md): UsageError
// naming the column, the row and the value otherwise, when it returns more than kMaxQueriedRuns
// runs, when DB cannot be opened or the query does not run on it. InterruptedError (exit 130) when
// a signal stops it, WriteError (exit 4) when SQLite runs out of memory. ResultsError when DB was
// written by an earlier or a newer plab export.
std::vector<QueriedRun> query_runs(const std::filesystem::path& db, const std::string& sql);

}  // namespace plab

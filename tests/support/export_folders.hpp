// Small results folders and databases for the tests of plab export and the comparison
// reports: a tiny inline config with a chosen seed and learner, run through the real binary,
// and a read-only look into an SQLite file.
#pragma once

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "support/process.hpp"
#include "support/temp_dir.hpp"

namespace plab::test {

inline const std::string kClassicLearner = R"({"name": "classic", "plugin": "perceptron"})";
inline const std::string kEtaLearner =
    R"({"name": "eta", "plugin": "eta_perceptron", "params": {"eta": 0.5}})";

// Two sweep points × `repeats`, shuffled order, Gaussian starts (repeats differ), on eight
// inline rows: a run takes microseconds.
inline std::string tiny_config(const std::string& seed, const std::string& learners,
                               int repeats = 3) {
  return R"({"name": "tiny", "seed": )" + seed + R"(, "repeats": )" + std::to_string(repeats) +
         R"(,
  "dataset": {"kind": "inline", "x": [[1, 2], [2, 1], [3, 3], [2, 4], [-1, -1], [-2, 0],
                                      [-3, -2], [0, -3]],
              "y": ["a", "a", "a", "a", "b", "b", "b", "b"], "positive": ["a"]},
  "learners": [)" +
         learners + R"(],
  "init": {"kind": "gaussian", "scale": 2},
  "protocol": {"kind": "convergence", "max_epochs": 50, "order": "shuffle"},
  "sweep": {"/init/scale": [1, 3]}})";
}

// Runs `config` (written into `dir` as NAME.json) into dir/NAME with `extra` arguments.
inline std::filesystem::path run_tiny(const TempDir& dir, const std::string& name,
                                      const std::string& config,
                                      const std::vector<std::string>& extra = {}) {
  const auto file = dir.write(name + ".json", config);
  std::vector<std::string> args = {"run",     file.string(), "--out", (dir / name).string(),
                                   "--quiet", "--no-report"};
  args.insert(args.end(), extra.begin(), extra.end());
  const auto r = run_plab(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return dir / name;
}

// Every row of `sql` on the database, each column as text ("" for NULL).
inline std::vector<std::vector<std::string>> sqlite_rows(const std::filesystem::path& db,
                                                         const std::string& sql) {
  sqlite3* raw = nullptr;
  EXPECT_EQ(sqlite3_open_v2(db.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  std::unique_ptr<sqlite3, int (*)(sqlite3*)> handle(raw, &sqlite3_close);
  sqlite3_stmt* s = nullptr;
  EXPECT_EQ(sqlite3_prepare_v2(raw, sql.c_str(), -1, &s, nullptr), SQLITE_OK)
      << sqlite3_errmsg(raw) << "\n"
      << sql;
  std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> statement(s, &sqlite3_finalize);
  std::vector<std::vector<std::string>> rows;
  while (s != nullptr && sqlite3_step(s) == SQLITE_ROW) {
    std::vector<std::string> row;
    for (int c = 0; c < sqlite3_column_count(s); ++c) {
      const auto* text = sqlite3_column_text(s, c);
      row.emplace_back(text == nullptr ? "" : reinterpret_cast<const char*>(text));
    }
    rows.push_back(row);
  }
  return rows;
}

// Runs `sql` (statements that write) on the database, made if new.
inline void sqlite_exec(const std::filesystem::path& db, const std::string& sql) {
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &raw), SQLITE_OK);
  std::unique_ptr<sqlite3, int (*)(sqlite3*)> handle(raw, &sqlite3_close);
  char* message = nullptr;
  ASSERT_EQ(sqlite3_exec(raw, sql.c_str(), nullptr, nullptr, &message), SQLITE_OK)
      << (message != nullptr ? message : "");
}

}  // namespace plab::test

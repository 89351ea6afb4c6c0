// libFuzzer target: any bytes as a results folder exported into SQLite, then queried as
// `plab report DB --query SQL` does. The input is split at the first line "@@ runs.jsonl @@"
// into manifest.json (before) and runs.jsonl (after), and that part at the first line
// "@@ query @@" into runs.jsonl and the query (a fixed pairing query without that line).
// runs.sha256 is written for whatever records there are, so that mutated records reach the
// export instead of stopping at the digest check. Then:
//   1. export into a new database: it works or a plab::Error explains why;
//   2. when it added runs, export again: every record must be found already there (nothing
//      added, all skipped): a run is stored once;
//   3. the query runs on the database and, when it returns runs, the comparison's text is
//      made: each works or a plab::Error explains why.
// Anything else (a crash, a sanitizer report, another exception) is a bug.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>

#include "error.hpp"
#include "fuzz_files.hpp"
#include "report/database_comparison.hpp"
#include "results/export/sqlite_export.hpp"
#include "results/export/sqlite_query.hpp"
#include "results/folder/record_digest.hpp"

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kSeparator = "\n@@ runs.jsonl @@\n";
constexpr std::string_view kQuerySeparator = "\n@@ query @@\n";

// docs/reports.md's query: every run with its point's seed.
constexpr std::string_view kPairQuery =
    "SELECT r.point, r.learner, r.\"repeat\", p.seed, r.mistakes, r.test_error FROM runs r "
    "JOIN points p ON p.experiment_id = r.experiment_id AND p.point = r.point ORDER BY r.run";

const fs::path& work() {
  static const fs::path dir = [] {
    const fs::path d = plab::fuzz::make_temp_folder("plab-fuzz-export");
    fs::create_directories(d / "folder");
    return d;
  }();
  return dir;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const plab::fuzz::Cut folder = plab::fuzz::cut_at(input, kSeparator);
  const std::string_view manifest = folder.before;
  const plab::fuzz::Cut rest = plab::fuzz::cut_at(folder.after, kQuerySeparator);
  const std::string_view runs = rest.before;
  const std::string_view query = rest.found ? rest.after : kPairQuery;
  const fs::path dir = work() / "folder";
  const fs::path db = work() / "runs.db";
  std::error_code ec;
  fs::remove(db, ec);
  plab::fuzz::write_bytes(dir / "manifest.json", manifest);
  plab::fuzz::write_bytes(dir / "runs.jsonl", runs);
  try {
    plab::write_digest_chain(dir);
  } catch (const plab::Error&) {
    return 0;  // records that cannot be chained: the export would refuse them anyway
  }
  std::size_t added = 0;
  std::size_t records = 0;  // added, and skipped as twins of a record of the same folder
  try {
    for (const plab::ExportedFolder& f : plab::export_to_sqlite(db, {dir})) {
      added += f.runs;
      records += f.runs + f.skipped;
    }
  } catch (const plab::Error&) {
    return 0;  // a clear refusal naming the folder, file and field
  }
  if (added != 0) {
    // The same folder again adds nothing: each of its runs is found.
    try {
      const auto again = plab::export_to_sqlite(db, {dir});
      if (again.size() != 1 || again[0].runs != 0 || again[0].skipped != records) {
        std::fprintf(stderr, "fuzz_export: exported again, %zu runs added and %zu skipped of %zu\n",
                     again.empty() ? 0 : again[0].runs, again.empty() ? 0 : again[0].skipped,
                     records);
        std::abort();
      }
    } catch (const plab::Error& e) {
      std::fprintf(stderr, "fuzz_export: the second export of a folder failed: %s\n", e.what());
      std::abort();
    }
  }
  try {
    const auto queried = plab::query_runs(db, std::string(query));
    if (!queried.empty())
      (void)plab::write_query_report(db, std::string(query), work() / "comparison", true);
  } catch (const plab::Error&) {
  }
  return 0;
}

// `plab verify` and `plab report` judge only records plab provably wrote: they check the
// runs.sha256 chain over runs.jsonl (as --resume and merge do) before any bound, and a damaged
// line of runs.jsonl is named by its number wherever it is, not taken for a torn last line.
#include <gtest/gtest.h>

#include <fstream>

#include "support/process.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::run_plab;

// A finished 3-record folder (one point, three repeats) at dir/name.
fs::path finished(test::TempDir& dir, const std::string& name) {
  const auto data = dir.write(name + ".csv", "y,x1,x2\na,1,2\nb,-1,-3\na,2,2.5\nb,-2,-1\n");
  const std::string config = R"({"name": "chain", "seed": 1, "repeats": 3,
    "dataset": {"kind": "csv", "path": ")" +
                             data.string() +
                             R"(", "label": "y", "positive": ["a"]},
    "learners": [{"name": "p", "plugin": "perceptron"}], "theory": {"margin": "none"},
    "protocol": {"kind": "convergence", "max_epochs": 20}})";
  std::ofstream(dir / (name + ".json")) << config;
  const fs::path out = dir / name;
  const auto r = run_plab(
      {"run", (dir / (name + ".json")).string(), "--out", out.string(), "--no-report", "--quiet"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return out;
}

void write(const fs::path& file, const std::string& text) {
  std::ofstream(file, std::ios::binary | std::ios::trunc) << text;
}

// Replaces the first `from` on line `line` (1-based) of `file` by `to`.
void edit_line(const fs::path& file, int line, const std::string& from, const std::string& to) {
  std::string text = read_file(file);
  std::size_t start = 0;
  for (int i = 1; i < line; ++i) start = text.find('\n', start) + 1;
  const std::size_t at = text.find(from, start);
  ASSERT_NE(at, std::string::npos);
  ASSERT_LT(at, text.find('\n', start));
  text.replace(at, from.size(), to);
  write(file, text);
}

// verify and report both refuse with exit 2, naming `what`.
void both_refuse(const fs::path& folder, const std::string& what) {
  const auto v = run_plab({"verify", folder.string()});
  EXPECT_EQ(v.exit_code, 2) << v.out << v.err;
  EXPECT_NE(v.err.find(what), std::string::npos) << v.err;
  const auto r = run_plab({"report", folder.string()});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find(what), std::string::npos) << r.err;
}

// verify finds the folder inconsistent (exit 1, verify.json written) and report refuses it
// (exit 2), both naming `what`: records and digest lines that do not match in number.
void verify_inconsistent_report_refuses(const fs::path& folder, const std::string& what) {
  const auto v = run_plab({"verify", folder.string()});
  EXPECT_EQ(v.exit_code, 1) << v.out << v.err;
  EXPECT_NE(v.out.find(what), std::string::npos) << v.out;
  EXPECT_TRUE(fs::exists(folder / "verify.json"));
  const auto r = run_plab({"report", folder.string()});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find(what), std::string::npos) << r.err;
}

TEST(TrustChain, AnEditedRecordIsRefusedBeforeAnyBound) {
  test::TempDir dir;
  const fs::path f = finished(dir, "f");
  ASSERT_EQ(run_plab({"verify", f.string()}).exit_code, 0);
  edit_line(f / "runs.jsonl", 2, "\"repeat\":1", "\"repeat\":7");
  // verify: an inconsistent record (exit 1), named beside what its audit recomputes;
  // report: refused (exit 2), it never presents an edited record.
  const std::string what = "runs.jsonl:2: this record is not the one plab wrote";
  const auto v = run_plab({"verify", f.string()});
  EXPECT_EQ(v.exit_code, 1) << v.out << v.err;
  EXPECT_NE(v.out.find(what), std::string::npos) << v.out;
  EXPECT_EQ(v.out.find("no violation"), std::string::npos) << v.out;
  const auto r = run_plab({"report", f.string()});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find(what), std::string::npos) << r.err;
}

TEST(TrustChain, AnEmptiedOrMissingDigestFileIsRefused) {
  test::TempDir dir;
  const fs::path f = finished(dir, "f");
  write(f / "runs.sha256", "");
  verify_inconsistent_report_refuses(f, "runs.jsonl:1: this record has no digest line");
  fs::remove(f / "verify.json");
  fs::remove(f / "runs.sha256");
  both_refuse(f, "records cannot be checked");
}

TEST(TrustChain, ExtraDigestLinesNameTheMissingRecords) {
  test::TempDir dir;
  const fs::path f = finished(dir, "f");
  std::string runs = read_file(f / "runs.jsonl");
  runs.erase(runs.find('\n', runs.find('\n') + 1) + 1);  // keep two records
  write(f / "runs.jsonl", runs);
  // Interrupted, so that the manifest's own count does not decide first.
  edit_line(f / "manifest.json", 1, "\"status\":\"completed\"", "\"status\":\"interrupted\"");
  verify_inconsistent_report_refuses(f, "records 3 to 3 are missing");
}

TEST(TrustChain, DamageOnLineOneIsNamedNotTakenForATornLine) {
  test::TempDir dir;
  const fs::path f = finished(dir, "f");
  const std::string runs = read_file(f / "runs.jsonl");
  for (const std::string prefix : {"x", "\xEF\xBB\xBF", "\xFF\xFE"}) {
    write(f / "runs.jsonl", prefix + runs);
    both_refuse(f, "runs.jsonl:1:");
    const auto v = run_plab({"verify", f.string()});
    EXPECT_EQ(v.err.find("torn"), std::string::npos) << v.err;
  }
}

}  // namespace
}  // namespace plab

// `plab verify` on records tampered with in ways the record audit must catch
// (docs/verify.md), through the real binary: the digest chain's count against the records,
// a null bound verify can compute, a violated bound named by line and field, values no plab
// writes, a failed record's fields, the sweep values, damaged timing lines and files that
// never end. Hand-edited folders get a valid digest chain (write_digest_chain) unless the
// chain is what the test is about.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "results/folder/record_digest.hpp"
#include "support/folder_edit.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::at_line;
using test::copy_of_quickstart;
using test::edit_record;
using test::lines_of;
using test::read_file;
using test::run_plab;
using test::verify_json;
using test::write_lines;

// verify exits 1, prints `text` and writes verify.json with `verdict`.
void expect_exit_1(const fs::path& dir, const std::string& text,
                   const std::string& verdict = "inconsistent") {
  const auto r = run_plab({"verify", dir.string()});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find(text), std::string::npos) << text << "\n" << r.out << r.err;
  ASSERT_TRUE(fs::exists(dir / "verify.json")) << r.out << r.err;
  EXPECT_EQ(verify_json(dir).at("verdict").as_string(), verdict);
}

bool bounded(const boost::json::object& r) {
  // From zero initial weights (point 0): no plain bound beside it that the edit would change.
  return r.at("point") == 0 && r.at("bound_applies").as_bool() && r.at("bound_on") == "mistakes";
}

// 1. The chain's count against the records, runs.sha256 untouched -----------------------

TEST(VerifyRecords, ADeletedLastRecordIsInconsistentNotMalformed) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  auto lines = lines_of(f / "runs.jsonl");
  lines.pop_back();
  write_lines(f / "runs.jsonl", lines);
  expect_exit_1(f, "runs.sha256 has 12 digest lines but " + (f / "runs.jsonl").string() +
                       " holds 11 complete records");
}

TEST(VerifyRecords, ATornLastRecordIsInconsistentNotMalformed) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  auto lines = lines_of(f / "runs.jsonl");
  const std::string torn = lines.back().substr(0, lines.back().size() / 2);
  lines.pop_back();
  write_lines(f / "runs.jsonl", lines);
  std::ofstream(f / "runs.jsonl", std::ios::binary | std::ios::app) << torn;
  expect_exit_1(f, "runs.sha256 has 12 digest lines");
}

TEST(VerifyRecords, AnAppendedRecordIsInconsistentNotMalformed) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  auto lines = lines_of(f / "runs.jsonl");
  lines.push_back(lines.back());
  write_lines(f / "runs.jsonl", lines);
  expect_exit_1(f, at_line(f, "runs.jsonl", 13) + ": this record has no digest line in");
}

TEST(VerifyRecords, NoDigestFileAtAllStaysMalformed) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  fs::remove(f / "runs.sha256");
  const auto r = run_plab({"verify", f.string()});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("has no runs.sha256"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(f / "verify.json"));
}

// 2. A null bound that verify computes -------------------------------------------------

TEST(VerifyRecords, ANullApplicableBoundThatVerifyComputesIsADifference) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  const std::size_t line = edit_record(f, bounded, [](boost::json::object& r) {
    r["bound"] = nullptr;
    r["ratio"] = nullptr;
  });
  write_digest_chain(f);
  expect_exit_1(f, at_line(f, "runs.jsonl", line) + ": field 'bound': recorded null, recomputed ");
}

// 3. A violated bound, named by line, field, count and both bounds ---------------------

TEST(VerifyRecords, AViolatedBoundIsNamedByLineFieldCountAndBound) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  double bound = 0;
  const std::size_t line = edit_record(f, bounded, [&](boost::json::object& r) {
    bound = r.at("bound").to_number<double>();
    r["mistakes"] = 1000;
    r["ratio"] = 1000 / bound;
    r["bound_holds"] = false;
  });
  write_digest_chain(f);
  expect_exit_1(f,
                at_line(f, "runs.jsonl", line) + " (point 0, learner classic, repeat 0): field " +
                    "'mistakes' 1000 > bound " + boost::json::serialize(boost::json::value(bound)) +
                    " (recomputed ",
                "bound_violated");
  const boost::json::array v = verify_json(f).at("violations").as_array();
  ASSERT_EQ(v.size(), 1U);
  EXPECT_EQ(v[0].at("where").as_string(), at_line(f, "runs.jsonl", line));
  EXPECT_EQ(v[0].at("field"), "mistakes");
  EXPECT_EQ(v[0].at("count").to_number<int>(), 1000);
  EXPECT_EQ(v[0].at("bound").to_number<double>(), bound);
  EXPECT_NEAR(v[0].at("recomputed").to_number<double>(), bound, 1e-12 * bound);
}

// 4. Values no plab writes -------------------------------------------------------------

void expect_unwritable(const char* field, const boost::json::value& value,
                       const std::string& text) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  const std::size_t line = edit_record(
      f, [](const boost::json::object& r) { return r.at("status") == "converged"; },
      [&](boost::json::object& r) { r[field] = value; });
  write_digest_chain(f);
  expect_exit_1(f, at_line(f, "runs.jsonl", line) + ": field '" + field + "'" + text);
}

TEST(VerifyRecords, ValuesOutOfTheirRangeAreNotRecordsPlabWrote) {
  expect_unwritable("train_error", 1.5, " is 1.5 (a number); expected null or a fraction");
  expect_unwritable("train_error", -0.25, " is -0.25 (a number); expected null or a fraction");
  expect_unwritable("w_norm", -1.0, " is -1 (a number); expected null or a number >= 0");
  expect_unwritable("w0_norm", -1.0, " is -1 (a number); expected null or a number >= 0");
}

TEST(VerifyRecords, FieldsOfOtherProtocolsOrLearnersAreDifferences) {
  expect_unwritable("test_error", 0.5, ": recorded 5E-1, recomputed \"null (no holdout");
  expect_unwritable("ls_gap", 0.5, ": recorded 5E-1, recomputed \"null (only a least-squares");
  expect_unwritable("ls_distance", 0.5, ": recorded 5E-1, recomputed \"null (only a least-squares");
}

// 5. A failed record's fields ----------------------------------------------------------

TEST(VerifyRecords, AnErrorInARunThatRanIsADifference) {
  expect_unwritable("error", "boom", ": recorded \"boom\", recomputed \"null (only a failed");
}

TEST(VerifyRecords, AFailedRecordNeedsAnErrorAndNoInitialWeights) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  const std::size_t line = edit_record(f, test::any_record, [](boost::json::object& r) {
    r["status"] = "failed";
    r["converged"] = false;
    for (const char* key : {"epochs", "steps", "mistakes", "updates", "train_error", "test_error",
                            "w_norm", "bound", "bound_kind", "bound_on", "ratio", "bound_holds",
                            "bound_clean", "plain_bound", "plain_bound_holds", "error"})
      r[key] = nullptr;
    r["bound_applies"] = false;
    r["w0_norm"] = 0.0;
  });
  write_digest_chain(f);
  expect_exit_1(
      f, at_line(f, "runs.jsonl", line) + ": field 'error': recorded null, recomputed \"a message");
  const std::string out = run_plab({"verify", f.string()}).out;
  EXPECT_NE(out.find(at_line(f, "runs.jsonl", line) +
                     ": field 'w0_norm': recorded 0E0, recomputed \"null (a failed run)\""),
            std::string::npos)
      << out;
}

// 6. The sweep values ------------------------------------------------------------------

TEST(VerifyRecords, ParamsOtherThanThePointsSweepValuesAreADifference) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  const std::size_t line = edit_record(
      f, [](const boost::json::object& r) { return r.at("point") == 0; },
      [](boost::json::object& r) {
        r["params"].as_object()["/init/kind"] =
            r["params"].at("/init/kind") == "zero" ? "gaussian" : "zero";
      });
  write_digest_chain(f);
  expect_exit_1(f, at_line(f, "runs.jsonl", line) + ": field 'params': recorded ");
}

// 7. timings.jsonl, and files that never end -------------------------------------------

void edit_timing(const fs::path& dir, std::size_t line,
                 const std::function<void(boost::json::object&)>& edit) {
  auto lines = lines_of(dir / "timings.jsonl");
  auto t = boost::json::parse(lines.at(line - 1)).as_object();
  edit(t);
  lines[line - 1] = boost::json::serialize(t);
  write_lines(dir / "timings.jsonl", lines);
}

TEST(VerifyRecords, ATimingLineMissingAKeyIsInconsistent) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  edit_timing(f, 2, [](boost::json::object& t) { t.erase("learner"); });
  expect_exit_1(f, at_line(f, "timings.jsonl", 2) + ": field '(the line)'");
}

TEST(VerifyRecords, ATimingLineWithBadSecondsIsInconsistent) {
  for (const boost::json::value& bad : {boost::json::value(-1.0), boost::json::value("fast")}) {
    test::TempDir dir;
    const fs::path f = copy_of_quickstart(dir);
    edit_timing(f, 3, [&](boost::json::object& t) { t["train_seconds"] = bad; });
    expect_exit_1(f, at_line(f, "timings.jsonl", 3) + ": field '(the line)'");
  }
}

// verify with a time limit: a file that never ends must not make it hang.
test::ProcessResult verify_within_a_minute(const fs::path& dir) {
  return test::run_process("/usr/bin/timeout",
                           {"-k", "5", "60", PLAB_BINARY, "verify", dir.string()});
}

TEST(VerifyRecords, FilesLinkedToDevZeroAreRefusedNotReadForever) {
  for (const char* name : {"timings.jsonl", "runs.sha256", "runs.jsonl"}) {
    test::TempDir dir;
    const fs::path f = copy_of_quickstart(dir);
    fs::remove(f / name);
    fs::create_symlink("/dev/zero", f / name);
    const auto r = verify_within_a_minute(f);
    EXPECT_EQ(r.exit_code, 2) << name << "\n" << r.out << r.err;
    EXPECT_FALSE(fs::exists(f / "verify.json")) << name;
  }
}

TEST(VerifyRecords, ALineLongerThan16MiBIsRefusedNamingItsLine) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  auto lines = lines_of(f / "timings.jsonl");
  lines[1] = std::string((std::size_t{16} << 20) + 1, ' ');
  write_lines(f / "timings.jsonl", lines);
  const auto r = verify_within_a_minute(f);
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find(at_line(f, "timings.jsonl", 2) + ": a line longer than 16 MiB"),
            std::string::npos)
      << r.err;
}

// 8. Messages about the manifest --------------------------------------------------------

TEST(VerifyRecords, AManifestThatIsNotJsonSaysWhere) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  std::ofstream(f / "manifest.json", std::ios::trunc) << "{\n  \"config\": {},\n  \"x\": tru\n}\n";
  const auto r = run_plab({"verify", f.string()});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("not valid JSON at line 3, column "), std::string::npos) << r.err;
}

TEST(VerifyRecords, ANumberBeyondADoubleIsSaidSo) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  std::string text = read_file(f / "manifest.json");
  const std::string key = "\"runs_total\":";
  const std::size_t at = text.find(key);
  ASSERT_NE(at, std::string::npos);
  const std::size_t end = text.find_first_of(",}", at);
  text.replace(at + key.size(), end - at - key.size(), "1e400");
  std::ofstream(f / "manifest.json", std::ios::trunc) << text;
  const auto r = run_plab({"verify", f.string()});
  EXPECT_NE(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE((r.out + r.err).find("field 'runs_total' is a number beyond the range of a double"),
            std::string::npos)
      << r.out << r.err;
}

// Each new message has a row in docs/troubleshooting.md.
TEST(VerifyRecords, MessagesAreInTroubleshooting) {
  const std::string section = test::troubleshooting_section();
  for (const char* message :
       {"a line longer than 16 MiB", "is not a regular file",
        "expected null or a fraction from 0 to 1", "expected null or a number >= 0 (a norm)",
        "only a least-squares learner's", "only a failed or diverged run has an error",
        "a number beyond the range of a double", "not valid JSON at line"}) {
    EXPECT_NE(section.find(message), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace plab

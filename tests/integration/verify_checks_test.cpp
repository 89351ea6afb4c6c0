// `plab verify` beyond recomputing values (docs/verify.md), through the real binary:
// --replay re-runs records through the recorded plugins and compares them byte for byte;
// rho_upper is recomputed from the stored hull point; the folder's order, duplicates,
// timings and a merged folder's shard coverage are checked. Hand-edited folders get a valid
// digest chain (write_digest_chain), so that each test is about the check it names.
#include <gtest/gtest.h>

#include <algorithm>
#include <boost/json.hpp>

#include "results/folder/record_digest.hpp"
#include "support/folder_edit.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::any_record;
using test::at_line;
using test::copy_of_quickstart;
using test::edit_manifest;
using test::edit_record;
using test::lines_of;
using test::point0_theory;
using test::read_file;
using test::run_plab;
using test::verify_json;
using test::write_lines;

// verify (with `extra` options) exits 1, names `text` and says the folder is inconsistent.
void expect_named(const fs::path& dir, const std::string& text,
                  const std::vector<std::string>& extra = {}) {
  std::vector<std::string> args{"verify", dir.string()};
  args.insert(args.end(), extra.begin(), extra.end());
  const auto r = run_plab(args);
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find(text), std::string::npos) << text << "\n" << r.out << r.err;
  EXPECT_EQ(verify_json(dir).at("verdict"), "inconsistent");
}

// --replay -----------------------------------------------------------------------------

TEST(VerifyReplay, AllRecordsMatchByteForByte) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  const auto r = run_plab({"verify", f.string(), "--replay", "all"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("replayed 12 of 12 records"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("12 identical byte for byte"), std::string::npos) << r.out;
  const auto replayed = verify_json(f).at("replayed").as_object();
  EXPECT_EQ(replayed.at("records"), 12);
  EXPECT_EQ(replayed.at("lines"), "all");
}

TEST(VerifyReplay, EditedMistakesAreNamed) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  std::int64_t mistakes = 0;
  const std::size_t line = edit_record(f, any_record, [&](boost::json::object& r) {
    mistakes = r.at("mistakes").to_number<std::int64_t>();
    r["mistakes"] = mistakes + 1;
  });
  write_digest_chain(f);
  expect_named(f,
               at_line(f, "runs.jsonl", line) + ": field 'mistakes': recorded " +
                   std::to_string(mistakes + 1) + ", replayed " + std::to_string(mistakes),
               {"--replay", "all"});
}

// w_norm needs the final weights: only a replay can check it.
TEST(VerifyReplay, EditedWeightNormIsCaughtOnlyByReplay) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  const std::size_t line =
      edit_record(f, any_record, [](boost::json::object& r) { r["w_norm"] = 123.5; });
  write_digest_chain(f);
  const auto plain = run_plab({"verify", f.string()});
  EXPECT_EQ(plain.exit_code, 0) << plain.out << plain.err;
  expect_named(f, at_line(f, "runs.jsonl", line) + ": field 'w_norm': recorded 1.235E2, replayed ",
               {"--replay", "all"});
}

// The AND function's textbook trace (the trajectory protocol) run into dir/o.
fs::path and_function_folder(const test::TempDir& dir) {
  const fs::path f = dir / "o";
  const auto r = run_plab(
      {"run", std::string(PLAB_SOURCE_DIR) + "/experiments/textbook_traces/and_function.json",
       "--out", f.string(), "--no-report", "--quiet"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return f;
}

// trajectory.jsonl is not in the digest chain: a replay compares it line for line.
TEST(VerifyReplay, EditedTrajectoryLineIsNamed) {
  test::TempDir dir;
  const fs::path f = and_function_folder(dir);
  EXPECT_EQ(run_plab({"verify", f.string(), "--replay", "all"}).exit_code, 0);
  auto lines = lines_of(f / "trajectory.jsonl");
  ASSERT_GE(lines.size(), 3U);
  auto step = boost::json::parse(lines[2]).as_object();
  step["w"] = boost::json::array{7, 7, 7};
  lines[2] = boost::json::serialize(step);
  write_lines(f / "trajectory.jsonl", lines);
  EXPECT_EQ(run_plab({"verify", f.string()}).exit_code, 0);
  expect_named(f,
               at_line(f, "trajectory.jsonl", 3) + ": field '(the trajectory of " +
                   "{\"point\":0,\"learner\":\"classic\",\"repeat\":0}, its line 3)': recorded ",
               {"--replay", "all"});
}

// Without --replay, each trajectory line must still be an update of a recorded run, in
// runs.jsonl's order, as merge and --resume read it: its line 3 replaced by `line`.
void expect_trajectory_line_named(const std::string& line, const std::string& text) {
  test::TempDir dir;
  const fs::path f = and_function_folder(dir);
  auto lines = lines_of(f / "trajectory.jsonl");
  ASSERT_GE(lines.size(), 3U);
  lines[2] = line;
  write_lines(f / "trajectory.jsonl", lines);
  expect_named(f, at_line(f, "trajectory.jsonl", 3) + ": field '" + text);
}

TEST(VerifyFolder, TrajectoryLineWithoutItsRunIsADifference) {
  expect_trajectory_line_named(R"({"garbage":1})", "(the line)': recorded");
}

TEST(VerifyFolder, TrajectoryLineNotJsonIsADifference) {
  expect_trajectory_line_named("garbage", "(the line)': recorded");
}

TEST(VerifyFolder, TrajectoryLineOfARunNotRecordedIsADifference) {
  expect_trajectory_line_named(
      R"({"point":0,"learner":"classic","repeat":7,"epoch":0,"sample":0,"w":[0,0,0]})",
      "(point, learner, repeat) (a trajectory line of no run of runs.jsonl, or out of its "
      "order)'");
}

// The manifest's top-level name (the one export stores) edited: verify names it, export refuses.
TEST(VerifyFolder, EditedExperimentNameIsADifference) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  edit_manifest(f, [](boost::json::object& m) { m["name"] = "renamed"; });
  expect_named(f,
               "manifest.json: field 'name': recorded \"renamed\", in the config \"quickstart\"");
  const auto r = run_plab({"export", f.string(), "--csv", (dir / "o.csv").string()});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("its manifest.json's \"name\" 'renamed' is not its config's name "
                       "'quickstart' (the manifest was edited)"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(dir / "o.csv"));
}

// Both copies of the name edited alike: the config is no longer the one plab wrote.
TEST(VerifyFolder, EditedConfigNameIsADifference) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  edit_manifest(f, [](boost::json::object& m) {
    m["name"] = "renamed";
    m["config"].as_object()["name"] = "renamed";
  });
  expect_named(f, "field 'config_identity_sha256 (the config was edited after plab wrote it)'");
}

TEST(VerifyReplay, ThreeRecordsChosenFromTheSeed) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  boost::json::value lines;
  for (int time = 0; time < 2; ++time) {
    const auto r = run_plab({"verify", f.string(), "--replay", "3"});
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("replayed 3 of 12 records"), std::string::npos) << r.out;
    const auto replayed = verify_json(f).at("replayed").as_object();
    EXPECT_EQ(replayed.at("records"), 3);
    const auto& now = replayed.at("lines").as_array();
    ASSERT_EQ(now.size(), 3U);
    EXPECT_LT(now[0].to_number<int>(), now[1].to_number<int>());
    EXPECT_LT(now[1].to_number<int>(), now[2].to_number<int>());
    if (time == 1) {
      EXPECT_EQ(now, lines.as_array());  // the same three every time
    }
    lines = now;
  }
}

TEST(VerifyReplay, BadCountsAreUsageErrors) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  for (const char* k : {"0", "-1", "x", "2.5"}) {
    const auto r = run_plab({"verify", f.string(), "--replay", k});
    EXPECT_EQ(r.exit_code, 2) << k << r.out << r.err;
    EXPECT_NE(r.err.find("is not a number of records"), std::string::npos) << k << r.err;
  }
  const auto r = run_plab({"verify", f.string(), "--replay", "13"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("--replay 13 asks for more records than the 12"), std::string::npos)
      << r.err;
}

TEST(VerifyReplay, AnotherPluginFileIsRefused) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  edit_manifest(f, [](boost::json::object& m) {
    m.at("plugins").as_array().at(0).as_object()["sha256"] = std::string(64, '0');
  });
  const auto r = run_plab({"verify", f.string(), "--replay", "1"});
  EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
  EXPECT_NE(r.err.find("is not the file the records came from"), std::string::npos) << r.err;
}

// rho_upper ----------------------------------------------------------------------------

const char* const kUpperField =
    "field 'points/0/theory/rho_upper (from points/0/theory/rho_upper_weights)'";

TEST(VerifyRhoUpper, ManifestHoldsTheHullWeights) {
  const auto m = boost::json::parse(read_file(test::quickstart_folder() / "manifest.json"));
  const auto& t = m.at("points").at(0).at("theory").as_object();
  ASSERT_TRUE(t.at("rho_upper").is_number());
  const auto& weights = t.at("rho_upper_weights").as_array();
  ASSERT_FALSE(weights.empty());
  double sum = 0.0;
  for (const auto& w : weights) sum += w.at(1).to_number<double>();
  EXPECT_NEAR(sum, 1.0, 1e-9);
}

TEST(VerifyRhoUpper, EditedRecordIsNamed) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  const std::size_t line =
      edit_record(f, any_record, [](boost::json::object& r) { r["rho_upper"] = 100.0; });
  write_digest_chain(f);
  expect_named(f,
               at_line(f, "runs.jsonl", line) + ": field 'rho_upper': recorded 1E2, recomputed ");
}

TEST(VerifyRhoUpper, EditedManifestIsNamed) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  edit_manifest(f, [](boost::json::object& m) { point0_theory(m)["rho_upper"] = 100.0; });
  expect_named(f, std::string(kUpperField) + ": recorded 1E2, recomputed ");
}

TEST(VerifyRhoUpper, EditedHullWeightsAreNamed) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  edit_manifest(f, [](boost::json::object& m) {
    auto& weights = point0_theory(m).at("rho_upper_weights").as_array();
    weights.at(0).as_array().at(1) = 0.0;  // the rest no longer sums to 1: another hull point
  });
  expect_named(f, kUpperField);
  edit_manifest(f, [](boost::json::object& m) {
    point0_theory(m).at("rho_upper_weights").as_array().at(0).as_array().at(0) = 100000;
  });
  expect_named(f, std::string(kUpperField) + ": recorded ");
  const auto r = run_plab({"verify", f.string()});
  EXPECT_NE(r.out.find("no bound: the weights are not convex weights over the points"),
            std::string::npos)
      << r.out;
}

// Folder checks ------------------------------------------------------------------------

// The same edit of the lines of runs.jsonl and timings.jsonl, as if plab had written them.
void edit_runs_and_timings(const fs::path& dir,
                           const std::function<void(std::vector<std::string>&)>& edit) {
  for (const char* file : {"runs.jsonl", "timings.jsonl"}) {
    auto lines = lines_of(dir / file);
    edit(lines);
    write_lines(dir / file, lines);
  }
  write_digest_chain(dir);
}

TEST(VerifyFolder, SwappedRecordsAreOutOfOrder) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  edit_runs_and_timings(
      f, [](std::vector<std::string>& lines) { std::swap(lines.at(1), lines.at(2)); });
  expect_named(f, at_line(f, "runs.jsonl", 2) +
                      ": field '(point, learner, repeat) (canonical run 1 of the shard's range)': "
                      "recorded [0,\"classic\",2], recomputed [0,\"classic\",1]");
  expect_named(f, at_line(f, "runs.jsonl", 3) +
                      ": field '(point, learner, repeat) (not in canonical order: line 2 holds "
                      "[0,\"classic\",2])': recorded [0,\"classic\",1]");
}

TEST(VerifyFolder, DuplicateRecordIsNamed) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  edit_runs_and_timings(f, [](std::vector<std::string>& lines) { lines.at(2) = lines.at(1); });
  expect_named(f, at_line(f, "runs.jsonl", 3) +
                      ": field '(point, learner, repeat) (a duplicate of line 2)': recorded "
                      "[0,\"classic\",1], recomputed [0,\"classic\",2]");
}

TEST(VerifyFolder, DroppedTimingLineIsNamed) {
  test::TempDir dir;
  const fs::path f = copy_of_quickstart(dir);
  auto lines = lines_of(f / "timings.jsonl");
  lines.erase(lines.begin() + 4);
  write_lines(f / "timings.jsonl", lines);
  expect_named(f, at_line(f, "timings.jsonl", 5) +
                      ": field '(point, learner, repeat) (timings.jsonl out of step with "
                      "runs.jsonl:5)': recorded [1,\"classic\",2], recomputed [1,\"classic\",1]");
}

TEST(VerifyFolder, MergedShardsTileTheRunsAndReplay) {
  const auto m =
      boost::json::parse(read_file(test::merged_quickstart_folder() / "manifest.json")).as_object();
  const auto& shards = m.at("merged_shards").as_array();
  ASSERT_EQ(shards.size(), 2U);
  EXPECT_EQ(shards[0].at("first_run"), 0);
  EXPECT_EQ(shards[0].at("end_run"), shards[1].at("first_run"));
  EXPECT_EQ(shards[1].at("end_run"), 12);
  test::TempDir dir;
  fs::copy(test::merged_quickstart_folder(), dir / "m", fs::copy_options::recursive);
  const auto r = run_plab({"verify", (dir / "m").string(), "--replay", "all"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("replayed 12 of 12 records"), std::string::npos) << r.out;
}

// A second shard's records are runs [first_run, end_run): its order and its replay start there.
TEST(VerifyFolder, SecondShardVerifiesAndReplaysWithinItsRange) {
  const auto m = boost::json::parse(read_file(test::merged_quickstart_folder() / "manifest.json"));
  const auto& second = m.at("merged_shards").at(1).as_object();
  const auto runs = second.at("end_run").to_number<std::size_t>() -
                    second.at("first_run").to_number<std::size_t>();
  ASSERT_GT(second.at("first_run").to_number<std::size_t>(), 0U);
  test::TempDir dir;
  fs::copy(test::merged_quickstart_folder().parent_path() / "s1", dir / "s1",
           fs::copy_options::recursive);
  const auto r = run_plab({"verify", (dir / "s1").string(), "--replay", "all"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  const std::string replayed =
      "replayed " + std::to_string(runs) + " of " + std::to_string(runs) + " records";
  EXPECT_NE(r.out.find(replayed), std::string::npos) << replayed << "\n" << r.out;
  // Its first record moved to the end: no longer the shard's first run.
  edit_runs_and_timings(dir / "s1", [](std::vector<std::string>& lines) {
    std::rotate(lines.begin(), lines.begin() + 1, lines.end());
  });
  expect_named(dir / "s1", at_line(dir / "s1", "runs.jsonl", 1) +
                               ": field '(point, learner, repeat) (canonical run " +
                               std::to_string(second.at("first_run").to_number<std::size_t>()) +
                               " of the shard's range)'");
}

TEST(VerifyFolder, EditedShardRangeIsNamed) {
  test::TempDir dir;
  const fs::path f = dir / "m";
  fs::copy(test::merged_quickstart_folder(), f, fs::copy_options::recursive);
  std::uint64_t first = 0;
  edit_manifest(f, [&](boost::json::object& m) {
    auto& shard = m.at("merged_shards").as_array().at(1).as_object();
    first = shard.at("first_run").to_number<std::uint64_t>();
    shard["first_run"] = first + 1;
  });
  expect_named(f, (f / "manifest.json").string() +
                      ": field 'merged_shards/1/first_run (leaves a gap after it)': recorded " +
                      std::to_string(first + 1) + ", recomputed " + std::to_string(first));
}

// Each new message has a row in docs/troubleshooting.md.
TEST(VerifyChecks, MessagesAreInTroubleshooting) {
  const std::string section = test::troubleshooting_section();
  ASSERT_FALSE(section.empty());
  for (const char* message :
       {"is not a number of records", "asks for more records than the",
        "is not the file the records came from", "cannot replay", "replayed", "the trajectory of",
        "not in canonical order", "a duplicate of line", "timings.jsonl out of step with",
        "leaves a gap after it", "rho_upper_weights"}) {
    EXPECT_NE(section.find(message), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace plab

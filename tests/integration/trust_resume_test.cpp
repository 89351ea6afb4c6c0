// `plab run --resume DIR` on a hand-edited or damaged results folder: every malformed
// manifest field, record or digest line is a refusal naming the file (and line) and what is
// wrong, exit 2 — never "internal error" (a Boost.JSON exception escaping) — through the real
// plab binary.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <fstream>
#include <functional>

#include "results/folder/record_digest.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::run_plab;

// The experiment of the fuzz target's resume_* seeds: 2 learners x 2 repeats, 4 runs.
fs::path finished_run(const test::TempDir& dir) {
  const fs::path config = dir.write("c.json", R"({"name":"seed","seed":1,"repeats":2,
    "dataset":{"kind":"inline","x":[[1,2],[2,1],[-1,-1],[-2,0]],"y":["a","a","b","b"],
               "positive":["a"]},
    "learners":[{"name":"p","plugin":"perceptron"},
                {"name":"e","plugin":"eta_perceptron","params":{"eta":0.5}}],
    "protocol":{"kind":"convergence","max_epochs":20,"record_curve":true}})");
  const fs::path out = dir.path() / "out";
  const auto r = run_plab({"run", config.string(), "--out", out.string(), "-q", "--no-report"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return out;
}

void edit_manifest(const fs::path& out, const std::function<void(boost::json::object&)>& edit) {
  auto manifest = boost::json::parse(read_file(out / "manifest.json")).as_object();
  edit(manifest);
  std::ofstream(out / "manifest.json", std::ios::trunc) << boost::json::serialize(manifest);
}

// Replaces line 2 of `file` (without its '\n') by `text`.
void replace_line2(const fs::path& file, const std::string& text) {
  std::string bytes = read_file(file);
  const std::size_t line2 = bytes.find('\n') + 1;
  bytes.replace(line2, bytes.find('\n', line2) - line2, text);
  std::ofstream(file, std::ios::trunc) << bytes;
}

// Each test edits a fresh finished folder `out`.
class TrustResume : public ::testing::Test {
 protected:
  void SetUp() override {
    out = finished_run(dir);
    ASSERT_FALSE(HasFailure());
  }
  test::TempDir dir;
  fs::path out;
};

// Runs the resume and checks a refusal with exit 2 whose message holds every one of `parts`.
void expect_refused(const fs::path& out, const std::vector<std::string>& parts) {
  const auto r = run_plab({"run", "--resume", out.string(), "-q", "--no-report"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err;
  for (const std::string& part : parts) EXPECT_NE(r.err.find(part), std::string::npos) << r.err;
}

TEST_F(TrustResume, ManifestThatIsNotJson) {
  std::ofstream(out / "manifest.json", std::ios::trunc) << "{\"config\": [1, 2";
  expect_refused(out, {"manifest.json' is damaged: not a plab manifest"});
}

TEST_F(TrustResume, ManifestShardFieldOfTheWrongType) {
  edit_manifest(out, [](auto& m) { m["shard"].as_object()["index"] = "0"; });
  expect_refused(out, {"manifest.json: field 'shard/index' is \"0\" (a string); expected a count"});
}

TEST_F(TrustResume, ManifestShardIndexNotBelowCount) {
  edit_manifest(out, [](auto& m) { m["shard"].as_object()["count"] = 0; });
  expect_refused(out, {"manifest.json: field 'shard/index' is 0 of a count of 0"});
}

TEST_F(TrustResume, ManifestFieldMissing) {
  edit_manifest(out, [](auto& m) { m.erase("runs_total"); });
  expect_refused(out, {"manifest.json: field 'runs_total' is missing"});
}

TEST_F(TrustResume, ManifestPluginHashOfTheWrongType) {
  edit_manifest(out, [](auto& m) { m["plugins"].as_array()[1].as_object()["sha256"] = 7; });
  expect_refused(out,
                 {"manifest.json: field 'plugins/1/sha256' is 7 (a number); expected a string"});
}

TEST_F(TrustResume, ManifestConfigAndChangesOfTheWrongType) {
  edit_manifest(out, [](auto& m) { m["command_line_changes"] = boost::json::array{1}; });
  expect_refused(out, {"manifest.json: field 'command_line_changes/0' is 1 (a number)"});
  edit_manifest(out, [](auto& m) {
    m["command_line_changes"] = boost::json::array{};
    m["config_file"] = nullptr;
  });
  expect_refused(out, {"manifest.json: field 'config_file' is null; expected a string"});
}

TEST_F(TrustResume, ManifestSessionsOfTheWrongShape) {
  // The new manifest takes its start time from the first earlier session.
  edit_manifest(out, [](auto& m) { m["sessions"] = boost::json::array{1}; });
  expect_refused(out, {"manifest.json: field 'sessions/0' is 1 (a number); expected an object"});
  edit_manifest(out, [](auto& m) { m["sessions"] = boost::json::array{boost::json::object{}}; });
  expect_refused(out, {"manifest.json: field 'sessions/0/start_time' is missing"});
}

TEST_F(TrustResume, MalformedRecordLineIsAnEditedRecord) {
  replace_line2(out / "runs.jsonl", "{\"point\": \"zero\"}");
  expect_refused(out, {"runs.jsonl:2: this record is not the one plab wrote"});
  // Not JSON at all: the same (the digest chain is checked before the records are read).
  replace_line2(out / "runs.jsonl", "not json");
  expect_refused(out, {"runs.jsonl:2: this record is not the one plab wrote"});
}

TEST_F(TrustResume, MalformedRecordWithAMatchingChain) {
  // A record of the wrong shape whose digests were written again (by another tool): the
  // checked reader names the line and the field.
  replace_line2(out / "runs.jsonl", "{\"point\": 0, \"learner\": \"p\", \"repeat\": -1}");
  write_digest_chain(out);
  expect_refused(out, {"runs.jsonl:2: field 'repeat' is -1 (a number); expected a count"});
}

TEST_F(TrustResume, DigestFileWithGarbageLines) {
  replace_line2(out / "runs.sha256", "garbage");
  expect_refused(out, {"runs.sha256' is damaged: line 2 is not a SHA-256 digest"});
}

TEST_F(TrustResume, TrajectoryLineWithAFieldOfTheWrongType) {
  std::ofstream(out / "trajectory.jsonl")
      << "{\"point\": \"x\", \"learner\": \"p\", \"repeat\": 0}\n";
  expect_refused(out, {"trajectory.jsonl:1: field 'point' is \"x\" (a string); expected a count"});
}

TEST_F(TrustResume, ManifestShardRangeEditedIsNamedAsSuch) {
  edit_manifest(out, [](auto& m) { m["shard"].as_object()["first_run"] = 1; });
  expect_refused(out, {"shard 0/1 of this experiment holds runs [0, 4), but",
                       "says [1, 4) (shard/first_run, shard/end_run)"});
}

// A manifest whose data_files lost the CSV this experiment reads cannot vouch for the records'
// data: the resume is refused, even though the file changed in between (the hostile review
// mixed two data sets this way). plab writes data_files in every manifest.
TEST(TrustResumeData, AManifestWithoutTheDataFileIsRefused) {
  test::TempDir dir;
  dir.write("d.csv", "x,y\n1,1\n2,1\n-1,-1\n");
  const fs::path config = dir.write("c.json", R"({"name":"csvs","seed":1,"repeats":4,
    "dataset":{"kind":"csv","path":"d.csv","label":"y","positive":["1"]},
    "learners":[{"name":"p","plugin":"perceptron"}],"init":{"kind":"gaussian"},
    "protocol":{"kind":"convergence","max_epochs":10,"order":"shuffle"}})");
  const fs::path out = dir.path() / "out";
  const auto r = run_plab({"run", config.string(), "--out", out.string(), "-q", "--no-report"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  edit_manifest(out, [](auto& m) {
    m["status"] = "interrupted";
    m["data_files"] = boost::json::array();
  });
  dir.write("d.csv", "x,y\n1,1\n3,1\n-1,-1\n");
  expect_refused(out, {"data file '", "d.csv' is not in", "(data_files)", "start a new run"});
  edit_manifest(out, [](auto& m) { m.erase("data_files"); });
  expect_refused(out, {"manifest.json: field 'data_files' is missing"});
}

}  // namespace
}  // namespace plab

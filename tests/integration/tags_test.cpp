// Tags and notes: the config's "tags" and "note" and `plab run --tag` go into manifest.json
// and the report's header, and are not part of the experiment's identity.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <string>

#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace fs = std::filesystem;
using plab::test::read_file;
using plab::test::run_plab;

namespace {

std::string config_with(const std::string& annotations) {
  return R"({"name": "tagged", "seed": 5, "repeats": 2, )" + annotations + R"(
  "dataset": {"kind": "inline", "x": [[1, 2], [2, 1], [-1, -2], [-2, -1]], "y": [1, 1, -1, -1]},
  "learners": [{"name": "p", "plugin": "perceptron"}], "theory": {"margin": "none"},
  "init": {"kind": "gaussian", "scale": 1}, "protocol": {"kind": "convergence", "max_epochs": 20}})";
}

boost::json::object manifest_of(const fs::path& dir) {
  return boost::json::parse(read_file(dir / "manifest.json")).as_object();
}

TEST(Tags, ConfigTagsNoteAndTagOptionsGoIntoTheManifestAndTheReport) {
  plab::test::TempDir dir;
  const fs::path tagged = dir.write(
      "tagged.json", config_with(R"("tags": ["iris", "baseline"], "note": "first try",)"));
  const fs::path plain = dir.write("plain.json", config_with(""));
  const auto r = run_plab({"run", tagged.string(), "--tag", "nightly", "--tag", "iris", "--out",
                           (dir / "a").string(), "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto m = manifest_of(dir / "a");
  EXPECT_EQ(m.at("tags"), (boost::json::array{"iris", "baseline", "nightly"}));
  EXPECT_EQ(m.at("note"), "first try");
  const std::string report = read_file(dir / "a" / "report.md");
  EXPECT_NE(report.find("Tags: iris, baseline, nightly"), std::string::npos) << report;
  EXPECT_NE(report.find("Note: first try"), std::string::npos) << report;
  // Without any: empty tags and a null note; the records are the same bytes.
  ASSERT_EQ(run_plab({"run", plain.string(), "--out", (dir / "b").string(), "--quiet"}).exit_code,
            0);
  const auto b = manifest_of(dir / "b");
  EXPECT_EQ(b.at("tags"), boost::json::array{});
  EXPECT_TRUE(b.at("note").is_null());
  EXPECT_EQ(read_file(dir / "a" / "runs.jsonl"), read_file(dir / "b" / "runs.jsonl"));
  // Tags must be strings.
  const fs::path wrong = dir.write("wrong.json", config_with(R"("tags": ["a", 1],)"));
  const auto refused = run_plab({"run", wrong.string(), "--plan"});
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.err.find("/tags/1"), std::string::npos) << refused.err;
}

TEST(Tags, AChangedTagOrNoteIsTheSameExperimentForResumeAndMerge) {
  plab::test::TempDir dir;
  const fs::path first = dir.write("first.json", config_with(R"("tags": ["a"], "note": "one",)"));
  const fs::path second = dir.write("second.json", config_with(R"("tags": ["b"], "note": "two",)"));
  ASSERT_EQ(
      run_plab({"run", first.string(), "--out", (dir / "full").string(), "--quiet"}).exit_code, 0);
  // --resume-if-present takes the complete folder as this experiment's.
  const auto again = run_plab(
      {"run", second.string(), "--out", (dir / "full").string(), "--resume-if-present", "--quiet"});
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.err.find("is already complete"), std::string::npos) << again.err;
  // A changed repeat count is another experiment, as before.
  const fs::path other = dir.write(
      "other.json", config_with(R"("tags": ["a"], "note": "one", "sweep": {"/repeats": [3]},)"));
  const auto refused = run_plab(
      {"run", other.string(), "--out", (dir / "full").string(), "--resume-if-present", "--quiet"});
  EXPECT_EQ(refused.exit_code, 2) << refused.err;
  // Two shards with different tags and notes merge; the merged folder holds both.
  ASSERT_EQ(
      run_plab({"run", first.string(), "--shard", "0/2", "--out", (dir / "s0").string(), "--quiet"})
          .exit_code,
      0);
  ASSERT_EQ(run_plab({"run", second.string(), "--shard", "1/2", "--tag", "c", "--out",
                      (dir / "s1").string(), "--quiet"})
                .exit_code,
            0);
  const auto merged =
      run_plab({"merge", (dir / "merged").string(), (dir / "s0").string(), (dir / "s1").string()});
  ASSERT_EQ(merged.exit_code, 0) << merged.err;
  const auto m = manifest_of(dir / "merged");
  EXPECT_EQ(m.at("tags"), (boost::json::array{"a", "b", "c"}));
  EXPECT_EQ(m.at("note"), "one\n\ntwo");
  EXPECT_EQ(read_file(dir / "merged" / "runs.jsonl"), read_file(dir / "full" / "runs.jsonl"));
}

// manifest.json records "no note" as null, so an empty note would vanish there: refused, with
// /note named, whether the config or --set gives it; a note of line breaks only too.
TEST(Tags, AnEmptyNoteIsRefusedRatherThanRecordedAsNull) {
  plab::test::TempDir dir;
  const fs::path empty = dir.write("empty.json", config_with(R"("note": "",)"));
  const auto r = run_plab({"run", empty.string(), "--out", (dir / "a").string(), "--quiet"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("/note"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("the note is empty"), std::string::npos) << r.err;
  EXPECT_TRUE(plab::test::in_troubleshooting("a note is text about the experiment"));
  EXPECT_FALSE(fs::exists(dir / "a"));
  const fs::path plain = dir.write("plain.json", config_with(R"("note": "x",)"));
  const auto set = run_plab({"run", plain.string(), "--set", "/note=\"\\n \"", "--plan"});
  EXPECT_EQ(set.exit_code, 2) << set.err;
  EXPECT_NE(set.err.find("the note holds only white space"), std::string::npos) << set.err;
  // A note with text, spaces around it, is kept byte for byte.
  const auto kept = run_plab({"run", plain.string(), "--set", "/note=\" x \"", "--out",
                              (dir / "b").string(), "--quiet", "--no-report"});
  ASSERT_EQ(kept.exit_code, 0) << kept.err;
  EXPECT_EQ(manifest_of(dir / "b").at("note"), " x ");
}

}  // namespace

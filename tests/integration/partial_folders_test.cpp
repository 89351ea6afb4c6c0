// Folders that are not the whole experiment, or not what plab wrote, through the real binary:
// the report of a shard or of an interrupted folder says so in its first lines and marks its
// tables partial; a `plots` that is a file is refused before anything is written; merge names
// the plugin that differs between two folders by its name; a FIFO in place of a results file
// is refused by every command that reads it instead of blocking it forever.
#include <sys/stat.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/folder_edit.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;

// Iris setosa against the rest, 6 runs per learner; `learners` is the JSON array.
std::string config(const std::string& learners) {
  return R"({"name": "partial", "seed": 5, "repeats": 6, "dataset": {"kind": "csv", "path": ")" +
         std::string(PLAB_SOURCE_DIR) +
         R"(/data/iris.csv", "label": "species", "positive": ["setosa"]}, "learners": )" +
         learners + R"(, "theory": {"margin": "none"}, "protocol": {"max_epochs": 20}})";
}

const std::string kPerceptron = R"([{"name": "p", "plugin": "perceptron"}])";

// Runs `config_text` into DIR/out with `extra` arguments, no report.
fs::path run_folder(const test::TempDir& dir, const std::string& config_text,
                    const std::string& out, const std::vector<std::string>& extra = {}) {
  const fs::path file = dir.write(out + ".json", config_text);
  std::vector<std::string> args = {"run",     file.string(), "--out", (dir / out).string(),
                                   "--quiet", "--no-report"};
  args.insert(args.end(), extra.begin(), extra.end());
  const auto r = test::run_plab(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return dir / out;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(PartialFolders, AShardsReportSaysItIsAShardAndTheMergedOneDoesNot) {
  const test::TempDir dir;
  const fs::path s0 = run_folder(dir, config(kPerceptron), "s0", {"--shard", "0/2"});
  const fs::path s1 = run_folder(dir, config(kPerceptron), "s1", {"--shard", "1/2"});
  const auto r = test::run_plab({"report", s0.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const std::string md = test::read_file(s0 / "report.md");
  EXPECT_TRUE(contains(md, "Partial results: '" + s0.string() +
                               "' is shard 0 of 2 of the experiment: it holds 3 of its 6 runs. "
                               "Every statistic below is of those runs only. For the whole "
                               "experiment, merge the shards first: plab merge OUT SHARD_DIR..., "
                               "then plab report OUT."))
      << md;
  EXPECT_TRUE(contains(md,
                       "Results per sweep point and learner (partial: shard 0 of 2, 3 of 6 "
                       "runs)"))
      << md;
  EXPECT_TRUE(contains(md, "Conclusion (partial: shard 0 of 2, 3 of 6 runs)")) << md;
  // The headline comes before any number: before the conclusion.
  EXPECT_LT(md.find("Partial results:"), md.find("Conclusion")) << md;
  EXPECT_TRUE(contains(test::read_file(s0 / "report.html"), "Partial results: "));

  const fs::path merged = dir / "m";
  const auto m = test::run_plab({"merge", merged.string(), s0.string(), s1.string()});
  ASSERT_EQ(m.exit_code, 0) << m.err;
  ASSERT_EQ(test::run_plab({"report", merged.string()}).exit_code, 0);
  const std::string whole = test::read_file(merged / "report.md");
  EXPECT_FALSE(contains(whole, "Partial results")) << whole;
  EXPECT_FALSE(contains(whole, "(partial:")) << whole;
}

// An interrupted folder (its last records and their digest lines gone, as a signal leaves it).
TEST(PartialFolders, AnInterruptedFoldersReportSaysHowManyRunsItHolds) {
  const test::TempDir dir;
  const fs::path folder = run_folder(dir, config(kPerceptron), "i");
  for (const char* file : {"runs.jsonl", "runs.sha256", "timings.jsonl"}) {
    auto lines = test::lines_of(folder / file);
    lines.resize(2);
    test::write_lines(folder / file, lines);
  }
  test::edit_manifest(folder, [](boost::json::object& m) {
    m["status"] = "interrupted";
    m["runs_written"] = 2;
  });
  const auto r = test::run_plab({"report", folder.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const std::string md = test::read_file(folder / "report.md");
  EXPECT_TRUE(contains(md, "Partial results: '" + folder.string() +
                               "' holds 2 of the experiment's 6 runs (status interrupted). Every "
                               "statistic below is of those runs only; plab run --resume " +
                               folder.string() + " finishes the experiment"))
      << md;
  EXPECT_TRUE(contains(md, "Results per sweep point and learner (partial: 2 of 6 runs)")) << md;
}

// A file named plots where the report draws its figures: refused (exit 4) naming it, with
// no report written and the file left as it was.
TEST(PartialFolders, APlotsFileIsRefusedAndNothingIsWritten) {
  const test::TempDir dir;
  const fs::path folder = run_folder(dir, config(kPerceptron), "r");
  dir.write("r/plots", "mine\n");
  const auto r = test::run_plab({"report", folder.string()});
  EXPECT_EQ(r.exit_code, 4) << r.out << r.err;
  EXPECT_TRUE(contains(
      r.err, "cannot make the figures' folder '" + (folder / "plots").string() + "': it is a file"))
      << r.err;
  EXPECT_FALSE(fs::exists(folder / "report.md"));
  EXPECT_FALSE(fs::exists(folder / "report.html"));
  EXPECT_EQ(test::read_file(folder / "plots"), "mine\n");
  EXPECT_TRUE(test::in_troubleshooting("cannot make the figures' folder"));
  EXPECT_TRUE(test::in_troubleshooting("nothing was written"));
}

// Shards of perceptron + averaged_perceptron and a folder of averaged_perceptron alone: the
// plugins are compared by name, so the message names the one missing, not a SHA-256 that
// belongs to another plugin.
TEST(PartialFolders, MergeNamesThePluginOnlyOneFolderRan) {
  const test::TempDir dir;
  const std::string both =
      R"([{"name": "p", "plugin": "perceptron"}, {"name": "a", "plugin": "averaged_perceptron"}])";
  const fs::path s0 = run_folder(dir, config(both), "s0", {"--shard", "0/2"});
  const fs::path s1 = run_folder(dir, config(both), "s1", {"--shard", "1/2"});
  const fs::path b =
      run_folder(dir, config(R"([{"name": "a", "plugin": "averaged_perceptron"}])"), "b");
  const auto r =
      test::run_plab({"merge", (dir / "m").string(), s0.string(), s1.string(), b.string()});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_TRUE(contains(r.err, "cannot merge: '" + b.string() + "' and '" + s0.string() +
                                  "' ran different plugins: plugin 'perceptron' ("))
      << r.err;
  EXPECT_TRUE(contains(r.err, "ran in '" + s0.string() + "' but not in '" + b.string() + "'"))
      << r.err;
  EXPECT_FALSE(contains(r.err, "SHA-256")) << r.err;
  EXPECT_FALSE(fs::exists(dir / "m"));
  EXPECT_TRUE(test::in_troubleshooting("ran different plugins"));
  EXPECT_TRUE(test::in_troubleshooting("but not in"));
}

void make_fifo(const fs::path& file) {
  std::error_code ignored;
  fs::remove(file, ignored);
  ASSERT_EQ(::mkfifo(file.c_str(), 0600), 0) << file;
}

// A FIFO where a command reads a results file would block it forever (no writer ever comes);
// each command refuses it at once (exit 2), naming it, and writes nothing.
TEST(PartialFolders, AFifoInPlaceOfAResultsFileIsRefusedNotWaitedFor) {
  const test::TempDir dir;
  const fs::path s0 = run_folder(dir, config(kPerceptron), "s0", {"--shard", "0/2"});
  const fs::path s1 = run_folder(dir, config(kPerceptron), "s1", {"--shard", "1/2"});
  const auto fifo_message = [](const fs::path& file) {
    return "'" + file.string() +
           "' is not a regular file (it is a FIFO); a results folder holds "
           "the files plab wrote";
  };
  for (const char* name : {"trajectory.jsonl", "timings.jsonl", "runs.sha256"}) {
    SCOPED_TRACE(name);
    const fs::path kept = dir / "kept";
    if (fs::exists(s1 / name)) fs::rename(s1 / name, kept);
    make_fifo(s1 / name);
    const auto merge = test::run_plab({"merge", (dir / "m").string(), s0.string(), s1.string()});
    EXPECT_EQ(merge.exit_code, 2) << merge.err;
    EXPECT_TRUE(contains(merge.err, fifo_message(s1 / name))) << merge.err;
    EXPECT_FALSE(fs::exists(dir / "m"));
    fs::remove(s1 / name);
    if (fs::exists(kept)) fs::rename(kept, s1 / name);
  }
  // The merged folder's readers: report, export, verify.
  const fs::path merged = dir / "m";
  ASSERT_EQ(test::run_plab({"merge", merged.string(), s0.string(), s1.string()}).exit_code, 0);
  make_fifo(merged / "trajectory.jsonl");
  const auto report = test::run_plab({"report", merged.string()});
  EXPECT_EQ(report.exit_code, 2) << report.err;
  EXPECT_TRUE(contains(report.err, fifo_message(merged / "trajectory.jsonl"))) << report.err;
  EXPECT_FALSE(fs::exists(merged / "report.md"));
  const auto verify = test::run_plab({"verify", merged.string()});
  EXPECT_EQ(verify.exit_code, 2) << verify.err;
  EXPECT_TRUE(contains(verify.err,
                       "'" + (merged / "trajectory.jsonl").string() + "' is not a regular file"))
      << verify.err;
  fs::remove(merged / "trajectory.jsonl");
  fs::rename(merged / "runs.sha256", dir / "digests");
  make_fifo(merged / "runs.sha256");
  const auto exported =
      test::run_plab({"export", merged.string(), "--sqlite", (dir / "e.db").string()});
  EXPECT_EQ(exported.exit_code, 2) << exported.err;
  EXPECT_TRUE(contains(exported.err, fifo_message(merged / "runs.sha256"))) << exported.err;
  EXPECT_FALSE(fs::exists(dir / "e.db"));
  EXPECT_TRUE(test::in_troubleshooting("it is a FIFO"));
  EXPECT_TRUE(test::in_troubleshooting("a results folder holds the files plab wrote"));
}

}  // namespace
}  // namespace plab

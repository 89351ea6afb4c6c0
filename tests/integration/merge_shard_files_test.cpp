// plab merge copies a shard's timings.jsonl and trajectory.jsonl only after checking each line
// against the shard's records, and opens them as plab's own files: a line edited, dropped,
// added or out of order, or a link planted at one of the names, is refused (exit 2, naming
// the file and the line) and no merged folder is made, since plab could not have written it.
// Through the real binary.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::run_plab;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t at = 0;
  for (std::size_t eol = text.find('\n'); eol != std::string::npos; eol = text.find('\n', at)) {
    lines.push_back(text.substr(at, eol - at));
    at = eol + 1;
  }
  return lines;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

// Two shards, DIR/s0 and DIR/s1, of an experiment of four runs over a small CSV; with
// `trajectory` the trajectory protocol, so that each shard has a trajectory.jsonl too.
struct Shards {
  test::TempDir dir;
  explicit Shards(bool trajectory) {
    dir.write("d.csv", "x,z,y\n1,2,1\n2,1,1\n-1,-2,-1\n-2,0.5,-1\n0.5,1.5,1\n");
    const std::string protocol = trajectory ? R"({"kind": "trajectory", "max_epochs": 20})"
                                            : R"({"kind": "convergence", "max_epochs": 20})";
    const fs::path config = dir.write("c.json", R"({"name": "m", "seed": 5, "repeats": 4,
      "dataset": {"kind": "csv", "path": "d.csv", "label": "y"},
      "learners": [{"name": "p", "plugin": "perceptron"}], "init": {"kind": "zero"},
      "protocol": )" + protocol + "}");
    for (const char* shard : {"0", "1"}) {
      const auto r =
          run_plab({"run", config.string(), "--shard", std::string(shard) + "/2", "--out",
                    (dir / ("s" + std::string(shard))).string(), "--quiet", "--no-report"});
      EXPECT_EQ(r.exit_code, 0) << r.err;
    }
  }
  fs::path operator/(const std::string& name) const { return dir / name; }
  // plab merge DIR/m DIR/s0 DIR/s1.
  test::ProcessResult merge() const {
    return run_plab({"merge", (dir / "m").string(), (dir / "s0").string(), (dir / "s1").string()});
  }
  // The file's lines, changed by `edit`, written back in place.
  template <typename Edit>
  void edit_lines(const std::string& name, Edit edit) const {
    std::vector<std::string> lines = lines_of(read_file(dir / name));
    edit(lines);
    dir.write(name, joined(lines));
  }
};

// The merge is refused with exit 2 and the message names `where` (the file, and the line if
// any) and says `why` (words docs/troubleshooting.md quotes); there is no merged folder.
void expect_refused(const Shards& s, const std::string& where, const std::string& why) {
  const auto r = s.merge();
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find(where), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(why), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(s / "m")) << "a merged folder was made";
  EXPECT_TRUE(test::in_troubleshooting(why)) << why << " in docs/troubleshooting.md";
}

// As expect_refused, for a line plab could not have written: the shard is said to be damaged.
void expect_damaged(const Shards& s, const std::string& where, const std::string& why) {
  expect_refused(s, where, why);
  expect_refused(s, "cannot merge: " + where,
                 "the shard was edited or damaged; nothing was written");
}

TEST(MergeShardFiles, IntactShardsMergeTheirTimingsAndTrajectoriesEndToEnd) {
  const Shards s(true);
  ASSERT_FALSE(read_file(s / "s0/trajectory.jsonl").empty());
  const auto r = s.merge();
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* name : {"timings.jsonl", "trajectory.jsonl"}) {
    EXPECT_EQ(read_file(s / "m" / name), read_file(s / "s0" / name) + read_file(s / "s1" / name))
        << name;
  }
  const auto verify = run_plab({"verify", (s / "m").string()});
  EXPECT_EQ(verify.exit_code, 0) << verify.out << verify.err;
  const auto resume = run_plab({"run", "--resume", (s / "m").string(), "--quiet"});
  EXPECT_EQ(resume.exit_code, 0) << resume.err;
}

TEST(MergeShardFiles, AnEditedTimingLineIsRefused) {
  const Shards s(false);
  s.edit_lines("s0/timings.jsonl", [](auto& lines) { lines.at(0) = "garbage"; });
  expect_damaged(s,
                 (s / "s0/timings.jsonl").string() + ":1: ", "not a timing line as plab writes it");
}

TEST(MergeShardFiles, AMissingTimingLineIsRefused) {
  const Shards s(false);
  s.edit_lines("s0/timings.jsonl", [](auto& lines) { lines.pop_back(); });
  expect_damaged(
      s, (s / "s0/timings.jsonl").string() + ":2: ", "missing: the file ends before the timing of");
  expect_refused(s, (s / "s0/runs.jsonl").string() + ":2 ",
                 "missing: the file ends before the timing of");
}

TEST(MergeShardFiles, TimingLinesOutOfStepOrPastTheRecordsAreRefused) {
  const Shards s(false);
  const std::string intact = read_file(s / "s1/timings.jsonl");
  s.edit_lines("s1/timings.jsonl", [](auto& lines) { std::swap(lines.at(0), lines.at(1)); });
  expect_damaged(s, (s / "s1/timings.jsonl").string() + ":1: ", "(out of step with runs.jsonl)");
  s.dir.write("s1/timings.jsonl", intact + lines_of(intact).back() + "\n");
  expect_damaged(
      s, (s / "s1/timings.jsonl").string() + ":3: ", "a line past runs.jsonl's last record");
  s.dir.write("s1/timings.jsonl", intact.substr(0, intact.size() - 1));  // the last '\n' gone
  expect_damaged(s, (s / "s1/timings.jsonl").string() + ":2: ", "the file ends inside this line");
}

TEST(MergeShardFiles, AnEditedTrajectoryLineIsRefused) {
  const Shards s(true);
  ASSERT_GE(lines_of(read_file(s / "s0/trajectory.jsonl")).size(), 3u);
  s.edit_lines("s0/trajectory.jsonl", [](auto& lines) { lines.at(2) = R"({"garbage":1})"; });
  expect_refused(s, "cannot merge: " + (s / "s0/trajectory.jsonl").string() + ":3: ",
                 "field 'point' is missing");
}

TEST(MergeShardFiles, TrajectoryLinesOfAnotherRunOrNotJsonAreRefused) {
  const Shards s(true);
  const std::string intact = read_file(s / "s1/trajectory.jsonl");
  // Shard 1 holds repeats 2 and 3: a line of repeat 0 belongs to shard 0.
  s.dir.write(
      "s1/trajectory.jsonl",
      intact + R"({"point":0,"learner":"p","repeat":0,"epoch":0,"sample":0,"w":[0,0,0]})" + "\n");
  const std::size_t last = lines_of(intact).size() + 1;
  expect_damaged(s,
                 (s / "s1/trajectory.jsonl").string() + ":" + std::to_string(last) +
                     ": a line of run (point 0, learner 'p', repeat 0)",
                 "not of the shard's next run in runs.jsonl's order");
  s.dir.write("s1/trajectory.jsonl", "[1,2]\n" + intact);
  expect_damaged(
      s, (s / "s1/trajectory.jsonl").string() + ":1: ", "not a trajectory line as plab writes it");
  fs::remove(s / "s1/trajectory.jsonl");
  expect_refused(s, "cannot merge: shard '" + (s / "s1").string() + "'",
                 "has no trajectory.jsonl where shard");
}

// A symbolic link at a shard's timings.jsonl, to a file outside the shard that holds valid
// lines, is refused (its text would land in the merged folder); a hard link is read, as a
// folder's manifest is (a `cp -al` copy of a shard), its lines checked like any others.
TEST(MergeShardFiles, ASymbolicLinkAtAShardsTimingsIsRefusedAHardLinkRead) {
  const Shards s(false);
  const fs::path outside = s / "outside.jsonl";
  fs::copy_file(s / "s0/timings.jsonl", outside);
  fs::remove(s / "s0/timings.jsonl");
  fs::create_symlink(outside, s / "s0/timings.jsonl");
  const std::string where = "'" + (s / "s0/timings.jsonl").string() + "'";
  expect_refused(s, where + " is not a regular file", "it is a symbolic link");
  fs::remove(s / "s0/timings.jsonl");
  fs::create_hard_link(outside, s / "s0/timings.jsonl");
  const auto r = s.merge();
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_file(s / "m/timings.jsonl"),
            read_file(outside) + read_file(s / "s1/timings.jsonl"));
  fs::remove_all(s / "m");
  fs::remove(s / "s0/timings.jsonl");
  expect_damaged(s, "shard '" + (s / "s0").string() + "' ", "has no timings.jsonl for its");
}

}  // namespace
}  // namespace plab

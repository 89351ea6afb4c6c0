// Sweeps at scale through the real binary: plan, command-line axes, shards and merge,
// interruption and resume (kill -9 included), and the refusals.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <csignal>
#include <fstream>
#include <random>
#include <sstream>

#include "support/process.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

using test::read_file;
using test::run_plab;

const std::string kSweep = std::string(PLAB_SOURCE_DIR) + "/configs/sweep_100k.json";
const std::string kIris = std::string(PLAB_SOURCE_DIR) + "/data/iris.csv";

// A grid small enough to run in a fraction of a second: 2 × 3 points × 30 repeats.
std::vector<std::string> small(std::vector<std::string> args) {
  for (const char* a : {"--set", "/repeats=30", "--sweep", "/dataset/margin=0.1,0.4", "--sweep",
                        "/init/scale=0,1,10", "--set", "/sweep/~1learners~10~1params~1eta=[1]"}) {
    args.emplace_back(a);
  }
  return args;
}

TEST(Sweeps, PlanListsPointsInMixedRadixOrderWithoutRunning) {
  test::TempDir dir;
  const auto r = run_plab(small({"run", kSweep, "--plan"}), dir.path().string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("6 sweep points, 1 learner, 180 runs in all"), std::string::npos) << r.out;
  // Axes in the order written: margin (file) slowest, then eta, then init scale fastest.
  const auto p1 = r.out.find("\n1 ");
  const auto p3 = r.out.find("\n3 ");
  ASSERT_NE(p1, std::string::npos);
  EXPECT_NE(r.out.find("/dataset/margin=0.1  /learners/0/params/eta=1  /init/scale=1", p1),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("/dataset/margin=0.4  /learners/0/params/eta=1  /init/scale=0", p3),
            std::string::npos)
      << r.out;
  EXPECT_FALSE(std::filesystem::exists(dir / "results"));
}

TEST(Sweeps, BadAxesAreRefusedNamingThePointerBeforeAnythingRuns) {
  test::TempDir dir;
  auto r = run_plab({"run", kSweep, "--sweep", "/protocol/nope/x=1,2"}, dir.path().string());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("/protocol/nope"), std::string::npos) << r.err;
  r = run_plab({"run", kSweep, "--set", "/sweep/~1init~1scale=[]"}, dir.path().string());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("non-empty array"), std::string::npos) << r.err;
  r = run_plab({"run", kSweep, "--sweep", "/init/scale=big,1"}, dir.path().string());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("/init/scale"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("expected a number"), std::string::npos) << r.err;
  r = run_plab({"run", kSweep, "--shard", "3/3"}, dir.path().string());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("I/N"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "results"));
}

TEST(Sweeps, ThreeShardsMergedAreTheUnshardedRun) {
  test::TempDir dir;
  ASSERT_EQ(run_plab(small({"run", kSweep, "--out", (dir / "full").string(), "--quiet"})).exit_code,
            0);
  std::vector<std::string> merge = {"merge", (dir / "merged").string()};
  for (int i : {2, 0, 1}) {  // any order on the command line
    const auto out = dir / ("shard" + std::to_string(i));
    const auto r = run_plab(small({"run", kSweep, "--shard", std::to_string(i) + "/3", "--out",
                                   out.string(), "--quiet", "--threads", i == 1 ? "1" : "2"}));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    merge.push_back(out.string());
  }
  const auto r = run_plab(merge);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_file(dir / "merged" / "runs.jsonl"), read_file(dir / "full" / "runs.jsonl"));
  const auto m = boost::json::parse(read_file(dir / "merged" / "manifest.json")).as_object();
  EXPECT_EQ(m.at("status"), "completed");
  EXPECT_EQ(m.at("merged_from").as_array().size(), 3u);
}

TEST(Sweeps, MergeRefusesMissingOverlappingAndForeignShardsNamingThem) {
  test::TempDir dir;
  for (int i : {0, 1}) {
    ASSERT_EQ(run_plab(small({"run", kSweep, "--shard", std::to_string(i) + "/2", "--out",
                              (dir / ("s" + std::to_string(i))).string(), "--quiet"}))
                  .exit_code,
              0);
  }
  auto args = small({"run", kSweep, "--shard", "1/2", "--set", "/seed=7", "--out",
                     (dir / "foreign").string(), "--quiet"});
  ASSERT_EQ(run_plab(args).exit_code, 0);
  auto r = run_plab({"merge", (dir / "m1").string(), (dir / "s0").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("shard 1 of 2 missing"), std::string::npos) << r.err;
  r = run_plab({"merge", (dir / "m2").string(), (dir / "s0").string(), (dir / "s1").string(),
                (dir / "s1").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("overlap"), std::string::npos) << r.err;
  r = run_plab({"merge", (dir / "m3").string(), (dir / "s0").string(), (dir / "foreign").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("foreign"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("another experiment"), std::string::npos) << r.err;
}

// A run long enough to be killed in the middle: the shipped 100,000-run sweep cut to 50,000
// runs (500 repeats a point), about 0.7 s in Release on 2 threads (half the full sweep's time
// under the sanitizers, where these tests run too).
std::vector<std::string> long_run(const std::filesystem::path& out) {
  return {"run",       kSweep, "--out", out.string(),  "--quiet",
          "--threads", "2",    "--set", "/repeats=500"};
}

TEST(Sweeps, ResumeAfterKillNineAtARandomMomentGivesTheSameBytes) {
  test::TempDir dir;
  ASSERT_EQ(run_plab(long_run(dir / "reference")).exit_code, 0);
  const std::string reference = read_file(dir / "reference" / "runs.jsonl");
  // Killed at a random moment once records are being written: inside a record, between
  // records, or between the files of one run.
  std::random_device device;
  const int delay = static_cast<int>(device() % 300);
  const auto killed =
      test::run_process_and_signal(PLAB_BINARY, long_run(dir / "killed"), SIGKILL, delay, "",
                                   (dir / "killed" / "runs.jsonl").string());
  EXPECT_EQ(killed.exit_code, 128 + SIGKILL);
  const std::string partial = read_file(dir / "killed" / "runs.jsonl");
  EXPECT_LT(partial.size(), reference.size()) << "killed after " << delay << " ms, too late";
  const auto r = run_plab({"run", "--resume", (dir / "killed").string(), "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_file(dir / "killed" / "runs.jsonl"), reference)
      << "killed after " << delay << " ms";
  const auto m = boost::json::parse(read_file(dir / "killed" / "manifest.json")).as_object();
  EXPECT_EQ(m.at("status"), "completed");
  EXPECT_EQ(m.at("sessions").as_array().size(), 2u);
}

TEST(Sweeps, ResumeAfterSigintFinishesTheJobIdentically) {
  test::TempDir dir;
  ASSERT_EQ(run_plab(long_run(dir / "reference")).exit_code, 0);
  const auto stopped =
      test::run_process_and_signal(PLAB_BINARY, long_run(dir / "stopped"), SIGINT, 100, "",
                                   (dir / "stopped" / "runs.jsonl").string());
  ASSERT_EQ(stopped.exit_code, 130) << stopped.err;
  EXPECT_NE(stopped.err.find("plab run --resume " + (dir / "stopped").string()), std::string::npos)
      << stopped.err;
  const auto r =
      run_plab({"run", "--resume", (dir / "stopped").string(), "--quiet", "--threads", "1"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_file(dir / "stopped" / "runs.jsonl"), read_file(dir / "reference" / "runs.jsonl"));
  EXPECT_EQ(read_file(dir / "stopped" / "timings.jsonl").size() > 0, true);
}

TEST(Sweeps, ResumeDropsATornLastLine) {
  test::TempDir dir;
  ASSERT_EQ(run_plab(small({"run", kSweep, "--out", (dir / "full").string(), "--quiet"})).exit_code,
            0);
  ASSERT_EQ(run_plab(small({"run", kSweep, "--out", (dir / "torn").string(), "--quiet"})).exit_code,
            0);
  // Cut the file in the middle of its 100th record, as a kill during a write would.
  std::string text = read_file(dir / "torn" / "runs.jsonl");
  std::size_t cut = 0;
  for (int k = 0; k < 99; ++k) cut = text.find('\n', cut) + 1;
  std::ofstream(dir / "torn" / "runs.jsonl", std::ios::trunc) << text.substr(0, cut + 25);
  const auto r = run_plab({"run", "--resume", (dir / "torn").string(), "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_file(dir / "torn" / "runs.jsonl"), read_file(dir / "full" / "runs.jsonl"));
}

TEST(Sweeps, ResumeRefusesADifferentConfigOrPlugin) {
  test::TempDir dir;
  ASSERT_EQ(run_plab(small({"run", kSweep, "--out", (dir / "o").string(), "--quiet"})).exit_code,
            0);
  auto r = run_plab({"run", kSweep, "--resume", (dir / "o").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("differs from the one recorded"), std::string::npos) << r.err;
  // Pretend the plugin was rebuilt since.
  std::string manifest = read_file(dir / "o" / "manifest.json");
  const auto at = manifest.find("\"sha256\":\"") + 10;
  manifest.replace(at, 8, "00000000");
  std::ofstream(dir / "o" / "manifest.json", std::ios::trunc) << manifest;
  r = run_plab({"run", "--resume", (dir / "o").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("is not the file the interrupted run used"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace plab

// Running on a cluster (docs/sweeps.md), through the real binary: --shard auto from a SLURM
// array's (or GNU parallel's) environment, --resume-if-present for requeued tasks, shards
// without reports, the scheduler's ids in the manifests and in the merged one, and the plain
// progress lines a batch log keeps.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <csignal>
#include <fstream>

#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::in_troubleshooting;
using test::read_file;
using test::run_plab;
using Args = std::vector<std::string>;

const std::string kSweep = std::string(PLAB_SOURCE_DIR) + "/configs/sweep_100k.json";

// 2 × 3 points × 30 repeats of configs/sweep_100k.json: a fraction of a second.
Args small(Args args) {
  for (const char* a : {"--set", "/repeats=30", "--sweep", "/dataset/margin=0.1,0.4", "--sweep",
                        "/init/scale=0,1,10", "--set", "/sweep/~1learners~10~1params~1eta=[1]"}) {
    args.emplace_back(a);
  }
  return args;
}

// The environment of a test run: the scheduler's variables this process may have are
// removed (a bare NAME unsets it, glibc's putenv), then `set` is added.
std::vector<std::string> scheduler_env(const std::vector<std::string>& set) {
  std::vector<std::string> env;
  for (const char* name : {"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX",
                           "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_JOB_ID", "SLURM_JOB_ID",
                           "SLURM_RESTART_COUNT", "PARALLEL_SEQ"}) {
    env.emplace_back(name);
  }
  env.insert(env.end(), set.begin(), set.end());
  return env;
}

// The variables of task `id` of a SLURM array `min`-`max` of job 4242.
std::vector<std::string> slurm_task(int id, int min, int max) {
  return scheduler_env({"SLURM_ARRAY_TASK_ID=" + std::to_string(id),
                        "SLURM_ARRAY_TASK_MIN=" + std::to_string(min),
                        "SLURM_ARRAY_TASK_MAX=" + std::to_string(max),
                        "SLURM_ARRAY_TASK_COUNT=" + std::to_string(max - min + 1),
                        "SLURM_ARRAY_JOB_ID=4242", "SLURM_JOB_ID=" + std::to_string(4300 + id)});
}

boost::json::object manifest_of(const fs::path& dir) {
  return boost::json::parse(read_file(dir / "manifest.json")).as_object();
}

std::string text(const boost::json::value& v) { return std::string(v.as_string()); }

TEST(Cluster, ShardAutoTakesEachSlurmArrayTasksSliceAndMergesToTheUnshardedRun) {
  test::TempDir dir;
  ASSERT_EQ(run_plab(small({"run", kSweep, "--out", (dir / "full").string(), "--quiet"}), "",
                     scheduler_env({}))
                .exit_code,
            0);
  // --array=1-4: task ids 1 to 4 are slices 0 to 3.
  Args merge{"merge", (dir / "merged").string()};
  for (int id = 1; id <= 4; ++id) {
    const fs::path out = dir / ("shard" + std::to_string(id));
    const auto r = run_plab(small({"run", kSweep, "--shard", id % 2 == 0 ? "auto" : "slurm",
                                   "--out", out.string(), "--resume-if-present", "--threads", "1"}),
                            "", slurm_task(id, 1, 4));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto m = manifest_of(out);
    EXPECT_EQ(m.at("shard").at("index").to_number<int>(), id - 1);
    EXPECT_EQ(m.at("shard").at("count").to_number<int>(), 4);
    const auto& ids = m.at("sessions").as_array().back().at("scheduler").as_object();
    EXPECT_EQ(text(ids.at("SLURM_ARRAY_JOB_ID")), "4242");
    EXPECT_EQ(text(ids.at("SLURM_ARRAY_TASK_ID")), std::to_string(id));
    EXPECT_EQ(text(ids.at("SLURM_JOB_ID")), std::to_string(4300 + id));
    // A shard's report would be of part of the experiment: none by default.
    EXPECT_FALSE(fs::exists(out / "report.html"));
    EXPECT_EQ(r.out.find("report:"), std::string::npos) << r.out;
    merge.push_back(out.string());
  }
  const auto r = run_plab(merge);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_file(dir / "merged" / "runs.jsonl"), read_file(dir / "full" / "runs.jsonl"));
  const auto merged = manifest_of(dir / "merged");
  const auto& shards = merged.at("merged_shards").as_array();
  ASSERT_EQ(shards.size(), 4u);
  std::string earliest = "9999";
  std::string latest;
  for (std::size_t i = 0; i < shards.size(); ++i) {
    const auto& shard = shards[i].as_object();
    EXPECT_FALSE(std::string(shard.at("host").as_string()).empty());
    EXPECT_EQ(text(shard.at("scheduler").at("SLURM_ARRAY_TASK_ID")), std::to_string(i + 1));
    const auto shard_manifest = manifest_of(dir / ("shard" + std::to_string(i + 1)));
    EXPECT_EQ(shard.at("start_time"), shard_manifest.at("start_time"));
    earliest = std::min(earliest, std::string(shard.at("start_time").as_string()));
    latest = std::max(latest, std::string(shard.at("end_time").as_string()));
  }
  EXPECT_EQ(text(merged.at("start_time")), earliest);
  EXPECT_EQ(text(merged.at("end_time")), latest);
  const auto v = run_plab({"verify", (dir / "merged").string()});
  EXPECT_EQ(v.exit_code, 0) << v.out << v.err;
}

TEST(Cluster, ShardAutoTakesGnuParallelsJobWithTheCountGiven) {
  test::TempDir dir;
  const auto r = run_plab(small({"run", kSweep, "--shard", "auto/3", "--plan"}), "",
                          scheduler_env({"PARALLEL_SEQ=2"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("plan: shard 1/3 runs"), std::string::npos) << r.out;
}

TEST(Cluster, ShardAutoRefusesMissingOrInconsistentVariablesNamingThem) {
  struct Case {
    std::string shard;
    std::vector<std::string> env;
    std::string message;  // also quoted in docs/troubleshooting.md
  };
  const std::vector<Case> cases = {
      {"auto", scheduler_env({}), "no scheduler found"},
      {"slurm", scheduler_env({"PARALLEL_SEQ=1"}), "SLURM_ARRAY_TASK_ID is not set"},
      {"auto", scheduler_env({"SLURM_JOB_ID=77"}), "this SLURM job is not an array"},
      {"auto", scheduler_env({"SLURM_ARRAY_TASK_ID=3"}), "SLURM_ARRAY_TASK_MIN is not set"},
      {"auto", scheduler_env({"SLURM_ARRAY_TASK_ID=x", "SLURM_ARRAY_TASK_MIN=0"}),
       "not a whole number"},
      {"auto",
       scheduler_env(
           {"SLURM_ARRAY_TASK_ID=5", "SLURM_ARRAY_TASK_MIN=0", "SLURM_ARRAY_TASK_COUNT=4"}),
       "the SLURM array variables are inconsistent"},
      {"auto",
       scheduler_env({"SLURM_ARRAY_TASK_ID=2", "SLURM_ARRAY_TASK_MIN=0", "SLURM_ARRAY_TASK_MAX=14",
                      "SLURM_ARRAY_TASK_COUNT=8"}),
       "the array is not one contiguous range of task ids"},
      {"auto/8", slurm_task(1, 0, 3), "the SLURM array has 4 tasks"},
      {"auto", scheduler_env({"PARALLEL_SEQ=2"}),
       "GNU parallel does not export the number of jobs"},
      {"auto/3", scheduler_env({"PARALLEL_SEQ=4"}), "GNU parallel ran more jobs than"},
      {"auto/0", scheduler_env({"PARALLEL_SEQ=1"}), "comes the number of slices N"},
      {"auto", scheduler_env({"PARALLEL_SEQ=1", "SLURM_ARRAY_TASK_ID=0"}),
       "so the slice is ambiguous"},
  };
  for (const Case& c : cases) {
    test::TempDir dir;
    const auto r =
        run_plab({"run", kSweep, "--shard", c.shard, "--out", (dir / "o").string()}, "", c.env);
    EXPECT_EQ(r.exit_code, 2) << c.shard << ": " << r.err;
    EXPECT_NE(r.err.find("--shard " + c.shard + ": "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_TRUE(in_troubleshooting(c.message)) << c.message << " in docs/troubleshooting.md";
    EXPECT_FALSE(fs::exists(dir / "o")) << c.message;
  }
}

// A run long enough to be stopped in the middle: half of 30,000 short runs (a few tenths of
// a second).
Args long_shard(const fs::path& out) {
  return {"run",       kSweep,  "--set",      "/repeats=300",        "--shard",
          "1/2",       "--out", out.string(), "--resume-if-present", "--quiet",
          "--threads", "2"};
}

// What a requeued or preempted SLURM task meets: SIGTERM mid-run, then the same command.
TEST(Cluster, ResumeIfPresentFinishesAStoppedShardByteIdenticallyThenLeavesItAlone) {
  test::TempDir dir;
  ASSERT_EQ(run_plab(long_shard(dir / "reference")).exit_code, 0);
  const auto stopped = test::run_process_and_signal(PLAB_BINARY, long_shard(dir / "task"), SIGTERM,
                                                    10, "", (dir / "task" / "runs.jsonl").string());
  ASSERT_EQ(stopped.exit_code, 130) << stopped.err;
  ASSERT_EQ(manifest_of(dir / "task").at("status"), "interrupted");
  const auto again = run_plab(long_shard(dir / "task"));
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.err.find("holds an unfinished run (status interrupted"), std::string::npos)
      << again.err;
  EXPECT_EQ(read_file(dir / "task" / "runs.jsonl"), read_file(dir / "reference" / "runs.jsonl"));
  EXPECT_EQ(manifest_of(dir / "task").at("sessions").as_array().size(), 2u);
  // Once more (a task requeued after it finished): nothing is touched.
  const std::string manifest = read_file(dir / "task" / "manifest.json");
  const auto done = run_plab(long_shard(dir / "task"));
  EXPECT_EQ(done.exit_code, 0) << done.err;
  EXPECT_NE(done.err.find("is already complete; nothing to do"), std::string::npos) << done.err;
  EXPECT_TRUE(in_troubleshooting("is already complete; nothing to do"));
  EXPECT_EQ(read_file(dir / "task" / "manifest.json"), manifest);
}

TEST(Cluster, ResumeIfPresentFinishesATornFolderAndStartsAnEmptyOne) {
  test::TempDir dir;
  const Args full = small({"run", kSweep, "--out", (dir / "full").string(), "--quiet"});
  ASSERT_EQ(run_plab(full).exit_code, 0);
  const std::string reference = read_file(dir / "full" / "runs.jsonl");
  // Started by --resume-if-present in a folder that does not exist yet.
  const Args torn =
      small({"run", kSweep, "--out", (dir / "torn").string(), "--quiet", "--resume-if-present"});
  ASSERT_EQ(run_plab(torn).exit_code, 0);
  EXPECT_EQ(read_file(dir / "torn" / "runs.jsonl"), reference);
  // Cut in the middle of the 100th record, as a kill during a write leaves it.
  std::size_t cut = 0;
  for (int k = 0; k < 99; ++k) cut = reference.find('\n', cut) + 1;
  std::ofstream(dir / "torn" / "runs.jsonl", std::ios::trunc) << reference.substr(0, cut + 25);
  std::string manifest = read_file(dir / "torn" / "manifest.json");
  for (std::size_t at; (at = manifest.find("\"completed\"")) != std::string::npos;) {
    manifest.replace(at, 11, "\"running\"");  // as a kill -9 leaves it
  }
  std::ofstream(dir / "torn" / "manifest.json", std::ios::trunc) << manifest;
  const auto r = run_plab(torn);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_file(dir / "torn" / "runs.jsonl"), reference);
}

TEST(Cluster, ResumeIfPresentRefusesAnotherShardsFolderAndNeedsOut) {
  test::TempDir dir;
  const fs::path out = dir / "s0";
  ASSERT_EQ(run_plab(small({"run", kSweep, "--shard", "0/2", "--out", out.string(), "--quiet"}))
                .exit_code,
            0);
  const std::string before = read_file(out / "manifest.json");
  auto r = run_plab(small(
      {"run", kSweep, "--shard", "1/2", "--out", out.string(), "--quiet", "--resume-if-present"}));
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("it holds shard 0/2 and this run asks for shard 1/2"), std::string::npos)
      << r.err;
  EXPECT_TRUE(in_troubleshooting("and this run asks for shard"));
  EXPECT_EQ(read_file(out / "manifest.json"), before);
  r = run_plab(small({"run", kSweep, "--out", out.string(), "--quiet", "--resume-if-present",
                      "--set", "/seed=9"}));
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("differs from the one recorded"), std::string::npos) << r.err;
  r = run_plab({"run", kSweep, "--resume-if-present"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("--resume-if-present needs --out DIR and a CONFIG"), std::string::npos)
      << r.err;
  EXPECT_TRUE(in_troubleshooting("--resume-if-present needs --out DIR and a CONFIG"));
}

TEST(Cluster, AShardDrawsItsReportOnlyWhenAsked) {
  test::TempDir dir;
  auto r = run_plab(small(
      {"run", kSweep, "--shard", "0/2", "--out", (dir / "s").string(), "--quiet", "--report"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir / "s" / "report.html"));
  r = run_plab(small({"run", kSweep, "--report", "--no-report", "--out", (dir / "x").string()}));
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("--report and --no-report contradict each other"), std::string::npos)
      << r.err;
  EXPECT_TRUE(in_troubleshooting("--report and --no-report contradict each other"));
}

// stderr is a pipe here, as in a batch job's log: plain lines, the last one at the end, and
// the same bytes as a quiet run.
TEST(Cluster, PlainProgressLinesGoToALogWithoutChangingTheRecords) {
  test::TempDir dir;
  ASSERT_EQ(
      run_plab(small({"run", kSweep, "--out", (dir / "quiet").string(), "--quiet", "--no-report"}))
          .exit_code,
      0);
  const auto r = run_plab(small({"run", kSweep, "--out", (dir / "log").string(), "--no-report"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("plab: 180 runs (6 sweep points) on"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("plab: progress: 180/180 runs  100.0%"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\r'), std::string::npos) << "no terminal redraws in a log";
  EXPECT_EQ(r.err.find('\033'), std::string::npos) << "no terminal codes in a log";
  EXPECT_EQ(read_file(dir / "log" / "runs.jsonl"), read_file(dir / "quiet" / "runs.jsonl"));
  // A shard counts its own runs.
  const auto shard = run_plab(
      small({"run", kSweep, "--out", (dir / "shard").string(), "--shard", "1/2", "--no-report"}));
  ASSERT_EQ(shard.exit_code, 0) << shard.err;
  const auto at = shard.err.find("plab: progress: ");
  ASSERT_NE(at, std::string::npos) << shard.err;
  const std::size_t slice = manifest_of(dir / "shard").at("shard").at("end_run").to_number<int>() -
                            manifest_of(dir / "shard").at("shard").at("first_run").to_number<int>();
  EXPECT_NE(shard.err.find(std::to_string(slice) + "/" + std::to_string(slice) + " runs"),
            std::string::npos)
      << shard.err;
}

}  // namespace
}  // namespace plab

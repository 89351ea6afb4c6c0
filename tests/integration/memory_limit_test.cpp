// Out of memory, through the real binary: the engine's failure, never a run's result. plab
// ends with exit 4, writes no record for the run that ran out (the records before it in
// canonical order stay, the same whatever --threads), the manifest says failed and --resume
// takes the folder up; a learner whose params ask for more memory than the process can have
// is refused before any run, with the estimate.
//
// MemoryLimit.* run plab under an address-space limit (RLIMIT_AS) and run in the default
// (Release) and debug presets only: the sanitizers' runtimes reserve terabytes of address
// space, so the asan preset leaves these tests out by name and the tsan preset never includes
// them (CMakePresets.json, docs/trust-model.md). OutOfMemory.* need no limit and run anywhere.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <string>

#include "support/folder_edit.hpp"
#include "support/process.hpp"
#include "support/records.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::run_plab;

constexpr const char* kNotUnderSanitizer =
    "MemoryLimit tests limit RLIMIT_AS, which a sanitizer's runtime cannot start under: run them "
    "in the default preset (the asan preset's filter leaves them out)";

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::string status_of(const fs::path& out) {
  return std::string(
      boost::json::parse(read_file(out / "manifest.json")).as_object().at("status").as_string());
}

// A kernel perceptron on 6,000 noisy rows: sweep point 0 caches no kernel row, point 1 up to
// `cache_mb` MiB of them (at most 8 n^2 bytes, 275 MiB).
fs::path kernel_config(const test::TempDir& dir, int cache_mb) {
  return dir.write("k.json", R"({"name": "k", "seed": 3, "repeats": 2,
    "dataset": {"kind": "synthetic", "generator": "noisy", "rows": 6000, "dim": 2, "flip": 0.3},
    "learners": [{"name": "k", "plugin": "kernel_perceptron",
                  "params": {"kernel": "rbf", "cache_mb": 0}}],
    "theory": {"margin": "none"},
    "sweep": {"/learners/0/params/cache_mb": [0, )" +
                                 std::to_string(cache_mb) + R"(]},
    "protocol": {"kind": "convergence", "max_epochs": 1}})");
}

constexpr unsigned long long kLimit = 110ull << 20;

// A learner asking for more memory than the process can have is refused before any run, with
// the estimate, instead of running out of memory half-way.
TEST(MemoryLimit, AKernelCacheThatCannotFitIsRefusedBeforeAnyRun) {
  ASSERT_FALSE(test::under_sanitizer()) << kNotUnderSanitizer;
  test::TempDir dir;
  const auto r = test::run_plab_with_limits({"run", kernel_config(dir, 100000).string(), "--out",
                                             (dir / "o").string(), "--quiet", "--no-report"},
                                            {0, kLimit});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_TRUE(contains(r.err,
                       "config error at /learners/0/params/cache_mb: the kernel "
                       "perceptron's row cache may hold up to 275 MiB on each thread") &&
              contains(r.err, "more than the 110 MiB this process can have") &&
              contains(r.err, "(sweep point 1: /learners/0/params/cache_mb=100000)"))
      << r.err;
  EXPECT_FALSE(fs::exists(dir / "o"));
  EXPECT_TRUE(test::in_troubleshooting("row cache may hold up to"));
  // Without the limit the same config runs.
  EXPECT_EQ(run_plab({"run", (dir / "k.json").string(), "--out", (dir / "o").string(), "--quiet",
                      "--no-report"})
                .exit_code,
            0);
}

fs::path xor_curve_config(const test::TempDir& dir) {
  return dir.write("xor.json", R"({"name": "xor", "seed": 1, "repeats": 1,
    "dataset": {"kind": "inline", "x": [[0,0],[1,1],[0,1],[1,0]], "y": ["a","a","b","b"],
                "positive": ["a"]},
    "learners": [{"name": "p", "plugin": "perceptron"}], "theory": {"margin": "none"},
    "protocol": {"kind": "convergence", "max_epochs": 1000000, "record_curve": true}})");
}

// Out of memory while a run is recorded (64 MB of address space for a curve of a million
// epochs) is named as such, with the run, not as a full disk.
TEST(MemoryLimit, OutOfMemoryIsNamedWithWhatWasBeingDone) {
  ASSERT_FALSE(test::under_sanitizer()) << kNotUnderSanitizer;
  test::TempDir dir;
  const auto r = test::run_plab_with_limits(
      {"run", xor_curve_config(dir).string(), "--out", (dir / "out").string(), "--threads", "1",
       "--quiet", "--no-report"},
      {0, 64ull << 20});
  EXPECT_EQ(r.exit_code, 4);
  EXPECT_NE(r.err.find("out of memory while running and recording run 0 (sweep point 0, learner "
                       "'p', repeat 0); the 0 records written before are intact; lower --threads, "
                       "max_epochs or record_curve, or free memory"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("free space"), std::string::npos) << r.err;
  EXPECT_EQ(status_of(dir / "out"), "failed");
  EXPECT_TRUE(read_file(dir / "out" / "runs.jsonl").empty());
}

// A replay that runs out of memory (a 60 MiB kernel cache on each replaying thread) ends with
// exit 4 and says so; it never calls the folder inconsistent nor reports an internal error.
TEST(MemoryLimit, OutOfMemoryDuringAReplayIsExit4WithNoVerdict) {
  ASSERT_FALSE(test::under_sanitizer()) << kNotUnderSanitizer;
  test::TempDir dir;
  const fs::path out = dir / "o";
  ASSERT_EQ(run_plab({"run", kernel_config(dir, 60).string(), "--out", out.string(), "--quiet",
                      "--no-report"})
                .exit_code,
            0);
  fs::remove(out / "verify.json");
  const auto r =
      test::run_plab_with_limits({"verify", out.string(), "--replay", "all"}, {0, kLimit});
  EXPECT_EQ(r.exit_code, 4) << r.out << r.err;
  EXPECT_TRUE(contains(r.err, "out of memory while replaying records")) << r.err;
  EXPECT_FALSE(contains(r.err, "internal error")) << r.err;
  EXPECT_FALSE(fs::exists(out / "verify.json"));
}

// A learner that runs out of memory inside a run (a fixture throwing std::bad_alloc on the
// repeats whose first initial weight is negative): no "failed" record for it, exit 4, the
// records before it in canonical order, the same bytes on 1 and 2 threads, a failed folder
// that --resume takes up again. No address-space limit: every preset runs it.
TEST(OutOfMemory, InsideALearnerWritesNoRecordAndLeavesTheFolderResumable) {
  test::TempDir dir;
  const fs::path config = dir.write("c.json", R"({"name": "oom", "seed": 8, "repeats": 30,
    "dataset": {"kind": "csv", "path": ")" + std::string(PLAB_SOURCE_DIR) +
                                                  R"(/data/iris.csv", "label": "species",
                "positive": ["setosa"]},
    "learners": [{"name": "f", "plugin": "out_of_memory_epoch"}], "init": {"kind": "gaussian"},
    "theory": {"margin": "none"}, "protocol": {"kind": "convergence", "max_epochs": 5}})");
  std::string first;
  for (const char* threads : {"1", "2"}) {
    const fs::path out = dir / (std::string("t") + threads);
    const auto r = run_plab({"run", config.string(), "--out", out.string(), "--threads", threads,
                             "--plugin-dir", PLAB_TEST_PLUGIN_DIR, "--quiet", "--no-report"});
    EXPECT_EQ(r.exit_code, 4) << r.err;
    EXPECT_TRUE(contains(r.err, "out of memory while running and recording run ") &&
                contains(r.err, "records written before are intact"))
        << r.err;
    EXPECT_FALSE(contains(r.err, "nothing was written")) << r.err;
    EXPECT_EQ(status_of(out), "failed");
    const auto records = test::records(out / "runs.jsonl");
    ASSERT_LT(records.size(), 30u);
    for (std::size_t i = 0; i < records.size(); ++i) {
      EXPECT_NE(records[i].at("status"), "failed");
      EXPECT_EQ(records[i].at("repeat").to_number<std::size_t>(), i);
    }
    if (first.empty()) first = read_file(out / "runs.jsonl");
    EXPECT_EQ(read_file(out / "runs.jsonl"), first);
  }
  // --resume takes the folder up, runs out of memory at the same run, and adds no record.
  const auto again = run_plab({"run", "--resume", (dir / "t2").string(), "--plugin-dir",
                               PLAB_TEST_PLUGIN_DIR, "--quiet", "--no-report"});
  EXPECT_EQ(again.exit_code, 4) << again.err;
  EXPECT_EQ(read_file(dir / "t2" / "runs.jsonl"), first);
  EXPECT_EQ(status_of(dir / "t2"), "failed");
}

}  // namespace
}  // namespace plab

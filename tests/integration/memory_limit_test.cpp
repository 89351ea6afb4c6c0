// Out of memory inside a run, through the real binary under an address-space limit
// (RLIMIT_AS): the engine's failure, never the run's result. plab ends with exit 4, writes no
// record for the run that ran out (the records before it in canonical order stay, the same
// whatever --threads), the manifest says failed and --resume finishes the job.
//
// MemoryLimit.* runs in the default (Release) and debug presets only: the sanitizers'
// runtimes reserve terabytes of address space, so the asan preset leaves these tests out by
// name and the tsan preset never includes them (CMakePresets.json, docs/trust-model.md).
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <string>

#include "support/folder_edit.hpp"
#include "support/process.hpp"
#include "support/records.hpp"
#include "support/temp_dir.hpp"

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

// A kernel perceptron on 6,000 noisy rows: sweep point 0 caches no kernel row, point 1 may
// cache every row (up to 288 MB), more than 110 MB of address space holds.
fs::path kernel_config(const test::TempDir& dir) {
  return dir.write("k.json", R"({"name": "k", "seed": 3, "repeats": 2,
    "dataset": {"kind": "synthetic", "generator": "noisy", "rows": 6000, "dim": 2, "flip": 0.3},
    "learners": [{"name": "k", "plugin": "kernel_perceptron",
                  "params": {"kernel": "rbf", "cache_mb": 0}}],
    "theory": {"margin": "none"},
    "sweep": {"/learners/0/params/cache_mb": [0, 100000]},
    "protocol": {"kind": "convergence", "max_epochs": 1}})");
}

constexpr unsigned long long kLimit = 110ull << 20;

TEST(MemoryLimit, OutOfMemoryInsideALearnerWritesNoRecordAndLeavesTheFolderResumable) {
  ASSERT_FALSE(test::under_sanitizer()) << kNotUnderSanitizer;
  test::TempDir dir;
  const fs::path config = kernel_config(dir);
  std::string first;
  for (const char* threads : {"1", "2"}) {
    const fs::path out = dir / (std::string("t") + threads);
    const auto r = test::run_plab_with_limits({"run", config.string(), "--out", out.string(),
                                               "--threads", threads, "--quiet", "--no-report"},
                                              {0, kLimit});
    EXPECT_EQ(r.exit_code, 4) << r.err;
    EXPECT_TRUE(contains(r.err, "out of memory while running and recording run ") &&
                contains(r.err, "(sweep point 1, learner 'k', repeat ") &&
                contains(r.err, "the 2 records written before are intact"))
        << r.err;
    EXPECT_FALSE(contains(r.err, "nothing was written")) << r.err;
    EXPECT_EQ(status_of(out), "failed");
    // Point 0's two runs, and no record of a "failed" run: the same bytes on 1 and 2 threads.
    const auto records = test::records(out / "runs.jsonl");
    ASSERT_EQ(records.size(), 2u);
    for (const auto& record : records) EXPECT_NE(record.at("status"), "failed");
    if (first.empty()) first = read_file(out / "runs.jsonl");
    EXPECT_EQ(read_file(out / "runs.jsonl"), first);
  }
  // Resumed under the same limit: out of memory again, still no record for the run.
  const fs::path out = dir / "t2";
  const auto again = test::run_plab_with_limits(
      {"run", "--resume", out.string(), "--quiet", "--no-report"}, {0, kLimit});
  EXPECT_EQ(again.exit_code, 4) << again.err;
  EXPECT_EQ(test::records(out / "runs.jsonl").size(), 2u);
  // With the memory it needs, --resume finishes the job: the bytes of an undisturbed run.
  ASSERT_EQ(run_plab({"run", "--resume", out.string(), "--quiet", "--no-report"}).exit_code, 0);
  ASSERT_EQ(run_plab({"run", config.string(), "--out", (dir / "clean").string(), "--quiet",
                      "--no-report"})
                .exit_code,
            0);
  EXPECT_EQ(read_file(out / "runs.jsonl"), read_file(dir / "clean" / "runs.jsonl"));
  EXPECT_EQ(status_of(out), "completed");
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

// A replay that runs out of memory ends with exit 4 and says so; it never calls the folder
// inconsistent nor reports an internal error.
TEST(MemoryLimit, OutOfMemoryDuringAReplayIsExit4WithNoVerdict) {
  ASSERT_FALSE(test::under_sanitizer()) << kNotUnderSanitizer;
  test::TempDir dir;
  const fs::path out = dir / "o";
  ASSERT_EQ(run_plab({"run", kernel_config(dir).string(), "--out", out.string(), "--quiet",
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

}  // namespace
}  // namespace plab

// The size of a run's records, estimated before any run (run/records_size.hpp): --plan prints
// it with the free space, it is never more than the files the runs write, and a run whose
// records cannot fit on the disk is refused before anything is written.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <string>

#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::run_plab;

std::string iris_config(const std::string& learner_name, long long repeats,
                        const std::string& protocol_extra = "") {
  return R"({"name": "size", "seed": 2, "repeats": )" + std::to_string(repeats) +
         R"(, "dataset": {"kind": "csv", "path": ")" + std::string(PLAB_SOURCE_DIR) +
         R"(/data/iris.csv", "label": "species", "positive": ["setosa"]},
    "learners": [{"name": ")" +
         learner_name + R"(", "plugin": "perceptron"},
                 {"name": "avg", "plugin": "averaged_perceptron"}],
    "init": {"kind": "gaussian"},
    "protocol": {"kind": "convergence", "max_epochs": 50, "order": "shuffle")" +
         protocol_extra + "}}";
}

// The byte count --plan states: "the records of N runs take at least B bytes".
unsigned long long planned_bytes(const std::string& out, std::size_t runs) {
  const std::regex line("plan: the records of " + std::to_string(runs) +
                        " runs take at least ([0-9]+) bytes");
  std::smatch m;
  if (!std::regex_search(out, m, line)) return 0;
  return std::stoull(m[1]);
}

TEST(RecordsSize, ThePlanStatesALowerBoundOfTheFilesTheRunsWrite) {
  for (const std::string extra : {"", R"(, "record_weights": true, "record_curve": true)"}) {
    test::TempDir dir;
    const fs::path config = dir.write("c.json", iris_config("p", 40, extra));
    const auto plan = run_plab({"run", config.string(), "--plan"});
    ASSERT_EQ(plan.exit_code, 0) << plan.err;
    const unsigned long long bytes = planned_bytes(plan.out, 80);
    ASSERT_GT(bytes, 0U) << plan.out;
    EXPECT_NE(plan.out.find("are free on the file system of"), std::string::npos) << plan.out;
    // The same config, the same estimate.
    EXPECT_EQ(planned_bytes(run_plab({"run", config.string(), "--plan"}).out, 80), bytes);
    const auto r =
        run_plab({"run", config.string(), "--out", (dir / "o").string(), "--quiet", "--no-report"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto written = fs::file_size(dir / "o" / "runs.jsonl") +
                         fs::file_size(dir / "o" / "runs.sha256") +
                         fs::file_size(dir / "o" / "timings.jsonl");
    EXPECT_LE(bytes, written) << "the estimate is a lower bound";
    EXPECT_GE(bytes * 3, written) << "and not a trivial one: " << bytes << " of " << written;
  }
}

// A learner name of 2000 characters makes each of its records and timing lines longer than
// 2 KB whatever the data: its 5 * 10^8 runs need more than 2 TB, more than a test machine has
// free.
TEST(RecordsSize, ARunWhoseRecordsCannotFitIsRefusedBeforeAnyWrite) {
  test::TempDir dir;
  const fs::path config = dir.write("c.json", iris_config(std::string(2000, 'p'), 500000000));
  const auto r = run_plab({"run", config.string(), "--out", (dir / "o").string(), "--quiet"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("the records of 1000000000 runs need at least "), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("are free on the file system of '" + dir.path().string() + "'"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(test::in_troubleshooting("they cannot fit"));
  EXPECT_FALSE(fs::exists(dir / "o"));
  const auto plan = run_plab({"run", config.string(), "--plan"});
  EXPECT_EQ(plan.exit_code, 0) << plan.err;
  EXPECT_GT(planned_bytes(plan.out, 1000000000), 2'000'000'000'000ULL) << plan.out;
}

}  // namespace
}  // namespace plab

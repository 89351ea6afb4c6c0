// Repeats trained side by side in SIMD lanes (docs/performance.md), through the
// real binary: runs.jsonl (and trajectory.jsonl) are the same bytes as one run at a time,
// for every shipped config, every lane width and thread count, and for the runs a lane
// hands back to be run alone (non-finite weights).
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "support/process.hpp"
#include "support/shipped_configs.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::run_plab;

const std::string kSource = PLAB_SOURCE_DIR;

// The exit code, runs.jsonl, then trajectory.jsonl when there is one, of `config` run with
// `lanes` and `threads` and the `--set` changes given.
std::string results_of(const std::string& config, const std::vector<std::string>& sets,
                       const std::string& lanes, const std::string& threads) {
  test::TempDir dir;
  const fs::path out = dir / "o";
  const std::string path = config.starts_with("/") ? config : kSource + "/" + config;
  std::vector<std::string> args{"run", path,        "--out", out.string(),  "--lanes",
                                lanes, "--threads", threads, "--no-report", "--quiet"};
  for (const std::string& set : sets) args.insert(args.end(), {"--set", set});
  const auto r = run_plab(args);
  EXPECT_TRUE(fs::exists(out / "runs.jsonl")) << config << " --lanes " << lanes << ": " << r.err;
  std::string text = "exit " + std::to_string(r.exit_code) + "\n" + read_file(out / "runs.jsonl");
  if (fs::exists(out / "trajectory.jsonl")) text += read_file(out / "trajectory.jsonl");
  return text;
}

// Lane widths on one thread and on two against one run at a time on one thread (`auto` on one
// thread is what every other test runs; ShippedConfigVerifies replays those records one at a
// time).
void expect_same_bytes_every_way(const std::string& config, const std::vector<std::string>& sets) {
  const std::string alone = results_of(config, sets, "1", "1");
  ASSERT_FALSE(alone.empty());
  const std::pair<const char*, const char*> ways[] = {
      {"2", "2"}, {"8", "1"}, {"16", "2"}, {"32", "1"}, {"auto", "2"}};
  for (const auto& way : ways) {
    EXPECT_EQ(results_of(config, sets, way.first, way.second), alone)
        << config << " with --lanes " << way.first << " --threads " << way.second;
  }
}

// A config written into `dir`, run every way with float64 and with float32 rows.
std::string expect_same_bytes_both_precisions(const test::TempDir& dir, const std::string& json) {
  const fs::path config = dir / "config.json";
  std::ofstream(config) << json;
  expect_same_bytes_every_way(config.string(), {});
  expect_same_bytes_every_way(config.string(), {"/dataset/precision=\"float32\""});
  return config.string();
}

// `config` with `sets` at --lanes 8, 32 and auto on one thread and on two gives the bytes of
// one run at a time, which it returns; some run of it ends unconverged at max_epochs.
std::string expect_widths_match_alone(const std::string& config,
                                      const std::vector<std::string>& sets) {
  const std::string alone = results_of(config, sets, "1", "1");
  EXPECT_NE(alone.find("\"status\":\"not_converged\""), std::string::npos) << alone.substr(0, 400);
  for (const char* lanes : {"8", "32", "auto"}) {
    for (const char* threads : {"1", "2"}) {
      EXPECT_EQ(results_of(config, sets, lanes, threads), alone)
          << "--lanes " << lanes << " --threads " << threads << " " << testing::PrintToString(sets);
    }
  }
  return alone;
}

class LanesMatchOneAtATime : public testing::TestWithParam<const char*> {};

// 11 repeats: more than the widest lanes, so lanes are refilled and the last group is
// partial (sweep_100k: 3 for each of its 100 points). The multi-class configs' margin oracle,
// most of their time, is left out.
TEST_P(LanesMatchOneAtATime, ByteForByte) {
  const std::string config = GetParam();
  std::vector<std::string> sets{config == "configs/sweep_100k.json" ? "/repeats=3" : "/repeats=11"};
  if (config.find("multiclass") != std::string::npos)
    sets.emplace_back("/theory={\"margin\":\"none\"}");
  for (const std::string& cut : test::shipped_config_cuts(config)) sets.push_back(cut);
  expect_same_bytes_every_way(config, sets);
}

INSTANTIATE_TEST_SUITE_P(Configs, LanesMatchOneAtATime, testing::ValuesIn(test::kShippedConfigs));

// 43 columns: enough for a run alone to take the certified sign of its sequential sums
// (plab/certified_sign_dot.hpp), which the shipped configs' narrower data never reach; the
// lanes sum sequentially, and with these shuffled orders read their rows eight columns at a
// time and the last three one by one (plab/lane_loop.hpp). Both ties, four learners,
// float64 and float32 rows.
TEST(Lanes, ARunAloneOnManyColumnsIsTheLanesRunByteForByte) {
  test::TempDir dir;
  expect_same_bytes_both_precisions(dir, R"({"name": "wide", "seed": 7, "repeats": 11,
    "dataset": {"kind": "synthetic", "generator": "separable", "rows": 300, "dim": 42,
                "radius": 3.0, "margin": 0.01},
    "learners": [{"name": "classic", "plugin": "perceptron", "params": {"tie": "mistake"}},
                 {"name": "eta", "plugin": "eta_perceptron", "params": {"eta": 0.5}},
                 {"name": "averaged", "plugin": "averaged_perceptron"},
                 {"name": "margin", "plugin": "margin_perceptron", "params": {"tau": 0.5}}],
    "init": {"kind": "gaussian", "scale": 1.0},
    "theory": {"margin": "none"},
    "protocol": {"kind": "convergence", "max_epochs": 40, "order": "shuffle"},
    "sweep": {"/learners/0/params/tie": ["mistake", "positive"]}})");
}

// Rows of 1 MiB and more (6,000 × 51 doubles, 2.4 MB; 1.2 MB as floats) take the loops that
// ask for their coming rows (plab/prefetch.hpp): lanes with per-run shuffles and in the shared
// order (its row 8 samples ahead, in L1), a run alone (dense, float and sparse rows), and the
// multi-class and linear-unit loops. A hint changes no value; this runs those paths (under
// ASan in CI too) and compares their bytes.
TEST(Lanes, RowsOverAMebibyteTakeThePrefetchingLoopsAndMatch) {
  test::TempDir dir;
  const std::string config =
      expect_same_bytes_both_precisions(dir, R"({"name": "big", "seed": 3, "repeats": 9,
    "dataset": {"kind": "synthetic", "generator": "separable", "rows": 6000, "dim": 50,
                "radius": 3.0, "margin": 0.01},
    "learners": [{"name": "classic", "plugin": "perceptron"},
                 {"name": "averaged", "plugin": "averaged_perceptron"},
                 {"name": "multi", "plugin": "multiclass_perceptron"},
                 {"name": "lms", "plugin": "linear_unit_sgd", "params": {"eta": 0.001}}],
    "init": {"kind": "gaussian", "scale": 1.0},
    "theory": {"margin": "none"},
    "protocol": {"kind": "convergence", "max_epochs": 4, "order": "shuffle"},
    "sweep": {"/protocol/order": ["shuffle", "cyclic"]}})");
  EXPECT_EQ(results_of(config, {"/dataset/storage=\"sparse\""}, "1", "1"),
            results_of(config, {}, "1", "1"));
}

// The paths a lane takes besides plain epochs: a learning curve kept, shuffled orders from
// random starts, runs cut at their first epoch, and weights that overflow (the lane hands the run
// back, and it fails alone with the one-at-a-time message).
TEST(Lanes, CurvesShufflesZeroEpochsAndOverflowMatch) {
  const std::string quickstart = "configs/quickstart.json";
  expect_same_bytes_every_way(quickstart, {"/repeats=9", "/protocol/record_curve=true"});
  expect_same_bytes_every_way(quickstart, {"/repeats=9", "/protocol/max_epochs=1"});
  const std::vector<std::string> overflow{"/repeats=9",
                                          "/sweep/~1learners~10~1params~1eta=[1e307]"};
  const std::string failed = results_of("configs/eta_perceptron_iris.json", overflow, "8", "1");
  EXPECT_NE(failed.find("\"status\":\"failed\""), std::string::npos) << failed.substr(0, 400);
  EXPECT_EQ(failed, results_of("configs/eta_perceptron_iris.json", overflow, "1", "1"));
}

// Rows whose sums round (0.1 + 0.2 − 0.3 is 5.6e-17, not 0; 1e16 + 1 is 1e16) and scores at
// or next to a tie (from zero starts the first score is exactly 0, later ones a rounding
// error away from it): every learner that takes lanes, both ties, zero and Gaussian starts,
// shared and per-run orders, 11 columns (eight read transposed, three one by one), float64
// and float32 rows: --lanes 8, 32 and auto on one thread and on two give the bytes of one
// run at a time.
TEST(Lanes, RoundingSumsAndNearTiesMatchEveryWidthAndThreadCount) {
  const char* const values[] = {"0.1",   "0.2", "-0.3", "0.7",    "1e16", "1",
                                "-1e16", "0.3", "-0.1", "0.3333", "-0.7", "2.5e-17"};
  // 48 rows; the last is the first with the other label, so no run converges and every
  // run uses all its epochs.
  std::string x;
  std::string y;
  const auto label = [](int i) { return (i * i * 5 + i * 3) % 7 < 3 ? 1 : -1; };
  for (int i = 0; i < 48; ++i) {
    const int r = i == 47 ? 0 : i;
    x += i == 0 ? "[" : ", [";
    for (int j = 0; j < 10; ++j) {
      x += std::string(j == 0 ? "" : ", ") + values[(r * 7 + j * j * 3 + r * j) % 12];
    }
    x += "]";
    y += std::string(i == 0 ? "" : ", ") + std::to_string(i == 47 ? -label(0) : label(i));
  }
  test::TempDir dir;
  const fs::path config = dir / "config.json";
  std::ofstream(config) << R"({"name": "rounding", "seed": 5, "repeats": 11,
    "dataset": {"kind": "inline", "x": [)"
                        << x << R"(], "y": [)" << y << R"(]},
    "learners": [{"name": "classic", "plugin": "perceptron", "params": {"tie": "mistake"}},
                 {"name": "eta", "plugin": "eta_perceptron", "params": {"eta": 0.1}},
                 {"name": "averaged", "plugin": "averaged_perceptron"},
                 {"name": "margin", "plugin": "margin_perceptron", "params": {"tau": 0.05}}],
    "init": {"kind": "zero", "scale": 1.0},
    "theory": {"margin": "none"},
    "protocol": {"kind": "convergence", "max_epochs": 30, "order": "cyclic"},
    "sweep": {"/init/kind": ["zero", "gaussian"], "/protocol/order": ["cyclic", "shuffle"],
              "/learners/0/params/tie": ["mistake", "positive"]}})";
  for (const std::vector<std::string>& sets :
       {std::vector<std::string>{}, std::vector<std::string>{"/dataset/precision=\"float32\""}}) {
    const std::string alone = expect_widths_match_alone(config.string(), sets);
    EXPECT_EQ(alone.find("\"status\":\"converged\""), std::string::npos) << alone.substr(0, 400);
  }
}

// Sparse storage: cyclic runs share lanes reading the sparse rows, shuffled ones train alone;
// every way gives the bytes of one run at a time, and those of the same data stored dense.
TEST(Lanes, SparseRowsMatchOneAtATimeAndTheDenseRuns) {
  const std::string hinge = "experiments/hinge_bound/versicolor_virginica.json";
  const std::pair<std::string, std::vector<std::string>> cases[] = {
      {"configs/quickstart.json", {"/repeats=9"}},
      // The averaged perceptron's lane rule keeps its sums over the sparse entries too.
      {hinge,
       {"/repeats=9", "/dataset/scale=\"none\"", "/protocol/order=\"cyclic\"",
        "/init/kind=\"gaussian\"", "/sweep={\"/protocol/max_epochs\": [1, 50]}"}}};
  for (const auto& [config, dense] : cases) {
    std::vector<std::string> sparse = dense;
    sparse.emplace_back("/dataset/storage=\"sparse\"");
    expect_same_bytes_every_way(config, sparse);
    EXPECT_EQ(results_of(config, sparse, "8", "1"), results_of(config, dense, "1", "1")) << config;
  }
}

// The multi-class perceptron in lanes (plab/lane_classes.hpp): 4 classes on rows whose sums
// round and whose class scores tie (from zero starts every score of the first sample is 0),
// both ties, zero and Gaussian starts, shared and per-run orders, dense and sparse rows:
// --lanes 8, 32 and auto on one thread and on two give the bytes of one run at a time.
TEST(Lanes, MulticlassRoundingSumsAndTiesMatchEveryWidthAndThreadCount) {
  const char* const values[] = {"0.1", "0.2",   "-0.3", "0.7", "1e16",
                                "1",   "-1e16", "0.3",  "0",   "0.25"};
  std::string x;
  std::string y;
  for (int i = 0; i < 40; ++i) {
    x += i == 0 ? "[" : ", [";
    for (int j = 0; j < 9; ++j) {
      x += std::string(j == 0 ? "" : ", ") + values[(i * 7 + j * j * 3 + i * j) % 10];
    }
    x += "]";
    y += std::string(i == 0 ? "\"" : ", \"") + "abcd"[(i * 3 + i / 5) % 4] + "\"";
  }
  test::TempDir dir;
  const fs::path config = dir / "config.json";
  std::ofstream(config) << R"({"name": "classes", "seed": 9, "repeats": 11,
    "dataset": {"kind": "inline", "classes": ["a", "b", "c", "d"], "x": [)"
                        << x << R"(], "y": [)" << y << R"(]},
    "learners": [{"name": "multi", "plugin": "multiclass_perceptron", "params": {"eta": 0.5}}],
    "init": {"kind": "zero", "scale": 1.0},
    "theory": {"margin": "none"},
    "protocol": {"kind": "convergence", "max_epochs": 25, "order": "cyclic"},
    "sweep": {"/init/kind": ["zero", "gaussian"], "/protocol/order": ["cyclic", "shuffle"],
              "/learners/0/params/tie": ["strict", "first"]}})";
  expect_widths_match_alone(config.string(), {});
  expect_widths_match_alone(config.string(), {"/dataset/storage=\"sparse\""});
}

TEST(Lanes, AWidthNotOfferedIsAUsageError) {
  const auto r = run_plab({"run", kSource + "/configs/quickstart.json", "--lanes", "3"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--lanes '3' is not one of auto, 1, 2, 4, 8, 16, 32"), std::string::npos)
      << r.err;
  EXPECT_NE(test::troubleshooting_section().find("is not one of auto, 1, 2, 4, 8, 16, 32"),
            std::string::npos);
}

}  // namespace
}  // namespace plab

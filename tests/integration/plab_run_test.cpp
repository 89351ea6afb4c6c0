// `plab run` end to end: the real binary, real plugins, real files.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <csignal>
#include <sstream>

#include "support/process.hpp"
#include "support/records.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

using test::read_file;
using test::run_plab;

const std::string kIris = std::string(PLAB_SOURCE_DIR) + "/data/iris.csv";

std::string iris_config(const std::string& name, int repeats, const std::string& extra = "") {
  return R"({"name": ")" + name + R"(", "seed": 42, "repeats": )" + std::to_string(repeats) +
         R"(, "dataset": {"kind": "csv", "path": ")" + kIris +
         R"(", "label": "species", "positive": ["setosa"]},
         "learners": [{"name": "classic", "plugin": "perceptron"}],
         "init": {"kind": "gaussian", "scale": 1.0},
         "protocol": {"kind": "convergence", "max_epochs": 500, "order": "shuffle"})" +
         extra + "}";
}

using test::records;

TEST(PlabRun, WritesACompleteResultsFolder) {
  test::TempDir dir;
  const auto config = dir.write("c.json", iris_config("complete", 20));
  const auto r =
      run_plab({"run", config.string(), "--out", (dir / "out").string(), "--threads", "2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* f :
       {"manifest.json", "runs.jsonl", "timings.jsonl", "summary.json", "summary.csv"}) {
    EXPECT_TRUE(std::filesystem::exists(dir / "out" / f)) << f;
  }
  const auto runs = records(dir / "out" / "runs.jsonl");
  ASSERT_EQ(runs.size(), 20u);
  const char* const fields[] = {"point",       "learner",     "plugin",        "repeat",
                                "params",      "converged",   "epochs",        "mistakes",
                                "updates",     "train_error", "w_norm",        "w0_norm",
                                "R",           "gamma",       "w_ref_norm",    "rho",
                                "bound",       "bound_kind",  "bound_applies", "ratio",
                                "bound_holds", "status"};
  for (std::size_t i = 0; i < runs.size(); ++i) {
    for (const char* f : fields)
      EXPECT_TRUE(runs[i].contains(f)) << "record " << i << " lacks " << f;
    EXPECT_EQ(runs[i].at("repeat").to_number<std::size_t>(), i);
    EXPECT_EQ(runs[i].at("status"), "converged");  // setosa vs rest is separable
    EXPECT_EQ(runs[i].at("train_error").to_number<double>(), 0.0);
    EXPECT_GT(runs[i].at("w0_norm").to_number<double>(), 0.0);  // gaussian init
    EXPECT_NEAR(runs[i].at("R").to_number<double>(), 11.156164215356, 1e-9);
  }
  const auto manifest = boost::json::parse(read_file(dir / "out" / "manifest.json")).as_object();
  EXPECT_EQ(manifest.at("status"), "completed");
  EXPECT_EQ(manifest.at("runs_written").to_number<int>(), 20);
  const auto& plugin = manifest.at("plugins").as_array().at(0).as_object();
  EXPECT_EQ(plugin.at("name"), "perceptron");
  EXPECT_EQ(plugin.at("sha256").as_string().size(), 64u);
  EXPECT_EQ(manifest.at("context").as_object().at("threads").to_number<int>(), 2);
  EXPECT_NE(r.out.find("classic"), std::string::npos) << r.out;  // the summary table
  const std::string csv = read_file(dir / "out" / "summary.csv");
  EXPECT_EQ(csv.substr(0, csv.find('\n')).substr(0, 20), "point,learner,plugin");
}

TEST(PlabRun, RunsJsonlIsByteIdenticalForOneAndTwoThreadsAndOnRerun) {
  test::TempDir dir;
  const auto config =
      dir.write("c.json", iris_config("threads", 60, R"(, "sweep": {"/init/scale": [0, 1, 10]})"));
  std::string previous;
  int attempt = 0;
  for (const char* threads : {"1", "2", "2"}) {
    const auto out = dir / ("out" + std::to_string(attempt++));
    const auto r = run_plab({"run", config.string(), "--out", out.string(), "--threads", threads});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string runs = read_file(out / "runs.jsonl");
    EXPECT_EQ(std::count(runs.begin(), runs.end(), '\n'), 180);
    if (!previous.empty()) {
      EXPECT_EQ(runs, previous) << "threads " << threads;
    }
    previous = runs;
  }
}

TEST(PlabRun, DefaultFolderIsTimestampedWithLatestLink) {
  test::TempDir dir;
  dir.write("c.json", iris_config("stamped", 2));
  const auto r = run_plab({"run", "c.json", "--quiet"}, dir.path().string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto latest = dir / "results" / "stamped" / "latest";
  ASSERT_TRUE(std::filesystem::is_symlink(latest));
  EXPECT_TRUE(std::filesystem::exists(latest / "runs.jsonl"));
  const std::string stamp = std::filesystem::read_symlink(latest).string();
  EXPECT_EQ(stamp.size(), 16u) << stamp;  // 20261122T090554Z
  EXPECT_EQ(stamp.back(), 'Z');
}

TEST(PlabRun, RefusesToOverwriteAResultsFolder) {
  test::TempDir dir;
  const auto config = dir.write("c.json", iris_config("twice", 2));
  ASSERT_EQ(run_plab({"run", config.string(), "--out", (dir / "o").string()}).exit_code, 0);
  const auto r = run_plab({"run", config.string(), "--out", (dir / "o").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("never overwritten"), std::string::npos) << r.err;
}

TEST(PlabRun, MissingPluginExitsThreeNamingPluginAndFolders) {
  test::TempDir dir;
  std::string text = iris_config("missing", 2);
  text.replace(text.find("\"perceptron\""), 12, "\"no_such_learner\"");
  const auto config = dir.write("c.json", text);
  const auto r = run_plab({"run", config.string(), "--plugin-dir", dir.path().string()});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("plugin 'no_such_learner' was not found"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(dir.path().string()), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("lib/plab/plugins"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "results")) << "nothing may be written";
}

TEST(PlabRun, BadConfigExitsTwoNamingThePointer) {
  test::TempDir dir;
  std::string text = iris_config("bad", 2);
  text.replace(text.find("\"max_epochs\""), 12, "\"max_epoch\"");
  const auto r = run_plab({"run", dir.write("c.json", text).string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("/protocol/max_epoch"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("did you mean 'max_epochs'"), std::string::npos) << r.err;
}

TEST(PlabRun, BadPluginParamExitsTwoNamingPluginAndParam) {
  test::TempDir dir;
  std::string text = iris_config("param", 2);
  text.replace(text.find("\"plugin\": \"perceptron\""), 22,
               R"("plugin": "perceptron", "params": {"tie": "sometimes"})");
  const auto r = run_plab({"run", dir.write("c.json", text).string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("/learners/0/params/tie"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("plugin 'perceptron'"), std::string::npos) << r.err;
}

TEST(PlabRun, AFailingRunIsRecordedAndTheOthersGoOn) {
  test::TempDir dir;
  std::string text = iris_config("failing", 30);
  text.replace(text.find("\"perceptron\""), 12, "\"throwing_epoch\"");
  const auto config = dir.write("c.json", text);
  const auto r = run_plab({"run", config.string(), "--out", (dir / "o").string(), "--plugin-dir",
                           PLAB_TEST_PLUGIN_DIR});
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.err.find("failed"), std::string::npos) << r.err;
  const auto runs = records(dir / "o" / "runs.jsonl");
  ASSERT_EQ(runs.size(), 30u);
  int failed = 0;
  for (const auto& rec : runs) {
    if (rec.at("status") == "failed") {
      ++failed;
      EXPECT_NE(std::string(rec.at("error").as_string()).find("negative first weight"),
                std::string::npos);
      EXPECT_TRUE(rec.at("mistakes").is_null());
    } else {
      EXPECT_EQ(rec.at("status"), "converged");
    }
  }
  EXPECT_GT(failed, 0);
  EXPECT_LT(failed, 30);
}

TEST(PlabRun, InterruptKeepsACanonicalPrefixAndSaysSo) {
  test::TempDir dir;
  // Virginica against the rest is not separable: every run uses all its epochs.
  std::string text = iris_config("interrupted", 100000);
  text.replace(text.find("\"setosa\""), 8, "\"virginica\"");
  const auto config = dir.write("c.json", text);
  const auto r = test::run_process_and_signal(
      PLAB_BINARY, {"run", config.string(), "--out", (dir / "o").string(), "--threads", "2"},
      SIGINT, 100, "", (dir / "o" / "runs.jsonl").string());
  EXPECT_EQ(r.exit_code, 130) << r.err;
  EXPECT_NE(r.err.find("interrupted"), std::string::npos) << r.err;
  const auto manifest = boost::json::parse(read_file(dir / "o" / "manifest.json")).as_object();
  EXPECT_EQ(manifest.at("status"), "interrupted");
  const auto runs = records(dir / "o" / "runs.jsonl");
  EXPECT_EQ(manifest.at("runs_written").to_number<std::size_t>(), runs.size());
  ASSERT_LT(runs.size(), 100000u);
  for (std::size_t i = 0; i < runs.size(); ++i) {
    ASSERT_EQ(runs[i].at("repeat").to_number<std::size_t>(), i) << "not a canonical prefix";
  }
}

}  // namespace
}  // namespace plab

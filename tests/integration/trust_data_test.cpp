// Data and bound arithmetic, through the real binary: rows kept by keep_classes keep
// their labels; the manifest records the bytes that were parsed, and --resume refuses a
// changed data file; overflow and underflow never become a theorem verdict; and the
// engine's own overflow (initial weights, the step) or a fold count beyond the data is
// refused before any run, naming the config field. Each message is in docs/troubleshooting.md.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <charconv>
#include <cmath>
#include <fstream>

#include "base/file_hash.hpp"
#include "results/folder/record_digest.hpp"
#include "support/folder_edit.hpp"
#include "support/process.hpp"
#include "support/records.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::run_plab;
const std::string kData = std::string(PLAB_SOURCE_DIR) + "/data/";

// Writes `config` into `dir` as c.json and runs it into dir/out, with extra arguments.
test::ProcessResult run_config(const test::TempDir& dir, const std::string& config,
                               std::vector<std::string> extra = {},
                               const std::vector<std::string>& env = {}) {
  const fs::path file = dir.write("c.json", config);
  std::vector<std::string> args{"run",         file.string(), "--out", (dir / "out").string(),
                                "--no-report", "--quiet"};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_plab(args, "", env);
}

boost::json::object manifest_of(const fs::path& folder) {
  return boost::json::parse(test::read_file(folder / "manifest.json")).as_object();
}

// {class name: count} of sweep point 0 as the manifest describes its data set.
std::map<std::string, long> class_counts(const fs::path& folder) {
  std::map<std::string, long> counts;
  const boost::json::object manifest = manifest_of(folder);
  const auto& point = manifest.at("points").as_array().at(0).as_object();
  for (const auto& c : point.at("dataset").at("classes").as_array()) {
    counts[std::string(c.at("name").as_string())] = c.at("count").to_number<long>();
  }
  return counts;
}

std::string shortest(double v) {
  char text[32];
  return std::string(text, std::to_chars(text, text + sizeof text, v).ptr);
}

// ---- item 1: keep_classes ------------------------------------------------------------------

// A perceptron run on `dataset` (a JSON object), without the margin oracle.
std::map<std::string, long> classes_kept(const std::string& dataset) {
  test::TempDir dir;
  const auto r =
      run_config(dir, R"({"name": "keep", "seed": 1, "repeats": 1, "dataset": )" + dataset + R"(,
    "learners": [{"name": "p", "plugin": "perceptron"}], "theory": {"margin": "none"},
    "protocol": {"kind": "convergence", "max_epochs": 20}})");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return r.exit_code == 0 ? class_counts(dir / "out") : std::map<std::string, long>{};
}

// Rows kept before the first dropped one used to be moved onto themselves, emptying their
// label: row 0 ('a') trained as negative.
TEST(TrustData, KeepClassesKeepsTheLabelOfEveryRowKept) {
  const std::map<std::string, long> expected{{"a", 2}, {"rest", 2}};
  EXPECT_EQ(classes_kept(R"({"kind": "inline", "x": [[1], [5], [2], [-1], [-2]],
    "y": ["a", "b", "a", "c", "c"], "keep_classes": ["a", "c"], "positive": ["a"]})"),
            expected);
}

TEST(TrustData, KeepClassesOnIrisKeepsSetosaAndVersicolor) {
  const std::map<std::string, long> expected{{"setosa", 50}, {"rest", 50}};
  EXPECT_EQ(classes_kept(R"({"kind": "csv", "path": ")" + kData + R"(iris.csv",
    "label": "species", "keep_classes": ["setosa", "versicolor"], "positive": ["setosa"]})"),
            expected);
}

TEST(TrustData, KeepClassesOnDigitsCountsZerosAndOnes) {
  const std::map<std::string, long> expected{{"0", 178}, {"rest", 182}};
  EXPECT_EQ(classes_kept(R"({"kind": "csv", "path": ")" + kData + R"(digits.csv",
    "label": "digit", "keep_classes": ["0", "1"], "positive": ["0"]})"),
            expected);
}

// ---- item 4: the data file's hash ------------------------------------------------------------

// The test fixture `replaces_data_file` renames PLAB_TEST_REPLACE_WITH over
// PLAB_TEST_REPLACE_DATA when plab creates its probe learner: after the data was read,
// before the manifest is written.
std::string replacing_config(const fs::path& data) {
  return R"({"name": "replaced", "seed": 1, "repeats": 3,
    "dataset": {"kind": "csv", "path": ")" +
         data.string() + R"(", "label": "y", "positive": ["a"]},
    "learners": [{"name": "f", "plugin": "replaces_data_file"}], "theory": {"margin": "none"},
    "protocol": {"kind": "convergence", "max_epochs": 5}})";
}

TEST(TrustData, TheManifestHashesTheBytesThatWereParsedNotTheFileFoundLater) {
  test::TempDir dir;
  const fs::path data = dir.write("data.csv", "x,y\n1,a\n-1,b\n2,a\n");
  const fs::path original = dir.write("original.csv", test::read_file(data));
  const fs::path other = dir.write("other.csv", "x,y\n1,a\n-1,b\n2,a\n-7,b\n");
  const std::string parsed = sha256_file(original);
  const std::string replacement = sha256_file(other);
  const auto r = run_config(
      dir, replacing_config(data), {"--plugin-dir", PLAB_TEST_PLUGIN_DIR},
      {"PLAB_TEST_REPLACE_WITH=" + other.string(), "PLAB_TEST_REPLACE_DATA=" + data.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_FALSE(fs::exists(other)) << "the fixture did not replace the data file";
  ASSERT_EQ(sha256_file(data), replacement);
  const boost::json::object manifest = manifest_of(dir / "out");
  const auto& files = manifest.at("data_files").as_array();
  ASSERT_EQ(files.size(), 1u);
  EXPECT_EQ(std::string(files[0].at("sha256").as_string()), parsed)
      << "the manifest names the file found after the read, not the bytes the rows came from";

  // --resume on that folder now reads other bytes: refused, naming the file and both hashes.
  const auto resumed =
      run_plab({"run", "--resume", (dir / "out").string(), "--plugin-dir", PLAB_TEST_PLUGIN_DIR});
  EXPECT_EQ(resumed.exit_code, 2) << resumed.err;
  EXPECT_NE(resumed.err.find("cannot resume: data file '" + data.string() + "' has changed"),
            std::string::npos)
      << resumed.err;
  EXPECT_NE(resumed.err.find(replacement), std::string::npos) << resumed.err;
  EXPECT_NE(resumed.err.find(parsed), std::string::npos) << resumed.err;
}

// Two sweep points that read one file (their dataset blocks differ) and got other bytes
// the second time would mix two data sets in one experiment.
TEST(TrustData, AFileThatChangesBetweenTwoReadsOfOneExperimentIsRefused) {
  test::TempDir dir;
  const fs::path data = dir.write("data.csv", "x,y\n1,a\n-1,b\n2,a\n");
  const fs::path other = dir.write("other.csv", "x,y\n1,a\n-1,b\n2,a\n-7,b\n");
  const auto r = run_config(
      dir, replacing_config(data),
      {"--plugin-dir", PLAB_TEST_PLUGIN_DIR, "--sweep", "/dataset/scale=\"none\",\"standardize\""},
      {"PLAB_TEST_REPLACE_WITH=" + other.string(), "PLAB_TEST_REPLACE_DATA=" + data.string()});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("changed while plab was reading it"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir / "out"));
}

// ---- item 5: overflow and underflow are not theorem violations ---------------------------

// Separable 1-D data (bias first): every bound below is from w₀ ≠ 0.
std::string init_config(const std::string& plugin, const std::string& eta,
                        const std::string& init) {
  return R"({"name": "init", "seed": 1, "repeats": 1,
    "dataset": {"kind": "inline", "x": [[1], [2], [-1], [-2]], "y": ["a", "a", "b", "b"],
                "positive": ["a"]},
    "learners": [{"name": "p", "plugin": ")" +
         plugin + R"(")" + (eta.empty() ? "" : R"(, "params": {"eta": )" + eta + "}") + R"(}],
    "init": )" +
         init + R"(, "protocol": {"kind": "convergence", "max_epochs": 30}})";
}

// Runs `config`, which must succeed with a single run, and returns that run's record.
boost::json::object the_only_run(const std::string& config) {
  test::TempDir dir;
  const auto r = run_config(dir, config);
  EXPECT_EQ(r.exit_code, 0) << r.err << r.out;
  const auto runs = test::records(dir / "out" / "runs.jsonl");
  EXPECT_EQ(runs.size(), 1u);
  return runs.empty() ? boost::json::object{} : runs[0];
}

TEST(TrustData, AHugeGivenInitHasAFiniteBoundThatHolds) {
  const boost::json::object run =
      the_only_run(init_config("perceptron", "", R"({"kind": "given", "w": [0, -1e160]})"));
  EXPECT_EQ(run.at("bound_kind"), "novikoff_init");
  EXPECT_EQ(run.at("bound_applies"), true);
  ASSERT_TRUE(run.at("bound").is_double()) << run;
  EXPECT_GT(run.at("bound").as_double(), 1e160);
  EXPECT_EQ(run.at("bound_holds"), true);
  EXPECT_DOUBLE_EQ(run.at("w0_norm").to_number<double>(), 1e160);
}

// ‖w₀‖² of 4e-326 underflows to 0: the start is still not zero, and the bound from w₀ is
// the one that applies (the zero-start one does not hold here).
TEST(TrustData, ATinyInitIsNotAZeroStart) {
  const boost::json::object run = the_only_run(
      init_config("eta_perceptron", "1e-164", R"({"kind": "given", "w": [-2e-163, 0]})"));
  EXPECT_EQ(run.at("bound_kind"), "novikoff_init");
  EXPECT_EQ(run.at("bound_holds"), true);
  EXPECT_EQ(run.at("plain_bound_holds"), false)
      << "the zero-start bound holds here, so this test would not catch its false use";
  EXPECT_DOUBLE_EQ(run.at("w0_norm").to_number<double>(), 2e-163);
}

// The same Iris runs with the init and η scaled by 2⁻⁵⁴⁰ (exact: every run takes the same
// steps) have the same mistakes, bounds and verdicts.
TEST(TrustData, ScalingInitAndStepByAPowerOfTwoChangesNoVerdict) {
  const double scale = std::ldexp(1.0, -540);
  std::vector<boost::json::object> results[2];
  for (int k = 0; k < 2; ++k) {
    test::TempDir dir;
    const std::string s = shortest(k == 0 ? 1.0 : scale);
    const auto r = run_config(dir, R"({"name": "scaled", "seed": 3, "repeats": 20,
      "dataset": {"kind": "csv", "path": ")" +
                                       kData + R"(iris.csv", "label": "species",
                  "positive": ["setosa"]},
      "learners": [{"name": "p", "plugin": "eta_perceptron", "params": {"eta": )" +
                                       s + R"(}}],
      "init": {"kind": "gaussian", "scale": )" +
                                       s + R"(},
      "protocol": {"kind": "convergence", "max_epochs": 200, "order": "shuffle"}})");
    EXPECT_EQ(r.exit_code, 0) << s << ": " << r.err << r.out;
    results[k] = test::records(dir / "out" / "runs.jsonl");
  }
  ASSERT_EQ(results[0].size(), 20u);
  ASSERT_EQ(results[1].size(), 20u);
  for (std::size_t i = 0; i < 20; ++i) {
    for (const char* field : {"mistakes", "bound_kind", "bound", "bound_holds", "ratio",
                              "plain_bound", "plain_bound_holds", "bound_applies"}) {
      EXPECT_EQ(results[0][i].at(field), results[1][i].at(field)) << "run " << i << ": " << field;
    }
    // (Boost.JSON's parser may miss the last bit of a number: not compared bit for bit.)
    EXPECT_DOUBLE_EQ(results[1][i].at("w0_norm").to_number<double>(),
                     results[0][i].at("w0_norm").to_number<double>() * scale);
  }
}

// ‖w₀‖/η beyond a double: the bound cannot be computed, so it is not applied, and says why.
TEST(TrustData, ABoundBeyondADoubleIsNotAppliedAndSaysWhy) {
  const boost::json::object run = the_only_run(
      init_config("eta_perceptron", "1e-10", R"({"kind": "given", "w": [0, -1e300]})"));
  EXPECT_EQ(run.at("bound_applies"), false);
  EXPECT_TRUE(run.at("bound").is_null());
  EXPECT_TRUE(run.at("bound_holds").is_null());
  ASSERT_TRUE(run.contains("bound_note")) << run;
  EXPECT_NE(std::string(run.at("bound_note").as_string())
                .find("cannot be computed in double precision: ||w0||/eta overflows"),
            std::string::npos)
      << run.at("bound_note");
}

// An older plab wrote such a run as `bound_applies: true` with a null bound. verify
// recomputes the bound, cannot compute it either, and so leaves it not judged and says so.
TEST(TrustData, AnOldNullBoundVerifyCannotComputeEitherIsNotJudged) {
  test::TempDir dir;
  ASSERT_EQ(run_config(dir, init_config("eta_perceptron", "1e-10",
                                        R"({"kind": "given", "w": [0, -1e300]})"))
                .exit_code,
            0);
  const fs::path out = dir / "out";
  test::edit_record(out, test::any_record, [](boost::json::object& r) {
    ASSERT_TRUE(r.at("bound").is_null());
    r["bound_applies"] = true;
    r["bound_kind"] = "novikoff_init";
    r["bound_on"] = "mistakes";
    r.erase("bound_note");
  });
  write_digest_chain(out);
  const auto v = run_plab({"verify", out.string()});
  EXPECT_EQ(v.exit_code, 0) << v.out << v.err;
  EXPECT_NE(v.err.find("plab: note: 1 record marks the bound as applicable but holds null for it"),
            std::string::npos)
      << v.err;
}

// ---- weak answers ----------------------------------------------------------------------------

// Runs `config`, which must be refused before any run (exit 2, no results folder) with a
// message holding each of `texts`; returns stderr.
std::string refusal(const std::string& config, const std::vector<std::string>& texts) {
  test::TempDir dir;
  const auto r = run_config(dir, config);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  for (const std::string& text : texts) {
    EXPECT_NE(r.err.find(text), std::string::npos) << r.err;
  }
  EXPECT_FALSE(fs::exists(dir / "out"));
  return r.err;
}

TEST(TrustData, MoreFoldsThanTheLargestClassHasRowsIsRefused) {
  refusal(R"({"name": "folds", "seed": 1, "repeats": 5,
    "dataset": {"kind": "inline", "x": [[1], [2], [-1], [-2]], "y": ["a", "a", "b", "b"],
                "positive": ["a"]},
    "learners": [{"name": "p", "plugin": "perceptron"}], "theory": {"margin": "none"},
    "protocol": {"kind": "holdout", "folds": 5, "max_epochs": 10}})",
          {"config error at /protocol/folds: 5 folds, but the data set has 4 rows",
           "would have no test rows; use at most 2 folds"});
}

std::string synthetic_config(const std::string& rows, const std::string& radius) {
  return R"({"name": "synth", "seed": 1, "repeats": 1,
    "dataset": {"kind": "synthetic", "generator": "separable", "rows": )" +
         rows + R"(, "dim": 2, "margin": 0.1, "radius": )" + radius + R"(},
    "learners": [{"name": "p", "plugin": "perceptron"}],
    "protocol": {"kind": "convergence", "max_epochs": 3}})";
}

// The rejection sampler's cap is per point, not for the whole set.
TEST(TrustData, TenMillionSyntheticRowsAreGenerated) {
  test::TempDir dir;
  const fs::path file = dir.write("c.json", synthetic_config("10000000", "2"));
  const auto r = run_plab({"run", file.string(), "--plan"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("1 runs in all"), std::string::npos) << r.out;
}

TEST(TrustData, AMarginTooLargeForTheBallNamesTheMargin) {
  test::TempDir dir;
  const fs::path file = dir.write("c.json", R"({"name": "synth", "seed": 1, "repeats": 1,
    "dataset": {"kind": "synthetic", "generator": "multiclass", "classes": 50, "rows": 100,
                "dim": 1, "margin": 1.5, "radius": 2},
    "learners": [{"name": "p", "plugin": "multiclass_perceptron"}],
    "protocol": {"kind": "convergence", "max_epochs": 3}})");
  const auto r = run_plab({"run", file.string(), "--plan"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("draws in a row"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("lower the margin"), std::string::npos) << r.err;
}

// R of 1e200: its square overflows, R does not.
TEST(TrustData, ARadiusOf1e200IsRecordedAndPrintedNotZero) {
  test::TempDir dir;
  const auto r = run_config(dir, synthetic_config("100", "1e200"));
  EXPECT_EQ(r.exit_code, 0) << r.err << r.out;
  const auto runs = test::records(dir / "out" / "runs.jsonl");
  ASSERT_EQ(runs.size(), 1u);
  ASSERT_TRUE(runs[0].at("R").is_double()) << runs[0];
  EXPECT_GE(runs[0].at("R").as_double(), 1e200);
  EXPECT_LT(runs[0].at("R").as_double(), 1.01e200);
  EXPECT_NE(r.out.find("1e+200"), std::string::npos) << r.out;
}

// An R beyond a double (null in the records) is shown as "overflow", never as 0, in the
// summary table and the report.
TEST(TrustData, AnRBeyondADoubleIsShownAsOverflowNotZero) {
  test::TempDir dir;
  const fs::path data = dir.write("big.csv", "x1,x2,y\n1.5e308,1.5e308,a\n-1.5e308,-1.5e308,b\n");
  const auto r = run_config(dir, R"({"name": "big", "seed": 1, "repeats": 1,
    "dataset": {"kind": "csv", "path": ")" +
                                     data.string() + R"(", "label": "y", "positive": ["a"]},
    "learners": [{"name": "p", "plugin": "perceptron"}], "theory": {"margin": "none"},
    "protocol": {"kind": "convergence", "max_epochs": 5}})");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(test::records(dir / "out" / "runs.jsonl").at(0).at("R").is_null());
  const std::string table = r.out.substr(0, r.out.find("\n\n"));
  EXPECT_NE(table.find("  overflow"), std::string::npos) << table;
  EXPECT_EQ(table.find("  0    -"), std::string::npos) << table;
  // R is null in the manifest too: the report says "overflow" instead of failing with
  // "not a number".
  const auto report = run_plab({"report", (dir / "out").string()});
  ASSERT_EQ(report.exit_code, 0) << report.err;
  EXPECT_NE(test::read_file(dir / "out" / "report.md").find("| binary | overflow |"),
            std::string::npos);
}

TEST(TrustData, AnEtaWhoseStepOverflowsIsRefusedNamingIt) {
  const std::string err =
      refusal(R"({"name": "eta", "seed": 1, "repeats": 1,
    "dataset": {"kind": "csv", "path": ")" +
                  kData + R"(iris.csv", "label": "species",
                "positive": ["setosa"]},
    "learners": [{"name": "p", "plugin": "eta_perceptron", "params": {"eta": 1e308}}],
    "protocol": {"kind": "convergence", "max_epochs": 10}})",
              {"config error at /learners/0/params: the step eta*x overflows a double: eta "
               "1e+308 (the step scale the learner declares for these params) times the largest "
               "feature value 7.9"});
  EXPECT_EQ(err.find("plugin"), std::string::npos) << "the plugin is not to blame: " << err;
}

// The residual step declares 2*eta: with eta 1e308 that scale itself overflows. The step
// size chosen is to blame (exit 2, the learner's params named), not the plugin (exit 3).
TEST(TrustData, AResidualStepWhoseScaleOverflowsIsAConfigError) {
  refusal(R"({"name": "eta", "seed": 1, "repeats": 1,
    "dataset": {"kind": "csv", "path": ")" +
              kData + R"(iris.csv", "label": "species",
                "positive": ["setosa"]},
    "learners": [{"name": "p", "plugin": "eta_perceptron",
                  "params": {"eta": 1e308, "step": "residual"}}],
    "protocol": {"kind": "convergence", "max_epochs": 10}})",
          {"config error at /learners/0/params",
           "with step \"residual\": the step scale 2 eta "
           "is beyond a double, so the step overflows at the first update; lower eta"});
}

TEST(TrustData, AGaussianInitThatOverflowsIsRefusedNamingIt) {
  refusal(R"({"name": "init", "seed": 1, "repeats": 1,
    "dataset": {"kind": "csv", "path": ")" +
              kData + R"(iris.csv", "label": "species",
                "positive": ["setosa"]},
    "learners": [{"name": "p", "plugin": "perceptron"}],
    "init": {"kind": "gaussian", "scale": 1e308},
    "protocol": {"kind": "convergence", "max_epochs": 10}})",
          {"config error at /init/scale: a gaussian init of scale 1e+308",
           "the initial weights would not be finite"});
}

// ---- overflow that builds up over several updates -----------------------------------------

// eta 1e308 on data with |x| <= 1 passes the up-front check (eta*x fits), and from zero the
// weights are (1e308, 1e308) after the first update and overflow at the second.
std::string growing_step_config(const std::string& plugin) {
  return R"({"name": "grow", "seed": 1, "repeats": 1,
    "dataset": {"kind": "inline", "x": [[1], [0.5], [-1], [-0.5]], "y": ["a", "a", "b", "b"],
                "positive": ["a"]},
    "learners": [{"name": "p", "plugin": ")" +
         plugin + R"(", "params": {"eta": 1e308}}],
    "protocol": {"kind": "convergence", "max_epochs": 10}})";
}

// The one failed run's error.
std::string failed_run_error(const std::string& config) {
  test::TempDir dir;
  const auto r = run_config(dir, config, {"--plugin-dir", PLAB_TEST_PLUGIN_DIR});
  EXPECT_EQ(r.exit_code, 3) << r.err;
  const auto runs = test::records(dir / "out" / "runs.jsonl");
  if (runs.size() != 1) {
    ADD_FAILURE() << "expected one record, got " << runs.size() << "\n" << r.err;
    return {};
  }
  EXPECT_EQ(runs[0].at("status"), "failed");
  return std::string(runs[0].at("error").as_string());
}

TEST(TrustData, WeightsThatOverflowAfterSeveralUpdatesNameTheStepNotThePlugin) {
  const std::string error = failed_run_error(growing_step_config("eta_perceptron"));
  EXPECT_NE(error.find("in epoch 1, the weights overflowed a double within 2 updates of the "
                       "step eta*y*x: |w0|inf 0 + 2 x eta 1e+308 x the largest |feature| 1"),
            std::string::npos)
      << error;
  EXPECT_NE(error.find("the step size chosen (the step scale eta the learner declares), not a "
                       "plugin fault"),
            std::string::npos)
      << error;
  EXPECT_EQ(error.find("made the weights non-finite"), std::string::npos) << error;
}

// The same eta for a plugin that writes inf at its first update: one step of eta*x fits in
// a double, so the step cannot explain it and the plugin is blamed.
TEST(TrustData, WeightsThatOneStepCannotOverflowStillBlameThePlugin) {
  const std::string error = failed_run_error(growing_step_config("inf_eta_weights"));
  EXPECT_NE(error.find("plugin 'inf_eta_weights' ("), std::string::npos) << error;
  EXPECT_NE(error.find(") made the weights non-finite in epoch 1"), std::string::npos) << error;
  EXPECT_EQ(error.find("overflowed a double"), std::string::npos) << error;
}

// ---- the report reads the data file again -------------------------------------------------

// A 2-D trajectory run on a CSV file, recorded without a report; `plab report` comes later.
struct TrajectoryRun {
  test::TempDir dir;
  fs::path data = dir.write("d.csv", "x1,x2,y\n1,1,a\n1,2,a\n0,0,b\n-1,0,b\n");
  fs::path out = dir / "out";
  TrajectoryRun() {
    const auto r = run_config(dir, R"({"name": "traj", "seed": 1,
    "dataset": {"kind": "csv", "path": ")" +
                                       data.string() +
                                       R"(", "label": "y", "positive": ["a"]},
    "learners": [{"name": "p", "plugin": "perceptron"}],
    "protocol": {"kind": "trajectory", "max_epochs": 100}})");
    EXPECT_EQ(r.exit_code, 0) << r.err;
  }
  test::ProcessResult report() const { return run_plab({"report", out.string()}); }
};

TEST(TrustData, TheReportDrawsTheDataFigureFromAnUnchangedFile) {
  const TrajectoryRun run;
  const auto r = run.report();
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.find("trajectory"), std::string::npos) << r.err;
  EXPECT_TRUE(fs::exists(run.out / "plots" / "trajectory.svg"));
}

// The same rows, shape and columns, different values: the figure would silently show other
// data than the runs saw. It is left out with a note; the rest of the report stands.
TEST(TrustData, TheReportLeavesOutTheDataFigureWhenTheFileChangedSinceTheRun) {
  const TrajectoryRun run;
  const std::string run_digest = sha256_file(run.data);
  run.dir.write("d.csv", "x1,x2,y\n5,1,a\n5,2,a\n0,3,b\n-1,3,b\n");
  const auto r = run.report();
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("plab: note: trajectory: data file '" + run.data.string() +
                       "' has changed since the run (SHA-256 of the bytes read now " +
                       sha256_file(run.data) + ", manifest " + run_digest + ")"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(run.out / "plots" / "trajectory.svg"));
  EXPECT_NE(test::read_file(run.out / "report.md")
                .find("Figure not drawn: trajectory: data file '" + run.data.string() +
                      "' has changed since the run"),
            std::string::npos);
}

// Every message above is in the troubleshooting table (docs/troubleshooting.md).
TEST(TrustData, EveryNewMessageIsInTheTroubleshootingTable) {
  const std::string table = test::troubleshooting_section();
  for (const char* text :
       {"would have no test rows", "the initial weights would not be finite",
        "the step eta*x overflows a double", "draws in a row", "changed while plab was reading it",
        "has changed since the interrupted run", "cannot be computed in double precision",
        "the weights overflowed a double within", "has changed since the run"}) {
    EXPECT_NE(table.find(text), std::string::npos)
        << "'" << text << "' is not in docs/troubleshooting.md";
  }
}

}  // namespace
}  // namespace plab

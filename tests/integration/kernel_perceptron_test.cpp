// The kernel perceptron through the real binary: its records carry the feature-space facts
// (kernel_R, kernel_separable, kernel_rho, kernel_rho_upper) and the kernel_novikoff bound,
// plab verify re-certifies them from the weights in the manifest, and an edit of either is a
// difference (docs/run-records.md, docs/verify.md).
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "results/folder/record_digest.hpp"
#include "support/folder_edit.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::edit_record;
using test::lines_of;
using test::run_plab;

// XOR on 8 points, a linear and a quadratic kernel perceptron, 2 repeats.
const fs::path& xor_folder() {
  static test::TempDir dir;
  static const fs::path out =
      test::run_into_folder(dir, R"({"name": "kxor", "seed": 5, "repeats": 2,
      "dataset": {"kind": "inline", "x": [[1, 1], [-1, -1], [1, -1], [-1, 1],
                                          [2, 2], [-2, -2], [2, -2], [-2, 2]],
                  "y": [1, 1, -1, -1, 1, 1, -1, -1]},
      "learners": [{"name": "p", "plugin": "perceptron"},
                   {"name": "k", "plugin": "kernel_perceptron",
                    "params": {"kernel": "polynomial", "degree": 2, "coef0": 1}}],
      "protocol": {"kind": "convergence", "max_epochs": 50, "order": "shuffle"}})");
  return out;
}

fs::path copy_of(const test::TempDir& dir) { return test::copy_to_tamper(xor_folder(), dir); }

bool kernel_learner(const boost::json::object& r) { return r.at("learner") == "k"; }

TEST(KernelPerceptronRecords, CarryTheFeatureSpaceFactsAndABoundThatHolds) {
  const fs::path& f = xor_folder();
  int kernel_runs = 0;
  for (const std::string& line : lines_of(f / "runs.jsonl")) {
    const boost::json::object r = boost::json::parse(line).as_object();
    EXPECT_EQ(r.at("separable"), false) << line;  // XOR: Gordan in the input space
    if (!kernel_learner(r)) {
      EXPECT_FALSE(r.contains("kernel_R")) << line;  // other learners' records are unchanged
      EXPECT_EQ(r.at("status"), "not_converged");
      continue;
    }
    ++kernel_runs;
    EXPECT_EQ(r.at("status"), "converged");
    EXPECT_EQ(r.at("kernel_separable"), true);
    EXPECT_EQ(r.at("bound_kind"), "kernel_novikoff");
    EXPECT_EQ(r.at("bound_holds"), true);
    const double rk = r.at("kernel_R").to_number<double>();
    const double rho = r.at("kernel_rho").to_number<double>();
    EXPECT_LE(rho, r.at("kernel_rho_upper").to_number<double>());
    EXPECT_NEAR(r.at("bound").to_number<double>(), rk * rk / (rho * rho),
                1e-9 * rk * rk / (rho * rho));
    EXPECT_LE(r.at("mistakes").to_number<double>(), r.at("bound").to_number<double>());
  }
  EXPECT_EQ(kernel_runs, 2);
  const auto v = run_plab({"verify", f.string()});
  EXPECT_EQ(v.exit_code, 0) << v.out << v.err;
}

TEST(KernelPerceptronRecords, ARaisedMarginIsADifference) {
  test::TempDir dir;
  const fs::path f = copy_of(dir);
  const std::size_t line = edit_record(f, kernel_learner, [](boost::json::object& r) {
    r["kernel_rho"] = r.at("kernel_rho").to_number<double>() * 2;
  });
  write_digest_chain(f);
  const auto v = run_plab({"verify", f.string()});
  EXPECT_EQ(v.exit_code, 1) << v.out << v.err;
  const std::string at = (f / "runs.jsonl").string() + ":" + std::to_string(line);
  EXPECT_NE(v.out.find(at + ": field 'kernel_rho': recorded "), std::string::npos) << v.out;
}

TEST(KernelPerceptronRecords, EditedSeparatorWeightsInTheManifestAreADifference) {
  test::TempDir dir;
  const fs::path f = copy_of(dir);
  boost::json::value m = boost::json::parse(test::read_file(f / "manifest.json"));
  boost::json::object& learner =
      m.at("points").as_array()[0].at("learners").as_array()[1].as_object();
  boost::json::array& weights = learner.at("kernel_theory").at("weights").as_array();
  ASSERT_GE(weights.size(), 2U);
  weights[0].as_array()[1] = 0.9;  // another hull point: another margin and norm
  std::ofstream(f / "manifest.json") << boost::json::serialize(m);
  const auto v = run_plab({"verify", f.string()});
  EXPECT_EQ(v.exit_code, 1) << v.out << v.err;
  EXPECT_NE(v.out.find("kernel_theory/rho"), std::string::npos) << v.out;
}

TEST(KernelPerceptronDescribe, NamesTheKernelFormAndItsParams) {
  const auto r = run_plab({"describe", "kernel_perceptron"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  for (const char* text : {"kernel_novikoff", "cache_mb", "polynomial", "rbf", "gamma"}) {
    EXPECT_NE(r.out.find(text), std::string::npos) << text << "\n" << r.out;
  }
}

// Parity of three bits: the quadratic kernel's feature space cannot separate it, and the
// manifest carries the exact proof (weights in its monomial coordinates); the cubic one can.
TEST(KernelPerceptronRecords, ParityIsProvedInseparableForTheQuadraticKernelAndVerifyRechecksIt) {
  test::TempDir dir;
  const fs::path out = test::run_into_folder(dir, R"({"name": "parity", "seed": 1, "repeats": 2,
    "dataset": {"kind": "inline",
      "x": [[1,1,1],[1,1,-1],[1,-1,1],[1,-1,-1],[-1,1,1],[-1,1,-1],[-1,-1,1],[-1,-1,-1]],
      "y": [1,-1,-1,1,-1,1,1,-1]},
    "learners": [{"name": "quadratic", "plugin": "kernel_perceptron",
                  "params": {"kernel": "polynomial", "degree": 2}},
                 {"name": "cubic", "plugin": "kernel_perceptron",
                  "params": {"kernel": "polynomial", "degree": 3}}],
    "protocol": {"kind": "convergence", "max_epochs": 30, "order": "shuffle"}})");
  for (const std::string& line : lines_of(out / "runs.jsonl")) {
    const boost::json::object r = boost::json::parse(line).as_object();
    const bool quadratic = r.at("learner") == "quadratic";
    EXPECT_EQ(r.at("kernel_separable"), !quadratic) << line;
    EXPECT_EQ(r.at("status"), quadratic ? "not_converged" : "converged") << line;
    EXPECT_EQ(r.at("bound_applies"), !quadratic) << line;
  }
  const auto manifest = boost::json::parse(test::read_file(out / "manifest.json")).as_object();
  const auto& theory =
      manifest.at("points").as_array().at(0).at("learners").as_array().at(0).at("kernel_theory");
  EXPECT_EQ(theory.at("method"), "monomial_gordan");
  EXPECT_EQ(theory.at("weights").as_array().size(), 8u);
  EXPECT_EQ(run_plab({"verify", out.string()}).exit_code, 0);
  // Forged weights over two rows prove nothing: verify says so.
  test::edit_manifest(out, [](boost::json::object& m) {
    m.at("points")
        .as_array()
        .at(0)
        .at("learners")
        .as_array()
        .at(0)
        .at("kernel_theory")
        .as_object()["weights"] =
        boost::json::array{boost::json::array{0, 0.5}, boost::json::array{1, 0.5}};
  });
  std::filesystem::remove(out / "verify.json");
  const auto v = run_plab({"verify", out.string()});
  EXPECT_EQ(v.exit_code, 1) << v.out << v.err;
  EXPECT_NE(v.out.find("kernel_theory/weights"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("no proof"), std::string::npos) << v.out;
}

// The summary speaks of the quantities each learner's theorem uses: R_K and ρ_K for the kernel
// learner (marked "geometry": "kernel", "K" in the table), R and ρ for the linear one.
TEST(KernelPerceptronRecords, TheSummaryShowsTheFeatureSpaceRadiusAndMargin) {
  const fs::path& f = xor_folder();
  const auto summary = boost::json::parse(test::read_file(f / "summary.json")).as_object();
  const boost::json::object* linear = nullptr;
  const boost::json::object* kernel = nullptr;
  for (const auto& g : summary.at("groups").as_array()) {
    (g.at("learner") == "k" ? kernel : linear) = &g.as_object();
  }
  ASSERT_TRUE(linear != nullptr && kernel != nullptr);
  EXPECT_FALSE(linear->contains("geometry"));
  EXPECT_EQ(kernel->at("geometry"), "kernel");
  const boost::json::object r =
      boost::json::parse(lines_of(f / "runs.jsonl").back()).as_object();  // a "k" record
  ASSERT_EQ(r.at("learner"), "k");
  EXPECT_EQ(kernel->at("R"), r.at("kernel_R"));
  EXPECT_EQ(kernel->at("rho"), r.at("kernel_rho"));
  EXPECT_EQ(linear->at("R"), r.at("R"));
  test::TempDir dir;
  const auto table = run_plab({"run", (f.parent_path() / "config.json").string(), "--out",
                               (dir / "o").string(), "--no-report"});
  EXPECT_NE(table.out.find("R, rho marked K: in the kernel's feature space"), std::string::npos)
      << table.out;
}

// A kernel whose K(x,x) overflows a double: R_K is written null (no bound is claimed), verify
// recomputes the same overflow and agrees; training on scores that overflow fails the run with
// its reason instead of counting mistakes no theorem speaks of.
std::string overflowing_kernel(const std::string& coef0) {
  return R"({"name": "big", "seed": 1, "repeats": 2,
    "dataset": {"kind": "inline", "x": [[0,0],[1,1],[0,1],[1,0]], "y": [1,1,-1,-1]},
    "learners": [{"plugin": "kernel_perceptron",
                  "params": {"kernel": "polynomial", "degree": 2, "coef0": )" +
         coef0 + R"(}}],
    "protocol": {"kind": "convergence", "max_epochs": 50}})";
}

TEST(KernelPerceptronRecords, AnOverflowingKernelFailsItsRunsAndVerifyAgreesWithTheRecords) {
  for (const char* coef0 : {"1e200", "3e153"}) {
    test::TempDir dir;
    const fs::path out = dir / "o";
    const auto r = run_plab({"run", dir.write("c.json", overflowing_kernel(coef0)).string(),
                             "--out", out.string(), "--no-report", "--quiet"});
    EXPECT_EQ(r.exit_code, 3) << coef0 << r.err;  // docs/exit-codes.md: a run failed in its plugin
    for (const std::string& line : lines_of(out / "runs.jsonl")) {
      const boost::json::object rec = boost::json::parse(line).as_object();
      EXPECT_EQ(rec.at("status"), "failed") << line;
      EXPECT_NE(std::string(rec.at("error").as_string()).find("overflow in K"), std::string::npos)
          << line;
      // (1e200)^2 overflows: R_K is null; (3e153)^2 = 9e306 does not, the sums do.
      EXPECT_EQ(rec.at("kernel_R").is_null(), std::string(coef0) == "1e200") << line;
    }
    const auto v = run_plab({"verify", out.string()});
    EXPECT_EQ(v.exit_code, 0) << coef0 << v.out << v.err;
  }
}

// A group whose runs all failed has no mistakes, epochs or training error to summarise: the
// table prints "-" and summary.json null (both printed 0, a count no run made).
TEST(KernelPerceptronRecords, TheSummaryOfAGroupWhoseRunsAllFailedCountsNothing) {
  test::TempDir dir;
  const fs::path out = dir / "o";
  const auto r = run_plab({"run", dir.write("c.json", overflowing_kernel("1e200")).string(),
                           "--out", out.string(), "--no-report"});
  EXPECT_EQ(r.exit_code, 3) << r.err;
  const auto summary = boost::json::parse(test::read_file(out / "summary.json")).as_object();
  const boost::json::object& group = summary.at("groups").as_array().at(0).as_object();
  EXPECT_EQ(group.at("failed"), 2) << group;
  EXPECT_TRUE(group.at("mistakes").is_null()) << group;
  EXPECT_TRUE(group.at("epochs").is_null()) << group;
  EXPECT_TRUE(group.at("train_error_mean").is_null()) << group;
  // runs, converged (2 failed), then mistakes med, mean, max, epochs med, train err.
  EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(2 failed\)\s+-\s+-\s+-\s+-\s+-\s)"))) << r.out;
  const std::string csv = test::read_file(out / "summary.csv");
  const std::string row = csv.substr(csv.find('\n') + 1);
  // failed 2; 7 empty mistakes/epochs cells and an empty training error; R null (overflow).
  EXPECT_NE(row.find(",2,,,,,,,,,null,"), std::string::npos) << csv;
  const auto report = run_plab({"report", out.string()});
  EXPECT_EQ(report.exit_code, 0) << report.err;
  EXPECT_NE(test::read_file(out / "report.md").find("| 2 | 0 (2 failed) | - | - | - |"),
            std::string::npos)
      << test::read_file(out / "report.md");
}

// Held-out rows are scored against the training rows' dual model: with the linear kernel
// on integer data (every sum exact) each split's test error is the linear perceptron's.
// (Before, a held-out row i was scored as if it were training row i.)
TEST(KernelPerceptronRecords, HeldOutErrorsOfTheLinearKernelAreThePerceptrons) {
  test::TempDir dir;
  const fs::path out = test::run_into_folder(dir, R"({"name": "held", "seed": 3, "repeats": 6,
    "dataset": {"kind": "inline",
      "x": [[3,1],[2,4],[5,2],[1,5],[4,4],[6,1],[2,2],[-1,3],[0,5],[-3,1],[-2,-4],[-5,-2],
            [-1,-5],[-4,-4],[-6,-1],[-2,-2],[1,-3],[0,-5],[3,-1],[-2,1]],
      "y": [1,1,1,1,1,1,1,1,1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,1]},
    "learners": [{"name": "p", "plugin": "perceptron"},
                 {"name": "k", "plugin": "kernel_perceptron"}],
    "protocol": {"kind": "holdout", "test_fraction": 0.4, "max_epochs": 30}})");
  std::map<std::uint64_t, std::string> linear;
  std::size_t compared = 0;
  bool some_error = false;
  for (const std::string& line : lines_of(out / "runs.jsonl")) {
    const boost::json::object r = boost::json::parse(line).as_object();
    const std::uint64_t repeat = r.at("repeat").to_number<std::uint64_t>();
    const std::string test_error = boost::json::serialize(r.at("test_error"));
    if (r.at("learner") == "p") {
      linear[repeat] = test_error;
      some_error = some_error || r.at("test_error").to_number<double>() > 0;
    } else {
      ASSERT_TRUE(linear.count(repeat)) << line;
      EXPECT_EQ(test_error, linear[repeat]) << "repeat " << repeat;
      ++compared;
    }
  }
  EXPECT_EQ(compared, 6u);
  EXPECT_TRUE(some_error);  // the comparison is not only of zeros
}

// Held-out rows are scored too: a test row whose score overflows (inf - inf = NaN would read
// as "correct") fails its run, as a training row's does. Repeat k holds fold k out, and each
// fold either trains or tests on the row of 1e17.
TEST(KernelPerceptronRecords, AnOverflowingHeldOutScoreFailsTheRunToo) {
  test::TempDir dir;
  const fs::path out = dir / "o";
  const auto r = run_plab({"run",
                           dir.write("c.json", R"({"name": "held", "seed": 1, "repeats": 3,
    "dataset": {"kind": "inline", "x": [[1],[2],[3],[4],[5],[6],[-1],[-2],[-3],[-4],[-5],[-6],
                                        [1e17]],
                "y": [1,1,1,1,1,1,-1,-1,-1,-1,-1,-1,-1]},
    "learners": [{"plugin": "kernel_perceptron",
                  "params": {"kernel": "polynomial", "degree": 20}}],
    "protocol": {"kind": "holdout", "folds": 3, "max_epochs": 50}})")
                               .string(),
                           "--out", out.string(), "--no-report", "--quiet"});
  EXPECT_EQ(r.exit_code, 3) << r.err;
  const auto lines = lines_of(out / "runs.jsonl");
  ASSERT_EQ(lines.size(), 3u);
  for (const std::string& line : lines) {
    const boost::json::object rec = boost::json::parse(line).as_object();
    EXPECT_EQ(rec.at("status"), "failed") << line;
    EXPECT_NE(std::string(rec.at("error").as_string()).find("overflow in K"), std::string::npos)
        << line;
  }
}

// A cache too small for one row recomputes every kernel row: the records say so in
// cached_kernel_rows alone, and every other byte of runs.jsonl is the default cache's.
TEST(KernelPerceptronRecords, ASmallerCacheChangesOnlyCachedKernelRows) {
  test::TempDir dir;
  const fs::path config = dir.write("k.json", R"({"name": "kcache", "seed": 3, "repeats": 3,
      "dataset": {"kind": "inline", "x": [[1, 1], [-1, -1], [1, -1], [-1, 1], [2, 2], [-2, -2],
                                          [2, -2], [-2, 2], [3, 1], [-3, -1], [1, -3], [-1, 3]],
                  "y": [1, 1, -1, -1, 1, 1, -1, -1, 1, 1, -1, -1]},
      "learners": [{"name": "k", "plugin": "kernel_perceptron",
                    "params": {"kernel": "rbf", "gamma": 0.5}}],
      "protocol": {"kind": "convergence", "max_epochs": 20, "order": "shuffle"}})");
  std::vector<std::string> runs;
  for (const char* cache : {"256", "0"}) {
    const fs::path out = dir / (std::string("o") + cache);
    const auto r = run_plab({"run", config.string(), "--set",
                             std::string("/learners/0/params/cache_mb=") + cache, "--out",
                             out.string(), "--no-report", "--quiet"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    runs.push_back(test::read_file(out / "runs.jsonl"));
  }
  const std::regex field(R"("cached_kernel_rows":([0-9.e+-]+))");
  const auto values = [&](const std::string& text) {
    std::vector<double> v;
    for (std::sregex_iterator i(text.begin(), text.end(), field), end; i != end; ++i)
      v.push_back(std::stod((*i)[1].str()));
    return v;
  };
  const std::vector<double> full = values(runs[0]);
  const std::vector<double> none = values(runs[1]);
  ASSERT_EQ(full.size(), 3u) << runs[0];
  ASSERT_EQ(none.size(), 3u) << runs[1];
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_GT(full[i], 0.0);
    EXPECT_EQ(none[i], 0.0);
  }
  EXPECT_NE(runs[0], runs[1]);
  EXPECT_EQ(std::regex_replace(runs[0], field, "\"cached_kernel_rows\":_"),
            std::regex_replace(runs[1], field, "\"cached_kernel_rows\":_"));
}

}  // namespace
}  // namespace plab

// The margin oracle through the real binary: "not separable"
// only with an exact certificate, no solver can abort plab, and a decided point does not
// keep the slow solvers running; a spent time budget leaves the point undecided.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <fstream>

#include "support/oracle_theory.hpp"
#include "support/process.hpp"
#include "support/records.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::run_plab;

const std::string kIris = std::string(PLAB_SOURCE_DIR) + "/data/iris.csv";

// A config on inline data `x` (JSON rows) with labels `y` (JSON array).
std::string inline_config(const std::string& x, const std::string& y,
                          const std::string& learner = "perceptron",
                          const std::string& theory = R"({"margin": "svm"})") {
  return R"({"name": "oracle", "seed": 1, "repeats": 1,
    "dataset": {"kind": "inline", "x": )" +
         x + R"(, "y": )" + y + R"(},
    "learners": [{"name": "l", "plugin": ")" +
         learner + R"("}], "theory": )" + theory + R"(,
    "protocol": {"kind": "convergence", "max_epochs": 5}})";
}

struct Outcome {
  test::ProcessResult process;
  boost::json::object theory;  // points[0].theory of the manifest
  std::vector<boost::json::object> runs;
};

Outcome run_config(const test::TempDir& dir, const std::string& config) {
  dir.write("c.json", config);
  Outcome o;
  o.process =
      run_plab({"run", (dir / "c.json").string(), "--out", (dir / "out").string(), "--no-report"});
  if (!fs::exists(dir / "out" / "manifest.json")) return o;
  const auto manifest = boost::json::parse(read_file(dir / "out" / "manifest.json")).as_object();
  o.theory = manifest.at("points").as_array().at(0).as_object().at("theory").as_object();
  o.runs = test::records(dir / "out" / "runs.jsonl");
  return o;
}

using test::note_of;
using test::reason_of;

// Item 6: rho* = 3.5e-13 > 0, far below what floating point can resolve here. Before, plab
// said "separable": false ("Gordan's alternative") from a residual of 3.5e-13. Now the
// exact nearest point of the two certifies the margin (null would also be honest).
TEST(TrustOracle, ASeparableSetBelowRoundingIsNeverCalledNotSeparable) {
  test::TempDir dir;
  const Outcome o = run_config(dir, inline_config("[[1], [0.999999999999]]", "[1, -1]"));
  ASSERT_EQ(o.process.exit_code, 0) << o.process.err;
  const auto& separable = o.theory.at("separable");
  ASSERT_FALSE(separable.is_bool() && !separable.as_bool()) << reason_of(o.theory);
  EXPECT_FALSE(o.theory.contains("non_separability_certificate"));
  if (separable.is_null()) {
    EXPECT_NE(reason_of(o.theory).find("undecided"), std::string::npos) << reason_of(o.theory);
  } else {
    // Certified: the bracket holds rho* = 3.535455693842074e-13 (exact, from the rationals).
    constexpr double kRhoStar = 3.535455693842074e-13;
    EXPECT_LE(o.theory.at("rho").to_number<double>(), kRhoStar);
    EXPECT_GT(o.theory.at("rho").to_number<double>(), 0.99 * kRhoStar);
    EXPECT_GE(o.theory.at("rho_upper").to_number<double>(), kRhoStar);
  }
  ASSERT_EQ(o.runs.size(), 1u);
  EXPECT_EQ(o.runs[0].at("separable"), o.theory.at("separable"));
  EXPECT_EQ(o.runs[0].at("bound_applies"), separable.is_bool());  // null: no bound applied
}

// The clear cases keep their certificate, now checked exactly, and the slower methods are
// skipped once it is proved.
TEST(TrustOracle, XorAndIrisVersicolorVirginicaAreProvedNotSeparableExactly) {
  {
    test::TempDir dir;
    const Outcome o =
        run_config(dir, inline_config("[[0, 0], [1, 1], [1, 0], [0, 1]]", "[-1, -1, 1, 1]"));
    ASSERT_EQ(o.process.exit_code, 0) << o.process.err;
    ASSERT_TRUE(o.theory.at("separable").is_bool()) << reason_of(o.theory);
    EXPECT_FALSE(o.theory.at("separable").as_bool());
    EXPECT_NE(reason_of(o.theory).find("exactly 0, checked in rational arithmetic"),
              std::string::npos)
        << reason_of(o.theory);
    EXPECT_EQ(note_of(o.theory, "lp"), "skipped: non-separability is already proved");
    // Each weight is 1/4: the rounded weights are exact here.
    const auto& cert = o.theory.at("non_separability_certificate").as_object();
    for (const auto& w : cert.at("weights").as_array()) {
      EXPECT_EQ(w.as_array().at(1).to_number<double>(), 0.25);
    }
    EXPECT_EQ(cert.at("hull_residual").to_number<double>(), 0.0);
  }
  {
    test::TempDir dir;
    const Outcome o = run_config(dir, R"({"name": "vv", "seed": 1, "repeats": 1,
      "dataset": {"kind": "csv", "path": ")" +
                                          kIris +
                                          R"(", "label": "species",
                  "keep_classes": ["versicolor", "virginica"], "positive": ["virginica"]},
      "learners": [{"name": "p", "plugin": "perceptron"}],
      "protocol": {"kind": "convergence", "max_epochs": 5}})");
    ASSERT_EQ(o.process.exit_code, 0) << o.process.err;
    ASSERT_TRUE(o.theory.at("separable").is_bool()) << reason_of(o.theory);
    EXPECT_FALSE(o.theory.at("separable").as_bool());
    EXPECT_NE(reason_of(o.theory).find("checked in rational arithmetic"), std::string::npos);
  }
}

// Item 9: before, GLPK called abort() on this data (exit 134, nothing on stderr). The
// hull method cannot square 1e160; it says so, and the scaled solvers still certify.
TEST(TrustOracle, AFeatureOf1e160DoesNotAbortAndTheFailingMethodIsNamed) {
  test::TempDir dir;
  const Outcome o =
      run_config(dir, inline_config("[[1e160], [-1e160]]", "[1, -1]", "pocket_perceptron"));
  ASSERT_EQ(o.process.exit_code, 0) << o.process.err;
  EXPECT_EQ(note_of(o.theory, "nearest_hull_point").rfind("method failed: ", 0), 0u)
      << note_of(o.theory, "nearest_hull_point");
  ASSERT_TRUE(o.theory.at("separable").is_bool()) << reason_of(o.theory);
  EXPECT_TRUE(o.theory.at("separable").as_bool());  // x = ±1e160: separable, certified
  EXPECT_GT(o.theory.at("rho").to_number<double>(), 0.0);
}

// A GLPK fatal error that column scaling does not prevent (a subnormal next to 1): its error
// hook turns it into the method's failure. Before: abort(), exit 134.
TEST(TrustOracle, AGlpkErrorIsAMethodFailureNotAnAbort) {
  test::TempDir dir;
  const Outcome o = run_config(dir, inline_config("[[1, 5e-324], [1e-300, 1]]", "[1, -1]"));
  ASSERT_EQ(o.process.exit_code, 0) << o.process.err;
  EXPECT_EQ(note_of(o.theory, "lp").rfind("method failed: GLPK stopped with an error: ", 0), 0u)
      << note_of(o.theory, "lp");
  ASSERT_TRUE(o.theory.at("separable").is_bool()) << reason_of(o.theory);
  EXPECT_TRUE(o.theory.at("separable").as_bool());  // the other methods certify it
}

// Item 10: 200 classes of 2 rows. Before, Crammer-Singer ran for 434 s after the nearest hull
// point had found non-separability in 0.02 s.
TEST(TrustOracle, TwoHundredClassesOfTwoRowsFinishFast) {
  std::string x = "[";
  std::string y = "[";
  std::uint64_t state = 12345;
  auto next = [&state] {  // a fixed LCG: the same data on every machine
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>((state >> 33) % 2001) / 1000.0 - 1.0;
  };
  for (int c = 0; c < 200; ++c) {
    for (int r = 0; r < 2; ++r) {
      if (x.size() > 1) {
        x += ",";
        y += ",";
      }
      x += "[" + std::to_string(next()) + "," + std::to_string(next()) + "]";
      y += "\"c" + std::to_string(c) + "\"";
    }
  }
  x += "]";
  y += "]";
  test::TempDir dir;
  const auto start = std::chrono::steady_clock::now();
  const Outcome o = run_config(dir, inline_config(x, y, "multiclass_perceptron"));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(o.process.exit_code, 0) << o.process.err;
  EXPECT_LT(seconds, 30.0);
  ASSERT_TRUE(o.theory.at("separable").is_bool()) << reason_of(o.theory);
  EXPECT_FALSE(o.theory.at("separable").as_bool());
  EXPECT_EQ(note_of(o.theory, "liblinear"), "skipped: non-separability is already proved");
}

// Item 10: a spent budget is "undecided" with that reason, never a verdict.
TEST(TrustOracle, ASpentBudgetLeavesThePointUndecided) {
  test::TempDir dir;
  const Outcome o = run_config(dir, R"({"name": "vv", "seed": 1, "repeats": 1,
      "dataset": {"kind": "csv", "path": ")" +
                                        kIris +
                                        R"(", "label": "species",
                  "keep_classes": ["versicolor", "virginica"], "positive": ["virginica"]},
      "learners": [{"name": "p", "plugin": "perceptron"}],
      "theory": {"margin": "svm", "oracle_seconds": 1e-9},
      "protocol": {"kind": "convergence", "max_epochs": 5}})");
  ASSERT_EQ(o.process.exit_code, 0) << o.process.err;
  EXPECT_TRUE(o.theory.at("separable").is_null()) << reason_of(o.theory);
  EXPECT_NE(reason_of(o.theory).find(
                "undecided: the oracle's clock limit of 1e-09 s (theory.oracle_seconds) stopped "),
            std::string::npos)
      << reason_of(o.theory);
  EXPECT_EQ(note_of(o.theory, "liblinear").rfind("skipped: the oracle's clock limit of 1e-09 s", 0),
            0u);
  ASSERT_EQ(o.runs.size(), 1u);
  EXPECT_TRUE(o.runs[0].at("separable").is_null());
  EXPECT_FALSE(o.runs[0].at("bound_applies").as_bool());
}

TEST(TrustOracle, ANonPositiveBudgetIsRefused) {
  test::TempDir dir;
  const Outcome o = run_config(dir, inline_config("[[1], [-1]]", "[1, -1]", "perceptron",
                                                  R"({"margin": "svm", "oracle_seconds": 0})"));
  EXPECT_EQ(o.process.exit_code, 2);
  EXPECT_NE(o.process.err.find("/theory/oracle_seconds: must be a positive number of seconds"),
            std::string::npos)
      << o.process.err;
  EXPECT_FALSE(fs::exists(dir / "out"));
}

}  // namespace
}  // namespace plab

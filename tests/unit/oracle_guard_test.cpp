// The margin oracle's guards: the exact non-separability check, solvers that fail
// instead of aborting, norms that neither overflow nor underflow into a wrong margin, the
// time budget, and the notice for slow methods.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <numbers>
#include <thread>

#include "support/binary_rows.hpp"
#include "theory/exact_gordan.hpp"
#include "theory/margin_oracle.hpp"
#include "theory/oracle_progress.hpp"
#include "theory/point_set.hpp"
#include "theory/separator_solvers.hpp"

namespace plab {
namespace {

using test::binary_rows;

// The exact check with no limit but a signal.
ExactGordan prove(const PointSet& points,
                  const std::vector<std::pair<std::size_t, double>>& guess) {
  WorkLimit unlimited;
  return prove_origin_in_hull(points, guess, unlimited);
}

TEST(ExactGordan, ProvesXorWithWeightsOneQuarter) {
  // Augmented XOR: Σ yᵢx̃ᵢ = 0 with every weight 1/4.
  const Dataset d = binary_rows({{1, 0, 0}, {1, 1, 1}, {1, 1, 0}, {1, 0, 1}}, {-1, -1, 1, 1});
  const PointSet points(d);
  // Weights off by rounding-sized amounts: the exact solution is found anyway.
  const ExactGordan g = prove(points, {{0, 0.25}, {1, 0.25 + 1e-13}, {2, 0.25}, {3, 0.25}});
  ASSERT_TRUE(g.proved) << g.detail;
  ASSERT_EQ(g.weights.size(), 4u);
  for (const auto& w : g.weights) EXPECT_EQ(w.second, 0.25);
}

TEST(ExactGordan, RefusesASmallResidualThatIsNotZero) {
  // x = 1 (+1) and x = 0.999999999999 (−1): separable, although the midpoint of the two
  // points lies 3.5e-13 from the origin.
  const Dataset d = binary_rows({{1, 1}, {1, 0.999999999999}}, {+1, -1});
  const ExactGordan g = prove(PointSet(d), {{0, 0.5}, {1, 0.5}});
  EXPECT_FALSE(g.proved);
  EXPECT_NE(g.detail.find("not exactly a combination"), std::string::npos) << g.detail;
}

TEST(ExactGordan, RefusesACombinationThatNeedsANegativeWeight) {
  // z₁ = (1, 0), z₂ = (2, 0): z₁ − ½z₂ = 0 needs a negative weight; the origin is not in
  // their hull (u = (1, 0) separates them).
  const Dataset d = binary_rows({{1, 0}, {2, 0}}, {+1, +1});
  const ExactGordan g = prove(PointSet(d), {{0, 0.5}, {1, 0.5}});
  EXPECT_FALSE(g.proved);
}

TEST(ExactGordan, StopsAtItsWorkBudget) {
  const Dataset d = binary_rows({{1, 0, 0}, {1, 1, 1}, {1, 1, 0}, {1, 0, 1}}, {-1, -1, 1, 1});
  const std::vector<std::pair<std::size_t, double>> guess{
      {0, 0.25}, {1, 0.25}, {2, 0.25}, {3, 0.25}};
  WorkLimit tiny(std::nullopt, 3);  // fewer operations than the elimination's first row
  const ExactGordan g = prove_origin_in_hull(PointSet(d), guess, tiny);
  EXPECT_FALSE(g.proved);
  EXPECT_EQ(tiny.stop(), WorkLimit::Stop::kWork);
  EXPECT_NE(g.detail.find("reached its work budget (theory.oracle_work)"), std::string::npos)
      << g.detail;
  // The budget the proof needs: the same proof, with the work it counted.
  WorkLimit enough(std::nullopt, 1000);
  EXPECT_TRUE(prove_origin_in_hull(PointSet(d), guess, enough).proved);
  EXPECT_FALSE(enough.was_reached());
}

TEST(ColumnScales, OnlyColumnsOutsideTwoToThePlusMinus40ArePowersOfTwo) {
  const Dataset d = binary_rows({{1, 1e160, 1e-200, 0}, {-3, 2, 0, 0}}, {+1, -1});
  const std::vector<double> s = column_scales(d);
  ASSERT_EQ(s.size(), 4u);
  EXPECT_EQ(s[0], 1.0);
  EXPECT_EQ(s[3], 1.0);
  for (std::size_t j : {1u, 2u}) {
    int e = 0;
    EXPECT_EQ(std::frexp(s[j], &e), 0.5) << j;  // a power of two
  }
  EXPECT_GE(1e160 * s[1], 0.5);
  EXPECT_LT(1e160 * s[1], 1.0);
  EXPECT_GE(1e-200 * s[2], 0.5);
  EXPECT_LT(1e-200 * s[2], 1.0);
}

TEST(SeparatorSolvers, AGlpkFatalErrorComesBackAsAFailure) {
  const Dataset d = binary_rows({{1, 5e-324}, {1e-300, 1}}, {+1, -1});
  const SolverOutcome lp = lp_separator(d, kDefaultOracleWork, 5.0);
  EXPECT_FALSE(lp.candidate);
  EXPECT_NE(lp.failure.find("GLPK stopped with an error"), std::string::npos) << lp.failure;
  // GLPK works again afterwards (its environment was freed and is made anew).
  const SolverOutcome again =
      lp_separator(binary_rows({{1, 1}, {1, -1}}, {+1, -1}), kDefaultOracleWork, 5.0);
  EXPECT_TRUE(again.candidate) << again.failure;
}

TEST(SeparatorSolvers, TheLpLeavesAnEmptyColumnOutOfItsSeparator) {
  // Column 1 holds no value: its u_j meets no constraint. Left in the LP, GLPK put it at a
  // bound (±1) and lengthened u, halving the certified margin here (and on a set declared
  // 4,000,000 features wide, shrinking it a thousandfold and taking 1 GB).
  const Dataset narrow = binary_rows({{1, 2}, {1, -2}, {1, 3}}, {+1, -1, +1});
  const Dataset wide = binary_rows({{1, 0, 2}, {1, 0, -2}, {1, 0, 3}}, {+1, -1, +1});
  const SolverOutcome a = lp_separator(narrow, kDefaultOracleWork, 5.0);
  const SolverOutcome b = lp_separator(wide, kDefaultOracleWork, 5.0);
  ASSERT_TRUE(a.candidate && b.candidate) << a.failure << b.failure;
  ASSERT_EQ(b.candidate->u.size(), 3U);
  EXPECT_EQ(b.candidate->u[1], 0.0);
  EXPECT_EQ(b.candidate->u[0], a.candidate->u[0]);
  EXPECT_EQ(b.candidate->u[2], a.candidate->u[1]);
  std::vector<double> ua = a.candidate->u;
  std::vector<double> ub = b.candidate->u;
  const auto ca = certify_separator(narrow, ua);
  const auto cb = certify_separator(wide, ub);
  ASSERT_TRUE(ca && cb);
  EXPECT_DOUBLE_EQ(cb->rho, ca->rho);  // the norm sums in another grouping: last bits differ
}

TEST(SeparatorSolvers, HugeValuesAreScaledForEverySolver) {
  const Dataset d = binary_rows({{1, 1e160}, {1, -1e160}}, {+1, -1});
  for (const SolverOutcome& c :
       {lp_separator(d, kDefaultOracleWork, 5.0), liblinear_separator(d, 1e6, 1e-6, 30.0)}) {
    ASSERT_TRUE(c.candidate) << c.failure;
    std::vector<double> u = c.candidate->u;
    EXPECT_TRUE(certify_separator(d, u)) << c.candidate->note;
  }
}

TEST(SeparatorSolvers, LiblinearIsStoppedAtItsTimeLimit) {
  // 200 classes of 2 points around the unit circle (augmented): Crammer–Singer needs far
  // longer than 50 ms here; train() itself cannot be interrupted, its child process can.
  std::vector<double> values;
  std::vector<std::int32_t> labels;
  std::vector<std::string> classes;
  for (int c = 0; c < 200; ++c) {
    classes.push_back("c" + std::to_string(c));
    for (double d : {-0.2, 0.2}) {
      const double t = 2 * std::numbers::pi * (c + d) / 200;
      values.insert(values.end(), {std::cos(t), std::sin(t)});
      labels.push_back(c);
    }
  }
  const Dataset d(values, 400, 2, true, TaskKind::kMulticlass, labels, classes, {"a", "b"});
  const auto start = std::chrono::steady_clock::now();
  const SolverOutcome c = liblinear_separator(d, 1e6, 1e-6, 0.05);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_TRUE(c.timed_out);
  EXPECT_FALSE(c.candidate);
  EXPECT_NE(c.failure.find("time limit"), std::string::npos) << c.failure;
  EXPECT_LT(seconds, 2.0);
}

TEST(CertifySeparator, ATinyVectorKeepsItsTrueMargin) {
  // ‖u‖² = 2e-340 underflows: a plain norm would be about 1e-170 too small or zero and the
  // margin γ/‖u‖ far too large.
  const Dataset d = binary_rows({{1, 0}, {0, 1}}, {+1, +1});
  std::vector<double> u{1e-170, 1e-170};
  const auto m = certify_separator(d, u);
  ASSERT_TRUE(m);
  EXPECT_LE(m->rho, 1 / std::numbers::sqrt2);
  EXPECT_NEAR(m->rho, 1 / std::numbers::sqrt2, 1e-12);
}

TEST(MarginOracle, AZeroBudgetDecidesNothingItHasNotProved) {
  // Iris-like overlap in 1-D: x = 0, 2 (+1) and x = 1 (−1) are not separable.
  const Dataset d = binary_rows({{1, 0}, {1, 2}, {1, 1}}, {+1, +1, -1});
  OracleRequest r;
  r.budget_seconds = 0.0;
  const MarginCertificate m = find_margin(d, r);
  if (m.separable.has_value()) {
    EXPECT_FALSE(*m.separable);  // proved before the budget mattered, never a wrong true
  } else {
    EXPECT_EQ(
        m.reason.rfind("undecided: the oracle's clock limit of 0 s (theory.oracle_seconds)", 0), 0u)
        << m.reason;
  }
  for (const auto& method : m.methods) {
    if (method.name != "nearest_hull_point") {
      EXPECT_EQ(method.note.rfind("skipped: ", 0), 0u) << method.note;
    }
  }
}

TEST(SlowMethodNotice, PrintsOnlyForWhatTakesOverASecond) {
  SlowMethodNotice::enable(true);
  testing::internal::CaptureStderr();
  { const SlowMethodNotice quick("quick method"); }
  {
    const SlowMethodNotice slow("slow method is still working");
    std::this_thread::sleep_for(std::chrono::milliseconds(1300));
  }
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(err, "plab: slow method is still working\n");
}

}  // namespace
}  // namespace plab

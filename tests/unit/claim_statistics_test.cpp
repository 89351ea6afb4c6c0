// The statistics behind fit and comparison claims against computations done independently:
// the t distribution with 2 degrees of freedom has the closed form P(|T| > t) =
// 1 − t/√(2 + t²) and the 97.5% quantile √(2·0.95²/(1 − 0.95²)); the 39-degree values were
// integrated numerically (Simpson's rule on the incomplete beta integral, in Python, 10⁵ and
// 4·10⁵ steps agreeing to 1e-14); the signed-rank test's normal approximation is written out
// with erfc.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "analysis/claims.hpp"
#include "analysis/paired_t_test.hpp"

namespace plab {
namespace {

namespace json = boost::json;

TEST(PairedTTest, PlainAndCorrectedMatchTheClosedFormForTwoDegreesOfFreedom) {
  // d = 1, 2, 6: mean 3, s² = 7. Plain: t² = 9/(7/3) = 27/7, p = 1 − √(27/41).
  const PairedTTest plain = paired_t_test({1, 2, 6});
  EXPECT_DOUBLE_EQ(plain.mean, 3.0);
  EXPECT_DOUBLE_EQ(plain.sd * plain.sd, 7.0);
  EXPECT_DOUBLE_EQ(plain.df, 2.0);
  EXPECT_NEAR(plain.t, std::sqrt(27.0 / 7.0), 1e-12);
  EXPECT_NEAR(plain.p_value, 1.0 - std::sqrt(27.0 / 41.0), 1e-12);
  // n_test/n_train = 1/2 (a third held out, or 3-fold cross-validation once: J = 3 = r·k):
  // factor 1/3 + 1/2 = 5/6, t² = 9/(7·5/6) = 54/35, p = 1 − √(54/124).
  const PairedTTest corrected = corrected_paired_t_test({1, 2, 6}, 0.5);
  EXPECT_DOUBLE_EQ(corrected.variance_factor, 1.0 / 3.0 + 0.5);
  EXPECT_NEAR(corrected.t, std::sqrt(54.0 / 35.0), 1e-12);
  EXPECT_NEAR(corrected.p_value, 1.0 - std::sqrt(54.0 / 124.0), 1e-12);
}

// 40 holdout splits with 30 test rows, as in pocket_vs_averaged: 15 splits where the averaged
// perceptron misclassifies one test row fewer, 4 where one more, 21 ties.
std::vector<double> pocket_like_differences() {
  std::vector<double> d(15, -1.0 / 30.0);
  d.insert(d.end(), 4, 1.0 / 30.0);
  d.insert(d.end(), 21, 0.0);
  return d;
}

TEST(PairedTTest, OverlappingSplitsMakeTheSmallPlainPValueAboutOneHalf) {
  const PairedTTest plain = paired_t_test(pocket_like_differences());
  EXPECT_NEAR(plain.t, -2.7175313293174024, 1e-12);
  EXPECT_NEAR(plain.p_value, 0.009759623077235756, 1e-9);
  const PairedTTest corrected = corrected_paired_t_test(pocket_like_differences(), 0.3 / 0.7);
  EXPECT_NEAR(corrected.t, -0.638001528401097, 1e-12);
  EXPECT_NEAR(corrected.p_value, 0.5272012803286231, 1e-9);
}

ClaimInputs holdout_inputs() {
  ClaimInputs in;
  const std::vector<double> d = pocket_like_differences();
  for (std::size_t r = 0; r < d.size(); ++r) {
    for (const char* learner : {"perceptron", "averaged"}) {
      const double error = 0.1 + (learner[0] == 'a' ? d[r] : 0.0);
      in.records.push_back(
          {{"point", 0}, {"learner", learner}, {"repeat", r}, {"test_error", error}});
    }
  }
  in.manifest =
      json::parse(R"({"config": {"protocol": {"kind": "holdout", "test_fraction": 0.3}}})");
  return in;
}

TEST(ComparisonClaim, SplitsTakeTheCorrectedTestRepeatsTheSignedRankTestHolmOverBoth) {
  const json::array claims = json::parse(R"([
    {"what": "splits", "compare": {"field": "test_error", "learner": "averaged", "below": "perceptron", "per": "split"}},
    {"what": "repeats", "compare": {"field": "test_error", "learner": "averaged", "below": "perceptron", "per": "repeat"}}
  ])")
                                 .as_array();
  const std::vector<ClaimVerdict> v = evaluate_claims(claims, holdout_inputs(), "/claims");
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[0].verdict, Verdict::kUndecided) << v[0].detail;
  EXPECT_NE(v[0].detail.find("corrected resampled t-test (Nadeau & Bengio 2003"), std::string::npos)
      << v[0].detail;
  EXPECT_NE(v[0].detail.find("p = 0.527"), std::string::npos) << v[0].detail;
  EXPECT_NE(v[0].detail.find("would give p = 0.00976"), std::string::npos) << v[0].detail;
  // 19 non-zero differences, all |d| tied (rank 10): W+ = 4·10 = 40 against 19·20/4 = 95,
  // variance 19·20·39/24 − (19³ − 19)/48 = 475; z = (55 − ½)/√475.
  const double p = std::erfc((55.0 - 0.5) / std::sqrt(475.0) / std::sqrt(2.0));
  EXPECT_EQ(v[1].verdict, Verdict::kHolds) << v[1].detail;
  EXPECT_NE(v[1].detail.find("Wilcoxon signed-rank test"), std::string::npos) << v[1].detail;
  char text[32];
  std::snprintf(text, sizeof text, "p = %.3g", p);  // 0.0124
  EXPECT_NE(v[1].detail.find(text), std::string::npos) << text << " in " << v[1].detail;
  // Holm over the two: min(1, 2·0.0124) < 0.5272, so the larger raw p-value is the adjusted one.
  std::snprintf(text, sizeof text, "p = %.3g", 2 * p);
  EXPECT_NE(v[1].detail.find("Holm-adjusted over the 2 comparisons " + std::string(text)),
            std::string::npos)
      << v[1].detail;
}

TEST(ComparisonClaim, FailsWhenTheSignificantDifferenceGoesTheOtherWay) {
  const json::array claims = json::parse(R"([{"what": "wrong way", "compare": {"field":
      "test_error", "learner": "averaged", "above": "perceptron", "per": "repeat"}}])")
                                 .as_array();
  const std::vector<ClaimVerdict> v = evaluate_claims(claims, holdout_inputs(), "/claims");
  EXPECT_EQ(v.at(0).verdict, Verdict::kFails) << v.at(0).detail;
}

// Three data seeds with y = x^0.5, x^0.6, x^0.7 at x = 1, 10, 100 (three repeats each, the
// median taken): slopes 0.5, 0.6, 0.7, mean 0.6, sd 0.1; with t(0.975, 2) = √(2·0.9025/0.0975)
// the interval is 0.6 ± t·0.1/√3.
ClaimInputs seed_inputs() {
  ClaimInputs in;
  const double exponents[] = {0.5, 0.6, 0.7};
  for (int seed = 0; seed < 3; ++seed) {
    for (const double x : {1.0, 10.0, 100.0}) {
      for (int repeat = 0; repeat < 3; ++repeat) {
        const double noise = repeat == 0 ? 1.0 : repeat == 1 ? 0.5 : 3.0;  // median: the 1.0
        in.records.push_back({{"learner", "p"},
                              {"repeat", repeat},
                              {"n", x},
                              {"params", {{"/dataset/seed", seed}}},
                              {"mistakes", std::pow(x, exponents[seed]) * noise}});
      }
    }
  }
  return in;
}

Verdict fit_verdict(const char* range, std::string* detail = nullptr) {
  const std::string text =
      std::string(R"([{"what": "slope", "fit": {"x": "n", "per": "/dataset/seed", "slope": )") +
      range + "}}]";
  const std::vector<ClaimVerdict> v =
      evaluate_claims(json::parse(text).as_array(), seed_inputs(), "/claims");
  if (detail) *detail = v.at(0).detail;
  return v.at(0).verdict;
}

TEST(FitClaim, TheIntervalOverUnitsDecidesTheRange) {
  const double t = std::sqrt(2.0 * 0.9025 / 0.0975);  // 4.3027
  const double half = t * 0.1 / std::sqrt(3.0);       // 0.2484
  std::string detail;
  EXPECT_EQ(fit_verdict(R"({"min": 0.3, "max": 0.9})", &detail), Verdict::kHolds) << detail;
  char expected[96];
  std::snprintf(expected, sizeof expected, "slope 0.6 [%.3g, %.3g] over 3 units of /dataset/seed",
                0.6 - half, 0.6 + half);
  EXPECT_NE(detail.find(expected), std::string::npos) << expected << " in " << detail;
  EXPECT_EQ(fit_verdict(R"({"min": 0.9, "max": 1.2})"), Verdict::kFails);
  EXPECT_EQ(fit_verdict(R"({"min": 0.5, "max": 1.0})"), Verdict::kUndecided);
  EXPECT_EQ(fit_verdict(R"({"below": 0.35})"), Verdict::kFails);
}

TEST(FitClaim, OneUnitGivesNoIntervalAndIsUndecided) {
  const json::array claims = json::parse(R"([{"what": "one", "where": {"/dataset/seed": 0},
      "fit": {"x": "n", "per": "/dataset/seed", "slope": {"min": 0}}}])")
                                 .as_array();
  const std::vector<ClaimVerdict> v = evaluate_claims(claims, seed_inputs(), "/claims");
  EXPECT_EQ(v.at(0).verdict, Verdict::kUndecided);
  EXPECT_NE(v.at(0).detail.find("from one unit"), std::string::npos) << v.at(0).detail;
}

}  // namespace
}  // namespace plab

namespace plab {
namespace {

// The same 40 overlapping splits: the corrected 95% interval of the mean difference is
// d̄ ± t(0.975, 39)·√((1/40 + 3/7)·s²) = [−0.0382282, 0.0198949] (t(0.975, 39) = 2.0226909 by
// bisection on the numerically integrated tail).
TEST(ComparisonClaim, ADifferenceRangeIsJudgedByTheCorrectedInterval) {
  const auto verdict = [](const char* range, std::string* detail = nullptr) {
    const std::string text =
        std::string(R"([{"what": "d", "compare": {"field": "test_error", "learner": "averaged",
        "baseline": "perceptron", "per": "split", "difference": )") +
        range + "}}]";
    const std::vector<ClaimVerdict> v =
        evaluate_claims(json::parse(text).as_array(), holdout_inputs(), "/claims");
    if (detail) *detail = v.at(0).detail;
    return v.at(0).verdict;
  };
  std::string detail;
  EXPECT_EQ(verdict(R"({"min": -0.05, "max": 0.03})", &detail), Verdict::kHolds) << detail;
  EXPECT_NE(detail.find("corrected 95% t interval of the difference [-0.0382, 0.0199]"),
            std::string::npos)
      << detail;
  EXPECT_EQ(verdict(R"({"max": 0.01})"), Verdict::kUndecided);
  EXPECT_EQ(verdict(R"({"min": 0.02})"), Verdict::kFails);
  EXPECT_EQ(verdict(R"({"min": 0.0198})"), Verdict::kUndecided);  // just below the top
}

}  // namespace
}  // namespace plab

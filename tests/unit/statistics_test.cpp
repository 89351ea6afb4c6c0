#include "analysis/statistics.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace plab {
namespace {

TEST(Statistics, MeanIntervalUsesStudentT) {
  const MeanInterval m = mean_ci95({1, 2, 3, 4, 5});
  EXPECT_DOUBLE_EQ(m.mean, 3.0);
  // sd = √2.5, t(4, .975) = 2.776445105
  EXPECT_NEAR(m.half_width, 2.776445105 * std::sqrt(2.5) / std::sqrt(5.0), 1e-8);
}

TEST(Statistics, MedianIntervalFromOrderStatistics) {
  std::vector<double> v;
  for (int i = 1; i <= 20; ++i) v.push_back(i);
  const MedianInterval m = median_ci95(v);
  EXPECT_DOUBLE_EQ(m.median, 10.5);
  // n = 20: k = 6 gives coverage 1 − 2·P(B ≤ 5) = 0.9586 (tables: [d₆, d₁₅]).
  EXPECT_EQ(m.low, 6);
  EXPECT_EQ(m.high, 15);
  EXPECT_NEAR(m.coverage, 0.958610, 1e-6);
}

TEST(Statistics, WilcoxonOnIdenticalLearnersIsOne) {
  const SignedRankTest t = wilcoxon_signed_rank(std::vector<double>(30, 0.0));
  EXPECT_EQ(t.n, 0u);
  EXPECT_EQ(t.p_value, 1.0);
}

TEST(Statistics, WilcoxonExactMatchesTables) {
  // n = 10, all differences positive: W+ = 55, p = 2/1024.
  std::vector<double> d;
  for (int i = 1; i <= 10; ++i) d.push_back(i);
  EXPECT_NEAR(wilcoxon_signed_rank(d).p_value, 2.0 / 1024.0, 1e-15);
  // Symmetric differences: W+ = W− = 27.5 is impossible without ties; use 1..10 with signs
  // + − + − ...: W+ = 1+3+5+7+9 = 25, the two-sided exact p is 2·P(W ≤ 25) = 866/1024
  // (counted by enumerating all 1024 sign patterns).
  for (std::size_t i = 1; i < d.size(); i += 2) d[i] = -d[i];
  EXPECT_NEAR(wilcoxon_signed_rank(d).p_value, 866.0 / 1024.0, 1e-12);
}

TEST(Statistics, WilcoxonNormalApproximationWithTies) {
  std::vector<double> d(40, 1.0);  // all tied: the normal approximation
  const SignedRankTest t = wilcoxon_signed_rank(d);
  EXPECT_FALSE(t.exact);
  EXPECT_LT(t.p_value, 1e-6);
}

TEST(Statistics, HolmAdjustmentMatchesAHandComputation) {
  // By hand, m = 4: sorted 0.005, 0.01, 0.03, 0.04 are multiplied by 4, 3, 2, 1:
  // 0.02, 0.03, 0.06, 0.04; the running maximum makes the last 0.06 (step-down monotone).
  // Back in the input's order: 0.01 -> 0.03, 0.04 -> 0.06, 0.03 -> 0.06, 0.005 -> 0.02.
  const std::vector<double> adjusted = holm_adjusted({0.01, 0.04, 0.03, 0.005});
  ASSERT_EQ(adjusted.size(), 4u);
  EXPECT_NEAR(adjusted[0], 0.03, 1e-15);
  EXPECT_NEAR(adjusted[1], 0.06, 1e-15);
  EXPECT_NEAR(adjusted[2], 0.06, 1e-15);
  EXPECT_NEAR(adjusted[3], 0.02, 1e-15);
}

TEST(Statistics, HolmAdjustmentIsCappedAtOneAndLeavesASingleTestAlone) {
  // 0.6·2 = 1.2 is capped at 1, and 0.7·1 rises to the running maximum 1.
  const std::vector<double> capped = holm_adjusted({0.7, 0.6});
  EXPECT_EQ(capped, (std::vector<double>{1.0, 1.0}));
  EXPECT_EQ(holm_adjusted({0.013}), std::vector<double>{0.013});
  EXPECT_TRUE(holm_adjusted({}).empty());
}

}  // namespace
}  // namespace plab

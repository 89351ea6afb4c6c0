// The SDK's mistake tests: a NaN score (an overflowed dot product) is a mistake under both tie
// rules, and count_sign_errors counts it; ordinary ties keep their documented convention.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "plab/kernels.hpp"
#include "plab/online_loop.hpp"

namespace plab {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

TEST(TrustNanUnit, ANanScoreIsAMistakeUnderBothTieRules) {
  for (double y : {-1.0, 1.0}) {
    EXPECT_TRUE(TieMistake::is_mistake(kNaN, y)) << y;
    EXPECT_TRUE(TiePositive::is_mistake(kNaN, y)) << y;
  }
  // Unchanged conventions for numbers: a zero score is a mistake, or predicts +1.
  EXPECT_TRUE(TieMistake::is_mistake(0.0, 1.0));
  EXPECT_TRUE(TieMistake::is_mistake(0.0, -1.0));
  EXPECT_FALSE(TiePositive::is_mistake(0.0, 1.0));
  EXPECT_TRUE(TiePositive::is_mistake(0.0, -1.0));
  // An infinite score of the right sign is correct, of the wrong sign a mistake.
  EXPECT_FALSE(TieMistake::is_mistake(kInf, 1.0));
  EXPECT_FALSE(TieMistake::is_mistake(-kInf, -1.0));
  EXPECT_TRUE(TieMistake::is_mistake(kInf, -1.0));
}

TEST(TrustNanUnit, CountSignErrorsCountsAnOverflowedDotProduct) {
  // w = (1, 1e200, 1e200) on the row (1, 1e200, -1e200): 1 + inf - inf = NaN.
  const std::vector<double> w = {1.0, 1e200, 1e200};
  const std::vector<double> x = {1.0, 1e200, 1e200, 1.0, 1e200, -1e200};
  const std::vector<double> sign = {1.0, -1.0};
  const std::vector<std::int32_t> label = {0, 1};
  TrainingSet data;
  data.features = x.data();
  data.rows = 2;
  data.cols = 3;
  data.sign = sign.data();
  data.label = label.data();
  data.classes = 2;
  ASSERT_TRUE(std::isnan(dot(w.data(), data.row(1), 3)));
  EXPECT_EQ((count_sign_errors<TieMistake>(data, w.data())), 1u);
  EXPECT_EQ((count_sign_errors<TiePositive>(data, w.data())), 1u);
}

}  // namespace
}  // namespace plab

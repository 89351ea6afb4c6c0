#include "protocols/initial_weights.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace plab {
namespace {

std::vector<double> draw(const InitSpec& init, std::size_t n, std::uint64_t seed = 3) {
  Rng rng(seed);
  std::vector<double> w(n, 123.0);
  fill_initial_weights(init, rng, w);
  return w;
}

TEST(InitialWeights, ZeroIsAllZero) {
  InitSpec s;
  s.kind = InitKind::kZero;
  EXPECT_EQ(draw(s, 4), std::vector<double>(4, 0.0));
}

TEST(InitialWeights, GivenIsCopied) {
  InitSpec s;
  s.kind = InitKind::kGiven;
  s.w = {1, -2, 0.5};
  EXPECT_EQ(draw(s, 3), s.w);
}

TEST(InitialWeights, UniformStaysWithinScale) {
  InitSpec s;
  s.kind = InitKind::kUniform;
  s.scale = 2.5;
  const auto w = draw(s, 10000);
  double sum = 0;
  for (double v : w) {
    ASSERT_GE(v, -2.5);
    ASSERT_LT(v, 2.5);
    sum += v;
  }
  EXPECT_NEAR(sum / 10000, 0.0, 0.05);
}

TEST(InitialWeights, GaussianScalesTheStandardDeviation) {
  InitSpec s;
  s.kind = InitKind::kGaussian;
  s.scale = 3.0;
  const auto w = draw(s, 50000);
  double sq = 0;
  for (double v : w) sq += v * v;
  EXPECT_NEAR(std::sqrt(sq / 50000), 3.0, 0.05);
}

TEST(InitialWeights, SameSeedSameVectorAndScaleZeroIsZero) {
  InitSpec s;
  s.kind = InitKind::kGaussian;
  EXPECT_EQ(draw(s, 5, 11), draw(s, 5, 11));
  EXPECT_NE(draw(s, 5, 11), draw(s, 5, 12));
  s.scale = 0;
  EXPECT_EQ(draw(s, 3), std::vector<double>(3, 0.0));
}

}  // namespace
}  // namespace plab

#include "plab/kernels.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "base/random.hpp"

namespace plab {
namespace {

TEST(Kernels, BlockedDotFollowsItsDocumentedOrderExactly) {
  Rng rng(3);
  for (std::size_t n : {0u, 1u, 7u, 8u, 9u, 16u, 23u, 101u}) {
    std::vector<double> w(n), x(n);
    for (std::size_t j = 0; j < n; ++j) {
      w[j] = rng.gaussian();
      x[j] = rng.gaussian();
    }
    double s[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    const std::size_t blocked = n - n % 8;
    for (std::size_t j = 0; j < blocked; ++j) s[j % 8] += w[j] * x[j];
    double expected = ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
    for (std::size_t j = blocked; j < n; ++j) expected += w[j] * x[j];
    EXPECT_EQ(dot_blocked(w.data(), x.data(), n), expected) << n;  // bit for bit
  }
}

TEST(Kernels, BothOrdersAgreeExactlyOnSmallIntegers) {
  std::vector<double> w(37), x(37);
  for (std::size_t j = 0; j < 37; ++j) {
    w[j] = static_cast<double>(static_cast<int>(j % 7) - 3);
    x[j] = static_cast<double>(static_cast<int>(j % 5) - 2);
  }
  EXPECT_EQ(dot(w.data(), x.data(), 37), dot_blocked(w.data(), x.data(), 37));
}

}  // namespace
}  // namespace plab

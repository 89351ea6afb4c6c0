#include "plab/kernels.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
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

// A sparse row that stores every column is updated through the dense loop, and one with a
// gap entry by entry: the same weights bit for bit as the entry-by-entry update either way.
// A column count other than the row's (0 when unknown) keeps the entry-by-entry loop.
TEST(Kernels, ASparseRowStoringEveryColumnIsUpdatedAsADenseRow) {
  const std::vector<std::uint32_t> every = {0, 1, 2, 3, 4, 5, 6};
  const std::vector<std::uint32_t> gap = {1, 2, 3, 5, 6, 7, 8};
  const std::vector<double> value = {0.1, -0.3, 1e-300, 7.5, -2.25, 0.7, 3.0};
  Rng rng(9);
  for (const auto* index : {&every, &gap}) {
    for (const std::size_t cols : {std::size_t{7}, std::size_t{9}, std::size_t{0}}) {
      if (index == &gap && cols == 7) continue;  // not a row of a 7-column set
      const SparseRow x{index->data(), value.data(), index->size()};
      std::vector<double> w(9), expected(9);
      for (std::size_t j = 0; j < w.size(); ++j) expected[j] = w[j] = rng.gaussian();
      for (std::size_t k = 0; k < x.count; ++k) expected[x.index[k]] += 0.37 * x.value[k];
      add_scaled(w.data(), 0.37, x, cols);
      for (std::size_t j = 0; j < w.size(); ++j) {
        EXPECT_EQ(std::bit_cast<std::uint64_t>(w[j]), std::bit_cast<std::uint64_t>(expected[j]))
            << "column " << j << ", cols " << cols;
      }
    }
  }
}

}  // namespace
}  // namespace plab

// Compressed rows (data/sparse_rows.hpp) and the sparse kernels (plab/kernels.hpp): rows
// appended entry by entry keep their non-zeros behind the bias entry, keep_rows drops rows,
// a data set converts between storages without loss, and the sparse dot products (both
// summation orders) and scaled adds are bit-identical to the dense ones on data full of
// zeros, ties and values of every magnitude.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "data/dataset.hpp"
#include "data/sparse_rows.hpp"
#include "plab/kernels.hpp"

namespace plab {
namespace {

TEST(SparseRows, AppendsNonZerosAfterTheBiasEntry) {
  SparseRows rows(5, true);
  rows.begin_row();
  rows.add(1, 2.5);
  rows.add(3, 0.0);  // a zero is not stored
  rows.add(4, -1.0);
  rows.end_row();
  const std::vector<std::uint32_t> index{0, 2};
  const std::vector<double> value{7.0, 0.5};
  rows.append_row(index, value);
  ASSERT_EQ(rows.rows(), 2u);
  EXPECT_EQ(rows.cols(), 6u);
  EXPECT_EQ(rows.entries(), 6u);
  const SparseRow r0 = rows.row(0);
  ASSERT_EQ(r0.count, 3u);
  EXPECT_EQ(r0.index[0], 0u);
  EXPECT_EQ(r0.value[0], 1.0);
  EXPECT_EQ(r0.index[1], 2u);
  EXPECT_EQ(r0.index[2], 5u);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(rows.values()) % 64, 0u);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(rows.indices()) % 64, 0u);
  rows.widen(9);  // a reader that learns the width as it reads
  rows.append_row(std::vector<std::uint32_t>{8}, std::vector<double>{4.0});
  EXPECT_EQ(rows.cols(), 10u);
  EXPECT_EQ(rows.row(2).index[1], 9u);
  rows.keep_rows({false, true, false});
  ASSERT_EQ(rows.rows(), 1u);
  EXPECT_EQ(rows.row(0).count, 3u);
  EXPECT_EQ(rows.row(0).value[1], 7.0);
  EXPECT_EQ(rows.row(0).index[2], 3u);
}

TEST(SparseRows, DatasetConvertsBetweenStoragesWithoutLoss) {
  const std::vector<double> values{0, 1.5, 0, -2, 0, 0, 3, 0, 0};
  const Dataset dense(values, 3, 3, true, TaskKind::kBinary, {1, 0, 1}, {"n", "p"},
                      {"a", "b", "c"});
  const Dataset sparse = dense.stored_sparse();
  ASSERT_TRUE(sparse.sparse());
  EXPECT_EQ(sparse.sparse_rows().entries(), 3u + 3u);
  EXPECT_EQ(sparse.feature_names().list(), dense.feature_names().list());
  const Dataset back = sparse.stored_dense();
  ASSERT_FALSE(back.sparse());
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(std::memcmp(back.row(i), dense.row(i), 4 * sizeof(double)), 0) << i;
  }
  const TrainingSet view = sparse.view();
  EXPECT_TRUE(view.sparse());
  EXPECT_EQ(view.features, nullptr);
  EXPECT_EQ(view.row_view(2).sparse.count, 2u);  // the bias entry and the 3
}

// Random rows with about 70 % zeros, integers (ties) and wide magnitudes, dense and sparse.
TEST(SparseKernels, BitIdenticalToDense) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (std::size_t n : {1u, 7u, 8u, 9u, 16u, 23u, 64u, 101u}) {
    for (int trial = 0; trial < 200; ++trial) {
      std::vector<double> x(n), w(n);
      std::vector<std::uint32_t> index;
      std::vector<double> value;
      for (std::size_t j = 0; j < n; ++j) {
        const double r = unit(rng);
        x[j] =
            r < 0.7 ? 0.0 : (r < 0.85 ? std::floor(10 * unit(rng)) - 5 : (unit(rng) - 0.5) * 1e6);
        w[j] = trial % 3 == 0 ? std::floor(4 * unit(rng)) - 2 : (unit(rng) - 0.5) * 1e3;
        if (x[j] != 0.0) {
          index.push_back(static_cast<std::uint32_t>(j));
          value.push_back(x[j]);
        }
      }
      const SparseRow sx{index.data(), value.data(), index.size()};
      const double dense_dot = dot(w.data(), x.data(), n);
      const double sparse_dot = dot(w.data(), sx);
      EXPECT_EQ(std::memcmp(&dense_dot, &sparse_dot, sizeof(double)), 0) << n;
      const double dense_blocked = dot_blocked(w.data(), x.data(), n);
      const double sparse_blocked = dot_blocked(w.data(), sx, n);
      EXPECT_EQ(std::memcmp(&dense_blocked, &sparse_blocked, sizeof(double)), 0) << n;
      std::vector<double> wd = w, ws = w;
      const double a = (unit(rng) - 0.5) * 3;
      add_scaled(wd.data(), a, x.data(), n);
      add_scaled(ws.data(), a, sx);
      EXPECT_EQ(std::memcmp(wd.data(), ws.data(), n * sizeof(double)), 0) << n;
    }
  }
}

}  // namespace
}  // namespace plab

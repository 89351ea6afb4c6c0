// The arithmetic and reading beneath trust_data_test.cpp: the scaled norm (bit for
// bit the plain one where that one is right), the bound in units of R (the formula as
// written where it can be evaluated), the digest of the bytes a CSV was parsed from at every
// chunk size, and keep_classes on rows that stay in place.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>

#include "base/file_hash.hpp"
#include "base/random.hpp"
#include "data/csv_reader.hpp"
#include "data/dataset_loader.hpp"
#include "support/temp_dir.hpp"
#include "theory/bounds.hpp"

namespace plab {
namespace {

double plain_norm(const std::vector<double>& v) {
  double s = 0.0;
  for (double x : v) s += x * x;
  return std::sqrt(s);
}

TEST(TrustDataUnit, ScaledNormIsThePlainNormBitForBitForMiddleSizedValues) {
  Rng rng(7);
  for (int k = 0; k < 1000; ++k) {
    std::vector<double> v(1 + static_cast<std::size_t>(k % 40));
    for (double& x : v) x = rng.gaussian() * std::pow(10.0, static_cast<double>(k % 21 - 10));
    EXPECT_EQ(euclidean_norm(v), plain_norm(v)) << k;
  }
  EXPECT_EQ(euclidean_norm(std::vector<double>{}), 0.0);
  EXPECT_EQ(euclidean_norm(std::vector<double>{0.0, -0.0}), 0.0);
}

TEST(TrustDataUnit, ScaledNormNeitherOverflowsNorUnderflows) {
  EXPECT_DOUBLE_EQ(euclidean_norm(std::vector<double>{0.0, -1e160}), 1e160);
  EXPECT_DOUBLE_EQ(euclidean_norm(std::vector<double>{3e200, 4e200}), 5e200);
  EXPECT_DOUBLE_EQ(euclidean_norm(std::vector<double>{-2e-163, 0.0}), 2e-163);
  EXPECT_DOUBLE_EQ(euclidean_norm(std::vector<double>{3e-320, 4e-320}), 5e-320);
  EXPECT_DOUBLE_EQ(euclidean_norm(std::vector<double>{1e-300, 1.0, 1e300}), 1e300);
  EXPECT_DOUBLE_EQ(euclidean_norm(std::vector<double>{1e-170, 3.0, 4.0}), 5.0);
  EXPECT_TRUE(std::isinf(euclidean_norm(std::vector<double>{1.5e308, 1.5e308})));
}

// Where the formula as written is fine, the evaluation in units of R agrees with it.
TEST(TrustDataUnit, TheBoundInUnitsOfRAgreesWithTheFormulaAsWritten) {
  Rng rng(11);
  for (int k = 0; k < 1000; ++k) {
    const double radius = 0.5 + 10.0 * rng.uniform();
    const double rho = radius * (0.001 + 0.999 * rng.uniform());
    const double a = 100.0 * rng.uniform();
    const double c = a * (2.0 * rng.uniform() - 1.0);
    const double factor = 1.0 + 3.0 * rng.uniform();
    const double written = init_aware_bound(factor * radius * radius, rho, a, c);
    const double scaled = init_aware_bound_scaled(factor, radius, rho, a, c);
    EXPECT_NEAR(scaled, written, 1e-11 * written) << k;
  }
  // And keeps going where the squares do not fit: R 1e200, ρ 1e199 gives k₊ of order 100.
  const double huge = init_aware_bound_scaled(1.0, 1e200, 1e199, 1e200, 0.0);
  EXPECT_TRUE(std::isfinite(huge));
  EXPECT_NEAR(huge, init_aware_bound(1.0, 0.1, 1.0, 0.0), 1e-9 * huge);
}

std::string sha256_of(const std::string& text) {
  Sha256 hash;
  hash.update(text);
  return hash.finish();
}

TEST(TrustDataUnit, TheCsvDigestIsOfTheBytesReadAtEveryChunkSize) {
  test::TempDir dir;
  const std::string text = "\xEF\xBB\xBFx1,x2,y\r\n1,2,a\r\n\r\n-1,-3,b\n2,2.5,a";
  const auto file = dir.write("d.csv", text);
  // sha256 of the same bytes from the file and from memory.
  EXPECT_EQ(sha256_file(file), sha256_of(text));
  for (std::size_t chunk : {std::size_t{1}, std::size_t{3}, std::size_t{7}, std::size_t{1} << 20}) {
    EXPECT_EQ(read_csv(file, CsvOptions{}, chunk).sha256, sha256_of(text)) << chunk;
  }
  EXPECT_EQ(parse_csv(text, "d.csv", CsvOptions{}).sha256, sha256_of(text));
}

TEST(TrustDataUnit, KeepClassesLeavesRowsInPlaceWithTheirLabels) {
  DatasetSpec spec;
  spec.kind = DatasetKind::kInline;
  spec.x = {{1}, {5}, {2}, {-1}, {-2}};
  spec.y = {"a", "b", "a", "c", "c"};
  spec.keep_classes = std::vector<std::string>{"a", "c"};
  spec.positive = std::vector<std::string>{"a"};
  const Dataset d = load_dataset(spec);
  ASSERT_EQ(d.rows(), 4u);
  const double first[] = {1, 2, -1, -2};
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(d.row(i)[1], first[i]) << i;
    EXPECT_EQ(d.view().sign[i], i < 2 ? 1.0 : -1.0) << i;
  }
}

}  // namespace
}  // namespace plab

// A polynomial kernel's feature map written out (theory/kernel_features.hpp) and the
// non-separability proof in it, each checked against the kernel itself.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "plab/kernel.hpp"
#include "support/binary_rows.hpp"
#include "theory/kernel_features.hpp"

namespace plab {
namespace {

using test::binary_rows;

const auto kForever = std::chrono::steady_clock::now() + std::chrono::hours(1);

KernelSpec polynomial(std::uint32_t degree, double scale = 1.0, double coef0 = 1.0) {
  KernelSpec k;
  k.kind = KernelKind::kPolynomial;
  k.degree = degree;
  k.scale = scale;
  k.coef0 = coef0;
  return k;
}

// The eight corners of the cube labelled by the parity x₁x₂x₃.
Dataset parity3() {
  std::vector<std::vector<double>> rows;
  std::vector<int> signs;
  for (int a : {1, -1})
    for (int b : {1, -1})
      for (int c : {1, -1}) {
        rows.push_back({static_cast<double>(a), static_cast<double>(b), static_cast<double>(c)});
        signs.push_back(a * b * c);
      }
  return binary_rows(rows, signs, /*augment=*/true);
}

// λᵀQλ = ‖Σ λᵢyᵢφ(x̃ᵢ)‖², Qᵢⱼ = yᵢyⱼK(x̃ᵢ, x̃ⱼ), from the kernel alone (no monomials).
long double hull_point_norm_squared(const Dataset& d, const KernelSpec& k, const ConvexWeights& w) {
  const TrainingSet v = d.view();
  long double sum = 0.0L;
  for (const auto& [i, a] : w)
    for (const auto& [j, b] : w)
      sum += static_cast<long double>(a) * b * v.sign[i] * v.sign[j] *
             kernel_value(k, d.row(i), d.row(j), d.cols());
  return sum;
}

TEST(KernelFeatures, TheMonomialsReproduceTheKernelUpToPositiveScales) {
  // (1 + a·b + 1)² on x̃ = (1, x) in one feature: t = 2, so monomials 1, x, x² with
  // weights C(2,q)·2^(2−q): K = 4 + 4ab + a²b².
  const Dataset d = binary_rows({{3}, {-2}}, {1, -1}, true);
  std::string why;
  const auto f = monomial_features(d, polynomial(2), 1000, why);
  ASSERT_TRUE(f) << why;
  ASSERT_EQ(f->cols(), 3u);  // the constant monomial is the augmentation
  EXPECT_EQ(f->row(0)[0], 1.0);
  EXPECT_EQ(f->row(0)[1], 3.0);
  EXPECT_EQ(f->row(0)[2], 9.0);
  EXPECT_EQ(f->row(1)[2], 4.0);
  const double weights[3] = {4, 4, 1};
  double k01 = 0;
  for (int m = 0; m < 3; ++m) k01 += weights[m] * f->row(0)[m] * f->row(1)[m];
  EXPECT_EQ(k01, kernel_value(polynomial(2), d.row(0), d.row(1), d.cols()));
  // Without the constant term (scale·1 + coef0 = 0): degree exactly 2 only.
  const auto g = monomial_features(d, polynomial(2, 1.0, -1.0), 1000, why);
  ASSERT_TRUE(g) << why;
  EXPECT_EQ(g->cols(), 1u);
  EXPECT_FALSE(g->augmented());
}

TEST(KernelFeatures, RefusesWhatHasNoExactFiniteMap) {
  const Dataset d = binary_rows({{0.1}, {-2}}, {1, -1}, true);
  std::string why;
  EXPECT_FALSE(monomial_features(d, polynomial(2), 1000, why));  // 0.1² is not exact
  EXPECT_NE(why.find("not exact"), std::string::npos) << why;
  const Dataset e = binary_rows({{1}, {-2}}, {1, -1}, true);
  EXPECT_FALSE(monomial_features(e, polynomial(2, 1.0, -3.0), 1000, why));
  EXPECT_NE(why.find("not positive semidefinite"), std::string::npos) << why;
  KernelSpec rbf;
  rbf.kind = KernelKind::kRbf;
  EXPECT_FALSE(monomial_features(e, rbf, 1000, why));
  EXPECT_FALSE(monomial_features(parity3(), polynomial(5), 20, why));
  EXPECT_NE(why.find("more than 20 values"), std::string::npos) << why;
  // 1,000 features, quadratic: 501,501 monomials on 8 rows are past the limit, refused
  // before any monomial is listed.
  const Dataset wide =
      binary_rows(std::vector<std::vector<double>>(8, std::vector<double>(1000, 1.0)),
                  {1, -1, 1, -1, 1, -1, 1, -1}, true);
  EXPECT_FALSE(monomial_features(wide, polynomial(2), kMonomialFeatureValues, why));
  EXPECT_NE(why.find("more than"), std::string::npos) << why;
}

TEST(KernelFeatures, ParityOfThreeIsProvedInseparableForTheQuadraticKernelOnly) {
  const Dataset d = parity3();
  std::string why;
  const auto proof = prove_not_kernel_separable(d, polynomial(2), {}, kForever, why);
  ASSERT_TRUE(proof) << why;
  double total = 0;
  for (const auto& [i, lambda] : *proof) {
    EXPECT_GT(lambda, 0.0);
    total += lambda;
  }
  EXPECT_NEAR(total, 1.0, 1e-15);
  // Checked with the kernel's own values: the hull point is the origin of feature space.
  EXPECT_EQ(hull_point_norm_squared(d, polynomial(2), *proof), 0.0L);
  // The cubic kernel has x₁x₂x₃ among its features: separable, so no proof.
  EXPECT_FALSE(prove_not_kernel_separable(d, polynomial(3), {}, kForever, why));
  // A verifier's forged weights prove nothing.
  EXPECT_FALSE(prove_not_kernel_separable(d, polynomial(2), {{0, 0.5}, {1, 0.5}}, kForever, why));
}

}  // namespace
}  // namespace plab

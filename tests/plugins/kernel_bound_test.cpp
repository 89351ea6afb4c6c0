// Novikoff in feature space: the certified ρ_K checked independently, and the kernel
// perceptron's mistakes against (R_K/ρ_K)² on 320 random sets separable in feature space.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "base/random.hpp"
#include "plugins/plugin_test_support.hpp"
#include "theory/bound_forms.hpp"
#include "theory/kernel_theory.hpp"

namespace plab {
namespace {

KernelSpec quadratic() {
  return {.kind = KernelKind::kPolynomial, .degree = 2, .scale = 1.0, .coef0 = 1.0};
}

// The kernel in long double, written from its definition, not through plab/kernel.hpp.
long double reference_kernel(const KernelSpec& k, const double* a, const double* b, std::size_t n) {
  long double s = 0;
  if (k.kind == KernelKind::kRbf) {
    for (std::size_t j = 0; j < n; ++j)
      s += (static_cast<long double>(a[j]) - b[j]) * (static_cast<long double>(a[j]) - b[j]);
    return std::exp(-static_cast<long double>(k.gamma) * s);
  }
  for (std::size_t j = 0; j < n; ++j) s += static_cast<long double>(a[j]) * b[j];
  if (k.kind == KernelKind::kLinear) return s;
  return std::pow(static_cast<long double>(k.scale) * s + k.coef0, static_cast<int>(k.degree));
}

// The margin of v = Σ λⱼyⱼφ(x̃ⱼ) and ‖v/Σλ‖, recomputed from the weights in long double.
struct Recomputed {
  long double rho;
  long double hull_norm;
};
Recomputed recompute(const Dataset& data, const KernelSpec& k, const ConvexWeights& weights) {
  const TrainingSet v = data.view();
  long double gamma = INFINITY;
  long double squared = 0;
  long double sum = 0;
  for (const auto& w : weights) sum += w.second;
  for (std::size_t i = 0; i < v.rows; ++i) {
    long double f = 0;
    for (const auto& [j, lambda] : weights) {
      f += lambda * v.sign[j] * reference_kernel(k, v.row(j), v.row(i), v.cols);
    }
    gamma = std::min(gamma, v.sign[i] * f);
  }
  for (const auto& [i, li] : weights) {
    for (const auto& [j, lj] : weights) {
      squared += li * lj * v.sign[i] * v.sign[j] * reference_kernel(k, v.row(i), v.row(j), v.cols);
    }
  }
  return {gamma / std::sqrt(squared), std::sqrt(squared) / sum};
}

TEST(KernelBound, XorCornersHaveMarginSqrt2UnderTheQuadraticKernel) {
  // K = (x̃·x̃' + 1)²: 16 on the diagonal, 0 or 4 off it; λ = ¼ each gives (Qλ)ᵢ = 2 and
  // λᵀQλ = 2: ρ_K = 2/√2 = √2 = ‖p‖, R_K² = 16, and the bound (R_K/ρ_K)² = 8.
  const Dataset data = test::binary_data({{1, 1}, {-1, -1}, {1, -1}, {-1, 1}}, {+1, +1, -1, -1});
  const KernelCertificate c = certify_kernel_margin(data, quadratic());
  ASSERT_EQ(c.separable, std::optional<bool>(true)) << c.reason;
  EXPECT_NEAR(c.radius, 4.0, 1e-12);
  EXPECT_GE(c.radius, 4.0);
  EXPECT_LE(c.rho, std::sqrt(2.0));
  EXPECT_NEAR(c.rho, std::sqrt(2.0), 1e-6);
  ASSERT_TRUE(c.rho_upper);
  EXPECT_GE(*c.rho_upper, std::sqrt(2.0));
  EXPECT_NEAR(*c.rho_upper, std::sqrt(2.0), 1e-6);
  const Recomputed r = recompute(data, quadratic(), c.weights);
  EXPECT_LE(c.rho, r.rho);
  EXPECT_GE(*c.rho_upper, r.hull_norm);
}

TEST(KernelBound, EqualRowsWithOppositeLabelsAreNotSeparableInAnyFeatureSpace) {
  const Dataset data = test::binary_data({{1, 2}, {0, 1}, {1, 2}}, {+1, -1, -1});
  for (const KernelSpec& k : {quadratic(), KernelSpec{.kind = KernelKind::kRbf, .gamma = 3.0}}) {
    const KernelCertificate c = certify_kernel_margin(data, k);
    EXPECT_EQ(c.separable, std::optional<bool>(false));
    ASSERT_TRUE(c.conflict);
    EXPECT_EQ(*c.conflict, (std::pair<std::size_t, std::size_t>{0, 2}));
  }
}

TEST(KernelBound, WeightsThatAreNotConvexCertifyNothing) {
  const Dataset data = test::binary_data({{1, 1}, {-1, -1}}, {+1, -1});
  EXPECT_FALSE(certify_kernel_weights(data, quadratic(), {{0, -1.0}}));
  EXPECT_FALSE(certify_kernel_weights(data, quadratic(), {{5, 1.0}}));
  EXPECT_FALSE(kernel_hull_norm_upper(data, quadratic(), {}));
}

TEST(KernelBound, DeclarationsOfTheKernelFormAreChecked) {
  const auto plugin = test::load_bundled("kernel_perceptron");
  BoundDeclaration d{
      .form = BoundForm::kKernelNovikoff, .counts = BoundCount::kMistakes, .eta = 1.0};
  EXPECT_NE(bound_declaration_problem(d, plugin->descriptor(), TaskKind::kBinary).find("kernel"),
            std::string::npos);
  d.kernel = KernelSpec{.kind = KernelKind::kRbf, .gamma = 0.0};
  EXPECT_NE(bound_declaration_problem(d, plugin->descriptor(), TaskKind::kBinary).find("gamma"),
            std::string::npos);
  d.kernel.gamma = 1.0;
  EXPECT_EQ(bound_declaration_problem(d, plugin->descriptor(), TaskKind::kBinary), "");
  BoundDeclaration linear{
      .form = BoundForm::kNovikoff, .counts = BoundCount::kMistakes, .eta = 1.0};
  linear.kernel.kind = KernelKind::kRbf;
  EXPECT_NE(bound_declaration_problem(linear, plugin->descriptor(), TaskKind::kBinary), "");
  EXPECT_STREQ(bound_form_name(BoundForm::kKernelNovikoff), "kernel_novikoff");
}

// A random set in the plane labelled by a circle (or XOR of two lines) with a gap, so that
// it is separable in the quadratic kernel's feature space (and in every rbf one).
Dataset random_feature_separable(Rng& rng, std::size_t rows, bool use_xor) {
  std::vector<std::vector<double>> points;
  std::vector<int> signs;
  const double cx = rng.uniform() - 0.5;
  const double cy = rng.uniform() - 0.5;
  const double r = 0.5 + rng.uniform();
  while (points.size() < rows) {
    const double x = 4.0 * rng.uniform() - 2.0;
    const double y = 4.0 * rng.uniform() - 2.0;
    const double score =
        use_xor ? (x - cx) * (y - cy) : r * r - (x - cx) * (x - cx) - (y - cy) * (y - cy);
    if (std::fabs(score) < 0.2) continue;
    points.push_back({x, y});
    signs.push_back(score > 0 ? 1 : -1);
  }
  if (std::all_of(signs.begin(), signs.end(), [&](int s) { return s == signs[0]; })) {
    signs[0] = -signs[0];  // both classes present; still separable (no equal rows)
  }
  return test::binary_data(points, signs);
}

TEST(KernelBound, MistakesNeverExceedTheCertifiedBoundOnRandomSets) {
  Rng rng(2022);
  int checked = 0;
  for (int set = 0; set < 320; ++set) {
    const bool rbf = set % 4 == 3;
    const Dataset data = random_feature_separable(rng, 6 + rng.below(20), set % 2 == 0);
    const KernelSpec k = rbf ? KernelSpec{.kind = KernelKind::kRbf, .gamma = 2.0} : quadratic();
    const KernelCertificate c = certify_kernel_margin(data, k);
    ASSERT_EQ(c.separable, std::optional<bool>(true)) << "set " << set << ": " << c.reason;
    // The certificate, recomputed independently: ρ never above the margin of its own v,
    // and ρ_upper never below ‖p‖.
    const Recomputed r = recompute(data, k, c.weights);
    ASSERT_LE(c.rho, r.rho) << set;
    ASSERT_GE(*c.rho_upper, r.hull_norm) << set;
    ASSERT_GT(c.rho, 0.999 * r.rho) << set;
    const double bound = c.radius * c.radius / (c.rho * c.rho);
    Json params = rbf ? Json{{"kernel", "rbf"}, {"gamma", 2.0}}
                      : Json{{"kernel", "polynomial"}, {"degree", 2}, {"coef0", 1.0}};
    auto t = test::make_learner("kernel_perceptron", data, params);
    std::uint64_t mistakes = 0;
    bool converged = false;
    std::vector<std::uint32_t> order(data.rows());
    for (int epoch = 0; epoch < 10000 && !converged; ++epoch) {
      std::iota(order.begin(), order.end(), 0u);
      for (std::size_t q = order.size(); q > 1; --q) std::swap(order[q - 1], order[rng.below(q)]);
      const EpochOutcome e =
          t.learner->train_epoch(data.view(), set % 3 == 0 ? nullptr : order.data(), nullptr);
      mistakes += e.mistakes;
      converged = e.converged;
    }
    EXPECT_TRUE(converged) << set;
    EXPECT_LE(static_cast<double>(mistakes), bound) << "set " << set;
    ++checked;
  }
  EXPECT_EQ(checked, 320);
}

}  // namespace
}  // namespace plab

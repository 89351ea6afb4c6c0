// Property test over the whole range of double, subnormals included: ‖v‖ and the bound from
// a start w₀ agree with the same quantities in long double (whose 15-bit exponent holds every
// square and product of doubles exactly in range). A subnormal ‖w₀‖ once made the engine's
// power-of-two rescaling overflow and drop the bound as "||w0||/eta overflows".
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <limits>

#include "data/dataset_loader.hpp"
#include "plugins/plugin_test_support.hpp"
#include "theory/bounds.hpp"

namespace plab {
namespace {

// sign · m · 2^e with e uniform over every binade from the subnormals to the largest, and
// one value in eight zero.
double any_double(Rng& rng) {
  if (rng.below(8) == 0) return 0.0;
  const int e = -1075 + static_cast<int>(rng.below(2099));
  const double v = std::ldexp(1.0 + rng.uniform(), e);
  const double m = std::isfinite(v) ? v : std::numeric_limits<double>::max();
  return rng.below(2) ? m : -m;
}

// |got − want| within a few roundings, in relative terms, and in absolute terms below the
// normal range where a double has fewer digits.
void expect_close(double got, long double want, double relative, const std::string& what) {
  const long double tolerance = std::max<long double>(
      relative * std::fabs(want), 4.0L * std::numeric_limits<double>::denorm_min());
  EXPECT_LE(std::fabs(static_cast<long double>(got) - want), tolerance)
      << what << ": got " << got << ", want " << static_cast<double>(want);
}

TEST(NormBoundRange, TheNormMatchesLongDoubleOverTheWholeRange) {
  Rng rng(14);
  for (int trial = 0; trial < 200000; ++trial) {
    std::vector<double> v(1 + rng.below(5));
    for (double& x : v) x = any_double(rng);
    long double sum = 0.0L;
    for (double x : v) sum += static_cast<long double>(x) * x;
    const long double want = std::sqrt(sum);
    const double got = euclidean_norm(v);
    if (want > static_cast<long double>(DBL_MAX)) {
      EXPECT_TRUE(std::isinf(got) || got == DBL_MAX) << "trial " << trial;
      continue;
    }
    expect_close(got, want, 8.0 * DBL_EPSILON, "trial " + std::to_string(trial));
    if (HasFailure()) return;
  }
}

// k₊ of bounds.hpp, in long double, with R²ₑ = R² (the perceptron family).
long double reference_bound(long double r, long double rho, long double a, long double c) {
  const long double b = r * r - 2.0L * rho * c;
  const long double t2 = 4.0L * rho * rho * (a * a - c * c);
  const long double root = std::sqrt(b * b + t2);
  const long double numerator = b >= 0 ? b + root : t2 / (root - b);
  return numerator / (2.0L * rho * rho);
}

TEST(NormBoundRange, TheInitAwareBoundMatchesLongDoubleForStartsOfAnySize) {
  DatasetSpec spec;
  spec.kind = DatasetKind::kSynthetic;
  spec.synthetic.generator = SyntheticGenerator::kSeparable;
  spec.synthetic.rows = 30;
  spec.synthetic.dim = 2;
  spec.synthetic.radius = 2.0;
  spec.synthetic.margin = 0.2;
  const LoadedData data = load_dataset_with_teacher(spec, 7);
  TheorySpec theory;  // svm
  const PointTheory facts = compute_point_theory(data.data, theory, data.teacher, false);
  ASSERT_TRUE(facts.margin.separable.value_or(false)) << facts.margin.reason;
  const auto& u = facts.margin.reference;

  const auto plugin = test::load_bundled("eta_perceptron");
  Rng rng(15);
  std::size_t checked = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    // η from 2⁻⁶⁰⁰ to 2⁶⁰⁰; w₀ entries of any size, subnormal ones included.
    const double eta = std::ldexp(1.0 + rng.uniform(), -600 + static_cast<int>(rng.below(1200)));
    const ParamSet p = resolve_params(plugin->descriptor(), Json{{"eta", eta}}, "/params");
    std::vector<double> w0(u.size());
    for (double& x : w0) x = any_double(rng);
    bool zero = true;
    for (double x : w0) zero = zero && x == 0.0;
    if (zero) continue;

    long double norm2 = 0.0L, dot = 0.0L, unorm2 = 0.0L;
    for (std::size_t j = 0; j < u.size(); ++j) {
      norm2 += static_cast<long double>(w0[j]) * w0[j];
      dot += static_cast<long double>(u[j]) * w0[j];
      unorm2 += static_cast<long double>(u[j]) * u[j];
    }
    const long double a = std::sqrt(norm2) / eta;
    const long double c = dot / std::sqrt(unorm2) / eta;
    const long double want = reference_bound(facts.radius, facts.margin.rho, a, c);

    BoundInputs in;
    // The bound the plugin declares for these params, as `plab run` asks for it.
    const LearnerSetup setup{p, data.data.task(), data.data.rows(), data.data.cols(),
                             data.data.class_names().size()};
    in.declared = plugin->declare_bound(setup);
    in.theory = &facts;
    in.data = &data.data;
    in.initial_weights = w0;
    in.mistakes = 0;
    const BoundReport b = evaluate_bound(in);
    const std::string what = "trial " + std::to_string(trial) + " eta " + std::to_string(eta);
    if (want > 1e300L) continue;  // beyond double: a refusal with a note is right there
    ASSERT_TRUE(b.applies) << what << ": " << b.note;
    ASSERT_TRUE(b.bound.has_value()) << what;
    // Rounded up on purpose, by a margin of a few hundred roundings at most.
    EXPECT_GE(static_cast<long double>(*b.bound), want * (1.0L - 1e-15L)) << what;
    EXPECT_LE(static_cast<long double>(*b.bound), want * (1.0L + 1e-9L) + 1e-300L) << what;
    ++checked;
    if (HasFailure()) return;
  }
  EXPECT_GT(checked, 5000u);
}

}  // namespace
}  // namespace plab

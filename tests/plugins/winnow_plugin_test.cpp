// Winnow (normalised exponentiated gradient) through its real shared library: hand traces
// on tiny data, the weights against an independent closed form, its bound on random sets
// and its l1-margin certificate checked independently of the engine's (docs/bounds.md,
// "Winnow").
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <numbers>

#include "data/dataset_loader.hpp"
#include "plugins/plugin_test_support.hpp"
#include "protocols/protocol.hpp"
#include "theory/bounds.hpp"
#include "theory/l1_margin.hpp"
#include "theory/winnow_bound.hpp"

namespace plab {
namespace {

using test::Trace;

Trace train(test::LearnerUnderTest& t, const Dataset& data, int max_epochs = 1000) {
  test::TraceRecorder trace;
  for (int epoch = 0; epoch < max_epochs; ++epoch) {
    if (t.learner->train_epoch(data.view(), nullptr, &trace).converged) break;
  }
  return trace.updates;
}

void expect_weights(const Trace& trace, const Trace& expected) {
  ASSERT_EQ(trace.size(), expected.size());
  for (std::size_t k = 0; k < trace.size(); ++k) {
    EXPECT_EQ(trace[k].first, expected[k].first) << "update " << k;
    ASSERT_EQ(trace[k].second.size(), expected[k].second.size());
    for (std::size_t j = 0; j < trace[k].second.size(); ++j) {
      EXPECT_NEAR(trace[k].second[j], expected[k].second[j], 1e-15) << "update " << k << ", w" << j;
    }
  }
}

TEST(Winnow, PlainHandTraceWithEtaLnTwo) {
  // x~ = (1, x1, x2). Start (1/3, 1/3, 1/3): row 0 scores 1/3 (right), row 1 scores 1/3 with
  // y = -1 (a mistake): w ∝ (2^-1, 2^1, 2^-1) = (1/6, 2/3, 1/6). Then every row is right:
  // row 0: 1/6 + 2/3 - 1/6 = 2/3; row 1: 1/6 - 2/3 + 1/6 = -1/3 (y = -1); row 2: 1.
  const Dataset data = test::binary_data({{1, -1}, {-1, 1}, {1, 1}}, {+1, -1, +1});
  auto t =
      test::make_learner("winnow", data, Json{{"eta", std::numbers::ln2}, {"variant", "plain"}});
  EXPECT_EQ(t.learner->weights()[0], 1.0 / 3.0);
  expect_weights(train(t, data), Trace{{1, {1.0 / 6, 2.0 / 3, 1.0 / 6}}});
}

TEST(Winnow, BalancedHandTraceTreatsAZeroScoreAsAMistake) {
  // x~ = (1, x1); 4 weights of 1/4, w = 0, so row 0 scores 0: a mistake. With e^eta = 2,
  // y = -1, x~ = (1, -1): w+ ∝ (1/2, 2), w- ∝ (2, 1/2), total 5: w = (-0.3, 0.3). Row 1,
  // x~ = (1, 1), scores 0 again: w+ = (0.1, 0.4)·2, w- = (0.4, 0.1)/2, total 1.25:
  // w+ = (0.16, 0.64), w- = (0.16, 0.04), w = (0, 0.6). Both rows are then right.
  const Dataset data = test::binary_data({{-1}, {1}}, {-1, +1});
  auto t =
      test::make_learner("winnow", data, Json{{"eta", std::numbers::ln2}, {"variant", "balanced"}});
  expect_weights(train(t, data), Trace{{0, {-0.3, 0.3}}, {1, {0.0, 0.6}}});
}

// The weights after the mistakes S, independently: wⱼ ∝ exp(η Σ_{t∈S} yₜ zₜⱼ), normalised
// (z = x~, or (x~, -x~) balanced), in long double. The rows that err are found by this
// model's own scores, so the trace itself is checked, not only the weights.
Trace closed_form_trace(const Dataset& data, double eta, bool balanced, int epochs) {
  const std::size_t d = data.cols();
  const std::size_t n = balanced ? 2 * d : d;
  std::vector<long double> sum(n, 0.0L);  // η Σ y z over the mistakes so far
  const auto weights = [&]() {
    long double z = 0.0L;
    for (long double s : sum) z += std::exp(s);
    std::vector<double> w(d);
    for (std::size_t j = 0; j < d; ++j) {
      const long double p = std::exp(sum[j]) / z;
      w[j] = static_cast<double>(balanced ? p - std::exp(sum[d + j]) / z : p);
    }
    return w;
  };
  Trace out;
  for (int e = 0; e < epochs; ++e) {
    bool clean = true;
    for (std::size_t i = 0; i < data.rows(); ++i) {
      const std::vector<double> w = weights();
      const double y = data.label(i) == 1 ? 1.0 : -1.0;
      long double score = 0.0L;
      for (std::size_t j = 0; j < d; ++j) score += static_cast<long double>(w[j]) * data.row(i)[j];
      if (y * score > 1e-9L) continue;  // the sets below keep every score away from 0
      clean = false;
      for (std::size_t j = 0; j < d; ++j) {
        sum[j] += static_cast<long double>(eta) * y * data.row(i)[j];
        if (balanced) sum[d + j] -= static_cast<long double>(eta) * y * data.row(i)[j];
      }
      out.emplace_back(i, weights());
    }
    if (clean) break;
  }
  return out;
}

TEST(Winnow, MistakeDrivenStepsPickTheWorstOrADrawnMistake) {
  // The balanced trace above, one step at a time. From w = 0 both rows score 0 (mistakes):
  // the worst pick takes the lowest index, row 0, giving w = (-0.3, 0.3); then only row 1
  // (score 0) is wrong, giving w = (0, 0.6); then no row is wrong.
  const Dataset data = test::binary_data({{-1}, {1}}, {-1, +1});
  const Json params{{"eta", std::numbers::ln2}, {"variant", "balanced"}};
  auto worst = test::make_learner("winnow", data, params);
  test::TraceRecorder trace;
  for (int k = 0; k < 2; ++k) {
    EXPECT_TRUE(worst.learner->train_step(data.view(), MistakePick::kWorst, 0.0, &trace).updated);
  }
  EXPECT_FALSE(worst.learner->train_step(data.view(), MistakePick::kWorst, 0.0, &trace).updated);
  expect_weights(trace.updates, Trace{{0, {-0.3, 0.3}}, {1, {0.0, 0.6}}});
  // A draw of 0.75 among the two mistakes takes the second, row 1 (x~ = (1, 1), y = +1):
  // w+ ∝ (1/2, 1/2), w- ∝ (1/8, 1/8), total 1.25: w = (0.4 - 0.1, 0.4 - 0.1) = (0.3, 0.3).
  auto drawn = test::make_learner("winnow", data, params);
  test::TraceRecorder first;
  const auto step = drawn.learner->train_step(data.view(), MistakePick::kUniform, 0.75, &first);
  EXPECT_EQ(step.sample, 1u);
  expect_weights(first.updates, Trace{{1, {0.3, 0.3}}});
}

TEST(Winnow, WeightsFollowTheClosedFormOverWholeRuns) {
  for (const bool balanced : {false, true}) {
    for (std::uint64_t seed : {3, 5, 8}) {
      // The sign of x1 + x4 + x6: a sparse nonnegative teacher. Magnitudes drawn from
      // [0.5, 1.5] keep every score away from an exact tie, where rounding would decide.
      Rng rng(seed);
      std::vector<std::vector<double>> rows;
      std::vector<int> signs;
      for (int i = 0; i < 25; ++i) {
        std::vector<double> x(8);
        for (double& v : x) v = (rng.uniform() < 0.5 ? -1.0 : 1.0) * (0.5 + rng.uniform());
        rows.push_back(x);
        signs.push_back(x[1] + x[4] + x[6] > 0 ? 1 : -1);
      }
      const Dataset data = test::binary_data(rows, signs);
      const double eta = 0.3;
      auto t = test::make_learner("winnow", data,
                                  Json{{"eta", eta}, {"variant", balanced ? "balanced" : "plain"}});
      const Trace trace = train(t, data, 200);
      const Trace expected = closed_form_trace(data, eta, balanced, 200);
      ASSERT_GT(trace.size(), 3u);
      for (std::size_t k = 0; k < std::min(trace.size(), expected.size()); ++k) {
        ASSERT_EQ(trace[k].first, expected[k].first)
            << "seed " << seed << " balanced " << balanced << " update " << k;
        for (std::size_t j = 0; j < data.cols(); ++j)
          EXPECT_NEAR(trace[k].second[j], expected[k].second[j], 1e-12);
      }
      EXPECT_EQ(trace.size(), expected.size()) << "seed " << seed << " balanced " << balanced;
    }
  }
}

// The engine's run, bound and certificate on one data set.
struct Outcome {
  BoundReport bound;
  RunOutcome run;
};

Outcome run_winnow(const Dataset& data, const PointTheory& theory, double eta, bool balanced,
                   std::uint64_t seed) {
  const auto plugin = test::load_bundled("winnow");
  const ParamSet p =
      resolve_params(plugin->descriptor(),
                     Json{{"eta", eta}, {"variant", balanced ? "balanced" : "plain"}}, "/params");
  ProtocolSpec protocol;
  protocol.max_epochs = 2000;
  protocol.order = parse_order("shuffle").value();
  const TrainingSet view = data.view();
  InitSpec init;
  init.kind = InitKind::kZero;
  RunRequest request;
  request.data = &view;
  request.plugin = plugin.get();
  request.params = &p;
  request.task = data.task();
  request.init = &init;
  request.protocol = &protocol;
  request.init_seed = derive_seed(seed, 0, 0, StreamPurpose::kInitialWeights);
  request.order_seed = derive_seed(seed, 0, 0, StreamPurpose::kOrder);
  Outcome out;
  out.run = run_protocol(request);
  BoundInputs in;
  const LearnerSetup setup{p, data.task(), data.rows(), data.cols(), data.class_names().size()};
  in.declared = plugin->declare_bound(setup);
  in.theory = &theory;
  in.data = &data;
  in.initial_weights = out.run.initial_weights;
  in.final_weights = out.run.final_weights;
  in.mistakes = out.run.mistakes;
  in.updates = out.run.updates;
  out.bound = evaluate_bound(in);
  return out;
}

// `margin` held by `theory` as the ℓ₁-margin quantity of its variant (theory/bound_unit.hpp).
const L1Margin& hold(PointTheory& theory, bool balanced, L1Margin margin) {
  auto held = std::make_shared<const L1Margin>(std::move(margin));
  theory.quantities[{"l1_margin", balanced ? "balanced" : "plain"}] = held;
  return *held;
}

// The certificate, checked without the engine's arithmetic: min yᵢ u·x̃ᵢ / ‖u‖₁ in long
// double must be at least the printed γ₁ (and close to it), u ≥ 0 for plain, and the
// LP's optimum at least the teacher's ℓ₁-margin.
void check_certificate(const Dataset& data, const L1Margin& m, double teacher_margin) {
  ASSERT_TRUE(m.positive.value_or(false)) << m.reason;
  ASSERT_EQ(m.u.size(), data.cols());
  long double l1 = 0.0L;
  for (double v : m.u) {
    if (!m.balanced) {
      EXPECT_GE(v, 0.0);
    }
    l1 += std::fabs(static_cast<long double>(v));
  }
  long double smallest = 1e300L;
  for (std::size_t i = 0; i < data.rows(); ++i) {
    long double s = 0.0L;
    for (std::size_t j = 0; j < data.cols(); ++j)
      s += static_cast<long double>(m.u[j]) * data.row(i)[j];
    smallest = std::min(smallest, (data.label(i) == 1 ? s : -s) / l1);
  }
  EXPECT_LE(m.gamma1, static_cast<double>(smallest));
  EXPECT_GE(m.gamma1, static_cast<double>(smallest) * (1.0 - 1e-9));
  EXPECT_GE(m.gamma1, teacher_margin * (1.0 - 1e-9));
  long double r = 0.0L;
  for (std::size_t i = 0; i < data.rows(); ++i)
    for (std::size_t j = 0; j < data.cols(); ++j)
      r = std::max(r, std::fabs(static_cast<long double>(data.row(i)[j])));
  EXPECT_EQ(m.r_inf, static_cast<double>(r));
}

struct RandomSet {
  Dataset data;
  double teacher_margin;  // the l1-margin of the generating teacher
};

RandomSet random_set(Rng& rng, bool balanced) {
  if (balanced) {
    // A k-literal disjunction over Boolean features (the synthetic generator's).
    DatasetSpec spec;
    spec.kind = DatasetKind::kSynthetic;
    spec.synthetic.generator = SyntheticGenerator::kDisjunction;
    spec.synthetic.rows = 10 + rng.below(30);
    spec.synthetic.dim = 3 + rng.below(30);
    spec.synthetic.literals = 1 + rng.below(3);
    spec.synthetic.density = 0.2 + 0.6 * rng.uniform();
    return {load_dataset(spec, rng.next()),
            1.0 / static_cast<double>(2 * spec.synthetic.literals + 1)};
  }
  // A majority of k (odd) +-1 literals: a nonnegative teacher (bias 0), l1-margin 1/k.
  const std::size_t dim = 5 + rng.below(20);
  const std::size_t k = 1 + 2 * rng.below(3);
  std::vector<std::vector<double>> rows;
  std::vector<int> signs;
  const std::size_t n = 10 + rng.below(30);
  for (std::size_t i = 0; i < n; ++i) {
    std::vector<double> x(dim);
    for (double& v : x) v = rng.uniform() < 0.5 ? -1.0 : 1.0;
    if (i == 0) x.assign(dim, 1.0);  // both classes present
    if (i == 1) x.assign(dim, -1.0);
    double s = 0;
    for (std::size_t j = 0; j < k; ++j) s += x[j];
    rows.push_back(x);
    signs.push_back(s > 0 ? 1 : -1);
  }
  return {test::binary_data(rows, signs), 1.0 / static_cast<double>(k)};
}

TEST(Winnow, NeverExceedsItsBoundOnRandomSets) {
  Rng rng(2222);
  std::size_t applied = 0;
  std::size_t not_applied = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const bool balanced = trial % 2 == 1;
    const RandomSet set = random_set(rng, balanced);
    const Dataset& data = set.data;
    const double teacher_margin = set.teacher_margin;
    PointTheory theory;
    theory.radius = data_radius(data);
    const L1Margin& m =
        hold(theory, balanced, find_l1_margin(data, balanced, kDefaultOracleWork, 10.0));
    check_certificate(data, m, teacher_margin);
    const double tuned = m.gamma1 / m.r_inf / m.r_inf;
    // The tuned eta, smaller and larger ones, and one past the range where the bound applies.
    const double factor = std::vector<double>{1.0, 0.3, 1.7, 3.0}[trial % 4];
    const Outcome out = run_winnow(data, theory, tuned * factor, balanced, rng.next());
    ASSERT_EQ(out.run.status, RunStatus::kConverged) << out.run.error;
    // At 3x the tuned eta, 3 (gamma_1/R)^2 <= ln cosh(3 gamma_1/R) unless gamma_1/R > 0.66.
    if (!out.bound.applies) {
      EXPECT_EQ(factor, 3.0) << out.bound.note;
      EXPECT_LT(m.gamma1 / m.r_inf, 0.7);
      EXPECT_NE(out.bound.note.find("does not apply"), std::string::npos) << out.bound.note;
      ++not_applied;
      continue;
    }
    ++applied;
    EXPECT_TRUE(out.bound.holds.value_or(false))
        << out.run.mistakes << " mistakes > bound " << *out.bound.bound;
    if (factor == 1.0) {
      // At the tuned eta: at most 2 ln N (R/gamma)^2 (the ln cosh form is below it).
      const double n = static_cast<double>((balanced ? 2 : 1) * data.cols());
      const double r = m.r_inf / m.gamma1;
      EXPECT_LE(*out.bound.bound, 2.0 * std::log(n) * r * r * (1.0 + 1e-12));
    }
  }
  EXPECT_GE(applied, 225u);
  EXPECT_GE(not_applied, 20u);
}

TEST(Winnow, NoBoundWithoutACertifiedPositiveMargin) {
  // Plain winnow with the bias on the simplex cannot score a negative sample below 0 on
  // nonnegative data: the LP's optimum is <= 0, and the bound does not apply.
  const Dataset data = test::binary_data({{1, 0}, {0, 1}, {0, 0}}, {+1, +1, -1});
  const L1Margin m = find_l1_margin(data, false, kDefaultOracleWork, 10.0);
  EXPECT_FALSE(m.positive.value_or(false));
  EXPECT_NE(m.reason.find("<= 0"), std::string::npos) << m.reason;
  PointTheory theory;
  hold(theory, false, m);
  const Outcome out = run_winnow(data, theory, 0.5, false, 1);
  EXPECT_FALSE(out.bound.applies);
  EXPECT_EQ(out.bound.kind, "winnow");
  EXPECT_NE(out.bound.note.find("the winnow bound does not apply"), std::string::npos);
  // The balanced variant separates it (bias negative), and its bound applies.
  PointTheory balanced;
  // u = (-1, 2, 2)/5: margin 1/5 on every row, the optimum (b - a = a, a + 2b = 1).
  check_certificate(
      data, hold(balanced, true, find_l1_margin(data, true, kDefaultOracleWork, 10.0)), 0.2);
}

TEST(Winnow, LogCoshIsAccurateFromTinyToHugeArguments) {
  EXPECT_NEAR(log_cosh(1e-8), 5e-17, 1e-30);
  EXPECT_NEAR(log_cosh(0.5), std::log(std::cosh(0.5)), 1e-16);
  EXPECT_NEAR(log_cosh(1000.0), 1000.0 - std::numbers::ln2, 1e-12);
  EXPECT_FALSE(winnow_bound_value(1.0, 0.1, 1.0, 10).has_value());  // 0.1 < ln cosh 1
  const auto b = winnow_bound_value(0.1, 0.1, 1.0, 10);
  ASSERT_TRUE(b.has_value());
  EXPECT_NEAR(*b, std::log(10.0) / (0.01 - std::log(std::cosh(0.1))), 1e-9);
}

TEST(Winnow, RefusesAStartOffTheSimplex) {
  const Dataset data = test::binary_data({{1}, {-1}}, {+1, -1});
  const auto plugin = test::load_bundled("winnow");
  const ParamSet p = resolve_params(plugin->descriptor(), Json::object(), "/params");
  const LearnerSetup setup{p, data.task(), data.rows(), data.cols(), 2};
  const auto learner = plugin->create(setup);
  learner->weights()[1] = 0.25;
  try {
    learner->on_start(data.view());
    FAIL() << "a nonzero start was accepted";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("winnow starts from the uniform weights"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace plab

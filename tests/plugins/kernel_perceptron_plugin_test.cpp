// The kernel perceptron through its real shared library: hand traces, the linear kernel
// against the linear perceptron, the kernel-row cache.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <numeric>

#include "base/random.hpp"
#include "plugins/plugin_test_support.hpp"

namespace plab {
namespace {

using test::Trace;

// Records the rows updated on; the weights a non-linear kernel reports stay w₀.
struct Rows : UpdateObserver {
  void on_update(std::size_t sample, std::span<const double> /*w*/) override {
    rows.push_back(sample);
  }
  std::vector<std::size_t> rows;
};

struct Metrics : MetricSink {
  void put(std::string_view name, double value) override { values[std::string(name)] = value; }
  std::map<std::string, double> values;
};

// XOR on the corners: x̃ = [1,1,1] +, [1,−1,−1] +, [1,1,−1] −, [1,−1,1] −.
Dataset xor_corners() {
  return test::binary_data({{1, 1}, {-1, -1}, {1, -1}, {-1, 1}}, {+1, +1, -1, -1});
}

const Json kQuadratic = Json{{"kernel", "polynomial"}, {"degree", 2}, {"coef0", 1}, {"scale", 1}};

TEST(KernelPerceptronPlugin, DeclaresKernelNovikoffWithItsKernel) {
  const auto plugin = test::load_bundled("kernel_perceptron");
  EXPECT_EQ(plugin->descriptor().abi_version, kAbiVersion);
  EXPECT_EQ(plugin->descriptor().orders, OrderSupport::kMistakeDriven);
  const ParamSet params = resolve_params(
      plugin->descriptor(),
      Json{{"kernel", "polynomial"}, {"degree", 3}, {"coef0", 0.5}, {"scale", 2}}, "/params");
  const BoundDeclaration b = plugin->declare_bound({params, TaskKind::kBinary, 4, 3, 2});
  EXPECT_EQ(b.form, BoundForm::kKernelNovikoff);
  EXPECT_EQ(b.counts, BoundCount::kMistakes);
  EXPECT_EQ(b.eta, 1.0);
  EXPECT_EQ(b.kernel.kind, KernelKind::kPolynomial);
  EXPECT_EQ(b.kernel.degree, 3u);
  EXPECT_EQ(b.kernel.coef0, 0.5);
  EXPECT_EQ(b.kernel.scale, 2.0);
  const ParamSet rbf =
      resolve_params(plugin->descriptor(), Json{{"kernel", "rbf"}, {"gamma", 0.25}}, "/params");
  const BoundDeclaration r = plugin->declare_bound({rbf, TaskKind::kBinary, 4, 3, 2});
  EXPECT_EQ(r.kernel.kind, KernelKind::kRbf);
  EXPECT_EQ(r.kernel.gamma, 0.25);
}

TEST(KernelPerceptronPlugin, HandTraceOfXorWithTheQuadraticKernel) {
  // Dots x̃ᵢ·x̃ⱼ: 3 on the diagonal, −1 for (0,1) and (2,3), 1 otherwise; K = (dot + 1)²:
  // 16, 0 for (0,1) and (2,3), 4 otherwise. Epoch 1: f(x₀) = 0, a tie: α₀ = 1; f(x₁) =
  // K₀₁ = 0: α₁ = 1; f(x₂) = K₀₂ + K₁₂ = 8 with y = −1: α₂ = 1; f(x₃) = 4 + 4 − 0 = 8:
  // α₃ = 1. Epoch 2: f = 16 + 0 − 4 − 4 = 8 = y·f for every row: clean.
  const Dataset data = xor_corners();
  auto t = test::make_learner("kernel_perceptron", data, kQuadratic);
  Rows rows;
  const EpochOutcome first = t.learner->train_epoch(data.view(), nullptr, &rows);
  EXPECT_EQ(first.mistakes, 4u);
  EXPECT_EQ(rows.rows, (std::vector<std::size_t>{0, 1, 2, 3}));
  EXPECT_TRUE(t.learner->train_epoch(data.view(), nullptr, &rows).converged);
  EXPECT_EQ(t.learner->count_errors(data.view()), 0u);
  Metrics m;
  t.learner->report_metrics(data.view(), m);
  EXPECT_EQ(m.values["support_rows"], 4.0);
  // A non-linear model reports w₀ (here 0) as its weights.
  for (double w : t.learner->weights()) EXPECT_EQ(w, 0.0);
}

TEST(KernelPerceptronPlugin, HandTraceWhereARowIsUpdatedTwice) {
  // 1-D, x̃ = [1,0] +, [1,2] −, [1,−2] −, K = (x̃·x̃')² (coef0 0): K₀₀ = K₀₁ = K₀₂ = 1,
  // K₁₁ = K₂₂ = 25, K₁₂ = 9. Epoch 1: f(x₀) = 0: α₀ = 1; f(x₁) = 1, y = −1: α₁ = 1;
  // f(x₂) = 1 − 9 = −8: fine. Epoch 2: f(x₀) = 1 − 1 = 0, a tie: α₀ = 2; f(x₁) = 2 − 25,
  // f(x₂) = 2 − 9: fine. Epoch 3: f(x₀) = 2 − 1 = 1: clean. α = (2, 1, 0), 3 mistakes.
  const Dataset data = test::binary_data({{0}, {2}, {-2}}, {+1, -1, -1});
  auto t = test::make_learner("kernel_perceptron", data,
                              Json{{"kernel", "polynomial"}, {"degree", 2}, {"coef0", 0}});
  Rows rows;
  EXPECT_EQ(t.learner->train_epoch(data.view(), nullptr, &rows).mistakes, 2u);
  EXPECT_EQ(t.learner->train_epoch(data.view(), nullptr, &rows).mistakes, 1u);
  EXPECT_TRUE(t.learner->train_epoch(data.view(), nullptr, &rows).converged);
  EXPECT_EQ(rows.rows, (std::vector<std::size_t>{0, 1, 0}));
}

TEST(KernelPerceptronPlugin, TiePositiveAndWorstMistakeOnTheHandTrace) {
  // tie "positive": f(x₀) = 0 predicts +1 = y, no update; f(x₁) = 0 predicts +1, also right;
  // f(x₂) = 0 predicts +1 ≠ −1: α₂ = 1; f(x₃) = −K₂₃ = 0 predicts +1: α₃ = 1.
  const Dataset data = xor_corners();
  Json params = kQuadratic;
  params["tie"] = "positive";
  auto t = test::make_learner("kernel_perceptron", data, params);
  Rows rows;
  t.learner->train_epoch(data.view(), nullptr, &rows);
  EXPECT_EQ(rows.rows, (std::vector<std::size_t>{2, 3}));
  // worst_mistake from zero: every margin is 0, the lowest index wins: row 0. Then
  // y·f = 16, 0, −4, −4: rows 2 and 3 tie at −4, row 2 (lowest) is taken.
  auto w = test::make_learner("kernel_perceptron", data, kQuadratic);
  Rows steps;
  ASSERT_TRUE(w.learner->train_step(data.view(), MistakePick::kWorst, 0.0, &steps).updated);
  ASSERT_TRUE(w.learner->train_step(data.view(), MistakePick::kWorst, 0.0, &steps).updated);
  EXPECT_EQ(steps.rows, (std::vector<std::size_t>{0, 2}));
}

// Integer data of small magnitude: every product and partial sum of either form is an
// integer below 2⁵³, so both compute every score exactly and the runs must agree.
Dataset integer_data(std::uint64_t seed, std::size_t rows, std::size_t dim, bool separable) {
  Rng rng(seed);
  std::vector<int> teacher(dim + 1);
  for (int& t : teacher) t = static_cast<int>(rng.below(7)) - 3;
  std::vector<std::vector<double>> points;
  std::vector<int> signs;
  while (points.size() < rows) {
    std::vector<double> x(dim);
    int score = teacher[0];
    for (std::size_t j = 0; j < dim; ++j) {
      x[j] = static_cast<double>(static_cast<int>(rng.below(9)) - 4);
      score += teacher[j + 1] * static_cast<int>(x[j]);
    }
    if (separable && score == 0) continue;
    points.push_back(x);
    signs.push_back(separable ? (score > 0 ? 1 : -1) : (rng.below(2) == 0 ? 1 : -1));
  }
  return test::binary_data(points, signs);
}

enum class Order { kCyclic, kShuffled, kRandomMistake, kWorstMistake };

// Trains up to `epochs` epochs (or steps) and returns the updates with their weights.
Trace train(const std::string& plugin, const Json& params, const Dataset& data, Order order,
            std::uint64_t seed, int epochs, std::vector<std::uint64_t>& per_epoch) {
  auto t = test::make_learner(plugin, data, params);
  test::TraceRecorder trace;
  Rng rng(seed);
  std::vector<std::uint32_t> perm(data.rows());
  for (int e = 0; e < epochs; ++e) {
    if (order == Order::kRandomMistake || order == Order::kWorstMistake) {
      const auto pick = order == Order::kWorstMistake ? MistakePick::kWorst : MistakePick::kUniform;
      if (!t.learner->train_step(data.view(), pick, rng.uniform(), &trace).updated) break;
      continue;
    }
    std::iota(perm.begin(), perm.end(), 0u);
    for (std::size_t k = perm.size(); k > 1; --k) std::swap(perm[k - 1], perm[rng.below(k)]);
    const EpochOutcome o = t.learner->train_epoch(
        data.view(), order == Order::kShuffled ? perm.data() : nullptr, &trace);
    per_epoch.push_back(o.mistakes);
    if (o.converged) break;
  }
  return trace.updates;
}

TEST(KernelPerceptronPlugin, LinearKernelMakesExactlyTheLinearPerceptronsMistakes) {
  int runs = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    for (bool separable : {true, false}) {
      const Dataset data = integer_data(seed, 40 + 10 * seed, 2 + seed % 4, separable);
      for (Order order :
           {Order::kCyclic, Order::kShuffled, Order::kRandomMistake, Order::kWorstMistake}) {
        for (const char* tie : {"mistake", "positive"}) {
          std::vector<std::uint64_t> linear_epochs;
          std::vector<std::uint64_t> kernel_epochs;
          const Trace linear =
              train("perceptron", Json{{"tie", tie}}, data, order, seed, 60, linear_epochs);
          const Trace kernel = train("kernel_perceptron", Json{{"kernel", "linear"}, {"tie", tie}},
                                     data, order, seed, 60, kernel_epochs);
          ASSERT_FALSE(linear.empty());
          // Same rows, in the same order, and the same weights after every update (the
          // reported primal weights are Σ yᵢx̃ᵢ added as the perceptron adds them).
          EXPECT_EQ(kernel, linear) << "seed " << seed << " order " << static_cast<int>(order);
          EXPECT_EQ(kernel_epochs, linear_epochs);
          ++runs;
        }
      }
    }
  }
  EXPECT_EQ(runs, 96);
}

TEST(KernelPerceptronPlugin, CacheBudgetChangesNoScore) {
  // An rbf run with every row cached, with none, and with a budget of two rows: the same
  // rows are updated on, in the same order (a cached value is the recomputed double).
  const Dataset data = test::separable_data(41, 60, 3);
  const double two_rows_mb = 2.0 * 8.0 * 60.0 / (1024.0 * 1024.0);
  std::vector<std::vector<std::size_t>> seen;
  std::vector<double> cached;
  for (double mb : {256.0, 0.0, two_rows_mb}) {
    auto t = test::make_learner("kernel_perceptron", data,
                                Json{{"kernel", "rbf"}, {"gamma", 0.5}, {"cache_mb", mb}});
    Rows rows;
    for (int e = 0; e < 50; ++e) {
      if (t.learner->train_epoch(data.view(), nullptr, &rows).converged) break;
    }
    Metrics m;
    t.learner->report_metrics(data.view(), m);
    cached.push_back(m.values["cached_kernel_rows"]);
    EXPECT_EQ(t.learner->count_errors(data.view()), 0u);
    seen.push_back(rows.rows);
  }
  EXPECT_EQ(seen[1], seen[0]);
  EXPECT_EQ(seen[2], seen[0]);
  EXPECT_GT(cached[0], 2.0);
  EXPECT_EQ(cached[1], 0.0);
  EXPECT_EQ(cached[2], 2.0);
}

}  // namespace
}  // namespace plab

// The hinge (Freund–Schapire) bounds past separability (docs/bounds.md, "Past
// separability"): simulated learners on random noisy sets never exceed them, and every
// engine bound is at least an independent long-double evaluation from its candidate.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <vector>

#include "base/random.hpp"
#include "theory/hinge_bound.hpp"
#include "theory/point_theory.hpp"

namespace plab {
namespace {

struct Noisy {
  Dataset data;
  std::vector<std::vector<double>> x;  // augmented rows
  std::vector<int> label;              // class index (binary: 1 is +1)
};

// n samples, `features` Gaussian features and the bias, labelled by a random teacher (k
// classes: the argmax of k random rows), each label replaced by another with `flip`.
Noisy noisy_set(Rng& rng, std::size_t n, std::size_t features, std::size_t k, double flip) {
  Noisy s;
  const std::size_t d = features + 1;
  std::vector<double> teacher(k * d);
  for (double& t : teacher) t = rng.gaussian();
  std::vector<double> values;
  std::vector<std::int32_t> labels;
  for (std::size_t i = 0; i < n; ++i) {
    std::vector<double> row{1.0};
    for (std::size_t j = 0; j < features; ++j) row.push_back(rng.gaussian());
    int y = 0;
    if (k == 2) {
      double score = 0.0;
      for (std::size_t j = 0; j < d; ++j) score += teacher[j] * row[j];
      y = score > 0 ? 1 : 0;
    } else {
      double best = -1e300;
      for (std::size_t c = 0; c < k; ++c) {
        double score = 0.0;
        for (std::size_t j = 0; j < d; ++j) score += teacher[c * d + j] * row[j];
        if (score > best) best = score, y = static_cast<int>(c);
      }
    }
    if (rng.uniform() < flip) y = static_cast<int>((y + 1 + rng.below(k - 1)) % k);
    values.insert(values.end(), row.begin() + 1, row.end());
    labels.push_back(y);
    s.x.push_back(row);
    s.label.push_back(y);
  }
  std::vector<std::string> names;
  for (std::size_t c = 0; c < k; ++c) names.push_back("c" + std::to_string(c));
  std::vector<std::string> features_names;
  for (std::size_t j = 0; j < features; ++j) features_names.push_back("x" + std::to_string(j));
  s.data = Dataset(values, n, features, true, k == 2 ? TaskKind::kBinary : TaskKind::kMulticlass,
                   labels, names, features_names);
  return s;
}

std::vector<std::size_t> epoch_order(Rng& rng, std::size_t n, bool shuffle) {
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  if (shuffle) {
    for (std::size_t i = n; i > 1; --i) std::swap(order[i - 1], order[rng.below(i)]);
  }
  return order;
}

// The learners as the bundled plugins define them (docs/bounds.md), counting updates over
// `epochs` epochs (binary: w is d values; Kesler: k rows of d).
struct Run {
  std::uint64_t mistakes = 0;
  std::vector<std::uint64_t> per_sample;  // updates each sample caused (online learners)
};

Run binary_perceptron(const Noisy& s, std::vector<double> w, double eta, double tau,
                      std::uint64_t epochs, bool shuffle, Rng& rng) {
  Run run;
  const std::size_t d = w.size();
  for (std::uint64_t t = 0; t < epochs; ++t) {
    for (std::size_t i : epoch_order(rng, s.x.size(), shuffle)) {
      const double y = s.label[i] == 1 ? 1.0 : -1.0;
      double score = 0.0;
      for (std::size_t j = 0; j < d; ++j) score += w[j] * s.x[i][j];
      if (y * score <= tau) {
        for (std::size_t j = 0; j < d; ++j) w[j] += eta * y * s.x[i][j];
        ++run.mistakes;
        run.per_sample.resize(s.x.size());
        ++run.per_sample[i];
      }
    }
  }
  return run;
}

Run kesler_perceptron(const Noisy& s, std::vector<double> w, std::size_t k, double eta,
                      std::uint64_t epochs, bool shuffle, Rng& rng) {
  Run run;
  const std::size_t d = s.x.front().size();
  std::vector<double> score(k);
  for (std::uint64_t t = 0; t < epochs; ++t) {
    for (std::size_t i : epoch_order(rng, s.x.size(), shuffle)) {
      for (std::size_t c = 0; c < k; ++c) {
        score[c] = 0.0;
        for (std::size_t j = 0; j < d; ++j) score[c] += w[c * d + j] * s.x[i][j];
      }
      const auto y = static_cast<std::size_t>(s.label[i]);
      for (std::size_t c = 0; c < k; ++c) {
        if (c == y || score[c] < score[y]) continue;  // "strict": the lowest such c
        for (std::size_t j = 0; j < d; ++j) {
          w[y * d + j] += eta * s.x[i][j];
          w[c * d + j] -= eta * s.x[i][j];
        }
        ++run.mistakes;
        run.per_sample.resize(s.x.size());
        ++run.per_sample[i];
        break;
      }
    }
  }
  return run;
}

// Plain-sum batch perceptron, counting the misclassified samples Σ mₜ over `epochs` updates.
Run batch_summed(const Noisy& s, std::vector<double> w, double eta, std::uint64_t epochs) {
  Run run;
  const std::size_t d = w.size();
  for (std::uint64_t t = 0; t < epochs; ++t) {
    std::vector<double> g(d, 0.0);
    for (std::size_t i = 0; i < s.x.size(); ++i) {
      const double y = s.label[i] == 1 ? 1.0 : -1.0;
      double score = 0.0;
      for (std::size_t j = 0; j < d; ++j) score += w[j] * s.x[i][j];
      if (y * score > 0) continue;
      for (std::size_t j = 0; j < d; ++j) g[j] += y * s.x[i][j];
      ++run.mistakes;
    }
    for (std::size_t j = 0; j < d; ++j) w[j] += eta * g[j];
  }
  return run;
}

// The bound of candidate v evaluated in long double from the data alone, without the
// engine's certified norms: ((B + √(B² + 4E))/2)², B = √f·R‖v‖ + √T‖h₁(v)‖.
long double independent_bound(const Noisy& s, std::size_t k, const std::vector<double>& v,
                              const std::vector<double>& w0, double eta, double factor,
                              std::uint64_t epochs) {
  const std::size_t d = s.x.front().size();
  long double r2 = 0;
  long double hinge2 = 0;
  for (std::size_t i = 0; i < s.x.size(); ++i) {
    long double norm2 = 0;
    for (double x : s.x[i]) norm2 += static_cast<long double>(x) * x;
    r2 = std::max(r2, norm2);
    long double margin = 0;
    if (k == 2) {
      for (std::size_t j = 0; j < d; ++j) margin += static_cast<long double>(v[j]) * s.x[i][j];
      if (s.label[i] != 1) margin = -margin;
    } else {
      const auto y = static_cast<std::size_t>(s.label[i]);
      margin = 1e300L;
      for (std::size_t c = 0; c < k; ++c) {
        if (c == y) continue;
        long double diff = 0;
        for (std::size_t j = 0; j < d; ++j)
          diff += (static_cast<long double>(v[y * d + j]) - v[c * d + j]) * s.x[i][j];
        margin = std::min(margin, diff);
      }
    }
    const long double h = std::max(0.0L, 1.0L - margin);
    hinge2 += h * h;
  }
  long double v2 = 0;
  long double w2 = 0;
  long double dot = 0;
  for (std::size_t j = 0; j < v.size(); ++j) {
    v2 += static_cast<long double>(v[j]) * v[j];
    w2 += static_cast<long double>(w0[j]) * w0[j];
    dot += static_cast<long double>(v[j]) * w0[j];
  }
  const long double b = std::sqrt(factor * r2 * v2) + std::sqrt(epochs * hinge2);
  const long double e = std::sqrt(v2) * std::sqrt(w2) / eta - dot / eta;
  const long double root = (b + std::sqrt(b * b + 4 * std::max(e, 0.0L))) / 2;
  return root * root;
}

struct Case {
  BoundForm form = BoundForm::kNovikoff;
  std::size_t classes = 2;
  double tau = 0.0;
};

// Draws a set and a run for `c`, checks count ≤ engine bound, and engine bound ≥ the
// independent evaluation of every candidate's minimum. Returns count / bound.
double check_one(Rng& rng, const Case& c) {
  const std::size_t n = 10 + rng.below(31);
  const std::size_t features = 1 + rng.below(3);
  const double flip = 0.01 + 0.29 * rng.uniform();
  const Noisy s = noisy_set(rng, n, features, c.classes, flip);
  const std::vector<HingeCandidate> candidates = hinge_candidates(s.data, 20.0);
  EXPECT_FALSE(candidates.empty());
  const std::size_t size = c.classes == 2 ? features + 1 : c.classes * (features + 1);
  std::vector<double> w0(size, 0.0);
  if (rng.below(2) == 1) {
    for (double& w : w0) w = 3.0 * rng.gaussian();
  }
  const double eta = std::array{0.25, 1.0, 3.0}[rng.below(3)];
  const std::uint64_t epochs = 1 + rng.below(40);
  const bool shuffle = rng.below(2) == 1;
  Run run;
  switch (c.form) {
    case BoundForm::kKesler:
      run = kesler_perceptron(s, w0, c.classes, eta, epochs, shuffle, rng);
      break;
    case BoundForm::kBatchSummed:
      run = batch_summed(s, w0, eta, epochs);
      break;
    default:
      run = binary_perceptron(s, w0, eta, c.tau, epochs, shuffle, rng);
  }
  HingeBoundInputs in;
  in.declared.form = c.form;
  in.declared.counts = BoundCount::kMistakes;
  in.declared.eta = eta;
  in.declared.tau = c.tau;
  in.radius = data_radius(s.data);
  in.rows = n;
  in.candidates = &candidates;
  in.initial_weights = w0;
  in.epochs = epochs;
  in.counted = run.mistakes;
  in.each_sample_once_per_epoch = true;
  const HingeBoundReport h = evaluate_hinge_bound(in);
  if (!h.bound) {
    ADD_FAILURE() << "no hinge bound";
    return 0.0;
  }
  EXPECT_LE(static_cast<double>(run.mistakes), *h.bound) << "n " << n << " flip " << flip;
  EXPECT_EQ(h.holds, true);
  EXPECT_EQ(h.kind, std::all_of(w0.begin(), w0.end(), [](double w) { return w == 0.0; })
                        ? "hinge_sequence"
                        : "hinge_sequence_init");
  // f of the form, from the data's exact R (the engine's R is rounded up).
  long double r2 = 0;
  for (const auto& row : s.x) {
    long double norm2 = 0;
    for (double x : row) norm2 += static_cast<long double>(x) * x;
    r2 = std::max(r2, norm2);
  }
  const double factor = c.form == BoundForm::kKesler        ? 2.0
                        : c.form == BoundForm::kBatchSummed ? static_cast<double>(n)
                                                            : 1.0 + 2.0 * c.tau / eta / r2;
  long double best = 1e300L;
  for (const HingeCandidate& cand : candidates) {
    best = std::min(best, independent_bound(s, c.classes, cand.v, w0, eta, factor, epochs));
  }
  // Certified: never below the exact value of its own candidate, and close to the best.
  EXPECT_GE(static_cast<long double>(*h.bound), best * (1 - 1e-12L));
  EXPECT_LE(static_cast<long double>(*h.bound), best * (1 + 1e-6L));
  // The mistake-round form from the run's per-sample counts: it holds, and it is never
  // above the sequence form (L ≤ √k·√T‖h₁‖ for every candidate).
  if (c.form != BoundForm::kBatchSummed) {
    std::vector<std::uint64_t> counts = run.per_sample;
    counts.resize(n, 0);
    const MistakeRoundReport m = evaluate_mistake_round_bound(in, counts);
    EXPECT_TRUE(m.bound.has_value());
    if (m.bound) {
      EXPECT_LE(static_cast<double>(run.mistakes), *m.bound) << "n " << n << " flip " << flip;
      EXPECT_EQ(m.holds, true);
      EXPECT_LE(*m.bound, *h.bound * (1 + 1e-9));
    }
  }
  return static_cast<double>(run.mistakes) / *h.bound;
}

TEST(HingeBound, PerceptronOnNoisySetsNeverExceedsIt) {
  Rng rng(18);
  for (int trial = 0; trial < 500; ++trial) check_one(rng, {});
}

TEST(HingeBound, MarginPerceptronNeverExceedsIt) {
  Rng rng(1818);
  for (int trial = 0; trial < 60; ++trial) check_one(rng, {BoundForm::kMarginPerceptron, 2, 0.5});
}

TEST(HingeBound, KeslerOnNoisyThreeClassSetsNeverExceedsIt) {
  Rng rng(181818);
  for (int trial = 0; trial < 40; ++trial) check_one(rng, {BoundForm::kKesler, 3, 0.0});
}

TEST(HingeBound, PlainSumBatchNeverExceedsIt) {
  Rng rng(18181818);
  for (int trial = 0; trial < 60; ++trial) check_one(rng, {BoundForm::kBatchSummed, 2, 0.0});
}

TEST(HingeBound, NotForMistakeDrivenOrdersOrTheAveragedBatchStep) {
  Rng rng(7);
  const Noisy s = noisy_set(rng, 30, 2, 2, 0.2);
  const std::vector<HingeCandidate> candidates = hinge_candidates(s.data, 20.0);
  ASSERT_FALSE(candidates.empty());
  std::vector<double> w0(3, 0.0);
  HingeBoundInputs in;
  in.declared = {.form = BoundForm::kNovikoff, .counts = BoundCount::kMistakes, .eta = 1.0};
  in.radius = data_radius(s.data);
  in.rows = 30;
  in.candidates = &candidates;
  in.initial_weights = w0;
  in.epochs = 10;
  in.each_sample_once_per_epoch = true;
  EXPECT_TRUE(evaluate_hinge_bound(in).bound);
  in.each_sample_once_per_epoch = false;  // random_mistake, worst_mistake
  EXPECT_FALSE(evaluate_hinge_bound(in).bound);
  in.each_sample_once_per_epoch = true;
  in.declared.form = BoundForm::kBatchAveraged;
  in.declared.counts = BoundCount::kUpdates;
  EXPECT_FALSE(evaluate_hinge_bound(in).bound);
}

TEST(HingeBound, CertifiedNormsAreNeverBelowTheExactOnes) {
  Rng rng(99);
  const Noisy s = noisy_set(rng, 40, 3, 2, 0.1);
  for (const HingeCandidate& c : hinge_candidates(s.data, 20.0)) {
    long double v2 = 0;
    for (double x : c.v) v2 += static_cast<long double>(x) * x;
    EXPECT_GE(static_cast<long double>(c.v_norm), std::sqrt(v2));
    // The bound of T = 1 from zero is (R‖v‖ + ‖h₁‖)²: the hinge norm alone from R = 0.
    const long double h2 = independent_bound(s, 2, c.v, std::vector<double>(4, 0.0), 1.0, 0.0, 1);
    EXPECT_GE(static_cast<long double>(c.hinge_norm), std::sqrt(h2));
    EXPECT_LE(static_cast<long double>(c.hinge_norm), std::sqrt(h2) * (1 + 1e-9L) + 1e-12L);
  }
}

TEST(HingeBound, TheGridIsTheDocumentedOne) {
  const std::vector<double>& grid = hinge_grid();
  ASSERT_EQ(grid.size(), 9U);
  EXPECT_DOUBLE_EQ(grid.front(), 1e-2);
  EXPECT_DOUBLE_EQ(grid.back(), 1e2);
}

}  // namespace
}  // namespace plab

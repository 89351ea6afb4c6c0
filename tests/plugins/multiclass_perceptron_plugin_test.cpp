// The multi-class perceptron through its real shared library.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <random>
#include <span>
#include <vector>

#include "plugins/plugin_test_support.hpp"

namespace plab {
namespace {

using test::Trace;

Dataset classes_data(const std::vector<std::vector<double>>& rows,
                     const std::vector<std::int32_t>& labels, std::size_t classes) {
  std::vector<double> values;
  for (const auto& r : rows) values.insert(values.end(), r.begin(), r.end());
  std::vector<std::string> names;
  for (std::size_t c = 0; c < classes; ++c) names.push_back("c" + std::to_string(c));
  std::vector<std::string> features;
  for (std::size_t j = 0; j < rows.front().size(); ++j) features.push_back("x" + std::to_string(j));
  return Dataset(values, rows.size(), rows.front().size(), true, TaskKind::kMulticlass, labels,
                 names, features);
}

// x = 2 → class 0, x = −2 → class 1, x = 0 → class 2; augmented x̃ = [1, x].
Dataset three_points() { return classes_data({{2}, {-2}, {0}}, {0, 1, 2}, 3); }

TEST(MulticlassPerceptronPlugin, StrictTieTraceByHand) {
  const Dataset data = three_points();
  auto t = test::make_learner("multiclass_perceptron", data);
  test::TraceRecorder trace;
  // Sample 0: all scores 0, so class 1 (lowest other) ties with y = 0: mistake, ŷ = 1:
  // w0 = [1,2], w1 = [−1,−2]. Sample 1: scores −3, 3, 0: right. Sample 2: scores 1, −1, 0:
  // class 0 beats y = 2: w2 = [1,0], w0 = [0,2]. Epoch 2 is clean.
  EXPECT_EQ(t.learner->train_epoch(data.view(), nullptr, &trace).mistakes, 2u);
  EXPECT_TRUE(t.learner->train_epoch(data.view(), nullptr, &trace).converged);
  EXPECT_EQ(trace.updates, (Trace{{0, {1, 2, -1, -2, 0, 0}}, {2, {0, 2, -1, -2, 1, 0}}}));
  EXPECT_EQ(t.learner->shape().rows, 3u);
}

TEST(MulticlassPerceptronPlugin, FirstTieFavoursLowIndices) {
  const Dataset data = three_points();
  auto t = test::make_learner("multiclass_perceptron", data, Json{{"tie", "first"}});
  test::TraceRecorder trace;
  // Sample 0: the lowest arg-max of equal scores is 0 = y: right. Sample 1: ŷ = 0 ≠ 1:
  // w1 = [1,−2], w0 = [−1,2]. Sample 2: scores −1, 1, 0: ŷ = 1: w2 = [1,0], w1 = [0,−2].
  t.learner->train_epoch(data.view(), nullptr, &trace);
  EXPECT_TRUE(t.learner->train_epoch(data.view(), nullptr, &trace).converged);
  EXPECT_EQ(trace.updates, (Trace{{1, {-1, 2, 1, -2, 0, 0}}, {2, {-1, 2, 0, -2, 1, 0}}}));
}

TEST(MulticlassPerceptronPlugin, TwoClassesStrictIsTheBinaryPerceptronWithStepTwo) {
  // docs/bounds.md, "Multi-class (Kesler)": with two classes, w1 − w0 follows the binary perceptron
  // with η = 2.
  const Dataset binary = test::separable_data(7, 120, 3);
  auto multi = test::make_learner("multiclass_perceptron", binary);
  auto scaled = test::make_learner("eta_perceptron", binary, Json{{"eta", 2.0}});
  test::TraceRecorder a;
  test::TraceRecorder b;
  for (int epoch = 0; epoch < 200; ++epoch) {
    const bool done = multi.learner->train_epoch(binary.view(), nullptr, &a).converged;
    EXPECT_EQ(done, scaled.learner->train_epoch(binary.view(), nullptr, &b).converged);
    if (done) break;
  }
  ASSERT_EQ(a.updates.size(), b.updates.size());
  ASSERT_GT(a.updates.size(), 3u);
  const std::size_t d = binary.cols();
  for (std::size_t k = 0; k < a.updates.size(); ++k) {
    EXPECT_EQ(a.updates[k].first, b.updates[k].first);
    for (std::size_t j = 0; j < d; ++j) {
      EXPECT_EQ(a.updates[k].second[d + j] - a.updates[k].second[j], b.updates[k].second[j]);
    }
  }
}

TEST(MulticlassPerceptronPlugin, ReachesZeroTrainingErrorsOnSeparableThreeClassData) {
  // Three teachers; a point's class is its highest teacher score, kept only with a gap.
  Rng rng(17);
  const double teachers[3][3] = {{0.5, 2, 0}, {0, -1, 1.5}, {-0.5, -1, -1.5}};
  std::vector<std::vector<double>> rows;
  std::vector<std::int32_t> labels;
  while (rows.size() < 300) {
    const double x[3] = {1.0, rng.gaussian(), rng.gaussian()};
    double s[3];
    for (int c = 0; c < 3; ++c)
      s[c] = teachers[c][0] * x[0] + teachers[c][1] * x[1] + teachers[c][2] * x[2];
    const int best = static_cast<int>(std::max_element(s, s + 3) - s);
    double second = -1e300;
    for (int c = 0; c < 3; ++c) {
      if (c != best) second = std::max(second, s[c]);
    }
    if (s[best] - second < 0.2) continue;
    rows.push_back({x[1], x[2]});
    labels.push_back(best);
  }
  const Dataset data = classes_data(rows, labels, 3);
  auto t = test::make_learner("multiclass_perceptron", data);
  bool converged = false;
  for (int epoch = 0; epoch < 10000 && !converged; ++epoch) {
    converged = t.learner->train_epoch(data.view(), nullptr, nullptr).converged;
  }
  EXPECT_TRUE(converged);
  EXPECT_EQ(t.learner->count_errors(data.view()), 0u);
}

TEST(MulticlassPerceptronPlugin, WorstMistakeStepsOnTheMostViolatedSample) {
  const Dataset data = three_points();
  auto t = test::make_learner("multiclass_perceptron", data);
  auto w = t.learner->weights();
  w[2] = 1;  // w1 = [1, 0]: scores (0,1,0), (0,1,0), (0,1,0)
  test::TraceRecorder trace;
  // Margins s_y − max others: sample 0: 0 − 1 = −1; sample 1: 1 − 0 = 1; sample 2: −1.
  // The worst are samples 0 and 2 (−1): the lowest index, 0, with ŷ = 1.
  ASSERT_TRUE(t.learner->train_step(data.view(), MistakePick::kWorst, 0.0, &trace).updated);
  EXPECT_EQ(trace.updates, (Trace{{0, {1, 2, 0, -2, 0, 0}}}));
}

// Rows of quarters (scores tie now and then) or of floats in (−1, 1) (sums round), with
// `classes` labels drawn at random: noisy, so updates go on for every epoch.
Dataset lane_data(std::size_t rows, std::size_t dim, std::size_t classes, bool quarters,
                  std::uint32_t seed) {
  std::mt19937 gen(seed);
  std::uniform_int_distribution<int> quarter(-2, 2);
  std::uniform_real_distribution<float> real(-1.0F, 1.0F);
  std::uniform_int_distribution<std::int32_t> label(0, static_cast<std::int32_t>(classes) - 1);
  std::vector<std::vector<double>> x(rows, std::vector<double>(dim));
  std::vector<std::int32_t> y(rows);
  for (std::size_t i = 0; i < rows; ++i) {
    for (double& v : x[i]) v = quarters ? quarter(gen) * 0.25 : static_cast<double>(real(gen));
    y[i] = label(gen);
  }
  return classes_data(x, y, classes);
}

bool same_bits(std::span<const double> a, std::span<const double> b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](double u, double v) {
    return std::bit_cast<std::uint64_t>(u) == std::bit_cast<std::uint64_t>(v);
  });
}

// The plugin's lane group (plab/lane_classes.hpp) at every width: each lane's weights and
// counts are those of the same run trained alone, bit for bit, under both ties, from zero
// and non-zero starts, in the shared order and in per-run orders, with one lane idle (its
// weights untouched).
TEST(MulticlassPerceptronPlugin, LanesAreTheRunsAloneBitForBit) {
  for (const bool quarters : {true, false}) {
    const Dataset data = lane_data(60, 9, 4, quarters, quarters ? 3 : 4);
    const TrainingSet view = data.view();
    for (const char* tie : {"strict", "first"}) {
      const Json params{{"tie", tie}, {"eta", 0.75}};
      for (const std::size_t width : {2, 4, 8, 16, 32}) {
        for (const bool shared : {true, false}) {
          auto probe = test::make_learner("multiclass_perceptron", data, params);
          const LearnerSetup setup{probe.params, data.task(), view.rows, view.cols, 4};
          const std::shared_ptr<LaneGroup> group = probe.plugin->create_lanes(setup, width);
          ASSERT_NE(group, nullptr) << width;
          ASSERT_EQ(group->width(), width);
          const std::size_t size = 4 * view.cols;
          std::vector<test::LearnerUnderTest> alone;
          std::vector<std::vector<std::uint32_t>> orders(width);
          std::vector<const std::uint32_t*> order_of(width, nullptr);
          std::vector<std::uint8_t> active(width, 1);
          active[width / 2] = 0;  // an idle lane
          std::mt19937 shuffle(static_cast<std::uint32_t>(width));
          for (std::size_t k = 0; k < width; ++k) {
            alone.push_back(test::make_learner("multiclass_perceptron", data, params));
            std::vector<double> w(size);
            for (std::size_t r = 0; r < size; ++r)
              w[r] = k % 3 == 0 ? 0.0 : 0.125 * static_cast<double>((k + r) % 11) - 0.5;
            std::copy(w.begin(), w.end(), alone[k].learner->weights().begin());
            group->set_weights(k, w);
            orders[k].resize(view.rows);
            for (std::uint32_t i = 0; i < view.rows; ++i) orders[k][i] = i;
            std::shuffle(orders[k].begin(), orders[k].end(), shuffle);
            if (!shared) order_of[k] = orders[k].data();
          }
          std::vector<double> idle(size);
          group->get_weights(width / 2, idle);
          for (int epoch = 0; epoch < 6; ++epoch) {
            std::vector<EpochOutcome> outcomes(width);
            group->train_epoch(view, shared ? nullptr : order_of.data(), active.data(),
                               outcomes.data());
            for (std::size_t k = 0; k < width; ++k) {
              if (active[k] == 0) continue;
              const EpochOutcome e = alone[k].learner->train_epoch(view, order_of[k], nullptr);
              EXPECT_EQ(outcomes[k].updates, e.updates) << "lane " << k << " width " << width;
              EXPECT_EQ(outcomes[k].converged, e.converged);
            }
          }
          std::size_t updated = 0;
          for (std::size_t k = 0; k < width; ++k) {
            std::vector<double> w(size);
            group->get_weights(k, w);
            if (active[k] == 0) {
              EXPECT_TRUE(same_bits(w, idle)) << "idle lane " << k;
              continue;
            }
            EXPECT_TRUE(same_bits(w, alone[k].learner->weights()))
                << tie << " width " << width << (shared ? " shared" : " per-run") << " lane " << k;
            auto handed = test::make_learner("multiclass_perceptron", data, params);
            group->hand_over(k, *handed.learner);
            EXPECT_TRUE(same_bits(handed.learner->weights(), alone[k].learner->weights()));
            updated += w != std::vector<double>(size, 0.0) ? 1 : 0;
          }
          EXPECT_GT(updated, 0U);
        }
      }
    }
  }
}

}  // namespace
}  // namespace plab

// The multi-class perceptron through its real shared library.
#include <gtest/gtest.h>

#include <algorithm>

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

}  // namespace
}  // namespace plab

// The batch perceptron through its real shared library.
#include <gtest/gtest.h>

#include "plugins/plugin_test_support.hpp"

namespace plab {
namespace {

using test::Trace;

const std::vector<std::vector<double>> kPoints = {{1, 1}, {1, 2}, {0, 0}, {-1, 0}};
const std::vector<int> kSigns = {+1, +1, -1, -1};

TEST(BatchPerceptronPlugin, PlainSumTraceByHand) {
  const Dataset data = test::binary_data(kPoints, kSigns);
  auto t = test::make_learner("batch_perceptron", data);
  test::TraceRecorder trace;
  // From zero all four are mistakes: g = [1,1,1]+[1,1,2]−[1,0,0]−[1,−1,0] = [0,3,3].
  EpochOutcome e = t.learner->train_epoch(data.view(), nullptr, &trace);
  EXPECT_EQ(e.mistakes, 4u);
  EXPECT_EQ(e.updates, 1u);
  // Scores [6,9,0,−3]: only (0,0) (score 0, y = −1) is wrong: w = [−1,3,3].
  e = t.learner->train_epoch(data.view(), nullptr, &trace);
  EXPECT_EQ(e.mistakes, 1u);
  EXPECT_TRUE(t.learner->train_epoch(data.view(), nullptr, &trace).converged);
  EXPECT_EQ(trace.updates, (Trace{{kBatchUpdate, {0, 3, 3}}, {kBatchUpdate, {-1, 3, 3}}}));
}

TEST(BatchPerceptronPlugin, NormalizedStepAveragesTheMisclassified) {
  const Dataset data = test::binary_data(kPoints, kSigns);
  auto t = test::make_learner("batch_perceptron", data, Json{{"normalize", true}, {"eta", 2.0}});
  test::TraceRecorder trace;
  t.learner->train_epoch(data.view(), nullptr, &trace);
  EXPECT_EQ(trace.updates, (Trace{{kBatchUpdate, {0, 1.5, 1.5}}}));  // 2·[0,3,3]/4
}

TEST(BatchPerceptronPlugin, IgnoresAnyOrder) {
  const Dataset data = test::separable_data(3, 80, 3);
  auto a = test::make_learner("batch_perceptron", data);
  auto b = test::make_learner("batch_perceptron", data);
  Rng rng(1);
  std::vector<std::uint32_t> order;
  rng.permutation(order, data.rows());
  for (int epoch = 0; epoch < 5; ++epoch) {
    a.learner->train_epoch(data.view(), nullptr, nullptr);
    b.learner->train_epoch(data.view(), order.data(), nullptr);
  }
  const auto wa = a.learner->weights();
  const auto wb = b.learner->weights();
  EXPECT_EQ(std::vector<double>(wa.begin(), wa.end()), std::vector<double>(wb.begin(), wb.end()));
}

TEST(BatchPerceptronPlugin, ConvergesOnSeparableData) {
  const Dataset data = test::separable_data(5, 200, 4);
  auto t = test::make_learner("batch_perceptron", data, Json{{"normalize", true}});
  bool converged = false;
  for (int epoch = 0; epoch < 100000 && !converged; ++epoch) {
    converged = t.learner->train_epoch(data.view(), nullptr, nullptr).converged;
  }
  EXPECT_TRUE(converged);
  EXPECT_EQ(t.learner->count_errors(data.view()), 0u);
}

}  // namespace
}  // namespace plab

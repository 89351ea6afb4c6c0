// The SDK's loops with rules that read the whole sample, its on_start hook, its descriptor
// helper, and plab/testing.hpp's loader, which refuses plugins by the engine's own checks.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "plab/binary_online_learner.hpp"
#include "plab/testing.hpp"

namespace plab {
namespace {

// The update of the Widrow–Hoff step on a margin rule: both read the sample's x and w.
struct SampleRule {
  std::vector<std::size_t> corrects;
  bool is_mistake(const Sample& s) const { return !(s.y * s.score > 1.0); }
  double step(const Sample& s) const { return (s.y - s.score) / plab::dot(s.x, s.x, s.cols()); }
  void on_correct(const Sample& s) { corrects.push_back(s.index); }
};

TEST(SdkLoop, RuleReadingTheSampleGetsXScoreAndWBeforeTheUpdate) {
  testing::SmallData data({{1, 0}, {0, 2}}, {+1, -1});
  std::vector<double> w = {0, 0, 0};
  SampleRule rule;
  const EpochOutcome e = online_epoch(data.view(), nullptr, w.data(), rule, nullptr);
  // Row 0, x̃ = [1,1,0]: score 0, step (1 − 0)/2 → w = [.5,.5,0]. Row 1, x̃ = [1,0,2]: score
  // .5, y = −1, step (−1 − .5)/5 = −.3 → w = [.2,.5,−.6].
  EXPECT_EQ(e.updates, 2u);
  EXPECT_DOUBLE_EQ(w[0], 0.5 - 0.3);
  EXPECT_DOUBLE_EQ(w[1], 0.5);
  EXPECT_DOUBLE_EQ(w[2], -0.6);
  // Row 0 now scores .2 + .5 = .7 ≤ 1: still a violation; row 1 scores .2 − 1.2 = −1,
  // y·s = 1 ≤ 1 as well. No visit was correct.
  EXPECT_TRUE(rule.corrects.empty());
  const EpochOutcome again = online_epoch(data.view(), nullptr, w.data(), rule, nullptr);
  EXPECT_GT(again.updates, 0u);
}

TEST(SdkLoop, MistakeDrivenStepHandsTheRuleTheChosenSample) {
  testing::SmallData data({{1, 0}, {0, 2}}, {+1, -1});
  std::vector<double> w = {0, 0, 0};
  std::vector<std::uint32_t> scratch;
  SampleRule rule;
  // From zero both rows violate with margin 0; worst picks the lowest index, row 0.
  const StepOutcome s =
      online_step(data.view(), MistakePick::kWorst, 0.0, w.data(), rule, nullptr, scratch);
  EXPECT_TRUE(s.updated);
  EXPECT_EQ(s.sample, 0u);
  EXPECT_DOUBLE_EQ(w[1], 0.5);
}

// A rule with state, counting what it sees, and the hook after the initial weights.
struct CountingStep {
  double coefficient(const Sample& s) {
    ++updates;
    return s.y;
  }
  void on_correct(const Sample& /*s*/) { ++correct; }
  void on_start(const TrainingSet& data, std::span<const double> w0) {
    started_rows = data.rows;
    start.assign(w0.begin(), w0.end());
  }
  int updates = 0;
  int correct = 0;
  std::size_t started_rows = 0;
  std::vector<double> start;
};

struct CountingLearner : BinaryOnlineLearner<CountingStep> {
  using BinaryOnlineLearner::BinaryOnlineLearner;
  using BinaryOnlineLearner::rule;
};

TEST(SdkLearner, StatefulRuleIsKeptAcrossEpochsAndSeesTheStart) {
  testing::SmallData data({{1, 1}, {-1, -1}}, {+1, -1});
  const ParamSet none;  // no tie or dot declared: "mistake" and "sequential"
  CountingLearner learner(LearnerSetup{none, TaskKind::kBinary, 2, 3, 2});
  learner.weights()[1] = 0.5;
  learner.on_start(data.view());
  EXPECT_EQ(learner.rule().started_rows, 2u);
  EXPECT_EQ(learner.rule().start, (std::vector<double>{0, 0.5, 0}));
  // w₀ = [0,.5,0] classifies both rows: two correct visits per epoch, no update.
  EXPECT_TRUE(learner.train_epoch(data.view(), nullptr, nullptr).converged);
  learner.train_epoch(data.view(), nullptr, nullptr);
  EXPECT_EQ(learner.rule().correct, 4);
  EXPECT_EQ(learner.rule().updates, 0);
}

constexpr ParamSpec kOneParam[] = {kTieParam};
constexpr PluginDescriptor kHelped =
    make_descriptor({.name = "helped", .declare_bound = no_bound}, kOneParam);

TEST(SdkDescriptor, HelperFillsAbiVersionAndPairsParamsWithTheirCount) {
  static_assert(kHelped.abi_version == kAbiVersion);
  static_assert(kHelped.params == kOneParam && kHelped.param_count == 1);
  static_assert(kHelped.check == nullptr);
  static_assert(make_descriptor({.name = "none", .declare_bound = no_bound}).param_count == 0);
  SUCCEED();
}

std::string testing_load_error(const std::string& fixture) {
  const std::string file = std::string(PLAB_TEST_PLUGIN_DIR) + "/" + fixture + ".so";
  try {
    testing::Plugin::load(file);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  ADD_FAILURE() << file << " was accepted by plab/testing.hpp";
  return "";
}

TEST(SdkTesting, RefusesAnOldPluginNamingBothVersionsAsTheEngineDoes) {
  const std::string m = testing_load_error("abi_v1");
  EXPECT_NE(m.find("abi_v1.so"), std::string::npos) << m;
  EXPECT_NE(m.find("ABI version 1,"), std::string::npos) << m;
  EXPECT_NE(m.find("supports version " + std::to_string(kAbiVersion)), std::string::npos) << m;
}

TEST(SdkTesting, RefusesWhatTheEngineRefuses) {
  EXPECT_NE(testing_load_error("no_entry_point").find("not a perceptron-lab plugin"),
            std::string::npos);
  EXPECT_NE(testing_load_error("no_bound_declared").find("declares no bound"), std::string::npos);
}

// The minimal learner through the test loader: create() calls on_start, and the first
// epoch is the hand-computed one of y x~ / |x~|.
TEST(SdkTesting, MinimalLearnerTrainsThroughTheTestLoader) {
  auto plugin = testing::Plugin::load(std::string(PLAB_TEST_PLUGIN_DIR) + "/normalised_step.so");
  testing::SmallData data({{3, 4}, {0, 0}}, {+1, -1});
  for (const char* dot : {"sequential", "blocked"}) {
    auto learner = plugin.create(data, {{"dot", dot}});
    EXPECT_EQ(learner->train_epoch(data.view(), nullptr, nullptr).mistakes, 2u) << dot;
    const double r = std::sqrt(26.0);
    const auto w = learner->weights();
    EXPECT_DOUBLE_EQ(w[0], 1 / r - 1) << dot;
    EXPECT_DOUBLE_EQ(w[1], 3 / r) << dot;
    EXPECT_DOUBLE_EQ(w[2], 4 / r) << dot;
  }
}

// The pocket starts at w₀ through on_start: right after create(), its predictions are w₀'s.
TEST(SdkTesting, PocketStartsFromTheInitialWeightsThroughOnStart) {
  auto plugin = testing::Plugin::load(std::string(PLAB_PLUGIN_DIR) + "/pocket_perceptron.so");
  testing::SmallData data({{1, 1}, {-1, -1}}, {+1, -1});
  auto learner = plugin.create(data);
  EXPECT_EQ(learner->count_errors(data.view()), 2u);  // zero weights: both scores tie
  learner->weights()[1] = 1.0;
  learner->on_start(data.view());
  EXPECT_EQ(learner->count_errors(data.view()), 0u);
}

// Sparse rows through the test loader (SmallData with `sparse`): every bundled learner
// declares both storages and trains to the same weights, errors and outcomes on the same
// data stored dense and sparse (the kernels' identity of plab/kernels.hpp).
TEST(SdkTesting, BundledLearnersTrainAlikeOnDenseAndSparseRows) {
  const std::vector<std::vector<double>> rows{{0, 2, 0},  {1, 0, 0},  {0, 0, -1},
                                              {-2, 0, 1}, {0, -1, 0}, {3, 1, 0}};
  const std::vector<int> signs{+1, +1, -1, -1, -1, +1};
  const testing::SmallData dense(rows, signs);
  const testing::SmallData sparse(rows, signs, true, true);
  ASSERT_TRUE(sparse.view().sparse());
  EXPECT_EQ(sparse.view().sparse_row(1).count, 2u);  // the bias and the 1
  for (const char* name :
       {"perceptron", "eta_perceptron", "margin_perceptron", "averaged_perceptron",
        "pocket_perceptron", "batch_perceptron", "multiclass_perceptron", "linear_unit_sgd"}) {
    auto plugin = testing::Plugin::load(std::string(PLAB_PLUGIN_DIR) + "/" + name + ".so");
    EXPECT_EQ(plugin.descriptor().storage, StorageSupport::kDenseAndSparse) << name;
    auto on_dense = plugin.create(dense);
    auto on_sparse = plugin.create(sparse);
    for (int epoch = 0; epoch < 4; ++epoch) {
      const EpochOutcome a = on_dense->train_epoch(dense.view(), nullptr, nullptr);
      const EpochOutcome b = on_sparse->train_epoch(sparse.view(), nullptr, nullptr);
      EXPECT_EQ(a.mistakes, b.mistakes) << name;
      EXPECT_EQ(a.updates, b.updates) << name;
    }
    const auto wa = on_dense->weights();
    const auto wb = on_sparse->weights();
    EXPECT_TRUE(std::equal(wa.begin(), wa.end(), wb.begin(), wb.end())) << name;
    EXPECT_EQ(on_dense->count_errors(dense.view()), on_sparse->count_errors(sparse.view())) << name;
  }
  // The documented dense-only example reads s.x: it says nothing, so it is dense only.
  auto old = testing::Plugin::load(std::string(PLAB_TEST_PLUGIN_DIR) + "/normalised_step.so");
  EXPECT_EQ(old.descriptor().storage, StorageSupport::kDenseOnly);
}

}  // namespace
}  // namespace plab

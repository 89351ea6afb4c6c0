// The classic perceptron through its real shared library.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "error.hpp"
#include "plab/kernels.hpp"
#include "plugins/plugin_test_support.hpp"

namespace plab {
namespace {

using test::Trace;

// x̃ = [1,2,1] with y = +1 and x̃ = [1,0,3] with y = −1, from zero.
Dataset two_points() { return test::binary_data({{2, 1}, {0, 3}}, {+1, -1}); }

TEST(PerceptronPlugin, DescriptorIsWhatConfigsRelyOn) {
  const auto plugin = test::load_bundled("perceptron");
  const PluginDescriptor& d = plugin->descriptor();
  EXPECT_STREQ(d.name, "perceptron");
  EXPECT_EQ(d.abi_version, kAbiVersion);
  const ParamSet defaults = resolve_params(d, Json::object(), "/params");
  const BoundDeclaration b = plugin->declare_bound({defaults, TaskKind::kBinary, 2, 3, 2});
  EXPECT_EQ(b.form, BoundForm::kNovikoff);
  EXPECT_EQ(b.counts, BoundCount::kMistakes);
  EXPECT_EQ(b.eta, 1.0);
  EXPECT_EQ(d.orders, OrderSupport::kMistakeDriven);
  EXPECT_EQ(d.tasks, static_cast<std::uint32_t>(kBinaryTask));
}

TEST(PerceptronPlugin, HandComputedTwoUpdateTrace) {
  const Dataset data = two_points();
  auto t = test::make_learner("perceptron", data);
  test::TraceRecorder trace;
  // Epoch 1: score 0 at sample 0 is a mistake (tie "mistake"): w = [1,2,1]; sample 1 scores
  // 1+3 = 4 with y = −1: w = [1,2,1] − [1,0,3] = [0,2,−2]. Epoch 2: scores 2 and −6, clean.
  const EpochOutcome first = t.learner->train_epoch(data.view(), nullptr, &trace);
  EXPECT_EQ(first.mistakes, 2u);
  EXPECT_EQ(first.updates, 2u);
  EXPECT_FALSE(first.converged);
  EXPECT_EQ(trace.updates, (Trace{{0, {1, 2, 1}}, {1, {0, 2, -2}}}));
  const EpochOutcome second = t.learner->train_epoch(data.view(), nullptr, &trace);
  EXPECT_EQ(second.mistakes, 0u);
  EXPECT_TRUE(second.converged);
  EXPECT_EQ(trace.updates.size(), 2u);
  EXPECT_EQ(t.learner->count_errors(data.view()), 0u);
}

TEST(PerceptronPlugin, TiePositiveTreatsZeroScoreAsPositivePrediction) {
  const Dataset data = two_points();
  auto t = test::make_learner("perceptron", data, Json{{"tie", "positive"}});
  test::TraceRecorder trace;
  // Score 0 at sample 0 predicts +1 = y: no update. Sample 1: score 0 predicts +1 ≠ −1:
  // w = [−1,0,−3]. Epoch 2: sample 0 scores −4: w = [0,2,−2]. Epoch 3 is clean.
  for (int epoch = 0; epoch < 3; ++epoch) t.learner->train_epoch(data.view(), nullptr, &trace);
  EXPECT_EQ(trace.updates, (Trace{{1, {-1, 0, -3}}, {0, {0, 2, -2}}}));
}

TEST(PerceptronPlugin, FollowsTheGivenOrder) {
  const Dataset data = two_points();
  auto t = test::make_learner("perceptron", data);
  test::TraceRecorder trace;
  const std::uint32_t order[] = {1, 0};
  // Sample 1 first: score 0, y = −1: w = [−1,0,−3]; sample 0 scores −4: w = [0,2,−2].
  t.learner->train_epoch(data.view(), order, &trace);
  EXPECT_EQ(trace.updates, (Trace{{1, {-1, 0, -3}}, {0, {0, 2, -2}}}));
}

TEST(PerceptronPlugin, StartsFromTheWeightsTheEngineWrites) {
  const Dataset data = two_points();
  auto t = test::make_learner("perceptron", data);
  auto w = t.learner->weights();
  ASSERT_EQ(w.size(), 3u);
  w[0] = 0.5;
  w[1] = 1;
  w[2] = -1;
  // [1,2,1]·w = 1.5 > 0 and [1,0,3]·w = −2.5 < 0: already separating.
  EXPECT_TRUE(t.learner->train_epoch(data.view(), nullptr, nullptr).converged);
}

TEST(PerceptronPlugin, WorstMistakePicksSmallestMarginLowestIndexOnTies) {
  // x̃: [1,1] +1, [1,3] −1, [1,−2] +1 (no augmentation beyond the data's own column of 1s).
  const Dataset data = test::binary_data({{1, 1}, {1, 3}, {1, -2}}, {+1, -1, +1}, false);
  auto t = test::make_learner("perceptron", data);
  test::TraceRecorder trace;
  // From zero every margin is 0: the lowest index (0) is picked: w = [1,1].
  // Margins 2, −4, −1: sample 1 is worst: w = [0,−2]. Margins −2, 6, 4: sample 0: w = [1,−1].
  // Margins 0, 2, 3: sample 0 again (a zero margin is a mistake): w = [2,0].
  for (int step = 0; step < 4; ++step) {
    ASSERT_TRUE(t.learner->train_step(data.view(), MistakePick::kWorst, 0.0, &trace).updated);
  }
  EXPECT_EQ(trace.updates, (Trace{{0, {1, 1}}, {1, {0, -2}}, {0, {1, -1}}, {0, {2, 0}}}));
}

TEST(PerceptronPlugin, UniformMistakePickUsesTheGivenNumber) {
  const Dataset data = test::binary_data({{1, 1}, {1, 3}, {1, -2}}, {+1, -1, +1}, false);
  auto t = test::make_learner("perceptron", data);
  test::TraceRecorder trace;
  // From zero all three are mistakes; u = 0.7 picks index floor(0.7·3) = 2: w = [1,−2].
  ASSERT_TRUE(t.learner->train_step(data.view(), MistakePick::kUniform, 0.7, &trace).updated);
  EXPECT_EQ(trace.updates, (Trace{{2, {1, -2}}}));
}

TEST(PerceptronPlugin, ReportsConvergenceWhenNoSampleIsMisclassified) {
  const Dataset data = two_points();
  auto t = test::make_learner("perceptron", data);
  auto w = t.learner->weights();
  w[1] = 1;
  w[2] = -1;
  EXPECT_FALSE(t.learner->train_step(data.view(), MistakePick::kWorst, 0.0, nullptr).updated);
}

TEST(PerceptronPlugin, UnknownAndIllTypedParamsAreRefusedNamingPluginAndParam) {
  const auto plugin = test::load_bundled("perceptron");
  try {
    resolve_params(plugin->descriptor(), Json{{"eta", 1}}, "/learners/0/params");
    FAIL();
  } catch (const ConfigError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("/learners/0/params/eta"), std::string::npos) << m;
    EXPECT_NE(m.find("plugin 'perceptron'"), std::string::npos) << m;
    EXPECT_NE(m.find("'tie'"), std::string::npos) << m;
  }
  try {
    resolve_params(plugin->descriptor(), Json{{"tie", "postive"}}, "/p");
    FAIL();
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("did you mean 'positive'"), std::string::npos) << e.what();
  }
  EXPECT_THROW(resolve_params(plugin->descriptor(), Json{{"tie", 1}}, "/p"), ConfigError);
}

TEST(PerceptronPlugin, LearnerKeepsItsLibraryLoaded) {
  const Dataset data = two_points();
  auto t = test::make_learner("perceptron", data);
  std::weak_ptr<const PluginLibrary> library = t.plugin;
  t.plugin.reset();
  EXPECT_FALSE(library.expired());  // the learner's deleter holds it
  EXPECT_EQ(t.learner->train_epoch(data.view(), nullptr, nullptr).mistakes, 2u);
  t.learner.reset();
  EXPECT_TRUE(library.expired());
}

}  // namespace
}  // namespace plab

namespace plab {
namespace {

TEST(PerceptronPlugin, BlockedDotGivesTheSameRunOnTieFreeData) {
  const Dataset data = test::separable_data(41, 300, 20);
  auto sequential = test::make_learner("perceptron", data);
  auto blocked = test::make_learner("perceptron", data, Json{{"dot", "blocked"}});
  test::TraceRecorder a;
  test::TraceRecorder b;
  for (int epoch = 0; epoch < 1000; ++epoch) {
    const bool done = sequential.learner->train_epoch(data.view(), nullptr, &a).converged;
    blocked.learner->train_epoch(data.view(), nullptr, &b);
    if (done) break;
  }
  ASSERT_EQ(a.updates.size(), b.updates.size());
  for (std::size_t k = 0; k < a.updates.size(); ++k) {
    EXPECT_EQ(a.updates[k].first, b.updates[k].first);  // same mistakes on the same samples
    for (std::size_t j = 0; j < a.updates[k].second.size(); ++j) {
      EXPECT_EQ(a.updates[k].second[j], b.updates[k].second[j]);  // updates add the same x
    }
  }
}

}  // namespace
}  // namespace plab

namespace plab {
namespace {

// Rows of 40 columns that nearly cancel against the start weights, so that the order of the
// sum would decide some of them: the plugins' default (`dot: "sequential"`, whose one-run
// epoch tests the sign fast, plab/certified_sign_dot.hpp) must update exactly where a plain
// sequential loop does, weight for weight, under both ties and for the η step.
TEST(PerceptronPlugin, NearTiesOnManyColumnsAreDecidedAsAPlainSequentialLoopDecidesThem) {
  const std::size_t features = 39, rows = 300;
  std::mt19937_64 gen(404);
  std::uniform_real_distribution<double> mantissa(1.0, 2.0);
  std::uniform_int_distribution<int> exponent(-30, 30);
  auto signed_value = [&](int e) { return std::ldexp(mantissa(gen), e) * (gen() % 2 ? 1 : -1); };
  std::vector<double> start(features + 1);
  for (double& v : start) v = signed_value(exponent(gen));
  std::vector<std::vector<double>> x(rows, std::vector<double>(features));
  std::vector<int> y(rows);
  for (std::size_t i = 0; i < rows; ++i) {
    std::vector<double> augmented(features + 1, 1.0);
    for (std::size_t j = 0; j < features; ++j) augmented[j + 1] = x[i][j] = signed_value(0);
    augmented[features] = 0.0;
    x[i][features - 1] = -dot(start.data(), augmented.data(), features + 1) / start[features];
    augmented[features] = x[i][features - 1];
    // Labelled by the blocked sum's sign: until the first update, only the rows where the
    // two orders disagree are mistakes.
    y[i] = dot_blocked(start.data(), augmented.data(), features + 1) > 0.0 ? 1 : -1;
  }
  const Dataset data = test::binary_data(x, y);
  struct Case {
    const char* plugin;
    Json params;
    double step;
    bool tie_positive;
  };
  for (const Case& c : {Case{"perceptron", Json::object(), 1.0, false},
                        Case{"perceptron", Json{{"tie", "positive"}}, 1.0, true},
                        Case{"eta_perceptron", Json{{"eta", 0.5}}, 0.5, false}}) {
    SCOPED_TRACE(std::string(c.plugin) + " " + c.params.dump());
    auto t = test::make_learner(c.plugin, data, c.params);
    std::copy(start.begin(), start.end(), t.learner->weights().begin());
    t.learner->on_start(data.view());
    std::vector<double> w = start;
    for (int epoch = 0; epoch < 5; ++epoch) {
      std::uint64_t updates = 0;
      for (std::size_t i = 0; i < rows; ++i) {
        const double* row = data.view().row(i);
        double s = 0.0;
        for (std::size_t j = 0; j < w.size(); ++j) s += w[j] * row[j];
        const double label = y[i];
        const bool mistake =
            c.tie_positive ? std::isnan(s) || (s >= 0.0) != (label > 0.0) : !(label * s > 0.0);
        if (!mistake) continue;
        ++updates;
        for (std::size_t j = 0; j < w.size(); ++j) w[j] += c.step * label * row[j];
      }
      const EpochOutcome out = t.learner->train_epoch(data.view(), nullptr, nullptr);
      ASSERT_EQ(out.updates, updates) << "epoch " << epoch;
      const auto got = t.learner->weights();
      for (std::size_t j = 0; j < w.size(); ++j) {
        ASSERT_EQ(std::bit_cast<std::uint64_t>(got[j]), std::bit_cast<std::uint64_t>(w[j]))
            << "epoch " << epoch << " weight " << j;
      }
    }
  }
}

}  // namespace
}  // namespace plab

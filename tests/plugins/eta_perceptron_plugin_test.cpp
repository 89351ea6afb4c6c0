// The η-scaled perceptron through its real shared library.
#include <gtest/gtest.h>

#include "error.hpp"
#include "plugins/plugin_test_support.hpp"

namespace plab {
namespace {

using test::Trace;

Trace train_to_convergence(test::LearnerUnderTest& t, const Dataset& data,
                           const std::uint32_t* order = nullptr) {
  test::TraceRecorder trace;
  for (int epoch = 0; epoch < 1000; ++epoch) {
    if (t.learner->train_epoch(data.view(), order, &trace).converged) break;
  }
  return trace.updates;
}

TEST(EtaPerceptronPlugin, WorkedExampleOfTheIssueWeightForWeight) {
  const Dataset data = test::binary_data({{1, 1}, {1, 2}, {0, 0}, {-1, 0}}, {+1, +1, -1, -1});
  auto t = test::make_learner("eta_perceptron", data,
                              Json{{"eta", 1}, {"step", "residual"}, {"tie", "positive"}});
  test::TraceRecorder trace;
  EXPECT_EQ(t.learner->train_epoch(data.view(), nullptr, &trace).mistakes, 1u);
  EXPECT_EQ(t.learner->train_epoch(data.view(), nullptr, &trace).mistakes, 2u);
  EXPECT_TRUE(t.learner->train_epoch(data.view(), nullptr, &trace).converged);
  EXPECT_EQ(trace.updates, (Trace{{2, {-2, 0, 0}}, {0, {0, 2, 2}}, {2, {-2, 2, 2}}}));
}

TEST(EtaPerceptronPlugin, EtaOneLabelStepEqualsTheClassicPerceptron) {
  const Dataset data = test::separable_data(11, 200, 5);
  Rng rng(4);
  std::vector<std::uint32_t> order;
  rng.permutation(order, data.rows());
  auto classic = test::make_learner("perceptron", data);
  auto scaled = test::make_learner("eta_perceptron", data, Json{{"eta", 1.0}});
  const Trace a = train_to_convergence(classic, data, order.data());
  const Trace b = train_to_convergence(scaled, data, order.data());
  ASSERT_GT(a.size(), 5u);
  EXPECT_EQ(a, b);
}

TEST(EtaPerceptronPlugin, FromZeroEveryPowerOfTwoEtaMakesTheSameMistakes) {
  // docs/bounds.md, "The step size from zero": w_t(η) = η·w_t(1), exactly in double when η is a
  // power of two.
  for (std::uint64_t seed : {1, 2, 3, 4, 5}) {
    const Dataset data = test::separable_data(seed, 150, 4);
    auto reference = test::make_learner("eta_perceptron", data, Json{{"eta", 1.0}});
    const Trace base = train_to_convergence(reference, data);
    for (double eta : {0.125, 0.5, 4.0, 1024.0}) {
      auto t = test::make_learner("eta_perceptron", data, Json{{"eta", eta}});
      const Trace scaled = train_to_convergence(t, data);
      ASSERT_EQ(scaled.size(), base.size()) << "seed " << seed << " eta " << eta;
      for (std::size_t k = 0; k < base.size(); ++k) {
        EXPECT_EQ(scaled[k].first, base[k].first);
        for (std::size_t j = 0; j < base[k].second.size(); ++j) {
          EXPECT_EQ(scaled[k].second[j], eta * base[k].second[j]);
        }
      }
    }
  }
}

TEST(EtaPerceptronPlugin, FromZeroOtherEtaMakesTheSameMistakesOnTieFreeData) {
  const Dataset data = test::separable_data(21, 300, 6);
  auto reference = test::make_learner("eta_perceptron", data, Json{{"eta", 1.0}});
  const Trace base = train_to_convergence(reference, data);
  for (double eta : {0.1, 0.3, 7.0}) {
    auto t = test::make_learner("eta_perceptron", data, Json{{"eta", eta}});
    const Trace scaled = train_to_convergence(t, data);
    ASSERT_EQ(scaled.size(), base.size()) << eta;
    for (std::size_t k = 0; k < base.size(); ++k) EXPECT_EQ(scaled[k].first, base[k].first);
  }
}

TEST(EtaPerceptronPlugin, ResidualStepIsTwiceTheLabelStep) {
  const Dataset data = test::separable_data(31, 100, 3);
  auto label = test::make_learner("eta_perceptron", data, Json{{"eta", 1.0}});
  auto residual =
      test::make_learner("eta_perceptron", data, Json{{"eta", 0.5}, {"step", "residual"}});
  EXPECT_EQ(train_to_convergence(label, data), train_to_convergence(residual, data));
}

TEST(EtaPerceptronPlugin, RefusesNonPositiveEta) {
  const auto plugin = test::load_bundled("eta_perceptron");
  EXPECT_THROW(resolve_params(plugin->descriptor(), Json{{"eta", 0}}, "/p"), ConfigError);
  EXPECT_THROW(resolve_params(plugin->descriptor(), Json{{"eta", -0.1}}, "/p"), ConfigError);
  EXPECT_THROW(resolve_params(plugin->descriptor(), Json{{"step", "gradient"}}, "/p"), ConfigError);
}

}  // namespace
}  // namespace plab

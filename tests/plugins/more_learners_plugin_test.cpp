// pocket_perceptron, averaged_perceptron and margin_perceptron through their real libraries.
#include <gtest/gtest.h>

#include "data/dataset_loader.hpp"
#include "plab/kernels.hpp"
#include "plugins/plugin_test_support.hpp"
#include "protocols/protocol.hpp"
#include "theory/bounds.hpp"

namespace plab {
namespace {

using test::Trace;

Trace train(test::LearnerUnderTest& t, const Dataset& d, int max_epochs = 1000) {
  test::TraceRecorder trace;
  for (int e = 0; e < max_epochs; ++e) {
    if (t.learner->train_epoch(d.view(), nullptr, &trace).converged) break;
  }
  return trace.updates;
}

// XOR-like: not separable; the perceptron cycles.
Dataset xor_data() {
  return test::binary_data({{1, 1}, {-1, -1}, {1, -1}, {-1, 1}, {2, 2}, {0.5, -1.5}},
                           {+1, +1, -1, -1, +1, -1});
}

TEST(MarginPerceptron, UpdatesOnMarginViolationsUntilEveryMarginExceedsTau) {
  const Dataset d = test::binary_data({{2, 1}, {0, 3}}, {+1, -1});
  auto t = test::make_learner("margin_perceptron", d, Json{{"tau", 3.0}});
  test::TraceRecorder trace;
  // Epoch 1: as the perceptron, w = [1,2,1] then [0,2,−2]. Epoch 2: sample 0 has margin
  // [1,2,1]·[0,2,−2] = 2 ≤ 3: update to [1,4,−1]; sample 1: −(1 − 3) = 2 ≤ 3: update to
  // [0,4,−4]. Epoch 3: margins 4 and 12 > 3: clean.
  for (int e = 0; e < 3; ++e) t.learner->train_epoch(d.view(), nullptr, &trace);
  EXPECT_EQ(trace.updates,
            (Trace{{0, {1, 2, 1}}, {1, {0, 2, -2}}, {0, {1, 4, -1}}, {1, {0, 4, -4}}}));
  EXPECT_TRUE(t.learner->train_epoch(d.view(), nullptr, nullptr).converged);
}

TEST(MarginPerceptron, WithTauZeroIsTheEtaPerceptronOnTieFreeData) {
  const Dataset d = test::separable_data(13, 200, 4);
  auto margin = test::make_learner("margin_perceptron", d, Json{{"tau", 0.0}, {"eta", 0.5}});
  auto eta = test::make_learner("eta_perceptron", d, Json{{"eta", 0.5}});
  EXPECT_EQ(train(margin, d), train(eta, d));
}

TEST(MarginPerceptron, NeverExceedsItsBoundOnRandomSets) {
  Rng rng(77);
  for (int set = 0; set < 200; ++set) {
    DatasetSpec s;
    s.kind = DatasetKind::kSynthetic;
    s.synthetic.generator = SyntheticGenerator::kSeparable;
    s.synthetic.rows = 20 + rng.below(30);
    s.synthetic.dim = 2 + rng.below(3);
    s.synthetic.radius = 2.0;
    s.synthetic.margin = 0.05 + 0.2 * rng.uniform();
    const LoadedData data = load_dataset_with_teacher(s, static_cast<std::uint64_t>(set));
    const PointTheory theory = compute_point_theory(data.data, TheorySpec{}, data.teacher, false);
    const auto plugin = test::load_bundled("margin_perceptron");
    const double tau = 2.0 * rng.uniform();
    const double eta = std::exp2(-2.0 + 4.0 * rng.uniform());
    const ParamSet p = resolve_params(plugin->descriptor(), Json{{"tau", tau}, {"eta", eta}}, "/p");
    InitSpec init;
    if (set % 2) {
      init.kind = InitKind::kGaussian;
      init.scale = 2.0;
    }
    ProtocolSpec protocol;
    protocol.max_epochs = 100000;
    protocol.order = set % 3 ? SampleOrder::kShuffle : SampleOrder::kWorstMistake;
    const TrainingSet view = data.data.view();
    RunRequest r;
    r.data = &view;
    r.plugin = plugin.get();
    r.params = &p;
    r.init = &init;
    r.protocol = &protocol;
    r.init_seed = static_cast<std::uint64_t>(set);
    r.order_seed = static_cast<std::uint64_t>(set) + 1;
    const RunOutcome out = run_protocol(r);
    ASSERT_EQ(out.status, RunStatus::kConverged);
    BoundInputs in;
    in.declared = plugin->declare_bound(
        LearnerSetup{p, TaskKind::kBinary, data.data.rows(), data.data.cols(), 2});
    in.theory = &theory;
    in.data = &data.data;
    in.initial_weights = out.initial_weights;
    in.mistakes = out.mistakes;
    in.updates = out.updates;
    const BoundReport b = evaluate_bound(in);
    ASSERT_TRUE(b.applies);
    ASSERT_TRUE(b.holds.value_or(false)) << out.mistakes << " > " << *b.bound << " tau " << tau;
  }
}

TEST(PocketPerceptron, OnSeparableDataItIsThePerceptron) {
  const Dataset d = test::separable_data(17, 150, 3);
  auto pocket = test::make_learner("pocket_perceptron", d);
  auto classic = test::make_learner("perceptron", d);
  EXPECT_EQ(train(pocket, d), train(classic, d));
  EXPECT_EQ(pocket.learner->count_errors(d.view()), 0u);
}

TEST(PocketPerceptron, ThePocketIsNeverWorseThanWhereItStartedAndBeatsTheLastWeights) {
  const Dataset d = xor_data();
  auto t = test::make_learner("pocket_perceptron", d);
  std::size_t worst_last = 0;
  for (int e = 0; e < 50; ++e) {
    t.learner->train_epoch(d.view(), nullptr, nullptr);
    const std::size_t pocket = t.learner->count_errors(d.view());
    // The perceptron's own last weights, recomputed here.
    const auto w = t.learner->weights();
    std::size_t last = 0;
    for (std::size_t i = 0; i < d.rows(); ++i) {
      last += d.view().sign[i] * dot(w.data(), d.row(i), d.cols()) <= 0.0;
    }
    worst_last = std::max(worst_last, last);
    EXPECT_LE(pocket, 6u);  // from zero every sample is an error: the ratchet only improves
  }
  EXPECT_LE(t.learner->count_errors(d.view()), 2u);  // XOR of 6 points: 2 errors at best
  EXPECT_GT(worst_last, t.learner->count_errors(d.view()));
}

TEST(AveragedPerceptron, TrainsExactlyLikeThePerceptron) {
  const Dataset d = test::separable_data(19, 200, 5);
  auto averaged = test::make_learner("averaged_perceptron", d);
  auto classic = test::make_learner("perceptron", d);
  EXPECT_EQ(train(averaged, d), train(classic, d));
}

TEST(AveragedPerceptron, PredictsWithTheMeanOfTheWeightsAfterEveryVisit) {
  const Dataset d = xor_data();
  auto t = test::make_learner("averaged_perceptron", d);
  auto w = t.learner->weights();
  w[0] = 0.25;  // a non-zero start counts in the average too
  // Brute force: replay the perceptron and average the weights after each of 3 epochs' visits.
  std::vector<double> cur(w.begin(), w.end());
  std::vector<double> sum(cur.size(), 0.0);
  std::size_t visits = 0;
  for (int e = 0; e < 3; ++e) {
    t.learner->train_epoch(d.view(), nullptr, nullptr);
    for (std::size_t i = 0; i < d.rows(); ++i) {
      const double y = d.view().sign[i];
      if (y * dot(cur.data(), d.row(i), d.cols()) <= 0.0)
        add_scaled(cur.data(), y, d.row(i), d.cols());
      for (std::size_t j = 0; j < cur.size(); ++j) sum[j] += cur[j];
      ++visits;
    }
  }
  std::size_t errors = 0;
  for (std::size_t i = 0; i < d.rows(); ++i) {
    double s = 0;
    for (std::size_t j = 0; j < sum.size(); ++j)
      s += sum[j] / static_cast<double>(visits) * d.row(i)[j];
    errors += d.view().sign[i] * s <= 0.0;
  }
  EXPECT_EQ(t.learner->count_errors(d.view()), errors);
  EXPECT_EQ(std::vector<double>(t.learner->weights().begin(), t.learner->weights().end()), cur);
}

TEST(AveragedPerceptron, VotedFormCountsEachWeightVectorBySurvival) {
  // One point, x̃ = [1, 1], y = +1, from w = [−1, −1]: visit 1 updates to [0, 0] (survives
  // 0 before), visit 2 scores 0: updates to [1, 1]; then it survives. Votes: [0,0] for 1 visit
  // (sign 0), [1,1] for the rest: the vote is positive, no error.
  const Dataset d = test::binary_data({{1}}, {+1});
  auto t = test::make_learner("averaged_perceptron", d, Json{{"mode", "voted"}});
  auto w = t.learner->weights();
  w[0] = -1;
  w[1] = -1;
  for (int e = 0; e < 4; ++e) t.learner->train_epoch(d.view(), nullptr, nullptr);
  EXPECT_EQ(t.learner->count_errors(d.view()), 0u);
}

}  // namespace
}  // namespace plab

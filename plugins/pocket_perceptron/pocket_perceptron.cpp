// The pocket algorithm with ratchet (Gallant 1990): run the classic perceptron, and keep in
// the "pocket" the weights that survived the longest run of consecutive correct
// classifications, replacing them only when the newcomer also makes fewer training errors
// (the ratchet). Predictions use the pocket; with random order it holds a minimum-error
// separator with probability → 1. The pocket's predictions have no mistake bound
// (docs/learners.md, "Related learners"), but the mistakes a run counts are its working
// perceptron's, which are exactly the
// classic perceptron's: Novikoff, and past separability the hinge forms, bound those.
#include <cstddef>
#include <limits>
#include <span>
#include <vector>

#include "plab/binary_online_learner.hpp"
#include "plab/plugin.hpp"

namespace {

constexpr plab::ParamSpec kParams[] = {plab::kTieParam};

// The classic step, and the pocket beside it: the run of correct visits is counted here.
struct PocketStep {
  explicit PocketStep(const plab::ParamSet& params) : sign(params) {}

  // The pocket starts as the initial weights.
  void on_start(const plab::TrainingSet& data, std::span<const double> w0) {
    pocket.assign(w0.begin(), w0.end());
    pocket_errors = sign.errors(data, pocket.data());
  }

  double coefficient(const plab::Sample& s) {
    run = 0;
    return s.y;
  }

  // A run longer than the pocket's: the ratchet checks once per run whether these weights
  // also make fewer training errors.
  void on_correct(const plab::Sample& s) {
    if (++run != pocket_run + 1) return;
    const std::size_t e = sign.errors(s.data, s.w);
    if (e < pocket_errors) {
      pocket.assign(s.w, s.w + s.cols());
      pocket_errors = e;
      pocket_run = run;
    }
  }

  plab::SignConventions sign;
  std::vector<double> pocket;
  std::size_t pocket_errors = std::numeric_limits<std::size_t>::max();
  std::size_t run = 0;
  std::size_t pocket_run = 0;
};

class PocketPerceptron final : public plab::BinaryOnlineLearner<PocketStep> {
 public:
  using BinaryOnlineLearner::BinaryOnlineLearner;

  plab::EpochOutcome train_epoch(const plab::TrainingSet& data, const std::uint32_t* order,
                                 plab::UpdateObserver* observer) override {
    const plab::EpochOutcome out = BinaryOnlineLearner::train_epoch(data, order, observer);
    if (out.converged) {  // a clean epoch: the current weights make no error at all
      rule().pocket.assign(current_weights().begin(), current_weights().end());
      rule().pocket_errors = 0;
    }
    return out;
  }

  // Predictions are the pocket's.
  std::size_t count_errors(const plab::TrainingSet& data) const override {
    return rule().sign.errors(data, rule().pocket.data());
  }

  void report_metrics(const plab::TrainingSet& data, plab::MetricSink& sink) const override {
    sink.put("perceptron_train_error",
             static_cast<double>(BinaryOnlineLearner::count_errors(data)) /
                 static_cast<double>(data.rows));
  }
};

// The counted mistakes are the working perceptron's: every one adds y·x̃ (docs/bounds.md, "Novikoff
// from zero" and "From a non-zero start").
plab::BoundDeclaration declare_bound(const plab::LearnerSetup& /*setup*/) {
  return {.form = plab::BoundForm::kNovikoff, .counts = plab::BoundCount::kMistakes, .eta = 1.0};
}

constexpr auto kDescriptor = plab::make_descriptor(
    {.name = "pocket_perceptron",
     .version = "1.0.0",
     .summary = "pocket algorithm with ratchet (Gallant): the perceptron, predicting with its best "
                "weights",
     .details = "Runs the classic perceptron (updates on y (w . x~) <= 0, `tie` as for "
                "`perceptron`) and keeps in a pocket the weights with the longest run of "
                "consecutive correct classifications, replacing them only if the newcomer also "
                "makes fewer training errors (the ratchet, checked once per run). Predictions, "
                "train_error and test_error use the pocket; `perceptron_train_error` is the "
                "perceptron's own. The counted mistakes are the working perceptron's, so its "
                "bounds apply to them (Novikoff; the hinge forms past separability); the "
                "pocket's predictions have no mistake bound (docs/bounds.md).",
     .tasks = plab::kBinaryTask,
     .declare_bound = declare_bound,
     .orders = plab::OrderSupport::kPermutation,
     .storage = plab::StorageSupport::kDenseAndSparse},
    kParams);

}  // namespace

PLAB_PLUGIN(kDescriptor, PocketPerceptron)

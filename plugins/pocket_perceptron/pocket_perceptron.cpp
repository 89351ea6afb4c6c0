// The pocket algorithm with ratchet (Gallant 1990): run the classic perceptron, and keep in
// the "pocket" the weights that survived the longest run of consecutive correct
// classifications, replacing them only when the newcomer also makes fewer training errors
// (the ratchet). Predictions use the pocket. No mistake bound (THEORY.md §7); with random
// order the pocket holds a minimum-error separator with probability → 1.
#include <cstdint>
#include <limits>
#include <vector>

#include "plab/kernels.hpp"
#include "plab/online_loop.hpp"
#include "plab/plugin.hpp"

namespace {

constexpr plab::ParamSpec kParams[] = {plab::kTieParam};

class PocketPerceptron final : public plab::Learner {
 public:
  explicit PocketPerceptron(const plab::LearnerSetup& setup)
      : w_(setup.cols, 0.0),
        pocket_(setup.cols, 0.0),
        tie_positive_(setup.params.choice("tie") == "positive") {}

  plab::WeightShape shape() const override { return {1, w_.size()}; }
  // The perceptron's own weights: the engine writes the start here; the pocket starts equal.
  std::span<double> weights() override { return w_; }

  plab::EpochOutcome train_epoch(const plab::TrainingSet& data, const std::uint32_t* order,
                                 plab::UpdateObserver* observer) override {
    if (!started_) {
      pocket_ = w_;
      pocket_errors_ = errors(data, pocket_);
      started_ = true;
    }
    plab::EpochOutcome out;
    for (std::size_t t = 0; t < data.rows; ++t) {
      const std::size_t i = order == nullptr ? t : order[t];
      const double* x = data.row(i);
      const double y = data.sign[i];
      if (mistake(plab::dot(w_.data(), x, data.cols), y)) {
        plab::add_scaled(w_.data(), y, x, data.cols);
        run_ = 0;
        ++out.updates;
        if (observer != nullptr) observer->on_update(i, w_);
        continue;
      }
      // A run longer than the pocket's: the ratchet checks once per run whether these
      // weights also make fewer training errors.
      if (++run_ == pocket_run_ + 1) {
        const std::size_t e = errors(data, w_);
        if (e < pocket_errors_) {
          pocket_ = w_;
          pocket_errors_ = e;
          pocket_run_ = run_;
        }
      }
    }
    out.mistakes = out.updates;
    out.converged = out.updates == 0;
    if (out.converged) {  // a clean epoch: the current weights make no error at all
      pocket_ = w_;
      pocket_errors_ = 0;
    }
    return out;
  }

  std::size_t count_errors(const plab::TrainingSet& data) const override {
    return errors(data, started_ ? pocket_ : w_);
  }

  void report_metrics(const plab::TrainingSet& data, plab::MetricSink& sink) const override {
    sink.put("perceptron_train_error",
             static_cast<double>(errors(data, w_)) / static_cast<double>(data.rows));
  }

 private:
  bool mistake(double score, double y) const {
    return tie_positive_ ? plab::TiePositive::is_mistake(score, y)
                         : plab::TieMistake::is_mistake(score, y);
  }
  std::size_t errors(const plab::TrainingSet& data, const std::vector<double>& w) const {
    return plab::with_tie(tie_positive_, [&](auto tie) {
      return plab::count_sign_errors<decltype(tie)>(data, w.data());
    });
  }

  std::vector<double> w_;
  std::vector<double> pocket_;
  bool tie_positive_;
  bool started_ = false;
  std::size_t pocket_errors_ = std::numeric_limits<std::size_t>::max();
  std::size_t run_ = 0;
  std::size_t pocket_run_ = 0;
};

constexpr plab::PluginDescriptor kDescriptor{
    .abi_version = plab::kAbiVersion,
    .name = "pocket_perceptron",
    .version = "1.0.0",
    .summary =
        "pocket algorithm with ratchet (Gallant): the perceptron, predicting with its best weights",
    .details =
        "Runs the classic perceptron (updates on y (w . x~) <= 0, `tie` as for "
        "`perceptron`) and keeps in a pocket the weights with the longest run of "
        "consecutive correct classifications, replacing them only if the newcomer also "
        "makes fewer training errors (the ratchet, checked once per run). Predictions, "
        "train_error and test_error use the pocket; `perceptron_train_error` is the "
        "perceptron's own. No mistake bound (THEORY.md s7).",
    .params = kParams,
    .param_count = std::size(kParams),
    .tasks = plab::kBinaryTask,
    .declare_bound = plab::no_bound,
    .orders = plab::OrderSupport::kPermutation,
    .check = nullptr,
};

}  // namespace

PLAB_PLUGIN(kDescriptor, PocketPerceptron)

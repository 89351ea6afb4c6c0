// The averaged and voted perceptrons (Freund & Schapire 1999): the classic perceptron's
// updates (so the same training mistakes and the same Novikoff bound), but predictions by
// the average of the weights after every sample visit ("averaged"), or by a vote of every
// weight vector weighted by how many visits it survived ("voted").
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "plab/kernels.hpp"
#include "plab/online_loop.hpp"
#include "plab/plugin.hpp"

namespace {

constexpr plab::ParamSpec kParams[] = {
    plab::ParamSpec::choice(
        "mode", "averaged", "averaged|voted",
        "\"averaged\": predict with the mean of the weights after each visit; "
        "\"voted\": a vote of all weight vectors, each counted by its survival"),
};

constexpr std::size_t kMaxVotes = 200000;  // weight vectors kept by the voted form

class AveragedPerceptron final : public plab::Learner {
 public:
  explicit AveragedPerceptron(const plab::LearnerSetup& setup)
      : w_(setup.cols, 0.0),
        correction_(setup.cols, 0.0),
        voted_(setup.params.choice("mode") == "voted") {}

  plab::WeightShape shape() const override { return {1, w_.size()}; }
  std::span<double> weights() override { return w_; }

  plab::EpochOutcome train_epoch(const plab::TrainingSet& data, const std::uint32_t* order,
                                 plab::UpdateObserver* observer) override {
    plab::EpochOutcome out;
    for (std::size_t t = 0; t < data.rows; ++t) {
      const std::size_t i = order == nullptr ? t : order[t];
      const double* x = data.row(i);
      const double y = data.sign[i];
      if (!(y * plab::dot(w_.data(), x, data.cols) > 0.0)) {
        if (voted_) keep_vote();
        // Averaging without storing: Σ_{t≤T} w_t = T·w_T − Σ_updates (s − 1)·y·x̃ for an
        // update at visit s, so the mean is w_T − correction / T.
        plab::add_scaled(correction_.data(), static_cast<double>(visits_) * y, x, data.cols);
        plab::add_scaled(w_.data(), y, x, data.cols);
        survived_ = 0;
        ++out.updates;
        if (observer != nullptr) observer->on_update(i, w_);
      }
      ++visits_;
      ++survived_;
    }
    out.mistakes = out.updates;
    out.converged = out.updates == 0;
    return out;
  }

  std::size_t count_errors(const plab::TrainingSet& data) const override {
    std::size_t errors = 0;
    if (voted_) {
      for (std::size_t i = 0; i < data.rows; ++i)
        errors += !(data.sign[i] * vote(data.row(i), data.cols) > 0.0);
      return errors;
    }
    const std::vector<double> mean = average();
    return plab::count_sign_errors<plab::TieMistake>(data, mean.data());
  }

  void report_metrics(const plab::TrainingSet& data, plab::MetricSink& sink) const override {
    sink.put("perceptron_train_error",
             static_cast<double>(plab::count_sign_errors<plab::TieMistake>(data, w_.data())) /
                 static_cast<double>(data.rows));
    if (voted_) sink.put("votes", static_cast<double>(votes_.size() + 1));
  }

 private:
  std::vector<double> average() const {
    if (visits_ == 0) return w_;
    std::vector<double> mean(w_.size());
    for (std::size_t j = 0; j < w_.size(); ++j) {
      mean[j] = w_[j] - correction_[j] / static_cast<double>(visits_);
    }
    return mean;
  }

  void keep_vote() {
    if (survived_ == 0) return;
    if (votes_.size() >= kMaxVotes) {
      throw std::runtime_error(
          "the voted perceptron keeps at most 200000 weight vectors; use "
          "mode \"averaged\" for longer runs");
    }
    votes_.push_back({w_, survived_});
  }

  // Σ_k c_k sign(w_k·x̃), the current weights counted by their own survival.
  double vote(const double* x, std::size_t d) const {
    auto sign = [](double s) { return s > 0 ? 1.0 : (s < 0 ? -1.0 : 0.0); };
    double total = static_cast<double>(survived_) * sign(plab::dot(w_.data(), x, d));
    for (const Vote& v : votes_)
      total += static_cast<double>(v.count) * sign(plab::dot(v.w.data(), x, d));
    return total;
  }

  struct Vote {
    std::vector<double> w;
    std::uint64_t count;
  };
  std::vector<double> w_;
  std::vector<double> correction_;
  bool voted_;
  std::uint64_t visits_ = 0;
  std::uint64_t survived_ = 0;
  std::vector<Vote> votes_;
};

// Its training is the perceptron's (y·x̃ on every mistake); the average only predicts.
plab::BoundDeclaration declare_bound(const plab::LearnerSetup& /*setup*/) {
  return {.form = plab::BoundForm::kNovikoff, .counts = plab::BoundCount::kMistakes, .eta = 1.0};
}

constexpr plab::PluginDescriptor kDescriptor{
    .abi_version = plab::kAbiVersion,
    .name = "averaged_perceptron",
    .version = "1.0.0",
    .summary =
        "averaged / voted perceptron (Freund & Schapire): perceptron updates, averaged predictions",
    .details =
        "Training is the classic perceptron's (updates on y (w . x~) <= 0), so mistakes "
        "and their Novikoff bound are the perceptron's. `mode` \"averaged\" (default) "
        "predicts with the mean of the weights after every sample visit; \"voted\" with "
        "sum_k c_k sign(w_k . x~), c_k the visits w_k survived (at most 200000 vectors "
        "kept). train_error and test_error use these predictions; "
        "`perceptron_train_error` the last weights'.",
    .params = kParams,
    .param_count = std::size(kParams),
    .tasks = plab::kBinaryTask,
    .declare_bound = declare_bound,
    .orders = plab::OrderSupport::kPermutation,
    .check = nullptr,
};

}  // namespace

PLAB_PLUGIN(kDescriptor, AveragedPerceptron)

// The batch perceptron: one update per epoch from every sample the epoch's starting weights
// misclassify, w ← w + η·Σ yᵢx̃ᵢ (or the average, with `normalize`). docs/bounds.md, "Batch forms".
#include <algorithm>
#include <vector>

#include "plab/kernels.hpp"
#include "plab/online_loop.hpp"
#include "plab/plugin.hpp"

namespace {

constexpr plab::ParamSpec kParams[] = {
    plab::ParamSpec::real("eta", 1.0, "learning rate eta > 0", 0.0, /*lower_open=*/true),
    plab::ParamSpec::boolean("normalize", false,
                             "divide the sum by the number of misclassified samples "
                             "(the averaged step of docs/bounds.md)"),
    plab::kTieParam,
};

class BatchPerceptron final : public plab::Learner {
 public:
  explicit BatchPerceptron(const plab::LearnerSetup& setup)
      : w_(setup.cols, 0.0),
        sum_(setup.cols, 0.0),
        eta_(setup.params.real("eta")),
        normalize_(setup.params.flag("normalize")),
        tie_positive_(setup.params.choice("tie") == "positive") {}

  plab::WeightShape shape() const override { return {1, w_.size()}; }
  std::span<double> weights() override { return w_; }

  plab::EpochOutcome train_epoch(const plab::TrainingSet& data, const std::uint32_t* /*order*/,
                                 plab::UpdateObserver* observer) override {
    const std::size_t d = data.cols;
    std::fill(sum_.begin(), sum_.end(), 0.0);
    // Every sample is judged by the weights at the start of the epoch; the sum g_t of the
    // misclassified yᵢx̃ᵢ is accumulated in file order.
    const std::uint64_t misclassified = plab::with_tie(tie_positive_, [&](auto tie) {
      std::uint64_t m = 0;
      for (std::size_t i = 0; i < data.rows; ++i) {
        const plab::RowView x = data.row_view(i);
        if (decltype(tie)::is_mistake(plab::dot(w_.data(), x, d), data.sign[i])) {
          plab::add_scaled(sum_.data(), data.sign[i], x, d);
          ++m;
        }
      }
      return m;
    });
    plab::EpochOutcome out;
    out.mistakes = misclassified;
    if (misclassified == 0) {
      out.converged = true;
      return out;
    }
    // w ← w + η g_t, or w + η g_t / m_t, evaluated left to right as written.
    const double m = static_cast<double>(misclassified);
    for (std::size_t j = 0; j < d; ++j) w_[j] += normalize_ ? eta_ * sum_[j] / m : eta_ * sum_[j];
    out.updates = 1;
    if (observer != nullptr) observer->on_update(plab::kBatchUpdate, w_);
    return out;
  }

  std::size_t count_errors(const plab::TrainingSet& data) const override {
    return plab::with_tie(tie_positive_, [&](auto tie) {
      return plab::count_sign_errors<decltype(tie)>(data, w_.data());
    });
  }

 private:
  std::vector<double> w_;
  std::vector<double> sum_;
  double eta_;
  bool normalize_;
  bool tie_positive_;
};

// The averaged step bounds the batch updates; the summed step bounds the misclassified
// samples summed over epochs (docs/bounds.md, "Batch forms").
plab::BoundDeclaration declare_bound(const plab::LearnerSetup& setup) {
  const double eta = setup.params.real("eta");
  if (setup.params.flag("normalize")) {
    return {
        .form = plab::BoundForm::kBatchAveraged, .counts = plab::BoundCount::kUpdates, .eta = eta};
  }
  return {.form = plab::BoundForm::kBatchSummed, .counts = plab::BoundCount::kMistakes, .eta = eta};
}

constexpr auto kDescriptor = plab::make_descriptor(
    {.name = "batch_perceptron",
     .version = "1.0.0",
     .summary = "batch perceptron: per epoch, w <- w + eta * sum of y x over misclassified samples",
     .details = "Binary labels y in {-1,+1}. Each epoch judges every sample with the weights it "
                "started with; M_t = the misclassified ones (test by `tie`, as for "
                "`perceptron`), g_t = sum over M_t of y x~. Update w <- w + eta g_t, or "
                "w <- w + eta g_t / |M_t| with `normalize`. `updates` counts batch updates, "
                "`mistakes` the misclassified samples summed over epochs. Takes no order. "
                "Guarantee (docs/bounds.md): averaged, updates <= (R/rho)^2; plain sum, "
                "sum of |M_t| <= n (R/rho)^2 (the plain (R/rho)^2 does not hold for updates).",
     .tasks = plab::kBinaryTask,
     .declare_bound = declare_bound,
     .orders = plab::OrderSupport::kNone,
     .storage = plab::StorageSupport::kDenseAndSparse},
    kParams);

}  // namespace

PLAB_PLUGIN(kDescriptor, BatchPerceptron)

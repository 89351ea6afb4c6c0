// The linear unit (Widrow–Hoff / LMS): the unthresholded output o = w·x̃ trained on the
// squared error E(w) = ½ Σ (y − o)², by SGD or by batch gradient descent. docs/bounds.md, "The
// linear unit".
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "plab/kernels.hpp"
#include "plab/plugin.hpp"
#include "plab/prefetch.hpp"

namespace {

constexpr plab::ParamSpec kParams[] = {
    plab::ParamSpec::choice("mode", "sgd", "sgd|batch",
                            "\"sgd\": w <- w + eta_t (y - o) x~ after each sample; \"batch\": "
                            "w <- w + eta_t sum_i (y_i - o_i) x~_i once per epoch"),
    plab::ParamSpec::real("eta", 0.01, "learning rate eta > 0", 0.0, /*lower_open=*/true),
    plab::ParamSpec::choice("schedule", "constant", "constant|inverse",
                            "\"constant\": eta_t = eta; \"inverse\": eta_t = eta / (1 + t / tau), "
                            "t = updates made so far (samples in sgd mode, epochs in batch mode)"),
    plab::ParamSpec::real("tau", 0.0,
                          "time constant of the inverse schedule; 0 means N, the "
                          "number of training samples",
                          0.0),
    plab::ParamSpec::real("tol", 1e-10,
                          "stop when |E_before - E_after| <= tol * E_before over "
                          "an epoch",
                          0.0),
};

class LinearUnit final : public plab::Learner {
 public:
  explicit LinearUnit(const plab::LearnerSetup& setup)
      : w_(setup.cols, 0.0),
        gradient_(setup.cols, 0.0),
        batch_(setup.params.choice("mode") == "batch"),
        inverse_(setup.params.choice("schedule") == "inverse"),
        eta_(setup.params.real("eta")),
        tau_(setup.params.real("tau") > 0 ? setup.params.real("tau")
                                          : static_cast<double>(setup.rows)),
        tol_(setup.params.real("tol")) {}

  plab::WeightShape shape() const override { return {1, w_.size()}; }
  std::span<double> weights() override { return w_; }

  void on_start(const plab::TrainingSet& data) override { previous_loss_ = loss(data); }  // E(w₀)

  plab::EpochOutcome train_epoch(const plab::TrainingSet& data, const std::uint32_t* order,
                                 plab::UpdateObserver* observer) override {
    const std::size_t d = data.cols;
    plab::EpochOutcome out;
    if (batch_) {
      std::fill(gradient_.begin(), gradient_.end(), 0.0);
      for (std::size_t i = 0; i < data.rows; ++i) {
        const plab::RowView x = data.row_view(i);
        const double o = plab::dot(w_.data(), x, d);
        out.mistakes += !(data.sign[i] * o > 0.0);
        plab::add_scaled(gradient_.data(), data.sign[i] - o, x, d);
      }
      plab::add_scaled(w_.data(), rate(), gradient_.data(), d);
      ++updates_;
      out.updates = 1;
      if (observer != nullptr) observer->on_update(plab::kBatchUpdate, w_);
    } else {
      const bool prefetch = order != nullptr && plab::rows_worth_prefetching(data);
      for (std::size_t t = 0; t < data.rows; ++t) {
        const std::size_t i = order == nullptr ? t : order[t];
        if (prefetch && t + plab::kPrefetchAhead < data.rows) {
          plab::prefetch_row(data, order[t + plab::kPrefetchAhead]);
        }
        const plab::RowView x = data.row_view(i);
        const double o = plab::dot(w_.data(), x, d);
        out.mistakes += !(data.sign[i] * o > 0.0);
        plab::add_scaled(w_.data(), rate() * (data.sign[i] - o), x, d);
        ++updates_;
        if (observer != nullptr) observer->on_update(i, w_);
      }
      out.updates = data.rows;
    }
    out.loss = loss(data);
    out.converged = std::fabs(previous_loss_ - out.loss) <= tol_ * previous_loss_;
    previous_loss_ = out.loss;
    return out;
  }

  std::size_t count_errors(const plab::TrainingSet& data) const override {
    std::size_t errors = 0;
    for (std::size_t i = 0; i < data.rows; ++i) {
      errors += !(data.sign[i] * plab::dot(w_.data(), data.row_view(i), data.cols) > 0.0);
    }
    return errors;
  }

  void report_metrics(const plab::TrainingSet& data, plab::MetricSink& sink) const override {
    sink.put("loss", loss(data));
  }

 private:
  double rate() const {
    return inverse_ ? eta_ / (1.0 + static_cast<double>(updates_) / tau_) : eta_;
  }

  // E(w) = ½ Σ (y − w·x̃)², summed in file order.
  double loss(const plab::TrainingSet& data) const {
    double e = 0.0;
    for (std::size_t i = 0; i < data.rows; ++i) {
      const double r = data.sign[i] - plab::dot(w_.data(), data.row_view(i), data.cols);
      e += r * r;
    }
    return 0.5 * e;
  }

  std::vector<double> w_;
  std::vector<double> gradient_;
  bool batch_;
  bool inverse_;
  double eta_;
  double tau_;
  double tol_;
  std::uint64_t updates_ = 0;
  double previous_loss_ = std::numeric_limits<double>::quiet_NaN();
};

// No mistake bound: the distance to the least-squares optimum instead (docs/bounds.md, "The linear
// unit").
plab::BoundDeclaration declare_bound(const plab::LearnerSetup& /*setup*/) {
  return {.form = plab::BoundForm::kLeastSquares};
}

constexpr auto kDescriptor = plab::make_descriptor(
    {.name = "linear_unit_sgd",
     .version = "1.0.0",
     .summary = "linear unit (LMS): o = w . x, squared error, SGD or batch gradient descent",
     .details = "Targets y in {-1,+1}; output o = w . x~ (no threshold); E(w) = 1/2 sum (y - o)^2. "
                "`mode` \"sgd\" updates w <- w + eta_t (y - o) x~ after each sample, \"batch\" "
                "w <- w + eta_t sum_i (y_i - o_i) x~_i once per epoch. Converged when E changes by "
                "at most `tol` relative over an epoch. Records `loss` (final E); `train_error` "
                "counts y o <= 0; `mistakes` counts samples with y o <= 0 when visited. Weights "
                "that become non-finite (eta too large) end the run as \"diverged\". No mistake "
                "bound (docs/bounds.md): batch GD converges iff 0 < eta < 2 / lambda_max(X'X).",
     .tasks = plab::kBinaryTask,
     .declare_bound = declare_bound,
     .orders = plab::OrderSupport::kPermutation,
     .storage = plab::StorageSupport::kDenseAndSparse},
    kParams);

}  // namespace

PLAB_PLUGIN(kDescriptor, LinearUnit)

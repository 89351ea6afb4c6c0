// An example learner written outside the perceptron-lab tree, against the installed SDK:
// the perceptron with a normalised step, w <- w + y x~ / |x~|. From zero, Novikoff's
// argument with unit steps gives at most (R/rho)^2 mistakes, but the engine's init-aware
// form for non-zero starts does not carry over to normalised steps, so the plugin claims no
// guarantee (Guarantee::kNone): plab prints no bound it cannot prove for it.
#include <cmath>
#include <vector>

#include "plab/kernels.hpp"
#include "plab/online_loop.hpp"
#include "plab/plugin.hpp"

namespace {

constexpr plab::ParamSpec kParams[] = {plab::kTieParam};

class SignPerceptron final : public plab::Learner {
 public:
  explicit SignPerceptron(const plab::LearnerSetup& setup)
      : w_(setup.cols, 0.0), tie_positive_(setup.params.choice("tie") == "positive") {}

  plab::WeightShape shape() const override { return {1, w_.size()}; }
  std::span<double> weights() override { return w_; }

  plab::EpochOutcome train_epoch(const plab::TrainingSet& data, const std::uint32_t* order,
                                 plab::UpdateObserver* observer) override {
    plab::EpochOutcome out;
    for (std::size_t t = 0; t < data.rows; ++t) {
      const std::size_t i = order == nullptr ? t : order[t];
      const double* x = data.row(i);
      const double y = data.sign[i];
      const double score = plab::dot(w_.data(), x, data.cols);
      const bool mistake = tie_positive_ ? plab::TiePositive::is_mistake(score, y)
                                         : plab::TieMistake::is_mistake(score, y);
      if (!mistake) continue;
      plab::add_scaled(w_.data(), y / std::sqrt(plab::dot(x, x, data.cols)), x, data.cols);
      ++out.updates;
      if (observer != nullptr) observer->on_update(i, w_);
    }
    out.mistakes = out.updates;
    out.converged = out.updates == 0;
    return out;
  }

  std::size_t count_errors(const plab::TrainingSet& data) const override {
    return tie_positive_ ? plab::count_sign_errors<plab::TiePositive>(data, w_.data())
                         : plab::count_sign_errors<plab::TieMistake>(data, w_.data());
  }

 private:
  std::vector<double> w_;
  bool tie_positive_;
};

constexpr plab::PluginDescriptor kDescriptor{
    .abi_version = plab::kAbiVersion,
    .name = "sign_perceptron",
    .version = "0.1.0",
    .summary = "example out-of-tree plugin: perceptron with normalised steps y x / |x|",
    .details =
        "On a mistake w <- w + y x~ / |x~|. Built outside the perceptron-lab tree from "
        "examples/external_plugin against the installed SDK.",
    .params = kParams,
    .param_count = std::size(kParams),
    .tasks = plab::kBinaryTask,
    .guarantee = plab::Guarantee::kNone,
    .orders = plab::OrderSupport::kPermutation,
    .check = nullptr,
};

}  // namespace

PLAB_PLUGIN(kDescriptor, SignPerceptron)

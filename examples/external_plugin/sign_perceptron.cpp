// An example learner written outside the perceptron-lab tree, against the installed SDK:
// the perceptron with a normalised step, w <- w + rate y x~ / |x~| (`step` "normalised", the
// default), or the scaled step w <- w + rate y x~ (`step` "scaled").
//
// Its bound, declared as data from the resolved params (declare_bound below): the scaled
// step is Novikoff's with step scale eta = rate, so it declares that form and plab proves
// the bound, init-aware from w0 != 0. The normalised step satisfies Novikoff's two
// conditions only with eta = rate / R, and a plugin does not know the data's R, so it
// declares no bound for it: plab prints no bound it cannot prove.
#include <cmath>
#include <vector>

#include "plab/kernels.hpp"
#include "plab/online_loop.hpp"
#include "plab/plugin.hpp"

namespace {

constexpr plab::ParamSpec kParams[] = {
    plab::kTieParam,
    plab::ParamSpec::choice("step", "normalised", "normalised|scaled",
                            "\"normalised\": w <- w + rate y x~ / |x~|; \"scaled\": w <- w + "
                            "rate y x~"),
    plab::ParamSpec::real("rate", 1.0, "step scale rate > 0", 0.0, /*lower_open=*/true),
};

class SignPerceptron final : public plab::Learner {
 public:
  explicit SignPerceptron(const plab::LearnerSetup& setup)
      : w_(setup.cols, 0.0),
        tie_positive_(setup.params.choice("tie") == "positive"),
        normalised_(setup.params.choice("step") == "normalised"),
        rate_(setup.params.real("rate")) {}

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
      const double step =
          normalised_ ? rate_ * y / std::sqrt(plab::dot(x, x, data.cols)) : rate_ * y;
      plab::add_scaled(w_.data(), step, x, data.cols);
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
  bool normalised_;
  double rate_;
};

// The bound this learner claims for its resolved params (plab/bound.hpp).
plab::BoundDeclaration declare_bound(const plab::LearnerSetup& setup) {
  if (setup.params.choice("step") == "normalised") return {};  // no bound: see the top
  return {.form = plab::BoundForm::kNovikoff,
          .counts = plab::BoundCount::kMistakes,
          .eta = setup.params.real("rate")};
}

constexpr plab::PluginDescriptor kDescriptor{
    .abi_version = plab::kAbiVersion,
    .name = "sign_perceptron",
    .version = "0.1.0",
    .summary = "example out-of-tree plugin: perceptron with normalised steps y x / |x|",
    .details =
        "On a mistake w <- w + rate y x~ / |x~| (`step` \"normalised\", no bound claimed) "
        "or w <- w + rate y x~ (`step` \"scaled\", Novikoff with step scale rate). Built outside "
        "the perceptron-lab tree from "
        "examples/external_plugin against the installed SDK.",
    .params = kParams,
    .param_count = std::size(kParams),
    .tasks = plab::kBinaryTask,
    .declare_bound = declare_bound,
    .orders = plab::OrderSupport::kPermutation,
    .check = nullptr,
};

}  // namespace

PLAB_PLUGIN(kDescriptor, SignPerceptron)

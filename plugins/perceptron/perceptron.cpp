// The classic perceptron (Rosenblatt 1958): on a mistake, w ← w + y·x̃ (THEORY.md §1).
#include <cstdint>
#include <span>
#include <vector>

#include "plab/online_loop.hpp"
#include "plab/plugin.hpp"

namespace {

constexpr plab::ParamSpec kParams[] = {
    plab::ParamSpec::choice("tie", "mistake", "mistake|positive",
                            "\"mistake\": a zero score counts as a mistake (y·(w·x̃) ≤ 0); "
                            "\"positive\": predict +1 iff w·x̃ ≥ 0, update when wrong"),
};

template <class Tie>
struct ClassicRule : Tie {
  static double step(double /*score*/, double y) { return y; }
};

class Perceptron final : public plab::Learner {
 public:
  explicit Perceptron(const plab::LearnerSetup& setup)
      : w_(setup.cols, 0.0), tie_positive_(setup.params.choice("tie") == "positive") {}

  plab::WeightShape shape() const override { return {1, w_.size()}; }
  std::span<double> weights() override { return w_; }

  plab::EpochOutcome train_epoch(const plab::TrainingSet& data, const std::uint32_t* order,
                                 plab::UpdateObserver* observer) override {
    return plab::with_tie(tie_positive_, [&](auto tie) {
      return plab::online_epoch(data, order, w_.data(), ClassicRule<decltype(tie)>{}, observer);
    });
  }

  plab::StepOutcome train_step(const plab::TrainingSet& data, plab::MistakePick pick,
                               double uniform, plab::UpdateObserver* observer) override {
    return plab::with_tie(tie_positive_, [&](auto tie) {
      return plab::online_step(data, pick, uniform, w_.data(), ClassicRule<decltype(tie)>{},
                               observer, scratch_);
    });
  }

  std::size_t count_errors(const plab::TrainingSet& data) const override {
    return plab::with_tie(tie_positive_, [&](auto tie) {
      return plab::count_sign_errors<decltype(tie)>(data, w_.data());
    });
  }

 private:
  std::vector<double> w_;
  bool tie_positive_;
  std::vector<std::uint32_t> scratch_;
};

constexpr plab::PluginDescriptor kDescriptor{
    .abi_version = plab::kAbiVersion,
    .name = "perceptron",
    .version = "1.0.0",
    .summary = "classic perceptron: on a mistake, w <- w + y x (Rosenblatt; Novikoff bound)",
    .details =
        "Binary labels y in {-1,+1}. On a mistake w <- w + y x~ (augmented x~ = [1, x]). "
        "Mistake test by `tie`: \"mistake\" (default) updates when y (w . x~) <= 0, so a "
        "zero score is a mistake; \"positive\" predicts +1 when w . x~ >= 0. "
        "Guarantee (THEORY.md s1): from zero init, mistakes <= (R/rho)^2 in any order; "
        "from a non-zero init, the init-aware bound of s3 with eta = 1.",
    .params = kParams,
    .param_count = std::size(kParams),
    .tasks = plab::kBinaryTask,
    .guarantee = plab::Guarantee::kNovikoff,
    .orders = plab::OrderSupport::kMistakeDriven,
    .check = nullptr,
};

}  // namespace

PLAB_PLUGIN(kDescriptor, Perceptron)

// The margin perceptron: update w ← w + η·y·x̃ whenever y·(w·x̃) ≤ τ, not only on mistakes,
// so that it converges to a separator with functional margin above τ. With τ = 0 it is the
// η-scaled perceptron. Bound (docs/bounds.md): k ≤ (R² + 2τ/η)/ρ² from zero.
#include <vector>

#include "plab/lane_loop.hpp"
#include "plab/online_loop.hpp"
#include "plab/plugin.hpp"

namespace {

constexpr plab::ParamSpec kParams[] = {
    plab::ParamSpec::real("tau", 1.0, "update when y (w . x~) <= tau (tau >= 0)", 0.0),
    plab::ParamSpec::real("eta", 1.0, "learning rate eta > 0", 0.0, /*lower_open=*/true),
};

struct MarginRule {
  double tau;
  double eta;
  bool is_mistake(double score, double y) const { return !(y * score > tau); }
  double step(double /*score*/, double y) const { return eta * y; }
  // The same on K lanes at once (plab/lane_loop.hpp).
  template <class Lanes, class Bits>
  void lane_mistakes(const Lanes& score, const Lanes& y, Bits& erred) const {
    erred = ~(y * score > Lanes{} + tau);
  }
  double step_for_label(double y) const { return eta * y; }
};

class MarginPerceptron final : public plab::Learner {
 public:
  explicit MarginPerceptron(const plab::LearnerSetup& setup)
      : w_(setup.cols, 0.0), rule_{setup.params.real("tau"), setup.params.real("eta")} {}

  plab::WeightShape shape() const override { return {1, w_.size()}; }
  std::span<double> weights() override { return w_; }

  plab::EpochOutcome train_epoch(const plab::TrainingSet& data, const std::uint32_t* order,
                                 plab::UpdateObserver* observer) override {
    return plab::online_epoch(data, order, w_.data(), rule_, observer);
  }

  plab::StepOutcome train_step(const plab::TrainingSet& data, plab::MistakePick pick,
                               double uniform, plab::UpdateObserver* observer) override {
    return plab::online_step(data, pick, uniform, w_.data(), rule_, observer, scratch_);
  }

  // Errors of the sign rule (a zero score is an error), not margin violations.
  std::size_t count_errors(const plab::TrainingSet& data) const override {
    return plab::count_sign_errors<plab::TieMistake>(data, w_.data());
  }

 private:
  std::vector<double> w_;
  MarginRule rule_;
  std::vector<std::uint32_t> scratch_;
};

// η·y·x̃ whenever y·(w·x̃) ≤ τ; `mistakes` counts these updates (docs/bounds.md).
plab::BoundDeclaration declare_bound(const plab::LearnerSetup& setup) {
  return {.form = plab::BoundForm::kMarginPerceptron,
          .counts = plab::BoundCount::kMistakes,
          .eta = setup.params.real("eta"),
          .tau = setup.params.real("tau")};
}

// Repeats side by side: the rule reads the score and the label only.
plab::CreateLanesResult create_lanes(const plab::LearnerSetup& setup, std::size_t width) noexcept {
  try {
    return plab::make_online_lanes(MarginRule{setup.params.real("tau"), setup.params.real("eta")},
                                   setup.cols, width);
  } catch (const std::exception& e) {
    return {nullptr, e.what()};
  }
}

constexpr auto kDescriptor = plab::make_descriptor(
    {.name = "margin_perceptron",
     .version = "1.0.0",
     .summary = "margin perceptron: w <- w + eta y x whenever y (w . x) <= tau",
     .details =
         "Binary labels y in {-1,+1}. Updates w <- w + eta y x~ whenever y (w . x~) <= tau "
         "(a margin violation, not only a mistake), so a clean epoch certifies functional "
         "margin > tau. `mistakes` counts these updates; `train_error` counts sign errors. "
         "Guarantee (docs/bounds.md): each update grows |w/eta|^2 by at most R^2 + 2 tau/eta "
         "and u.w/eta by at least rho, so updates <= (R^2 + 2 tau/eta) / rho^2 from zero, "
         "and the init-aware form with that R^2 from w0 != 0.",
     .tasks = plab::kBinaryTask,
     .declare_bound = declare_bound,
     .orders = plab::OrderSupport::kMistakeDriven,
     .create_lanes = create_lanes,
     .storage = plab::StorageSupport::kDenseAndSparse},
    kParams);

}  // namespace

PLAB_PLUGIN(kDescriptor, MarginPerceptron)

// The classic perceptron (Rosenblatt 1958): on a mistake, w ← w + y·x̃ (docs/bounds.md, "Novikoff
// from zero").
#include "plab/binary_online_learner.hpp"
#include "plab/plugin.hpp"

namespace {

constexpr plab::ParamSpec kParams[] = {plab::kTieParam, plab::kDotParam};

struct ClassicStep {
  explicit ClassicStep(const plab::ParamSet& /*params*/) {}
  static double coefficient(double y) { return y; }
};

using Perceptron = plab::BinaryOnlineLearner<ClassicStep>;

// Every mistake adds y·x̃: Novikoff with step scale 1 (docs/bounds.md, "Novikoff from zero" and
// "From a non-zero start").
plab::BoundDeclaration declare_bound(const plab::LearnerSetup& /*setup*/) {
  return {.form = plab::BoundForm::kNovikoff, .counts = plab::BoundCount::kMistakes, .eta = 1.0};
}

constexpr auto kDescriptor = plab::make_descriptor(
    {.name = "perceptron",
     .version = "1.0.0",
     .summary = "classic perceptron: on a mistake, w <- w + y x (Rosenblatt; Novikoff bound)",
     .details = "Binary labels y in {-1,+1}. On a mistake w <- w + y x~ (augmented x~ = [1, x]). "
                "Mistake test by `tie`: \"mistake\" (default) updates when y (w . x~) <= 0, so a "
                "zero score is a mistake; \"positive\" predicts +1 when w . x~ >= 0. "
                "Guarantee (docs/bounds.md): from zero init, mistakes <= (R/rho)^2 in any order; "
                "from a non-zero init, the init-aware bound (docs/bounds.md) with eta = 1.",
     .tasks = plab::kBinaryTask,
     .declare_bound = declare_bound,
     .orders = plab::OrderSupport::kMistakeDriven,
     .create_lanes = plab::binary_online_lanes<ClassicStep>,
     .storage = plab::StorageSupport::kDenseAndSparse},
    kParams);

}  // namespace

PLAB_PLUGIN(kDescriptor, Perceptron)

// The η-scaled perceptron: on a mistake, w ← w + η·s·x̃ with s = y ("label") or
// s = y − ŷ = 2y ("residual", the {0,1}/Heaviside form some courses teach). docs/bounds.md, "The
// step size from zero" and "From a non-zero start".
#include <cmath>
#include <cstdio>
#include <string>

#include "plab/binary_online_learner.hpp"
#include "plab/plugin.hpp"

namespace {

constexpr plab::ParamSpec kParams[] = {
    plab::ParamSpec::real("eta", 1.0, "learning rate eta > 0", 0.0, /*lower_open=*/true),
    plab::ParamSpec::choice("step", "label", "label|residual",
                            "\"label\": w <- w + eta y x~; \"residual\": w <- w + eta (y - "
                            "y_hat) x~, which is 2 eta y x~ on a mistake"),
    plab::kTieParam,
    plab::kDotParam,
};

struct ScaledStep {
  explicit ScaledStep(const plab::ParamSet& params)
      : eta(params.real("eta")), residual(params.choice("step") == "residual") {}
  // On a mistake the prediction ŷ is −y, so the residual y − ŷ is 2y; η·(y − ŷ) is formed
  // first, as in the textbook formula, then multiplies x̃.
  double coefficient(double y) const { return residual ? eta * (y - (-y)) : eta * y; }
  double eta;
  bool residual;
};

using EtaPerceptron = plab::BinaryOnlineLearner<ScaledStep>;

// The step is η·y·x̃, or η(y − ŷ)·x̃ = 2η·y·x̃ on a mistake for "residual": Novikoff with
// step scale η or 2η (docs/bounds.md, "The step size from zero" and "From a non-zero start").
plab::BoundDeclaration declare_bound(const plab::LearnerSetup& setup) {
  const double eta = setup.params.real("eta");
  const bool residual = setup.params.choice("step") == "residual";
  return {.form = plab::BoundForm::kNovikoff,
          .counts = plab::BoundCount::kMistakes,
          .eta = residual ? 2.0 * eta : eta};
}

// The residual step is 2*eta: an eta beyond half the largest double makes the step itself
// overflow, which is the step size chosen (a config error), not a fault of this plugin.
std::string check_params(const plab::ParamSet& params) {
  const double eta = params.real("eta");
  if (params.choice("step") == "residual" && !std::isfinite(2.0 * eta)) {
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", eta);
    return "eta " + std::string(text) +
           " with step \"residual\": the step scale 2 eta is beyond a double, so the step "
           "overflows at the first update; lower eta (at most about 9e307)";
  }
  return "";
}

constexpr auto kDescriptor = plab::make_descriptor(
    {.name = "eta_perceptron",
     .version = "1.0.0",
     .summary = "eta-scaled perceptron: on a mistake, w <- w + eta s x, s = y or y - y_hat",
     .details = "Binary labels y in {-1,+1}. On a mistake w <- w + eta s x~, with s = y "
                "(`step` \"label\") or s = y - y_hat = 2y (`step` \"residual\"). `tie` as for "
                "`perceptron`. From zero init the mistakes are the same for every eta > 0 "
                "(w scales by eta; exact in double when eta is a power of two). Guarantee "
                "(docs/bounds.md): from zero, mistakes <= (R/rho)^2; from w0 != 0, "
                "mistakes <= (R/rho)^2 + 2 |w0| / (eta' rho) with eta' = eta (label) or 2 eta "
                "(residual).",
     .tasks = plab::kBinaryTask,
     .declare_bound = declare_bound,
     .orders = plab::OrderSupport::kMistakeDriven,
     .check = check_params,
     .create_lanes = plab::binary_online_lanes<ScaledStep>,
     .storage = plab::StorageSupport::kDenseAndSparse},
    kParams);

}  // namespace

PLAB_PLUGIN(kDescriptor, EtaPerceptron)

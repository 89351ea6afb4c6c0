#include "theory/winnow_bound.hpp"
#include "base/number_text.hpp"

#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>
#include <string>

#include "theory/bound_forms.hpp"
#include "theory/unit_roundoff.hpp"

namespace plab {

namespace {}  // namespace

double log_cosh(double x) {
  x = std::fabs(x);
  if (x > 20.0) return x + std::log1p(std::exp(-2.0 * x)) - std::numbers::ln2;
  const double s = std::sinh(x / 2.0);
  return std::log1p(2.0 * s * s);
}

std::optional<double> winnow_bound_value(double eta, double gamma1, double r_inf, double weights) {
  // Each library function is within a few ulps; 16 units of roundoff per term, each term
  // moved toward a smaller denominator and a larger numerator.
  constexpr double kSlack = 16.0 * kUnitRoundoff;
  const double gain = eta * gamma1 * (1.0 - kSlack);
  const double loss = log_cosh(eta * r_inf * (1.0 + kSlack)) * (1.0 + kSlack) +
                      std::numeric_limits<double>::denorm_min();
  const double denominator = (gain - loss) * (1.0 - kSlack);
  if (!(denominator > 0.0) || !std::isfinite(denominator)) return std::nullopt;
  const double bound = std::log(weights) * (1.0 + kSlack) / denominator * (1.0 + kSlack);
  if (!std::isfinite(bound)) return std::nullopt;
  return bound;
}

const L1Margin* winnow_margin(const PointTheory& theory, const BoundDeclaration& declared) {
  const std::optional<L1Margin>& m = declared.balanced ? theory.l1_balanced : theory.l1_plain;
  return m ? &*m : nullptr;
}

BoundReport evaluate_winnow_bound(const BoundInputs& in) {
  BoundReport out;
  out.kind = bound_form_name(BoundForm::kWinnow);
  out.counts = bound_count_name(in.declared.counts);
  const auto does_not_apply = [&](const std::string& why) {
    out.note = "the winnow bound does not apply: " + why;
    return out;
  };
  const L1Margin* margin = winnow_margin(*in.theory, in.declared);
  if (margin == nullptr) return does_not_apply("no l1-margin was computed (theory.margin none)");
  for (double w : in.initial_weights) {
    if (w != 0.0) return does_not_apply("it is proved from the uniform start (init zero) only");
  }
  if (!margin->positive.value_or(false)) return does_not_apply(margin->reason);
  const double eta = in.declared.eta;
  const auto weights = static_cast<double>((in.declared.balanced ? 2 : 1) * in.data->cols());
  const std::optional<double> bound =
      winnow_bound_value(eta, margin->gamma1, margin->r_inf, weights);
  if (!bound) {
    const double tuned = margin->gamma1 / margin->r_inf / margin->r_inf;
    return does_not_apply(
        "eta gamma_1 = " + number_text(eta * margin->gamma1) +
        " is not above ln cosh(eta R_inf) = " + number_text(log_cosh(eta * margin->r_inf)) +
        ", so a mistake need not lower the relative entropy; eta below "
        "about 2 gamma_1 / R_inf^2 makes it (tuned: gamma_1 / R_inf^2 = " +
        number_text(tuned) + ")");
  }
  const auto counted =
      static_cast<double>(in.declared.counts == BoundCount::kUpdates ? in.updates : in.mistakes);
  out.applies = true;
  out.bound = *bound;
  out.ratio = counted / *bound;
  out.holds = within_bound(counted, *bound);
  return out;
}

}  // namespace plab

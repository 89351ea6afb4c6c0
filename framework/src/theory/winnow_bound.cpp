#include "theory/winnow_bound.hpp"
#include "base/number_text.hpp"

#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>
#include <string>

#include "theory/bounds.hpp"
#include "theory/l1_margin.hpp"
#include "theory/unit_roundoff.hpp"

namespace plab {

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

namespace {

const char* variant(const BoundDeclaration& d) { return l1_variant_name(d.balanced); }

std::uint64_t weight_count(const BoundDeclaration& d, const Dataset& data) {
  return (d.balanced ? 2U : 1U) * data.cols();
}

class WinnowUnit final : public BoundUnit {
 public:
  BoundForm form() const override { return BoundForm::kWinnow; }
  const char* name() const override { return "winnow"; }
  const char* description() const override {
    return "winnow (normalised EG): mistakes <= ln N / (eta gamma_1 - ln cosh(eta R_inf)) "
           "from the uniform start, gamma_1 the certified l1-margin, N = d or 2d "
           "(docs/bounds.md)";
  }
  // Its step is multiplicative and normalised: the initial weights' range check does not
  // describe it.
  bool additive_step() const override { return false; }
  bool has_variants() const override { return true; }
  std::string declared_text(const BoundDeclaration& d) const override {
    return d.balanced ? ", balanced (N = 2d)" : ", plain (N = d)";
  }
  std::vector<QuantityRequest> needs(const BoundDeclaration& d) const override {
    return {{"l1_margin", variant(d)}};
  }

  BoundReport evaluate(const BoundInputs& in) const override {
    BoundReport out;
    out.kind = name();
    out.counts = in.declared.counts;
    const auto does_not_apply = [&](const std::string& why) {
      out.note = "the winnow bound does not apply: " + why;
      return out;
    };
    const L1Margin* margin = l1_margin_of(*in.theory, in.declared.balanced);
    if (margin == nullptr) return does_not_apply("no l1-margin was computed (theory.margin none)");
    for (double w : in.initial_weights) {
      if (w != 0.0) return does_not_apply("it is proved from the uniform start (init zero) only");
    }
    if (!margin->positive.value_or(false)) return does_not_apply(margin->reason);
    const double eta = in.declared.eta;
    const auto weights = static_cast<double>(weight_count(in.declared, *in.data));
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

  // The certified ℓ₁-margin of the variant (null when none is certified), R∞ and N: all
  // three where the point has the variant's margin, none elsewhere.
  std::vector<FieldSpec> record_fields() const override {
    return {{"gamma1", FieldType::kNumberOrNull},
            {"R_inf", FieldType::kNumber},
            {"winnow_weights", FieldType::kCount}};
  }
  std::optional<boost::json::object> record_values(const PointTheory& theory,
                                                   const BoundDeclaration& d,
                                                   const Dataset& data) const override {
    const L1Margin* m = l1_margin_of(theory, d.balanced);
    if (m == nullptr) return std::nullopt;
    return boost::json::object{
        {"gamma1", m->positive.value_or(false) ? boost::json::value(m->gamma1) : nullptr},
        {"R_inf", m->r_inf},
        {"winnow_weights", weight_count(d, data)}};
  }
  const char* absent_reason() const override {
    return "absent (no winnow learner, or no l1-margin at this point)";
  }
  // Its bound is 2 ln N (R∞/γ₁)², not a power of one ratio: the summary fits no slope.
  std::optional<FormGeometry> geometry() const override {
    return FormGeometry{"l1",  "R_inf", "gamma1",
                        "inf", "l1",    "marked inf / l1: Winnow's R_inf and l1-margin gamma_1",
                        ""};
  }
};

}  // namespace

const BoundUnit& winnow_bound_unit() {
  static const WinnowUnit unit;
  return unit;
}

}  // namespace plab

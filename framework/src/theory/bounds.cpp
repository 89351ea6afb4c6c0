#include "theory/bounds.hpp"

#include <cmath>
#include <limits>

#include "theory/least_squares.hpp"

namespace plab {

namespace {

constexpr double kUnitRoundoff = std::numeric_limits<double>::epsilon() / 2.0;

std::optional<double> declared_real(const ParamSet& params, const char* name) {
  for (const auto& e : params.entries()) {
    if (e.name == name && e.type == ParamType::kReal) return e.number;
  }
  return std::nullopt;
}

bool declared_choice_is(const ParamSet& params, const char* name, const char* value) {
  for (const auto& e : params.entries()) {
    if (e.name == name && e.type == ParamType::kChoice) return e.text == value;
  }
  return false;
}

bool declared_flag(const ParamSet& params, const char* name) {
  for (const auto& e : params.entries()) {
    if (e.name == name && e.type == ParamType::kBool) return e.number != 0.0;
  }
  return false;
}

struct Form {
  std::string name;
  double eta = 1.0;
  double r2 = 0.0;  // R²ₑ
  bool count_updates = false;
};

std::optional<Form> form_for(const BoundInputs& in) {
  const double r2 = in.theory->radius * in.theory->radius;
  const ParamSet& p = *in.params;
  switch (in.guarantee) {
    case Guarantee::kNovikoff:
      return Form{"novikoff", 1.0, r2, false};
    case Guarantee::kNovikoffScaled: {
      // The residual step is η(y − ŷ) = 2ηy on a mistake: the label step with 2η.
      const double eta = declared_real(p, "eta").value_or(1.0);
      return Form{"novikoff", declared_choice_is(p, "step", "residual") ? 2.0 * eta : eta, r2,
                  false};
    }
    case Guarantee::kBatch: {
      const double eta = declared_real(p, "eta").value_or(1.0);
      if (declared_flag(p, "normalize")) return Form{"batch_averaged", eta, r2, true};
      return Form{"batch_sum", eta, static_cast<double>(in.data->rows()) * r2, false};
    }
    case Guarantee::kMulticlass:
      return Form{"kesler", declared_real(p, "eta").value_or(1.0), 2.0 * r2, false};
    case Guarantee::kMarginPerceptron: {
      // Each update grows ‖w/η‖² by at most R² + 2τ/η (docs/bounds.md).
      const double eta = declared_real(p, "eta").value_or(1.0);
      const double tau = declared_real(p, "tau").value_or(0.0);
      return Form{"margin_perceptron", eta, r2 + 2.0 * tau / eta, false};
    }
    default:
      return std::nullopt;
  }
}

}  // namespace

bool within_bound(double count, double bound) { return count <= bound * (1.0 + 1e-9) + 1e-12; }

double init_aware_bound(double r2, double rho, double a, double c) {
  const double b = r2 - 2.0 * rho * c;
  const double disc = b * b + 4.0 * rho * rho * (a * a - c * c);
  return (b + std::sqrt(std::max(disc, 0.0))) / (2.0 * rho * rho);
}

BoundReport evaluate_bound(const BoundInputs& in) {
  BoundReport out;
  const PointTheory& t = *in.theory;

  if (in.guarantee == Guarantee::kLeastSquares && t.least_squares && !in.final_weights.empty()) {
    const auto& ref = *t.least_squares;
    out.ls_gap = squared_error(*in.data, in.final_weights) - ref.loss;
    double s = 0.0;
    for (std::size_t j = 0; j < ref.w.size(); ++j) {
      s += (in.final_weights[j] - ref.w[j]) * (in.final_weights[j] - ref.w[j]);
    }
    out.ls_distance = std::sqrt(s);
    return out;
  }
  const std::optional<Form> form = form_for(in);
  if (!form || !t.margin.separable.value_or(false)) return out;
  const double rho = t.margin.rho;
  const std::vector<double>& u = t.margin.reference;
  if (u.size() != in.initial_weights.size()) return out;  // a learner of another shape

  // a = ‖w₀‖/η rounded up; c = û·w₀/η rounded down: both err toward a larger bound.
  double w0_squared = 0.0;
  double dot = 0.0;
  double dot_size = 0.0;
  for (std::size_t j = 0; j < u.size(); ++j) {
    w0_squared += in.initial_weights[j] * in.initial_weights[j];
    dot += u[j] * in.initial_weights[j];
    dot_size += std::fabs(u[j] * in.initial_weights[j]);
  }
  const double slack = (static_cast<double>(u.size()) + 4.0) * kUnitRoundoff;
  const double a = std::sqrt(w0_squared) * (1.0 + slack) / form->eta;
  const double c = (dot - slack * dot_size) / t.margin.reference_norm / form->eta - slack * a;
  const bool from_zero = w0_squared == 0.0;

  const double plain = form->r2 / (rho * rho) * (1.0 + slack);
  const auto counted = static_cast<double>(form->count_updates ? in.updates : in.mistakes);
  out.applies = true;
  out.counts = form->count_updates ? "updates" : "mistakes";
  if (from_zero) {
    out.kind = form->name;
    out.bound = plain;
  } else {
    out.kind = form->name + "_init";
    out.bound = init_aware_bound(form->r2, rho, a, c) * (1.0 + slack);
    out.clean = (plain + 2.0 * a / rho) * (1.0 + slack);
    out.plain = plain;
    out.plain_holds = within_bound(counted, plain);
  }
  out.ratio = counted / *out.bound;
  out.holds = within_bound(counted, *out.bound);
  return out;
}

}  // namespace plab

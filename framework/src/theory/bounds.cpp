#include "theory/bounds.hpp"

#include <cmath>
#include <limits>

#include "theory/bound_forms.hpp"
#include "theory/least_squares.hpp"

namespace plab {

namespace {

constexpr double kUnitRoundoff = std::numeric_limits<double>::epsilon() / 2.0;

struct Form {
  std::string name;
  double eta = 1.0;
  double r2 = 0.0;  // R²ₑ
  bool count_updates = false;
};

// R²ₑ of each declared form (docs/bounds.md, "One form for every learner").
std::optional<Form> form_for(const BoundInputs& in) {
  const BoundDeclaration& d = in.declared;
  if (!form_has_bound(d.form)) return std::nullopt;
  const double r2 = in.theory->radius * in.theory->radius;
  Form form{bound_form_name(d.form), d.eta, r2, d.counts == BoundCount::kUpdates};
  switch (d.form) {
    case BoundForm::kBatchSummed:
      // Counting misclassified samples: ‖gₜ‖² ≤ mₜ²R² ≤ n·mₜR².
      form.r2 = static_cast<double>(in.data->rows()) * r2;
      break;
    case BoundForm::kKesler:
      form.r2 = 2.0 * r2;
      break;
    case BoundForm::kMarginPerceptron:
      // Each update grows ‖w/η‖² by at most R² + 2τ/η.
      form.r2 = r2 + 2.0 * d.tau / d.eta;
      break;
    default:
      break;
  }
  return form;
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

  if (in.declared.form == BoundForm::kLeastSquares && t.least_squares &&
      !in.final_weights.empty()) {
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

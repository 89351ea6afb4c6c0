// Winnow's mistake bound (BoundForm::kWinnow; docs/bounds.md, "Winnow"), evaluated for one
// run: with the certified ℓ₁-margin γ₁ of the learner's variant, R∞ = maxᵢⱼ |x̃ᵢⱼ| and N the
// number of positive weights (d, or 2d for "balanced"), from the uniform start
//   M ≤ ln N / (η γ₁ − ln cosh(η R∞))   whenever η γ₁ > ln cosh(η R∞);
// otherwise the potential argument gives nothing and the bound does not apply (the note
// says why). Every rounding errs toward a larger bound.
#pragma once

#include <optional>

#include "theory/bound_unit.hpp"

namespace plab {

// ln cosh x for x ≥ 0, without overflow (x + log1p(e^(−2x)) − ln 2 for large x) and without
// cancellation for small x (log1p(2 sinh²(x/2))).
double log_cosh(double x);

// ln N / (η γ₁ − ln cosh(η R∞)) rounded up, or nullopt when the denominator is not provably
// positive.
std::optional<double> winnow_bound_value(double eta, double gamma1, double r_inf, double weights);

// The form's unit (theory/bound_unit.hpp): it needs the ℓ₁-margin of its variant and adds
// gamma1, R_inf and winnow_weights to a record.
const BoundUnit& winnow_bound_unit();

}  // namespace plab

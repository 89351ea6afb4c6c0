// The ℓ₁-margin of a binary data set, for Winnow's bound (docs/bounds.md, "Winnow").
//
// γ₁ = max over comparators u of minᵢ yᵢ u·x̃ᵢ / ‖u‖₁, with u ≥ 0 for the plain variant (u
// on the simplex) and any signs for the balanced one (u = u₊ − u₋ over 2d positive weights).
// A GLPK LP proposes u (max t s.t. yᵢ u·x̃ᵢ ≥ t, Σ u = 1); nothing of GLPK's is trusted: the
// margin of its u is recomputed in double with a bound on the rounding error, exactly as the
// linear margin oracle certifies its separators, so the recorded γ₁ is ≤ the true margin of
// the recorded u, ≤ the optimum. R∞ = maxᵢⱼ |x̃ᵢⱼ| is exact (no arithmetic).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "data/dataset.hpp"
#include "theory/bound_unit.hpp"

namespace plab {

struct L1Margin : CertifiedQuantity {
  bool balanced = false;
  std::optional<bool> positive;  // nullopt: undecided (the LP failed or ran out of time)
  std::vector<double> u;         // the certified comparator (d values), when positive
  double gamma1 = 0.0;  // certified minᵢ yᵢ u·x̃ᵢ / ‖u‖₁ (> 0), when positive
  double r_inf = 0.0;   // maxᵢⱼ |x̃ᵢⱼ|
  std::string reason;   // why there is no positive margin, when there is none
  std::string note;     // what the LP said
  double seconds = 0.0;
};

// maxᵢⱼ |x̃ᵢⱼ| over what the learner sees (bias column included): exact.
double data_r_inf(const Dataset& data);

// The certified ℓ₁-margin of `u` (d values; for !balanced every value must be ≥ 0), or
// nullopt when u is not finite, has the wrong size or sign, or its margin is not positive.
std::optional<double> certify_l1_margin(const Dataset& data, bool balanced,
                                        const std::vector<double>& u);

// The LP (at most `max_work` multiply-adds' worth of simplex iterations, glpk_guard.hpp;
// `max_seconds` a safety stop), then the certificate. Binary tasks only (`reason` says so
// otherwise). Stopped by the clock, it is undecided with a reason naming the seconds.
L1Margin find_l1_margin(const Dataset& data, bool balanced, std::uint64_t max_work,
                        double max_seconds);

// The certificate of one given comparator, no LP: what `theory.margin` "teacher" and "given"
// mean for the l1-margin, as for the linear one. `source` names it ("teacher", "given").
L1Margin certify_given_l1(const Dataset& data, bool balanced, const std::vector<double>& u,
                          const std::string& source);

// The quantity unit (theory/bound_unit.hpp): key "l1_margin", variants "plain" and
// "balanced"; the LP under theory.margin "svm", the teacher's or given u itself otherwise.
const QuantityUnit& l1_margin_unit();

// A variant's word: "balanced" (N = 2d, u of any signs) or "plain" (N = d, u >= 0), the
// variant of its quantity request and its object's key in the manifest's theory.l1_margin.
const char* l1_variant_name(bool balanced);

// The certified margin of a variant at a point, if the point has one.
const L1Margin* l1_margin_of(const PointTheory& theory, bool balanced);

}  // namespace plab

// Each learner's guarantee, evaluated for one run (docs/bounds.md).
//
// With a certified margin ρ (reference u, unit û), radius R and the run's start w₀, every
// mistake bound here has one form. Let η be the step scale, a = ‖w₀‖/η, c = û·w₀/η and
// R²ₑ the squared step size per counted event: R² (perceptron, η-scaled, averaged batch),
// n·R² (plain-sum batch, counting misclassified samples), 2R² (multi-class, Kesler). Then
//   (c + kρ)² ≤ a² + k R²ₑ  ⇒  k ≤ k₊ = [R²ₑ − 2ρc + √((R²ₑ − 2ρc)² + 4ρ²(a² − c²))] / (2ρ²),
// which is R²ₑ/ρ² from zero, and at most the clean form R²ₑ/ρ² + 2a/ρ. docs/bounds.md gives
// the proofs of every form (batch and multi-class from w₀ ≠ 0 included).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "data/dataset.hpp"
#include "plab/descriptor.hpp"
#include "theory/learner_quantity_unit.hpp"
#include "theory/point_theory.hpp"

namespace plab {

struct BoundInputs {
  // The learner's declaration for its resolved params, already checked
  // (theory/bound_forms.hpp); the engine reads no param of the plugin itself.
  BoundDeclaration declared;
  const PointTheory* theory = nullptr;
  const Dataset* data = nullptr;
  std::span<const double> initial_weights;
  std::span<const double> final_weights;  // empty when the run did not finish
  std::uint64_t mistakes = 0;
  std::uint64_t updates = 0;
  // The learner's own certified figures (theory/learner_quantity_unit.hpp): the kernel
  // perceptron's R_K and ρ_K, …; nullptr: none.
  const LearnerQuantities* learner_quantities = nullptr;
};

struct BoundReport {
  std::optional<double> bound;
  std::string kind;                        // "" when no bound
  bool applies = false;                    // its hypotheses hold for this run
  BoundCount counts = BoundCount::kUnset;  // what the bound limits (unset: no bound)
  std::optional<double> ratio;             // counted / bound
  std::optional<bool> holds;
  std::optional<double> clean;  // the clean init-aware form, from w₀ ≠ 0
  std::optional<double> plain;  // the zero-init form, shown for w₀ ≠ 0 (it may fail)
  std::optional<bool> plain_holds;
  std::optional<double> ls_gap;       // linear unit: E(w) − E(ŵ)
  std::optional<double> ls_distance;  // linear unit: ‖w − ŵ‖
  // Why a bound of this kind could not be evaluated for this run (a value beyond the range
  // of a double); `applies` is then false. Empty otherwise.
  std::string note;
};

// ‖v‖₂ without overflow or underflow of the squares (Blue's algorithm, as LAPACK's dnrm2):
// components of middle size are summed as they are, so for those the result is bit for bit
// std::sqrt(Σ vⱼ²); tiny and huge ones are summed scaled by powers of two.
double euclidean_norm(std::span<const double> v);

// k₊ of the header comment, evaluated as written. Used where every input is of middle size.
double init_aware_bound(double r2_effective, double rho, double a, double c);

// k₊ from the radius R with R²ₑ = factor·R², in units of R (k₊ is unchanged when R, ρ, a, c
// are all scaled alike), so that no square overflows or underflows: +inf only when k₊
// itself is beyond the range of a double.
double init_aware_bound_scaled(double factor, double radius, double rho, double a, double c);

// The declared form's unit evaluates it (theory/bound_unit.hpp); nothing for an unknown form.
BoundReport evaluate_bound(const BoundInputs& in);

// R²ₑ of a form (the header comment) and R²ₑ/R², for the evaluation in units of R.
struct EffectiveStep {
  double r2 = 0.0;
  double factor = 1.0;
};

// The init-aware bound k₊ of the R²ₑ forms, `name` its bound_kind stem ("_init" added for
// w₀ ≠ 0): nothing where the point is not certified separable.
BoundReport evaluate_init_aware(const BoundInputs& in, const std::string& name, EffectiveStep step);

// Novikoff in the kernel's feature space (docs/bounds.md, "The kernel perceptron"): from
// α = 0 and w₀ = 0, mistakes ≤ R_K²/ρ_K², with R_K rounded up and ρ_K certified below.
BoundReport evaluate_kernel_novikoff(const BoundInputs& in);

// The linear unit: E(w) − E(ŵ) and ‖w − ŵ‖ against the least-squares reference, for a run
// on the whole data set that finished.
BoundReport evaluate_least_squares(const BoundInputs& in);

// count ≤ bound, no slack: the bound is already rounded up (a bound met with equality, the
// Hadamard rows' 4 mistakes against 4, is met by a bound rounded up from 4).
bool within_bound(double count, double bound);

}  // namespace plab

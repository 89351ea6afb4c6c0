// A learner's mistake bound, declared by its plugin as data and proved by the engine.
//
// The plugin knows what its update is; the engine knows the proofs (docs/bounds.md). So a
// plugin does not name a theorem by learner, nor does the engine read the plugin's params:
// the plugin's `declare_bound` function maps its *resolved* params to a BoundDeclaration
// (which proof form its update satisfies, the step scale η, what the bound counts, extra
// terms), and the engine evaluates that form on the data's R, ρ and the run's start w₀.
//
//   plab::BoundDeclaration declare(const plab::LearnerSetup& setup) {
//     return {.form = plab::BoundForm::kNovikoff,
//             .counts = plab::BoundCount::kMistakes,
//             .eta = setup.params.real("lr")};  // the step is lr·y·x̃ on every mistake
//   }
//   ... .declare_bound = declare, ...            // in the PluginDescriptor
//
// Every counted event must move the weights by η·s with û·s ≥ ρ and ‖w + ηs‖² ≤ ‖w‖² + η²R²ₑ
// (docs/bounds.md, "One form for every learner"); each form below fixes R²ₑ. A step that is
// c·η·y·x̃ (the residual/Heaviside step y − ŷ = 2y is c = 2) declares eta = c·η: the factor
// is the plugin's to state, the engine guesses nothing.
//
// The engine checks a declaration when it loads the plugin (default params, every task the
// plugin supports) and again for every resolved param set of a config, and refuses the
// plugin (exit 3), naming it and the field, when it is incomplete or contradictory.
#pragma once

#include <cstdint>
#include <limits>

#include "plab/kernel.hpp"

namespace plab {

struct LearnerSetup;

// The theorem forms the engine can prove. The numeric values are part of the plugin ABI.
enum class BoundForm : std::uint8_t {
  kNone = 0,      // no mistake bound; leave every other field unset
  kNovikoff = 1,  // step η·y·x̃ on a sample with y·(w·x̃) ≤ 0: R²ₑ = R² (docs/bounds.md)
  kBatchAveraged = 2,  // step η·(Σ yᵢx̃ᵢ)/m over the m misclassified: R²ₑ = R², counts updates
  kBatchSummed = 3,  // step η·Σ yᵢx̃ᵢ: R²ₑ = n·R², counts the misclassified samples (mistakes)
  kKesler = 4,  // multi-class, η(e_y − e_ŷ)⊗x̃ on s_ŷ ≥ s_y: R²ₑ = 2R² (docs/bounds.md)
  kMarginPerceptron = 5,  // step η·y·x̃ whenever y·(w·x̃) ≤ τ: R²ₑ = R² + 2τ/η
  kLeastSquares = 6,      // no mistake bound; the distance to the least-squares optimum (§6)
  // Novikoff in the feature space of `kernel` (a dual learner, f = Σ αᵢyᵢK(xᵢ,·), from α = 0):
  // R²ₑ = R_K² = maxᵢ K(xᵢ,xᵢ), the margin ρ_K certified on the Gram matrix (docs/bounds.md)
  kKernelNovikoff = 7,
  // Normalised exponentiated gradient (Winnow) from the uniform start: w ← w∘exp(η y x̃)/Z on
  // y·(w·x̃) ≤ 0. Not the R²ₑ form: M ≤ ln N / (η γ₁ − ln cosh(η R∞)) with γ₁ the ℓ₁-margin,
  // R∞ = maxᵢⱼ |x̃ᵢⱼ|, N = d weights, or 2d when `balanced` (docs/bounds.md, "Winnow").
  kWinnow = 8,
};

// What a bound limits: the record's `mistakes` or its `updates`.
enum class BoundCount : std::uint8_t { kUnset = 0, kMistakes = 1, kUpdates = 2 };

struct BoundDeclaration {
  BoundForm form = BoundForm::kNone;
  BoundCount counts = BoundCount::kUnset;  // kBatchAveraged: updates; kBatchSummed: mistakes
  double eta = std::numeric_limits<double>::quiet_NaN();  // step scale, finite and > 0
  double tau = 0.0;  // kMarginPerceptron only: the update threshold, finite and ≥ 0
  // kWinnow only: the weights are w = w₊ − w₋, 2d positive weights over (x̃, −x̃), and the
  // comparator u is any vector with ‖u‖₁ = 1 (false: d positive weights, u on the simplex).
  bool balanced = false;
  // kKernelNovikoff only: the kernel the learner's scores use (plab/kernel.hpp); the engine
  // evaluates the same K to certify ρ_K. Added in ABI version 5.
  KernelSpec kernel = {};
};

// `setup` carries the resolved params (defaults filled in, already checked) and the shape
// of the data. It must depend on its argument only (plab may call it again, from any
// thread) and must not throw; if it does, the engine refuses the plugin with the message.
using DeclareBoundFunction = BoundDeclaration(const LearnerSetup& setup);

// For a learner that claims no bound: `.declare_bound = plab::no_bound`.
inline BoundDeclaration no_bound(const LearnerSetup& /*setup*/) { return {}; }

}  // namespace plab

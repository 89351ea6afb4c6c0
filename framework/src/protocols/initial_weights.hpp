// The initial weight vector of a run (config `init`), and the checks that the engine's own
// arithmetic (the initial weights, the step η·x) fits in a double before any run starts.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "base/random.hpp"
#include "config/experiment_config.hpp"
#include "data/dataset.hpp"
#include "plab/descriptor.hpp"
#include "plab/training_set.hpp"

namespace plab {

// zero: all 0. gaussian: each N(0, scale²). uniform: each U(−scale, scale).
// given: the config's `w`, whose length was checked against the learner's shape.
// Draws come from `rng` in weight order, so every learner of a repeat that has the same
// number of weights starts from the same vector (common random numbers).
void fill_initial_weights(const InitSpec& init, Rng& rng, std::span<double> w);

// The largest |draw| Rng::gaussian() can return (Marsaglia's polar method on 53-bit
// uniforms: |u|·√(−2 ln s / s) ≤ √(−2 ln 2⁻¹⁰⁴) < 12.01).
inline constexpr double kLargestGaussianDraw = 12.01;

// Throws ConfigError at /init/scale when the init can draw a weight beyond the range of a
// double (otherwise the learner would be blamed for the engine's overflow).
void check_initial_weights_fit(const InitSpec& init);

// Throws ConfigError at `params_pointer` when the first step η·x of a learner whose declared
// form fixes its update (plab/bound.hpp; η the declared step scale, ≠ 1) overflows a double
// for some feature value of `data`.
void check_step_fits(const BoundDeclaration& declared, const Dataset& data,
                     const std::string& params_pointer);

// Called when a learner's weights became non-finite after `updates` updates from `w0`:
// if its declared form fixes the update (η·y·x̃ and its kin) and |w₀|∞ + updates × the
// largest possible step can exceed a double, says so, naming the step size, since that is
// the engine's arithmetic with the user's numbers; "" when the step cannot explain it (the
// plugin is then to blame) or the update is unknown (no bound, or least squares).
std::string step_overflow_reason(const BoundDeclaration& declared, const TrainingSet& data,
                                 std::span<const double> w0, std::uint64_t updates);

}  // namespace plab

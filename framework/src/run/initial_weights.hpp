// The initial weight vector of a run (config `init`).
#pragma once

#include <span>

#include "config/experiment_config.hpp"
#include "run/random.hpp"

namespace plab {

// zero: all 0. gaussian: each N(0, scale²). uniform: each U(−scale, scale).
// given: the config's `w`, whose length was checked against the learner's shape.
// Draws come from `rng` in weight order, so every learner of a repeat that has the same
// number of weights starts from the same vector (common random numbers).
void fill_initial_weights(const InitSpec& init, Rng& rng, std::span<double> w);

}  // namespace plab

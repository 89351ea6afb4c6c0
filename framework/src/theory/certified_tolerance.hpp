// How far a recomputed hull-point norm may lie from the recorded one (docs/verify.md,
// "Tolerances"). The norm N = ‖Σ λⱼzⱼ‖ / Σλ of a hull point is computed in double; the
// engine rounds it up by a certified allowance e ≥ |N̂ − N| (margin_oracle.cpp). Two
// evaluations of the same N, in whatever order, are each within e of N, so they differ by
// at most 2e: a recorded figure within 2e (plus a few units of the last place of the figure
// itself) of its recomputation is the same figure; one further away was not computed from
// these weights and this data.
#pragma once

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "data/dataset.hpp"

namespace plab {

struct HullNormFigures {
  double nominal = 0.0;    // N̂ = ‖Σ λⱼzⱼ‖ / Σλ in double, not rounded up
  double upper = 0.0;      // N̂ + e, as the engine records it (rho_upper)
  double allowance = 0.0;  // e = upper − nominal, ≥ |N̂ − N|
};

// nullopt when the weights are not convex weights over the points (no bound).
std::optional<HullNormFigures> hull_norm_figures(
    const Dataset& data, const std::vector<std::pair<std::size_t, double>>& weights);

// |recorded − recomputed| ≤ 2·allowance + 8u·max(|recorded|, |recomputed|).
bool within_allowance(double recorded, double recomputed, double allowance);

}  // namespace plab

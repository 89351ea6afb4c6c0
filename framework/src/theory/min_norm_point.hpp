// The point of a convex hull nearest the origin: Wolfe's algorithm (P. Wolfe, "Finding the
// nearest point in a polytope", Math. Programming 11, 1976).
//
// For zᵢ = yᵢx̃ᵢ the nearest point p* has ‖p*‖ = ρ* (docs/bounds.md, "Certificates"): p*/‖p*‖ is the
// max-margin separator, and any hull point p proves ρ* ≤ ‖p‖. Wolfe's method is finite and
// exact in exact arithmetic; in double it stops when the duality gap ‖x‖² − minⱼ x·Pⱼ is a
// tiny fraction of ‖x‖², or when its budget runs out (looked at inside every pass over the
// points, theory/work_limit.hpp). Either way the result is only a candidate: the oracle
// certifies what it returns.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "theory/point_set.hpp"

namespace plab {

struct MinNormOptions {
  double relative_gap = 1e-12;  // stop when ‖x‖² − minⱼ x·Pⱼ ≤ relative_gap · ‖x‖²
  double zero_norm = 1e-12;  // ... or when ‖x‖ ≤ zero_norm · maxⱼ‖Pⱼ‖ (origin in hull)
  std::size_t max_iterations = 20000;
  double max_seconds = 20.0;
};

struct MinNormResult {
  std::vector<double> point;                            // x = Σ λⱼ Pⱼ
  std::vector<std::pair<std::size_t, double>> weights;  // (j, λⱼ), λ ≥ 0, Σλ = 1
  bool optimal = false;                                 // the gap test was met
  bool origin_reached = false;  // ‖x‖ fell to zero_norm: the origin is (nearly) in the hull
  // max_seconds ran out or a signal came, also inside a pass over the points; with `point`
  // empty when that happened before a first point was chosen (no hull point to report).
  bool stopped = false;
  std::size_t iterations = 0;
  std::string failure;  // not empty: the method could not run (e.g. squared norms overflow)
};

MinNormResult min_norm_point(const PointSet& points, const MinNormOptions& options = {});

}  // namespace plab

// The point of a convex hull nearest the origin: Wolfe's algorithm (P. Wolfe, "Finding the
// nearest point in a polytope", Math. Programming 11, 1976).
//
// For zᵢ = yᵢx̃ᵢ the nearest point p* has ‖p*‖ = ρ* (docs/bounds.md, "Certificates"): p*/‖p*‖ is the
// max-margin separator, and any hull point p proves ρ* ≤ ‖p‖. Wolfe's method is finite and
// exact in exact arithmetic; in double it stops when the duality gap ‖x‖² − minⱼ x·Pⱼ is a
// tiny fraction of ‖x‖², or when its work budget runs out (counted inside every pass over
// the points and in every factorisation, theory/work_limit.hpp: the same step on every
// machine), or the clock or a signal stops it. Either way the result is only a candidate: the
// oracle certifies what it returns.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "theory/point_set.hpp"
#include "theory/work_limit.hpp"

namespace plab {

struct MinNormOptions {
  double relative_gap = 1e-12;  // stop when ‖x‖² − minⱼ x·Pⱼ ≤ relative_gap · ‖x‖²
  double zero_norm = 1e-12;  // ... or when ‖x‖ ≤ zero_norm · maxⱼ‖Pⱼ‖ (origin in hull)
  std::size_t max_iterations = 20000;
  // Multiply-adds: a pass over the points counts the values it reads (n·d, or n·k·d for
  // Kesler points), a minor cycle's factorisation of the m × s active set m·s².
  std::uint64_t max_work = kDefaultOracleWork;
  std::optional<WorkLimit::Clock::time_point> deadline;  // a safety stop, not a budget
};

struct MinNormResult {
  std::vector<double> point;                            // x = Σ λⱼ Pⱼ
  std::vector<std::pair<std::size_t, double>> weights;  // (j, λⱼ), λ ≥ 0, Σλ = 1
  bool optimal = false;                                 // the gap test was met
  bool origin_reached = false;  // ‖x‖ fell to zero_norm: the origin is (nearly) in the hull
  // Why it stopped before the gap test or the origin (kNone: it did not): the work budget,
  // the clock or a signal, also inside a pass over the points; with `point` empty when that
  // happened before a first point was chosen (no hull point to report).
  WorkLimit::Stop stop = WorkLimit::Stop::kNone;
  std::size_t iterations = 0;
  std::uint64_t work = 0;  // multiply-adds counted
  std::string failure;     // not empty: the method could not run (e.g. squared norms overflow)
};

MinNormResult min_norm_point(const PointSet& points, const MinNormOptions& options = {});

}  // namespace plab

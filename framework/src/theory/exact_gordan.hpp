// An exact proof that data is not linearly separable (Gordan's alternative, docs/bounds.md,
// "Certificates").
//
// No u has u·zⱼ > 0 for every point zⱼ exactly when 0 is a convex combination of the zⱼ. A
// combination evaluated in floating point only shows that Σ λⱼ zⱼ is *small*, and a small
// residual proves nothing: x = 1 (+1) and x = 0.999999999999 (−1) leave a residual of 3.5e-13
// and are separable. Every double is a dyadic rational, so the question "is 0 in the hull of
// these points?" has an exact answer in rational arithmetic. This file answers it for the few
// points Wolfe's algorithm kept (its active set): it solves Z_S v = 0 exactly, takes the
// solution nearest the floating-point weights, and checks Z_S v = 0 and v ≥ 0, v ≠ 0 once more
// on the final integers. Only a solution that passes that last check is a certificate.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "theory/point_set.hpp"
#include "theory/work_limit.hpp"

namespace plab {

struct ExactGordan {
  bool proved = false;
  // λ > 0 with Σλ = 1 and Σ λⱼ zⱼ = 0 exactly; here rounded to double for the manifest.
  std::vector<std::pair<std::size_t, double>> weights;
  std::string detail;  // why there is no proof, when there is none
};

// `guess`: (point, weight) pairs from a floating-point method, weights > 0. `limit` counts
// one unit per operation on exact numbers; reached, there is no proof (`detail` says why,
// limit.stop() which budget).
ExactGordan prove_origin_in_hull(const PointSet& points,
                                 const std::vector<std::pair<std::size_t, double>>& guess,
                                 WorkLimit& limit);

// When the origin is not in their hull, the point of the affine hull of the same points
// nearest the origin, computed exactly and rounded to double: a candidate separator where
// the floating-point one is lost in rounding (x = 1 vs 0.999999999999 has ρ* = 3.5e-13).
// Like every candidate it proves nothing until the oracle certifies it. Nullopt if the
// points are affinely dependent or `limit` is reached (counted as above).
std::optional<std::vector<double>> exact_affine_nearest_point(
    const PointSet& points, const std::vector<std::pair<std::size_t, double>>& active,
    WorkLimit& limit);

}  // namespace plab

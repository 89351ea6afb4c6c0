// Synthetic data sets with a known teacher, generated from the experiment's seed.
//
//   separable   n points in d dimensions, labelled by a teacher u (unit, augmented space),
//               with minᵢ yᵢ u·x̃ᵢ = margin and maxᵢ ‖x̃ᵢ‖ = radius, both attained (to within
//               rounding): one point sits on the margin, one on the sphere of radius R.
//   noisy       the same, then each label flipped with probability `flip`.
//   multiclass  k teachers (rows of U, centred, ‖U‖_F = 1); the class is the arg-max and
//               every point keeps a gap (u_y − u_z)·x̃ ≥ margin to every other class.
//   xor         four Gaussian clusters at (±1, ±1) in 2-D, labelled by the sign of x₁x₂:
//               not linearly separable.
//   disjunction `dim` Boolean features (1 with probability `density`), labelled by the OR of
//               `literals` of them chosen by the seed; rows alternate -1, +1. Separable,
//               l1-margin >= 1/(2k + 1) (teacher: bias -1, 2 on each literal, over 2k + 1).
// Points are uniform in the ball of radius √(R² − 1) (so that ‖x̃‖ ≤ R with the bias 1),
// those closer to the boundary than the margin rejected.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "config/synthetic_spec.hpp"

namespace plab {

struct SyntheticTable {
  std::vector<double> values;       // rows × dim
  std::vector<std::string> labels;  // "-1"/"1", or class indices "0".."k-1"
  std::vector<double> teacher;      // augmented: (dim + 1), or k·(dim + 1); empty for xor
};

// Throws ConfigError naming /dataset when the request cannot be met (margin ≥ radius, ...).
SyntheticTable generate_synthetic(const SyntheticSpec& spec, std::uint64_t seed);

}  // namespace plab

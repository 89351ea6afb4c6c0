// The sparse synthetic generator (`"generator": "sparse"`): data shaped like text
// or hashed features, generated straight into compressed rows (no dense copy at any point).
//
//   rows × dim features; each row holds `nonzeros` distinct features, each feature drawn with
//   probability ∝ 1/(j+1)^zipf (Zipf-distributed frequencies: low indices are common, high
//   ones rare), values uniform in [−1, 1]. The teacher u is sparse: `teacher_nonzeros`
//   features drawn the same way, Gaussian weights, unit norm, bias weight 0. A row whose
//   |u·x̃| < margin is redrawn (so the teacher's geometric margin is at least `margin`); the
//   label is sign(u·x̃), then flipped with probability `flip`.
// Deterministic: the same spec and seed give the same rows on every machine.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "config/synthetic_spec.hpp"
#include "data/sparse_rows.hpp"

namespace plab {

struct SparseSyntheticTable {
  SparseRows values;                // augmented: a bias entry first in every row
  std::vector<std::string> labels;  // "-1" / "1"
  std::vector<double> teacher;      // augmented, dim + 1 values, unit norm
};

// Throws ConfigError naming /dataset when the margin cannot be met.
SparseSyntheticTable generate_sparse_synthetic(const SyntheticSpec& spec, std::uint64_t seed);

}  // namespace plab

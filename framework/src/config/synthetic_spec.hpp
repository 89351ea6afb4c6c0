// What a config asks of a synthetic data set (`"kind": "synthetic"`); data/synthetic.hpp
// generates it. The request lives here, with the rest of the config, so that config/ needs
// nothing from data/ (the layering of docs/architecture.md).
#pragma once

#include <cstddef>

#include "config/config_kinds.hpp"

namespace plab {

struct SyntheticSpec {
  SyntheticGenerator generator = SyntheticGenerator::kSeparable;
  std::size_t rows = 100;
  std::size_t dim = 2;
  double margin = 0.1;
  double radius = 2.0;
  double flip = 0.1;
  std::size_t classes = 3;
  std::size_t literals = 2;  // disjunction: k relevant features
  double density = 0.5;      // disjunction: P(a feature is 1)
  // generator "sparse" (data/sparse_synthetic.hpp); `dim` is its feature count
  std::size_t nonzeros = 10;          // features present in each row
  double zipf = 1.0;                  // feature j drawn with probability ∝ 1/(j+1)^zipf
  std::size_t teacher_nonzeros = 10;  // features the teacher weighs
};

}  // namespace plab

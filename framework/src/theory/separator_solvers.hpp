// Candidate separators from well-kept solvers (THEORY.md §8: "use more than one method").
// Each returns a weight vector or nothing; none is trusted: the oracle certifies each one
// by recomputing its margin on the data.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "data/dataset.hpp"

namespace plab {

struct Candidate {
  std::vector<double> u;  // binary: d weights; multi-class: k·d, row c = class c
  std::string note;       // solver status, for the manifest
};

// LIBLINEAR dual coordinate descent (Fan et al. 2008): the L1-loss SVM (-s 3) for binary
// tasks, Crammer–Singer (-s 4) for multi-class, with a large C approximating the hard margin
// and the bias regularised as an ordinary (augmented) coordinate.
std::optional<Candidate> liblinear_separator(const Dataset& data, double c, double tolerance);

// GLPK simplex on max t s.t. yᵢ u·x̃ᵢ ≥ t, −1 ≤ uⱼ ≤ 1 (binary only): robust to bad scaling,
// where dual coordinate descent may return no separator at all.
std::optional<Candidate> lp_separator(const Dataset& data, double max_seconds);

}  // namespace plab

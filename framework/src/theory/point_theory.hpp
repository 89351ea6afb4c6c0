// Facts of theory that hold for a whole data set, computed once per sweep point before the
// runs: the radius R = maxᵢ ‖x̃ᵢ‖ over what the learner sees (THEORY.md §0).
#pragma once

#include "data/dataset.hpp"

namespace plab {

struct PointTheory {
  double radius = 0.0;
};

PointTheory compute_point_theory(const Dataset& data);

}  // namespace plab

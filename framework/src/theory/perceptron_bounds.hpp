// The units of the built-in forms beside the multiplicative one (theory/bound_unit.hpp): no bound,
// the R²ₑ forms of the perceptron family (Novikoff, the two batch steps, Kesler's multi-class
// construction, the margin perceptron), the least-squares reference and Novikoff in a
// kernel's feature space (docs/bounds.md).
#pragma once

#include "theory/bound_unit.hpp"

namespace plab {

const BoundUnit& no_bound_unit();
const BoundUnit& novikoff_unit();
const BoundUnit& batch_averaged_unit();
const BoundUnit& batch_summed_unit();
const BoundUnit& kesler_unit();
const BoundUnit& margin_perceptron_unit();
const BoundUnit& least_squares_unit();
const BoundUnit& kernel_novikoff_unit();

}  // namespace plab

// The built-in point-wide quantity units (theory/bound_unit.hpp), listed once in
// theory/bound_registry.cpp: R, the margin oracle's certified bracket and the hinge
// candidates, in the order the manifest's theory holds them.
#pragma once

#include "theory/bound_unit.hpp"

namespace plab {

const QuantityUnit& radius_unit();            // theory.R
const QuantityUnit& margin_unit();            // theory.oracle … non_separability_certificate
const QuantityUnit& hinge_candidates_unit();  // theory.hinge_candidates

}  // namespace plab

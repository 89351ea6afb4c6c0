// A sweep point's theory facts and a learner's declared bound as manifest.json records them,
// so that `plab verify` recomputes every margin and bound without the data's solvers or the
// plugin (docs/verify.md).
#pragma once

#include <boost/json/object.hpp>

#include "plab/bound.hpp"
#include "theory/point_theory.hpp"

namespace plab {

// The point's "theory": every quantity unit's figures in the registry's order (R, the margin
// certificate and its bracket, the hinge candidates, …) and the least-squares fit if any.
boost::json::object theory_json(const PointTheory& theory);

// The learner's declared bound for its resolved params (plab/bound.hpp: step_scale is its
// eta, threshold its tau; named apart from any plugin param).
boost::json::object declaration_json(const BoundDeclaration& declared);

}  // namespace plab

// A sweep point's theory facts (manifest points[i].theory) re-derived from its data for
// plab verify, every difference reported (docs/verify.md).
#pragma once

#include <string>

#include "audit/audit_report.hpp"
#include "audit/point_audit.hpp"
#include "config/json.hpp"
#include "results/format/record_fields.hpp"
#include "theory/learner_quantity_unit.hpp"

namespace plab {

// Every quantity unit's figures (theory/bound_unit.hpp: R, the certified margin and its
// bracket, the hinge candidates, a form's own quantities) re-certified from the data into
// p.theory, each difference in `report`. `precise_point` is the point as a correctly
// rounding parser read it.
void check_quantities(const std::string& where, const RecordFields& point,
                      const Json& precise_point, AuditedPoint& p, AuditReport& report);

// The per-learner figures the learner's declared form needs (theory/learner_quantity_unit.hpp),
// re-certified from the data as read and the manifest's learner (named `name`, ending in '/'),
// each difference in `report`. `precise` is the learner as a correctly rounding parser read
// it, or nullptr.
LearnerQuantities check_learner_quantities(const std::string& where, const std::string& name,
                                           const RecordFields& learner, const Json* precise,
                                           const Dataset& data, const BoundDeclaration& declared,
                                           AuditReport& report);

}  // namespace plab

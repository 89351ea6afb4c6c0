// A sweep point's theory facts (manifest points[i].theory) re-derived from its data for
// plab verify, every difference reported (docs/verify.md).
#pragma once

#include <string>

#include "audit/audit_report.hpp"
#include "audit/point_audit.hpp"
#include "config/json.hpp"
#include "results/format/record_fields.hpp"

namespace plab {

// R and the certified margin of the stored reference u, recomputed as the oracle does; the
// bracket rho_upper and the hinge candidates from what the manifest stores beside them.
void check_theory(const std::string& where, const RecordFields& point, const Json& precise_point,
                  AuditedPoint& p, AuditReport& report);

// The quantity units' figures, each re-certified by its unit into p.theory.
void check_quantities(const std::string& where, const RecordFields& point, AuditedPoint& p,
                      AuditReport& report);

}  // namespace plab

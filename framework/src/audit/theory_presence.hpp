// Theory the config asked for must be in the folder (docs/verify.md, "Theory the config asked
// for"): a point left undecided, or without hinge candidates, is run through the engine's
// own oracle again on the re-read data; if that decides the point or finds candidates, the
// folder's "undecided" or missing candidates are a difference. Only such points cost an
// oracle run: a decided point with its candidates is re-certified as before.
#pragma once

#include <string>

#include "audit/audit_report.hpp"
#include "audit/point_audit.hpp"
#include "results/format/record_fields.hpp"

namespace plab {

void check_theory_presence(const std::string& where, const RecordFields& point,
                           const AuditedPoint& p, AuditReport& report);

}  // namespace plab

// Each learner's bound declaration and number of weights, derived again by `plab verify`
// from the recorded plugin (docs/verify.md): the plugin is found as `plab run` finds it,
// must be the file the manifest records (plugins[].sha256), and is asked for its
// declaration with the point's params resolved as the engine resolves them. A plugin that
// is not found, or is another file, is said to be not re-checked.
#pragma once

#include <cstddef>
#include <map>
#include <string>

#include "audit/audit_report.hpp"
#include "audit/point_audit.hpp"
#include "results/format/record_fields.hpp"

namespace plab {

void rederive_declarations(const std::string& where, const RecordFields& manifest,
                           const std::map<std::size_t, AuditedPoint>& points, AuditReport& report);

}  // namespace plab

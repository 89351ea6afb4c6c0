// A learner's bound declaration as the manifest records it, checked by `plab verify`
// (docs/verify.md): present in a manifest of this plab, and one the engine accepts for the
// point's task (theory/bound_forms.hpp) before it evaluates a bound.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "audit/audit_report.hpp"
#include "plab/bound.hpp"
#include "plab/descriptor.hpp"
#include "results/format/record_fields.hpp"

namespace plab {

// points/I/learners/J (`name`, ending in '/'): a manifest of this plab must hold the
// declaration and the number of weights; a declaration must be one the engine accepts for
// the point's task.
void check_declaration(const std::string& where, const std::string& name,
                       const RecordFields& learner, std::size_t weights,
                       const std::optional<BoundDeclaration>& declared, bool current_version,
                       TaskKind task, AuditReport& report);

}  // namespace plab

// What the manifest says about the experiment as a whole, recomputed by `plab verify` from
// the recorded config (docs/verify.md): the number of sweep points and which are listed, the
// run count, the shard's slice of the runs, and each learner's bound declaration checked as
// the engine checks it before it evaluates a bound.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>

#include <boost/json/object.hpp>

#include "audit/audit_report.hpp"
#include "audit/point_audit.hpp"
#include "config/json.hpp"
#include "plab/bound.hpp"
#include "results/record_fields.hpp"

namespace plab {

// points/I/learners/J (`name`, ending in '/'): a manifest of this plab must hold the
// declaration and the number of weights; a declaration must be one the engine accepts for
// the point's task (theory/bound_forms.hpp).
void check_declaration(const std::string& where, const std::string& name,
                       const RecordFields& learner, std::size_t weights,
                       const std::optional<BoundDeclaration>& declared, bool current_version,
                       TaskKind task, AuditReport& report);

// sweep_points and the listed points against the config's sweep, runs_total against the
// points' learners and repeats, and the shard's (and a merged folder's shards') slices
// against the engine's shard_range.
void check_run_counts(const std::string& where, const RecordFields& manifest, const Json& config,
                      const std::map<std::size_t, AuditedPoint>& points, AuditReport& report);

}  // namespace plab

// Every runs.jsonl record checked against what `plab verify` recomputes (docs/verify.md):
// the point's R and margin, the status/count consistency, and the bound from the record's
// counts, the learner's declared form (manifest.json) and the run's initial weights,
// regenerated from config, seed and run id as the engine draws them.
#pragma once

#include <cstddef>
#include <filesystem>
#include <map>
#include <optional>

#include "audit/audit_report.hpp"
#include "audit/point_audit.hpp"

namespace plab {

// `torn_line`: a last line cut off mid-write (not a record; summary.hpp found it).
// `large_sweep`: the manifest lists only some points; records of others are not re-checked.
void audit_records(const std::filesystem::path& runs_file,
                   const std::map<std::size_t, AuditedPoint>& points,
                   std::optional<std::size_t> torn_line, bool large_sweep, AuditReport& report);

}  // namespace plab

// The folder checks of `plab verify` beyond the record count (docs/verify.md): runs.jsonl
// holds its runs in canonical order (sweep point, learner, repeat; a shard within its range),
// each once; timings.jsonl holds the same runs in the same order; and a merged folder's
// shards tile the whole run range. Every violation is a difference in the report (exit 1),
// named by file:line.
#pragma once

#include <cstddef>
#include <filesystem>
#include <map>

#include <boost/json/object.hpp>

#include "audit/audit_report.hpp"
#include "audit/point_audit.hpp"

namespace plab {

// `points` as audit_points read them; `large_sweep`: the manifest lists only some points.
void audit_folder_order(const std::filesystem::path& dir, const boost::json::object& manifest,
                        const std::map<std::size_t, AuditedPoint>& points, bool large_sweep,
                        AuditReport& report);

}  // namespace plab

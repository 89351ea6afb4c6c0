// What the manifest says about the experiment's runs, recomputed by `plab verify` from the
// recorded config (docs/verify.md): the number of sweep points and which are listed, the run
// count, and the shard's (and a merged folder's shards') slice of the runs, as the engine's
// shard_range cuts them. In run/ because the slices are the engine's (shard_range.hpp).
#pragma once

#include <cstddef>
#include <filesystem>
#include <map>

#include <boost/json/object.hpp>

#include "audit/audit_report.hpp"
#include "audit/point_audit.hpp"

namespace plab {

// sweep_points and the listed points against the config's sweep, runs_total against the
// points' learners and repeats, the shard slices against shard_range; differences go to
// `report`. DataError (exit 2) if the recorded config cannot be read.
void audit_run_counts(const std::filesystem::path& dir, const boost::json::object& manifest,
                      const std::map<std::size_t, AuditedPoint>& points, AuditReport& report);

}  // namespace plab

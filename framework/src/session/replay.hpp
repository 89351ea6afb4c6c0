// `plab verify DIR --replay K`: the determinism claim, checked by the user. K records of the
// folder, chosen from the experiment's seed (every record with `all`), are run again through
// the engine's own run path (parallel_runner.hpp, execute_one) with the plugins the manifest
// records, and each new runs.jsonl line is compared byte for byte with the recorded one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <boost/json/object.hpp>

#include "audit/audit_report.hpp"

namespace plab {

struct ReplayRequest {
  std::optional<std::size_t> count;                // nullopt: every record (`--replay all`)
  std::vector<std::filesystem::path> plugin_dirs;  // --plugin-dir, as plab run takes them
  int threads = 1;                                 // runs replayed at once
};

// Parses the value of --replay: "all" or a count of at least 1; UsageError otherwise.
std::optional<std::size_t> parse_replay_count(const std::string& text);

// K distinct line numbers (1-based, ascending) of `records`, drawn from `seed` alone: the
// same folder always replays the same records.
std::vector<std::size_t> replay_lines(std::uint64_t seed, std::size_t records, std::size_t k);

struct ReplayResult {
  std::vector<std::size_t> lines;  // the runs.jsonl lines run again (1-based, ascending)
  std::size_t replayed = 0;
  std::size_t records = 0;  // complete records in runs.jsonl
  std::size_t matched = 0;
};

// Replays and records every mismatch in `report` (where "DIR/runs.jsonl:L", the first
// differing field, recorded and replayed values). UsageError for a K beyond the records,
// PluginError (exit 3) when a recorded plugin is not the file found now, ConfigError when
// another plab version wrote the folder.
ReplayResult replay_records(const std::filesystem::path& dir, const boost::json::object& manifest,
                            const ReplayRequest& request, AuditReport& report);

}  // namespace plab

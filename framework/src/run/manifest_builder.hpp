// manifest.json of a results folder, made from the prepared experiment: the build, the
// resolved config, the plugins and data files by SHA-256, every sweep point with its
// learners, data set and theory, and the sessions (results/format/manifest.hpp).
#pragma once

#include <boost/json/array.hpp>
#include <boost/json/value.hpp>
#include <string>
#include <vector>

#include "results/folder/run_range.hpp"
#include "results/format/manifest.hpp"
#include "run/experiment.hpp"

namespace plab {

struct ManifestInput {
  RunSession session;
  boost::json::array earlier_sessions;  // from the manifest of a resumed folder
  RunRange range;                       // the runs this folder holds when complete
  ShardSpec shard;
  // Annotations (config/experiment_identity.hpp): the config's "tags" with --tag and a
  // resumed folder's, and its "note"; top-level "tags" and "note" of the manifest.
  std::vector<std::string> tags;
  std::string note;
};

boost::json::value make_manifest(const Experiment& experiment, const ManifestInput& input);

// Sets `m`'s tags: the resumed folder's (`old_manifest`, or null for a new run), the config's
// and --tag's, each once in the order first met; and its note: the config's, else the resumed
// folder's.
void annotate(ManifestInput& m, const Json& config, const boost::json::object* old_manifest,
              const std::vector<std::string>& command_line_tags);

}  // namespace plab

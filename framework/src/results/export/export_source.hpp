// A results folder as `plab export` reads it (results/export/sqlite_export.hpp): complete, its
// records those plab wrote, every manifest field the export uses checked, each point's seed
// as exact decimal text, and what makes its runs the same as another folder's.
#pragma once

#include <cstddef>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <boost/json/object.hpp>

namespace plab {

struct CheckedFolder {
  boost::json::object manifest;
  std::size_t records = 0;
  std::size_t first_run = 0;
  std::size_t end_run = 0;
  std::string config_sha256;
  std::string records_sha256;
  // SHA-256 of the resolved config, the plab version, the plugin files and the data bytes:
  // a shard and the folder merged from it agree on all of them (plab merge checks it), and
  // so does a rerun that makes the same records.
  std::string identity_sha256;
  std::map<std::size_t, std::string> seed_of_point;  // sweep point -> seed, decimal
};

// What makes two folders' runs the same runs (CheckedFolder::identity_sha256), from the
// resolved config, the plab version, each plugin's "NAME SHA256" and each data file's SHA-256.
// The config's annotations ("$schema", "tags", "note") are left out: they describe the
// experiment without changing a run. A config without them hashes as it always did.
std::string experiment_identity_sha256(const boost::json::value& config,
                                       const std::string& plab_version,
                                       std::vector<std::string> plugins,
                                       std::vector<std::string> data_sha256);

// ResultsError or DataError naming the folder, file and field when it cannot be exported;
// InterruptedError on a signal (`db` named in it: nothing was written).
CheckedFolder read_checked_folder(const std::filesystem::path& dir,
                                  const std::filesystem::path& db);

// InterruptedError (exit 130) if a signal asked plab to stop: the caller rolls back.
void stop_export_if_interrupted(const std::filesystem::path& db);

}  // namespace plab

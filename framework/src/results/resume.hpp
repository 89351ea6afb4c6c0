// Continuing an interrupted results folder (`plab run --resume DIR`).
//
// The files hold a canonical prefix of the folder's runs, perhaps with a torn last line
// (a kill -9 in the middle of a write). Resuming checks that the folder belongs to this
// experiment — same plab version, resolved config, plugin and data files by SHA-256, same
// shard — and that every record kept is the one written (runs.sha256, record_digest.hpp),
// cuts runs.jsonl, timings.jsonl and trajectory.jsonl back to the last complete run, and
// says where to continue. Appending the remaining runs then gives the same bytes as an
// uninterrupted run.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "config/experiment_source.hpp"
#include "run/experiment.hpp"
#include "run/run_range.hpp"

namespace plab {

// Reads DIR/manifest.json; UsageError if DIR is not a results folder.
boost::json::object read_manifest(const std::filesystem::path& dir);

// ConfigError naming both versions if another plab version wrote the folder.
void check_same_plab_version(const std::filesystem::path& dir, const boost::json::object& manifest);

// The config a folder was made from, as recorded (command-line changes already applied).
// A field missing or of the wrong type is a DataError naming DIR/manifest.json and the field.
ExperimentSource source_from_manifest(const std::filesystem::path& dir,
                                      const boost::json::object& manifest);

struct ResumeState {
  std::size_t next_run = 0;  // first canonical run not on disk
  RunRange range;            // what the folder holds when complete
  ShardSpec shard;
  boost::json::array sessions;     // the earlier sessions, for the new manifest
  std::vector<std::string> notes;  // what the resume repaired, for stderr and the manifest
};

// Throws ConfigError (a different config, plugin or data file) or ResultsError (damaged
// files) naming what differs; otherwise truncates the files and returns where to go on.
ResumeState prepare_resume(const std::filesystem::path& dir, const Experiment& experiment,
                           const boost::json::object& manifest);

// A plugin the experiment loaded whose file is not the one the manifest records
// (plugins[].sha256), for resume and for plab verify --replay.
struct PluginMismatch {
  std::string name;
  std::string path;
  std::string now;            // its SHA-256
  std::string recorded;       // the manifest's, empty if the manifest does not list the plugin
  std::string shown() const;  // "SHA-256 …, manifest: …"
};
std::optional<PluginMismatch> first_plugin_mismatch(const std::filesystem::path& dir,
                                                    const Experiment& experiment,
                                                    const boost::json::object& manifest);

// The two halves of prepare_resume, apart so that the fuzz target (tests/fuzz/fuzz_results.cpp)
// reaches the records with seeds whose plugin hashes are those of another build.
// The plugin and data files are those the manifest names (ConfigError if not).
void check_resume_files(const std::filesystem::path& dir, const Experiment& experiment,
                        const boost::json::object& manifest);
// The shard, the digest chain and the records; truncates the files to the runs kept.
ResumeState resume_records(const std::filesystem::path& dir, const Experiment& experiment,
                           const boost::json::object& manifest);

}  // namespace plab

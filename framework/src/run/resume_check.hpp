// Whether an interrupted results folder was made with the plugin and data files this
// experiment has loaded: by SHA-256, against the folder's manifest (plugins[], data_files[]).
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include <boost/json/object.hpp>

#include "run/experiment.hpp"

namespace plab {

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

// The plugin and data files are those the manifest names; ConfigError naming the file if not.
// Apart from resume_records (run/resume.hpp) so that the fuzz target
// (tests/fuzz/fuzz_results.cpp) reaches the records with seeds whose plugin hashes are those of
// another build.
void check_resume_files(const std::filesystem::path& dir, const Experiment& experiment,
                        const boost::json::object& manifest);

// The manifest's "config" still has the digest written with the folder
// (config_identity_sha256); ResultsError naming the folder if it was edited by hand.
void check_config_not_edited(const std::filesystem::path& dir, const boost::json::object& manifest,
                             const Json& config);

}  // namespace plab

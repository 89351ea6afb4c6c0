// The config document an experiment runs from: the file as read (comments stripped), with
// the command line's changes applied in the order they were given.
//
//   --set /pointer=VALUE        sets one field (json_pointer.hpp)
//   --sweep /pointer=V1,V2,...  adds a sweep axis, or replaces the values of an existing one
//                               (sweep.hpp; range(a,b[,step]) allowed)
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "config/json.hpp"

namespace plab {

struct CommandLineChange {
  enum class Kind { kSet, kSweep };
  Kind kind = Kind::kSet;
  std::string text;            // "/pointer=VALUE"
  std::string option() const;  // "--set /pointer=VALUE", for messages and the manifest
};

struct ExperimentSource {
  std::filesystem::path config_path;  // absolute
  Json document;                      // changes applied
  std::vector<std::string> changes;   // as given, e.g. "--sweep /init/scale=0,1"
  // The config's "claims", taken out of `document` (null without): claims change no run, so
  // they are no part of the experiment that the manifest, --resume, merge and export compare.
  Json claims;
};

ExperimentSource load_experiment_source(const std::filesystem::path& config,
                                        const std::vector<CommandLineChange>& changes);

void apply_change(Json& document, const CommandLineChange& change);

}  // namespace plab

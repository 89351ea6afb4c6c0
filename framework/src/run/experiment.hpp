// An experiment made ready to run: every sweep point parsed, every data set loaded, every
// plugin loaded and its params checked, every run numbered.
//
// prepare_experiment does all the checking up front, on the main thread, so that a bad
// config, data file or plugin is reported before the first run and a run itself can only
// fail through what its plugin does.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "config/experiment_config.hpp"
#include "config/experiment_source.hpp"
#include "config/sweep.hpp"
#include "data/dataset.hpp"
#include "plugins/plugin_library.hpp"
#include "theory/point_theory.hpp"

namespace plab {

struct PreparedLearner {
  std::string name;
  std::shared_ptr<const PluginLibrary> plugin;
  ParamSet params;
  Json params_json;  // the resolved params, defaults included
  WeightShape shape;
  BoundDeclaration bound;  // what the plugin declares for these params and data, checked
};

struct PreparedPoint {
  SweepPoint sweep;
  ExperimentConfig config;
  std::shared_ptr<const Dataset> data;
  std::shared_ptr<const PointTheory> theory;
  std::vector<PreparedLearner> learners;
  std::size_t first_run = 0;  // canonical index of (this point, learner 0, repeat 0)
  std::size_t runs() const { return learners.size() * static_cast<std::size_t>(config.repeats); }
};

// Canonical run order: sweep point, then learner, then repeat (DESIGN.md "Results").
struct RunId {
  std::size_t point = 0;
  std::size_t learner = 0;
  std::size_t repeat = 0;
};

struct Experiment {
  std::filesystem::path config_path;  // absolute
  Json document;  // the config as read, command-line changes applied, sweep included
  std::vector<std::string> changes;  // --set / --sweep options, in order
  std::string name;
  std::vector<SweepAxis> axes;
  std::vector<PreparedPoint> points;
  std::vector<std::shared_ptr<const PluginLibrary>> libraries;  // each loaded once
  std::vector<std::string> notes;  // harmless oddities worth telling the user
  std::size_t total_runs = 0;

  RunId locate(std::size_t run_index) const;
};

struct PrepareOptions {
  std::vector<std::filesystem::path> plugin_dirs;  // --plugin-dir, in order
};

Experiment prepare_experiment(const ExperimentSource& source, const PrepareOptions& options);

}  // namespace plab

// An experiment made ready to run: every sweep point parsed, every data set loaded, every
// plugin loaded and its params checked, every run numbered.
//
// prepare_experiment does all the checking up front, on the main thread, so that a bad
// config, data file or plugin is reported before the first run and a run itself can only
// fail through what its plugin does. A large sweep (below) is checked point by point as
// its windows are prepared, still before any of the window's runs.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "config/experiment_config.hpp"
#include "config/experiment_source.hpp"
#include "config/sweep.hpp"
#include "data/dataset.hpp"
#include "plugin_loader/plugin_library.hpp"
#include "theory/learner_quantity_unit.hpp"
#include "theory/point_theory.hpp"

namespace plab {

struct PreparedLearner {
  std::string name;
  std::shared_ptr<const PluginLibrary> plugin;
  ParamSet params;
  Json params_json;  // the resolved params, defaults included
  WeightShape shape;
  BoundDeclaration bound;  // what the plugin declares for these params and data, checked
  // The figures its form needs of this learner on this point's data, by unit key
  // (theory/learner_quantity_unit.hpp: a kernel perceptron's R_K and ρ_K, …).
  LearnerQuantities quantities;
};

struct PreparedPoint {
  SweepPoint sweep;  // its document is cleared once parsed into `config`
  ExperimentConfig config;
  std::shared_ptr<const Dataset> data;
  std::shared_ptr<const PointTheory> theory;
  std::vector<PreparedLearner> learners;
  std::size_t first_run = 0;  // canonical index of (this point, learner 0, repeat 0)
  std::size_t runs() const { return learners.size() * static_cast<std::size_t>(config.repeats); }
};

// Canonical run order: sweep point, then learner, then repeat (docs/results-folder.md).
struct RunId {
  std::size_t point = 0;
  std::size_t learner = 0;
  std::size_t repeat = 0;
};

// A sweep of more than this many points is "large": its points are enumerated lazily
// (point i from the axes, sweep.hpp), only the points of the runs one process makes (its
// window) are prepared and listed in the manifest, every point must make equally many runs,
// and shards split the runs evenly by number. Smaller sweeps are prepared whole up front.
inline constexpr std::size_t kMaxListedPoints = 10'000;

// The most points of a large sweep one process prepares: beyond, it runs in shards.
inline constexpr std::size_t kMaxWindowPoints = 100'000;

struct PrepareCache;  // data sets, oracles and plugins already loaded, shared by the points

struct Experiment {
  std::filesystem::path config_path;  // absolute
  Json document;  // the config as read, command-line changes applied, sweep included
  std::vector<std::string> changes;  // --set / --sweep options, in order
  std::string name;
  std::vector<SweepAxis> axes;
  std::vector<PreparedPoint> points;  // every point, or (a large sweep) those of the window
  std::vector<std::shared_ptr<const PluginLibrary>> libraries;  // each loaded once
  std::vector<std::string> notes;  // harmless oddities worth telling the user
  std::size_t total_runs = 0;
  std::size_t point_count = 0;     // points in the grid
  std::size_t first_point = 0;     // grid index of points[0]
  bool large = false;              // more than kMaxListedPoints points
  std::size_t runs_per_point = 0;  // a large sweep: runs of every point
  std::shared_ptr<PrepareCache> cache;

  // Point `index` of the grid; it must be prepared (in the window).
  const PreparedPoint& point(std::size_t index) const;
  // `point` of the RunId is the grid index.
  RunId locate(std::size_t run_index) const;
};

struct PrepareOptions {
  std::vector<std::filesystem::path> plugin_dirs;  // --plugin-dir, in order
  // Says a note about a data set as soon as it is loaded, before the long steps (the margin
  // oracle) that the note may explain; unset, such notes join Experiment::notes.
  std::function<void(const std::string&)> say_note_now = nullptr;
};

// Prepares every point; of a large sweep, only point 0 (it tells the runs per point).
Experiment prepare_experiment(const ExperimentSource& source, const PrepareOptions& options);

// A large sweep: prepares the points of runs [first_run, end_run) instead (nothing for a
// sweep that is not large). Refuses more than kMaxWindowPoints points, naming the shards.
void prepare_window(Experiment& experiment, std::size_t first_run, std::size_t end_run,
                    const PrepareOptions& options);

}  // namespace plab

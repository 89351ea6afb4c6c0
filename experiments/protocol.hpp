// Experiment protocols: what one run does and what it records.
//
// A protocol drives one learner through training on one data set and reports the
// learner-side facts of the run (mistakes, epochs, final weights, ...). Theory fields and
// the record layout are added by the engine around it. Protocols:
//   convergence  epochs until one without a mistake (or the learner's own criterion), or
//                max_epochs;
//   trajectory   the same, and every update's weights are kept for trajectory.jsonl;
//   holdout      the same on a stratified training part of the data, then the error on the
//                held-out part (one split per repeat, or k folds over k repeats).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "base/random.hpp"
#include "config/experiment_config.hpp"
#include "plab/descriptor.hpp"

namespace plab {

class PluginLibrary;

struct RunRequest {
  const TrainingSet* data = nullptr;
  const PluginLibrary* plugin = nullptr;
  const ParamSet* params = nullptr;
  TaskKind task = TaskKind::kBinary;
  const InitSpec* init = nullptr;
  const ProtocolSpec* protocol = nullptr;
  std::uint64_t init_seed = 0;   // stream for the initial weights
  std::uint64_t order_seed = 0;  // stream for shuffles and mistake picks
  std::uint64_t split_seed = 0;  // holdout: stream for the train/test split
  std::size_t fold = 0;          // holdout with folds: the test fold
  // Identifies the run in trajectory lines: {"point":…,"learner":…,"repeat":…}.
  std::string trajectory_prefix;
};

enum class RunStatus { kConverged, kNotConverged, kDiverged, kFailed };
const char* status_name(RunStatus status);

struct RunOutcome {
  RunStatus status = RunStatus::kFailed;
  std::string error;         // kFailed: what went wrong; kDiverged: where
  std::uint64_t epochs = 0;  // epochs run, the final clean one included
  std::uint64_t steps = 0;   // mistake-driven orders: scans of the data, the last clean
  std::uint64_t mistakes = 0;
  std::uint64_t updates = 0;
  std::size_t train_errors = 0;
  double w_norm = 0.0;  // Euclidean (Frobenius for several rows)
  double w0_norm = 0.0;
  std::vector<double> initial_weights;
  std::vector<double> final_weights;
  std::vector<std::pair<std::string, double>> metrics;  // from the learner
  std::string trajectory;                               // trajectory.jsonl lines of this run
  bool has_test = false;                                // holdout: a test set was held out
  double train_seconds = 0.0;  // wall time inside the learner's epochs or steps only
  std::size_t test_errors = 0;
  std::size_t test_rows = 0;
  std::size_t train_rows = 0;
  std::vector<std::uint64_t> epoch_mistakes;  // with record_curve: per epoch
  std::vector<double> epoch_loss;             // with record_curve: per epoch (NaN where none)
  bool has_steps = false;
};

// Runs the protocol named in request.protocol. Never throws for what a plugin does: a
// plugin's exception becomes a kFailed outcome carrying its message.
RunOutcome run_protocol(const RunRequest& request);

}  // namespace plab

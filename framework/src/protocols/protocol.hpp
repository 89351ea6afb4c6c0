// Experiment protocols: what one run does and what it records.
//
// A protocol drives one learner through training on one data set and reports the
// learner-side facts of the run (mistakes, epochs, final weights, ...). Theory fields and
// the record layout are added by the engine around it. Each protocol is a unit of its own
// behind the Protocol interface, all on the one training loop of training.hpp:
//   convergence     epochs until one without a mistake (or the learner's own criterion), or
//                   max_epochs (convergence.cpp);
//   trajectory      the same, and every update's weights are kept for trajectory.jsonl
//                   (trajectory.cpp);
//   holdout         the same on a stratified training part of the data, then the error on
//                   the held-out part: one split per repeat, or k folds over k repeats
//                   (holdout.cpp);
//   learning curve  per-epoch mistakes and loss in each record, added to any of them by
//                   `record_curve` (learning_curve.hpp).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "base/random.hpp"
#include "config/experiment_config.hpp"
#include "plab/descriptor.hpp"
#include "results/format/run_status.hpp"

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
  // With record_sample_mistakes: the updates each training row caused (empty for a batch
  // learner, whose updates name no row).
  bool has_sample_mistakes = false;
  std::vector<std::uint64_t> sample_mistakes;
  bool has_steps = false;
};

// One protocol. `run` may throw: run_protocol turns any exception into a failed outcome.
class Protocol {
 public:
  virtual ~Protocol() = default;
  virtual void run(const RunRequest& request, RunOutcome& out) const = 0;
};

const Protocol& convergence_protocol();
const Protocol& trajectory_protocol();
const Protocol& holdout_protocol();
const Protocol& protocol_for(ProtocolKind kind);

// One update as a line of trajectory.jsonl ('\n' included): the run's prefix, the epoch, the
// row (null for a batch update) and the weights after it. The report's replay of a trace
// (report/visit_replay.hpp) writes its updates with it too, to compare them byte for byte.
void append_trajectory_line(std::string& out, const std::string& prefix, std::uint64_t epoch,
                            std::size_t sample, std::span<const double> weights);

// Runs the protocol named in request.protocol. Never throws for what a plugin does: a
// plugin's exception becomes a kFailed outcome carrying its message.
RunOutcome run_protocol(const RunRequest& request);

}  // namespace plab

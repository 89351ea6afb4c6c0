// The convergence and trajectory protocols (DESIGN.md "Runs"; THEORY.md §0 for what
// `epochs` and `mistakes` count).
#include <chrono>
#include <cmath>
#include <exception>
#include <numeric>

#include "experiments/protocol.hpp"

#include <optional>

#include "experiments/data_split.hpp"
#include "experiments/initial_weights.hpp"
#include "plugins/plugin_library.hpp"
#include "results/json_text.hpp"
#include "theory/bounds.hpp"  // euclidean_norm: no overflow of the squares

namespace plab {

namespace {

bool all_finite(std::span<const double> w) {
  for (double v : w) {
    if (!std::isfinite(v)) return false;
  }
  return true;
}

// Keeps every update as a trajectory.jsonl line. Called only on updates, never per sample.
class TrajectoryRecorder final : public UpdateObserver {
 public:
  explicit TrajectoryRecorder(const std::string& prefix) : prefix_(prefix) {}
  void set_epoch(std::uint64_t epoch) { epoch_ = epoch; }
  void on_update(std::size_t sample, std::span<const double> weights) override {
    text_ += prefix_;
    text_ += ",\"epoch\":" + std::to_string(epoch_) + ",\"sample\":" +
             (sample == kBatchUpdate ? std::string("null") : std::to_string(sample)) + ",\"w\":";
    append_json_numbers(text_, weights);
    text_ += "}\n";
  }
  std::string take() { return std::move(text_); }

 private:
  const std::string& prefix_;
  std::uint64_t epoch_ = 0;
  std::string text_;
};

class MetricCollector final : public MetricSink {
 public:
  explicit MetricCollector(std::vector<std::pair<std::string, double>>& out) : out_(out) {}
  void put(std::string_view name, double value) override { out_.emplace_back(name, value); }

 private:
  std::vector<std::pair<std::string, double>>& out_;
};

// Gradient descent with too large a step diverges: for a least-squares learner that is a
// result of the experiment. A perceptron-family update adds a finite multiple of a finite
// sample, so non-finite weights there mean a broken plugin, unless that finite multiple,
// added up over the updates made, can itself exceed a double (a huge η or data near the
// top of the range): then the engine's arithmetic overflowed and the message names the
// step size. Both are failed runs (docs/results-folder.md, status): the numbers are no
// result either way.
void stop_on_non_finite(const RunRequest& r, RunOutcome& out, std::span<const double> w,
                        const std::string& where) {
  const PluginDescriptor& d = r.plugin->descriptor();
  // Asked only here, when it matters: the declaration for these params says whether the
  // learner is a least-squares one and what its step is (checked at prepare time, so this
  // does not fail).
  const LearnerSetup setup{*r.params, r.task, r.data->rows, r.data->cols, r.data->classes};
  const BoundDeclaration declared = r.plugin->declare_bound(setup);
  if (declared.form == BoundForm::kLeastSquares) {
    out.status = RunStatus::kDiverged;
    out.error = "weights became non-finite " + where;
    return;
  }
  out.status = RunStatus::kFailed;
  const std::string engine =
      all_finite(w) ? std::string()
                    : step_overflow_reason(declared, *r.data, out.initial_weights, out.updates);
  if (!engine.empty()) {
    out.error = where + ", " + engine;
  } else {
    out.error = "plugin '" + std::string(d.name) + "' (" + r.plugin->path().string() +
                ") made the weights non-finite " + where + "; its updates should keep them finite";
  }
}

void train(const RunRequest& r, Learner& learner, RunOutcome& out) {
  const TrainingSet& data = *r.data;
  const ProtocolSpec& protocol = *r.protocol;
  std::span<double> w = learner.weights();
  Rng order_rng(r.order_seed);
  const bool tracing = protocol.kind == "trajectory";
  TrajectoryRecorder recorder(r.trajectory_prefix);
  UpdateObserver* observer = tracing ? &recorder : nullptr;
  const auto max_epochs = static_cast<std::uint64_t>(protocol.max_epochs);

  out.status = RunStatus::kNotConverged;
  const auto started = std::chrono::steady_clock::now();
  if (protocol.order == "random_mistake" || protocol.order == "worst_mistake") {
    // One step = one scan for misclassified samples and at most one update; max_epochs
    // caps the steps at max_epochs × N (DESIGN.md orders).
    const MistakePick pick =
        protocol.order == "random_mistake" ? MistakePick::kUniform : MistakePick::kWorst;
    const std::uint64_t max_steps = max_epochs * data.rows;
    out.has_steps = true;
    while (out.steps < max_steps) {
      ++out.steps;
      recorder.set_epoch((out.steps - 1) / data.rows + 1);
      const double u = pick == MistakePick::kUniform ? order_rng.uniform() : 0.0;
      const StepOutcome step = learner.train_step(data, pick, u, observer);
      if (!step.updated) {
        out.status = RunStatus::kConverged;
        break;
      }
      ++out.mistakes;
      ++out.updates;
      if (!all_finite(w)) {
        stop_on_non_finite(r, out, w, "at step " + std::to_string(out.steps));
        break;
      }
    }
    out.epochs = (out.steps + data.rows - 1) / data.rows;
  } else {
    std::vector<std::uint32_t> order;
    const bool shuffle = protocol.order == "shuffle";
    for (std::uint64_t epoch = 1; epoch <= max_epochs; ++epoch) {
      out.epochs = epoch;
      recorder.set_epoch(epoch);
      if (shuffle) order_rng.permutation(order, data.rows);
      const EpochOutcome e = learner.train_epoch(data, shuffle ? order.data() : nullptr, observer);
      out.mistakes += e.mistakes;
      out.updates += e.updates;
      if (protocol.record_curve) {
        out.epoch_mistakes.push_back(e.mistakes);
        out.epoch_loss.push_back(e.loss);
      }
      if (!all_finite(w) || std::isinf(e.loss)) {
        stop_on_non_finite(r, out, w, "in epoch " + std::to_string(epoch));
        break;
      }
      if (e.converged) {
        out.status = RunStatus::kConverged;
        break;
      }
    }
  }
  out.train_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (out.status != RunStatus::kDiverged && out.status != RunStatus::kFailed) {
    out.train_errors = learner.count_errors(data);
    out.w_norm = euclidean_norm(w);
    MetricCollector metrics(out.metrics);
    learner.report_metrics(data, metrics);
    out.final_weights.assign(w.begin(), w.end());
  }
  out.trajectory = recorder.take();
}

}  // namespace

const char* status_name(RunStatus status) {
  switch (status) {
    case RunStatus::kConverged:
      return "converged";
    case RunStatus::kNotConverged:
      return "not_converged";
    case RunStatus::kDiverged:
      return "diverged";
    case RunStatus::kFailed:
      return "failed";
  }
  return "failed";
}

RunOutcome run_protocol(const RunRequest& request) {
  RunOutcome out;
  try {
    // Holdout: train on a stratified part, keep the rest for the test error.
    std::optional<RowSubset> train_part;
    std::optional<RowSubset> test_part;
    RunRequest r = request;
    if (request.protocol->kind == "holdout") {
      const SplitRows split =
          request.protocol->folds >= 2
              ? stratified_fold(*request.data, static_cast<std::size_t>(request.protocol->folds),
                                request.fold, request.split_seed)
              : stratified_holdout(*request.data, request.protocol->test_fraction,
                                   request.split_seed);
      train_part.emplace(*request.data, split.train);
      test_part.emplace(*request.data, split.test);
      r.data = &train_part->view();
    }
    const LearnerSetup setup{*r.params, r.task, r.data->rows, r.data->cols, r.data->classes};
    std::shared_ptr<Learner> learner = r.plugin->create(setup);
    const WeightShape shape = learner->shape();
    std::span<double> w = learner->weights();
    if (shape.cols != r.data->cols || w.size() != shape.size()) {
      out.error = "the learner's weights have the wrong shape (" + std::to_string(w.size()) +
                  " weights for " + std::to_string(shape.rows) + " x " +
                  std::to_string(shape.cols) + ", data has " + std::to_string(r.data->cols) +
                  " columns)";
      return out;
    }
    Rng init_rng(r.init_seed);
    fill_initial_weights(*r.init, init_rng, w);
    out.w0_norm = euclidean_norm(w);
    out.initial_weights.assign(w.begin(), w.end());
    train(r, *learner, out);
    out.train_rows = r.data->rows;
    if (test_part && out.status != RunStatus::kDiverged && out.status != RunStatus::kFailed) {
      out.has_test = true;
      out.test_rows = test_part->view().rows;
      out.test_errors = learner->count_errors(test_part->view());
    }
  } catch (const std::exception& e) {
    out = RunOutcome{};
    out.status = RunStatus::kFailed;
    out.error = e.what();
  } catch (...) {
    out = RunOutcome{};
    out.status = RunStatus::kFailed;
    out.error = "the plugin threw something that is not a std::exception";
  }
  return out;
}

}  // namespace plab

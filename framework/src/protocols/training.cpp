#include "protocols/training.hpp"

#include <chrono>
#include <cmath>
#include <span>
#include <string>
#include <vector>

#include "plugin_loader/plugin_library.hpp"
#include "protocols/initial_weights.hpp"
#include "protocols/learning_curve.hpp"
#include "protocols/sample_counts.hpp"
#include "theory/bounds.hpp"  // euclidean_norm: no overflow of the squares

namespace plab {

namespace {

class MetricCollector final : public MetricSink {
 public:
  explicit MetricCollector(std::vector<std::pair<std::string, double>>& out) : out_(out) {}
  void put(std::string_view name, double value) override { out_.emplace_back(name, value); }

 private:
  std::vector<std::pair<std::string, double>>& out_;
};

// Both observers of an epoch, when a protocol watches epochs and the curve is kept.
class BothEpochObservers final : public EpochObserver {
 public:
  BothEpochObservers(EpochObserver* first, EpochObserver* second)
      : first_(first), second_(second) {}
  void epoch_started(std::uint64_t epoch) override {
    if (first_ != nullptr) first_->epoch_started(epoch);
    if (second_ != nullptr) second_->epoch_started(epoch);
  }
  void epoch_ended(const EpochOutcome& epoch, RunOutcome& out) override {
    if (first_ != nullptr) first_->epoch_ended(epoch, out);
    if (second_ != nullptr) second_->epoch_ended(epoch, out);
  }

 private:
  EpochObserver* first_;
  EpochObserver* second_;
};

// Gradient descent with too large a step diverges: for a least-squares learner that is a
// result of the experiment. A perceptron-family update adds a finite multiple of a finite
// sample, so non-finite weights there mean a broken plugin, unless that finite multiple,
// added up over the updates made, can itself exceed a double (a huge η or data near the
// top of the range): then the engine's arithmetic overflowed and the message names the
// step size. Both are failed runs (docs/results-folder.md, status): the numbers are no result
// either way.
void stop_on_non_finite(const RunRequest& r, const TrainingSet& data, RunOutcome& out,
                        std::span<const double> w, const std::string& where) {
  const PluginDescriptor& d = r.plugin->descriptor();
  // Asked only here, when it matters: the declaration for these params says whether the
  // learner is a least-squares one and what its step is (checked at prepare time, so this
  // does not fail).
  const LearnerSetup setup{*r.params, r.task, data.rows, data.cols, data.classes};
  const BoundDeclaration declared = r.plugin->declare_bound(setup);
  if (declared.form == BoundForm::kLeastSquares) {
    out.status = RunStatus::kDiverged;
    out.error = "weights became non-finite " + where;
    return;
  }
  out.status = RunStatus::kFailed;
  const std::string engine =
      all_finite(w) ? std::string()
                    : step_overflow_reason(declared, data, out.initial_weights, out.updates);
  if (!engine.empty()) {
    out.error = where + ", " + engine;
  } else {
    out.error = "plugin '" + std::string(d.name) + "' (" + r.plugin->path().string() +
                ") made the weights non-finite " + where + "; its updates should keep them finite";
  }
}

// One step = one scan for misclassified samples and at most one update; max_epochs caps the
// steps at max_epochs × N (docs/learners.md, "Orders").
void train_by_steps(const RunRequest& r, const TrainingSet& data, Learner& learner,
                    const TrainingHooks& hooks, RunOutcome& out) {
  const std::span<double> w = learner.weights();
  Rng order_rng(r.order_seed);
  const MistakePick pick = r.protocol->order == SampleOrder::kRandomMistake ? MistakePick::kUniform
                                                                            : MistakePick::kWorst;
  const std::uint64_t max_steps = static_cast<std::uint64_t>(r.protocol->max_epochs) * data.rows;
  out.has_steps = true;
  while (out.steps < max_steps) {
    ++out.steps;
    if (hooks.epochs != nullptr) hooks.epochs->epoch_started((out.steps - 1) / data.rows + 1);
    const double u = pick == MistakePick::kUniform ? order_rng.uniform() : 0.0;
    const StepOutcome step = learner.train_step(data, pick, u, hooks.updates);
    if (!step.updated) {
      out.status = RunStatus::kConverged;
      break;
    }
    ++out.mistakes;
    ++out.updates;
    if (!all_finite(w)) {
      stop_on_non_finite(r, data, out, w, "at step " + std::to_string(out.steps));
      break;
    }
  }
  out.epochs = (out.steps + data.rows - 1) / data.rows;
}

void train_by_epochs(const RunRequest& r, const TrainingSet& data, Learner& learner,
                     const TrainingHooks& hooks, RunOutcome& out) {
  const std::span<double> w = learner.weights();
  Rng order_rng(r.order_seed);
  std::vector<std::uint32_t> order;
  const bool shuffle = r.protocol->order == SampleOrder::kShuffle;
  const auto max_epochs = static_cast<std::uint64_t>(r.protocol->max_epochs);
  for (std::uint64_t epoch = 1; epoch <= max_epochs; ++epoch) {
    out.epochs = epoch;
    if (hooks.epochs != nullptr) hooks.epochs->epoch_started(epoch);
    if (shuffle) order_rng.permutation(order, data.rows);
    const EpochOutcome e =
        learner.train_epoch(data, shuffle ? order.data() : nullptr, hooks.updates);
    out.mistakes += e.mistakes;
    out.updates += e.updates;
    if (hooks.epochs != nullptr) hooks.epochs->epoch_ended(e, out);
    if (!all_finite(w) || std::isinf(e.loss)) {
      stop_on_non_finite(r, data, out, w, "in epoch " + std::to_string(epoch));
      break;
    }
    if (e.converged) {
      out.status = RunStatus::kConverged;
      break;
    }
  }
}

}  // namespace

bool all_finite(std::span<const double> w) {
  for (double v : w) {
    if (!std::isfinite(v)) return false;
  }
  return true;
}

std::shared_ptr<Learner> train_learner(const RunRequest& r, const TrainingSet& data,
                                       TrainingHooks hooks, RunOutcome& out) {
  const LearnerSetup setup{*r.params, r.task, data.rows, data.cols, data.classes};
  std::shared_ptr<Learner> learner = r.plugin->create(setup);
  const WeightShape shape = learner->shape();
  std::span<double> w = learner->weights();
  if (shape.cols != data.cols || w.size() != shape.size()) {
    out.error = "the learner's weights have the wrong shape (" + std::to_string(w.size()) +
                " weights for " + std::to_string(shape.rows) + " x " + std::to_string(shape.cols) +
                ", data has " + std::to_string(data.cols) + " columns)";
    return nullptr;
  }
  draw_initial_weights(r, w, out);
  learner->on_start(data);

  LearningCurve curve;
  BothEpochObservers both(hooks.epochs, &curve);
  if (r.protocol->record_curve) hooks.epochs = &both;
  // Sized only when asked for: other runs allocate nothing per run for it.
  SampleCounter counter(r.protocol->record_sample_mistakes ? data.rows : 0, hooks.updates);
  if (r.protocol->record_sample_mistakes) hooks.updates = &counter;
  out.status = RunStatus::kNotConverged;
  const auto started = std::chrono::steady_clock::now();
  if (r.protocol->mistake_driven()) {
    train_by_steps(r, data, *learner, hooks, out);
  } else {
    train_by_epochs(r, data, *learner, hooks, out);
  }
  out.train_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (r.protocol->record_sample_mistakes) {
    out.has_sample_mistakes = true;
    out.sample_mistakes = counter.take(out.updates);
  }
  finish_training(*learner, data, out);
  return learner;
}

void draw_initial_weights(const RunRequest& r, std::span<double> w, RunOutcome& out) {
  Rng init_rng(r.init_seed);
  fill_initial_weights(*r.init, init_rng, w);
  out.w0_norm = euclidean_norm(w);
  out.initial_weights.assign(w.begin(), w.end());
}

void finish_training(Learner& learner, const TrainingSet& data, RunOutcome& out) {
  if (out.status != RunStatus::kDiverged && out.status != RunStatus::kFailed) {
    const std::span<double> w = learner.weights();
    out.train_errors = learner.count_errors(data);
    out.w_norm = euclidean_norm(w);
    MetricCollector metrics(out.metrics);
    learner.report_metrics(data, metrics);
    out.final_weights.assign(w.begin(), w.end());
  }
  out.train_rows = data.rows;
}

}  // namespace plab

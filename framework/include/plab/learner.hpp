// The learner interface: what a plugin implements and the engine drives.
//
// The engine calls a learner once per epoch (or once per step for the mistake-driven
// orders), never once per sample: the per-sample loop lives inside the plugin, where it is
// compiled and inlined as tightly as a hand-written loop. The engine owns the data, the
// random numbers (orders, initial weights) and the bookkeeping; the learner owns its weights.
//
// Boundary rules (see docs/writing-a-plugin.md): a learner may throw from any call; the
// engine catches at the call, turns the exception into a message in the run's record, and
// goes on with the other runs. Nothing made by a plugin outlives the plugin's library, which
// the engine keeps loaded while any learner made by it lives.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string_view>

#include "plab/abi.hpp"
#include "plab/training_set.hpp"

namespace plab {

// The `sample` a batch learner reports to UpdateObserver: its update has no single sample.
inline constexpr std::size_t kBatchUpdate = static_cast<std::size_t>(-1);

// Receives every update while the trajectory protocol is on; the engine passes nullptr
// otherwise, so that a run pays one predictable branch per update and nothing per sample.
class PLAB_INTERFACE UpdateObserver {
 public:
  virtual ~UpdateObserver();
  // `sample` is the 0-based row that caused the update; `weights` are the weights after it.
  virtual void on_update(std::size_t sample, std::span<const double> weights) = 0;
};

// Extra per-run figures a learner can report (e.g. the final loss); they land in the record.
class PLAB_INTERFACE MetricSink {
 public:
  virtual ~MetricSink();
  virtual void put(std::string_view name, double value) = 0;
};

struct EpochOutcome {
  std::uint64_t mistakes = 0;  // samples misclassified when they were examined
  std::uint64_t updates = 0;   // weight updates made (equal to mistakes for online learners)
  bool converged = false;      // classifiers: no mistake this epoch; others: own criterion
  double loss = std::numeric_limits<double>::quiet_NaN();  // where the learner defines one
};

// The mistake-driven orders (docs/learners.md, "Orders"): which misclassified sample a step
// updates on.
enum class MistakePick : std::uint8_t {
  kUniform,  // drawn uniformly among the misclassified samples (PLA)
  kWorst,    // the smallest y·(w·x̃); ties to the lowest index
};

struct StepOutcome {
  bool updated = false;    // false: no sample is misclassified, the learner has converged
  std::size_t sample = 0;  // the row updated on, when updated
};

struct WeightShape {
  std::size_t rows = 1;  // 1 for binary learners, one row per class for multi-class ones
  std::size_t cols = 0;  // the augmented dimension of the data
  std::size_t size() const { return rows * cols; }
};

class PLAB_INTERFACE Learner {
 public:
  virtual ~Learner();

  virtual WeightShape shape() const = 0;
  // Row-major weights, shape().size() of them. The engine writes the initial weights here
  // before the first epoch and reads the final ones after the last.
  virtual std::span<double> weights() = 0;

  // Called once the initial weights are in weights(), before the first train_epoch or
  // train_step: the place for state that starts from w₀ (a pocket, E(w₀)). Nothing by
  // default.
  virtual void on_start(const TrainingSet& data);

  // One pass over the data. `order` lists the rows to visit (a permutation of 0..rows−1),
  // or is nullptr for file order; batch learners ignore it.
  virtual EpochOutcome train_epoch(const TrainingSet& data, const std::uint32_t* order,
                                   UpdateObserver* observer) = 0;

  // One step of a mistake-driven order: find the misclassified samples under the current
  // weights, pick one by `pick` (`uniform` ∈ [0,1) chooses among them for kUniform), update.
  // Only called when the descriptor declares OrderSupport::kMistakeDriven.
  virtual StepOutcome train_step(const TrainingSet& data, MistakePick pick, double uniform,
                                 UpdateObserver* observer);

  // Samples the current weights misclassify, by the learner's own prediction rule.
  virtual std::size_t count_errors(const TrainingSet& data) const = 0;

  // Extra figures for the run's record (loss, pocket error, ...); none by default.
  virtual void report_metrics(const TrainingSet& data, MetricSink& sink) const;
};

}  // namespace plab

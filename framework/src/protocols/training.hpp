// The training loop every protocol shares: the learner made for the rows it trains on, its
// initial weights drawn, then epochs (cyclic or shuffled) or mistake-driven steps until it
// converges, diverges or reaches max_epochs (docs/reproducibility.md; docs/learners.md,
// "Conventions", for what
// `epochs` and `mistakes` count).
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "plab/learner.hpp"
#include "protocols/protocol.hpp"

namespace plab {

// What a protocol watches besides the updates: the epoch each step or epoch belongs to, and
// each epoch's outcome (not called for mistake-driven steps).
class EpochObserver {
 public:
  virtual ~EpochObserver() = default;
  virtual void epoch_started(std::uint64_t /*epoch*/) {}
  virtual void epoch_ended(const EpochOutcome& /*epoch*/, RunOutcome& /*out*/) {}
};

struct TrainingHooks {
  UpdateObserver* updates = nullptr;  // every update's weights (the learner calls it)
  EpochObserver* epochs = nullptr;
};

// Trains a learner made for `data` (the request's data, or a protocol's part of it) and
// fills `out`; with `record_curve` the learning curve is kept too. Returns the trained
// learner, or null when it could not train (weights of the wrong shape: `out` says so).
std::shared_ptr<Learner> train_learner(const RunRequest& request, const TrainingSet& data,
                                       TrainingHooks hooks, RunOutcome& out);

// The two ends every run shares, whether it trains alone or in a lane: the initial weights
// drawn from the request's init seed into `w` (and recorded in `out`), and, once training
// stopped, the training errors, final weights and figures of the learner holding them.
void draw_initial_weights(const RunRequest& request, std::span<double> w, RunOutcome& out);
void finish_training(Learner& learner, const TrainingSet& data, RunOutcome& out);

// No NaN and no infinity in `w`.
bool all_finite(std::span<const double> w);

}  // namespace plab

#include "protocols/lane_training.hpp"

#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>

#include "base/interrupt.hpp"
#include "base/random.hpp"
#include "plugin_loader/plugin_library.hpp"
#include "protocols/learning_curve.hpp"
#include "protocols/training.hpp"

namespace plab {

bool lanes_apply(const ProtocolSpec& protocol) {
  // Per-sample counts come from the update callbacks, which lanes do not make.
  return protocol.kind == ProtocolKind::kConvergence && !protocol.record_sample_mistakes &&
         (protocol.order == SampleOrder::kCyclic || protocol.order == SampleOrder::kShuffle);
}

namespace {

constexpr std::size_t kNoRun = std::numeric_limits<std::size_t>::max();

// The state of the runs in the lanes, and the runs still to start.
class LaneSchedule {
 public:
  LaneSchedule(std::span<const RunRequest> requests, LaneGroup& group, std::size_t weights)
      : requests_(requests),
        group_(group),
        data_(*requests.front().data),
        width_(group.width()),
        max_epochs_(static_cast<std::uint64_t>(requests.front().protocol->max_epochs)),
        shuffle_(requests.front().protocol->order == SampleOrder::kShuffle),
        curve_(requests.front().protocol->record_curve),
        results_(requests.size()),
        run_of_(width_, kNoRun),
        active_(width_, 0),
        outs_(width_),
        rngs_(width_, Rng(0)),
        orders_(width_),
        order_of_(width_, nullptr),
        epochs_(width_),
        w_(weights) {}

  std::vector<std::optional<RunOutcome>> run() {
    for (std::size_t k = 0; k < width_; ++k) start(k);
    while (any_active()) {
      for (std::size_t k = 0; k < width_; ++k) {
        if (active_[k] == 0) continue;
        ++outs_[k].epochs;
        if (shuffle_) {
          rngs_[k].permutation(orders_[k], data_.rows);
          order_of_[k] = orders_[k].data();
        }
      }
      const auto started = std::chrono::steady_clock::now();
      try {
        group_.train_epoch(data_, shuffle_ ? order_of_.data() : nullptr, active_.data(),
                           epochs_.data());
      } catch (...) {
        // The group's state is unknown now: every run not finished goes back to the caller.
        return std::move(results_);
      }
      share_time(std::chrono::steady_clock::now() - started);
      for (std::size_t k = 0; k < width_; ++k) {
        if (active_[k] != 0) end_epoch(k);
      }
    }
    return std::move(results_);
  }

 private:
  bool any_active() const {
    for (std::uint8_t a : active_) {
      if (a != 0) return true;
    }
    return false;
  }

  void share_time(std::chrono::steady_clock::duration spent) {
    std::size_t count = 0;
    for (std::uint8_t a : active_) count += a;
    const double share = std::chrono::duration<double>(spent).count() / static_cast<double>(count);
    for (std::size_t k = 0; k < width_; ++k) {
      if (active_[k] != 0) outs_[k].train_seconds += share;
    }
  }

  // Puts the next run into lane k, or leaves the lane idle when none is left. After an
  // interrupt no run starts (the runs in the lanes finish, as a run alone would).
  void start(std::size_t k) {
    active_[k] = 0;
    while (next_ < requests_.size() && !interrupt_requested()) {
      const std::size_t run = next_++;
      const RunRequest& r = requests_[run];
      outs_[k] = RunOutcome{};
      draw_initial_weights(r, w_, outs_[k]);
      outs_[k].status = RunStatus::kNotConverged;
      run_of_[k] = run;
      if (max_epochs_ == 0) {
        finish(k);
        continue;
      }
      group_.set_weights(k, w_);
      rngs_[k] = Rng(r.order_seed);
      active_[k] = 1;
      return;
    }
  }

  void end_epoch(std::size_t k) {
    const EpochOutcome& e = epochs_[k];
    RunOutcome& out = outs_[k];
    out.mistakes += e.mistakes;
    out.updates += e.updates;
    if (curve_) LearningCurve().epoch_ended(e, out);
    group_.get_weights(k, w_);
    if (!all_finite(w_) || std::isinf(e.loss)) {
      start(k);  // the run goes back to the caller, to fail or diverge alone
      return;
    }
    if (e.converged) {
      out.status = RunStatus::kConverged;
    } else if (out.epochs < max_epochs_) {
      return;
    }
    finish(k);
    start(k);
  }

  // The run in lane k is over: an ordinary learner given its final state tells its training
  // errors and figures.
  void finish(std::size_t k) {
    const RunRequest& r = requests_[run_of_[k]];
    const LearnerSetup setup{*r.params, r.task, data_.rows, data_.cols, data_.classes};
    try {
      const std::shared_ptr<Learner> learner = r.plugin->create(setup);
      if (learner->shape().cols != data_.cols || learner->weights().size() != w_.size()) return;
      group_.hand_over(k, *learner);
      finish_training(*learner, data_, outs_[k]);
    } catch (...) {
      return;  // run alone, where the exception becomes the run's recorded failure
    }
    results_[run_of_[k]] = std::move(outs_[k]);
  }

  std::span<const RunRequest> requests_;
  LaneGroup& group_;
  const TrainingSet& data_;
  std::size_t width_;
  std::uint64_t max_epochs_;
  bool shuffle_;
  bool curve_;
  std::vector<std::optional<RunOutcome>> results_;
  std::size_t next_ = 0;
  std::vector<std::size_t> run_of_;
  std::vector<std::uint8_t> active_;
  std::vector<RunOutcome> outs_;
  std::vector<Rng> rngs_;
  std::vector<std::vector<std::uint32_t>> orders_;
  std::vector<const std::uint32_t*> order_of_;
  std::vector<EpochOutcome> epochs_;
  std::vector<double> w_;
};

}  // namespace

std::size_t weights_per_run(const RunRequest& r, const TrainingSet& data) {
  const LearnerSetup setup{*r.params, r.task, data.rows, data.cols, data.classes};
  try {
    const std::shared_ptr<Learner> learner = r.plugin->create(setup);
    const WeightShape shape = learner->shape();
    if (shape.cols != data.cols || learner->weights().size() != shape.size()) return 0;
    return shape.size();
  } catch (...) {
    return 0;
  }
}

std::vector<std::optional<RunOutcome>> train_in_lanes(std::span<const RunRequest> requests,
                                                      LaneGroup& group) {
  if (requests.empty()) return {};
  // A learner that cannot be made, or whose weights do not fit the data, fails alone with
  // the one-at-a-time message.
  const std::size_t weights = weights_per_run(requests.front(), *requests.front().data);
  if (weights == 0) return std::vector<std::optional<RunOutcome>>(requests.size());
  return LaneSchedule(requests, group, weights).run();
}

}  // namespace plab

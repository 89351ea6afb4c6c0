// Several runs trained side by side: the optional lane interface of a learner.
//
// The mission's core workload is many repeats of one configuration. Repeats at one sweep
// point share the data, so K of them can be trained in one pass over it, run k in SIMD lane
// k of every vector: K independent chains of additions in place of one, each in exactly the
// sequential order of docs/learners.md, "Conventions", so every lane reproduces the one-at-a-time
// run bit for bit. A plugin offers this through its descriptor's `create_lanes`; plab/lane_loop.hpp
// writes the whole group for online learners whose step reads only the score and the label.
//
// Each run is finished by an ordinary learner made by `plab_create` for the same setup,
// which the group hands the lane's final state to (hand_over): the weights, and whatever
// else the learner predicts or reports with (the averaged perceptron's running sum), so
// that count_errors and report_metrics answer as for the run trained alone.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "plab/abi.hpp"
#include "plab/learner.hpp"
#include "plab/training_set.hpp"

namespace plab {

class PLAB_INTERFACE LaneGroup {
 public:
  virtual ~LaneGroup();

  // K: how many runs the group trains at once.
  virtual std::size_t width() const = 0;
  // Lane `lane`'s weights (the layout of Learner::weights(): cols values for a binary
  // learner, classes × cols for a multi-class one); setting them starts a new run in the lane.
  virtual void set_weights(std::size_t lane, std::span<const double> w) = 0;
  virtual void get_weights(std::size_t lane, std::span<double> w) const = 0;

  // Makes `learner` (made by this plugin for the same setup, not yet trained) hold lane
  // `lane`'s final state, as if it had trained that run itself.
  virtual void hand_over(std::size_t lane, Learner& learner) const = 0;

  // One epoch for every lane with active[lane] != 0; the other lanes are left untouched.
  // `orders` is nullptr when every lane visits the rows in file order; otherwise orders[lane]
  // is that lane's permutation of 0..rows−1 (nullptr for an inactive lane). outcomes[lane]
  // is filled for each active lane, as Learner::train_epoch would for that run alone.
  virtual void train_epoch(const TrainingSet& data, const std::uint32_t* const* orders,
                           const std::uint8_t* active, EpochOutcome* outcomes) = 0;
};

}  // namespace plab

// Several runs trained side by side: the optional lane interface of a learner.
//
// The mission's core workload is many repeats of one configuration. Repeats at one sweep
// point share the data, so K of them can be trained in one pass over it, run k in SIMD lane
// k of every vector: K independent chains of additions in place of one, each in exactly the
// sequential order of THEORY.md §0, so every lane reproduces the one-at-a-time run bit for
// bit. A plugin offers this through its descriptor's `create_lanes`; plab/lane_loop.hpp
// writes the whole group for online learners whose step reads only the score and the label.
//
// Contract: a learner that offers lanes keeps no state besides its weights (no pocket, no
// running sum), so that the engine can finish each run with an ordinary learner made by
// `plab_create` and given the lane's final weights (count_errors, report_metrics).
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
  // Lane `lane`'s weights (cols values, the layout of Learner::weights()).
  virtual void set_weights(std::size_t lane, std::span<const double> w) = 0;
  virtual void get_weights(std::size_t lane, std::span<double> w) const = 0;

  // One epoch for every lane with active[lane] != 0; the other lanes are left untouched.
  // `orders` is nullptr when every lane visits the rows in file order; otherwise orders[lane]
  // is that lane's permutation of 0..rows−1 (nullptr for an inactive lane). outcomes[lane]
  // is filled for each active lane, as Learner::train_epoch would for that run alone.
  virtual void train_epoch(const TrainingSet& data, const std::uint32_t* const* orders,
                           const std::uint8_t* active, EpochOutcome* outcomes) = 0;
};

}  // namespace plab

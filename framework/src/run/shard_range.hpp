// Which canonical runs shard I of N runs (results/folder/run_range.hpp holds the plain ranges).
//
// Boundaries split the estimated total work evenly, a run's work estimated as that of one
// epoch (samples × weights of its learner; a large sweep's runs are split evenly by number,
// experiment.hpp). They depend only on the experiment, so every machine computes the same
// slices.
#pragma once

#include "results/folder/run_range.hpp"
#include "run/experiment.hpp"

namespace plab {

RunRange shard_range(const Experiment& experiment, const ShardSpec& shard);

}  // namespace plab

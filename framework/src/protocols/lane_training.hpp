// The convergence protocol for several repeats at once, side by side in the lanes of one
// LaneGroup (plab/lane_group.hpp).
//
// Each run's outcome is the one train_learner would give it alone, field for field: the
// same initial weights, orders, epochs and counts, the same final learner figures (the run
// is finished by an ordinary learner holding the lane's final weights). A run whose lane
// meets anything but plain epochs (non-finite weights, an exception from the plugin) is
// handed back unfinished, so that the caller runs it alone and records exactly what the
// one-at-a-time path records.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "plab/lane_group.hpp"
#include "protocols/protocol.hpp"

namespace plab {

// True when runs under `protocol` may share lanes: the convergence protocol with an epoch
// order (cyclic or shuffle). Trajectories watch every update, holdout runs train on data of
// their own, and mistake-driven steps scan the data between updates: those run alone.
bool lanes_apply(const ProtocolSpec& protocol);

// How many weights a run of `r` on `data` has (Learner::weights(): rows × cols, one row for a
// binary learner, one a class for a multi-class one), from a learner made for it; 0 when
// none can be made or its weights do not fit the data's columns.
std::size_t weights_per_run(const RunRequest& r, const TrainingSet& data);

// Trains `requests` (one sweep point and learner: one plugin, params, data and protocol,
// lanes_apply) in the lanes of `group`, starting runs in the order given and refilling a
// lane with the next run as soon as its run ends. Returns one outcome per request, or
// nullopt for a run to be run alone (or, after an interrupt, one never started). `train_seconds` of
// a lane run is its share of the epochs it was in (each epoch's time divided among the lanes active
// in it).
std::vector<std::optional<RunOutcome>> train_in_lanes(std::span<const RunRequest> requests,
                                                      LaneGroup& group);

}  // namespace plab

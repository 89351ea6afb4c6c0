// The runs.jsonl record of one run (DESIGN.md "Results"): what the learner did beside what
// theory promises. Every field is present in every record; fields that do not apply are
// null, never omitted, so that tables can be read without guessing.
#pragma once

#include <string>

#include "experiments/protocol.hpp"
#include "run/experiment.hpp"

namespace plab {

// One line of runs.jsonl, newline included. A pure function of its inputs.
std::string format_run_record(const Experiment& experiment, const RunId& id,
                              const RunOutcome& outcome);

// One line of timings.jsonl: the run's identity, its wall-clock seconds, and the seconds
// spent in training proper (the learner's epochs or steps).
std::string format_timing(const Experiment& experiment, const RunId& id, double seconds,
                          double train_seconds);

// The start of a trajectory.jsonl line for a run: {"point":…,"learner":…,"repeat":…
std::string trajectory_prefix(const Experiment& experiment, const RunId& id);

}  // namespace plab

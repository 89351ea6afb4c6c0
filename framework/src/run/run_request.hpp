// One run's request from the experiment, and its outcome turned into the text on disk: the
// two ends shared by the run-alone path and the lanes.
#pragma once

#include "protocols/protocol.hpp"
#include "results/folder/ordered_writer.hpp"
#include "run/experiment.hpp"

namespace plab {

// The request of run `id`, training on `view` (its point's data, which must outlive it).
RunRequest request_for(const Experiment& experiment, const RunId& id, const TrainingSet& view);

// The record, timing and trajectory lines of run `id`; `seconds` is its wall time.
RunText run_text(const Experiment& experiment, const RunId& id, RunOutcome outcome, double seconds);

}  // namespace plab

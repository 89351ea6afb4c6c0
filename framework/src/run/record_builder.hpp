// Fills a run's record (results/format/run_record.hpp) from the experiment and the run's outcome:
// the run step, not the results layer, evaluates the learner's declared bound for the run.
#pragma once

#include "protocols/protocol.hpp"
#include "results/format/run_record.hpp"
#include "run/experiment.hpp"

namespace plab {

// A pure function of its inputs: the same experiment and outcome give the same record.
RunRecord build_run_record(const Experiment& experiment, const RunId& id,
                           const RunOutcome& outcome);

// The start of run `id`'s trajectory.jsonl lines (results/format/run_record.hpp trajectory_prefix).
std::string trajectory_prefix(const Experiment& experiment, const RunId& id);

}  // namespace plab

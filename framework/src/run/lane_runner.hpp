// Runs that share a pass over the data: units of repeats trained side by side in SIMD lanes
// (protocols/lane_training.hpp), their records byte-identical to runs made one at a time.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

#include "results/folder/ordered_writer.hpp"
#include "run/experiment.hpp"

namespace plab {

// A slice [first, end) of the canonical runs, run by one thread: in lanes, or one run.
struct WorkUnit {
  std::size_t first = 0;
  std::size_t end = 0;
  bool lanes = false;
};

// Splits [first, end) into units. Consecutive repeats of one sweep point and learner whose
// protocol and plugin allow lanes (and lanes != 1; with `auto`, per-run shuffles only on
// data sets over 1 MiB, where gathering rows in lanes pays) form units of up to 64 runs, fewer when
// that would leave one of `threads` idle; every other run is a unit of its own.
std::vector<WorkUnit> plan_work_units(const Experiment& experiment, std::size_t first,
                                      std::size_t end, int threads, std::size_t lanes);

// Runs lane unit `unit` with `width` lanes (0: as many as the unit has runs, rounded up to
// a power of two, 2 to 32, at most one vector's lanes for runs of several weight rows, fewer
// when the group's weights and orders would pass 2 MiB) and
// hands each run's text
// to `done` with its canonical index, in canonical order once the unit is trained. Runs the lanes
// could not finish exactly (and every run, when the plugin makes no lanes for these params) are run
// alone through execute_one.
void execute_lane_unit(const Experiment& experiment, const WorkUnit& unit, std::size_t width,
                       const std::function<void(std::size_t, RunText)>& done);

}  // namespace plab

// The run a line of trajectory.jsonl belongs to: each line opens with the run's point, learner
// and repeat (the update's epoch, sample and weights follow). One reader for `--resume`, which
// keeps the lines of the runs it keeps, and for merge, which checks a shard's lines against its
// records before copying them.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace plab {

struct TrajectoryRun {
  std::size_t point = 0;
  std::string learner;
  std::size_t repeat = 0;
};

// Nothing when the line is not a JSON object (torn by a kill, or damaged); DataError naming
// `where` (file:line) and the field when it is an object without its run's identity, which
// only an edit makes.
std::optional<TrajectoryRun> read_trajectory_run(std::string_view line, const std::string& where);

}  // namespace plab

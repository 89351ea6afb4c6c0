// Slices of the canonical run list: what a shard runs, and what is left after a resume.
//
// Shard I of N is a contiguous range of canonical run indices, perhaps empty. Boundaries split the
// estimated total work evenly, a run's work estimated as that of one epoch (samples ×
// weights of its learner; a large sweep's runs are split evenly by number, experiment.hpp);
// they depend only on the experiment, so every machine computes
// the same slices, and concatenating the shards' runs.jsonl in shard order gives the
// unsharded file.
#pragma once

#include <cstddef>
#include <string>

#include "run/experiment.hpp"

namespace plab {

struct RunRange {
  std::size_t begin = 0;
  std::size_t end = 0;  // one past the last
  std::size_t size() const { return end - begin; }
};

struct ShardSpec {
  std::size_t index = 0;
  std::size_t count = 1;
};

inline constexpr std::size_t kMaxShards = 1'000'000'000;

// Parses "I/N" with 0 ≤ I < N ≤ kMaxShards; UsageError otherwise. N may exceed the number of
// runs: a shard may be empty.
ShardSpec parse_shard(const std::string& text);

RunRange shard_range(const Experiment& experiment, const ShardSpec& shard);

}  // namespace plab

// Slices of the canonical run list: the runs a results folder holds (its manifest's "shard"),
// what a shard runs, and what is left after a resume.
//
// Shard I of N is a contiguous range of canonical run indices, perhaps empty; where its
// boundaries fall depends on the experiment (run/shard_range.hpp). Concatenating the shards'
// runs.jsonl in shard order gives the unsharded file.
#pragma once

#include <cstddef>
#include <string>

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

}  // namespace plab

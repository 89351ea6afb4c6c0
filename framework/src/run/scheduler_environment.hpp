// What a batch scheduler tells plab through the environment: which slice of an array job
// this process is (`--shard auto`), and the job and task ids to record in the manifest.
//
// SLURM: task SLURM_ARRAY_TASK_ID − SLURM_ARRAY_TASK_MIN of SLURM_ARRAY_TASK_COUNT, so that
// --array=1-4 works like --array=0-3. GNU parallel: job PARALLEL_SEQ − 1 (it counts from 1);
// it does not export the number of jobs, so that is given: --shard auto/N. Anything missing
// or inconsistent is a UsageError saying which variable and what to do.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "results/folder/run_range.hpp"

namespace plab {

// Reads one environment variable; nullptr when unset. std::getenv in plab, a map in tests.
using EnvironmentReader = std::function<const char*(const char*)>;

// "auto", "slurm" or "auto/N": the slice comes from the environment.
bool is_environment_shard(const std::string& text);

// The slice `text` (is_environment_shard) names in `env`.
ShardSpec shard_from_environment(const std::string& text, const EnvironmentReader& env);

// The scheduler's ids set in `env` (SLURM_JOB_ID, SLURM_ARRAY_JOB_ID, SLURM_ARRAY_TASK_ID,
// SLURM_RESTART_COUNT), as name/value pairs in that order; empty outside a scheduler.
std::vector<std::pair<std::string, std::string>> scheduler_ids(const EnvironmentReader& env);

// The process's own environment.
EnvironmentReader process_environment();

}  // namespace plab

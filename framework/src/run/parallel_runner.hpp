// Running every run of an experiment on OpenMP threads, streaming records to disk.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

#include "results/folder/ordered_writer.hpp"
#include "run/experiment.hpp"
#include "run/progress_line.hpp"

namespace plab {

struct ExecuteOptions {
  int threads = 1;
  ProgressStyle progress = ProgressStyle::kNone;
  std::size_t folder_first_run = 0;  // the folder's first run: progress counts from it
  std::size_t first_run = 0;         // runs before it are already on disk (resume, shard)
  std::size_t end_run = 0;  // one past the last run to do (a shard's end; may equal first_run)
  // Repeats trained side by side (run/lane_runner.hpp): 0 to size the lanes to the runs, 1
  // for one run at a time, or 2, 4, 8, 16, 32. The records are the same bytes whatever it is.
  std::size_t lanes = 0;
};

struct ExecuteResult {
  std::size_t written = 0;  // canonical runs on disk after this call (a prefix)
  std::size_t failed = 0;   // runs with status "failed" written by this call
  bool interrupted = false;
  std::string write_error;     // non-empty when writing the results failed
  bool out_of_memory = false;  // write_error says what was being done when memory ran out
};

// Runs canonical run `index` (its point must be prepared) and formats its record, timing
// and trajectory lines: the one run path, used by execute_runs and by `plab verify --replay`.
RunText execute_one(const Experiment& experiment, std::size_t index);

// Runs [first_run, end_run) with a dynamic schedule, each from its own random streams,
// and appends their records to `dir` in canonical order. Stops starting runs when an
// interrupt is requested or a write fails; what is on disk is then a canonical prefix.
ExecuteResult execute_runs(const Experiment& experiment, const std::filesystem::path& dir,
                           const ExecuteOptions& options);

}  // namespace plab

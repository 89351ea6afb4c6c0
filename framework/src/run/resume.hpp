// Continuing an interrupted results folder (`plab run --resume DIR`).
//
// Resuming checks that the folder belongs to this experiment — same plab version
// (results/format/manifest_reader.hpp), resolved config, plugin and data files by SHA-256
// (run/resume_check.hpp), same shard — then keeps the records plab wrote and cuts the files
// back to the last complete run (results/folder/resume_files.hpp), and says where to continue.
// Appending the remaining runs then gives the same bytes as an uninterrupted run.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "results/folder/run_range.hpp"
#include "run/experiment.hpp"

namespace plab {

struct ResumeState {
  std::size_t next_run = 0;  // first canonical run not on disk
  RunRange range;            // what the folder holds when complete
  ShardSpec shard;
  boost::json::array sessions;     // the earlier sessions, for the new manifest
  std::vector<std::string> notes;  // what the resume repaired, for stderr and the manifest
};

// Throws ConfigError (a different config, plugin or data file) or ResultsError (damaged
// files) naming what differs; otherwise truncates the files and returns where to go on.
// check_resume_files (run/resume_check.hpp), then resume_records.
ResumeState prepare_resume(const std::filesystem::path& dir, const Experiment& experiment,
                           const boost::json::object& manifest);

// The shard, the digest chain and the records; truncates the files to the runs kept.
ResumeState resume_records(const std::filesystem::path& dir, const Experiment& experiment,
                           const boost::json::object& manifest);

}  // namespace plab

// manifest.json: everything needed to know what a results folder holds and to redo it
// (the shape follows Google Benchmark's `context` and Sacred's run record).
#pragma once

#include <cstddef>
#include <string>

#include <boost/json/value.hpp>

#include "run/experiment.hpp"

namespace plab {

struct RunSession {
  std::string status;  // "running" | "completed" | "interrupted" | "failed"
  std::string start_time;
  std::string end_time;  // "" while running
  std::string command_line;
  int threads = 1;
  std::size_t runs_written = 0;
  std::size_t runs_failed = 0;
  std::string error;  // why the session stopped early, if it did
};

boost::json::value make_manifest(const Experiment& experiment, const RunSession& session);

}  // namespace plab

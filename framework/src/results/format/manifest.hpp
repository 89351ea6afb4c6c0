// manifest.json: everything needed to know what a results folder holds and to redo it
// (the shape follows Google Benchmark's `context` and Sacred's run record). This file holds
// the sessions that wrote the folder; run/manifest_builder.hpp makes the whole manifest from
// the prepared experiment, results/format/theory_json.hpp a point's theory facts.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/json/object.hpp>

namespace plab {

// Where a session (and so the folder) stands. Written as "running", "completed",
// "interrupted" or "failed": the strings exist only in manifest.json, read once by
// manifest_status (results/format/manifest_reader.hpp) or parse_session_status.
enum class SessionStatus { kRunning, kCompleted, kInterrupted, kFailed };

const char* status_name(SessionStatus status);

// The status a manifest's word names; nullopt for any other word.
std::optional<SessionStatus> parse_session_status(std::string_view word);

// One invocation of `plab run` on this folder (a resumed folder has several).
struct RunSession {
  SessionStatus status = SessionStatus::kRunning;
  std::string start_time;
  std::string end_time;  // "" while running
  std::string command_line;
  int threads = 1;
  std::size_t runs_at_start = 0;  // runs already on disk when it began
  std::size_t runs_written = 0;   // runs on disk now
  std::size_t runs_failed = 0;
  std::string error;               // why the session stopped early, if it did
  std::vector<std::string> notes;  // what a resume found and repaired (e.g. missing timings)
  // The batch scheduler's job and task ids (SLURM_JOB_ID, ...), name and value, if any: the
  // session's "scheduler" object, to find its job's log and accounting.
  std::vector<std::pair<std::string, std::string>> scheduler;
};

// The `sessions` entry for one session.
boost::json::object session_json(const RunSession& session);

// This machine's name as the manifest records it ("" if it cannot be read).
std::string host_name();

}  // namespace plab

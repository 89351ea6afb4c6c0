// One `plab run`: prepare the experiment (or take up an interrupted folder), make the results
// folder, run, write the summary and the manifest, draw the report, and say what happened.
//
// The session owns the order of these steps and the manifest's status; the command line
// only turns a SessionRequest into options and a SessionOutcome into text and an exit code.
// Errors before the folder is made are thrown (plab::Error, nothing written); once runs
// have started, a failed write ends them and is returned in the outcome, with the folder
// summarised and closed so that `plab run --resume` can finish it.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "analysis/claims.hpp"
#include "config/experiment_source.hpp"
#include "results/folder/run_range.hpp"
#include "results/summary/summary.hpp"
#include "run/experiment.hpp"
#include "run/progress_line.hpp"
#include "run/records_size.hpp"

namespace plab {

struct SessionRequest {
  std::optional<std::filesystem::path> config;  // a new run; with `resume`, checked against it
  std::vector<CommandLineChange> changes;       // --set / --sweep, in order (new runs only)
  std::optional<std::filesystem::path> resume;  // the folder to continue
  std::optional<std::filesystem::path> out;     // else results/<name>/<UTC time>/
  // With `out` and `config`: if `out` is already a results folder, resume it (checked
  // against `config`, `changes` and `shard`; left alone if complete), else start it.
  bool resume_if_present = false;
  ShardSpec shard;  // of a new run
  int threads = 1;
  std::size_t lanes = 0;  // ExecuteOptions::lanes
  PrepareOptions prepare;
  // report.md, report.html and plots/ after a whole run; by default only for an unsharded
  // folder (a shard's report is of part of the experiment; merge, then plab report).
  std::optional<bool> report;
  ProgressStyle progress = ProgressStyle::kNone;               // the runner's progress on stderr
  std::string command_line;                                    // for the manifest
  std::vector<std::string> tags;                               // --tag, in order
  std::vector<std::pair<std::string, std::string>> scheduler;  // job ids (scheduler_environment)
};

// What the session tells as it goes, in the order it happens (so that notes precede the
// runs and the tables precede the report). The default says nothing.
class SessionObserver {
 public:
  virtual ~SessionObserver() = default;
  virtual void note(const std::string& /*text*/) {}
  // The runs [first_run, range.end) are about to start into `dir`.
  virtual void starting(const Experiment& /*experiment*/, std::size_t /*runs*/, int /*threads*/,
                        const std::filesystem::path& /*dir*/) {}
  // The runs have ended and `dir` is summarised; the report is drawn next.
  virtual void summarised(const Summary& /*summary*/, const std::filesystem::path& /*dir*/) {}
};

enum class SessionEnd {
  kCompleted,        // every run of the range is on disk (some may have failed in their plugin)
  kInterrupted,      // a signal stopped it; the files hold a canonical prefix
  kWriteFailed,      // writing results failed; the records before are intact
  kAlreadyComplete,  // resume_if_present found the folder complete and left it alone
};

struct SessionOutcome {
  SessionEnd end = SessionEnd::kCompleted;
  std::filesystem::path dir;
  std::size_t runs_in_range = 0;  // the runs the folder holds when complete
  std::size_t runs_written = 0;   // of those, on disk now
  std::size_t runs_failed = 0;    // records with status "failed"
  std::size_t violations = 0;     // records exceeding an applicable bound
  int signal = 0;                 // kInterrupted: the signal that asked
  // kCompleted: a signal that came when every remaining run had started (0 if none); they
  // finished, the folder is complete, and the claims and the report were then left for later.
  int late_signal = 0;
  bool claims_skipped = false;  // the claims were not checked because of late_signal
  bool report_skipped = false;  // the report was not drawn because of late_signal
  std::string write_error;      // kWriteFailed: what failed, first error only
  bool out_of_memory = false;   // kWriteFailed: memory ran out during the runs
  std::string manifest_error;   // kWriteFailed: manifest.json could not be rewritten (says running)
  std::optional<std::filesystem::path> report;  // report.html, if one was drawn
  std::vector<std::string> report_problems;     // figures left out of it
  std::string report_error;                     // why no report was drawn, if it failed
  // The verdicts of the config's claims (claims.json), of a completed whole experiment.
  std::optional<std::vector<ClaimVerdict>> claims;
  std::string claims_error;  // why they could not be evaluated, if so
};

struct SessionState;  // run/session.cpp

// A prepared session: the experiment loaded and checked, a resumed folder locked and checked,
// the range of runs known; nothing written yet.
class Session {
 public:
  // Throws plab::Error (ConfigError, DataError, PluginError, ResultsError, WriteError for memory,
  // InterruptedError) naming what is wrong; nothing is written then.
  static Session prepare(const SessionRequest& request, SessionObserver& observer);

  Session(Session&&) noexcept;
  Session& operator=(Session&&) noexcept;
  ~Session();

  const Experiment& experiment() const;
  const RunRange& range() const;  // the runs the folder holds when complete
  const ShardSpec& shard() const;
  // resume_if_present found a complete folder: nothing was prepared, run() changes nothing.
  bool already_complete() const;
  // The records the runs left to make add to the folder, at least (records_size.hpp): those of
  // every run once a large sweep's window is prepared (run() prepares it), else of point 0's.
  RecordsSize records_size() const;
  // The folder resumed, --out, or results/NAME: the file system that will hold the records.
  std::filesystem::path results_location() const;

  // Makes the folder (a new run), runs what is left, summarises, closes the manifest and
  // draws the report. Once only.
  SessionOutcome run(SessionObserver& observer);

 private:
  explicit Session(std::unique_ptr<SessionState> state);
  std::unique_ptr<SessionState> state_;
};

// prepare() then run().
SessionOutcome run_experiment(const SessionRequest& request, SessionObserver& observer);

}  // namespace plab

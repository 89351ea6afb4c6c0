#include "run/session.hpp"

#include <algorithm>
#include <chrono>
#include <new>

#include <boost/json/object.hpp>

#include "analysis/claims_file.hpp"
#include "base/interrupt.hpp"
#include "base/thread_start.hpp"
#include "config/experiment_identity.hpp"
#include "error.hpp"
#include "report/report_writer.hpp"
#include "results/folder/folder_lock.hpp"
#include "results/folder/record_digest.hpp"
#include "results/folder/results_folder.hpp"
#include "results/folder/space_reserve.hpp"
#include "results/format/json_text.hpp"
#include "results/format/json_utf8.hpp"
#include "results/format/manifest_reader.hpp"
#include "results/format/record_fields.hpp"
#include "run/manifest_builder.hpp"
#include "run/memory_estimate.hpp"
#include "run/parallel_runner.hpp"
#include "run/records_size.hpp"
#include "run/resume.hpp"
#include "run/resume_check.hpp"
#include "run/shard_range.hpp"

namespace plab {

struct SessionState {
  SessionRequest request;
  Experiment experiment;
  std::filesystem::path dir;  // known from the start when resuming
  // One writer per folder, from before it is read (resume) or made (a new run) until the
  // session ends (folder_lock.hpp).
  FolderLock lock;
  ManifestInput manifest;
  std::size_t next_run = 0;
  bool ran = false;
  bool complete = false;          // resume_if_present found the folder complete
  std::size_t complete_runs = 0;  // then: the runs it holds
  // The config's claims (a resumed folder's: its claims.json's), none without.
  std::optional<boost::json::array> claims;
};

namespace {

void write_manifest(const std::filesystem::path& dir, const Experiment& e,
                    const ManifestInput& input) {
  std::string text;
  append_json(text, make_manifest(e, input));
  write_file_atomically(dir / "manifest.json", text + "\n");
}

// A new run's folder name tells which shard it holds.
std::string shard_folder_suffix(const ShardSpec& shard) {
  if (shard.count <= 1) return "";
  return "-shard-" + std::to_string(shard.index) + "-of-" + std::to_string(shard.count);
}

// Out of memory before the first write (the data, the plugins, the margins, a large sweep's
// window): the message says truthfully that nothing was written, or that the folder resumed
// was left as it was.
template <class Prepare>
auto or_name_memory(const Prepare& prepare, const SessionRequest& request) {
  try {
    return prepare();
  } catch (const std::bad_alloc&) {
    throw WriteError(
        "out of memory while preparing the experiment (reading its data sets, loading its "
        "plugins, computing each point's margin); " +
        (request.resume ? "'" + request.resume->string() + "' was left as it was"
                        : std::string("nothing was written")));
  }
}

// The shard recorded in a resumed large sweep's manifest: its runs are those of that shard.
ShardSpec recorded_shard(const std::filesystem::path& dir, const boost::json::object& manifest) {
  ShardSpec recorded;
  try {
    const auto& shard = manifest.at("shard").as_object();
    recorded = ShardSpec{shard.at("index").to_number<std::size_t>(),
                         shard.at("count").to_number<std::size_t>()};
  } catch (const std::exception&) {
    recorded.count = 0;
  }
  if (recorded.count == 0 || recorded.index >= recorded.count) {
    throw ResultsError("'" + (dir / "manifest.json").string() +
                       "' is damaged: its \"shard\" is not an index I and a count N with "
                       "0 <= I < N");
  }
  return recorded;
}

// --resume-if-present with --shard: the folder must hold that shard (a requeued array task
// finds its own folder; another task's is a mistake in the job script).
void check_requested_shard(const std::filesystem::path& dir, const boost::json::object& manifest,
                           const ShardSpec& requested) {
  const ShardSpec recorded = recorded_shard(dir, manifest);
  if (recorded.index != requested.index || recorded.count != requested.count) {
    throw ConfigError("cannot resume '" + dir.string() + "': it holds shard " +
                      std::to_string(recorded.index) + "/" + std::to_string(recorded.count) +
                      " and this run asks for shard " + std::to_string(requested.index) + "/" +
                      std::to_string(requested.count) +
                      "; give each shard its own --out folder (e.g. shards/$SLURM_ARRAY_TASK_ID)");
  }
}

// --resume-if-present leaves a folder marked completed alone only when its files hold every
// run the manifest announces, each vouched for by runs.sha256 (and nothing after them):
// otherwise it is resumed as --resume would, which finishes it or refuses a folder it cannot
// trust (an edited record is refused here already).
bool holds_every_record(const std::filesystem::path& dir, const RecordFields& manifest) {
  const RecordFields shard = manifest.object("shard");
  const std::size_t first = shard.count("first_run");
  const std::size_t end = shard.count("end_run");
  if (end < first || manifest.count("runs_written") != end - first) return false;
  const ChainCheck chain = check_digest_chain(dir, end - first + 1);
  std::error_code ec;
  const auto runs_bytes = std::filesystem::file_size(dir / "runs.jsonl", ec);
  if (ec) return false;
  const auto digest_bytes = std::filesystem::file_size(dir / kDigestFileName, ec);
  return !ec && chain.present && chain.verified == end - first &&
         runs_bytes == chain.runs_bytes_kept && digest_bytes == chain.digest_bytes_kept;
}

// Where the results go: the folder resumed, --out, or results/NAME (which will hold the new
// time-stamped folder).
std::filesystem::path results_location(const SessionState& s) {
  if (s.request.resume) return s.dir;
  return s.request.out ? *s.request.out : std::filesystem::path("results") / s.experiment.name;
}

// --resume-if-present: a folder that holds a results folder's manifest is taken up.
SessionRequest resolve_resume_if_present(const SessionRequest& request) {
  SessionRequest resolved = request;
  if (!request.resume_if_present || !request.out) return resolved;
  std::error_code ec;
  if (!std::filesystem::exists(*request.out / "manifest.json", ec)) return resolved;
  resolved.resume = request.out;
  resolved.out.reset();
  return resolved;
}

// Reads, locks and checks the folder to resume; returns the recorded experiment's source.
ExperimentSource take_up_folder(SessionState& s, boost::json::object& old_manifest) {
  const SessionRequest& request = s.request;
  s.dir = *request.resume;
  read_manifest(s.dir);  // a results folder? (no lock file is left in any other folder)
  s.lock = FolderLock::exclusive(s.dir);
  old_manifest = read_manifest(s.dir);  // as it is now that nobody else writes it
  check_same_plab_version(s.dir, old_manifest);
  ExperimentSource source = source_from_manifest(s.dir, old_manifest);
  check_config_not_edited(s.dir, old_manifest, source.document);
  if (request.config) {
    const ExperimentSource given = load_experiment_source(*request.config, request.changes);
    if (experiment_identity(given.document) != experiment_identity(source.document)) {
      throw ConfigError("cannot resume '" + s.dir.string() + "': the resolved config of '" +
                        request.config->string() +
                        "' differs from the one recorded in its "
                        "manifest.json; resume without CONFIG to use the recorded one");
    }
    // The same experiment; its tags and note may have changed and are the given ones.
    for (const std::string_view key : kAnnotationKeys) {
      const std::string k(key);
      source.document.erase(k);
      if (given.document.contains(k)) source.document[k] = given.document[k];
    }
  } else if (!request.changes.empty()) {
    throw UsageError("--set and --sweep change the config; a resumed run uses the recorded one");
  }
  if (request.resume_if_present) check_requested_shard(s.dir, old_manifest, request.shard);
  return source;
}

void resume_where_it_stopped(SessionState& s, const boost::json::object& old_manifest,
                             SessionObserver& observer) {
  if (s.experiment.large) {
    const RunRange range = shard_range(s.experiment, recorded_shard(s.dir, old_manifest));
    or_name_memory(
        [&] {
          prepare_window(s.experiment, range.begin, range.end, s.request.prepare);
          return 0;
        },
        s.request);
  }
  const ResumeState state = prepare_resume(s.dir, s.experiment, old_manifest);
  s.manifest.range = state.range;
  s.manifest.shard = state.shard;
  s.manifest.earlier_sessions = state.sessions;
  s.manifest.session.notes = state.notes;
  for (const std::string& note : state.notes) observer.note(note);
  s.next_run = state.next_run;
}

}  // namespace

Session::Session(std::unique_ptr<SessionState> state) : state_(std::move(state)) {}
Session::Session(Session&&) noexcept = default;
Session& Session::operator=(Session&&) noexcept = default;
Session::~Session() = default;

const Experiment& Session::experiment() const { return state_->experiment; }
const RunRange& Session::range() const { return state_->manifest.range; }
const ShardSpec& Session::shard() const { return state_->manifest.shard; }
bool Session::already_complete() const { return state_->complete; }
RecordsSize Session::records_size() const {
  return least_records_size(state_->experiment, state_->next_run, range().end);
}
std::filesystem::path Session::results_location() const { return plab::results_location(*state_); }

Session Session::prepare(const SessionRequest& given, SessionObserver& observer) {
  // Signals are caught from here on, also while the experiment is prepared: a background job
  // inherits SIGINT ignored, and the defaults would end plab with 143 or 129 and no word.
  // Until the results folder exists a signal ends plab with 130 and "nothing was written"
  // (the margin oracle's LIBLINEAR child is killed at once); after, the folder is closed whole.
  install_interrupt_handlers();
  auto s = std::make_unique<SessionState>();
  s->request = resolve_resume_if_present(given);
  const SessionRequest& request = s->request;
  boost::json::object old_manifest;
  const ExperimentSource source = request.resume
                                      ? take_up_folder(*s, old_manifest)
                                      : load_experiment_source(*request.config, request.changes);
  if (request.resume_if_present && request.resume) {
    const RecordFields fields = manifest_fields(s->dir, old_manifest);
    const SessionStatus status = manifest_status(fields);
    const std::size_t written = fields.count("runs_written");
    if (status == SessionStatus::kCompleted && holds_every_record(s->dir, fields)) {
      // Its config and shard are the ones asked for (take_up_folder); nothing to prepare.
      s->complete = true;
      s->complete_runs = written;
      return Session(std::move(s));
    }
    observer.note("'" + s->dir.string() + "' holds an unfinished run (status " +
                  std::string(status_name(status)) + ", " + std::to_string(written) +
                  (status == SessionStatus::kCompleted
                       ? " runs in its manifest, but its files do not hold them all"
                       : " runs on disk") +
                  "); resuming it (--resume-if-present)");
  }
  s->claims =
      request.resume ? folder_claims(s->dir) : claims_of_config(source.claims, source.config_path);
  PrepareOptions prepare = request.prepare;
  prepare.say_note_now = [&observer](const std::string& text) { observer.note(text); };
  s->experiment = or_name_memory([&] { return prepare_experiment(source, prepare); }, request);
  annotate(s->manifest, source.document, request.resume ? &old_manifest : nullptr, request.tags);
  for (const std::string& note : s->experiment.notes) observer.note(note);
  if (request.resume) {
    resume_where_it_stopped(*s, old_manifest, observer);
  } else {
    s->manifest.shard = request.shard;
    s->manifest.range = shard_range(s->experiment, s->manifest.shard);
    s->next_run = s->manifest.range.begin;
  }
  throw_if_interrupted_while_preparing();
  return Session(std::move(s));
}

SessionOutcome Session::run(SessionObserver& observer) {
  SessionState& s = *state_;
  PLAB_CHECK(!s.ran);
  s.ran = true;
  const SessionRequest& request = s.request;
  const Experiment& e = s.experiment;
  ManifestInput& manifest = s.manifest;
  if (s.complete) {
    SessionOutcome done;
    done.end = SessionEnd::kAlreadyComplete;
    done.dir = s.dir;
    done.runs_in_range = s.complete_runs;
    done.runs_written = s.complete_runs;
    return done;
  }
  or_name_memory(
      [&] {
        prepare_window(s.experiment, manifest.range.begin, manifest.range.end, request.prepare);
        return 0;
      },
      request);
  throw_if_interrupted_while_preparing();
  // Before anything is written: threads that cannot start mean fewer threads, not an exit.
  const ThreadStart started = start_worker_threads(request.threads);
  if (!started.note.empty()) observer.note(started.note);
  check_memory_of_threads(
      e, static_cast<int>(std::min<std::size_t>(started.threads, manifest.range.end - s.next_run)));
  check_records_fit(records_size(), results_location());  // its window is prepared now
  const auto start = std::chrono::system_clock::now();
  RunSession& session = manifest.session;
  session.status = SessionStatus::kRunning;
  session.start_time = utc_timestamp(start);
  session.command_line = request.command_line;
  session.threads = started.threads;
  session.scheduler = request.scheduler;
  session.runs_at_start = s.next_run - manifest.range.begin;
  session.runs_written = session.runs_at_start;
  // A path under a folder whose name is not UTF-8 (the current one, plab's own) or a
  // scheduler's variable would make a manifest that is not JSON: refused before any write.
  if (const auto bad = first_non_utf8_string(make_manifest(e, manifest))) {
    throw UsageError("manifest.json's field " + *bad +
                     " is not UTF-8 text, which JSON requires; rename the folder or file (or "
                     "set the variable) in UTF-8; nothing was written");
  }
  if (!request.resume) {
    ResultsFolder folder = create_results_folder(request.out, "results", e.name, start,
                                                 shard_folder_suffix(manifest.shard));
    s.dir = folder.path;
    s.lock = std::move(folder.lock);
    if (!folder.note.empty()) observer.note(folder.note);
  }
  write_manifest(s.dir, e, manifest);
  if (s.claims && !request.resume) write_claims_file(s.dir, *s.claims, nullptr);
  // Room for the manifest and summaries that end the session, should the disk fill up.
  std::error_code size_error;
  const std::uintmax_t manifest_bytes =
      std::filesystem::file_size(s.dir / "manifest.json", size_error);
  SpaceReserve reserve(s.dir, (std::uintmax_t{256} << 10) + 4 * (size_error ? 0 : manifest_bytes));
  observer.starting(e, manifest.range.end - s.next_run, started.threads, s.dir);

  const ExecuteResult r =
      execute_runs(e, s.dir,
                   ExecuteOptions{started.threads, request.progress, manifest.range.begin,
                                  s.next_run, manifest.range.end, request.lanes});

  reserve.release();
  const Summary summary = summarize_runs(s.dir / "runs.jsonl");
  // A failed write ends the runs, but what is on disk is still summarised and described:
  // every later write is tried, and the first error is the one reported.
  std::string write_error = r.write_error;
  const auto try_write = [&](const auto& write) {
    try {
      write();
    } catch (const WriteError& error) {
      if (write_error.empty()) write_error = error.what();
    } catch (const ResultsError& error) {  // a plugin or data file to hash is gone
      if (write_error.empty()) write_error = error.what();
    }
  };
  std::string summary_json;
  append_json(summary_json, summary_to_json(summary));
  const auto write_summaries = [&] {
    try_write([&] { write_file_atomically(s.dir / "summary.json", summary_json + "\n"); });
    try_write([&] { write_file_atomically(s.dir / "summary.csv", summary_to_csv(summary)); });
  };
  const auto set_status = [&] {
    session.end_time = utc_timestamp(std::chrono::system_clock::now());
    // After a failed write, the records whole on disk are those the summary could read.
    session.runs_written = write_error.empty() ? r.written - manifest.range.begin : summary.runs;
    session.runs_failed = summary.failed;
    session.error = write_error;
    session.status = !write_error.empty() ? SessionStatus::kFailed
                     : r.interrupted      ? SessionStatus::kInterrupted
                                          : SessionStatus::kCompleted;
  };
  // The manifest's status matters most: after a failed write (a full disk) it goes first, into
  // the space the reserve gave back; otherwise last, so that a failed summary makes it failed.
  std::string manifest_error;
  const auto write_status = [&] {
    set_status();
    try {
      write_manifest(s.dir, e, manifest);
    } catch (const Error& error) {
      manifest_error = error.what();
      if (write_error.empty()) write_error = manifest_error;
      session.status = SessionStatus::kFailed;
    }
  };
  if (!write_error.empty()) {
    write_status();
    write_summaries();
  } else {
    write_summaries();
    write_status();
  }

  SessionOutcome outcome;
  outcome.end = session.status == SessionStatus::kFailed        ? SessionEnd::kWriteFailed
                : session.status == SessionStatus::kInterrupted ? SessionEnd::kInterrupted
                                                                : SessionEnd::kCompleted;
  outcome.dir = s.dir;
  outcome.runs_in_range = manifest.range.size();
  outcome.runs_written = session.runs_written;
  outcome.runs_failed = summary.failed;
  outcome.violations = summary.violations;
  outcome.signal = r.interrupted ? interrupt_signal() : 0;
  // A signal once every remaining run had started: they finished and the folder is complete,
  // but plab stops now, leaving the claims and the report for later.
  const auto late_signal = [&] {
    if (outcome.end == SessionEnd::kCompleted && outcome.late_signal == 0)
      outcome.late_signal = interrupt_signal();
    return outcome.late_signal != 0;
  };
  outcome.write_error = write_error;
  outcome.manifest_error = manifest_error;
  outcome.out_of_memory = r.out_of_memory && write_error == r.write_error;
  observer.summarised(summary, s.dir);

  // Claims are about the whole experiment: a shard holds part of it (merge, then plab check).
  if (s.claims && manifest.shard.count <= 1 && outcome.end == SessionEnd::kCompleted) {
    outcome.claims_skipped = late_signal();
    try {
      if (!outcome.claims_skipped) outcome.claims = check_folder_claims(s.dir);
    } catch (const std::exception& error) {
      outcome.claims_error = error.what();
    }
  }
  const bool report = request.report.value_or(manifest.shard.count <= 1);
  if (report && outcome.end == SessionEnd::kCompleted) {
    // A report that cannot be drawn is no reason to fail a run whose results are on disk.
    try {
      outcome.report_skipped = late_signal();
      if (!outcome.report_skipped) {
        ReportResult report = write_report(s.dir);
        outcome.report_problems = std::move(report.problems);
        outcome.report = s.dir / "report.html";
      }
    } catch (const InterruptedError&) {
      outcome.report_skipped = true;  // stopped between two figures: report.md/html not written
    } catch (const std::exception& error) {
      outcome.report_error = error.what();
    }
  }
  late_signal();
  return outcome;
}

SessionOutcome run_experiment(const SessionRequest& request, SessionObserver& observer) {
  return Session::prepare(request, observer).run(observer);
}

}  // namespace plab

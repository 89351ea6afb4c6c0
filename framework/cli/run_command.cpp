// plab run CONFIG: prepare, run in parallel, summarise, and say where the results are.
// Also --plan (show the runs without running them), --shard I/N and --resume DIR.
#include <omp.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <new>

#include "cli/options.hpp"
#include "error.hpp"
#include "report/report_writer.hpp"
#include "results/folder_lock.hpp"
#include "results/json_text.hpp"
#include "results/manifest.hpp"
#include "results/results_folder.hpp"
#include "results/resume.hpp"
#include "results/summary.hpp"
#include "run/experiment.hpp"
#include "run/interrupt.hpp"
#include "run/parallel_runner.hpp"
#include "run/run_range.hpp"
#include "theory/margin_oracle.hpp"

namespace plab::cli {

namespace {

void write_manifest(const std::filesystem::path& dir, const Experiment& e,
                    const ManifestInput& input) {
  std::string text;
  append_json(text, make_manifest(e, input));
  write_file_atomically(dir / "manifest.json", text + "\n");
}

std::string now_text() { return utc_timestamp(std::chrono::system_clock::now()); }

std::vector<CommandLineChange> ordered_changes(const po::parsed_options& parsed) {
  std::vector<CommandLineChange> changes;
  for (const auto& option : parsed.options) {
    if (option.string_key != "set" && option.string_key != "sweep") continue;
    for (const std::string& value : option.value) {
      changes.push_back({option.string_key == "set" ? CommandLineChange::Kind::kSet
                                                    : CommandLineChange::Kind::kSweep,
                         value});
    }
  }
  return changes;
}

// A large sweep's plan lists its axes, not its points: the point count may be 10^7.
void print_large_plan(const Experiment& e, const RunRange& range, const ShardSpec& shard) {
  if (shard.count > 1 && range.size() > 0) {
    std::printf("plan: shard %zu/%zu makes the runs of sweep points %zu to %zu\n", shard.index,
                shard.count, range.begin / e.runs_per_point, (range.end - 1) / e.runs_per_point);
  }
  std::printf(
      "plan: more than %zu sweep points, so the axes instead of each point: every point makes "
      "%zu runs; point i takes from each axis the value of its digit of i in mixed radix, the "
      "last axis fastest\n",
      kMaxListedPoints, e.runs_per_point);
  std::printf("%-6s %-8s %s\n", "axis", "values", "pointer: values");
  for (std::size_t a = 0; a < e.axes.size(); ++a) {
    const SweepAxis& axis = e.axes[a];
    std::string text;
    for (std::size_t p = 0; p < axis.pointers.size(); ++p) {
      const std::vector<Json>& values = axis.values[p];
      text += (p == 0 ? "" : "  ") + axis.pointers[p] + ": ";
      for (std::size_t i = 0; i < values.size() && i < 3; ++i) {
        text += (i == 0 ? "" : ", ") + values[i].dump();
      }
      if (values.size() > 4) text += ", ...";
      if (values.size() > 3) text += ", " + values.back().dump();
    }
    std::printf("%-6zu %-8zu %s\n", a, axis.size(), text.c_str());
  }
}

void print_plan(const Experiment& e, const RunRange& range, const ShardSpec& shard) {
  std::size_t learners = 0;
  for (const auto& p : e.points) learners = std::max(learners, p.learners.size());
  std::printf("plan: experiment '%s': %zu sweep point%s, %zu learner%s, %zu runs in all\n",
              e.name.c_str(), e.point_count, e.point_count == 1 ? "" : "s", learners,
              learners == 1 ? "" : "s", e.total_runs);
  if (shard.count > 1 && range.size() == 0) {
    std::printf(
        "plan: shard %zu/%zu has no runs (more shards than runs); it writes an empty "
        "folder that plab merge accepts\n",
        shard.index, shard.count);
  } else if (shard.count > 1) {
    std::printf("plan: shard %zu/%zu runs canonical runs %zu to %zu (%zu runs)\n", shard.index,
                shard.count, range.begin, range.end - 1, range.size());
  }
  if (e.large) {
    print_large_plan(e, range, shard);
    return;
  }
  std::printf("%-6s %-8s %-8s %-8s %s\n", "point", "learners", "repeats", "runs", "swept values");
  for (const PreparedPoint& p : e.points) {
    std::string values;
    for (const auto& [pointer, value] : p.sweep.assignments) {
      values += (values.empty() ? "" : "  ") + pointer + "=" + value.dump();
    }
    std::printf("%-6zu %-8zu %-8lld %-8zu %s\n", p.sweep.index, p.learners.size(),
                static_cast<long long>(p.config.repeats), p.runs(), values.c_str());
  }
}

}  // namespace

int run_command(const Args& args, const std::string& command_line) {
  po::options_description options("options");
  options.add_options()("config", po::value<std::string>(), "experiment config (JSON)")(
      "set", po::value<std::vector<std::string>>()->composing(),
      "set a config field: --set /pointer=VALUE (JSON, or a bare word as a string)")(
      "sweep", po::value<std::vector<std::string>>()->composing(),
      "add a sweep axis: --sweep /pointer=V1,V2,... (range(a,b[,step]) allowed)")(
      "out", po::value<std::string>(), "write results into this new folder")(
      "threads", po::value<int>(), "worker threads (default: all cores)")(
      "plugin-dir", po::value<std::vector<std::string>>()->composing(),
      "look for plugins in this folder first (repeatable)")(
      "plan",
      "print the sweep points (of a sweep over 10000 points: its axes) and run counts, then exit "
      "without running")("shard", po::value<std::string>(),
                         "run only slice I of N (I/N), into its own folder")(
      "resume", po::value<std::string>(), "continue the interrupted results folder DIR")(
      "no-report", "do not write report.md, report.html and plots/ at the end")(
      "quiet,q", "print nothing but errors and the final table");
  po::positional_options_description positional;
  positional.add("config", 1);
  po::variables_map vm;
  po::parsed_options parsed(&options);
  const char* synopsis =
      "run CONFIG [--set /P=V]... [--sweep /P=V1,V2]... [--out DIR] [--threads N] "
      "[--plugin-dir DIR]... [--shard I/N] [--plan] [--quiet]\n       plab run --resume DIR "
      "[--threads N] [--plugin-dir DIR]...";
  if (!parse_options("run", synopsis, args, options, positional, vm, &parsed)) return 0;

  int threads = omp_get_num_procs();
  if (vm.count("threads") != 0) {
    threads = vm["threads"].as<int>();
    if (threads < 1 || threads > 4096) {
      throw UsageError("--threads " + std::to_string(threads) + " is out of range; give 1 to 4096");
    }
  }
  const bool quiet = vm.count("quiet") != 0;
  set_oracle_progress(!quiet);  // the oracle's "still working" lines
  const bool resume = vm.count("resume") != 0;
  const std::vector<CommandLineChange> changes = ordered_changes(parsed);
  if (!resume && vm.count("config") == 0) {
    throw UsageError("plab run needs a CONFIG file (or --resume DIR); usage: plab " +
                     std::string(synopsis));
  }
  if (resume && (vm.count("out") != 0 || vm.count("shard") != 0)) {
    throw UsageError(
        "--resume continues its folder with its own shard; --out and --shard do not "
        "apply");
  }
  const PrepareOptions prepare{plugin_dirs_option(vm)};
  // Signals are caught from here on, also while the experiment is prepared: a background job
  // inherits SIGINT ignored, and the defaults would end plab with 143 or 129 and no word.
  // Until the results folder exists a signal ends plab with 130 and "nothing was written"
  // (the margin oracle's LIBLINEAR child is killed at once); after, the folder is closed whole.
  install_interrupt_handlers();

  std::filesystem::path dir;
  // One writer per folder, from before it is read (resume) or made (a new run) until plab
  // exits (folder_lock.hpp).
  FolderLock lock;
  boost::json::object old_manifest;
  ExperimentSource source;
  if (resume) {
    dir = vm["resume"].as<std::string>();
    read_manifest(dir);  // a results folder? (no lock file is left in any other folder)
    lock = FolderLock::exclusive(dir);
    old_manifest = read_manifest(dir);  // as it is now that nobody else writes it
    check_same_plab_version(dir, old_manifest);
    source = source_from_manifest(dir, old_manifest);
    if (vm.count("config") != 0) {
      const ExperimentSource given =
          load_experiment_source(vm["config"].as<std::string>(), changes);
      if (given.document != source.document) {
        throw ConfigError("cannot resume '" + dir.string() + "': the resolved config of '" +
                          vm["config"].as<std::string>() +
                          "' differs from the one recorded in its "
                          "manifest.json; resume without CONFIG to use the recorded one");
      }
    } else if (!changes.empty()) {
      throw UsageError("--set and --sweep change the config; a resumed run uses the recorded one");
    }
  } else {
    source = load_experiment_source(vm["config"].as<std::string>(), changes);
  }
  Experiment e = [&] {
    try {
      return prepare_experiment(source, prepare);
    } catch (const std::bad_alloc&) {
      throw ResultsError(
          "out of memory while preparing the experiment (reading its data sets, loading its "
          "plugins, computing each point's margin); nothing was written");
    }
  }();
  for (const std::string& note : e.notes) std::fprintf(stderr, "plab: note: %s\n", note.c_str());

  ManifestInput manifest;
  std::size_t next_run = 0;
  if (resume) {
    if (e.large) {  // the folder's runs are those of its recorded shard
      ShardSpec recorded;
      try {
        const auto& shard = old_manifest.at("shard").as_object();
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
      const RunRange range = shard_range(e, recorded);
      prepare_window(e, range.begin, range.end, prepare);
    }
    const ResumeState state = prepare_resume(dir, e, old_manifest);
    manifest.range = state.range;
    manifest.shard = state.shard;
    manifest.earlier_sessions = state.sessions;
    manifest.session.notes = state.notes;
    for (const std::string& note : state.notes)
      std::fprintf(stderr, "plab: note: %s\n", note.c_str());
    next_run = state.next_run;
  } else {
    if (vm.count("shard") != 0) manifest.shard = parse_shard(vm["shard"].as<std::string>());
    manifest.range = shard_range(e, manifest.shard);
    next_run = manifest.range.begin;
  }
  throw_if_interrupted_while_preparing();
  if (vm.count("plan") != 0) {
    print_plan(e, manifest.range, manifest.shard);
    return kExitSuccess;
  }
  prepare_window(e, manifest.range.begin, manifest.range.end, prepare);
  throw_if_interrupted_while_preparing();
  const auto start = std::chrono::system_clock::now();
  if (!resume) {
    std::optional<std::filesystem::path> out;
    if (vm.count("out") != 0) out = vm["out"].as<std::string>();
    std::string folder_suffix;
    if (manifest.shard.count > 1) {
      folder_suffix = "-shard-" + std::to_string(manifest.shard.index) + "-of-" +
                      std::to_string(manifest.shard.count);
    }
    ResultsFolder folder = create_results_folder(out, "results", e.name, start, folder_suffix);
    dir = folder.path;
    lock = std::move(folder.lock);
  }
  RunSession& session = manifest.session;
  session.status = "running";
  session.start_time = utc_timestamp(start);
  session.command_line = command_line;
  session.threads = threads;
  session.runs_at_start = next_run - manifest.range.begin;
  session.runs_written = session.runs_at_start;
  write_manifest(dir, e, manifest);
  const bool terminal = !quiet && isatty(STDERR_FILENO) == 1;
  if (terminal) {
    std::fprintf(stderr, "plab: %zu runs (%zu sweep point%s) on %d thread%s -> %s\n",
                 manifest.range.end - next_run, e.point_count, e.point_count == 1 ? "" : "s",
                 threads, threads == 1 ? "" : "s", dir.c_str());
  }

  const ExecuteResult r =
      execute_runs(e, dir, ExecuteOptions{threads, terminal, next_run, manifest.range.end});

  const Summary summary = summarize_runs(dir / "runs.jsonl");
  // A failed write ends the runs, but what is on disk is still summarised and described:
  // every later write is tried, and the first error is the one reported.
  std::string write_error = r.write_error;
  const auto try_write = [&](const auto& write) {
    try {
      write();
    } catch (const ResultsError& error) {
      if (write_error.empty()) write_error = error.what();
    }
  };
  std::string summary_json;
  append_json(summary_json, summary_to_json(summary));
  try_write([&] { write_file_atomically(dir / "summary.json", summary_json + "\n"); });
  try_write([&] { write_file_atomically(dir / "summary.csv", summary_to_csv(summary)); });

  session.end_time = now_text();
  // After a failed write, the records whole on disk are those the summary could read.
  session.runs_written = write_error.empty() ? r.written - manifest.range.begin : summary.runs;
  session.runs_failed = summary.failed;
  session.error = write_error;
  session.status = !write_error.empty() ? "failed" : r.interrupted ? "interrupted" : "completed";
  try_write([&] { write_manifest(dir, e, manifest); });

  std::fputs(summary_table(summary).c_str(), stdout);
  std::fputs("\n", stdout);
  std::fputs(verification_table(summary).c_str(), stdout);
  std::printf("results: %s\n", dir.c_str());
  if (vm.count("no-report") == 0 && !r.interrupted && write_error.empty()) {
    // A report that cannot be drawn is no reason to fail a run whose results are on disk.
    try {
      const ReportResult report = write_report(dir);
      for (const std::string& p : report.problems)
        std::fprintf(stderr, "plab: note: %s\n", p.c_str());
      std::printf("report: %s\n", (dir / "report.html").c_str());
    } catch (const std::exception& e) {
      std::fprintf(stderr, "plab: warning: no report: %s\n", e.what());
    }
  }
  if (!write_error.empty()) {
    const std::string what = r.out_of_memory && write_error == r.write_error
                                 ? "lower --threads, max_epochs or record_curve, or free memory"
                                 : "free space or fix the permission";
    throw ResultsError(write_error + "; the " + std::to_string(session.runs_written) +
                       " records written before are intact; " + what +
                       ", then finish with: plab run --resume " + dir.string());
  }
  if (r.interrupted) {
    std::fprintf(stderr,
                 "plab: interrupted by signal %d after %zu of %zu runs; the results so far are in "
                 "%s\nplab: continue with: plab run --resume %s\n",
                 interrupt_signal(), session.runs_written, manifest.range.size(), dir.c_str(),
                 dir.c_str());
    return kExitInterrupted;
  }
  if (summary.violations > 0) {
    std::fprintf(stderr, "plab: %zu run%s exceeded an applicable bound (see plab verify %s)\n",
                 summary.violations, summary.violations == 1 ? "" : "s", dir.c_str());
    return kExitViolation;
  }
  if (summary.failed > 0) {
    std::fprintf(stderr,
                 "plab: error: %zu run%s failed; each has status \"failed\" and its message in "
                 "'error' in %s/runs.jsonl\n",
                 summary.failed, summary.failed == 1 ? "" : "s", dir.c_str());
    return kExitPluginFailure;
  }
  return kExitSuccess;
}

}  // namespace plab::cli

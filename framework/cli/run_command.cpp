// plab run CONFIG: prepare, run in parallel, summarise, and say where the results are.
#include <omp.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>

#include "cli/options.hpp"
#include "error.hpp"
#include "results/json_text.hpp"
#include "results/manifest.hpp"
#include "results/results_folder.hpp"
#include "results/summary.hpp"
#include "run/experiment.hpp"
#include "run/interrupt.hpp"
#include "run/parallel_runner.hpp"

namespace plab::cli {

namespace {

void write_manifest(const std::filesystem::path& dir, const Experiment& e, const RunSession& s) {
  std::string text;
  append_json(text, make_manifest(e, s));
  write_file_atomically(dir / "manifest.json", text + "\n");
}

std::string now_text() { return utc_timestamp(std::chrono::system_clock::now()); }

}  // namespace

int run_command(const Args& args, const std::string& command_line) {
  po::options_description options("options");
  options.add_options()("config", po::value<std::string>()->required(), "experiment config (JSON)")(
      "out", po::value<std::string>(), "write results into this new folder")(
      "threads", po::value<int>(), "worker threads (default: all cores)")(
      "plugin-dir", po::value<std::vector<std::string>>()->composing(),
      "look for plugins in this folder first (repeatable)")(
      "set", po::value<std::vector<std::string>>()->composing(),
      "override a config field: --set /pointer=VALUE (JSON, or a bare word as a string); "
      "repeatable, applied in order")("quiet,q", "print nothing but errors and the final table");
  po::positional_options_description positional;
  positional.add("config", 1);
  po::variables_map vm;
  const char* synopsis =
      "run CONFIG [--set /POINTER=VALUE]... [--out DIR] [--threads N] [--plugin-dir DIR]... "
      "[--quiet]";
  if (!parse_options("run", synopsis, args, options, positional, vm)) return 0;

  int threads = omp_get_num_procs();
  if (vm.count("threads") != 0) {
    threads = vm["threads"].as<int>();
    if (threads < 1 || threads > 4096) {
      throw UsageError("--threads " + std::to_string(threads) + " is out of range; give 1 to 4096");
    }
  }
  const bool quiet = vm.count("quiet") != 0;
  std::optional<std::filesystem::path> out;
  if (vm.count("out") != 0) out = vm["out"].as<std::string>();

  install_interrupt_handlers();
  PrepareOptions prepare{plugin_dirs_option(vm), {}};
  if (vm.count("set") != 0) prepare.overrides = vm["set"].as<std::vector<std::string>>();
  const Experiment e = prepare_experiment(vm["config"].as<std::string>(), prepare);
  for (const std::string& note : e.notes) std::fprintf(stderr, "plab: note: %s\n", note.c_str());

  const auto start = std::chrono::system_clock::now();
  const std::filesystem::path dir = create_results_folder(out, "results", e.name, start);
  RunSession session;
  session.status = "running";
  session.start_time = utc_timestamp(start);
  session.command_line = command_line;
  session.threads = threads;
  write_manifest(dir, e, session);
  if (!quiet) {
    std::fprintf(stderr, "plab: %zu runs (%zu sweep point%s) on %d thread%s -> %s\n", e.total_runs,
                 e.points.size(), e.points.size() == 1 ? "" : "s", threads, threads == 1 ? "" : "s",
                 dir.c_str());
  }

  const ExecuteResult r =
      execute_runs(e, dir, ExecuteOptions{threads, !quiet && isatty(STDERR_FILENO) == 1, 0});

  const Summary summary = summarize_runs(dir / "runs.jsonl");
  std::string summary_json;
  append_json(summary_json, summary_to_json(summary));
  write_file_atomically(dir / "summary.json", summary_json + "\n");
  write_file_atomically(dir / "summary.csv", summary_to_csv(summary));

  session.end_time = now_text();
  session.runs_written = r.written;
  session.runs_failed = summary.failed;
  session.error = r.write_error;
  session.status = !r.write_error.empty() ? "failed" : r.interrupted ? "interrupted" : "completed";
  write_manifest(dir, e, session);

  std::fputs(summary_table(summary).c_str(), stdout);
  std::printf("results: %s\n", dir.c_str());
  if (!r.write_error.empty())
    throw ResultsError(r.write_error + "; the " + std::to_string(r.written) +
                       " records written before are intact");
  if (r.interrupted) {
    std::fprintf(stderr,
                 "plab: interrupted by signal %d after %zu of %zu runs; the results so far "
                 "are in %s\n",
                 interrupt_signal(), r.written, e.total_runs, dir.c_str());
    return kExitInterrupted;
  }
  if (summary.violations > 0) {
    std::fputs(verification_table(summary).c_str(), stdout);
    std::fprintf(stderr, "plab: %zu run%s exceeded an applicable bound (see plab verify %s)\n",
                 summary.violations, summary.violations == 1 ? "" : "s", dir.c_str());
    return kExitViolation;
  }
  if (summary.failed > 0) {
    std::fprintf(stderr,
                 "plab: error: %zu run%s failed; each has status \"failed\" and its "
                 "message in 'error' in %s/runs.jsonl\n",
                 summary.failed, summary.failed == 1 ? "" : "s", dir.c_str());
    return kExitPluginFailure;
  }
  return kExitSuccess;
}

}  // namespace plab::cli

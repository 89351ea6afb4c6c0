// The options of plab run and the session request they make (cli/run_options.hpp).
#include "cli/run_options.hpp"

#include <omp.h>
#include <unistd.h>

#include "config/json.hpp"
#include "config/tag_text.hpp"
#include "error.hpp"
#include "run/scheduler_environment.hpp"

namespace plab::cli {

namespace {

// I/N, or auto / slurm / auto/N: the slice the scheduler's environment names.
ShardSpec shard_option(const std::string& text) {
  if (is_environment_shard(text)) return shard_from_environment(text, process_environment());
  return parse_shard(text);
}

// --lanes: 0 for "auto", else the width given.
std::size_t parse_lanes(const std::string& text) {
  if (text == "auto") return 0;
  if (text == "1" || text == "2" || text == "4" || text == "8" || text == "16" || text == "32")
    return std::stoul(text);
  throw UsageError("--lanes '" + text + "' is not one of auto, 1, 2, 4, 8, 16, 32");
}

// --tag values, each a label on one line (config/tag_text.hpp); a refusal names the option by
// its place among the --tag options and shows the value as a JSON string, control characters
// escaped.
std::vector<std::string> checked_tags(std::vector<std::string> tags) {
  for (std::size_t i = 0; i < tags.size(); ++i) {
    if (const auto problem = tag_problem(tags[i])) {
      throw UsageError("--tag " + Json(tags[i]).dump() + " (--tag number " + std::to_string(i + 1) +
                       " of " + std::to_string(tags.size()) + ") " + *problem +
                       "; a tag is a label on one line (the report's Tags line)");
    }
  }
  return tags;
}

}  // namespace

const char* const kRunSynopsis =
    "run CONFIG [--set /P=V]... [--sweep /P=V1,V2]... [--out DIR] [--threads N] "
    "[--lanes W] [--plugin-dir DIR]... [--shard I/N|auto] [--resume-if-present] [--plan] "
    "[--tag T]... [--wide] [--quiet]\n       plab run --resume DIR [--threads N] [--lanes "
    "auto|1|2|...|32] "
    "[--plugin-dir DIR]...";

void add_run_options(po::options_description& options) {
  auto add = options.add_options();
  add("config", po::value<std::string>(), "experiment config (JSON)");
  add("set", po::value<std::vector<std::string>>()->composing(),
      "set a config field: --set /pointer=VALUE (JSON, or a bare word as a string)");
  add("sweep", po::value<std::vector<std::string>>()->composing(),
      "add a sweep axis: --sweep /pointer=V1,V2,... (range(a,b[,step]) allowed)");
  add("tag", po::value<std::vector<std::string>>()->composing(),
      "tag the results folder (repeatable): manifest.json's \"tags\", with the config's; not "
      "part of the experiment's identity");
  add("out", po::value<std::string>(), "write results into this new folder");
  add("threads", po::value<int>(), "worker threads (default: all cores)");
  add("lanes", po::value<std::string>(),
      "repeats trained side by side in SIMD lanes: auto (default: sized to the repeats), 1 (one "
      "run at a time), 2, 4, 8, 16 or 32; records are the same bytes whatever it is");
  add("plugin-dir", po::value<std::vector<std::string>>()->composing(),
      "look for plugins in this folder first (repeatable)");
  add("plan",
      "print the sweep points (of a sweep over 10000 points: its axes) and run counts, then exit "
      "without running");
  add("shard", po::value<std::string>(),
      "run only slice I of N (I/N), into its own folder; auto: the SLURM array task's slice "
      "(auto/N: GNU parallel's job of N)");
  add("resume", po::value<std::string>(), "continue the interrupted results folder DIR");
  add("resume-if-present",
      "with --out DIR: resume DIR if it holds an unfinished run of this config, leave it if "
      "complete, else start it (safe to repeat, e.g. in a requeued job)");
  add("no-report", "do not write report.md, report.html and plots/ at the end");
  add("report", "write the report also for a shard (by default a shard has none)");
  add("quiet,q", "print nothing but errors and the final table");
}

SessionRequest run_request(const po::variables_map& vm, const po::parsed_options& parsed,
                           const std::string& command_line) {
  SessionRequest request;
  request.threads = vm.count("threads") != 0 ? vm["threads"].as<int>() : omp_get_num_procs();
  if (request.threads < 1 || request.threads > 4096) {
    throw UsageError("--threads " + std::to_string(request.threads) +
                     " is out of range; give 1 to 4096");
  }
  if (vm.count("lanes") != 0) request.lanes = parse_lanes(vm["lanes"].as<std::string>());
  const bool quiet = vm.count("quiet") != 0;
  if (vm.count("resume") != 0) request.resume = vm["resume"].as<std::string>();
  if (vm.count("config") != 0) request.config = vm["config"].as<std::string>();
  request.changes = config_changes_option(parsed);
  if (!request.resume && !request.config) {
    throw UsageError("plab run needs a CONFIG file (or --resume DIR); usage: plab " +
                     std::string(kRunSynopsis));
  }
  if (request.resume && (vm.count("out") != 0 || vm.count("shard") != 0)) {
    throw UsageError(
        "--resume continues its folder with its own shard; --out and --shard do not "
        "apply");
  }
  if (vm.count("out") != 0) {
    request.out = vm["out"].as<std::string>();
    if (request.out->empty())
      throw UsageError("--out '' names no folder; name a folder for the results");
  }
  if (vm.count("shard") != 0) request.shard = shard_option(vm["shard"].as<std::string>());
  request.resume_if_present = vm.count("resume-if-present") != 0;
  if (request.resume_if_present && (request.resume || !request.out)) {
    throw UsageError(
        "--resume-if-present needs --out DIR and a CONFIG: it starts DIR, or resumes it if it "
        "holds an unfinished run (--resume DIR alone continues a folder)");
  }
  if (vm.count("report") != 0 && vm.count("no-report") != 0) {
    throw UsageError("--report and --no-report contradict each other; give one");
  }
  if (vm.count("report") != 0) request.report = true;
  if (vm.count("no-report") != 0) request.report = false;
  request.prepare = PrepareOptions{plugin_dirs_option(vm)};
  request.progress = quiet                        ? ProgressStyle::kNone
                     : isatty(STDERR_FILENO) == 1 ? ProgressStyle::kTerminal
                                                  : ProgressStyle::kPlain;
  request.command_line = command_line;
  if (vm.count("tag") != 0) request.tags = checked_tags(vm["tag"].as<std::vector<std::string>>());
  request.scheduler = scheduler_ids(process_environment());
  return request;
}

}  // namespace plab::cli

// plab merge OUT DIR...: join shard folders into one results folder, then summarise and
// verify it like a run.
#include <cstdio>

#include "base/interrupt.hpp"
#include "cli/options.hpp"
#include "error.hpp"
#include "results/folder/merge.hpp"
#include "results/folder/results_folder.hpp"
#include "results/format/json_text.hpp"
#include "results/summary/summary.hpp"

namespace plab::cli {

int merge_command(const Args& args, const std::string& command_line) {
  po::options_description options("options");
  // OUT is the first positional, or --out OUT like the other commands that write a folder
  // (then every positional is a shard).
  options.add_options()("out", po::value<std::string>(),
                        "a new folder for the merged results (or give it first)")(
      "folders", po::value<std::vector<std::string>>()->default_value({}, ""),
      "the folders given without an option: OUT, then one or more shard results folders "
      "(only the shards when --out names OUT)");
  add_wide_option(options);
  po::positional_options_description positional;
  positional.add("folders", -1);
  po::variables_map vm;
  if (!parse_options("merge", "merge OUT SHARD_DIR... [--wide]", args, options, positional, vm))
    return 0;
  std::vector<std::string> folders = vm["folders"].as<std::vector<std::string>>();
  const std::string usage = "; usage: plab merge OUT SHARD_DIR... [--wide] (see plab merge --help)";
  std::filesystem::path out;
  if (vm.count("out") != 0) {
    out = vm["out"].as<std::string>();
  } else if (folders.empty()) {
    throw UsageError("plab merge needs a new folder for the merged results OUT" + usage);
  } else {
    out = folders.front();
    folders.erase(folders.begin());
  }
  if (folders.empty())
    throw UsageError("plab merge needs one or more shard results folders SHARD_DIR..." + usage);
  std::vector<std::filesystem::path> shards(folders.begin(), folders.end());
  // A signal stops the merge with nothing of OUT left (its files are written into a hidden
  // folder renamed to OUT at the end); one after that rename comes too late to undo it. A
  // second signal is noted: removing the hidden folder is short.
  install_interrupt_handlers(SecondSignal::kNoted);
  const MergeResult merged = merge_shards(out, shards, command_line);

  const std::filesystem::path& dir = merged.folder->path();
  const Summary summary = summarize_runs(dir / "runs.jsonl");
  std::string summary_json;
  append_json(summary_json, summary_to_json(summary));
  write_file_atomically(dir / "summary.json", summary_json + "\n");
  write_file_atomically(dir / "summary.csv", summary_to_csv(summary));
  stop_merge_if_interrupted(out);
  merged.folder->publish();
  std::fputs(summary_table(summary, table_width_option(vm)).c_str(), stdout);
  std::printf("merged %zu shards, %zu runs: %s\n", merged.shards, merged.runs, out.c_str());
  return summary.violations > 0 ? kExitViolation : kExitSuccess;
}

}  // namespace plab::cli

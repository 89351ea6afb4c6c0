// plab merge OUT DIR...: join shard folders into one results folder, then summarise and
// verify it like a run.
#include <cstdio>

#include "cli/options.hpp"
#include "error.hpp"
#include "results/json_text.hpp"
#include "results/merge.hpp"
#include "results/results_folder.hpp"
#include "results/summary.hpp"

namespace plab::cli {

int merge_command(const Args& args, const std::string& command_line) {
  po::options_description options("options");
  options.add_options()("out", po::value<std::string>()->required(),
                        "a new folder for the merged results")(
      "shards", po::value<std::vector<std::string>>()->required(),
      "one or more shard results folders");
  add_wide_option(options);
  po::positional_options_description positional;
  positional.add("out", 1).add("shards", -1);
  po::variables_map vm;
  if (!parse_options("merge", "merge OUT SHARD_DIR... [--wide]", args, options, positional, vm))
    return 0;
  std::vector<std::filesystem::path> shards;
  for (const auto& s : vm["shards"].as<std::vector<std::string>>()) shards.emplace_back(s);
  const std::filesystem::path out = vm["out"].as<std::string>();
  const MergeResult merged = merge_shards(out, shards, command_line);

  const Summary summary = summarize_runs(out / "runs.jsonl");
  std::string summary_json;
  append_json(summary_json, summary_to_json(summary));
  write_file_atomically(out / "summary.json", summary_json + "\n");
  write_file_atomically(out / "summary.csv", summary_to_csv(summary));
  std::fputs(summary_table(summary, table_width_option(vm)).c_str(), stdout);
  std::printf("merged %zu shards, %zu runs: %s\n", merged.shards, merged.runs, out.c_str());
  return summary.violations > 0 ? kExitViolation : kExitSuccess;
}

}  // namespace plab::cli

// plab verify DIR: check every record whose bound applies; exit 1 on any violation.
#include <cstdio>
#include <filesystem>

#include "cli/options.hpp"
#include "error.hpp"
#include "results/summary.hpp"

namespace plab::cli {

int verify_command(const Args& args) {
  po::options_description options("options");
  options.add_options()("dir", po::value<std::string>()->required(), "a results folder");
  po::positional_options_description positional;
  positional.add("dir", 1);
  po::variables_map vm;
  if (!parse_options("verify", "verify DIR", args, options, positional, vm)) return 0;
  const std::filesystem::path dir = vm["dir"].as<std::string>();
  std::error_code ec;
  if (!std::filesystem::is_regular_file(dir / "runs.jsonl", ec) ||
      !std::filesystem::is_regular_file(dir / "manifest.json", ec)) {
    throw UsageError("'" + dir.string() +
                     "' is not a results folder: it needs runs.jsonl and "
                     "manifest.json, as `plab run` writes them");
  }
  const Summary summary = summarize_runs(dir / "runs.jsonl");
  std::fputs(verification_table(summary).c_str(), stdout);
  if (summary.violations > 0) {
    std::printf("plab verify: %zu run%s exceed%s an applicable bound; first:\n", summary.violations,
                summary.violations == 1 ? "" : "s", summary.violations == 1 ? "s" : "");
    for (const std::string& v : summary.first_violations) std::printf("  %s\n", v.c_str());
    return kExitViolation;
  }
  std::size_t applicable = 0;
  for (const auto& g : summary.groups) applicable += g.bound_applies;
  std::printf("plab verify: no violation; %zu of %zu runs have an applicable bound\n", applicable,
              summary.runs);
  return kExitSuccess;
}

}  // namespace plab::cli

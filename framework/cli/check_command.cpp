// plab check DIR [--config FILE]: evaluates the folder's claims (its claims.json, written by
// plab run from the config's "claims") or those of another config, and says by its exit code
// whether all hold (0), one fails (1) or one cannot be decided (5). It writes nothing.
#include <cstdio>
#include <string>

#include "analysis/claims_file.hpp"
#include "cli/claim_output.hpp"
#include "cli/options.hpp"
#include "error.hpp"
#include "results/folder/folder_audit.hpp"
#include "results/folder/folder_lock.hpp"
#include "results/summary/summary.hpp"

namespace plab::cli {

int check_command(const Args& args) {
  po::options_description options("options");
  options.add_options()("dir", po::value<std::string>()->required(), "a results folder")(
      "config", po::value<std::string>(),
      "check this config's claims instead of the folder's (claims.json)");
  po::positional_options_description positional;
  positional.add("dir", 1);
  po::variables_map vm;
  if (!parse_options("check", "check DIR [--config FILE]", args, options, positional, vm)) return 0;
  const std::filesystem::path dir = vm["dir"].as<std::string>();
  const FolderLock lock = FolderLock::shared_if_present(dir, "run plab check when it has finished");
  // Claims are checked on records plab wrote, never on an edited folder.
  (void)summarize_runs(dir / "runs.jsonl");
  require_record_chain(dir);
  std::optional<boost::json::array> claims;
  std::string source;
  if (vm.count("config") != 0) {
    const std::filesystem::path config = vm["config"].as<std::string>();
    claims = claims_of_config(load_experiment_source(config, {}).claims, config);
    source = "'" + config.string() + "' at";
    if (!claims)
      throw UsageError("'" + source +
                       "' states no claims: plab check --config needs a config "
                       "with a list \"claims\" (docs/config-reference.md, \"Claims\")");
  } else {
    claims = folder_claims(dir);
    source = "'" + (dir / "claims.json").string() + "' at";
    if (!claims)
      throw UsageError("'" + dir.string() +
                       "' has no claims.json: its config stated no claims; "
                       "give the claims with --config FILE");
  }
  const std::vector<ClaimVerdict> verdicts =
      evaluate_claims(*claims, read_claim_inputs(dir), source + " /claims");
  print_verdicts(verdicts);
  int code = kExitSuccess;
  for (const ClaimVerdict& v : verdicts) {
    if (v.verdict == Verdict::kFails) {
      std::fprintf(stderr, "plab: claim '%s' fails\n", v.what.c_str());
      code = kExitViolation;
    }
  }
  if (code != kExitSuccess) return code;
  for (const ClaimVerdict& v : verdicts) {
    if (v.verdict == Verdict::kUndecided) {
      std::fprintf(stderr, "plab: claim '%s' cannot be decided by these records\n", v.what.c_str());
      code = kExitUndecided;
    }
  }
  return code;
}

}  // namespace plab::cli

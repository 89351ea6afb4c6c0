// plab check DIR [--config FILE]: evaluates the folder's claims (its claims.json, written by
// plab run from the config's "claims") or those of another config, and says by its exit code
// whether all hold (0), one fails (1) or one cannot be decided (5). It writes nothing.
//
// Claims speak of the whole experiment: a shard is refused, and while runs are missing (an
// interrupted folder) every claim is undecided, since the missing runs could turn any verdict.
#include <cstdio>
#include <string>

#include "analysis/claims_file.hpp"
#include "cli/claim_output.hpp"
#include "cli/options.hpp"
#include "error.hpp"
#include "results/folder/folder_audit.hpp"
#include "results/folder/folder_lock.hpp"
#include "results/format/manifest_reader.hpp"
#include "results/summary/summary.hpp"

namespace plab::cli {

namespace {

// Each claim undecided, saying how many of the folder's runs are missing.
std::vector<ClaimVerdict> undecided_for_missing_runs(const boost::json::array& claims,
                                                     const std::filesystem::path& dir,
                                                     const FolderAudit& audit) {
  const std::string why = "cannot be decided: " + std::to_string(audit.announced - audit.records) +
                          " of the experiment's " + std::to_string(audit.announced) +
                          " runs are missing (status " + audit.status_word +
                          "), and a claim is judged on every run; plab run --resume " +
                          dir.string() + " finishes it";
  std::vector<ClaimVerdict> verdicts;
  for (const boost::json::value& c : claims)
    verdicts.push_back(
        {std::string(c.as_object().at("what").as_string()), Verdict::kUndecided, why});
  return verdicts;
}

}  // namespace

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
  const Summary summary = summarize_runs(dir / "runs.jsonl");
  require_record_chain(dir);
  const boost::json::object manifest = read_manifest(dir);
  refuse_shard(dir, manifest, "check the merged folder (plab check OUT)");
  const FolderAudit audit = audit_folder(dir, manifest, summary);
  std::optional<boost::json::array> claims;
  std::string source;
  if (vm.count("config") != 0) {
    const std::filesystem::path config = vm["config"].as<std::string>();
    claims = claims_of_config(load_experiment_source(config, {}).claims, config);
    source = "'" + config.string() + "' at";
    if (!claims)
      throw UsageError("'" + config.string() +
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
  if (claims->empty())
    throw UsageError(source +
                     " /claims: an empty list of claims, so there is nothing to check; "
                     "state at least one claim (docs/config-reference.md, \"Claims\")");
  const std::vector<ClaimVerdict> verdicts =
      audit.records < audit.announced
          ? undecided_for_missing_runs(*claims, dir, audit)
          : evaluate_claims(*claims, read_claim_inputs(dir), source + " /claims");
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

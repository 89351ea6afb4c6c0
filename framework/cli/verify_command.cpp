// plab verify DIR: check every record whose bound applies; exit 1 on any violation, 2 on a
// folder whose manifest and runs.jsonl contradict each other (a "completed" folder missing
// records or ending in a torn line): its verdict would not be about the whole experiment.
#include <cstdio>
#include <filesystem>

#include "cli/options.hpp"
#include "error.hpp"
#include "results/folder_audit.hpp"
#include "results/folder_lock.hpp"
#include "results/resume.hpp"
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
  // verify only reads, so it goes on while a plab writes DIR (no lock: it never blocks the
  // writer), but its verdict is about the records written so far, and it says so.
  if (const std::string pid = FolderLock::writer_pid(dir); !pid.empty()) {
    std::fprintf(stderr,
                 "plab: note: '%s' is being written by another plab (PID %s); this verdict is "
                 "about the records written so far\n",
                 dir.c_str(), pid.c_str());
  }
  const boost::json::object manifest = read_manifest(dir);
  require_record_chain(dir);  // before any verdict: an edited record is no result
  const Summary summary = summarize_runs(dir / "runs.jsonl");
  const FolderAudit audit = audit_folder(dir, manifest, summary);
  std::fputs(verification_table(summary).c_str(), stdout);
  std::printf("plab verify: %s: %s\n", dir.c_str(), audit.runs_line().c_str());
  for (const std::string& n : audit.notes) std::fprintf(stderr, "plab: note: %s\n", n.c_str());
  if (const std::size_t n = summary.bounds_not_computed; n > 0) {
    std::fprintf(stderr,
                 "plab: note: %zu record%s mark%s the bound as applicable but hold%s null for it "
                 "(it could not be computed, e.g. it overflowed); not judged\n",
                 n, n == 1 ? "" : "s", n == 1 ? "s" : "", n == 1 ? "s" : "");
  }
  if (summary.violations > 0) {
    std::printf("plab verify: %zu run%s exceed%s an applicable bound; first:\n", summary.violations,
                summary.violations == 1 ? "" : "s", summary.violations == 1 ? "s" : "");
    for (const std::string& v : summary.first_violations) std::printf("  %s\n", v.c_str());
  }
  if (!audit.inconsistencies.empty()) {
    std::string why;
    for (const std::string& i : audit.inconsistencies) why += (why.empty() ? "" : "; ") + i;
    throw DataError("'" + dir.string() + "' is inconsistent: " + why +
                    "; its records cannot be verified as the whole experiment");
  }
  if (summary.violations > 0) return kExitViolation;
  std::size_t applicable = 0;
  for (const auto& g : summary.groups) applicable += g.bound_applies;
  std::printf("plab verify: no violation; %zu of %zu runs have an applicable bound\n", applicable,
              summary.runs);
  return kExitSuccess;
}

}  // namespace plab::cli

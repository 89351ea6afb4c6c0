// plab verify DIR: check every record whose bound applies; exit 1 on any violation, 2 on a
// folder whose manifest and runs.jsonl contradict each other (a "completed" folder missing
// records or ending in a torn line): its verdict would not be about the whole experiment.
#include <cstdio>
#include <filesystem>

#include "audit/audit_report.hpp"
#include "audit/point_audit.hpp"
#include "audit/record_audit.hpp"
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
  const Summary summary = summarize_runs(dir / "runs.jsonl");
  const FolderAudit audit = audit_folder(dir, manifest, summary);
  // The independent audit (docs/verify.md): recompute what the records claim.
  AuditReport report;
  const auto points = audit_points(dir, manifest, report);
  audit_records(dir / "runs.jsonl", points, summary.torn_line, manifest.contains("sweep_points"),
                report);
  report.recomputed = {
      "the data of " + std::to_string(report.points) +
          " sweep point(s), re-read (SHA-256 of each file) or regenerated: rows, cols, classes, R",
      "each point's certified margin (gamma, w_ref_norm, rho) from its stored reference u",
      "each of " + std::to_string(report.records) +
          " records: R, margin, status, counts and w0_norm, and its bound (bound_applies, "
          "bound_kind, "
          "bound_on, bound, ratio, bound_holds, bound_clean, plain_bound, plain_bound_holds) "
          "from its counts, its learner's declared form and its initial weights"};
  report.not_rechecked.push_back(
      "rho_upper: the hull point behind it is not stored in the manifest");
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
  for (const std::string& n : report.not_rechecked)
    std::printf("plab verify: not re-checked: %s\n", n.c_str());
  std::printf(
      "plab verify: recomputed %zu point(s) and %zu record(s); %zu recorded value%s "
      "differ%s\n",
      report.points, report.records, report.differences.size(),
      report.differences.size() == 1 ? "" : "s", report.differences.size() == 1 ? "s" : "");
  constexpr std::size_t kShown = 20;
  for (std::size_t i = 0; i < report.differences.size() && i < kShown; ++i)
    std::printf("  %s\n", report.differences[i].text().c_str());
  if (report.differences.size() > kShown)
    std::printf("  ... and %zu more (all in verify.json)\n", report.differences.size() - kShown);
  if (!audit.inconsistencies.empty()) {
    std::string why;
    for (const std::string& i : audit.inconsistencies) why += (why.empty() ? "" : "; ") + i;
    throw DataError("'" + dir.string() + "' is inconsistent: " + why +
                    "; its records cannot be verified as the whole experiment");
  }
  // Every record must be the one plab wrote (runs.sha256). An edited record is an
  // inconsistent record (exit 1), listed beside the values the audit found changed; a folder
  // whose chain cannot be checked at all (no runs.sha256, records past its last line, lines
  // left over) is refused, exit 2 (DataError).
  std::string edited;
  try {
    require_record_chain(dir);
  } catch (const ResultsError& e) {
    edited = e.what();
    std::printf("plab verify: %s\n", edited.c_str());
  }
  const std::string verdict = !report.differences.empty() || !edited.empty() ? "inconsistent"
                              : summary.violations > 0                       ? "bound_violated"
                                                                             : "clean";
  write_verify_json(dir, report, summary.violations, verdict);
  if (!report.differences.empty()) {
    std::printf("plab verify: %s holds recorded values that differ from their recomputation\n",
                dir.c_str());
    return kExitViolation;
  }
  if (!edited.empty()) return kExitViolation;
  if (summary.violations > 0) return kExitViolation;
  std::size_t applicable = 0;
  for (const auto& g : summary.groups) applicable += g.bound_applies;
  std::printf("plab verify: no violation; %zu of %zu runs have an applicable bound\n", applicable,
              summary.runs);
  return kExitSuccess;
}

}  // namespace plab::cli

// plab verify DIR: recompute what the folder claims (docs/verify.md). Exit 1 on a violated
// bound or an inconsistent folder: a value that differs from its recomputation or replay, a
// record plab could not have written (a field of the wrong type, null, negative), records
// missing or extra, out of order or edited after they were written. Exit 2 only when the
// folder cannot be audited at all (no manifest, text that is not JSON, a missing digest file).
#include <omp.h>

#include <chrono>
#include <cstdio>
#include <filesystem>

#include "audit/audit_report.hpp"
#include "audit/folder_order.hpp"
#include "audit/folder_preconditions.hpp"
#include "audit/point_audit.hpp"
#include "audit/record_audit.hpp"
#include "base/interrupt.hpp"
#include "cli/options.hpp"
#include "error.hpp"
#include "results/folder_audit.hpp"
#include "results/folder_lock.hpp"
#include "results/manifest_reader.hpp"
#include "results/record_digest.hpp"
#include "results/summary.hpp"
#include "run/replay.hpp"
#include "run/run_count_audit.hpp"

namespace plab::cli {

int verify_command(const Args& args) {
  po::options_description options("options");
  options.add_options()("dir", po::value<std::string>()->required(), "a results folder")(
      "replay", po::value<std::string>(),
      "re-run K records chosen from the seed (or 'all') and compare them byte for byte")(
      "plugin-dir", po::value<std::vector<std::string>>(),
      "look for the recorded plugins here first (as plab run does)");
  add_wide_option(options);
  po::positional_options_description positional;
  positional.add("dir", 1);
  po::variables_map vm;
  if (!parse_options("verify", "verify DIR [--replay K|all] [--plugin-dir DIR]... [--wide]", args,
                     options, positional, vm)) {
    return 0;
  }
  const std::filesystem::path dir = vm["dir"].as<std::string>();
  const bool replay = vm.count("replay") != 0;
  const ReplayRequest replay_request{
      replay ? parse_replay_count(vm["replay"].as<std::string>()) : std::nullopt,
      plugin_dirs_option(vm), omp_get_num_procs()};
  // A replay may run long; until verify writes verify.json, Ctrl-C or SIGTERM ends it at once
  // (a background job's ignored SIGINT included): nothing is half written then.
  if (replay) {
    exit_at_once_on_signal("plab verify --replay gave no verdict on '" + dir.string() +
                           "' (verify.json is not written); run it again");
  }
  // verify only reads, so it goes on while a plab writes DIR (no lock: it never blocks the
  // writer), but its verdict is about the records written so far, and it says so.
  if (const std::string pid = FolderLock::writer_pid(dir); !pid.empty()) {
    std::fprintf(stderr,
                 "plab: note: '%s' is being written by another plab (PID %s); this verdict is "
                 "about the records written so far\n",
                 dir.c_str(), pid.c_str());
  }
  require_regular_results_files(dir);
  const boost::json::object manifest = read_manifest(dir);
  require_own_plab_version(dir, manifest);
  // The independent audit (docs/verify.md): recompute what the records claim. A record plab
  // could not have written ends the audit of the records: the folder is inconsistent.
  AuditReport report;
  Summary summary;
  FolderAudit audit;
  try {
    summary = summarize_runs(dir / "runs.jsonl");
    audit = audit_folder(dir, manifest, summary);
  } catch (const InconsistentRecordError& e) {
    report.inconsistencies.emplace_back(e.what());
  }
  const auto points = audit_points(dir, manifest, report);
  audit_run_counts(dir, manifest, points, report);
  const bool large_sweep = manifest.contains("sweep_points");
  if (report.inconsistencies.empty()) {
    try {
      audit_records(dir / "runs.jsonl", points, summary.torn_line, large_sweep, report);
      audit_folder_order(dir, manifest, points, large_sweep, report);
    } catch (const InconsistentRecordError& e) {
      report.inconsistencies.emplace_back(e.what());
    }
  }
  if (!report.inconsistencies.empty()) {
    std::printf("plab verify: %s\n", report.inconsistencies.front().c_str());
    std::printf(
        "plab verify: %s holds a record plab could not have written; its records were "
        "not audited further\n",
        dir.c_str());
    restore_default_signals();
    write_verify_json(dir, report, 0, "inconsistent");
    return kExitViolation;
  }
  report.recomputed = {
      "the data of " + std::to_string(report.points) +
          " sweep point(s), re-read (SHA-256 of each file) or regenerated: rows, cols, classes, R",
      "each point's certified margin (gamma, w_ref_norm, rho) from its stored reference u, "
      "and rho_upper from its stored hull point (rho_upper_weights)",
      "each of " + std::to_string(report.records) +
          " records: params (the sweep values), R, margin, status and the fields it implies, "
          "counts and w0_norm, and its bound (bound_applies, "
          "bound_kind, "
          "bound_on, bound, ratio, bound_holds, bound_clean, plain_bound, plain_bound_holds) "
          "from its counts, its learner's declared form and its initial weights",
      "the folder: runs.jsonl in canonical order (a shard within its range), each run once, "
      "timings.jsonl line for line the same runs, a merged folder's shards covering every run "
      "once"};
  if (replay && !audit.inconsistencies.empty()) {
    std::fprintf(stderr,
                 "plab: note: --replay skipped: the folder's records are not the whole "
                 "experiment (below)\n");
  } else if (replay) {
    const auto start = std::chrono::steady_clock::now();
    const ReplayResult r = replay_records(dir, manifest, replay_request, report);
    report.replayed_lines = r.lines;
    report.replay_all = !replay_request.count.has_value();
    report.recomputed.push_back("--replay: " + std::to_string(r.replayed) + " of " +
                                std::to_string(r.records) +
                                " records run again through the recorded plugins, " +
                                std::to_string(r.matched) + " byte for byte identical");
    std::printf("plab verify: replayed %zu of %zu records in %.3g s; %zu identical byte for byte\n",
                r.replayed, r.records,
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
                r.matched);
  }
  restore_default_signals();
  std::fputs(verification_table(summary, table_width_option(vm)).c_str(), stdout);
  std::printf("plab verify: %s: %s\n", dir.c_str(), audit.runs_line().c_str());
  for (const std::string& n : audit.notes) std::fprintf(stderr, "plab: note: %s\n", n.c_str());
  if (const std::size_t n = report.bounds_not_judged; n > 0) {
    std::fprintf(stderr,
                 "plab: note: %zu record%s mark%s the bound as applicable but hold%s null for it "
                 "(it could not be computed, e.g. it overflowed); not judged\n",
                 n, n == 1 ? "" : "s", n == 1 ? "s" : "", n == 1 ? "s" : "");
  }
  if (summary.violations > 0) {
    std::printf("plab verify: %zu run%s exceed%s an applicable bound; first:\n", summary.violations,
                summary.violations == 1 ? "" : "s", summary.violations == 1 ? "s" : "");
    // Each by file:line, the count judged, its value and the bound recorded and recomputed
    // (all of them in verify.json).
    for (std::size_t i = 0; i < report.violations.size() && i < 10; ++i)
      std::printf("  %s\n", report.violations[i].text().c_str());
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
  // Records missing or extra, or a torn line in a completed folder: the verdict would not be
  // about the whole experiment.
  if (!audit.inconsistencies.empty()) {
    std::string why;
    for (const std::string& i : audit.inconsistencies) why += (why.empty() ? "" : "; ") + i;
    report.inconsistencies.push_back("'" + dir.string() + "' is inconsistent: " + why +
                                     "; its records cannot be verified as the whole experiment");
    std::printf("plab verify: %s\n", report.inconsistencies.back().c_str());
  }
  // Every record must be the one plab wrote (runs.sha256). An edited record, or records
  // missing from or appended past the chain (a count that does not match), make the folder
  // inconsistent (exit 1), listed beside what the audit found; only a folder with no chain
  // at all cannot be audited (exit 2, DataError).
  const bool has_chain = std::filesystem::exists(dir / kDigestFileName);
  try {
    require_record_chain(dir);
  } catch (const ResultsError& e) {
    report.inconsistencies.emplace_back(e.what());
    std::printf("plab verify: %s\n", e.what());
  } catch (const DataError& e) {
    if (!has_chain) throw;
    report.inconsistencies.emplace_back(e.what());
    std::printf("plab verify: %s\n", e.what());
  }
  const bool inconsistent = !report.differences.empty() || !report.inconsistencies.empty();
  const std::string verdict = inconsistent             ? "inconsistent"
                              : summary.violations > 0 ? "bound_violated"
                                                       : "clean";
  write_verify_json(dir, report, summary.violations, verdict);
  if (!report.differences.empty()) {
    std::printf("plab verify: %s holds recorded values that differ from their recomputation\n",
                dir.c_str());
  }
  if (inconsistent || summary.violations > 0) return kExitViolation;
  std::size_t applicable = 0;
  std::size_t hinge = 0;
  for (const auto& g : summary.groups) {
    applicable += g.bound_applies;
    hinge += g.hinge_applies;
  }
  // Past separability a run's bound is the hinge form (nonsep_*), which verify checked too.
  const std::string past_separability =
      summary.any_hinge ? ", " + std::to_string(hinge) + " a certified hinge bound" : "";
  std::printf("plab verify: no violation; %zu of %zu runs have an applicable bound%s\n", applicable,
              summary.runs, past_separability.c_str());
  return kExitSuccess;
}

}  // namespace plab::cli

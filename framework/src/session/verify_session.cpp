#include "session/verify_session.hpp"

#include <chrono>

#include "audit/folder_order.hpp"
#include "audit/folder_preconditions.hpp"
#include "audit/point_audit.hpp"
#include "audit/record_audit.hpp"
#include "base/interrupt.hpp"
#include "error.hpp"
#include "results/folder/record_digest.hpp"
#include "results/folder/side_files.hpp"
#include "results/format/manifest_reader.hpp"
#include "session/run_count_audit.hpp"

namespace plab {

namespace {

// What verify recomputed, in verify.json's words.
std::vector<std::string> recomputed_lines(const AuditReport& report) {
  return {"the data of " + std::to_string(report.points) +
              " sweep point(s), re-read (SHA-256 of each file) or regenerated: rows, cols, "
              "classes, R",
          "each point's certified margin (gamma, w_ref_norm, rho) from its stored reference u, "
          "and rho_upper from its stored hull point (rho_upper_weights)",
          "each of " + std::to_string(report.records) +
              " records: params (the sweep values), R, margin, status and the fields it "
              "implies, counts and w0_norm, and its bound (bound_applies, "
              "bound_kind, "
              "bound_on, bound, ratio, bound_holds, bound_clean, plain_bound, plain_bound_holds) "
              "from its counts, its learner's declared form and its initial weights",
          "the folder: runs.jsonl in canonical order (a shard within its range), each run once, "
          "timings.jsonl line for line the same runs, a merged folder's shards covering every "
          "run once"};
}

// Every record must be the one plab wrote (runs.sha256). An edited record, or records
// missing from or appended past the chain, make the folder inconsistent; only a folder with
// no chain at all cannot be audited (DataError).
std::string chain_problem(const std::filesystem::path& dir) {
  const bool has_chain = std::filesystem::exists(dir / kDigestFileName);
  try {
    require_record_chain(dir);
  } catch (const ResultsError& e) {
    return e.what();
  } catch (const DataError& e) {
    if (!has_chain) throw;
    return e.what();
  }
  return "";
}

// Until verify.json is written a signal ends verify at once (nothing is half written then);
// from here it is only noted, so that verify.json is written whole or not at all: its
// temporary file is removed and not renamed into place (write_verify_json), or, renamed
// already, the verdict is said and plab stops after it (cli/verify_command.cpp).
void stop_exiting_at_once() { install_interrupt_handlers(SecondSignal::kNoted); }

}  // namespace

VerifyOutcome verify_folder(const std::filesystem::path& dir,
                            const std::optional<ReplayRequest>& replay) {
  refuse_irregular_side_files(dir);
  const boost::json::object manifest = read_manifest(dir);
  require_own_plab_version(dir, manifest);
  // The independent audit (docs/verify.md): recompute what the records claim. A record plab
  // could not have written ends the audit of the records: the folder is inconsistent.
  VerifyOutcome out;
  AuditReport& report = out.report;
  try {
    out.summary = summarize_runs(dir / "runs.jsonl");
    out.audit = audit_folder(dir, manifest, out.summary);
  } catch (const InconsistentRecordError& e) {
    report.inconsistencies.emplace_back(e.what());
  }
  const auto points = audit_points(dir, manifest, report);
  audit_run_counts(dir, manifest, points, report);
  const bool large_sweep = manifest.contains("sweep_points");
  if (report.inconsistencies.empty()) {
    try {
      audit_records(dir / "runs.jsonl", points, out.summary.torn_line, large_sweep, report);
      audit_folder_order(dir, manifest, points, large_sweep, report);
    } catch (const InconsistentRecordError& e) {
      report.inconsistencies.emplace_back(e.what());
    }
  }
  if (!report.inconsistencies.empty()) {
    out.stopped_early = true;
    out.verdict = "inconsistent";
    stop_exiting_at_once();
    write_verify_json(dir, report, 0, out.verdict);
    return out;
  }
  report.recomputed = recomputed_lines(report);
  if (replay && !out.audit.inconsistencies.empty()) {
    out.replay_skipped = true;
  } else if (replay) {
    const auto start = std::chrono::steady_clock::now();
    const ReplayResult r = replay_records(dir, manifest, *replay, report);
    out.replay_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    report.replayed_lines = r.lines;
    report.replay_all = !replay->count.has_value();
    report.recomputed.push_back("--replay: " + std::to_string(r.replayed) + " of " +
                                std::to_string(r.records) +
                                " records run again through the recorded plugins, " +
                                std::to_string(r.matched) + " byte for byte identical");
    out.replay = r;
  }
  stop_exiting_at_once();
  // Records missing or extra, or a torn line in a completed folder: the verdict would not be
  // about the whole experiment.
  if (!out.audit.inconsistencies.empty()) {
    std::string why;
    for (const std::string& i : out.audit.inconsistencies) why += (why.empty() ? "" : "; ") + i;
    report.inconsistencies.push_back("'" + dir.string() + "' is inconsistent: " + why +
                                     "; its records cannot be verified as the whole experiment");
  }
  out.chain_problem = chain_problem(dir);
  if (!out.chain_problem.empty()) report.inconsistencies.push_back(out.chain_problem);
  const bool inconsistent = !report.differences.empty() || !report.inconsistencies.empty();
  out.verdict = inconsistent                 ? "inconsistent"
                : out.summary.violations > 0 ? "bound_violated"
                                             : "clean";
  write_verify_json(dir, report, out.summary.violations, out.verdict);
  return out;
}

}  // namespace plab

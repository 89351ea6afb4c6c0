#include "cli/verify_output.hpp"

#include <cstdio>
#include <string>

#include "error.hpp"

namespace plab::cli {

namespace {

// The verdict of a folder with no violation and no difference.
void print_clean(const Summary& summary) {
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
}

}  // namespace

int print_verify_outcome(const std::filesystem::path& dir, const VerifyOutcome& out,
                         std::size_t table_width) {
  const AuditReport& report = out.report;
  const Summary& summary = out.summary;
  if (out.stopped_early) {
    std::printf("plab verify: %s\n", report.inconsistencies.front().c_str());
    std::printf(
        "plab verify: %s holds a record plab could not have written; its records were "
        "not audited further\n",
        dir.c_str());
    return kExitViolation;
  }
  if (out.replay_skipped) {
    std::fprintf(stderr,
                 "plab: note: --replay skipped: the folder's records are not the whole "
                 "experiment (below)\n");
  } else if (out.replay) {
    std::printf("plab verify: replayed %zu of %zu records in %.3g s; %zu identical byte for byte\n",
                out.replay->replayed, out.replay->records, out.replay_seconds, out.replay->matched);
  }
  std::fputs(verification_table(summary, table_width).c_str(), stdout);
  std::printf("plab verify: %s: %s\n", dir.c_str(), out.audit.runs_line().c_str());
  for (const std::string& n : out.audit.notes) std::fprintf(stderr, "plab: note: %s\n", n.c_str());
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
  // The folder's own inconsistencies (records missing or extra, the digest chain).
  for (const std::string& i : report.inconsistencies) std::printf("plab verify: %s\n", i.c_str());
  if (!report.differences.empty()) {
    std::printf("plab verify: %s holds recorded values that differ from their recomputation\n",
                dir.c_str());
  }
  if (out.verdict != "clean") return kExitViolation;
  print_clean(summary);
  return kExitSuccess;
}

}  // namespace plab::cli
